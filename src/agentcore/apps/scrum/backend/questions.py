"""Analytics questions the backend answers itself, from stored data, without the seed's four intents.

Seed 5's ANALYTICS step 1 knows four intents (TEAM_OVERVIEW, TEAM_RISKS, WORKLOAD, RELEASE_BLOCKERS) and calls
everything else unsupported.  A team lead also asks about one task, one person or a date; those are answered by
the backend (:mod:`agentcore.apps.scrum.backend.answers`) before any model call, and ``agent_process`` keeps the
seed's contract untouched:

* ``TASK_STATUS`` — a task id in the question («что с TASK-4?», «кто делает PAY-12?»);
* ``FORECAST`` — will the work be done by a date («успеем к пятнице?», «когда закроем спринт?», «прогноз»);
* ``MEMBER_STATUS`` — a member named (by name in any case, «что у Анны?», or by id) and no task id;
* ``DAILY_STATUS`` — who has not sent today's daily («Кто не прислал daily сегодня?», «кто ещё не отписался»,
  «у кого нет дейли», «все ли отписались?»): the fact is in TEAM_OVERVIEW's data, but the seed's intents would
  answer with the whole overview (or WORKLOAD's table), not with the names asked for.

:func:`classify` gives the label the whole pipeline ends with offline (these three, else the offline intent of
ANALYTICS step 1, else ``UNSUPPORTED``) — what the labelled set measures.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Literal

from agentcore.apps.scrum.backend.models import MemberInfo
from agentcore.apps.scrum.daily_parser import task_ids_in
from agentcore.apps.scrum.question_grammar import asks_forecast, asks_what_hinders, commands_an_act

BackendKind = Literal["TASK_STATUS", "FORECAST", "MEMBER_STATUS", "DAILY_STATUS"]
BACKEND_KINDS: tuple[BackendKind, ...] = ("TASK_STATUS", "FORECAST", "MEMBER_STATUS", "DAILY_STATUS")

_DAILY_WORD = r"(?:дейли\w*|дэйли\w*|daily|стендап\w*|stand-?ups?|статус\w*\s+за\s+сегодня)"
_NO_DAILY = re.compile(
    # «кто не прислал daily», «у кого нет дейли», «кто сегодня без дейли»
    rf"\b(?:кто|у\s+кого|кого)\b[^.?!]{{0,40}}?\b(?:не|нет|без)\b[^.?!]{{0,30}}?{_DAILY_WORD}|"
    # «кто ещё не отписался», «кто не отчитался сегодня»
    r"\bкто\b[^.?!]{0,25}?\bне\s+(?:отпис|отчит)\w*|"
    # verbs of omitting it: «кто пропустил стендап?», «кто забыл про дейли», «who skipped the standup»
    rf"\b(?:кто|who)\b[^.?!]{{0,25}}?\b(?:пропуст|пропуска|забы|проспа|прогуля|missed|skipped|forgot)\w*"
    rf"[^.?!]{{0,25}}?{_DAILY_WORD}|"
    # «все ли прислали дейли?», «все ли отписались»
    r"\bвсе\s+ли\b[^.?!]{0,25}?(?:прислал|отправил|отписал|сдал|отчитал|написал|скинул)\w*|"
    # «who hasn't sent the daily», «who did not post a standup»
    rf"\bwho\b[^.?!]{{0,30}}?\b(?:hasn't|has\s+not|haven't|didn't|did\s+not|no)\b[^.?!]{{0,30}}?{_DAILY_WORD}",
    re.IGNORECASE,
)

_FORECAST = re.compile(
    r"успе(?:ем|ваем|ет|ют|вает|вают|ть)\w*|не\s+успе\w*|сорв[ёе]м|сорвут|закро(?:ем|ют)\s+ли|"
    r"когда\s+(?:закончим|закроем|доделаем|будет\s+готов\w*|всё\s+будет|закончат|доделают|релиз\w*)|"
    r"(?:к|до)\s+(?:концу\s+спринта|пятниц\w*|понедельник\w*|вторник\w*|сред[еуы]|четверг\w*|"
    r"\d{1,2}[./]\d{1,2}\w*|\d{1,2}\s+(?:января|февраля|марта|апреля|мая|июня|июля|августа|сентября|"
    r"октября|ноября|декабря))\s*(?:успе\w*|законч\w*|закро\w*|сдад\w*|будет)|"
    r"хватит\s+ли\s+(?:времени|дней)|в\s+срок\w*\s*\?|укладываемся|уложимся|\bon\s+track\b",
    re.IGNORECASE,
)
_FORECAST_WORD = re.compile(r"прогноз\w*|\bforecast\b", re.IGNORECASE)
"""«прогноз» alone asks for a forecast — unless it qualifies an overview («статус спринта, с прогнозом»: seed 5.2's
EXTENDED overview, which carries the forecast)."""
_OVERVIEW = re.compile(r"статус\w*|обзор\w*|сводк\w*|отч[её]т\w*|overview", re.IGNORECASE)
_WEEKDAYS = {
    "понедельник": 0,
    "вторник": 1,
    "сред": 2,
    "четверг": 3,
    "пятниц": 4,
    "суббот": 5,
    "воскресень": 6,
}
_MONTHS = (
    "января",
    "февраля",
    "марта",
    "апреля",
    "мая",
    "июня",
    "июля",
    "августа",
    "сентября",
    "октября",
    "ноября",
    "декабря",
)
_DEADLINE_WEEKDAY = re.compile(r"(?:к|до|в)\s+(понедельник|вторник|сред|четверг|пятниц|суббот|воскресень)\w*", re.I)
_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DEADLINE_WEEKDAY_EN = re.compile(rf"\b(?:by|before|until|till|on)\s+({'|'.join(_WEEKDAYS_EN)})\b", re.IGNORECASE)
_DEADLINE_NUMERIC = re.compile(r"(?:к|до)\s+(\d{1,2})[./](\d{1,2})(?:[./](\d{2,4}))?")
_DEADLINE_WORDS = re.compile(rf"(?:к|до)\s+(\d{{1,2}})\s+({'|'.join(_MONTHS)})", re.IGNORECASE)
_TOMORROW = re.compile(r"\b(?:к|до)\s+завтр\w*|\bзавтра\b", re.IGNORECASE)
_WEEK_END = re.compile(
    r"(?:к\s+концу|до\s+конц[аеу]|в\s+конце)\s+(?:этой\s+)?недел\w*|\bна\s+этой\s+неделе|\bк\s+выходным",
    re.IGNORECASE,
)
"""«к концу недели», «до конца недели» (the common form: it fell through to the sprint's end), «на этой неделе»."""


@dataclass(frozen=True)
class BackendQuestion:
    """A question the backend answers itself: its kind, the task ids / member it names, the deadline it gives."""

    kind: BackendKind
    task_ids: tuple[str, ...] = ()
    member: MemberInfo | None = None
    deadline: date | None = None
    deadline_words: str | None = None


def _stem(name: str) -> str:
    """The part of a Russian first name every case keeps («Анна» → «Ан», «Борис» → «Борис», «Вера» → «Вер»)."""
    lowered = name.lower()
    if lowered.endswith(("ия", "ья")):
        return lowered[:-2]
    if lowered.endswith(("а", "я", "й", "ь", "о")):
        return lowered[:-1]
    return lowered


_CASE_ENDINGS = frozenset(("", "а", "я", "ы", "и", "е", "у", "ю", "ой", "ей", "ом", "ем", "ою", "ею", "ия", "ии", "ью"))
_WORD = re.compile(r"[A-Za-zА-Яа-яЁё0-9_-]+")


def named_member(message: str, members: Iterable[MemberInfo]) -> MemberInfo | None:
    """The member ``message`` names — by id (``anna``) or by first name in any case («у Анны», «Борису») — if
    exactly one is named."""
    words = [w.lower() for w in _WORD.findall(message)]
    found: dict[str, MemberInfo] = {}
    for member in members:
        first = member.name.split()[0] if member.name.split() else member.name
        stem = _stem(first)
        for word in words:
            if word == member.slug or (len(stem) >= 2 and word.startswith(stem) and word[len(stem) :] in _CASE_ENDINGS):
                found[member.slug] = member
    return next(iter(found.values())) if len(found) == 1 else None


def deadline_of(message: str, today: date, sprint_end: date | None) -> tuple[date | None, str | None]:
    """The date a forecast question asks about and how it was said; the sprint's end when none is said."""
    if match := _DEADLINE_WEEKDAY.search(message):
        weekday = next(v for k, v in _WEEKDAYS.items() if match.group(1).lower().startswith(k))
        ahead = (weekday - today.weekday()) % 7
        return today + timedelta(days=ahead), match.group(0)
    if match := _DEADLINE_WEEKDAY_EN.search(message):  # «by Friday»
        weekday = _WEEKDAYS_EN.index(match.group(1).lower())
        return today + timedelta(days=(weekday - today.weekday()) % 7), match.group(0)
    if match := _DEADLINE_NUMERIC.search(message):
        day, month, year = int(match.group(1)), int(match.group(2)), match.group(3)
        full_year = today.year if year is None else (2000 + int(year) if len(year) == 2 else int(year))
        try:
            found = date(full_year, month, day)
        except ValueError:
            return None, match.group(0)
        if year is None and found < today:
            found = found.replace(year=found.year + 1)
        return found, match.group(0)
    if match := _DEADLINE_WORDS.search(message):
        month = _MONTHS.index(match.group(2).lower()) + 1
        try:
            found = date(today.year, month, int(match.group(1)))
        except ValueError:
            return None, match.group(0)
        return (found if found >= today else found.replace(year=found.year + 1)), match.group(0)
    if match := _TOMORROW.search(message):
        return today + timedelta(days=1), match.group(0)
    if match := _WEEK_END.search(message):
        return today + timedelta(days=4 - today.weekday() if today.weekday() <= 4 else 0), match.group(0)
    if sprint_end is not None:
        return sprint_end, "к концу спринта"
    return None, None


def recognise(
    message: str, members: Iterable[MemberInfo], today: date, sprint_end: date | None = None
) -> BackendQuestion | None:
    """The backend's own question in ``message``, or ``None`` (then ANALYTICS step 1 decides)."""
    ids = tuple(i for i in task_ids_in(message) if not re.fullmatch(r"(?i)(?:utf|iso|sha|md|x|mp|h)-\d+", i))
    if ids:
        return BackendQuestion("TASK_STATUS", task_ids=ids)
    if _NO_DAILY.search(message):
        return BackendQuestion("DAILY_STATUS")
    if (
        asks_forecast(message)
        or _FORECAST.search(message)
        or (_FORECAST_WORD.search(message) and not _OVERVIEW.search(message))
    ) and not asks_what_hinders(message):
        deadline, words = deadline_of(message, today, sprint_end)
        return BackendQuestion("FORECAST", deadline=deadline, deadline_words=words)
    member = named_member(message, members)
    if member is not None and not commands_an_act(message):
        return BackendQuestion("MEMBER_STATUS", member=member)
    return None


def classify(message: str, members: Iterable[MemberInfo], today: date, sprint_end: date | None = None) -> str:
    """The label the analytics pipeline ends with offline: a backend kind, a seed intent or ``UNSUPPORTED``."""
    from agentcore.apps.scrum.intents import detect_intent

    own = recognise(message, members, today, sprint_end)
    if own is not None:
        return own.kind
    return detect_intent(message).intent
