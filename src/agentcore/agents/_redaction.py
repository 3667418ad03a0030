"""A run's trace without the text of the claims its answer check removed (issue 18: a removed claim's text goes only
to the final event's ``metadata.removed_claims``).

The model wrote the removed claim, the judge was asked about it, a rewrite request quoted it: the recorded model
calls (:mod:`agentcore.llm._calls`) and the step events hold it.  Before the run's record is written, every
occurrence of a removed claim — its words in order, whatever citation markers, punctuation or spacing stand between
them — is replaced by :data:`REDACTED` in the model calls' messages and replies and in every step event before the
final one (whose answer holds no removed claim, and whose ``metadata.removed_claims`` is where they belong).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["REDACTED", "redact_removed_claims"]

REDACTED = "[утверждение снято проверкой]"
"""What stands in the trace where a removed claim's text stood."""

_BETWEEN = r"(?:[\W_]|\[[^\]\n]{0,40}\])+"  # spaces, punctuation and citation markers between two words


def _pattern(claims: list[str]) -> re.Pattern[str] | None:
    """One pattern matching any of ``claims`` word by word (longest first); ``None`` for no claim with words."""
    alternatives = []
    for claim in sorted(set(claims), key=len, reverse=True):
        words = re.findall(r"\w+", claim)
        if words:
            alternatives.append(_BETWEEN.join(re.escape(word) for word in words))
    if not alternatives:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)", re.IGNORECASE)


def redact_removed_claims(events: list[dict[str, Any]], calls: list[dict[str, Any]]) -> None:
    """Replace, in place, the removed claims of the run's ``final`` event (``metadata.removed_claims``) in
    ``events`` and ``calls`` (the records' dicts) by :data:`REDACTED`; ``removed_claims`` itself is kept."""
    final = next((e for e in reversed(events) if e.get("type") == "final"), None)
    removed = (final or {}).get("metadata", {}).get("removed_claims") or []
    texts = [r["claim"] for r in removed if isinstance(r, dict) and isinstance(r.get("claim"), str)]
    pattern = _pattern(texts)
    if pattern is None or final is None:
        return
    for i, event in enumerate(events):
        if event is not final:  # the answer shown holds no removed claim; removed_claims is where they belong
            events[i] = _redacted(event, pattern)
    for i, call in enumerate(calls):
        calls[i] = _redacted(call, pattern)


def _redacted(value: Any, pattern: re.Pattern[str]) -> Any:
    if isinstance(value, str):
        return pattern.sub(REDACTED, value)
    if isinstance(value, dict):
        return {key: _redacted(item, pattern) for key, item in value.items()}
    if isinstance(value, list):
        return [_redacted(item, pattern) for item in value]
    return value
