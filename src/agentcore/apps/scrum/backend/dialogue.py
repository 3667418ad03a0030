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

:func:`declines_asked_task` tells whether the answer to the bot's own question «к какой задаче относится …?» says
there is none («без задачи», «нет задачи», «не относится ни к какой задаче»): a valid answer, which the quality
retry must not send back as «Слишком общо … (желательно с ID задач)» (docs/scrum.md, «Seed ambiguity»).
"""

from __future__ import annotations

import re

__all__ = ["declines_asked_task", "is_new_daily"]

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

# A question of the bot about tasks: «К какой задаче относится блокер …? Напиши её ID», «Which task …?».
_ASKS_TASK = re.compile(r"(?<![\w])(?:задач\w*|task\w*|ID)(?![\w])", re.IGNORECASE)
# A task named as absent, by its grammar: a negation governing the noun «задача» («без задачи», «нет (такой)
# задачи», «ни к какой задаче», «не относится (ни к одной) задаче», «не привязан к задаче»), or the noun with «нет»
# after it («задачи (у него) нет»).
_NO_TASK = re.compile(
    r"(?<![\w])(?:без|нет|ни\s+к\s+\w+|не\s+(?:относ|привяз|связ)\w*(?:\s+\w+){0,3}?)\s+(?:\w+\s+)?задач\w*"
    r"|(?<![\w])задач\w*\s+(?:\w+\s+){0,2}?нет(?![\w])",
    re.IGNORECASE,
)


def declines_asked_task(question: str, answer: str) -> bool:
    """Whether ``answer`` tells the bot's ``question`` about a task (which one a blocker or an item relates to)
    that there is none, naming no task id — a valid answer, stored with no related task.  Not for an answer that
    does not answer («не знаю», «как-то так»): that one stays subject to the seed's retry."""
    from agentcore.apps.scrum.task_ids import task_ids_in

    return bool(_ASKS_TASK.search(question)) and bool(_NO_TASK.search(answer)) and not task_ids_in(answer)


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
