"""Reading a haiku theme: which word(s) of it can go into a line, in which grammatical role and forms.

:func:`analyse_theme` returns *fillers* in order of preference; the composer tries them in turn:

1. the whole noun phrase, inflectable (adjectives agreeing with the head noun, e.g. «осенний дождь» → «осеннего
   дождя»; words after the head kept as they are, e.g. «дом у моря» → «дома у моря»);
2. the whole theme as typed, used only where the nominative needs no agreement («И снова кот и собака»);
3. the main noun alone (the first noun, put into the nominative: «в лесу» → «лес»);
4. a theme that is not a noun in its own role: an adjective (``{A}``, agreeing with the lexicon's nouns), an
   infinitive (``{I}``: «Хочется бежать»; finite verbs are turned into their infinitive) or an adverb (``{D}``).

Morphology comes from pymorphy3 (the process-wide analyzer of :mod:`agentcore.text.morphology`).  Without it
only a theme that is a lexicon noun or a nominative phrase used as typed can be placed.  Text outside the
Cyrillic alphabet (Latin words, digits) never becomes a filler, because the syllable counter gives it no
syllables.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Literal

from agentcore.apps.haiku.lexicon import ANY_KIND, Inflected, Lexicon, Noun, load_lexicon
from agentcore.apps.haiku.syllables import count_syllables
from agentcore.text.morphology import morph_analyzer

logger = logging.getLogger("agentcore.haiku")

Role = Literal["S", "A", "D", "I"]

_TOKEN = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
_PROPER = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
_FUNCTION_POS = frozenset({"CONJ", "PREP", "PRCL"})
_STANDALONE_POS = frozenset({"NPRO", "NUMR", "INTJ", "UNKN", None})
_CASE = {"gen": "gent", "ins": "ablt", "loc": "loct"}
_GENDER = {"masc": "m", "femn": "f", "neut": "n", "ms-f": "m"}


@dataclass(frozen=True)
class ThemeFiller:
    """The theme in one role: ``noun`` for S, ``adjective`` for A, ``text`` for D and I."""

    role: Role
    display: str
    noun: Noun | None = None
    adjective: Inflected | None = None
    text: str | None = None


@dataclass(frozen=True)
class ThemeAnalysis:
    """A theme read for the composer.

    Attributes:
        normalized: the theme in the form that seeds the composer (NFC, lower case, single spaces).
        fillers: ways to put the theme into a line, best first (empty when nothing can be placed).
        words: the theme's words and lemmas, lower case; the composer keeps them out of the other lines.
        season: the season the theme names («зима», «осенний», «новый год»), if any.
    """

    normalized: str
    fillers: tuple[ThemeFiller, ...]
    words: tuple[str, ...]
    season: str | None


def normalize_theme(theme: str) -> str:
    """NFC, lower case, whitespace collapsed: two themes that differ only in these are the same theme."""
    return " ".join(unicodedata.normalize("NFC", theme).lower().split())


def analyse_theme(theme: str, lexicon: Lexicon | None = None) -> ThemeAnalysis:
    """Read ``theme`` (any string) into fillers; never raises."""
    lexicon = lexicon or load_lexicon()
    normalized = normalize_theme(theme)
    originals = _TOKEN.findall(unicodedata.normalize("NFC", theme))
    tokens = [t.lower() for t in originals]
    morph = morph_analyzer() if tokens else None
    parses = [morph.parse(t) for t in tokens] if morph is not None else []
    lemmas = [p[0].normal_form for p in parses]
    words = tuple(dict.fromkeys(tokens + lemmas))
    season = _season(lexicon, normalized, words)
    fillers: list[ThemeFiller] = []
    if tokens:
        if morph is None:
            fillers = _fillers_without_morphology(lexicon, tokens)
        else:
            fillers = _Reader(lexicon, originals, tokens, parses).fillers()
    usable = tuple(f for f in _unique(fillers) if count_syllables(f.display) > 0)
    return ThemeAnalysis(normalized=normalized, fillers=usable, words=words, season=season)


def _season(lexicon: Lexicon, normalized: str, words: tuple[str, ...]) -> str | None:
    for word in words:
        season = lexicon.season_of(word)
        if season:
            return season
    padded = f" {normalized} "
    for phrase, season in lexicon.season_of_word.items():
        if " " in phrase and f" {phrase} " in padded:
            return season
    return None


def _unique(fillers: list[ThemeFiller]) -> list[ThemeFiller]:
    seen: set[tuple[str, str]] = set()
    result = []
    for filler in fillers:
        key = (filler.role, filler.display if filler.noun is None else repr(filler.noun))
        if key not in seen:
            seen.add(key)
            result.append(filler)
    return result


def _fillers_without_morphology(lexicon: Lexicon, tokens: list[str]) -> list[ThemeFiller]:
    phrase = " ".join(tokens)
    known = lexicon.noun_by_nom(phrase)
    if known is not None:
        return [ThemeFiller("S", known.nom, noun=known)]
    return [ThemeFiller("S", phrase, noun=Noun(nom=phrase, final_only=len(tokens) > 1))]


class _Reader:
    """One theme's tokens with their pymorphy3 parses, turned into fillers."""

    def __init__(self, lexicon: Lexicon, originals: list[str], tokens: list[str], parses: list[Any]) -> None:
        self.lexicon = lexicon
        self.originals = originals
        self.tokens = tokens
        self.parses = parses

    def fillers(self) -> list[ThemeFiller]:
        result: list[ThemeFiller] = []
        head = self._head_index()
        if head is not None:
            phrase = self._noun_phrase(head)
            if phrase is not None:
                result.append(phrase)
            if len(self.tokens) > 1:
                result.extend(self._as_typed())
            alone = self._noun_alone(head)
            if alone is not None:
                result.append(alone)
            return result
        if len(self.tokens) > 1:
            result.extend(self._as_typed())
        for index in range(len(self.tokens)):
            result.extend(self._single_word(index))
        if len(self.tokens) == 1 and self.parses[0][0].tag.POS in _STANDALONE_POS:
            result.extend(self._as_typed())
        return result

    # --- the head noun ---------------------------------------------------------------------------

    def _nominative_noun(self, index: int) -> Any:
        """The best parse of token ``index`` as a nominative noun, if it plausibly is one."""
        candidates = [p for p in self.parses[index] if p.tag.POS == "NOUN" and p.tag.case == "nomn"]
        if not candidates:
            return None
        best = max(candidates, key=lambda p: p.score)
        top = self.parses[index][0]
        if top.tag.POS != "NOUN" and best.score < 0.1:
            return None
        return best

    def _head_index(self) -> int | None:
        for index in range(len(self.tokens)):
            if self._nominative_noun(index) is not None:
                return index
        return None

    def _noun_phrase(self, head: int) -> ThemeFiller | None:
        head_parse = self._nominative_noun(head)
        pre = [self._agreeing_modifier(i, head_parse) for i in range(head)]
        if any(p is None for p in pre):
            return None
        tail = self.tokens[head + 1 :]
        if tail and not self._is_dependent(head + 1):
            return None
        forms: dict[str, str | None] = {"nom": " ".join(self._cased(i, self.tokens[i]) for i in range(head + 1))}
        for case, grammeme in _CASE.items():
            forms[case] = self._inflect_phrase(pre, head, head_parse, grammeme)
        if tail:
            tail_text = " ".join(self._cased(head + 1 + i, t) for i, t in enumerate(tail))
            forms = {k: (f"{v} {tail_text}" if v else None) for k, v in forms.items()}
        if not pre and not tail:
            known = self._known_noun(head)
            if known is not None:
                return known
        return self._subject(forms, head_parse, final_only=bool(tail), allow_adj=not pre)

    def _noun_alone(self, head: int) -> ThemeFiller | None:
        head_parse = self._nominative_noun(head)
        return self._known_noun(head) or self._noun_filler(head, head_parse)

    def _known_noun(self, index: int) -> ThemeFiller | None:
        """The lexicon's own noun when token ``index`` is one (its forms and kind are the lexicon's)."""
        known = self.lexicon.noun_by_nom(self.tokens[index])
        return ThemeFiller("S", known.nom, noun=known) if known is not None else None

    def _noun_filler(self, index: int, parse: Any) -> ThemeFiller:
        forms: dict[str, str | None] = {"nom": self._cased(index, parse.word)}
        for case, grammeme in _CASE.items():
            inflected = parse.inflect({grammeme})
            forms[case] = self._cased(index, inflected.word) if inflected is not None else None
        return self._subject(forms, parse)

    def _subject(
        self, forms: dict[str, str | None], head_parse: Any, *, final_only: bool = False, allow_adj: bool = True
    ) -> ThemeFiller:
        """The subject filler of a noun (phrase) of ``forms`` by case, agreeing and of the kind of ``head_parse``."""
        nom = forms["nom"] or ""
        noun = Noun(
            nom=nom,
            gen=forms["gen"],
            ins=forms["ins"],
            loc=forms["loc"],
            agr=_agreement(head_parse),
            kind=self._kind(head_parse),
            final_only=final_only,
            allow_adj=allow_adj,
        )
        return ThemeFiller("S", nom, noun=noun)

    def _agreeing_modifier(self, index: int, head_parse: Any) -> Any:
        plural = head_parse.tag.number == "plur"
        for parse in self.parses[index]:
            tag = parse.tag
            if tag.POS not in {"ADJF", "PRTF"} or tag.case != "nomn":
                continue
            if plural and tag.number == "plur":
                return parse
            if not plural and tag.number == "sing" and _gender_matches(_gender(tag), _gender(head_parse.tag)):
                return parse
        return None

    def _is_dependent(self, index: int) -> bool:
        """True when the token after the head starts a dependent (genitive or prepositional phrase)."""
        parses = self.parses[index]
        if parses[0].tag.POS == "PREP":
            return True
        if parses[0].tag.POS in _FUNCTION_POS | {"INTJ"}:
            return False  # «кот и собака» is a coordination, not «кот» with a dependent
        return any(
            p.tag.POS in {"NOUN", "ADJF", "PRTF", "NPRO", "NUMR"} and p.tag.case in {"gent", "gen2"} for p in parses
        )

    def _inflect_phrase(self, pre: list[Any], head: int, head_parse: Any, grammeme: str) -> str | None:
        head_form = head_parse.inflect({grammeme})
        if head_form is None:
            return None
        words = []
        for index, parse in enumerate(pre):
            if head_form.tag.number == "plur":
                wanted = {grammeme, "plur"}
            else:
                gender = _gender(head_form.tag)
                gender = gender if gender in {"masc", "femn", "neut"} else "masc"
                wanted = {grammeme, "sing", gender}
            form = parse.inflect(wanted)
            if form is None:
                return None
            words.append(self._cased(index, form.word))
        words.append(self._cased(head, head_form.word))
        return " ".join(words)

    # --- themes without a nominative noun --------------------------------------------------------

    def _single_word(self, index: int) -> list[ThemeFiller]:
        parse = self.parses[index][0]
        pos = parse.tag.POS
        if pos in {"ADJF", "PRTF", "ADJS", "PRTS"}:
            adjective = self._adjective(parse)
            return [adjective] if adjective is not None else []
        if pos in {"INFN", "VERB", "GRND"}:
            infinitive = parse.normal_form if pos != "INFN" else self.tokens[index]
            return [ThemeFiller("I", infinitive, text=infinitive)]
        if pos in {"ADVB", "COMP"}:
            return [ThemeFiller("D", self.tokens[index], text=self.tokens[index])]
        if pos == "NOUN":
            nominative = parse.inflect({"nomn"})
            if nominative is not None:
                known = self.lexicon.noun_by_nom(nominative.word)
                if known is not None:
                    return [ThemeFiller("S", known.nom, noun=known)]
                filler = self._noun_filler(index, nominative)
                return [filler] if filler is not None else []
        return []

    def _adjective(self, parse: Any) -> ThemeFiller | None:
        """Full nominative forms of an adjective or participle; a short form («красив») gives its full forms,
        which share its paradigm."""
        wanted = {
            "m": {"masc", "sing", "nomn"},
            "f": {"femn", "sing", "nomn"},
            "n": {"neut", "sing", "nomn"},
            "pl": {"plur", "nomn"},
        }
        forms: dict[str, str] = {}
        for agr, grammemes in wanted.items():
            form = parse.inflect(grammemes)
            if form is None:
                return None
            forms[agr] = form.word
        return ThemeFiller("A", forms["m"], adjective=Inflected(forms))

    def _as_typed(self) -> list[ThemeFiller]:
        """The whole theme in the nominative as typed, if it has a word able to stand on its own."""
        if all(p[0].tag.POS in _FUNCTION_POS for p in self.parses):
            return []
        phrase = " ".join(self._cased(i, t) for i, t in enumerate(self.tokens))
        return [ThemeFiller("S", phrase, noun=Noun(nom=phrase, final_only=len(self.tokens) > 1))]

    # --- helpers ---------------------------------------------------------------------------------

    def _kind(self, head_parse: Any) -> str:
        known = self.lexicon.noun_by_nom(head_parse.word) or self.lexicon.noun_by_nom(head_parse.normal_form)
        return known.kind if known is not None else ANY_KIND

    def _cased(self, index: int, word: str) -> str:
        """``word`` (a form of token ``index``) with capitals where the theme's token is a proper name.

        A token is a name when pymorphy3 says so, or when the user capitalised it anywhere but at the start.
        Hyphenated parts keep the user's capitals («Санкт-Петербург»); a name typed in lower case gets a
        capital on its first part.
        """
        original = self.originals[index]
        proper = bool(_PROPER & set(self.parses[index][0].tag.grammemes))
        if not proper and not (index > 0 and original[:1].isupper()):
            return word
        typed = original.split("-")
        parts = word.split("-")
        for i, part in enumerate(parts):
            typed_capital = i < len(typed) and typed[i][:1].isupper()
            if typed_capital or i == 0:
                parts[i] = part[:1].upper() + part[1:]
        return "-".join(parts)


def _gender(tag: Any) -> str | None:
    """The gender grammeme as a plain string («ms-f» for common gender); pymorphy3's own attribute refuses to be
    compared with grammemes it does not list."""
    if "ms-f" in tag.grammemes or "Ms-f" in tag.grammemes:
        return "ms-f"
    return str(tag.gender) if tag.gender else None


def _gender_matches(modifier: str | None, head: str | None) -> bool:
    if head == "ms-f":
        return modifier in {"masc", "femn"}
    return modifier == head


def _agreement(parse: Any) -> str:
    if parse.tag.number == "plur":
        return "pl"
    return _GENDER.get(_gender(parse.tag) or "", "m")
