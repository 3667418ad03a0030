"""The Russian haiku lexicon that ships with the package (``lexicon_ru.json``), loaded into typed records.

The lexicon holds words and phrases with their grammatical forms, never syllable counts: every count the composer
needs is computed from the text by :mod:`agentcore.apps.haiku.syllables`.

Vocabulary:

* ``agr`` — the agreement class of a subject: ``"m"``, ``"f"``, ``"n"`` (singular genders) or ``"pl"``.
* ``kind`` — what a noun is (``bird``, ``tree``, ``water``, ``luminary``, ``time``...).  The lexicon's ``kinds``
  table gives every kind its *features* (``bird`` → ``creature``, ``animate``, ``flier``, ``voice``); a noun may
  add its own ``tags`` (``glow`` for a firefly, ``smell`` for rain).  Adjectives, verbs, places, adverbs, genitive
  heads and templates list the kinds or features they suit: ``"all"`` suits every subject, ``"*"`` a subject of
  unknown kind (a theme outside the lexicon), ``"!x"`` excludes subjects with feature ``x`` («в ночи» never
  goes with «утро»).
* ``seasons`` — the seasons an item belongs to; an item without seasons fits every season.
* ``times`` — the times of day (``morning``, ``day``, ``evening``, ``night``) an item belongs to; one time is
  chosen per haiku, so «в полдень» and «луна» never meet.

Templates are line patterns with slots: ``{S}`` subject (``{S.gen}``, ``{S.ins}``, ``{S.loc}`` in a case),
``{A}`` adjective agreeing with S, ``{V}`` verb agreeing with S, ``{P}`` place, ``{D}`` adverb, ``{H}`` a noun
taking S in the genitive, ``{I}`` infinitive (theme only), ``{o}`` the preposition о/об for the next word, and
``{x|y}`` / ``{m|f|n|pl}`` a literal that agrees with S.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

ANY_KIND = "*"
ALL_KINDS = "all"
AGREEMENTS = ("m", "f", "n", "pl")
CASES = ("nom", "gen", "ins", "loc")

_SLOT = re.compile(r"\{([^{}]*)\}")


def fits_season(seasons: tuple[str, ...], season: str) -> bool:
    """True when an item tagged with ``seasons`` (empty = all) belongs in ``season``."""
    return not seasons or season in seasons


def fits_time(times: tuple[str, ...], time: str | None) -> bool:
    """True when an item tagged with ``times`` (empty = any time of day) belongs at ``time``."""
    return not times or time is None or time in times


def fits_features(kinds: tuple[str, ...], features: frozenset[str]) -> bool:
    """True when an item suiting ``kinds`` may go with a subject of ``features`` (``{"*"}`` = unknown subject)."""
    if any(k[:1] == "!" and k[1:] in features for k in kinds):
        return False
    return ALL_KINDS in kinds or any(k in features for k in kinds)


def fits_kind(kinds: tuple[str, ...], kind: str) -> bool:
    """True when an item suiting ``kinds`` may go with a subject of ``kind`` alone (no feature table)."""
    return fits_features(kinds, frozenset({kind}))


@dataclass(frozen=True)
class Noun:
    """A subject: its forms by case, agreement class and kind.

    ``final_only``: the phrase must end its line (it carries words after the head noun, e.g. «дом у моря»).
    ``allow_adj``: an ``{A}`` slot may modify it (false when the phrase already has its own adjectives).
    A form is ``None`` when it is unknown; templates that need it are skipped.
    """

    nom: str
    gen: str | None = None
    ins: str | None = None
    loc: str | None = None
    agr: str | None = None
    kind: str = ANY_KIND
    seasons: tuple[str, ...] = ()
    final_only: bool = False
    allow_adj: bool = True
    tags: tuple[str, ...] = ()
    times: tuple[str, ...] = ()

    def form(self, case: str) -> str | None:
        """The form in ``case`` (one of :data:`CASES`)."""
        value: str | None = getattr(self, case)
        return value


@dataclass(frozen=True)
class Inflected:
    """A word with one form per agreement class (adjectives, verbs); ``tense`` is ``"past"`` for past verbs."""

    forms: Mapping[str, str]
    kinds: tuple[str, ...] = (ANY_KIND,)
    seasons: tuple[str, ...] = ()
    tense: str | None = None
    times: tuple[str, ...] = ()


@dataclass(frozen=True)
class Phrase:
    """An invariable word or phrase (places, adverbs, genitive heads).

    ``tense`` is ``"pres"`` for an adverb that needs a present-tense verb («всё ждёт», never «всё исчез»),
    ``"past"`` for one that needs a past-tense verb («вдруг замер», never «вдруг спит»).
    """

    text: str
    kinds: tuple[str, ...] = (ANY_KIND,)
    seasons: tuple[str, ...] = ()
    tense: str | None = None
    times: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lit:
    """Literal template text."""

    text: str


@dataclass(frozen=True)
class Slot:
    """A slot to fill: ``name`` is one of S A V P D H I o; ``case`` applies to S only."""

    name: str
    case: str = "nom"


@dataclass(frozen=True)
class Agree:
    """A literal with one form per agreement class of the subject."""

    forms: Mapping[str, str]


Part = Lit | Slot | Agree


@dataclass(frozen=True)
class Template:
    """One line pattern, parsed; ``lines`` are the haiku lines (1-3) it may fill, ``kinds`` the subjects it
    suits («Пахнет {S.ins}» only things that smell)."""

    pattern: str
    parts: tuple[Part, ...]
    lines: tuple[int, ...]
    last_resort: bool = False
    kinds: tuple[str, ...] = (ALL_KINDS,)

    @property
    def slot_names(self) -> frozenset[str]:
        """Names of the slots it has."""
        return frozenset(p.name for p in self.parts if isinstance(p, Slot))

    @property
    def needs_agreement(self) -> bool:
        """True when some part agrees with the subject (adjective, verb or agreeing literal)."""
        return any(isinstance(p, Agree) or (isinstance(p, Slot) and p.name in "AV") for p in self.parts)

    @property
    def subject_cases(self) -> frozenset[str]:
        """The cases the subject appears in."""
        return frozenset(p.case for p in self.parts if isinstance(p, Slot) and p.name == "S")

    @property
    def subject_last(self) -> bool:
        """True when the subject is the last part of the line."""
        last = self.parts[-1] if self.parts else None
        return isinstance(last, Slot) and last.name == "S"

    @property
    def literal_text(self) -> str:
        """The fixed words of the pattern (agreeing literals in their singular masculine form)."""
        texts = [p.text if isinstance(p, Lit) else p.forms["m"] for p in self.parts if not isinstance(p, Slot)]
        return " ".join(texts)


def parse_template(
    pattern: str, lines: list[int], last_resort: bool = False, kinds: tuple[str, ...] = (ALL_KINDS,)
) -> Template:
    """Parse a pattern such as ``"{P} пахнет {S.ins}"`` or ``"Мне {снится|снятся} {S}"``.

    Raises:
        ValueError: an unknown slot name or case, or an agreeing literal without 2 or 4 forms.
    """
    parts: list[Part] = []
    position = 0
    for match in _SLOT.finditer(pattern):
        if match.start() > position:
            parts.append(Lit(pattern[position : match.start()]))
        parts.append(_parse_slot(match.group(1), pattern))
        position = match.end()
    if position < len(pattern):
        parts.append(Lit(pattern[position:]))
    return Template(pattern=pattern, parts=tuple(parts), lines=tuple(lines), last_resort=last_resort, kinds=kinds)


def _parse_slot(body: str, pattern: str) -> Part:
    if "|" in body:
        forms = body.split("|")
        if len(forms) == 2:
            return Agree({"m": forms[0], "f": forms[0], "n": forms[0], "pl": forms[1]})
        if len(forms) == 4:
            return Agree(dict(zip(AGREEMENTS, forms, strict=True)))
        raise ValueError(f"agreeing literal needs 2 or 4 forms in {pattern!r}")
    name, _, case = body.partition(".")
    if name not in {"S", "A", "V", "P", "D", "H", "I", "o"}:
        raise ValueError(f"unknown slot {{{body}}} in {pattern!r}")
    if case and (name != "S" or case not in CASES):
        raise ValueError(f"bad case in {{{body}}} of {pattern!r}")
    return Slot(name, case or "nom")


@dataclass(frozen=True)
class Lexicon:
    """Everything the offline composer draws from."""

    seasons: tuple[str, ...]
    nouns: tuple[Noun, ...]
    adjectives: tuple[Inflected, ...]
    verbs: tuple[Inflected, ...]
    places: tuple[Phrase, ...]
    heads: tuple[Phrase, ...]
    adverbs: tuple[Phrase, ...]
    templates: tuple[Template, ...]
    season_of_word: Mapping[str, str] = field(default_factory=dict)
    times: tuple[str, ...] = ()
    kind_features: Mapping[str, frozenset[str]] = field(default_factory=dict)
    nouns_by_key: Mapping[str, Noun] = field(default_factory=dict)
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Derived data the composer memoises per lexicon (filtered slot fillers); never part of its meaning."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Lexicon:
        """Build from the JSON structure of ``lexicon_ru.json``."""

        def seasons(item: Mapping[str, Any]) -> tuple[str, ...]:
            return tuple(item.get("seasons", ()))

        def times(item: Mapping[str, Any]) -> tuple[str, ...]:
            return tuple(item.get("times", ()))

        nouns = tuple(
            Noun(
                nom=n["nom"],
                gen=n["gen"],
                ins=n["ins"],
                loc=n["loc"],
                agr=n["agr"],
                kind=n["kind"],
                seasons=seasons(n),
                tags=tuple(n.get("tags", ())),
                times=times(n),
            )
            for n in data["nouns"]
        )

        def inflected(items: list[Mapping[str, Any]]) -> tuple[Inflected, ...]:
            return tuple(
                Inflected(dict(i["forms"]), tuple(i["kinds"]), seasons(i), i.get("tense"), times(i)) for i in items
            )

        def phrases(items: list[Mapping[str, Any]]) -> tuple[Phrase, ...]:
            return tuple(
                Phrase(p["text"], tuple(p.get("kinds", (ANY_KIND,))), seasons(p), p.get("tense"), times(p))
                for p in items
            )

        templates = tuple(
            parse_template(
                t["pattern"], t["lines"], bool(t.get("last_resort", False)), tuple(t.get("kinds", (ALL_KINDS,)))
            )
            for t in data["templates"]
        )
        kinds_table = data.get("kinds", [])
        if isinstance(kinds_table, Mapping):
            kind_features = {k: frozenset([k, *v]) for k, v in kinds_table.items()}
        else:
            kind_features = {k: frozenset([k]) for k in kinds_table}
        adjectives = inflected(data["adjectives"])
        season_of_word: dict[str, str] = {}
        for season, words in data.get("season_words", {}).items():
            for word in words:
                season_of_word[_key(word)] = season
        # A noun or adjective of exactly one season also names that season when a theme uses it.
        for noun in nouns:
            if len(noun.seasons) == 1:
                season_of_word.setdefault(_key(noun.nom), noun.seasons[0])
        for adjective in adjectives:
            if len(adjective.seasons) == 1:
                season_of_word.setdefault(_key(adjective.forms["m"]), adjective.seasons[0])
        return cls(
            seasons=tuple(data["seasons"]),
            nouns=nouns,
            adjectives=adjectives,
            verbs=inflected(data["verbs"]),
            places=phrases(data["places"]),
            heads=phrases(data["heads"]),
            adverbs=phrases(data["adverbs"]),
            templates=templates,
            season_of_word=season_of_word,
            times=tuple(data.get("times", ())),
            kind_features=kind_features,
            nouns_by_key={_key(n.nom): n for n in reversed(nouns)},
        )

    def features(self, noun: Noun) -> frozenset[str]:
        """What ``noun`` is, for matching against ``kinds``: its kind, the kind's features and its own tags.

        A subject of unknown kind is ``{"*"}``.  A theme phrase built around a lexicon noun («осенний дождь»)
        has that noun's kind but not its tags; they are looked up by its words.
        """
        if noun.kind == ANY_KIND:
            return frozenset({ANY_KIND})
        tags = noun.tags
        if not tags:
            for word in noun.nom.split():
                known = self.noun_by_nom(word)
                if known is not None and known.kind == noun.kind:
                    tags = known.tags
                    break
        return self.kind_features.get(noun.kind, frozenset({noun.kind})) | frozenset(tags)

    def noun_by_nom(self, word: str) -> Noun | None:
        """The lexicon noun whose nominative is ``word`` (case-insensitive; ё and е are the same letter)."""
        key = _key(word)
        if self.nouns_by_key:
            return self.nouns_by_key.get(key)
        for noun in self.nouns:
            if _key(noun.nom) == key:
                return noun
        return None

    def season_of(self, text: str) -> str | None:
        """The season a word or phrase names (``"зима"``, ``"осенний"``, ``"новый год"``), if any."""
        return self.season_of_word.get(_key(text))


def _key(text: str) -> str:
    return " ".join(text.lower().replace("ё", "е").split())


@lru_cache(maxsize=1)
def load_lexicon() -> Lexicon:
    """The packaged lexicon (read once per process)."""
    text = resources.files("agentcore.apps.haiku").joinpath("lexicon_ru.json").read_text(encoding="utf-8")
    return Lexicon.from_dict(json.loads(text))
