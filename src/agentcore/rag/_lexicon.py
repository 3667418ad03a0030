"""A colloquial lexicon: the chat words of an office and IT team and the words documents use for them.

    matches("на сколько залочат учётку")  → [Match(words=("залочат",), ..., alternatives=(("заблокировать",), ...)),
                                              Match(words=("учётку",), ..., alternatives=(("учетный", "запись"),))]

The data (``lexicon/colloquial.txt``, written from general knowledge of Russian office and IT speech — «шеф»,
«саппорт», «залочить», «скинуть», «испыталка», «тикет», «за бугром» — not from any question set) is read once, on
first use.  Every word of an entry is reduced to its pymorphy3 lemma, so any form of it matches («залочат»,
«залочило» → «залочить»); a phrase matches its words in a row.  An alternative is a word or a phrase whose words
must all be found (lemmas).  The search adds the alternatives to a query (:mod:`agentcore.rag._query_repair`), the
focus check accepts them for the question's word (:func:`agentcore.rag._focus.with_alternatives`), and the
extractive answer counts them when it scores sentences (:mod:`agentcore.rag.answer`).
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from agentcore.rag._analysis import word_stem
from agentcore.text.morphology import known_word, lemma

__all__ = ["Match", "computed_key_stems", "entry_lines", "key_stems_source", "load", "matches", "write_key_stems"]

logger = logging.getLogger("agentcore.rag._lexicon")

_WORD_RE = re.compile(r"[a-zа-яё0-9][a-zа-яё0-9-]*", re.IGNORECASE)
MAX_PHRASE = 4
"""The longest key phrase, in words: «отгул за свой счёт» is one entry (the whole phrase is unpaid leave; its words
alone are not)."""


@dataclass(frozen=True)
class Match:
    """One entry of the lexicon found in a text.

    Attributes:
        words: the text's own words that matched (as written).
        lemmas: their lemmas (the entry's key).
        alternatives: the documents' words for them, each a tuple of lemmas that must all be found.
        phrases: the same alternatives as written in the lexicon (for a query).
        query: whether a search query may get them (a chat word); ``False`` for an everyday word whose synonyms
            only the focus check and the sentence scoring read (an entry written with «~=»).
    """

    words: tuple[str, ...]
    lemmas: tuple[str, ...]
    alternatives: tuple[tuple[str, ...], ...]
    phrases: tuple[str, ...]
    query: bool = True


def _lemmas(text: str) -> tuple[str, ...]:
    return tuple(lemma(w) for w in _WORD_RE.findall(text))


def _stems(text: str) -> tuple[str, ...]:
    return tuple(word_stem(w) for w in _WORD_RE.findall(text))


@dataclass(frozen=True)
class _Line:
    """One entry line of the lexicon file, read once: its key as lemmas and as stems, its alternatives as written,
    and whether it was written with «~=» (the focus check only, never a search query)."""

    key: tuple[str, ...]
    stems: tuple[str, ...]
    phrases: tuple[str, ...]
    focus_only: bool


def _lexicon_text() -> str:
    return resources.files("agentcore.rag").joinpath("lexicon/colloquial.txt").read_text(encoding="utf-8")


def entry_lines(text: str) -> list[tuple[str, tuple[str, ...], bool]]:
    """The entries of a lexicon file in this format (``lexicon/colloquial.txt``, ``lexicon/english.txt``), in order:
    per line ``«key = alternative | alternative»`` its key as written, its alternatives lower case and whether it was
    written with «~=» (the focus check only).  A «#» starts a comment; a line without «=» is skipped."""
    entries = []
    for raw in text.splitlines():
        raw = raw.split("#", 1)[0].strip()
        if "=" not in raw:
            continue
        left, right = (side.strip() for side in raw.split("=", 1))
        focus_only = left.endswith("~")
        phrases = tuple(p.strip().lower() for p in right.split("|") if p.strip())
        entries.append((left.rstrip("~").strip(), phrases, focus_only))
    return entries


@lru_cache(maxsize=1)
def _lines() -> tuple[_Line, ...]:
    """The lexicon file's entry lines in order (:func:`entry_lines`)."""
    return tuple(
        _Line(_lemmas(left), _stems(left), phrases, focus_only)
        for left, phrases, focus_only in entry_lines(_lexicon_text())
    )


@lru_cache(maxsize=1)
def load() -> dict[tuple[str, ...], tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]]:
    """The lexicon: key lemmas → (alternatives as lemma tuples, alternatives as written).  Entries sharing a key
    are merged; a line without «=» or with an empty side is skipped."""
    entries: dict[tuple[str, ...], tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]] = {}
    for line in _lines():
        key, phrases = line.key, line.phrases
        if not key or not phrases or len(key) > MAX_PHRASE:
            continue
        alternatives = tuple(a for a in (_lemmas(p) for p in phrases) if a and a != key)
        old_alternatives, old_phrases = entries.get(key, ((), ()))
        entries[key] = (
            tuple(dict.fromkeys([*old_alternatives, *alternatives])),
            tuple(dict.fromkeys([*old_phrases, *(p for p in phrases if _lemmas(p) != key)])),
        )
    return {k: v for k, v in entries.items() if v[0]}


