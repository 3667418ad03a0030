"""The reading itself: :func:`parse` walks a daily's clauses and sorts them into yesterday / today / blockers
(:class:`ParsedDaily`), and remembers the last readings for the shared verdict (:func:`text_shape`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from agentcore.apps.scrum.blocker_reading import (
    NEGATED,
    PAST_WAIT,
    negated_in,
    remedied_by_others,
    told_as_over,
)
from agentcore.apps.scrum.daily_parser.all_clear import _OBSTACLES, all_clear, as_header
from agentcore.apps.scrum.daily_parser.blocker_clauses import (
    _ALL_CLEAR_RE,
    _INABILITY_ONLY,
    _NO_BLOCKERS_RE,
    _NONE_LEFT,
    _NOTHING,
    _PAST_TROUBLE,
    _blocker_from,
    _names_trouble,
    _no_blockers_in,
    _states_blocker,
    absence_piece,
    denial_only,
    denies_blocker,
    only_a_risk,
    says_none_listed,
    spares_member,
    without_absence,
)
from agentcore.apps.scrum.daily_parser.clauses import _merge_blocker_runs, _split_clauses, line_layout
from agentcore.apps.scrum.daily_parser.items import (
    _ASIDE,
    _CONDITION,
    _PLANNED_THEN_STOPPED,
    _add_meanwhile,
    _continues,
    _described,
    _items,
    _only_verbs,
    next_deed,
    untied_work,
)
from agentcore.apps.scrum.daily_parser.layout import _SENTENCES, bare_labels, is_bare_label, task_groups
from agentcore.apps.scrum.daily_parser.lexicon import (
    _CYRILLIC,
    _ID,
    _TODAY_RE,
    _WORD,
    _YESTERDAY_RE,
    Section,
    _clean,
    _content_words,
    _informative,
    _starts_section,
    _verb_section,
    _wordset,
    readable,
)
from agentcore.apps.scrum.daily_parser.reference import referred_task
from agentcore.apps.scrum.schemas import MAX_TEXT_CHARS
from agentcore.apps.scrum.task_ids import current_prefixes, task_ids_in
from agentcore.text.first_char import compile_guarded
from agentcore.text.literal_gate import LiteralGate
from agentcore.text.morphology import parses
from agentcore.text.reading_memo import new_reading
from agentcore.util.truncate import truncate


@dataclass
class ParsedDaily:
    """What the parser found (before it becomes seed 3.2's dict)."""

    yesterday: list[dict[str, Any]] = field(default_factory=list)
    today: list[dict[str, Any]] = field(default_factory=list)
    blockers: list[dict[str, Any]] = field(default_factory=list)
    no_blockers_stated: bool = False
    content_words: int = 0
    informative_words: int = 0
    words: int = 0

    def task_ids(self) -> list[str]:
        ids = [item["task_id"] for item in self.yesterday + self.today if item["task_id"]]
        ids += [b["related_task_id"] for b in self.blockers if b["related_task_id"]]
        return list(dict.fromkeys(ids))


# A line under a section header that opens with a task and a dash before the blocker: the task is the section's.
# The task may have its words first: «- TAX-8 декларации — тут жду шаблон» (session sq2).
_TASK_THEN_BLOCKER = re.compile(rf"^\W*((?:{_ID})(?:\s+[^\W\d_]+){{0,3}}?)\s*(?:[—–:]|\s-)\s+", re.IGNORECASE)
# What a task is, right after its id and a dash, up to the next comma: «сегодня FIN-201 — налоговая отчётность, …».
_TITLE = re.compile(r"^\s*(?:[—–:]|\s-)\s+([^,;—–.!?()]+?)\s*(?:[,;]|$)")
_NOT_A_TITLE = frozenset(("VERB", "INFN", "GRND", "PRTS", "PRED", "CONJ"))
# Both days joined at the head of a statement share what follows («вчера и сегодня на конференции, слушаю доклады»,
# «yesterday and today: onboarding»): each day says it (session qv2).  Only a statement that opens with them and goes
# on to a word of its own — «делал PAY-1 вчера и сегодня» names the days after its statement, which stays whole.
_BOTH_DAYS = re.compile(
    r"(?<![^\n.!?;:])(?P<lead>\s*)(?P<y>вчера|yesterday)\s*(?:и|,|and|&|\+)\s*(?P<t>сегодня|today)\b"
    r"(?P<rest>[^.!?\n]*\w[^.!?\n]*)",
    re.IGNORECASE,
)
_BOTH_DAYS_HINT = re.compile(r"(?:вчера|yesterday)\s*(?:и|,|and|&|\+)\s*(?:сегодня|today)", re.IGNORECASE)


# A joint after which the statement goes on in time: «…, дальше RENT-7», «, потом …», «затем», «после этого», «next»,
# «then», «later» — or names its day itself («, сегодня ещё …», «завтра …»).  What follows it is not told of both days.
_NEXT_STEP = re.compile(
    r"(?:[,;]\s*|\s+—\s+|\s+–\s+|\s+)(?:(?:а|и|но|and|but)\s+)?"
    r"(?=(?:дальше|далее|потом|затем|после\s+этого|сегодня|завтра|next|then|later|afterwards|today|tomorrow)\b)",
    re.IGNORECASE,
)


def _each_day(match: re.Match[str]) -> str:
    """The statement of :data:`_BOTH_DAYS` told once for each day, up to a joint that goes on in time
    (:data:`_NEXT_STEP`): «вчера и сегодня закрыл RENT-5, дальше RENT-7» — RENT-7 is today's plan only."""
    rest, after = match["rest"], ""
    step = _NEXT_STEP.search(rest)
    if step is not None and rest[: step.start()].strip(" ,:;—–-"):
        rest, after = rest[: step.start()], rest[step.start() :]
    return f"{match['lead']}{match['y']}{rest}. {match['t']}{rest}{after}"


# A condition: what follows it may happen, it has not.
_IF_ANY = compile_guarded(r"\b(?:if|если|when|когда|в\s+случае)\b", re.IGNORECASE)
# A blockers line that only points to what the daily told above: «Блокеры: см. выше», «Blockers: see above».
_BLOCKER_WORD = re.compile(r"^\W*(?:блок[еи]р\w*|blockers?|impediments?)\b", re.IGNORECASE)
# «см.» and «выше» are read as two sentences; «Блокеры выше» names its header without a colon.
_POINTER = re.compile(
    r"^\W*(?:(?:блок[еи]р\w*|blockers?|impediments?)\W+)?(?:(?:см|смотри|see|as)\W*)?(?:выше|above)\W*$|"
    r"^\W*(?:см|смотри|see)\W*$",
    re.IGNORECASE,
)


def parse(message: str) -> ParsedDaily:
    """Split a daily into yesterday / today / blockers (see the module docstring); only the first
    :data:`MAX_PARSED_CHARS` characters are read."""
    new_reading()  # the memos of one reading (:mod:`agentcore.text.reading_memo`), never across texts
    key, message = (message, current_prefixes()), as_header(readable(message))
    if "\n" in message:
        message = task_groups(message)
    words = _content_words(message)
    parsed = ParsedDaily(content_words=len(words), informative_words=_informative(message, words))
    parsed.no_blockers_stated = bool(_no_blockers_in(message))
    if _BOTH_DAYS_HINT.search(message):
        message = _BOTH_DAYS.sub(_each_day, message)
    clauses = _merge_blocker_runs(_split_clauses(message))
    labels = bare_labels(message)

    sticky: Section | None = None
    last: tuple[int, list[dict[str, Any]], list[dict[str, Any]]] | None = None  # the last items with an id
    sticky_explicit = False
    sticky_lead = ""
    sticky_alone = False
    inferred: list[dict[str, Any]] = []  # blockers read from a clause outside a «Блокеры:» section
    last_position = -1  # the clause that gave the last items with an id
    pointing = False  # the clause before pointed to the blockers above («Блокеры: см.»)
    line_openers, sub_items = line_layout(message) if "\n" in message else (frozenset({0}), frozenset())
    parent = -1  # the sentence of the last line that is no sub-item
    for position, clause in enumerate(clauses):
        text = clause.text.strip()
        under = clause.sentence in sub_items
        if not under and text:
            parent = clause.sentence
        # a sub-item under the line of a task is about that task (its sub-step, or its blocker)
        parent_items = last[2] if under and last is not None and last[0] == parent else None
        following = clauses[position + 1] if position + 1 < len(clauses) else None
        context = (
            following.text
            if following is not None
            and following.sentence == clause.sentence
            and following.section is None
            and not _starts_section(following.text.strip())
            else ""
        )
        if clause.section is not None and clause.explicit:
            sticky, sticky_explicit, sticky_lead = clause.section, True, clause.lead
            sticky_alone = not text
        if not text or is_bare_label(text, labels) or (clause.lead and is_bare_label(f"{clause.lead} {text}", labels)):
            # a label alone on its line is a header whatever its words («Есть ли проблемы:»), also when the header
            # word read first leaves the rest of it («Блокеры/риски:» → «риски:»)
            continue
        if (
            clause.section is None
            and sticky == "blockers"
            and sticky_explicit
            and sticky_alone
            and not _YESTERDAY_RE.match(text)
            and not _TODAY_RE.match(text)
        ):
            clause.section, clause.lead = "blockers", sticky_lead  # a line in the list under «Блокеры:»
        if _POINTER.match(text) and (clause.section == "blockers" or _BLOCKER_WORD.match(text) or pointing):
            pointing = True  # «Блокеры: см. выше», «Блокеры выше»: the blockers told above, no new one (session sq2)
            continue
        pointing = False
        exception = _EXCEPT_GATE.search(text)
        if exception and _content_words(text[exception.end() :]) and _says_none(text[: exception.start()]):
            # «никаких блокеров, кроме вечного ожидания ревью», «всё по плану, разве что CI падает»: the exception
            # to a «none» is the blocker
            text, clause.section = text[exception.end() :], "blockers"
        if (
            clause.section == "blockers"
            and (says_none_listed(text) or only_a_risk(text) or all_clear(text, listed=True))
        ) or (_NONE_LEFT.match(text) or (not task_ids_in(text) and all_clear(text))):
            # «Блокеры: -», «…, уже решили. Новых нет», «Блокеры: если …, придётся …» (a risk, no blocker)
            parsed.no_blockers_stated = True
            if clause.section == "blockers":
                _add_meanwhile(parsed.today, _work_beside_a_denial(text))  # «Blockers: none, also picking up X»
            continue
        if not parsed.no_blockers_stated and _PIECE_JOINT.search(text) and all_clear(_PIECE_JOINT.split(text)[-1]):
            # «…, помогаю ему после обеда, у меня всё ок»: the statement that closes the clause is the all-clear
            parsed.no_blockers_stated = True
        section = clause.section
        if section is None:
            lowered = text.lower()
            starts_y, starts_t = _YESTERDAY_RE.search(lowered), _TODAY_RE.search(lowered)
            if starts_y and (not starts_t or starts_y.start() < starts_t.start()):
                section = "yesterday"
            elif starts_t:
                section = "today"
            if section is not None:
                sticky, sticky_explicit = section, False
        if (
            section == "blockers"
            or _states_blocker(text, context)
            or PAST_WAIT.search(text)
            or negated_in(text)
            or spares_member(text)
            or (_PAST_TROUBLE.search(text) and not task_ids_in(text))
        ) and (
            denies_blocker(text, listed=section == "blockers")
            # a past wait whose end the next statement tells: «ждал ревью полдня, сегодня его смержили, делаю X»
            or bool(
                following is not None
                and following.sentence == clause.sentence
                and PAST_WAIT.search(text)
                and told_as_over(f"{text}, {following.text}")
            )
        ):
            parsed.no_blockers_stated = True  # «не блокер», «ничего не жду», «был блокер, уже снят»
            # «сегодня займусь PAY-61, ничего не мешает»: the work stays, only the blocker is denied.
            rest = _clean(NEGATED.sub("", text))
            if absence_piece(rest):  # «сегодня CRM-402 импорт сделок, проблем никаких»
                rest = _clean(without_absence(rest))
            if _names_trouble(rest):
                # «today PAY-2 refactoring, no blockers, just waiting on a review»: the denial covers the wait, the
                # work beside it stays.
                rest = _clean(", ".join(p for p in _PIECES.split(rest) if p.strip() and not _names_trouble(p)))
                if not task_ids_in(rest):
                    continue
            if (
                section == "blockers"
                or not (task_ids_in(rest) or _starts_section(rest))
                or _not_work(rest)
                or (told_as_over(rest) and not task_ids_in(rest))  # «вчера лежала касса, ночью подняли»: its story
            ):
                if section == "blockers":
                    # «Блокеры: жду ответа по X, но это не блокер, пока делаю Y»: the denial ends where it ends, the
                    # work after it in a piece of its own is today's, as after a blocker's «пока» (audit G2)
                    _add_meanwhile(parsed.today, _work_beside_a_denial(rest))
                continue
            text = rest
        if (
            section != "blockers"
            and not task_ids_in(text)
            # the trouble by its words, or a statement the remedy after it takes back: «CI was red half the day,
            # infra fixed it» (session sq2)
            and (_names_trouble(text) or _PAST_TROUBLE.search(text) or _PIECE_JOINT.search(text))
            and remedied_by_others(text)
            and not _states_blocker(text, context)
        ):
            # news of a trouble others fixed: «ночью прод падал, дежурные уже разобрались», «the CDN outage hit our
            # landing, it was fixed by 2am» — no blocker and no work of the member's (session sb, dev28)
            continue
        if section != "blockers" and _worry(text) and not _states_blocker(text, context):
            known = {item["task_id"] for item in parsed.yesterday + parsed.today}
            if all(task_id in known for task_id in task_ids_in(text)):
                # the member's worry about an estimate or a date: «опасаюсь, что в оценку не влезу», «не уверен, что
                # успею к демо», «I'm worried SRCH-41 is bigger» — a remark on the plan, no work of its own
                continue
        if (
            position
            and clauses[position - 1].sentence == clause.sentence
            and _IF_ANY.search(text)
            and not task_ids_in(text)
            and (_no_blockers_in(clauses[position - 1].text) or all_clear(clauses[position - 1].text))
        ):
            continue  # «No blockers atm, will shout if something comes up»: the all-clear's follow-up (session sq2)
        if _no_blockers_in(text):  # «…, блокеров нет»: keep what else the clause says
            text = _clean(_NO_BLOCKERS_RE.sub("", text))
            if not text or not (_content_words(text) or task_ids_in(text)):
                continue
            if _IF_ANY.search(text) and not task_ids_in(text):
                # «No blockers atm, will shout if something comes up», «блокеров нет, если появятся — напишу»: what
                # the member will do should one come is about the blockers, no work of the day (session sq2)
                continue
        if (_ASIDE.match(text) or (_not_work(text) and not _states_blocker(text, context))) and not task_ids_in(text):
            continue
        if (
            _CONDITION.match(text)
            and clause.section is None
            and last is not None
            and last[0] == clause.sentence - 1
            and not task_ids_in(text)
        ):
            continue
        if denial_only(text):  # «…, но работать можно» after work that named no trouble the parser knows
            parsed.no_blockers_stated = True
            continue
        if section == "blockers" or _states_blocker(text, context):
            self_blocker = _blocker_from(text)
            if self_blocker is not None:
                blocker, meanwhile = self_blocker
                if blocker["related_task_id"] is None and parent_items:
                    blocker["related_task_id"] = next((i["task_id"] for i in parent_items if i["task_id"]), None)
                named, listed = _named_before(clauses, position) if blocker["related_task_id"] is None else ([], [])
                if named:
                    # «Сегодня: CRM-78 …\nБлокеры: по ней жду выгрузку»: the task the blocker takes back (reference)
                    blocker["related_task_id"] = referred_task(text, named, listed) or (
                        referred_task(clause.lead, named, listed) if clause.lead else None  # «Blocked there:»
                    )
                parsed.blockers.append(blocker)
                planned = _PLANNED_THEN_STOPPED.match(text)
                # a line in the list under a «Сегодня:» header alone on its line is that section's (session sq2)
                line_section = (
                    clause.section
                    if clause.explicit
                    else sticky
                    if clause.section is None and sticky_explicit and sticky_alone
                    else None
                )
                if planned is None and line_section in ("yesterday", "today"):
                    # under a «Сегодня:» header the task before the dash is the section's, as after «сегодня»:
                    # «Сегодня: TRN-11 — жду тексты, …», «Today: DOC-61 — can't even start …» (session sb, dev28)
                    planned = _TASK_THEN_BLOCKER.match(text)
                planned_ids = task_ids_in(planned.group(1)) if planned else []
                planned_in = section if section in ("yesterday", "today") else line_section
                if planned and planned_ids and planned_in in ("yesterday", "today") and blocker["related_task_id"]:
                    # «сегодня EDU-55 — не могу начать, …»: EDU-55 is today's plan that the blocker stops (or the
                    # work beside a blocker with a task of its own: «сегодня ORD-51 — жду ревью ORD-50»)
                    target_section = parsed.yesterday if planned_in == "yesterday" else parsed.today
                    if planned_ids[0] not in {i["task_id"] for i in target_section}:
                        summary = planned.group(1) + _title_after(text[planned.end(1) :])
                        target_section.append({"task_id": planned_ids[0], "summary": summary})
                if section != "blockers":
                    inferred.append(blocker)
                _add_meanwhile(parsed.today, meanwhile)
            continue
        if (
            section is None
            and last is not None
            and last[0] == clause.sentence
            and last_position == position - 1
            and _BUT.match(text)
            and not task_ids_in(text)
            and not _starts_section(text)
        ):
            # «…, но они уже выкатили эндпоинт»: how the task before it stands
            for item in last[2]:
                item["summary"] = truncate(f"{item['summary']}, {_clean(text)}", MAX_TEXT_CHARS)
            continue
        if section is None:
            if sticky == "yesterday" and sticky_explicit and not clause.explicit and _verb_section(text) == "today":
                # a line of its own under «Вчера:» led by a verb of the plan («Займусь ZOO-2», «Беру в работу …»):
                # the author moved on to today without a header
                section = "today"
            elif sticky is not None and sticky_explicit and sticky != "blockers":
                section = sticky
            else:
                section = _verb_section(text) or (sticky if sticky != "blockers" else None) or "today"
        target = parsed.yesterday if section == "yesterday" else parsed.today
        tasks = [item for item in target if item["task_id"]]
        if tasks and _ORDER_OF_WORK.match(text) and not task_ids_in(text):
            # «…, но это не блокер, начну с загрузки»: where the day's task begins, not work of its own (rw025)
            tasks[-1]["summary"] = truncate(f"{tasks[-1]['summary']}, {_clean(text)}", MAX_TEXT_CHARS)
            continue
        headed = (
            last is not None
            and last_position == position - 1
            and last[0] == clause.sentence - 1
            and clause.sentence in line_openers
            and not any(_described(item) for item in last[2])
        )
        if (parent_items or headed) and last is not None and last[1] is target and not task_ids_in(text):
            # «- LMS-40 импорт курсов\n  - распарсил манифест»: a sub-step of the task on the line above; «Вчера:
            # FIN-14\nсобрал отчёт по дебиторке»: the task named bare heads the line below it, which says what it is
            for item in parent_items or last[2]:
                item["summary"] = truncate(f"{item['summary']}, {_clean(text)}", MAX_TEXT_CHARS)
            continue
        items = _items(text)
        if (
            last is not None
            and last[0] == clause.sentence
            and last[1] is target
            and (_only_verbs(text) or (last_position == position - 1 and _continues(text, section)))
            and not next_deed(last[2], text)
        ):
            # «API-640 — не работал ретрай, исправил»: a bare verb goes on with the item before it, not a new one
            for item in last[2]:
                item["summary"] = truncate(f"{item['summary']}, {_clean(text)}", MAX_TEXT_CHARS)
            continue
        target.extend(items)
        if any(item["task_id"] for item in items):
            last = (clause.sentence, target, items)
            last_position = position
    if inferred and _ALL_CLEAR_RE.search(message):
        # «жду ревью PAY-1. блокеров нет»: the author's explicit word outweighs a wait or a trouble the parser only
        # inferred from a clause outside a «Блокеры:» section — unless it stops the work (critical).
        parsed.blockers = [b for b in parsed.blockers if b["critical"] or not any(b is i for i in inferred)]
        parsed.no_blockers_stated = True
    if not parsed.no_blockers_stated and _TOLD_OVER_HINT.search(message):
        # «стенд полдня лежал, но к обеду подняли»: a trouble told with its remedy says where the blockers stand, as
        # «был блокер, уже снят» does
        parsed.no_blockers_stated = any(told_as_over(piece) for piece in _SENTENCES.split(message) if piece)
    _merge_inability(parsed)
    if len(_STATED) >= _STATED_MAX:
        _STATED.clear()
        _SHAPES.clear()
    _STATED[key] = parsed.no_blockers_stated
    _SHAPES[key] = _shape(parsed)
    return parsed


def _named_before(clauses: list[Any], position: int) -> tuple[list[str], list[str]]:
    """The task ids the clauses before ``position`` name, in order, and those of the last sentence among them that
    named two or more (read only for a blocker without an id: most clauses need neither)."""
    named: list[str] = []
    by_sentence: dict[int, list[str]] = {}
    for before in clauses[:position]:
        ids = task_ids_in(before.text)
        named += ids
        by_sentence.setdefault(before.sentence, []).extend(ids)
    return named, next((ids for ids in reversed(by_sentence.values()) if len(ids) > 1), [])


Mention = tuple[str | None, str]
"""``(task id or None, summary)`` of a work item as read."""


@dataclass
class TextShape:
    """What a daily's own text holds, as the parser reads it — the facts of the verdict that belong to the words
    the author wrote, not to whoever lists the items (the parser or a model, whose summaries are its own cut of
    the text).  :attr:`untied_work` and :attr:`described` are worked out only when a verdict gets that far."""

    said_yesterday: bool
    """The text says something of yesterday (an item, with or without a task)."""
    said_today: bool
    """The text says something of today."""
    tasks: frozenset[str]
    """The task ids of the text's work items."""
    sections: tuple[tuple[Mention, ...], tuple[Mention, ...]]
    """Yesterday's and today's items as read (a copy: a caller may edit the items it was handed)."""

    @cached_property
    def untied_work(self) -> bool:
        """An item of work without a task id (:func:`~.items.untied_work`): it keeps the daily from GREAT."""
        return any(
            untied_work(item, items)
            for items in ([{"task_id": t, "summary": s} for t, s in section] for section in self.sections)
            for item in items
        )

    @cached_property
    def described(self) -> frozenset[str]:
        """The tasks of :attr:`tasks` that one of their work mentions describes (:func:`~.items._described`)."""
        return frozenset(
            task for section in self.sections for task, summary in section if task and _described({"summary": summary})
        )


def _shape(parsed: ParsedDaily) -> TextShape:
    yesterday = tuple((i["task_id"], i["summary"]) for i in parsed.yesterday)
    today = tuple((i["task_id"], i["summary"]) for i in parsed.today)
    return TextShape(
        said_yesterday=bool(yesterday),
        said_today=bool(today),
        tasks=frozenset(task for task, _ in yesterday + today if task),
        sections=(yesterday, today),
    )


# The pieces of a clause whose blocker is denied, to keep the work beside it: «today PAY-2 — need a review from Anna,
# not blocking» keeps «today PAY-2».
_PIECES = compile_guarded(r"\s*,\s*|\s+[—–]\s+")


def _work_beside_a_denial(text: str) -> list[dict[str, Any]]:
    """The items of the work a blockers line tells beside its denial, each piece of it on its own: a piece that
    names a task and is no wish, and neither a trouble, a denial nor a «none» («блокеров нет, параллельно возьму
    LMS-6», «none, also picking up LMS-3», «… but not blocked, working on LMS-3 meanwhile»; audit G2).  Most lines
    name no task."""
    if not task_ids_in(text):
        return []
    work = []
    for piece in _PIECES.split(_clean(NEGATED.sub("", text))):
        piece = _clean(piece)
        if (
            task_ids_in(piece)
            and _content_words(piece)
            and not _names_trouble(piece)
            and not says_none_listed(piece)
            and not denies_blocker(piece, listed=True)
            and not all_clear(piece, listed=True)
            and not _WISH.search(piece)
        ):
            work += [item for item in _items(piece) if item["task_id"]]
    return work


# A wish is no deed: «не блокер, но хотелось бы ревью WEB-30 до пятницы» (dev p015).
_WISH = re.compile(r"\b(?:бы|б|would|wish)\b", re.IGNORECASE)
# An exception to a «none»: what follows is the one there is.
_EXCEPT = re.compile(
    r"\b(?:кроме|разве\s+что|за\s+исключением|except(?:\s+for)?|apart\s+from|other\s+than)\b\s*", re.IGNORECASE
)

_EXCEPT_GATE = LiteralGate(_EXCEPT)

# A «but» or a deed of others (their pronoun first) in the sentence of a task's clause goes on with that task: «По
# CRM-22 зависим от поиска, но они уже выкатили эндпоинт» says how that task stands, it is no work of the author's.
# Where the work of the day begins: «начну с загрузки», «сначала вёрстка», «start with the backend» — the order of a
# task already named, not an item of its own.
_ORDER_OF_WORK = re.compile(
    r"^\W*(?:(?:а|и|но|тогда|пока|so|and)\s+)?(?:начну|начинаю|начать|начнём|начнем|сначала|для\s+начала|"
    r"(?:i'?ll\s+)?start(?:ing)?\s+with|first)\b",
    re.IGNORECASE,
)
_BUT = re.compile(r"^\W*(?:но|однако|but|however|они|они\s+же|he|she|they)\b", re.IGNORECASE)
# Words that alone make no piece of work: who, a link word, a title over the daily («У меня», «me», «Отчёт:»).
_NOT_WORK_WORDS = _wordset(
    """у меня мне нас нам лично я мы me us my i for и а но and but so вообще отчёт отчет
    report daily дейли standup стендап статус status update апдейт"""
)


# A dependency told as a fact, no trouble in it («Зависим от картографического API, ключ уже получен»): how the work
# stands, no piece of it (a dependency that stops the work is a blocker, read before this).
_DEPENDENCY = re.compile(
    r"^\W*(?:мы\s+|я\s+)?(?:зависим|завис(?:ит|ят|им)|depends?\s+on|we\s+depend\s+on)\b", re.IGNORECASE
)


# The member's worry or doubt about the plan (session sb, dev28): a statement opening with a first-person verb of fear
# or doubt by its lemma («опасаюсь», «боюсь», «сомневаюсь», «переживаю»), «не уверен(а)», or English «I'm worried /
# afraid / not sure», «I doubt / fear».
_WORRY_LEMMAS = _wordset("опасаться бояться сомневаться переживать волноваться беспокоиться")
_WORRY_EN = re.compile(
    r"^\W*(?:(?:but|and|also|honestly)\s+)?(?:i'?m\s+|i\s+am\s+)?(?:(?:a\s+bit|slightly|somewhat)\s+)?"
    r"(?:worried|afraid|not\s+sure|unsure|concerned)\b|^\W*i\s+(?:doubt|fear)\b",
    re.IGNORECASE,
)
_WORRY_LEADS = _wordset("но а и правда честно я немного слегка")


# The stems the first words of a worry start with: a literal pre-check before the morphology (asked of every clause).
_WORRY_HINT = re.compile(
    r"^\W*(?:\w+\W+){0,2}?(?:опаса|бою|боим|сомнева|пережива|волну|беспоко|не\s+увер|i\b|worried|afraid|not\s+sure|"
    r"unsure|concerned)",
    re.IGNORECASE,
)


def _worry(text: str) -> bool:
    """Whether ``text`` opens with the member's worry or doubt (see above)."""
    if not _WORRY_HINT.match(text):
        return False  # most clauses
    if _WORRY_EN.match(text):
        return True
    words = [w.lower() for w in _WORD.findall(text)[:4]]
    while words and words[0] in _WORRY_LEADS:
        words = words[1:]
    if words[:2] in (["не", "уверен"], ["не", "уверена"]):
        return True
    return bool(words) and any(
        p.normal_form in _WORRY_LEMMAS and {"VERB", "1per"} <= p.tag.grammemes for p in parses(words[0])
    )


def _not_work(text: str) -> bool:
    """Whether a clause without a task id is no piece of work: a question («кто дежурит на следующей неделе?»), a
    dependency (:data:`_DEPENDENCY`) or only words of :data:`_NOT_WORK_WORDS` beside time words («У меня»)."""
    if text.rstrip().endswith("?") or _DEPENDENCY.match(text):
        return True
    if text.count(" ") > 5:  # a leftover is a word or two
        return False
    words = _WORD.findall(text)
    if not words or len(words) > 4:  # a leftover is a word or two
        return False
    lower = [w.lower() for w in words]
    return any(w in _NOT_WORK_WORDS for w in lower) and all(
        w in _NOT_WORK_WORDS or _YESTERDAY_RE.fullmatch(w) or _TODAY_RE.fullmatch(w) for w in lower
    )


def _says_none(text: str) -> bool:
    """Whether ``text`` says there is no blocker or that all goes well («никаких блокеров», «всё по плану»)."""
    return bool(_no_blockers_in(text) or negated_in(text) or _NOTHING.match(_clean(text)))


def _merge_inability(parsed: ParsedDaily) -> None:
    """«Сегодня: ничего не могу делать» beside a blocker with a cause («гитлаб упал») is that blocker's effect, not a
    blocker of its own: it goes, and the blockers it speaks of become critical (the member cannot go on)."""
    bare = [b for b in parsed.blockers if not b["related_task_id"] and _INABILITY_ONLY.match(b["text"])]
    causes = [b for b in parsed.blockers if not any(b is i for i in bare)]
    if bare and causes:
        parsed.blockers = causes
        for blocker in causes:
            blocker["critical"] = True


# Where a clause's last statement begins: «…, у меня всё ок», «… — всё гладко».
_PIECE_JOINT = compile_guarded(r"\s*[,;]\s*|\s+[—–]\s+")
# A literal pre-check for a trouble told as over: a past form of a verb (Russian «-л», English «was/had/-ed»).
_TOLD_OVER_HINT = compile_guarded(r"[а-яё]л[аио]?\b|\b(?:was|were|had)\b|ed\b", re.IGNORECASE)

_SHAPES: dict[tuple[str, frozenset[str]], TextShape] = {}
"""``text_shape(message)`` of the texts read last (bounded, cleared with :data:`_STATED`)."""


def _title_after(rest: str) -> str:
    """« — <title>» when the words after a task's id in a blocker clause open with what the task is — nouns and their
    adjectives, no verb, no negation («FIN-201 — налоговая отчётность, а выгрузка не приходит»): the work mention
    keeps them, the blocker after them is another statement (session qv).  Else ``""`` («EDU-55 — не могу начать»,
    «ORD-51 — жду ревью»)."""
    title = _TITLE.match(rest)
    if title is None:
        return ""
    words = [w.lower() for w in _WORD.findall(title.group(1))]
    if not words or not all(_CYRILLIC.fullmatch(w) for w in words) or any(w in _NEGATIONS for w in words):
        return ""
    readings = [parses(w)[0] for w in words]
    if any(r.tag.POS in _NOT_A_TITLE or r.normal_form in _OBSTACLES for r in readings):
        return ""  # a verb or a trouble noun, «PAY-3 — проблемы с доступом»: the blocker's own words
    if _names_trouble(title.group(1)):
        return ""
    return f" — {title.group(1)}" if any(r.tag.POS == "NOUN" for r in readings) else ""


_NEGATIONS = frozenset(("не", "нет", "нету", "без", "ни", "никак"))


def text_shape(message: str) -> TextShape:
    """What the daily's own text holds, read by the parser (:class:`TextShape`) — for the verdict of a model's
    answer, which may leave out what the author wrote without an id and cut a task's mention short."""
    shape = _SHAPES.get((message, current_prefixes()))
    # from the reading itself, not the memo: another thread's parse may clear the memo in between (a KeyError)
    return shape if shape is not None else _shape(parse(message))


_STATED: dict[tuple[str, frozenset[str]], bool] = {}
"""``parse(message).no_blockers_stated`` of the texts read last, by text and team prefixes (bounded), so the shared
verdict does not read a daily twice."""
_STATED_MAX = 512
