"""Per-request directory overrides (the seed's ``state_dir`` / ``log_dir`` of ``POST /chat``), confined to the CRM's
own folder ``<data>/crm/``: no ``..``, no absolute path elsewhere, no symlink that leads out — so no request can
write a file of another system (the RAG index, the research cache, Scrum's data) — and no name the file system
would refuse for its length (told as a 400 with the limit before anything runs, never a failed save or a lost audit
record after the turn)."""

from __future__ import annotations

import os
from pathlib import Path

from agentcore.apps.crm.errors import InputError

__all__ = ["MAX_NAME_BYTES", "crm_root", "resolve_inside"]

# The usual limit of one path component (ext4, xfs, btrfs, tmpfs, APFS).
MAX_NAME_BYTES = 255
# The longest override path accepted: PATH_MAX (4096) minus room for <owner>/<session>.json and lock files.
MAX_PATH_BYTES = 3800


def crm_root(data_dir: Path) -> Path:
    """``<data>/crm``: the folder every override resolves against."""
    return data_dir / "crm"


def _name_max(base: Path) -> int:
    probe = base
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    try:
        return min(MAX_NAME_BYTES, os.pathconf(probe, "PC_NAME_MAX"))
    except (OSError, ValueError):
        return MAX_NAME_BYTES


def resolve_inside(root: Path, value: str, what: str) -> Path:
    """``value`` (relative to ``root``, or absolute inside it) resolved with symlinks followed.

    Raises:
        InputError: empty, a NUL byte, a ``..`` component, a component or path too long for the file system, a path
            that resolves outside ``root``, or an existing file that is not a directory.
    """
    text = value.strip()
    if not text or "\x00" in text:
        raise InputError(f"{what}: пустой или недопустимый путь")
    path = Path(text)
    if ".." in path.parts:
        raise InputError(f"{what}: путь не должен содержать «..»")
    limit = _name_max(root)
    for part in path.parts:
        if len(part.encode("utf-8", "surrogatepass")) > limit:
            raise InputError(f"{what}: имя «{part[:40]}…» длиннее {limit} байт — предела файловой системы")
    base = root.resolve()
    resolved = (path if path.is_absolute() else base / path).resolve()
    if not resolved.is_relative_to(base):
        raise InputError(f"{what}: путь должен лежать внутри каталога CRM ({base.name}/ в каталоге данных)")
    if len(str(resolved).encode("utf-8", "surrogatepass")) > MAX_PATH_BYTES:
        raise InputError(f"{what}: путь длиннее {MAX_PATH_BYTES} байт")
    if resolved.exists() and not resolved.is_dir():
        raise InputError(f"{what}: «{resolved.name[:40]}» — файл, а не каталог")
    return resolved
