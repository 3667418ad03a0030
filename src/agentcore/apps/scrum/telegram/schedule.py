"""Reading ``/remind ЧЧ:ММ [дни] [часовой пояс]`` and ``/tz``, and the local times the scheduler works in."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo

from agentcore.apps.scrum.backend.errors import ScrumError

_DAYS = {"пн": 1, "вт": 2, "ср": 3, "чт": 4, "пт": 5, "сб": 6, "вс": 7}
_DAY_WORDS = {
    "будни": "12345",
    "ежедневно": "1234567",
    "каждый": "1234567",
    "все": "1234567",
    "выходные": "67",
}
_ALIASES = {"мск": "Europe/Moscow", "msk": "Europe/Moscow", "utc": "UTC", "gmt": "UTC"}
_OFFSET = re.compile(r"^(?:utc|gmt|мск)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)
DAY_NAMES = {1: "пн", 2: "вт", 3: "ср", 4: "чт", 5: "пт", 6: "сб", 7: "вс"}


class ScheduleError(ScrumError, ValueError):
    """The schedule could not be read (the message is for the user, in Russian)."""

    code = "bad_schedule"


@dataclass(frozen=True)
class Schedule:
    """``time`` ``HH:MM``, ``days`` ISO weekdays as digits (``"12345"``), ``timezone`` a name :func:`zone` reads."""

    time: str
    days: str
    timezone: str


def zone(name: str) -> tzinfo:
    """The tzinfo of a stored timezone name: an IANA name (``Europe/Moscow``) or ``UTC±HH:MM``.

    Raises:
        ScheduleError: unknown name.
    """
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    text = name.strip()
    alias = _ALIASES.get(text.lower())
    if alias:
        text = alias
    offset = _OFFSET.match(text.replace(" ", ""))
    if offset:
        sign, hours, minutes = offset.group(1), int(offset.group(2)), int(offset.group(3) or 0)
        if hours > 14 or minutes > 59:
            raise ScheduleError(f"Непонятный часовой пояс «{name}»")
        delta = timedelta(hours=hours, minutes=minutes)
        signed = delta if sign == "+" else -delta
        if text.lower().startswith("мск"):
            signed += timedelta(hours=3)
        return timezone(signed)
    if text == "UTC":
        return UTC
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise ScheduleError(f"Непонятный часовой пояс «{name}»: напиши, например, Europe/Moscow или UTC+3") from None


def canonical_zone(name: str) -> str:
    """The name to store for ``name`` (``МСК`` → ``Europe/Moscow``, ``utc+3`` → ``UTC+03:00``).

    Raises:
        ScheduleError: unknown name.
    """
    tz = zone(name)
    if isinstance(tz, timezone) and tz is not UTC:
        offset = tz.utcoffset(None)
        total = int(offset.total_seconds()) // 60
        sign = "+" if total >= 0 else "-"
        return f"UTC{sign}{abs(total) // 60:02d}:{abs(total) % 60:02d}"
    return str(getattr(tz, "key", "UTC"))


def _days(words: list[str]) -> str:
    found: set[int] = set()
    for word in words:
        for part in word.lower().split(","):
            part = part.strip()
            if not part:
                continue
            if part in _DAY_WORDS:
                found.update(int(d) for d in _DAY_WORDS[part])
            elif part in ("день", "дни"):
                continue
            elif "-" in part and all(p in _DAYS for p in part.split("-", 1)):
                start, end = (_DAYS[p] for p in part.split("-", 1))
                day = start
                while True:
                    found.add(day)
                    if day == end:
                        break
                    day = day % 7 + 1
            elif part in _DAYS:
                found.add(_DAYS[part])
            else:
                raise ScheduleError(f"Непонятные дни «{part}»: пиши пн-пт, будни, ежедневно или пн,ср,пт")
    return "".join(str(d) for d in sorted(found))


def parse_remind(args: str, default_days: str, default_zone: str) -> Schedule:
    """``ЧЧ:ММ [дни] [часовой пояс]`` → :class:`Schedule` (days and zone default to the team's).

    Raises:
        ScheduleError: no time, a wrong time, unknown days or zone.
    """
    words = args.split()
    if not words:
        raise ScheduleError("Не указано время")
    match = re.fullmatch(r"(\d{1,2})[:.](\d{2})", words[0])
    if not match or int(match.group(1)) > 23 or int(match.group(2)) > 59:
        raise ScheduleError(f"Непонятное время «{words[0]}»: пиши ЧЧ:ММ, например 09:30")
    at = f"{int(match.group(1)):02d}:{match.group(2)}"
    rest = words[1:]
    tz_name = default_zone
    if rest:
        last = rest[-1]
        looks_like_zone = "/" in last or _OFFSET.match(last) or last.lower() in _ALIASES
        if looks_like_zone:
            tz_name = canonical_zone(last)
            rest = rest[:-1]
    days = _days(rest) if rest else default_days
    if not days:
        raise ScheduleError("Не указаны дни")
    return Schedule(at, days, tz_name)


def days_text(days: str) -> str:
    """``"12345"`` → ``пн-пт``; otherwise the day names."""
    if days == "12345":
        return "пн-пт"
    if days == "1234567":
        return "ежедневно"
    return ",".join(DAY_NAMES[int(d)] for d in days)


def at_time(text: str) -> time:
    """``"09:30"`` → ``time(9, 30)``."""
    hours, minutes = text.split(":")
    return time(int(hours), int(minutes))


def local_day_start(day: date, tz: tzinfo) -> datetime:
    """Midnight of ``day`` in ``tz``, as UTC."""
    return datetime.combine(day, time(0, 0), tzinfo=tz).astimezone(UTC)
