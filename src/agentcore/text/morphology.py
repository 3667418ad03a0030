"""Russian morphology with pymorphy3 (dictionaries ship in a wheel): one analyzer per process, and the nominative.

    to_nominative("кота")                  → "кот"
    to_nominative("зиму")                  → "зима"
    to_nominative("зимней ночи", "loct")   → "зимняя ночь"     (the case the preposition «о» asks for)
    to_nominative("кота и собаку")         → "кот и собака"
    to_nominative("шум дождя")             → "шум дождя"       (a dependent genitive stays as it is)
    to_nominative("8 марта")               → "8 марта"         (so does a noun after a number)

Without pymorphy3 the text is returned unchanged.
"""

from __future__ import annotations

import logging
import re
import threading
from functools import lru_cache
from typing import Any

__all__ = [
    "VERB_FORMS",
    "first_reading",
    "is_verb_form",
    "known_word",
    "morph_analyzer",
    "parses",
    "pos_of",
    "pos_readings",
    "to_nominative",
    "with_capitals_of",
]

logger = logging.getLogger("agentcore.text.morphology")

_lock = threading.Lock()
_morph: Any = None
_missing = False

_WORD_RE = re.compile(r"([А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*)")
_CONJUNCTIONS = frozenset({"и", "или", "да", "а", "либо"})
_CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct", "voct", "gen2", "acc2", "loc2"})
_BASE_CASE = {"gen2": "gent", "acc2": "accs", "loc2": "loct"}  # «в году», «чаю»: second cases count as the first


def _case(parse: Any) -> str | None:
    case = parse.tag.case
    return _BASE_CASE.get(case, case) if case else None


def morph_analyzer() -> Any:
    """The process-wide ``pymorphy3.MorphAnalyzer`` (loaded once, ~0.3 s), or ``None`` without pymorphy3.

    pymorphy3's analyzer is safe to share between threads for parsing and inflecting.
    """
    global _morph, _missing
    if _morph is None and not _missing:
        with _lock:
            if _morph is None and not _missing:
                try:
                    import pymorphy3
                except ImportError:  # pragma: no cover - a dependency; keep working without it
                    logger.warning("pymorphy3 is not installed: Russian words are used without inflection")
                    _missing = True
                else:
                    _morph = pymorphy3.MorphAnalyzer(lang="ru")
    return _morph


@lru_cache(maxsize=32768)
def parses(word: str) -> tuple[Any, ...]:
    """pymorphy3's readings of ``word`` as written (callers lower-case it), most likely first — one cache for the
    whole process, so a word the readers of a text ask about again and again is analysed once; ``()`` without
    pymorphy3.  The readings are pymorphy3's ``Parse`` tuples, immutable, so sharing them is safe."""
    morph = morph_analyzer()
    return () if morph is None else tuple(morph.parse(word))


@lru_cache(maxsize=65536)
def known_word(word: str) -> bool:
    """Whether pymorphy3's dictionary has ``word`` as written (callers lower-case it; «е» also finds «ё»); cached:
    a look-up costs ~50 µs.  ``False`` without pymorphy3.  A known word's readings are all the dictionary's, so its
    normal form is the first form of one of its lexemes."""
    morph = morph_analyzer()
    return bool(morph is not None and morph.word_is_known(word))


@lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    """pymorphy3's normal form of ``word``'s most likely reading, lower case, «ё» → «е»; the word itself (lower case,
    «ё» → «е») when it is not Cyrillic or pymorphy3 is not installed.  The one lemma of the search lexicon
    (:mod:`agentcore.rag._lexicon`) and the focus check's words (:func:`agentcore.rag._focus.words.lemma_of`)."""
    word = word.lower().replace("ё", "е")
    if not re.fullmatch(r"[а-я-]+", word):
        return word
    readings = parses(word)
    return str(readings[0].normal_form).replace("ё", "е") if readings else word


VERB_FORMS = frozenset({"VERB", "INFN", "PRTF", "PRTS", "GRND"})
"""pymorphy3's parts of speech of a verb's forms: finite, infinitive, full and short participle, gerund."""


def pos_of(word: str) -> str:
    """pymorphy3's part of speech of the most likely reading of ``word`` as written (callers lower-case it):
    ``"NOUN"``, ``"VERB"``, ``"INFN"``, ``"PREP"`` …; ``""`` without pymorphy3 or for a token with none (a number,
    a Latin word)."""
    return first_reading(word)[0]


def first_reading(word: str) -> tuple[str, str]:
    """The part of speech (as :func:`pos_of`) and the normal form of the most likely reading of ``word`` as written;
    ``("", word)`` without pymorphy3."""
    readings = parses(word)
    if not readings:
        return "", word
    pos = readings[0].tag.POS
    return (str(pos) if pos else ""), str(readings[0].normal_form)


def pos_readings(word: str, readings: int) -> frozenset[str]:
    """The parts of speech of the first ``readings`` readings of ``word`` (as written): what it may be read as
    («стекло» — a noun or a verb)."""
    return frozenset(str(p.tag.POS) for p in parses(word)[:readings] if p.tag.POS)


