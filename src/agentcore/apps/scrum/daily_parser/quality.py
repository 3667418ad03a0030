"""The verdict: the five quality levels (:func:`grade`), the clarifying question (:func:`clarification_for`),
the one verdict every path uses (:func:`daily_verdict`) and seed 3.2's output of the offline parser
(:func:`parse_daily`)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from agentcore.apps.scrum.daily_parser.blocker_clauses import no_blockers_stated
from agentcore.apps.scrum.daily_parser.items import _described, untied_work
from agentcore.apps.scrum.daily_parser.layout import without_bare_labels
from agentcore.apps.scrum.daily_parser.lexicon import _SECTION_WORD, _WORD, _content_words, _informative, readable
from agentcore.apps.scrum.daily_parser.reading import _STATED, ParsedDaily, TextShape, parse, text_shape
from agentcore.apps.scrum.schemas import MAX_ITEMS, MAX_TEXT_CHARS
from agentcore.apps.scrum.task_ids import current_prefixes, daily_keys
from agentcore.util.truncate import truncate

# A status word beside a task id, read where a header word would otherwise be skipped: «FE-10 done», «done FE-10»,
# «FE-11 wip».
_STATUS_AFTER_ID = re.compile(
    r"^\W*(?:done|wip|doing|in\s+progress)\W+\S+-\d+\W*$|^\W*\S+-\d+\W+(?:done|wip|doing|in\s+progress)\W*$",
    re.IGNORECASE,
)
QUALITY_ORDER = ("EMPTY", "TOO_SHORT", "NO_TASKS_MENTIONED", "DETAIL_OK", "GREAT")


def grade(parsed: ParsedDaily, text: TextShape | None = None) -> str:
    """One of the five quality levels of seed 3.2.

    * EMPTY — not a word written;
    * TOO_SHORT — under two informative words and no task id, or bare task ids without both sections;
    * NO_TASKS_MENTIONED — no task id;
    * GREAT — yesterday and today both filled, every item tied to a task and described («TASK-7 — вёрстка»,
      «закрыл TASK-7»), every blocker tied to a task, blockers addressed (listed, or «блокеров нет»);
    * DETAIL_OK — the rest.

    ``text`` is the reading of the daily's own text when there is one: whether a task is described and whether
    work without a task stands beside the tasks are facts of the words the author wrote, so the text decides them
    for every task it names — not the items' summaries, which a model cuts as it likes («Today SOLAR-40» of
    «Today SOLAR-40, OTA rollback») — and the same text gets the same verdict on every path.  An item's own
    summary decides only for a task the text's reading did not find.
    """
    has_content = parsed.yesterday or parsed.today or parsed.blockers
    if parsed.words == 0 and not has_content:
        return "EMPTY"
    ids = parsed.task_ids()
    both_sections = bool(parsed.yesterday and parsed.today)
    # bare ids without both sections; a status the header words also spell («FE-10 done», «WIP FE-11») describes its
    # task as «PAY-1 готово» does, so the daily is no longer bare (dev25 probes)
    bare = parsed.content_words == 0 and not any(
        item["task_id"] and _STATUS_AFTER_ID.search(item["summary"]) for item in parsed.yesterday + parsed.today
    )
    if (parsed.informative_words < 2 and not ids) or (bare and not both_sections):
        return "TOO_SHORT"
    if not ids:
        return "NO_TASKS_MENTIONED"
    # a section the text fills with the day's other activity only («Вчера: весь день на планировании») is filled, also
    # when a model's answer lists only the items with a task
    said_yesterday = parsed.yesterday or (text is not None and text.said_yesterday)
    said_today = parsed.today or (text is not None and text.said_today)
    if not (said_yesterday and said_today and (parsed.no_blockers_stated or parsed.blockers)):
        return "DETAIL_OK"
    if not all(b["related_task_id"] for b in parsed.blockers):
        return "DETAIL_OK"
    items = parsed.yesterday + parsed.today
    sections = (parsed.yesterday, parsed.today)
    read = text.tasks if text is not None else frozenset()
    # A task named twice («TASK-7 — вёрстка», later «делаю TASK-7») is described when one of its mentions is.
    described = {item["task_id"] for item in items if item["task_id"] not in read and _described(item)}
    if text is not None:
        described |= text.described
        untied = text.untied_work
    else:
        untied = any(untied_work(item, section) for section in sections for item in section)
    great = not untied and all(item["task_id"] in described for item in items if item["task_id"])
    return "GREAT" if great else "DETAIL_OK"


WEAK = frozenset({"EMPTY", "TOO_SHORT"})
"""Verdicts the backend answers with «Слишком общо…» (seed 4): no section question on top of that."""


def clarification_for(daily: dict[str, Any], quality: str = "DETAIL_OK", ask_missing: bool = True) -> dict[str, Any]:
    """The question to ask about ``daily``, or none.

    It names what is missing — today's plan, what was done (unless the daily is too weak to ask anything but a
    rewrite, ``EMPTY``/``TOO_SHORT``) — and the task of each blocker that names none.  It always ends with «?».
    ``ask_missing=False`` (an answer to a question already asked) asks only about blockers.
    """
    parts = []
    if ask_missing and quality not in WEAK:
        missing_y, missing_t = not daily["yesterday"], not daily["today"]
        if missing_y and missing_t:
            parts.append("В daily нет ни сделанного, ни плана: что ты сделал вчера и что планируешь сегодня?")
        elif missing_t:
            parts.append("В daily нет плана на сегодня: что планируешь сделать сегодня?")
        elif missing_y:
            parts.append("В daily не сказано, что сделано: что ты сделал вчера?")
    loose = [b for b in daily["blockers"] if not b.get("related_task_id")]
    known = [i["task_id"] for i in daily["today"] + daily["yesterday"] if i.get("task_id")]
    example = f" (например, {known[0]})" if known else ""  # an id the author wrote, never an invented one
    if len(loose) == 1:
        parts.append(
            f"К какой задаче относится блокер «{loose[0]['text']}»? Напиши её ID{example} — или это блокер без задачи?"
        )
    elif loose:
        texts = "; ".join(f"«{b['text']}»" for b in loose)
        parts.append(f"К каким задачам относятся блокеры: {texts}? Напиши ID по порядку{example} — или они без задачи?")
    if not parts:
        return {"needs_clarification": False, "question": ""}
    question = " ".join(parts)
    if len(question) > MAX_TEXT_CHARS:
        question = truncate(question, MAX_TEXT_CHARS - 1).rstrip("?") + "?"
    return {"needs_clarification": True, "question": question}


def daily_verdict(
    daily: dict[str, Any], message: str | None = None, ask_missing: bool = True, *, _parsed: ParsedDaily | None = None
) -> tuple[str, dict[str, Any]]:
    """``(quality, clarification)`` of a daily in seed 3.2's shape — the one verdict every path uses (offline
    parser, model answers, CLI, HTTP, Telegram), so the same daily gets the same verdict.

    ``message`` is the daily's text (its words count towards ``TOO_SHORT``); without it the items' own texts count.
    """
    texts = message
    if texts is None:
        texts = " ".join(
            [i["summary"] for i in daily["yesterday"] + daily["today"]] + [b["text"] for b in daily["blockers"]]
        )
    no_blockers = _stated(texts, message, _parsed)
    counted = _parsed if message is not None else None
    texts = readable(texts)
    # the reading of the author's own text decides what belongs to its words (see grade)
    shape = text_shape(message) if message is not None else None
    has_content = bool(daily["yesterday"] or daily["today"] or daily["blockers"])
    parsed = ParsedDaily(
        yesterday=list(daily["yesterday"]),
        today=list(daily["today"]),
        blockers=list(daily["blockers"]),
        no_blockers_stated=no_blockers,
        # the parser counted the same text already
        content_words=counted.content_words if counted else len(_content_words(texts)),
        informative_words=counted.informative_words if counted else _informative(texts),
        # grade reads the word count only of a daily without items (EMPTY): a daily with items is never EMPTY
        words=_written_words(texts) if not has_content else 1,
    )
    quality = grade(parsed, shape)
    return quality, clarification_for(daily, quality, ask_missing)


def _written_words(texts: str) -> int:
    """How many words ``texts`` holds besides its bare labels, section words and placeholders (EMPTY when none)."""
    return sum(1 for w in _WORD.findall(without_bare_labels(texts)) if not _is_section_word(w))


@lru_cache(maxsize=8192)
def _is_section_word(word: str) -> bool:
    """Whether ``word`` is a section word («Вчера», «Блокеры») or a template's placeholder («N/A», «TBD»), which
    counts for no word of the daily (the vocabulary repeats, so the answer is kept per word)."""
    return _SECTION_WORD.fullmatch(word) is not None or word.lower() in _PLACEHOLDERS


# What a template is left filled with instead of an answer: «Yesterday: N/A / Today: N/A» says nothing (dev25 probes).
_PLACEHOLDERS = frozenset(("n", "a", "na", "tbd", "tba", "нд"))


def _stated(texts: str, message: str | None, parsed: ParsedDaily | None) -> bool:
    """Whether blockers are addressed: the parser's own reading of ``message`` (one reading on every path)."""
    if message is None:
        return no_blockers_stated(texts)
    if parsed is not None:
        return parsed.no_blockers_stated
    # the verdict of a model's answer right after the parser read the same text (for the same team)
    known = _STATED.get((message, current_prefixes()))
    return known if known is not None else parse(message).no_blockers_stated


