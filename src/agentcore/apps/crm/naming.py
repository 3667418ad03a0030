"""File and key names derived from user-supplied ids (user ids, session ids) that are always safe.

An id made of ``[A-Za-z0-9_.-]`` (1-64 characters, not starting with a dot) is used as it is, so files stay
readable; anything else becomes a slug plus a digest of the original, so ``../x`` or ``a/b`` can never leave the
directory and two different ids never share a name.
"""

from __future__ import annotations

import hashlib
import re

__all__ = ["safe_name"]

_SAFE = re.compile(r"[A-Za-z0-9_.-]{1,64}")
_UNSAFE_CHARS = re.compile(r"[^A-Za-z0-9_-]+")


def safe_name(value: str) -> str:
    """A filesystem- and key-safe name for ``value`` (see the module docstring)."""
    if _SAFE.fullmatch(value) and not value.startswith("."):
        return value
    slug = _UNSAFE_CHARS.sub("_", value).strip("_")[:40] or "id"
    digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{slug}~{digest}"
