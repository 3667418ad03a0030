"""Checks on the model's free text: what a text answer may not contain.

* :func:`faq_problems` — seed 6's four restrictions, as far as a rule can see them: talk of «у нас в команде»,
  proposals of actions or process changes, named tools, clock times and weekdays, company rules;
* :func:`foreign_facts` — numbers and task ids in a report or digest that are not in the data it was written from
  (seed 5.2: «расчёт … — backend. LLM только формулирует»; seed 7: «не выдумывает данные»);
* :func:`advice_problems` — advice in a digest (seed 7: «не даёт советов»);
* :func:`digest_problems` — a digest that leaves the template (seed 7: «строго следует шаблону»).

Every check returns a list of problems in Russian (empty when the text is fine); they go back to the model as is.

:func:`settle_daily` gives a parsed daily (the offline parser's or a model's) the one quality verdict and
clarification (:func:`~agentcore.apps.scrum.daily_parser.daily_verdict`), so the same text gets the same verdict on
every path.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Any

from agentcore.apps.scrum.daily_parser import clarification_for, daily_verdict, declines_task, task_ids_in, text_shape
from agentcore.apps.scrum.schemas import DigestData
from agentcore.apps.scrum.task_ids import daily_keys
from agentcore.apps.scrum.templates import DIGEST_SECTIONS

_TEAM_TALK = re.compile(
    r"\bу\s+нас\b|\bв\s+нашей\s+(?:команде|компании|организации)\b|\bнаш[аеиу]?\s+(?:команд|компани|отдел|проект)\w*|"
    r"\bмы\s+(?:используем|проводим|делаем|работаем|внедрили|практикуем)\b|\bв\s+(?:вашей|твоей)\s+команде\b",
    re.IGNORECASE,
)
_ADVICE = re.compile(
    r"\b(?:рекомендую|рекомендуем|советую|советуем|предлагаю|предлагаем|давайте|попробуйте|попробуй|"
    r"внедрите|внедри|организуйте|организуй|введите|настройте|проведите|назначьте|начните|"
    r"стоит\s+(?:внедрить|начать|попробовать|ввести|провести|организовать|обсудить|назначить)|"
    r"следует\s+(?:внедрить|ввести|провести|начать|организовать|обсудить|назначить)|"
    r"(?:нужно|надо|необходимо)\s+(?:внедрить|ввести|организовать|провести|назначить|обсудить|начать|настроить)|"
    r"лучше\s+всего|имеет\s+смысл)\b"
    # an imperative plural opening a sentence or a clause («Называйте…», «…, договоритесь…»): an instruction
    r"|(?:^|(?<=[.!?,;:]\s))[а-яё]{3,}(?:йте|йтесь|ите|итесь)\b",
    re.IGNORECASE,
)
_TOOLS = re.compile(
    r"\b(?:jira|джир\w*|confluence|конфлюенс\w*|trello|трелло|youtrack|asana|slack|слак\w*|telegram|телеграм\w*|"
    r"miro|миро|notion|clickup|redmine|gitlab|github|bitrix\w*|битрикс\w*|яндекс\s*трекер\w*|kaiten|кайтен\w*|"
    r"ms\s+teams|zoom|зум\w*|google\s+meet|excel|эксел\w*)\b",
    re.IGNORECASE,
)
_TIMES = re.compile(
    r"\b\d{1,2}:\d{2}\b|\bв\s+\d{1,2}\s+(?:утра|вечера|часов)\b|\bпо\s+москве\b|\bмск\b|"
    r"\b(?:по\s+)?(?:понедельник|вторник|сред[ауы]|четверг|пятниц[аеуы]|суббот[аеуы]|воскресень[еяю])\w*",
    re.IGNORECASE,
)
_COMPANY = re.compile(
    r"ромашк\w*|\bооо\b|\bао\b\s+«|регламент\w*|в\s+(?:нашей|вашей|этой)\s+компании|корпоративн\w+\s+правил\w*",
    re.IGNORECASE,
)

FAQ_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (_TEAM_TALK, "речь о конкретной команде («у нас в команде…»)"),
    (_ADVICE, "предложение действий или организации процессов"),
    (_TOOLS, "упоминание конкретного инструмента"),
    (_TIMES, "конкретное время или дни недели"),
    (_COMPANY, "правила конкретной компании"),
)


def settle_daily(
    output: dict[str, Any], message: str, mode: str = "INITIAL", previous: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Seed 3.2's ``output`` with ``quality`` and ``clarification`` from the shared verdict.

    A task id the author never wrote is dropped first (issue 19: «never invent an id»): an item or a blocker whose
    id is neither in ``message`` nor in ``previous`` (the daily a CLARIFICATION answer completes) keeps its text
    and loses the id, so the verdict judges what the author wrote and asks about a blocker left without a task.
    In INITIAL mode the daily's text counts, and a daily without today's plan or without what was done is asked
    about; the text's own items count too (:func:`~agentcore.apps.scrum.daily_parser.text_shape`): an item the
    author wrote without a task id keeps the daily from GREAT and a section the text fills is not asked about, even
    when the model left them out; in CLARIFICATION mode (``message`` is an answer) only blockers without a task are
    asked about.  A question the model asked is kept in its wording (with «?» at its end); the verdict's question
    is added when the model asked none.
    """
    with daily_keys(message):  # the codes the daily writes as keys are its ids, as the parser reads them
        return _settled(output, message, mode, previous)


