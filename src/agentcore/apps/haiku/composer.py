"""The offline composer: a real 5-7-5 haiku on any theme, deterministic per theme, without a language model.

How a haiku is built:

1. The theme is read into fillers (:mod:`agentcore.apps.haiku.theme`): the noun phrase in all its cases, the
   phrase as typed, the main noun alone, or an adjective / infinitive / adverb.
2. A ``random.Random`` seeded by SHA-256 of the normalised theme picks, in a reproducible order, the season
   (unless the theme names one) and the time of day, the line for the theme and a template for it, and fills
   the template's other slots from the lexicon so that the line has exactly the syllables it needs.  Slot
   fillers are combined by their counted syllables, adjectives and verbs agree with the subject and suit what
   it is (its kind's features: a bird sings, a lamp glows, only what smells is «пахнет ...»), every item fits
   the season and the time of day, and no word stem repeats in the haiku.
3. The other two lines come from the same templates with lexicon subjects of the same season.
4. If no filler of the theme fits any line (a word of 8+ syllables, text without Cyrillic letters), all three
   lines are seasonal lines from the lexicon — still 5-7-5, the theme is simply not named.

Every line is counted again by :func:`~agentcore.apps.haiku.syllables.count_line_syllables` before the haiku is
returned; a result that is not 5-7-5 is never returned (a fixed, verified haiku would take its place).
"""

from __future__ import annotations

import hashlib
import logging
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from agentcore.apps.haiku.lexicon import (
    ANY_KIND,
    Agree,
    Lexicon,
    Lit,
    Noun,
    Slot,
    Template,
    fits_features,
    fits_season,
    fits_time,
    load_lexicon,
)
from agentcore.apps.haiku.models import TARGET_SYLLABLES, Haiku
from agentcore.apps.haiku.syllables import count_syllables
from agentcore.apps.haiku.theme import ThemeFiller, analyse_theme

logger = logging.getLogger("agentcore.haiku")

# Bashō's frog, retold in 5-7-5; used only if composition ever failed (it cannot with the shipped lexicon).
FALLBACK_LINES: tuple[str, str, str] = ("Тихий старый пруд", "Вдруг прыгнула лягушка", "Всплеск — и тишина")

# Upper bound on search steps per template, so an unlucky template costs microseconds, not seconds.
_SEARCH_BUDGET = 4000
_WORD = re.compile(r"[а-яё]+", re.IGNORECASE)
_VOWEL_START = frozenset("аоуэиы")
_PREFIXES = ("при", "про", "пере", "под", "над", "раз", "рас", "за", "по", "вы", "от", "на", "из", "у", "с")


def theme_seed(normalized_theme: str) -> int:
    """A stable 64-bit seed for a normalised theme (the same in every process and on every machine)."""
    return int.from_bytes(hashlib.sha256(normalized_theme.encode("utf-8")).digest()[:8], "big")


def compose_offline(theme: str, lexicon: Lexicon | None = None) -> Haiku:
    """A 5-7-5 haiku on ``theme`` (any string), the same for the same normalised theme.

    The theme (or its main noun) appears in the haiku whenever one of its fillers fits a line exactly;
    ``Haiku.theme_word`` names what was placed, ``None`` when the haiku is seasonal only.
    """
    lexicon = lexicon or load_lexicon()
    analysis = analyse_theme(theme, lexicon)
    rng = random.Random(theme_seed(analysis.normalized))
    known = _theme_noun(analysis.fillers, lexicon)
    if analysis.season:
        season = analysis.season
    elif known is not None and known.seasons:
        season = rng.choice(known.seasons)
    else:
        season = rng.choice(lexicon.seasons)
    time: str | None = None
    if known is not None and known.times:
        time = rng.choice(known.times)
    elif lexicon.times:
        time = rng.choice(lexicon.times)
    lines, theme_word = _Composer(lexicon, season, rng, analysis.words, time).compose(analysis.fillers)
    haiku = Haiku.from_lines(lines, source="offline", theme_word=theme_word)
    if not haiku.is_575:  # the composer builds by counts; this keeps the guarantee if the lexicon ever breaks it
        logger.error("offline composer produced %s for theme %r; using the fallback haiku", lines, theme)
        haiku = Haiku.from_lines(FALLBACK_LINES, source="offline")
    return haiku


