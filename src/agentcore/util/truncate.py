"""Text helpers shared by traces, tool observations and message histories."""

from __future__ import annotations

__all__ = ["ELLIPSIS", "truncate"]

ELLIPSIS = "…"


def truncate(text: str, limit: int, *, marker: str = ELLIPSIS) -> str:
    """``text`` if it has at most ``limit`` characters, else its start plus ``marker``, ``limit`` characters in all.

    The one truncation rule of agentcore: reasoning traces (seed 001: tool results cut to 200 characters), tool
    previews and observations, history messages.  The marker tells a reader (or a model) that text is missing.

    Args:
        text: the text.
        limit: the longest result, in characters (``>= 0``); a limit shorter than the marker yields the marker cut
            to the limit.
        marker: appended when text is cut (``"…"`` by default; ``""`` for a bare cut).

    Raises:
        ValueError: ``limit`` is negative.
    """
    if limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    if len(text) <= limit:
        return text
    keep = max(limit - len(marker), 0)
    return (text[:keep] + marker)[:limit]
