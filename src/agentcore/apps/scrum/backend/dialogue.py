"""Which conversation a member's message belongs to while a clarifying question is pending.

A member who was asked «К какой задаче относится блокер …?» may answer it — or may simply send the next daily
(the next morning, or after giving up on the question).  Merging a new daily into the old one pins the new
daily's task ids to the old daily's blockers: the red-team case pinned a blocker to a finished task and escalated
it.  :func:`is_new_daily` tells the two apart, before any model call, so the same rule holds for every provider:

* a new daily tells its own story — both what was done (yesterday) and what is planned (today), each named by a
  section word or header («вчера …», «сегодня …», «Yesterday:», «План:»), and both found by the daily parser;
* an answer starts by answering: a task id, «это …», «к …», «относится …», «без задачи» — even when it goes on
  to mention yesterday and today («к TASK-4, я её вчера начал, сегодня продолжу» answers the question).

Coupling: the section split comes from :func:`agentcore.apps.scrum.daily_parser.parse` (owned by the parser's
maintainers); this module only reads ``yesterday`` / ``today`` of its result.
"""

from __future__ import annotations

import re

__all__ = ["is_new_daily"]

_YESTERDAY = re.compile(
    r"(?<![\w])(?:вч[еи]ра\w*|вчр\w*|yesterday|сделано|сделал[аи]?|done|на\s+прошлой\s+неделе|в\s+пятницу)(?![\w])",
    re.IGNORECASE,
)
_TODAY = re.compile(
    r"(?<![\w])(?:сегодня|сёдня|седня|сгодня|today|план\w*|plans?|буду|собираюсь|займусь|in\s+progress)(?![\w])",
    re.IGNORECASE,
)
_ANSWER_START = re.compile(
    r"^\s*(?:[-*•]\s*)?(?:[A-Za-z][A-Za-z0-9_]{0,19}-\d{1,9}\b|#\d+|это\b|к\s|ко\s|относится|относятся|"
    r"без\s+задач|не\s+относится|никакой|ни\s+к\s+какой|задача\b|да\b|нет\b)",
    re.IGNORECASE,
)


def is_new_daily(message: str) -> bool:
    """Whether ``message`` is a daily of its own rather than the answer to a pending clarifying question.

    True when the message names both a yesterday and a today section, the parser finds work in both, and the
    message does not open as an answer (see the module docstring).
    """
    text = message.strip()
    if not text or _ANSWER_START.match(text):
        return False
    if not (_YESTERDAY.search(text) and _TODAY.search(text)):
        return False
    # Imported here: the parser compiles hundreds of patterns at import, and every process that opens the backend
    # (`agentcore serve`, the Telegram bot) imports this module long before, if ever, a daily arrives.
    from agentcore.apps.scrum.daily_parser import parse

    parsed = parse(text)
    return bool(parsed.yesterday and parsed.today)