def _settled(output: dict[str, Any], message: str, mode: str, previous: dict[str, Any] | None) -> dict[str, Any]:
    daily = _without_foreign_ids(output["daily"], message, previous)
    initial = mode == "INITIAL"
    quality, clarification = daily_verdict(daily, message if initial else None, ask_missing=initial)
    if initial:
        # What the author wrote without a task id counts even when the model left it out: a section it fills is
        # not asked about — as offline (the verdict reads the text's own items already: daily_verdict).
        shape = text_shape(message)
        said_yesterday, said_today = shape.said_yesterday, shape.said_today
        filled = (said_yesterday and not daily["yesterday"]) or (said_today and not daily["today"])
        if filled and clarification["needs_clarification"]:
            said = {"task_id": None, "summary": ""}
            clarification = clarification_for(
                {
                    **daily,
                    "yesterday": daily["yesterday"] or ([said] if said_yesterday else []),
                    "today": daily["today"] or ([said] if said_today else []),
                },
                quality,
            )
    if not initial:
        quality = max(str(daily["quality"]), quality, key=_QUALITY_ORDER.index)
    if not initial and declines_task(message):
        clarification = {"needs_clarification": False, "question": ""}
    own = output.get("clarification") or {}
    if own.get("needs_clarification") and str(own.get("question") or "").strip():
        # The model's own wording wins when it asks too; a question always ends with «?».
        question = str(own["question"]).strip().rstrip(".!")
        clarification = {
            "needs_clarification": True,
            "question": question if question.endswith("?") else f"{question}?",
        }
    return {**output, "daily": {**daily, "quality": quality}, "clarification": clarification}


_QUALITY_ORDER = ("EMPTY", "TOO_SHORT", "NO_TASKS_MENTIONED", "DETAIL_OK", "GREAT")


def _without_foreign_ids(daily: dict[str, Any], message: str, previous: dict[str, Any] | None) -> dict[str, Any]:
    """``daily`` with every task id that neither ``message`` nor the ``previous`` daily names set to ``None``."""
    written = set(task_ids_in(message))
    if previous:
        written |= {i.get("task_id") for i in [*previous.get("yesterday", []), *previous.get("today", [])]}
        written |= {b.get("related_task_id") for b in previous.get("blockers", [])}

    def own(value: Any) -> Any:
        return value if value is None or value in written else None

    return {
        **daily,
        "yesterday": [{**i, "task_id": own(i.get("task_id"))} for i in daily["yesterday"]],
        "today": [{**i, "task_id": own(i.get("task_id"))} for i in daily["today"]],
        "blockers": [{**b, "related_task_id": own(b.get("related_task_id"))} for b in daily["blockers"]],
    }


def _hits(pattern: re.Pattern[str], text: str) -> list[str]:
    return list(dict.fromkeys(m.group(0).strip() for m in pattern.finditer(text)))