def _theme_noun(fillers: Sequence[ThemeFiller], lexicon: Lexicon) -> Noun | None:
    """The lexicon noun the theme is about (its first noun filler's head), if any."""
    for filler in fillers:
        if filler.role == "S" and filler.noun is not None and filler.noun.kind != ANY_KIND:
            for word in [filler.noun.nom, *filler.noun.nom.split()]:
                known = lexicon.noun_by_nom(word)
                if known is not None:
                    return known
    return None


@dataclass(frozen=True)
class _Option:
    """One way to fill a template part: its text, counted syllables and word stems (for repetition checks).

    ``stems`` may also hold grammatical marks (``~past``) so that fillers that cannot share a line clash the way
    repeated words do: a past-tense verb and an adverb that needs the present both carry ``~past``; a present
    verb and an adverb that needs the past («вдруг») both carry ``~pres``.
    """

    text: str
    count: int
    stems: frozenset[str] = frozenset()
    is_theme: bool = False


@lru_cache(maxsize=4096)
def _stems(text: str) -> frozenset[str]:
    """Crude stems of the words of three letters or more: their first three letters, and the same after a
    common verbal prefix — so «тихий», «тихо» and «притих» all clash."""
    stems = set()
    for word in _WORD.findall(text.lower().replace("ё", "е")):
        if len(word) < 3:
            continue
        stems.add(word[:3])
        for prefix in _PREFIXES:
            if word.startswith(prefix) and len(word) - len(prefix) >= 3:
                stems.add(word[len(prefix) : len(prefix) + 3])
    return frozenset(stems)


_PAST_MARK = "~past"
_PRESENT_MARK = "~pres"
# An adverb of one tense carries the other tense's mark, so it never meets a verb of that tense.
_ADVERB_MARKS = {"pres": _PAST_MARK, "past": _PRESENT_MARK}


@lru_cache(maxsize=8192)
def _option(text: str, *, theme: bool = False, mark: str | None = None) -> _Option:
    """An option for ``text``; the theme's own words are exempt from the repetition check."""
    stems = frozenset() if theme else _stems(text)
    if mark is not None:
        stems |= {mark}
    return _Option(text, count_syllables(text), stems, is_theme=theme)


