"""Which conversation a member's message belongs to while a clarifying question is pending.

A member who was asked «К какой задаче относится блокер …?» may answer it — or may simply send the next daily
(the next morning, or after giving up on the question).  Merging a new daily into the old one pins the new
daily's task ids to the old daily's blockers: the red-team case pinned a blocker to a finished task and escalated
it.  :func:`is_new_daily` tells the two apart, before any model call, so the same rule holds for every provider:

* a new daily tells its own story — both what was done (yesterday) and what is planned (today), each named by a
  section word or header («вчера …», «сегодня …», «Yesterday:», «План:»), and both found by the daily parser;
* an answer starts by answering: a task id, «это …», «к …», «относится …», «без задачи» — even when it goes on
  to mention yesterday and today («к TASK-4, я её вчера начал, сегодня продолжу» answers the question).

:func:`read_reply` goes further (session dlg, audit gap G3): a message that is not a new daily is the answer only
when it answers *that* question.  A reply that adds statements of its own which the question did not ask for —
another finished task («Забыл: вчера ещё TASK-2 закрыла»), a plan for today when the plan was not asked about, a
blocker about something else («Ещё блокер: нет ключа API по TASK-3») — is an **amendment**: its own content is read
on its own and added to the pending daily (:func:`combined_daily`; a new blocker judged by its own words, with its
own task), the pending blockers keep what they had, and the question stays open, said so to the member
(:data:`AMENDED_NOTE`).  The ids an amendment names are its own items' ids: none of them answers the question.
A reply that answers and then amends («TASK-6. Ещё блокер: нет ключа API по TASK-3») is cut in two by
:func:`split_reply` (session mc): the answer resolves the question, the amendment is read and added the same way.

Coupling: the section split comes from :func:`agentcore.apps.scrum.daily_parser.parse` (owned by the parser's
maintainers); this module only reads ``yesterday`` / ``today`` of its result.

:func:`declines_asked_task` tells whether the answer to the bot's own question «к какой задаче относится …?» says
there is none («без задачи», «нет задачи», «не относится ни к какой задаче»): a valid answer, which the quality
retry must not send back as «Слишком общо … (желательно с ID задач)» (docs/scrum.md, «Seed ambiguity»).
"""

from __future__ import annotations

import re
from typing import Any, Literal

__all__ = [
    "AMENDED_NOTE",
    "SUPERSEDED_NOTE",
    "Reply",
    "amendment_words",
    "combined_daily",
    "declines_asked_task",
    "dialogue_note",
    "is_new_daily",
    "read_reply",
    "split_reply",
]

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


Reply = Literal["answer", "amendment", "new_daily"]
"""What a message is while a clarifying question is pending (:func:`read_reply`)."""

SUPERSEDED_NOTE = "Прежний вопрос («{question}») закрыт: это новый daily, он разобран отдельно."
"""What the member is told when their message closed the pending question as a new daily (CLI, Telegram)."""
AMENDED_NOTE = "Добавил к daily: {added}. На прежний вопрос это не ответ — он остаётся открытым."
"""What the member is told when their message added to the pending daily without answering its question."""

# The start of a reply that answers by its first words: a task id, «это …», «к …», «относится …», «без задачи»
# («да»/«нет» alone are not here: «Нет ключа API по TASK-3» states a blocker).
_ANSWERS_AT_ONCE = re.compile(
    r"^\s*(?:[-*•]\s*)?(?:[A-Za-z][A-Za-z0-9_]{0,19}-\d{1,9}\b|#\d+|это\b|к\s|ко\s|относится|относятся|"
    r"без\s+задач|не\s+относится|никакой|ни\s+к\s+какой|нет\s+задач|задача\b|it'?s\s|task\b)",
    re.IGNORECASE,
)
# A blocker the reply introduces as another one: «ещё блокер», «новый блокер», «другой блокер», «также …»,
# «another blocker», «also blocked» — a word of addition before the blocker word.
_ANOTHER = re.compile(
    r"(?<![\w])(?:ещ[её]|нов\w*|друг\w*|втор\w*|также|тоже|another|one\s+more|also|new)\s+(?:\w+\s+)?"
    r"(?:блок\w*|block\w*|проблем\w*|issue)",
    re.IGNORECASE,
)
_WORDS = re.compile(r"[A-Za-zА-Яа-яЁё]+")
# Words every blocker may carry: they name no obstacle of its own.
_BLOCKER_GENERIC = frozenset(
    [
        "блокер",
        "блокеры",
        "блокера",
        "блокеров",
        "блокирует",
        "блокируют",
        "блок",
        "ещё",
        "еще",
        "новый",
        "также",
        "тоже",
        "жду",
        "ждём",
        "ждем",
        "ожидаю",
        "задача",
        "задачи",
        "задаче",
        "задачу",
        "задач",
        "нужен",
        "нужна",
        "нужно",
        "нужны",
        "могу",
        "может",
        "можем",
        "пока",
        "очень",
        "есть",
        "нету",
        "никак",
        "blocker",
        "blockers",
        "blocked",
        "waiting",
        "need",
        "needs",
        "still",
        "also",
        "another",
        "there",
    ]
)