def is_verb_form(word: str) -> bool:
    """Whether the most likely reading of ``word`` (as written) is a form of a verb (:data:`VERB_FORMS`)."""
    return pos_of(word) in VERB_FORMS


def with_capitals_of(original: str, word: str) -> str:
    """``word`` (a form of ``original``) with the capitals of ``original`` as typed: the first letter of each
    hyphenated part («Санкт-Петербурге» → «санкт-петербург» → «Санкт-Петербург»)."""
    typed = original.split("-")
    parts = word.split("-")
    for index, part in enumerate(parts):
        if index < len(typed) and typed[index][:1].isupper():
            parts[index] = part[:1].upper() + part[1:]
    return "-".join(parts)


def _head_parse(parses: list[Any], case: str | None) -> Any:
    """The most likely noun reading of a word, preferring the expected case."""
    nouns = [p for p in parses if p.tag.POS == "NOUN"]
    if not nouns:
        return None
    if parses[0].tag.POS != "NOUN" and max(p.score for p in nouns) < 0.1:
        return None  # mostly another part of speech («знать», «стекло» as a verb)
    if case is not None:
        wanted = [p for p in nouns if _case(p) == _BASE_CASE.get(case, case)]
        if wanted:
            return max(wanted, key=lambda p: p.score)
    return max(nouns, key=lambda p: p.score)


def _modifier(parses: list[Any], head: Any) -> Any:
    """The reading of a word as an adjective/participle agreeing with ``head``, if it has one."""
    for parse in parses:
        tag = parse.tag
        if tag.POS not in {"ADJF", "PRTF"} or _case(parse) != _case(head) or tag.number != head.tag.number:
            continue
        if tag.number == "sing" and tag.gender != head.tag.gender and head.tag.gender is not None:
            continue
        return parse
    return None


def _already_nominative(parses: list[Any], chosen: Any) -> bool:
    """True when the word can already be the nominative of ``chosen``'s lemma and number («лес», «цветы»)."""
    return any(
        p.tag.case == "nomn" and p.normal_form == chosen.normal_form and p.tag.number == chosen.tag.number
        for p in parses
    )


def _segment(words: list[str], case: str | None) -> dict[int, str]:
    """New forms (by index in ``words``) for the noun phrase at the start of one coordinated part."""
    readings = [list(parses(word.lower())) for word in words]
    for index, options in enumerate(readings):
        adjective = any(p.tag.POS in {"ADJF", "PRTF"} for p in options)
        if adjective and index + 1 < len(words) and options[0].tag.POS in {"ADJF", "PRTF"}:
            continue  # an adjective before its noun («рыжего кота»)
        head = _head_parse(options, case)
        if head is None:
            if adjective:
                continue
            return {}  # the phrase does not start with a noun phrase: leave it alone
        replacements: dict[int, str] = {}
        number = head.tag.number or "sing"
        nominative = head.inflect({"nomn", number}) or head.inflect({"nomn"})
        if nominative is None:
            return {}
        if not _already_nominative(options, head):
            replacements[index] = nominative.word
        for before in range(index):
            modifier = _modifier(readings[before], head)
            if modifier is None:
                return {}
            if _already_nominative(readings[before], modifier) and index not in replacements:
                continue
            wanted = {"nomn", number} if number == "plur" else {"nomn", "sing", str(nominative.tag.gender or "masc")}
            form = modifier.inflect(wanted)
            if form is None:
                return {}
            replacements[before] = form.word
        return replacements
    return {}


def to_nominative(phrase: str, case: str | None = None) -> str:
    """``phrase`` with the noun phrase that opens each coordinated part put into the nominative.

    Args:
        phrase: a theme or a short noun phrase in any case («кота», «о зимней ночи» without the preposition).
        case: the case the phrase is most likely in (``"accs"`` after «про», ``"loct"`` after «о», ``"gent"``
            after «на тему»); it settles ambiguous forms such as «ночи».

    Returns:
        the phrase with its head nouns and their adjectives in the nominative (number kept), everything else —
        dependents, punctuation, spacing, capitals — as typed.  Unchanged when no noun leads a part, or without
        pymorphy3.
    """
    morph = morph_analyzer()
    if morph is None or not _WORD_RE.search(phrase):
        return phrase
    if case is not None and case not in _CASES:
        raise ValueError(f"unknown grammatical case {case!r}")
    pieces = _WORD_RE.split(phrase)  # separators at even indexes, words at odd ones
    segments: list[list[int]] = [[]]
    for position in range(1, len(pieces), 2):
        word = pieces[position]
        if word.lower() in _CONJUNCTIONS or "," in pieces[position - 1]:
            segments.append([])
        if word.lower() not in _CONJUNCTIONS:
            segments[-1].append(position)
    for segment in segments:
        if not segment or any(ch.isdigit() for ch in pieces[segment[0] - 1]):
            continue  # «8 марта», «2 недели»: a noun after a number keeps the case the number gives it
        words = [pieces[position] for position in segment]
        for index, word in _segment(words, case).items():
            pieces[segment[index]] = with_capitals_of(words[index], word)
    return "".join(pieces)