class _Composer:
    """Builds one haiku; holds the season, the random order and the stems already used."""

    def __init__(
        self,
        lexicon: Lexicon,
        season: str,
        rng: random.Random,
        theme_words: Sequence[str],
        time: str | None = None,
    ) -> None:
        self.lexicon = lexicon
        self.season = season
        self.time = time
        self.rng = rng
        self._features: dict[Noun, frozenset[str]] = {}
        self.used: set[str] = set()
        for word in theme_words:
            self.used |= _stems(word)
        self.used_patterns: set[str] = set()

    def compose(self, fillers: Sequence[ThemeFiller]) -> tuple[list[str], str | None]:
        """Three lines and the theme word placed in them (``None`` when the theme did not fit)."""
        lines: list[str | None] = [None, None, None]
        theme_word = None
        placed = self._place_theme(fillers)
        if placed is not None:
            position, lines[position], theme_word = placed
        for position in range(3):
            if lines[position] is None:
                free_line = self._free_line(position)
                if free_line is None:
                    return list(FALLBACK_LINES), None
                lines[position] = free_line
        return [line or "" for line in lines], theme_word

    # --- choosing lines ---------------------------------------------------------------------------

    def _place_theme(self, fillers: Sequence[ThemeFiller]) -> tuple[int, str, str] | None:
        """``(position, line, theme text as placed)`` for the first filler that fits a line exactly."""
        for last_resort in (False, True):
            for filler in fillers:
                positions = [0, 1, 2]
                self.rng.shuffle(positions)
                for position in positions:
                    templates = [
                        t
                        for t in self.lexicon.templates
                        if t.last_resort == last_resort
                        and position + 1 in t.lines
                        and _accepts(t, filler)
                        and (filler.role != "S" or fits_features(t.kinds, self._features_of(filler.noun)))
                    ]
                    self.rng.shuffle(templates)
                    for template in templates:
                        filled = self._fill(template, TARGET_SYLLABLES[position], filler)
                        if filled is not None:
                            line, theme_text = filled
                            self._commit(template, line)
                            return position, line, theme_text or filler.display
        return None

    def _free_line(self, position: int) -> str | None:
        templates = [
            t
            for t in self.lexicon.templates
            if not t.last_resort
            and position + 1 in t.lines
            and "I" not in t.slot_names
            and t.pattern not in self.used_patterns
        ]
        self.rng.shuffle(templates)
        for template in templates:
            filled = self._fill(template, TARGET_SYLLABLES[position], None)
            if filled is not None:
                self._commit(template, filled[0])
                return filled[0]
        return None

    def _features_of(self, noun: Noun | None) -> frozenset[str]:
        if noun is None:
            return frozenset({ANY_KIND})
        features = self._features.get(noun)
        if features is None:
            features = self._features[noun] = self.lexicon.features(noun)
        return features

    def _commit(self, template: Template, line: str) -> None:
        self.used |= _stems(line)
        self.used_patterns.add(template.pattern)

    # --- filling one template ---------------------------------------------------------------------

    def _fill(self, template: Template, target: int, filler: ThemeFiller | None) -> tuple[str, str | None] | None:
        """``(line, theme text in it)`` with exactly ``target`` syllables, or None when the template cannot."""
        literal_stems = _stems(template.literal_text)
        if literal_stems & self.used:
            return None
        subjects: list[Noun | None]
        if "S" not in template.slot_names:
            subjects = [None]
        elif filler is not None and filler.role == "S":
            subjects = [filler.noun]
        else:
            subjects = [
                n
                for n in self.lexicon.nouns
                if fits_season(n.seasons, self.season)
                and fits_time(n.times, self.time)
                and fits_features(template.kinds, self._features_of(n))
                and not (_stems(n.nom) & (self.used | literal_stems))
            ]
            self.rng.shuffle(subjects)
        budget = [_SEARCH_BUDGET]
        for subject in subjects:
            columns = self._columns(template, subject, filler)
            if columns is None:
                continue
            chosen = _search(columns, target, frozenset(literal_stems | self.used), budget)
            if chosen is not None:
                return _render(template, chosen)
            if budget[0] <= 0:
                break
        return None

    def _columns(
        self, template: Template, subject: Noun | None, filler: ThemeFiller | None
    ) -> list[list[_Option]] | None:
        """The options of every part of ``template`` for ``subject``, or None when a part cannot be filled."""
        theme_subject = filler is not None and filler.role == "S"
        agr = subject.agr if subject is not None else None
        kind = self._features_of(subject)
        columns: list[list[_Option]] = []
        for part in template.parts:
            if isinstance(part, Lit):
                column = [_Option(part.text, count_syllables(part.text))]
            elif isinstance(part, Agree):
                if agr is None:
                    return None
                column = [_option(part.forms[agr])]
            else:
                column = self._slot_options(part, subject, agr, kind, filler, theme_subject)
            if not column:
                return None
            columns.append(column)
        return columns

    def _slot_options(
        self,
        slot: Slot,
        subject: Noun | None,
        agr: str | None,
        kind: frozenset[str],
        filler: ThemeFiller | None,
        theme_subject: bool,
    ) -> list[_Option]:
        lexicon = self.lexicon
        theme_role = filler.role if filler is not None else None
        if slot.name == "S":
            form = subject.form(slot.case) if subject is not None else None
            return [_option(form, theme=theme_subject)] if form else []
        if slot.name == "o":
            return [_Option("о", 1)]  # «о» or «об», both one syllable; chosen when the line is rendered
        if slot.name == "I":
            return (
                [_option(filler.text, theme=True)] if filler is not None and filler.text and theme_role == "I" else []
            )
        if slot.name in "AV" and agr is None:
            return []
        if slot.name == "A" and theme_role == "A" and filler is not None and filler.adjective is not None:
            return [_option(filler.adjective.forms[agr or "m"], theme=True)]
        if slot.name == "D" and theme_role == "D" and filler is not None and filler.text:
            known = next((d for d in lexicon.adverbs if d.text == filler.text), None)
            mark = _ADVERB_MARKS.get(known.tense or "") if known is not None else None
            return [_option(filler.text, theme=True, mark=mark)]
        key = ("options", self.season, self.time, slot.name, kind, agr)
        cached: list[_Option] | None = lexicon.cache.get(key)
        if cached is None:
            cached = lexicon.cache[key] = self._lexicon_options(slot.name, kind, agr)
        options = list(cached)
        self.rng.shuffle(options)
        return options

    def _lexicon_options(self, name: str, kind: frozenset[str], agr: str | None) -> list[_Option]:
        """The lexicon's fillers of slot ``name`` for a subject of ``kind`` and ``agr`` in this season and time
        of day, in lexicon order (memoised in ``lexicon.cache``: the same slot is filled for many subjects)."""
        lexicon, season, time = self.lexicon, self.season, self.time
        if name == "A":
            return [
                _option(a.forms[agr or "m"])
                for a in lexicon.adjectives
                if fits_season(a.seasons, season) and fits_time(a.times, time) and fits_features(a.kinds, kind)
            ]
        if name == "V":
            return [
                _option(v.forms[agr or "m"], mark=_PAST_MARK if v.tense == "past" else _PRESENT_MARK)
                for v in lexicon.verbs
                if fits_season(v.seasons, season) and fits_time(v.times, time) and fits_features(v.kinds, kind)
            ]
        if name == "D":
            return [
                _option(d.text, mark=_ADVERB_MARKS.get(d.tense or ""))
                for d in lexicon.adverbs
                if fits_season(d.seasons, season) and fits_time(d.times, time) and fits_features(d.kinds, kind)
            ]
        phrases = lexicon.places if name == "P" else lexicon.heads
        return [
            _option(p.text)
            for p in phrases
            if fits_season(p.seasons, season) and fits_time(p.times, time) and fits_features(p.kinds, kind)
        ]