@lru_cache(maxsize=1)
def _focus_only() -> frozenset[tuple[str, ...]]:
    """Keys written with «~=»."""
    return frozenset(line.key for line in _lines() if line.focus_only)


@lru_cache(maxsize=1)
def _by_stems() -> dict[tuple[str, ...], tuple[str, ...]]:
    """Key stems → key lemmas (the first entry wins when two keys share their stems)."""
    entries = load()
    found: dict[tuple[str, ...], tuple[str, ...]] = {}
    for line in _lines():
        if line.key in entries:
            found.setdefault(line.stems, line.key)
    return found


KEY_STEMS_FILE = "lexicon/colloquial-key-stems.txt"
"""The shipped key-stem table (:func:`computed_key_stems`), its first line ``# `` + :func:`key_stems_source`."""
_NOT_A_KEY = "\x00"  # stands for a lemma no key has (never a word: control characters are not word characters)
_RUSSIAN_RE = re.compile(r"[а-я-]+")


def key_stems_source() -> str:
    """What the key-stem table is derived from: the lexicon file (its hash), pymorphy3's dictionary (its version)
    and the search analyser's rules (:func:`agentcore.rag._analysis.word_stem`)."""
    from importlib.metadata import PackageNotFoundError, version

    from agentcore.rag._analysis import get_analyzer

    try:
        dictionary = version("pymorphy3-dicts-ru")
    except PackageNotFoundError:  # pragma: no cover - a dependency
        dictionary = "none"
    digest = hashlib.sha256(_lexicon_text().encode("utf-8")).hexdigest()[:16]
    return f"lexicon={digest} dicts={dictionary} analyzer={get_analyzer().name}"


