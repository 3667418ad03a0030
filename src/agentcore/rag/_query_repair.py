"""Query repair before retrieval: keyboard-layout slips, typos, Russian spellings of English terms, chat slang.

    repair_query("ghbdtn как сменить пароль", vocabulary)  → "привет как сменить пароль"
    repair_query("как оформить отпукс", vocabulary)        → "как оформить отпуск"
    repair_query("что такое велосити", vocabulary)         → "что такое велосити velocity"
    repair_query("когда зп", vocabulary)                   → "когда зп зарплата"

Each word of the query is looked at once, in this order; the first rule that applies wins:

1. **layout** — a run of Latin letters (and the punctuation keys that are Russian letters: ``[ ] ; ' , . \\```)
   that is not a word of the collection, but whose Russian-layout reading is a Russian word (pymorphy3's
   dictionary or the collection) → replaced («ghbdtn» → «привет»); and the other way, a Cyrillic non-word whose
   English-layout reading is a Latin word of the collection («мзт» → «vpn»);
2. **spelling** — a Cyrillic word of 4+ letters that neither pymorphy3's dictionary nor the collection knows →
   replaced by the collection's word within 1 edit (2 for 7+ letters; a transposition is one edit), the most
   frequent on ties, same first letter preferred («отпукс» → «отпуск», «болезьни» → «болезни»);
3. **transliteration** — a Cyrillic non-word whose Latin transliteration is close to a Latin word of the collection
   (normalised Levenshtein similarity ≥ 0.7; exact for 2–3 letters) → that word is added («велосити» →
   «velocity», «дод» → «dod»);
4. **slang** — chat words for what the documents name formally (:data:`SLANG`: «зп», «ноут», «удалёнка», «за свой
   счёт») → the formal term is added after them.

The vocabulary is the collection's own words (built once per snapshot, cached), so a correction always lands on a
word the documents use, and a word the documents use is never "corrected".  English questions need no rule: the
multilingual e5 embedder matches them with the Russian passages (see ``docs/rag.md``).
"""

from __future__ import annotations

import re
import threading
import weakref
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from agentcore.rag import _lexicon
from agentcore.text import normalize_text, switch_layout, transliterate
from agentcore.text.morphology import known_word

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from agentcore.rag.models import Chunk

__all__ = ["SLANG", "QueryRepair", "Vocabulary", "repair_query", "vocabulary_of"]

_WORD_RE = re.compile(r"[a-zа-яё]+")
_COMPOUND_RE = re.compile(r"(?<![\w-])[а-яё]+(?:-[а-яё]+)+(?![\w-])")
_CYRILLIC_RE = re.compile(r"^[а-яё]+$")
_LATIN_RE = re.compile(r"^[a-z]+$")
_LAYOUT_RUN_RE = re.compile(r"^[A-Za-z\[\];',.`{}:\"<>~]+$")
_TRAILING_RE = re.compile(r"[?!]+$")
_RUN_RE = re.compile(r"[\w-]+")

SLANG: tuple[tuple[str, str], ...] = (
    (r"зп|з/п|зарплатк\w*", "зарплата"),
    (r"ноут|ноута|ноуту|ноутом|ноуте|ноуты|ноутов", "ноутбук"),
    (r"удал[её]нк\w*", "удалённая работа"),
    (r"дейлик\w*|дейлики", "дейли"),
    (r"ретро|ретрик\w*", "ретроспектива"),
    (r"конф[аеуы]?|конфах|конфы", "конференция"),
    (r"уч[её]тк\w*", "учётная запись"),
    (r"комп|компа|компу|компом", "компьютер"),
    (r"админ\w*|сисадмин\w*", "администратор"),
    (r"саппорт\w*|хелпдеск\w*", "техподдержка"),
    (r"за\s+свой\s+сч[её]т", "без сохранения зарплаты"),
    (r"чатгпт|чат\s*gpt|chatgpt|гпт|gpt", "нейросеть"),
    (r"пиоу|пио", "владелец продукта"),
    (r"алерт\w*", "оповещение"),
    (r"дежурк\w*", "дежурство"),
    (r"мр|мрка|мрку|мрки|мерж\w*", "merge request"),
    (r"прод", "продуктивные серверы"),
    (r"питер\w*|спб", "Санкт-Петербург"),
    (r"мск", "Москва"),
)
"""Chat words and the formal terms the documents use for them (general HR/IT slang, not a list of questions)."""
_SLANG_RES = tuple((re.compile(rf"(?<![\w-])(?:{pattern})(?![\w-])", re.IGNORECASE), term) for pattern, term in SLANG)
_SLANG_WORD_RE = re.compile("|".join(f"(?:{pattern})" for pattern, _ in SLANG), re.IGNORECASE)


