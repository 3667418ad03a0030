"""Per-request directory overrides (the seed's ``state_dir`` / ``log_dir`` of ``POST /chat``), confined to the
configured data root: no ``..``, no absolute path elsewhere, no symlink that leads out."""

from __future__ import annotations

from pathlib import Path

from agentcore.apps.crm.errors import InputError

__all__ = ["resolve_inside"]


def resolve_inside(root: Path, value: str, what: str) -> Path:
    """``value`` (relative to ``root``, or absolute inside it) resolved with symlinks followed.

    Raises:
        InputError: empty, a NUL byte, a ``..`` component, or a path that resolves outside ``root``.
    """
    text = value.strip()
    if not text or "\x00" in text:
        raise InputError(f"{what}: пустой или недопустимый путь")
    path = Path(text)
    if ".." in path.parts:
        raise InputError(f"{what}: путь не должен содержать «..»")
    base = root.resolve()
    resolved = (path if path.is_absolute() else base / path).resolve()
    if not resolved.is_relative_to(base):
        raise InputError(f"{what}: путь должен лежать внутри каталога данных")
    return resolved
