"""The places a question names, for the example agent's offline rules: known cities (with their time zones) and any
other geographic name the morphology recognises.

    named_places("Какая погода в Москве и Риме?")  → [Place("Москва", "Europe/Moscow"), Place("Рим", None)]
    named_places("Который час в Бобруйске?")       → [Place("Бобруйск", None)]

A known city is one of :data:`CITIES` (written in any case, Russian or English).  Any other place is a Russian word
pymorphy3 tags as a geographic name (``Geox``) — written with a capital, or after «в»/«во» — or a capitalised word
after «в»/«во» pymorphy3 does not know («в Манжероке»); an adjective written with a capital just before it belongs
to the name («в Великом Новгороде»).  Each is given in the nominative, capitals as typed, its first letter always
a capital.  Without pymorphy3 only the known cities and capitalised words after «в»/«во» (as written) are found.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

__all__ = ["CITIES", "Place", "named_places"]

CITIES: tuple[tuple[str, str, str], ...] = (  # name, pattern, IANA zone
    ("Москва", r"москв|\bмск\b|moscow", "Europe/Moscow"),
    ("Санкт-Петербург", r"петербург|\bспб\b|питер", "Europe/Moscow"),
    ("Казань", r"казан[ьи]|kazan", "Europe/Moscow"),
    ("Самара", r"самар[аеуы]|samara", "Europe/Samara"),
    ("Екатеринбург", r"екатеринбург|yekaterinburg", "Asia/Yekaterinburg"),
    ("Омск", r"(?<![а-яё])омск", "Asia/Omsk"),
    ("Новосибирск", r"новосибирск|novosibirsk", "Asia/Novosibirsk"),
    ("Красноярск", r"красноярск", "Asia/Krasnoyarsk"),
    ("Иркутск", r"иркутск", "Asia/Irkutsk"),
    ("Владивосток", r"владивосток|vladivostok", "Asia/Vladivostok"),
    ("Калининград", r"калининград|kaliningrad", "Europe/Kaliningrad"),
    ("Лондон", r"лондон|london", "Europe/London"),
    ("Нью-Йорк", r"нью-йорк|new york", "America/New_York"),
    ("Токио", r"токио|tokyo", "Asia/Tokyo"),
    ("Минск", r"минск|minsk", "Europe/Minsk"),
    ("Сочи", r"(?<![а-яё])сочи(?![а-яё])|sochi", "Europe/Moscow"),
    ("Нижний Новгород", r"нижн\w* новгород\w*", "Europe/Moscow"),
    ("Уфа", r"(?<![а-яё])уф(?:а|е|у|ы|ой)(?![а-яё])|\bufa\b", "Asia/Yekaterinburg"),
    ("Пермь", r"(?<![а-яё])перм(?:ь|и|ью)(?![а-яё])|\bperm\b", "Asia/Yekaterinburg"),
    ("Челябинск", r"челябинск", "Asia/Yekaterinburg"),
    ("Хабаровск", r"хабаровск", "Asia/Vladivostok"),
    ("Ташкент", r"ташкент|tashkent", "Asia/Tashkent"),
    ("Алматы", r"алмат[аы]|almaty", "Asia/Almaty"),
    ("Берлин", r"берлин|berlin", "Europe/Berlin"),
    ("Париж", r"париж|paris", "Europe/Paris"),
    ("Пекин", r"пекин|beijing", "Asia/Shanghai"),
    ("Дубай", r"дуба[йея]|dubai", "Asia/Dubai"),
    ("Стамбул", r"стамбул|istanbul", "Europe/Istanbul"),
)
_WORD = re.compile(r"[А-ЯЁа-яё]+(?:-[А-ЯЁа-яё]+)*")
_IN = frozenset({"в", "во"})
_GEOX_SCORE = 0.3  # a capitalised word is a place when a reading this likely is a geographic name («Орле», not «Анне»)


class Place(NamedTuple):
    """A place a question names: its name in the nominative and, for a known city, its IANA time zone."""

    name: str
    zone: str | None


def _geox(word: str) -> Any:
    """The most likely geographic-name reading of ``word`` (lower case), or None."""
    from agentcore.text.morphology import parses

    readings = [p for p in parses(word) if "Geox" in p.tag and p.score >= _GEOX_SCORE]
    return max(readings, key=lambda p: p.score) if readings else None


def _capital_adjective(word: str) -> bool:
    """True for an adjective written with a capital («Великом»): the start of a name that goes on."""
    from agentcore.text.morphology import parses

    readings = parses(word.lower())
    return word[:1].isupper() and bool(readings) and readings[0].tag.POS == "ADJF"


def _other_place(words: list[re.Match[str]], index: int) -> tuple[int, str] | None:
    """``(start, nominative name)`` when the word at ``index`` ends the name of a place that is not a known city
    (with the capitalised adjectives just before it), else None."""
    from agentcore.text.morphology import morph_analyzer, to_nominative, with_capitals_of

    word = words[index].group()
    capital = word[:1].isupper()
    if index + 1 < len(words) and capital and words[index + 1].group()[:1].isupper() and _capital_adjective(word):
        return None  # «Великом» in «в Великом Новгороде»: the noun after it carries the name
    start = index
    if morph_analyzer() is not None:
        while start > 0 and _capital_adjective(words[start - 1].group()):
            start -= 1
    after_in = start > 0 and words[start - 1].group().lower() in _IN
    if morph_analyzer() is None:
        return (words[index].start(), word) if capital and after_in else None
    reading = _geox(word.lower())
    if not ((reading is not None and (capital or after_in)) or (capital and after_in)):
        return None
    if start == index and reading is not None:
        return words[index].start(), with_capitals_of(word, str(reading.normal_form))
    phrase = " ".join(w.group() for w in words[start : index + 1])
    case = str(reading.tag.case) if reading is not None else "loct"
    return words[start].start(), to_nominative(phrase, case)


def named_places(text: str) -> list[Place]:
    """Every place ``text`` names, in the order it names them, each once (see the module's docstring)."""
    found: list[tuple[int, Place]] = []
    taken: list[tuple[int, int]] = []
    for name, pattern, zone in CITIES:
        match = re.search(pattern, text, re.IGNORECASE)
        if match is not None:
            found.append((match.start(), Place(name, zone)))
            taken.append(match.span())
    words = list(_WORD.finditer(text))
    for index, word in enumerate(words):
        if any(word.start() < end and start < word.end() for start, end in taken):
            continue
        other = _other_place(words, index)
        if other is not None:  # a proper name: a capital even when typed in lower case («в риме» → «Рим»)
            found.append((other[0], Place(other[1][:1].upper() + other[1][1:], None)))
    places: list[Place] = []
    for _, place in sorted(found, key=lambda item: item[0]):
        if place.name.lower() not in {p.name.lower() for p in places}:
            places.append(place)
    return places
