"""A run's trace without the text of the claims its answer check removed (issue 18: a removed claim's text goes only
to the final event's ``metadata.removed_claims``).

The model wrote the removed claim, the judge was asked about it, a rewrite request quoted it: the recorded model
calls (:mod:`agentcore.llm._calls`) and the step events hold it.  Before the run's record is written, every
occurrence of a removed claim as a claim — its words in order, whatever citation markers, punctuation or spacing
stand between them, starting and ending a line, list item or sentence — is replaced by :data:`REDACTED` in the model
calls' replies and the messages that can quote it, and in the step events before the final one (whose answer holds no
removed claim, and whose ``metadata.removed_claims`` is where they belong); the system prompt, the user's question and
tool results are left as they were sent (review rv2 F11: a short claim «Да.» was wiped from all of them).  A claim of
at least :data:`QUOTED_WORDS` words is also found inside a sentence («Думаю, что заявление подаётся за 5 дней …»,
«Ответ: за 5 дней …»): that whole sentence is replaced (review rv3 F3).  Words are compared without case, «ё» read as
«е», whatever spaces, punctuation or citation markers stand between them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

__all__ = ["QUOTED_WORDS", "REDACTED", "claim_words", "redact_claims", "redact_removed_claims"]

REDACTED = "[утверждение снято проверкой]"
"""What stands in the trace where a removed claim's text stood."""

_MARKER = re.compile(r"\[[^\]\n]{0,40}\]")  # a citation marker: «[1]», «[Источник 2]»
_BETWEEN = r"(?:[\W_]|\[[^\]\n]{0,40}\])+"  # spaces, punctuation and citation markers between two words


_BEFORE = r"(?P<pre>(?:^|[.!?…:;(«\"])[ \t]*(?:(?:[-*•]|\d+[.)])[ \t]+)?)"  # a claim starts a line, item or sentence
_AFTER = r"(?=(?:[ \t]*\[[^\]\n]{0,40}\])*[ \t]*(?:[.!?…;)»\"]|$))"  # and ends one (markers, then its end)
_CONTROL = "Observation: Контроль:"  # the control's own line quoting the unsupported claims (the rest: a tool result)


QUOTED_WORDS = 3
"""A removed claim of at least this many words is redacted wherever a sentence holds it; a shorter one («Да.», «Нет,
нельзя.») only where it stands as a whole claim, so that it is not found inside other text."""

_LEAD = r"(?:[^.!?…\n]|\.(?=\d))*?"  # the rest of a sentence before a claim it holds («5.2» ends none)
_TAIL = r"(?:[^.!?…\n]|\.(?=\d))*"  # and after it, up to the sentence's end


def claim_words(claim: str) -> tuple[str, ...]:
    """The words of ``claim`` as this module compares them: no citation marker, lower case, «ё» as «е»."""
    return tuple(re.findall(r"\w+", _MARKER.sub(" ", claim).lower().replace("ё", "е")))


def _word(word: str) -> str:
    return "".join("[её]" if char in "её" else re.escape(char) for char in word.lower())


def _pattern(claims: list[str], *, within: bool = False) -> re.Pattern[str] | None:
    """One pattern matching any of ``claims`` word by word (longest first) as a whole claim — starting a line, a list
    item or a sentence and ending one — so that a short claim («Да.», «Отпуск») is not matched inside other text;
    ``within``: the claims of :data:`QUOTED_WORDS` words or more anywhere in a sentence, the whole sentence matched.
    ``None`` for no such claim."""
    alternatives = []
    for claim in sorted(set(claims), key=len, reverse=True):
        words = re.findall(r"\w+", _MARKER.sub(" ", claim))
        if words and (not within or len(words) >= QUOTED_WORDS):
            alternatives.append(_BETWEEN.join(_word(word) for word in words))
    if not alternatives:
        return None
    claim = r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)"
    if within:
        return re.compile(r"(?P<pre>(?:^|[.!?…](?!\d))[ \t]*)" + _LEAD + claim + _TAIL, re.IGNORECASE | re.M)
    return re.compile(_BEFORE + claim + _AFTER, re.IGNORECASE | re.M)


def _patterns(claims: Sequence[str]) -> list[re.Pattern[str]]:
    """The claims as whole claims, then inside a sentence (see :func:`_pattern`) — the one rule of the trace and of
    the live thought."""
    return [p for p in (_pattern(list(claims)), _pattern(list(claims), within=True)) if p is not None]


def redact_claims(text: str, claims: Sequence[str]) -> str:
    """``text`` with every occurrence of one of ``claims`` as a claim (see :func:`_pattern`) replaced by
    :data:`REDACTED` — the rule of the trace, applied live to the model's thought of a FinalAnswer step once its
    answer is checked (:meth:`agentcore.agents.react.ReActAgent.release_thought`)."""
    return _redacted(text, _patterns(claims), "")


def redact_removed_claims(
    events: list[dict[str, Any]], calls: list[dict[str, Any]], question: str | None = None
) -> None:
    """Replace, in place, the removed claims of the run's ``final`` event (``metadata.removed_claims``) in
    ``events`` and ``calls`` (the records' dicts) by :data:`REDACTED`; ``removed_claims`` itself is kept.

    Only texts that can hold the claim as a claim are touched: the model's replies and tool calls, the assistant
    messages, the control's line quoting unsupported claims, other requests (judge, rewrite) and the step events.
    Never the system prompt, the user's ``question``, tool results (``Observation:`` messages, tool messages,
    ``observation`` events) nor the final event (the answer shown)."""
    final = next((e for e in reversed(events) if e.get("type") == "final"), None)
    removed = (final or {}).get("metadata", {}).get("removed_claims") or []
    texts = [r["claim"] for r in removed if isinstance(r, dict) and isinstance(r.get("claim"), str)]
    patterns = _patterns(texts)
    if not patterns or final is None:
        return
    keep = (question or "").strip()
    for i, event in enumerate(events):
        if event is not final and event.get("type") != "observation":
            events[i] = _redacted(event, patterns, keep)
    for call in calls:
        for key in ("reply", "tool_calls"):
            if key in call:
                call[key] = _redacted(call[key], patterns, keep)
        messages = call.get("messages")
        if isinstance(messages, list):
            call["messages"] = [_message(m, patterns, keep) for m in messages]


def _message(message: Any, patterns: list[re.Pattern[str]], keep: str) -> Any:
    """A recorded message with the removed claims redacted where it can hold them as claims (see above)."""
    if not isinstance(message, dict) or message.get("role") in ("system", "tool"):
        return message
    content = message.get("content")
    if message.get("role") == "user" and isinstance(content, str):
        if content.startswith(_CONTROL):  # its first line quotes the claims; the passages after it stay
            head, newline, rest = content.partition("\n")
            return {**message, "content": _redacted(head, patterns, keep) + newline + rest}
        if content.startswith("Observation:"):
            return message
    return _redacted(message, patterns, keep)


def _redacted(value: Any, patterns: list[re.Pattern[str]], keep: str) -> Any:
    if isinstance(value, str):
        if keep and value.strip() == keep:  # the user's question stays as asked
            return value
        for pattern in patterns:
            value = pattern.sub(lambda m: m.group("pre") + REDACTED, value)
        return value
    if isinstance(value, dict):
        return {key: _redacted(item, patterns, keep) for key, item in value.items()}
    if isinstance(value, list):
        return [_redacted(item, patterns, keep) for item in value]
    return value
