"""An append-only JSON Lines file that many processes can share (seed 001 traces, seed 004 per-user logs).

Each :meth:`JsonlStore.append` writes one whole line under a cross-process lock (``<path>.lock``).  When the
file has grown to ``max_bytes`` it is first archived as ``<name>.<UTC stamp>.gz`` and only the newest ``keep``
archives are kept.  A ``<name>.<UTC stamp>.gz.tmp`` left by a writer killed mid-rotation is deleted (under the lock,
where no live rotation can own it) on the store's first append and at every rotation.  Records are redacted before
they touch the disk.  Failures are logged, never raised.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import logging
import math
import os
import re
import shutil
from collections.abc import Iterable, Iterator, Mapping
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from filelock import FileLock

from agentcore.util.clock import to_iso, utc_now, utc_stamp
from agentcore.util.redact import Redactor, default_redactor

__all__ = ["JsonlStore"]

logger = logging.getLogger("agentcore.trace")

_STAMP_RE = r"\d{8}T\d{12}Z"


def _jsonable_floats(data: Any) -> Any:
    """Replace NaN and infinities (not valid JSON) by their names, recursively."""
    if isinstance(data, float) and not math.isfinite(data):
        return str(data)
    if isinstance(data, dict):
        return {k: _jsonable_floats(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_jsonable_floats(v) for v in data]
    return data


def _to_jsonable(obj: Any) -> Any:
    """JSON stand-ins for common non-JSON values (the ``default`` hook of ``json.dumps``)."""
    if isinstance(obj, datetime):
        return to_iso(obj) if obj.tzinfo is not None else obj.isoformat()
    if isinstance(obj, date):
        return obj.isoformat()
    if isinstance(obj, set | frozenset):
        return sorted(obj, key=repr)
    if isinstance(obj, bytes):
        return obj.decode("utf-8", errors="replace")
    model_dump = getattr(obj, "model_dump", None)  # pydantic models, without importing pydantic
    if callable(model_dump):
        try:
            return model_dump(mode="json")
        except Exception:
            return str(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.asdict(obj)
    return str(obj)


class JsonlStore:
    """One JSON Lines file with locking, size rotation to gzip archives, and retention.

    Args:
        path: the live file, e.g. ``logs/reasoning/agent-1.jsonl``; parent directories are created on write.
        max_bytes: archive the live file before an append once it is at least this large.
        keep: how many archives to keep (the oldest beyond that are deleted); ``0`` keeps none.
        lock_timeout: seconds to wait for the lock before giving up on an append.
        fsync: flush each line to the disk before releasing the lock (slower, survives power loss).
        redactor: the redactor for records (default: the process-wide one).

    Raises:
        ValueError: ``max_bytes`` < 1 or ``keep`` < 0.
    """

    def __init__(
        self,
        path: Path | str,
        *,
        max_bytes: int = 5 * 1024 * 1024,
        keep: int = 10,
        lock_timeout: float = 30.0,
        fsync: bool = False,
        redactor: Redactor | None = None,
    ) -> None:
        if max_bytes < 1:
            raise ValueError(f"max_bytes must be >= 1, got {max_bytes}")
        if keep < 0:
            raise ValueError(f"keep must be >= 0, got {keep}")
        self.path = Path(path)
        self.max_bytes = max_bytes
        self.keep = keep
        self.fsync = fsync
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        self._lock = FileLock(self.lock_path, timeout=lock_timeout)
        self._redactor = redactor
        self._archive_re = re.compile(rf"^{re.escape(self.path.name)}\.({_STAMP_RE})\.gz\Z")
        self._orphan_re = re.compile(rf"^{re.escape(self.path.name)}\.{_STAMP_RE}\.gz\.tmp\Z")
        self._orphans_checked = False

    def __repr__(self) -> str:
        return f"JsonlStore({str(self.path)!r}, max_bytes={self.max_bytes}, keep={self.keep})"

    @property
    def redactor(self) -> Redactor:
        """The redactor applied to records."""
        return self._redactor or default_redactor()

    # --- writing ---------------------------------------------------------------------------------

    def serialize(self, record: Mapping[str, Any]) -> bytes:
        """The redacted UTF-8 JSON line for ``record`` (ends with ``\\n``).

        Aware datetimes become UTC ISO strings with ``Z``, pydantic models and dataclasses become objects,
        sets become lists, anything else JSON cannot hold becomes ``str(value)``; NaN and infinities become
        ``"nan"``/``"inf"``; a record with a string UTF-8 cannot hold (a lone surrogate) is written with ASCII
        escapes (``\\ud83d``), read back as it was.

        Raises:
            Exception: the record cannot be serialised (``RecursionError`` for a circular reference, or
                whatever a value's ``__str__`` raises).
        """
        redactor = self.redactor

        def default(obj: Any) -> Any:
            return _jsonable_floats(redactor.redact_data(_to_jsonable(obj)))

        data = _jsonable_floats(redactor.redact_data(record))
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, default=default)
        try:
            return (text + "\n").encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate (half an emoji a model wrote as \ud83d): escaped, not lost
            return (json.dumps(data, ensure_ascii=True, allow_nan=False, default=default) + "\n").encode("ascii")

    def append(self, record: Mapping[str, Any]) -> bool:
        """Append ``record`` as one line; rotate first if the file is at least ``max_bytes``.

        Blocking (file lock and disk I/O); from async code use ``await asyncio.to_thread(store.append, r)``
        where the latency matters.

        Returns:
            ``True`` when the line was written; ``False`` (and an error in the ``agentcore.trace`` log)
            when serialisation or any file operation failed.  Never raises.
        """
        try:
            line = self.serialize(record)
        except Exception as exc:  # whatever a value's __str__ or model_dump raises must not reach the caller
            logger.error("JsonlStore.append // Serialization error: %s: %s: %s", self.path, type(exc).__name__, exc)
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._lock:
                if not self._orphans_checked:
                    self._remove_orphans()
                self._rotate_if_needed()
                self._write_line(line)
        except Exception as exc:
            logger.error("JsonlStore.append // Write error: %s: %s", self.path, exc, exc_info=True)
            return False
        return True

    def _write_line(self, line: bytes) -> None:
        fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            size = os.fstat(fd).st_size
            if size:
                # A writer killed mid-line left a torn tail: start on a fresh line so this record stays whole.
                os.lseek(fd, size - 1, os.SEEK_SET)
                if os.read(fd, 1) != b"\n":
                    line = b"\n" + line
            view = memoryview(line)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            if self.fsync:
                os.fsync(fd)
        finally:
            os.close(fd)

    def _rotate_if_needed(self) -> None:
        """Archive the live file when it is too big (caller holds the lock); errors are logged, not raised."""
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return
        if size < self.max_bytes:
            return
        self._remove_orphans()
        archive = self._new_archive_path()
        tmp = archive.with_name(archive.name + ".tmp")
        try:
            with self.path.open("rb") as src, gzip.open(tmp, "wb") as dst:
                shutil.copyfileobj(src, dst)
            os.replace(tmp, archive)
            self.path.unlink()
        except OSError as exc:
            # Keep appending to the big file rather than lose the record.
            logger.error("JsonlStore.rotate // Rotation error: %s: %s", self.path, exc, exc_info=True)
            tmp.unlink(missing_ok=True)
            return
        logger.debug("JsonlStore.rotate // Archived %s (%d bytes) to %s", self.path, size, archive.name)
        self._apply_retention()

    def _remove_orphans(self) -> None:
        """Delete ``*.gz.tmp`` files of this store (caller holds the lock, so no rotation in progress owns one)."""
        self._orphans_checked = True
        try:
            entries = list(self.path.parent.iterdir())
        except OSError:
            return
        for entry in entries:
            if self._orphan_re.match(entry.name):
                try:
                    entry.unlink()
                except OSError as exc:
                    logger.error("JsonlStore.rotate // Cannot delete orphan %s: %s", entry, exc)
                else:
                    logger.warning("JsonlStore.rotate // Deleted %s left by an interrupted rotation", entry.name)

    def _new_archive_path(self) -> Path:
        now = utc_now()
        while True:
            candidate = self.path.with_name(f"{self.path.name}.{utc_stamp(now)}.gz")
            if not candidate.exists():
                return candidate
            now += timedelta(microseconds=1)

    def _apply_retention(self) -> None:
        archives = self.archives()
        excess = archives[: max(len(archives) - self.keep, 0)]
        for old in excess:
            try:
                old.unlink()
            except OSError as exc:
                logger.error("JsonlStore.retention // Cannot delete %s: %s", old, exc)

    # --- reading ---------------------------------------------------------------------------------

    def archives(self) -> list[Path]:
        """The gzip archives of this file, oldest first."""
        try:
            entries = list(self.path.parent.iterdir())
        except OSError:
            return []
        found = [(m.group(1), p) for p in entries if (m := self._archive_re.match(p.name))]
        return [p for _, p in sorted(found)]

    def read(self, include_archives: bool = False) -> Iterator[dict[str, Any]]:
        """Yield the records in write order (archives first when ``include_archives``).

        Lines that are not JSON objects (a torn last line, a partial write) are skipped with a warning.
        A missing file yields nothing; an unreadable file or archive is skipped with a warning.
        """
        if include_archives:
            for archive in self.archives():
                try:
                    with gzip.open(archive, "rb") as gz:
                        yield from self._read_lines(gz, archive)
                except (OSError, EOFError) as exc:
                    logger.warning("JsonlStore.read // Cannot read archive %s: %s", archive, exc)
        try:
            fh = self.path.open("rb")
        except FileNotFoundError:
            return
        except OSError as exc:
            logger.warning("JsonlStore.read // Cannot read %s: %s", self.path, exc)
            return
        with fh:
            yield from self._read_lines(fh, self.path)

    @staticmethod
    def _read_lines(fh: Iterable[bytes], source: Path) -> Iterator[dict[str, Any]]:
        # Binary lines split on b"\n" only: U+2028 and friends inside strings are not line breaks here.
        for number, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            try:
                value = json.loads(raw)
            except ValueError:
                logger.warning("JsonlStore.read // Skipping torn line %d of %s", number, source)
                continue
            if isinstance(value, dict):
                yield value
            else:
                logger.warning("JsonlStore.read // Skipping non-object line %d of %s", number, source)