def _loose(blocker: dict[str, Any]) -> bool:
    return str(blocker.get("related_task_id") or "NO_TASK_ID") == "NO_TASK_ID"


def _stems(text: str) -> set[str]:
    """The word stems of the obstacle ``text`` names: words of four letters or more, cut to five, without the
    words every blocker carries (:data:`_BLOCKER_GENERIC`) — «стенда» and «стенду» share «стенд»."""
    words = (w.lower() for w in _WORDS.findall(text))
    return {w[:5] for w in words if len(w) >= 4 and w not in _BLOCKER_GENERIC}


# Nouns every blocker may carry without naming an obstacle of its own (lemmas): «блокер относится к RENT-7».
_RELATION_NOUNS = frozenset(("блокер", "блок", "задача", "проблема", "тикет", "таска", "задачка", "сегодня", "вчера"))
# English words that name no obstacle: the relation, the pronoun, the auxiliaries («it blocks RENT-7»).
_ENGLISH_FUNCTION = re.compile(
    r"(?:it|this|that|he|she|they|is|are|was|the|a|an|on|to|by|for|of|with|from|so|because|task|tasks|issue|"
    r"block\w*|relat\w*|wait\w*|need\w*|still|also|another|there|can|cannot|can't|not|finish|close|do|does)",
    re.IGNORECASE,
)


def _names_an_obstacle(text: str) -> bool:
    """Whether the blocker ``text`` names an obstacle of its own: a Russian noun other than the blocker's generic
    ones, or an English word other than a relation or a function word, once its task ids are removed — «блокер
    относится к RENT-7», «Он мешает RENT-7», «не смогу закончить RENT-7 из-за этого» name none (they restate the
    pending blocker's link); «нет ключа API по TASK-3» names one."""
    from agentcore.apps.scrum.task_ids import task_ids_in
    from agentcore.text.morphology import parses

    for task_id in task_ids_in(text):
        text = re.sub(re.escape(task_id), " ", text, flags=re.IGNORECASE)
    for word in _WORDS.findall(text):
        if re.fullmatch(r"[A-Za-z]+", word):
            if not _ENGLISH_FUNCTION.fullmatch(word):
                return True
            continue
        first = parses(word.lower())[:1]
        if first and first[0].tag.POS == "NOUN" and first[0].normal_form not in _RELATION_NOUNS:
            return True
    return False


def read_reply(message: str, question: str, previous: dict[str, Any] | None) -> Reply:
    """Whether ``message``, sent while ``question`` about the daily ``previous`` is pending, is a new daily of its
    own, the answer to that question, or an amendment to the pending daily (see the module docstring).

    The question asks for what ``previous`` lacks: the task of each blocker that names none, today's plan, what was
    done.  A reply answers it when it opens as an answer, or when it says nothing the question did not ask for.
    Statements of its own: yesterday's work when what was done is not asked; today's plan, named by a today word,
    when the plan is not asked; a blocker on another obstacle than the pending ones (no stem in common) or
    introduced as another («ещё блокер»).  A reply with statements of its own is an amendment unless it also
    gives what was asked (then the answer path adds its new sections, as it always did) — and the ids inside its
    own statements never count as the answer to a blocker's task.
    """
    if is_new_daily(message):
        return "new_daily"
    text = message.strip()
    if not previous or not text or _ANSWERS_AT_ONCE.match(text):
        return "answer"
    from agentcore.apps.scrum.daily_parser import parse
    from agentcore.apps.scrum.daily_parser.lexicon import _TODAY_RE, _YESTERDAY_RE
    from agentcore.apps.scrum.task_ids import task_ids_in

    loose = [b for b in previous.get("blockers") or [] if _loose(b)]
    asks_task = bool(loose) or bool(re.search(r"блокер|blocker", question, re.I) and _ASKS_TASK.search(question))
    asks_today = not previous.get("today")
    asks_yesterday = not previous.get("yesterday")
    if not (asks_task or asks_today or asks_yesterday):
        return "answer"  # a question the rules cannot place (a model's own): whatever follows answers it
    parsed = parse(text)
    named_today = bool(_TODAY_RE.search(text))
    own_ids: set[str] = set()
    own = False
    if parsed.yesterday and not asks_yesterday:
        own = True
        own_ids.update(i["task_id"] for i in parsed.yesterday if i.get("task_id"))
    if parsed.today and named_today and not asks_today:
        own = True
        own_ids.update(i["task_id"] for i in parsed.today if i.get("task_id"))
    pending = set().union(*(_stems(str(b.get("text") or "")) for b in loose)) if loose else set()
    for blocker in parsed.blockers:
        words = str(blocker.get("text") or "")
        # an explanation of a pending blocker names its obstacle again («без стенда не могу проверить TASK-15»)
        # … or names none of its own: «блокер относится к RENT-7», «Он мешает RENT-7» restate the pending one's link
        if not loose or _ANOTHER.search(text) or (_names_an_obstacle(words) and not (_stems(words) & pending)):
            own = True
            own_ids.update(task_ids_in(words))
    if not own:
        return "answer"
    answered = (
        (asks_task and (bool(set(task_ids_in(text)) - own_ids) or declines_asked_task(question, text)))
        or (asks_today and bool(parsed.today) and (named_today or not _YESTERDAY_RE.search(text)))
        or (asks_yesterday and bool(parsed.yesterday))
    )
    return "answer" if answered else "amendment"