def _accepts(template: Template, filler: ThemeFiller) -> bool:
    """True when ``template`` has a place for ``filler`` in its role and forms."""
    slots = template.slot_names
    if "I" in slots:
        return filler.role == "I"
    if filler.role == "S":
        noun = filler.noun
        if noun is None or "S" not in slots:
            return False
        if noun.agr is None and template.needs_agreement:
            return False
        if any(noun.form(case) is None for case in template.subject_cases):
            return False
        if noun.final_only and not template.subject_last:
            return False
        return noun.allow_adj or "A" not in slots
    return filler.role in slots


def _search(
    columns: list[list[_Option]], target: int, taken: frozenset[str], budget: list[int]
) -> list[_Option] | None:
    """One option per column with counts summing to ``target`` and no stem used twice (depth-first, in the
    columns' order, pruned by the smallest and largest counts the remaining columns can add)."""
    size = len(columns)
    low = [0] * (size + 1)
    high = [0] * (size + 1)
    for i in range(size - 1, -1, -1):
        counts = [o.count for o in columns[i]]
        low[i] = low[i + 1] + min(counts)
        high[i] = high[i + 1] + max(counts)
    if not low[0] <= target <= high[0]:
        return None
    chosen: list[_Option] = []

    def walk(index: int, remaining: int, stems: frozenset[str]) -> bool:
        if index == size:
            return remaining == 0
        budget[0] -= 1
        if budget[0] < 0:
            return False
        for option in columns[index]:
            rest = remaining - option.count
            if not low[index + 1] <= rest <= high[index + 1] or option.stems & stems:
                continue
            chosen.append(option)
            if walk(index + 1, rest, stems | option.stems):
                return True
            chosen.pop()
        return False

    return chosen if walk(0, target, taken) else None


def _render(template: Template, chosen: list[_Option]) -> tuple[str, str | None]:
    """The line (first letter capitalised, «о»/«об» chosen) and the theme's text as it appears in it."""
    texts = [option.text for option in chosen]
    for index, part in enumerate(template.parts):
        if isinstance(part, Slot) and part.name == "o":
            following = "".join(texts[index + 1 :]).lstrip()
            texts[index] = "об" if following[:1].lower() in _VOWEL_START else "о"
    line = " ".join("".join(texts).split())
    line = line[:1].upper() + line[1:]
    theme_text = next((option.text for option in chosen if option.is_theme), None)
    if theme_text is not None and line.lower().startswith(theme_text.lower()):
        theme_text = line[: len(theme_text)]
    return line, theme_text
