"""Top-level Bitrix24 param names are case-insensitive (``fields`` / ``FIELDS``, ``id`` / ``ID``, ``cmd`` / ``CMD``).

Every reader of ACTION params (the safety policy, the state sync, the summaries, the batch parser) looks names up
through :func:`param`, and the policy refuses params in which two names differ only in case
(:func:`case_collisions`): which of them a portal uses is up to the portal, so a step carrying both could show the
policy one value and run with the other.
"""

from __future__ import annotations

from typing import Any

__all__ = ["case_collisions", "param"]


def param(params: dict[str, Any], name: str, default: Any = None) -> Any:
    """The value of ``name`` (lower-case) in ``params``, whatever the case of the key; ``default`` when absent."""
    for key, value in params.items():
        if str(key).lower() == name:
            return value
    return default


def case_collisions(params: dict[str, Any]) -> list[str]:
    """Names that appear more than once in ``params`` when case is ignored (lower-cased, in order)."""
    seen: set[str] = set()
    repeated: list[str] = []
    for key in params:
        lowered = str(key).lower()
        if lowered in seen and lowered not in repeated:
            repeated.append(lowered)
        seen.add(lowered)
    return repeated
