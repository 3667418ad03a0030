"""Per-user JSONL logs of every turn (seed 004, "Логирование"), on the core :class:`~agentcore.trace.JsonlStore`.

One file per user: ``<log_dir>/crm/<user>.jsonl``.  Each append happens under a cross-process lock; a file of
5 MB or more is archived first as ``<user>.jsonl.<UTC stamp>.gz`` and at most 10 archives are kept; timestamps are
UTC ISO 8601 with ``Z``.  Every record passes through the core redactor (the webhook token, OAuth tokens and API keys
are registered as secrets), and a failed write is logged and never breaks a reply.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from agentcore.apps.crm.naming import safe_name
from agentcore.trace.jsonl import JsonlStore
from agentcore.util.clock import utc_now_iso
from agentcore.util.redact import Redactor

__all__ = ["InteractionLogger"]

_MAX_OPEN_STORES = 512


class InteractionLogger:
    """Appends one record per turn to the user's JSONL file.

    Args:
        log_dir: the directory of the per-user files (created on the first write).
        max_bytes: rotation threshold (5 MB).
        keep: archives kept per user (10).
        redactor: the redactor for records (default: the process-wide one).
    """

    def __init__(
        self,
        log_dir: Path | str,
        *,
        max_bytes: int = 5 * 1024 * 1024,
        keep: int = 10,
        redactor: Redactor | None = None,
    ) -> None:
        self.log_dir = Path(log_dir)
        self.max_bytes = max_bytes
        self.keep = keep
        self._redactor = redactor
        self._stores: OrderedDict[str, JsonlStore] = OrderedDict()
        self._lock = threading.Lock()

    def path_for(self, user_id: str) -> Path:
        """The live log file of ``user_id``."""
        return self.log_dir / f"{safe_name(user_id)}.jsonl"

    def store_for(self, user_id: str) -> JsonlStore:
        """The JSONL store of ``user_id`` (kept open for reuse, least recently used dropped)."""
        name = safe_name(user_id)
        with self._lock:
            store = self._stores.pop(name, None)
            if store is None:
                store = JsonlStore(
                    self.log_dir / f"{name}.jsonl", max_bytes=self.max_bytes, keep=self.keep, redactor=self._redactor
                )
            self._stores[name] = store
            while len(self._stores) > _MAX_OPEN_STORES:
                self._stores.popitem(last=False)
            return store

    def log(self, user_id: str, record: Mapping[str, Any]) -> bool:
        """Append ``record`` (with ``ts`` and ``user_id`` added) to the user's log.

        Returns:
            True when written; False when the write failed (already logged by the store). Never raises.
        """
        entry = {"ts": utc_now_iso(), "user_id": user_id, **record}
        return self.store_for(user_id).append(entry)

    async def alog(self, user_id: str, record: Mapping[str, Any]) -> bool:
        """:meth:`log` off the event loop (file lock and disk I/O)."""
        return await asyncio.to_thread(self.log, user_id, record)

    def read(self, user_id: str, include_archives: bool = False) -> list[dict[str, Any]]:
        """The user's records in write order."""
        return list(self.store_for(user_id).read(include_archives=include_archives))