@dataclass(frozen=True)
class QueryRepair:
    """The repaired query and what changed (``(rule, before, after)``, in query order)."""

    text: str
    changes: tuple[tuple[str, str, str], ...] = ()


@dataclass
class Vocabulary:
    """The words of a collection (lower case, ``ё`` → ``е``), with their frequencies."""

    counts: Counter[str]
    compounds: list[str] = field(default_factory=list)  # hyphenated Cyrillic words («скрам-мастер»)
    cyrillic: dict[int, list[str]] = field(init=False)  # Cyrillic words of 3+ letters by length
    latin: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.cyrillic = {}
        for word in self.counts:
            if len(word) >= 3 and _CYRILLIC_RE.match(word):
                self.cyrillic.setdefault(len(word), []).append(word)
        self.latin = [w for w in self.counts if len(w) >= 2 and _LATIN_RE.match(w)]

    def cyrillic_near(self, length: int, spread: int) -> list[str]:
        """Cyrillic words whose length is within ``spread`` of ``length``."""
        return [w for size in range(length - spread, length + spread + 1) for w in self.cyrillic.get(size, ())]

    @classmethod
    def of(cls, texts: Sequence[str]) -> Vocabulary:
        """The vocabulary of ``texts``."""
        clean = normalize_text("\n".join(texts)).lower().replace("ё", "е")
        return cls(Counter(_WORD_RE.findall(clean)), sorted(set(_COMPOUND_RE.findall(clean))))

    def __contains__(self, word: object) -> bool:
        return word in self.counts


class _WithIndex(Vocabulary):
    """A vocabulary that also knows every word the collection's index has."""

    def __init__(self, base: Vocabulary, indexed: Callable[[str], bool]) -> None:
        self.counts, self.compounds, self.cyrillic, self.latin = base.counts, base.compounds, base.cyrillic, base.latin
        self._indexed = indexed

    def __contains__(self, word: object) -> bool:
        return word in self.counts or (isinstance(word, str) and self._indexed(word))


_cache: weakref.WeakKeyDictionary[object, Vocabulary] = weakref.WeakKeyDictionary()
_cache_lock = threading.Lock()


MAX_VOCABULARY_CHUNKS = 4000
"""Chunks read for the vocabulary (evenly spaced beyond this): reading all of a 100k-chunk collection took seconds.
Words of the chunks not read are still known through the BM25 index (``indexed`` of :func:`repair_query`); they
just are not offered as corrections."""