def faq_problems(text: str) -> list[str]:
    """Violations of seed 6's restrictions found in ``text`` (``[]`` when none is visible to the rules)."""
    problems = []
    for pattern, description in FAQ_RULES:
        hits = _hits(pattern, text)
        if hits:
            problems.append(f"{description}: {', '.join(f'«{h}»' for h in hits[:3])}")
    return problems


def advice_problems(text: str) -> list[str]:
    """Advice or proposed actions in ``text``."""
    hits = _hits(_ADVICE, text)
    return [f"советы или предложения действий: {', '.join(f'«{h}»' for h in hits[:3])}"] if hits else []


_NUMBER = re.compile(r"(?<![\w.,-])\d+(?:[.,]\d+)?(?![\w-])")
_LIST_MARKER = re.compile(r"^\s*\d{1,2}[.)]\s", re.MULTILINE)


def _canonical(number: float) -> str:
    if math.isfinite(number) and number == int(number):
        return str(int(number))
    return f"{number:.6g}"


def numbers_in(text: str) -> set[str]:
    """Numbers written in ``text`` (canonical form: ``"3,50"`` → ``"3.5"``), not counting list markers or digits
    inside task ids and words."""
    text = _LIST_MARKER.sub(" ", text)
    return {_canonical(float(m.group(0).replace(",", "."))) for m in _NUMBER.finditer(text)}


def facts_of(value: Any) -> tuple[set[str], set[str]]:
    """``(numbers, task ids)`` present anywhere in ``value`` (nested dicts/lists; strings are scanned too)."""
    numbers: set[str] = set()
    ids: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, bool) or node is None:
            return
        if isinstance(node, int | float):
            if math.isfinite(node):
                numbers.add(_canonical(float(node)))
                numbers.add(_canonical(round(float(node), 1)))
                numbers.add(_canonical(round(float(node))))
        elif isinstance(node, str):
            numbers.update(numbers_in(node))
            ids.update(task_ids_in(node))
        elif isinstance(node, dict):
            for key, item in node.items():
                walk(str(key))
                walk(item)
        elif isinstance(node, list | tuple | set):
            for item in node:
                walk(item)

    walk(value)
    return numbers, ids


def foreign_facts(text: str, sources: Iterable[Any]) -> list[str]:
    """Numbers and task ids in ``text`` that none of ``sources`` contains, as problems for the model."""
    numbers: set[str] = set()
    ids: set[str] = set()
    for source in sources:
        found_numbers, found_ids = facts_of(source)
        numbers |= found_numbers
        ids |= found_ids
    problems = []
    extra_numbers = sorted(numbers_in(text) - numbers)
    if extra_numbers:
        problems.append(f"числа, которых нет в данных: {', '.join(extra_numbers[:10])}")
    extra_ids = [i for i in task_ids_in(text) if i not in ids]
    if extra_ids:
        problems.append(f"ID задач, которых нет в данных: {', '.join(extra_ids[:10])}")
    return problems


def digest_problems(text: str, data: DigestData) -> list[str]:
    """Where a model's digest leaves seed 7's template: sections missing or out of order, items dropped, data
    invented, advice given."""
    problems = []
    positions = [text.find(section) for section in DIGEST_SECTIONS]
    if any(p < 0 for p in positions) or positions != sorted(positions):
        problems.append("нарушен шаблон: нужны разделы " + ", ".join(f"«{s}»" for s in DIGEST_SECTIONS) + " по порядку")
    expected = [t.id for t in data.current_tasks] + [b.task_id for b in data.blockers if b.task_id]
    missing = [i for i in dict.fromkeys(expected) if i != "NO_TASK_ID" and i not in text]
    if missing:
        problems.append(f"пропущены задачи из данных: {', '.join(missing[:10])}")
    counts = data.task_counts
    absent = [str(n) for n in (counts.in_progress, counts.in_review, counts.done) if str(n) not in numbers_in(text)]
    if absent:
        problems.append(f"пропущены счётчики задач: {', '.join(absent)}")
    problems += foreign_facts(text, [data.model_dump()])
    problems += advice_problems(text)
    return problems
