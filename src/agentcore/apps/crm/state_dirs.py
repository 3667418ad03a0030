"""Which per-request state directories (``state_dir`` of ``POST /chat``) hold a user's sessions, so the inbox
(``GET /chat/confirmations``) lists their pending confirmations next to the default store's.

One marker file per (user, directory) under ``<data>/crm/@state_dirs/<user>/``, named by a hash of the directory and
holding its path relative to ``<data>/crm/``: written once, its time touched on each use, so several workers and a
restart see the same list and two requests never overwrite each other's entry.  At most :data:`MAX_DIRS` of the
newest are kept (a new marker removes the oldest beyond them) and listed; the index folder itself is no
``state_dir`` or ``log_dir`` (:meth:`StateDirIndex.refuse_inside`); a marker that no longer names a usable
directory inside ``<data>/crm/`` is skipped (every path is checked again with
:func:`~agentcore.apps.crm.paths.resolve_inside` on the way out).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
from pathlib import Path

from agentcore.apps.crm.errors import InputError
from agentcore.apps.crm.naming import safe_name
from agentcore.apps.crm.paths import resolve_inside
from agentcore.util.fileio import atomic_write_bytes

__all__ = ["MAX_DIRS", "StateDirIndex"]

MAX_DIRS = 64
"""How many of a user's state directories the inbox reads (the most recently used)."""


class StateDirIndex:
    """The state directories each user's requests have used.

    Args:
        root: ``<data>/crm``, the folder ``state_dir`` values resolve against.
    """

    def __init__(self, root: Path) -> None:
        self.root = root

    @property
    def folder(self) -> Path:
        """``<root>/@state_dirs``: the markers of every user."""
        return self.root / "@state_dirs"

    def _folder(self, owner: str) -> Path:
        return self.folder / safe_name(owner)

    def refuse_inside(self, path: Path, what: str) -> None:
        """Refuse a resolved ``state_dir``/``log_dir`` in the index folder (a session or log file there could stand
        for, or replace, a marker).

        Raises:
            InputError: ``path`` is the index folder or lies inside it.
        """
        if path.is_relative_to(self.folder.resolve()):
            raise InputError(f"{what}: каталог «{self.folder.name}» служебный, укажите другой")

    async def remember(self, owner: str, path: Path) -> None:
        """Note that ``owner``'s session lives in ``path`` (a resolved directory inside the root); never fails a
        request (a marker that cannot be written only leaves the directory out of the inbox)."""
        relative = path.relative_to(self.root.resolve()).as_posix() or "."
        digest = hashlib.sha256(relative.encode("utf-8", "surrogatepass")).hexdigest()[:24]
        marker = self._folder(owner) / f"{digest}.json"

        def write() -> None:
            if marker.exists():
                os.utime(marker)
                return
            atomic_write_bytes(marker, json.dumps({"state_dir": relative}).encode("utf-8"), make_parents=True)
            for old in sorted(marker.parent.glob("*.json"), key=_mtime, reverse=True)[MAX_DIRS:]:
                if old != marker:
                    old.unlink(missing_ok=True)

        with contextlib.suppress(OSError):
            await asyncio.to_thread(write)

    async def adopt(self, old_owner: str, new_owner: str) -> None:
        """Move ``old_owner``'s markers to ``new_owner`` (a marker ``new_owner`` has already is kept) and remove the
        old folder (an API key's earlier, unkeyed owner id: :mod:`~agentcore.apps.crm.principals`); never fails a
        request."""
        old, new = self._folder(old_owner), self._folder(new_owner)

        def move() -> None:
            if old == new or not old.is_dir():
                return
            new.mkdir(parents=True, exist_ok=True)
            for marker in old.iterdir():
                target = new / marker.name
                if marker.suffix == ".json" and not target.exists():
                    os.replace(marker, target)  # keeps the marker's time: the newest stay listed
                else:
                    marker.unlink(missing_ok=True)
            old.rmdir()

        with contextlib.suppress(OSError):
            await asyncio.to_thread(move)

    async def dirs(self, owner: str) -> list[str]:
        """``owner``'s state directories (relative to the root), the most recently used first."""

        def read() -> list[str]:
            try:
                markers = sorted(self._folder(owner).glob("*.json"), key=_mtime, reverse=True)[:MAX_DIRS]
            except OSError:
                return []
            found = []
            for marker in markers:
                try:
                    value = json.loads(marker.read_bytes()).get("state_dir")
                    if isinstance(value, str):
                        path = resolve_inside(self.root, value, "state_dir")
                        self.refuse_inside(path, "state_dir")  # a marker written before the index was refused
                        if path.is_dir():
                            found.append(value)
                except (OSError, ValueError, AttributeError, InputError):
                    continue  # removed meanwhile, not ours, or no longer a directory inside the root
            return found

        return await asyncio.to_thread(read)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