def vocabulary_of(owner: object, chunks: Sequence[Chunk]) -> Vocabulary:
    """The vocabulary of ``chunks`` (titles and texts; at most :data:`MAX_VOCABULARY_CHUNKS`, evenly spaced), built
    once per ``owner`` (a collection snapshot)."""
    with _cache_lock:
        found = _cache.get(owner)
    if found is None:
        step = max(1, -(-len(chunks) // MAX_VOCABULARY_CHUNKS))
        found = Vocabulary.of([chunk.embedding_text for chunk in chunks[::step]])
        with _cache_lock:
            _cache[owner] = found
    return found


def _plain(word: str) -> str:
    return word.lower().replace("ё", "е")


def _layout_to_russian(run: str, vocabulary: Vocabulary, short_ok: bool) -> str | None:
    """The Russian reading of a Latin run typed on the wrong layout, or ``None``.

    Each word of the reading must be a Russian word (dictionary or collection) or a Russian spelling of a Latin
    word of the collection («впн» for «vpn»).  Readings shorter than 4 letters («еру» from «the») count only when
    ``short_ok`` — another run of the same query was switched.
    """
    if not _LAYOUT_RUN_RE.match(run):
        return None
    lower = run.lower()
    if lower in vocabulary or lower in _english_stopwords():
        return None
    for candidate in dict.fromkeys((run, run.rstrip(",."))):
        russian = switch_layout(candidate, to="ru").lower()
        words = _WORD_RE.findall(_plain(russian))
        if not words or "".join(words) != _plain(russian):
            continue
        if len(russian) < 4 and not short_ok:
            # Alone, a short reading must be a word of the collection itself («dgy» → «впн» ~ «vpn»).
            if len(russian) == 3 and all(w in vocabulary or transliterate(w) in vocabulary for w in words):
                return russian
            continue
        if all(w in vocabulary or known_word(w) or transliterate(w) in vocabulary for w in words):
            return russian
    return None


def _english_stopwords() -> frozenset[str]:
    from agentcore.rag._analysis import get_analyzer

    return get_analyzer().stopwords


def _layout_to_latin(word: str, vocabulary: Vocabulary) -> str | None:
    """The Latin reading of a Cyrillic non-word typed on the wrong layout, when the collection uses it."""
    latin = switch_layout(word, to="en")
    return latin if len(word) >= 3 and _LATIN_RE.match(latin) and latin in vocabulary else None


def _spelling(word: str, vocabulary: Vocabulary) -> str | None:
    """The collection's word closest to a misspelled Cyrillic ``word``."""
    limit = 1 if len(word) < 7 else 2
    return _closest(word, vocabulary.cyrillic_near(len(word), limit), limit, vocabulary)


def _closest(word: str, choices: list[str], limit: int, vocabulary: Vocabulary) -> str | None:
    """The choice within ``limit`` edits of ``word`` (transpositions count one): fewest edits, then the same first
    letter, then the most frequent in the collection."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    found = process.extract(word, choices, scorer=OSA.distance, score_cutoff=limit, limit=20)
    if not found:
        return None
    best = min(found, key=lambda item: (item[1], item[0][0] != word[0], -vocabulary.counts[item[0]], item[0]))
    return str(best[0])


def _transliterated(word: str, vocabulary: Vocabulary) -> str | None:
    """A Latin word of the collection that a Cyrillic ``word`` spells in Russian letters."""
    latin = transliterate(word)
    if len(word) <= 3:
        return latin if latin in vocabulary else None
    from rapidfuzz import process
    from rapidfuzz.distance import Levenshtein

    found = process.extractOne(latin, vocabulary.latin, scorer=Levenshtein.normalized_similarity, score_cutoff=0.7)
    return str(found[0]) if found else None


def _repair_word(word: str, vocabulary: Vocabulary, short_ok: bool) -> tuple[str, str] | None:
    """``(rule, replacement)`` for one whitespace-separated piece of the query, or ``None``.

    A replacement that starts with ``+`` is added after the word instead of replacing it.
    """
    trailing = _TRAILING_RE.search(word)
    core = word[: trailing.start()] if trailing else word
    end = trailing.group() if trailing else ""
    if not core or _SLANG_WORD_RE.fullmatch(core):
        return None
    russian = _layout_to_russian(core, vocabulary, short_ok)
    if russian is not None:
        again = _repair_word(russian, vocabulary, short_ok)
        if again is not None and again[1].startswith("+"):
            return "layout", f"{russian} {again[1][1:]}{end}"
        return "layout", (again[1] if again else russian) + end
    plain = _plain(core.strip(",.;:«»\"'()"))
    if "-" in plain:
        # A hyphenated word is corrected only to a hyphenated word of the collection («скрам-мастр» →
        # «скрам-мастер»), never part by part («дресс-код» is not «пресс-код»).
        if plain in vocabulary.compounds or known_word(plain):
            return None
        corrected = _closest(plain, vocabulary.compounds, 1 if len(plain) < 7 else 2, vocabulary)
        return ("spelling", corrected + end) if corrected else None
    if not _CYRILLIC_RE.match(plain) or plain in vocabulary or known_word(plain):
        return None
    latin = _layout_to_latin(plain, vocabulary)
    if latin is not None:
        return "layout", latin + end
    if len(plain) >= 4 and not _lexicon.matches(plain):  # a chat word of the lexicon is no typo («забанят»)
        corrected = _spelling(plain, vocabulary)
        if corrected is not None:
            return "spelling", corrected + end
    english = _transliterated(plain, vocabulary)
    if english is not None:
        return "transliteration", "+" + english
    return None


def repair_query(query: str, vocabulary: Vocabulary, indexed: Callable[[str], bool] | None = None) -> QueryRepair:
    """``query`` with layout slips and typos fixed, English terms and formal terms added (see the module doc).

    Words the collection or the Russian dictionary knows are never changed; the query's other characters,
    spacing and order are kept.
    """
    pieces = re.split(r"(\s+)", normalize_text(query).strip())
    changes: list[tuple[str, str, str]] = []
    # Short Latin runs («d», «yf») switch layout only next to a long one that did: alone they are often English.
    short_ok = any(p and _layout_to_russian(p, vocabulary, short_ok=False) for p in pieces[::2])
    for index in range(0, len(pieces), 2):
        piece = pieces[index]
        repaired = _repair_word(piece, vocabulary, short_ok) if piece else None
        if repaired is None:
            continue
        rule, replacement = repaired
        if replacement.startswith("+"):
            pieces[index] = f"{piece} {replacement[1:]}"
            changes.append((rule, piece, replacement[1:]))
        else:
            pieces[index] = replacement
            changes.append((rule, piece, replacement))
    text = "".join(pieces)
    for pattern, term in _SLANG_RES:
        match = pattern.search(text)
        if match and term not in text.lower():
            text = f"{text[: match.end()]} {term}{text[match.end() :]}"
            changes.append(("slang", match.group(), term))
    return _with_lexicon(text, vocabulary, changes)


MAX_LEXICON_PHRASES = 2
"""Alternatives of one colloquial word added to a query (the lexicon lists the likeliest first)."""


def _with_lexicon(text: str, vocabulary: Vocabulary, changes: list[tuple[str, str, str]]) -> QueryRepair:
    """``text`` with the documents' words for its colloquial words (:mod:`agentcore.rag._lexicon`: «залочат» →
    «заблокировать», «шеф» → «руководитель») added after them — only for words the collection does not use.

    A match whose words the collection all uses adds nothing, so a query of such words only skips the look-up (its
    pymorphy3 lemmas were most of a new query's cost, issue 18)."""
    if all(_plain(w.lower()) in vocabulary for w in _lexicon._WORD_RE.findall(text)):
        return QueryRepair(text, tuple(changes))
    for match in _lexicon.matches(text):
        if not match.query or all(_plain(w.lower()) in vocabulary for w in match.words):
            continue
        plain = _plain(text)
        added = [p for p in match.phrases if _plain(p) not in plain][:MAX_LEXICON_PHRASES]
        if not added:
            continue
        last = match.words[-1]
        # The word's first occurrence standing alone (no word character or «-» either side) is a whole run of
        # them: found without compiling a pattern per word (a new query's new word cost a compilation).
        at = next((run for run in _RUN_RE.finditer(text) if run.group() == last), None)
        if at is None:
            continue
        text = f"{text[: at.end()]} {' '.join(added)}{text[at.end() :]}"
        changes.extend(("lexicon", " ".join(match.words), phrase) for phrase in added)
    return QueryRepair(text, tuple(changes))