def computed_key_stems() -> frozenset[str]:
    """The search stems (:func:`agentcore.rag._analysis.word_stem`) of every form of every lexeme whose normal form
    is a word of a key (~1 s: pymorphy3 lists the lexemes).  A dictionary word whose stem is not among them has no key
    word for its lemma — its lemma is the first form of its own lexeme, one of whose forms it is — so
    :func:`matches` skips its look-up (issue 18 G10: the lemmas of a new query's words were most of its cost)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    words = {word for key in load() for word in key}
    found = {word_stem(word) for word in words}
    if morph is not None:
        for word in words:
            for reading in morph.parse(word):
                if str(reading.normal_form).replace("ё", "е") == word:
                    found.update(word_stem(form.word) for form in reading.lexeme)
    return frozenset(found)


def write_key_stems(path: Path | None = None) -> Path:
    """Write the key-stem table to ``path`` (default: the shipped :data:`KEY_STEMS_FILE`); run it after a change of
    the lexicon, the dictionary or the analyser (a test says when)."""
    target = path or Path(__file__).parent / KEY_STEMS_FILE
    lines = [f"# {key_stems_source()}", *sorted(computed_key_stems())]
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


@lru_cache(maxsize=1)
def _key_stems() -> frozenset[str]:
    """The shipped key-stem table when it is of this lexicon, dictionary and analyser; else computed here."""
    try:
        text = resources.files("agentcore.rag").joinpath(KEY_STEMS_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        text = ""
    header, _, body = text.partition("\n")
    if header == f"# {key_stems_source()}":
        return frozenset(body.split())
    logger.warning("lexicon // %s is stale: key stems computed instead (run write_key_stems)", KEY_STEMS_FILE)
    return computed_key_stems()


def _key_lemma(word: str) -> str:
    """:func:`lemma` of ``word`` when it may be a word of a key, else :data:`_NOT_A_KEY` without the look-up: a
    Russian word the dictionary knows whose stem (lower case, as the table's forms) is not in :func:`_key_stems`."""
    low = word.lower().replace("ё", "е")
    if len(low) > 1 and _RUSSIAN_RE.fullmatch(low) and word_stem(low) not in _key_stems() and known_word(low):
        return _NOT_A_KEY
    return lemma(word)


_VERB_END_RE = re.compile(r"(?:ить|ать|ять|еть|уть|ыть)(?:ся)?$")


@lru_cache(maxsize=1)
def _verb_roots() -> dict[str, tuple[str, ...]]:
    """Root of a one-word verb entry («залоч» of «залочить») → its key."""
    roots: dict[str, tuple[str, ...]] = {}
    for key in load():
        if len(key) == 1 and _VERB_END_RE.search(key[0]):
            root = _VERB_END_RE.sub("", key[0])
            if len(root) >= 4:
                roots.setdefault(root, key)
    return roots


@lru_cache(maxsize=65536)
def _verb_of(word: str) -> tuple[str, ...] | None:
    """The verb entry a form unknown to the dictionary belongs to: pymorphy3 guesses «залочат» as its own lemma, but
    the word is the entry's root with a verb ending of up to 4 letters («залоч-ат»)."""
    from agentcore.text.morphology import morph_analyzer

    word = word.lower().replace("ё", "е")
    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я]+", word) or known_word(word):
        return None
    roots = _verb_roots()
    for size in range(len(word) - 1, max(3, len(word) - 5), -1):
        key = roots.get(word[:size])
        if key is not None:
            return key
    return None


PHRASES_IN_ONE_CLAUSE = True
"""Whether the words of a key phrase must stand in one clause: no sentence or clause punctuation between them
(:data:`_CLAUSE_BREAK_RE`).  A phrase is a unit of speech — «отгул за свой счёт», «упасть на карту», «бросить
машину» — and a comma, a full stop or a dash between its words means they belong to different statements («…
поставить. Машину …», «взял отгул, за свой счёт купил билеты»)."""

_CLAUSE_BREAK_RE = re.compile(r"[.!?…;:,()\[\]{}«»\"“”„—–]|\s-+\s|\n")
"""What ends a clause for a key phrase: sentence and clause punctuation, brackets and quotes, a dash (a hyphen with
spaces around it, not the hyphen of a word), a line break.  Not «/»: «б/л» is one abbreviation."""


def _clauses(text: str) -> list[str]:
    return _CLAUSE_BREAK_RE.split(text) if PHRASES_IN_ONE_CLAUSE else [text]


def matches(text: str) -> list[Match]:
    """The lexicon's entries found in ``text``, left to right; a longer phrase wins over the words inside it, and a
    phrase is found inside one clause (:data:`PHRASES_IN_ONE_CLAUSE`)."""
    entries, by_stems, focus_only = load(), _by_stems(), _focus_only()
    found: list[Match] = []
    for clause in _clauses(text):
        words = _WORD_RE.findall(clause)
        stems = [word_stem(w) for w in words]
        lemmas = [_key_lemma(w) for w in words]
        i = 0
        while i < len(words):
            for size in range(min(MAX_PHRASE, len(words) - i), 0, -1):
                key = tuple(lemmas[i : i + size])
                if key not in entries:
                    key = by_stems.get(tuple(stems[i : i + size]), key)
                if key not in entries and size == 1:
                    key = _verb_of(words[i]) or key
                entry = entries.get(key)
                if entry is not None:
                    found.append(Match(tuple(words[i : i + size]), key, entry[0], entry[1], key not in focus_only))
                    i += size
                    break
            else:
                i += 1
    return found
