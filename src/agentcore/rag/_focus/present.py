"""Questions about the moment of asking («Который час?», «Какое сегодня число?»): no document states it.

A knowledge base states rules and facts that hold whenever they are read; the current time, today's date or
weekday belong to the moment a question is asked.  A part asks for that moment when it asks the clock or the
calendar («который час», «сколько времени», «какое число», «какой день») and names nothing else — every subject
term it has is a word of the clock, the calendar or the present («сейчас», «сегодня»).  «Во сколько начинаются
основные часы?» names a subject; «Сколько времени занимает онбординг?» too: neither is about the present.
"""

from __future__ import annotations

import re

from agentcore.rag._focus.parts import Part

_CLOCK_OR_CALENDAR_RE = re.compile(
    r"\b(?:котор\w+\s+(?:сейчас\s+)?час|скольк\w*\s+(?:сейчас\s+)?времени|как\w+\s+(?:сейчас\s+|сегодня\s+)?"
    r"(?:число|дата|день)|what\s+time|what\s+(?:day|date))\b",
    re.IGNORECASE,
)
_PRESENT_WORDS = frozenset(
    {"сейчас", "сегодня", "нынче", "час", "время", "число", "дата", "день", "неделя", "today", "now", "time", "date"}
)


def asks_the_present(part: Part) -> bool:
    """Whether ``part`` asks for the current time, date or weekday and for nothing else."""
    if not _CLOCK_OR_CALENDAR_RE.search(part.text):
        return False
    return all(term in _PRESENT_WORDS for term in part.terms)
