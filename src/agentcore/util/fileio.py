"""All-or-nothing file writes — the one implementation agentcore uses (the RAG store's manifest and knowledge base,
the CRM sessions and saved OAuth tokens)."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

__all__ = ["atomic_write_bytes"]


def atomic_write_bytes(path: Path, data: bytes, *, mode: int | None = None, make_parents: bool = False) -> None:
    """Write ``data`` to ``path`` so that a reader sees the old content or the new one, never a part.

    The bytes go to a temporary file in the same folder, are flushed to disk (``fsync``: a crash right after the
    switch must not bring old content back) and replace ``path`` with ``os.replace``.

    Args:
        path: the file to write.
        data: its new content.
        mode: permission bits of the new file (e.g. ``0o600`` for secrets); by default the process umask applies.
        make_parents: create missing parent folders first.

    Raises:
        OSError: the write failed; ``path`` is unchanged and no temporary file is left behind.
    """
    if make_parents:
        path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        with open(tmp, "wb") as handle:
            if mode is not None:
                os.chmod(tmp, mode)  # before any byte is written: a secret is never readable by others
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