def _bounded(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``items`` without repeats, cut to the schema's :data:`MAX_ITEMS` (a pasted line must not make the output
    invalid)."""
    unique: dict[tuple[Any, ...], dict[str, Any]] = {}
    for item in items:
        unique.setdefault(tuple(sorted(item.items())), item)
    return list(unique.values())[:MAX_ITEMS]


def _bound_sections(daily: dict[str, Any]) -> None:
    """Each section of ``daily`` bounded (:func:`_bounded`), in place."""
    for section in ("yesterday", "today", "blockers"):
        daily[section] = _bounded(daily[section])


def _finish(daily: dict[str, Any], ask_missing: bool = True) -> dict[str, Any]:
    """Seed 3.2's output for ``daily``: sections bounded, the clarification decided."""
    _bound_sections(daily)
    return {"daily": daily, "clarification": clarification_for(daily, daily["quality"], ask_missing)}


def parse_daily(message: str, role: str) -> dict[str, Any]:
    """Seed 3.2's ``{"daily": ..., "clarification": ...}`` for a daily in INITIAL mode (codes the daily writes as
    keys are its task ids: :func:`~agentcore.apps.scrum.task_ids.daily_keys`)."""
    with daily_keys(message):
        parsed = parse(message)
        daily = {
            "role": role,
            "yesterday": parsed.yesterday,
            "today": parsed.today,
            "blockers": parsed.blockers,
            "quality": "EMPTY",
        }
        _bound_sections(daily)
        # the verdict decides the quality and the clarification at once (no question is asked before it)
        daily["quality"], clarification = daily_verdict(daily, message, _parsed=parsed)
    return {"daily": daily, "clarification": clarification}