# Where an answer may end and an amendment begin: after a sentence («TASK-6. Ещё блокер: …»), or before a word
# introducing another blocker («TASK-6, ещё блокер: …»).
_SENTENCE_END = re.compile(r"[.!?;\n]+")


def split_reply(message: str, question: str, previous: dict[str, Any] | None) -> tuple[str, str]:
    """``(answer, amendment)``: a reply that answers the pending ``question`` and then adds statements of its own
    («TASK-6. Ещё блокер: нет ключа API по TASK-3») cut where the amendment begins — the first cut whose head
    :func:`read_reply` reads as the answer and whose tail as an amendment.  ``(message, "")`` when there is no
    such cut: the whole reply is the answer (or not an answer at all)."""
    text = message.strip()
    cuts = sorted({m.end() for m in _SENTENCE_END.finditer(text)} | {m.start() for m in _ANOTHER.finditer(text)})
    for cut in cuts:
        head, tail = text[:cut].strip(), text[cut:].strip(" \t\n,;.")
        if not head or not tail or not re.search(r"\w", head):
            continue
        if read_reply(tail, question, previous) == "amendment" and read_reply(head, question, previous) == "answer":
            return head, tail
    return message, ""


def combined_daily(pending: dict[str, Any], amendment: dict[str, Any]) -> dict[str, Any]:
    """The pending daily with an amendment's own reading added: its yesterday, today and blockers appended (an item
    already there is not repeated), each blocker as the amendment's reading judged it — its own text, its own task,
    its own criticality.  The pending blockers keep what they had: nothing of the amendment is pinned to them."""

    def key(section: str, item: dict[str, Any]) -> tuple[str, str]:
        if section == "blockers":  # a blocker is its obstacle: the same words with another task are the same one
            return ("", str(item.get("text")))
        task = str(item.get("task_id") or "")
        return (task, "") if task and task != "NO_TASK_ID" else ("", str(item.get("summary")))

    from agentcore.apps.scrum.schemas import MAX_ITEMS

    daily = {**pending}
    for section in ("yesterday", "today", "blockers"):
        items = [dict(i) for i in pending.get(section) or []]
        seen = {key(section, i) for i in items}
        for item in amendment.get(section) or []:
            if key(section, item) not in seen:
                seen.add(key(section, item))
                items.append(dict(item))
        daily[section] = items[:MAX_ITEMS]
    return daily


def amendment_words(amendment: dict[str, Any]) -> str:
    """What an amendment added, for the member: «вчера — TASK-2 закрыла; блокер — «нет ключа API» (TASK-3)»."""
    parts: list[str] = []
    for section, label in (("yesterday", "вчера"), ("today", "сегодня")):
        named = [str(i.get("summary") or i.get("task_id") or "").strip() for i in amendment.get(section) or []]
        if named := [n for n in named if n]:
            parts.append(f"{label} — {'; '.join(named)}")
    for blocker in amendment.get("blockers") or []:
        task = "" if _loose(blocker) else str(blocker.get("related_task_id"))
        parts.append(f"блокер — «{blocker.get('text')}»" + (f" ({task})" if task else ""))
    return "; ".join(parts) or "твоё сообщение"


def dialogue_note(superseded: str | None, amended: str | None) -> str | None:
    """The one line a front-end (CLI, Telegram) says about the pending question besides the bot's answer: closed as
    superseded by a new daily (:data:`SUPERSEDED_NOTE`), or left open after an amendment (:data:`AMENDED_NOTE`)."""
    if superseded:
        return SUPERSEDED_NOTE.format(question=superseded)
    if amended:
        return AMENDED_NOTE.format(added=amended)
    return None
