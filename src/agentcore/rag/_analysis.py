"""Text analysis for lexical retrieval: tokenise mixed Russian/English text, drop stop words, normalise words.

Rules (the same for documents and queries):

* identifiers like ``TASK-12`` are kept whole (``task-12``); ``ERR_42``, ``v2``, numbers stay single tokens;
* the text is cleaned first (NFC, no stress marks, soft hyphens or zero-width characters, see
  :mod:`agentcore.text._unicode`), then lower-cased, and ``ё`` becomes ``е``;
* Russian and English stop words are dropped, and so are single letters — except an upper-case acronym whose
  lower-case spelling is a stop word («ПО», «IT», «ОН» as a name of a thing): written in capitals in mixed-case
  text (or as the whole text, «ПО?»), it is kept as a term (``по``, ``it``); an all-capitals text («КАК ОФОРМИТЬ
  ОТПУСК») and capitals next to a long capitalised word («НЕ ДЕЛАЙТЕ ЭТОГО») are shouting, not acronyms, and a
  reply or question word («ДА», «НЕТ», «ГДЕ») is never one;
* ``Q&A``, ``R&D`` (a letter or two, ``&``, a letter or two) stay one token (``q&a``);
* Cyrillic words are reduced to a Snowball stem (``morphology="stem"``, PyStemmer, the default) or a pymorphy3
  lemma (``"lemma"``); Latin words get the English Snowball stem; tokens with digits, ``-`` or ``_`` are kept
  as they are.

The default is the stemmer: on the labelled evaluation set it scored at least as well as pymorphy3 lemmas at a
fraction of the cost (numbers in ``docs/rag.md``).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from functools import cached_property, lru_cache
from typing import Any, Literal

from agentcore.text import normalize_text

Morphology = Literal["stem", "lemma", "none"]

# An identifier such as TASK-12 first, then any run of word characters (letters, digits, underscore).
_TOKEN_RE = re.compile(r"[A-Za-z]+-\d+|(?<![\w&])[A-Za-z]{1,2}&[A-Za-z]{1,2}(?![\w&])|\w+", re.UNICODE)
# Stop words that are a reply or a question word on their own, never an abbreviation: «ДА», «НЕТ», «ГДЕ?» typed in
# capitals still ask nothing (tryout 28 D17).
_NEVER_ACRONYMS = frozenset(
    """
    да нет ну ага угу ок ой эх и а но или ни не же ли бы вот так где что как кто чем чего когда куда откуда зачем
    почему yes no ok what who how why when where
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# A word in capitals this long next to an acronym means the text is shouted («НЕ ДЕЛАЙТЕ»), not abbreviated.
_SHOUTED_WORD = 5
_CYRILLIC_RE = re.compile(r"^[а-яё]+$")
_LATIN_RE = re.compile(r"^[a-z]+$")

# Question words and fillers that bm25s' Russian list lacks; they carry no topic.
_EXTRA_RU_STOPWORDS = frozenset(
    """
    сколько какие какое какого какому каков какова каковы каких каким какими каком какую нужно ли либо этот эта это эти
    также который которая которое которые которых которым свой своя свои своих весь вся всё всем
    """.split()  # noqa: SIM905 - a word list reads better as text
)


def _stopwords() -> frozenset[str]:
    from bm25s.stopwords import STOPWORDS_EN, STOPWORDS_RUSSIAN

    words = {w.replace("ё", "е") for w in STOPWORDS_RUSSIAN} | set(STOPWORDS_EN) | _EXTRA_RU_STOPWORDS
    return frozenset(w.replace("ё", "е") for w in words)


def raw_tokens(text: str) -> list[str]:
    """Lower-cased tokens of ``text`` before stop-word removal and normalisation.

    The text is cleaned first (:func:`agentcore.text.normalize_text`: NFC, no stress marks, soft hyphens or
    zero-width characters), then ``ё`` → ``е``.
    """
    return [t.lower().replace("ё", "е") for t in _TOKEN_RE.findall(normalize_text(text))]


def _acronyms(tokens: list[str]) -> set[int]:
    """Positions of ``tokens`` (as written) that are upper-case acronyms: 2+ letters, all capitals, in a text that
    is not shouted — it has a lower-case letter or is this one word, and no neighbour is a capitalised word of
    :data:`_SHOUTED_WORD`+ letters."""
    if len(tokens) > 1 and not any(t != t.upper() for t in tokens):
        return set()

    def shouted(index: int) -> bool:
        return 0 <= index < len(tokens) and len(tokens[index]) >= _SHOUTED_WORD and tokens[index].isupper()

    return {
        index
        for index, token in enumerate(tokens)
        if len(token) > 1
        and token.isalpha()
        and token.isupper()
        and token.lower().replace("ё", "е") not in _NEVER_ACRONYMS
        and not shouted(index - 1)
        and not shouted(index + 1)
    }


class Analyzer:
    """Turns text into index terms.  Thread-safe; caches word normalisations.

    Args:
        morphology: ``"stem"`` (PyStemmer Snowball, default), ``"lemma"`` (pymorphy3) or ``"none"``.
    """

    _CACHE_LIMIT = 500_000

    def __init__(self, morphology: Morphology = "stem") -> None:
        if morphology not in ("stem", "lemma", "none"):
            raise ValueError(f"unknown morphology {morphology!r}")
        self.morphology: Morphology = morphology
        self._cache: dict[str, str] = {}
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        """Identifies the analysis rules; stored with an index so a change of rules forces a rebuild."""
        return f"ru-en-{self.morphology}-v4"

    @cached_property
    def stopwords(self) -> frozenset[str]:
        """Stop words (already lower-case, ``ё`` → ``е``)."""
        return _stopwords()

    @cached_property
    def _ru(self) -> Any:
        if self.morphology == "lemma":
            from agentcore.text.morphology import morph_analyzer

            morph = morph_analyzer()
            if morph is None:  # pragma: no cover - pymorphy3 is a dependency
                raise RuntimeError("pymorphy3 is not installed: morphology='lemma' is unavailable")
            return lambda words: [morph.parse(w)[0].normal_form.replace("ё", "е") for w in words]
        import Stemmer

        return Stemmer.Stemmer("russian").stemWords

    @cached_property
    def _en(self) -> Any:
        import Stemmer

        return Stemmer.Stemmer("english").stemWords

    def _normalise(self, words: list[str]) -> list[str]:
        """Normalise unique ``words`` not yet cached, then map all through the cache."""
        cache = self._cache
        missing = [w for w in dict.fromkeys(words) if w not in cache]
        if missing:
            ru = [w for w in missing if _CYRILLIC_RE.match(w)]
            en = [w for w in missing if _LATIN_RE.match(w)]
            found: dict[str, str] = {w: w for w in missing}
            if self.morphology != "none":
                # The lock guards the normaliser objects, not the dict: PyStemmer/pymorphy3 are not re-entrant.
                with self._lock:
                    if ru:
                        found.update(zip(ru, self._ru(ru), strict=True))
                    if en:
                        found.update(zip(en, self._en(en), strict=True))
            if len(cache) > self._CACHE_LIMIT:
                cache.clear()
            cache.update(found)
        return [cache.get(w, w) for w in words]

    def terms(self, text: str) -> list[str]:
        """Index terms of ``text`` in order (repeats kept; BM25 counts them)."""
        stop = self.stopwords
        written = _TOKEN_RE.findall(normalize_text(text))
        lowered = [t.lower().replace("ё", "е") for t in written]
        kept = [t for t in lowered if t not in stop and (len(t) > 1 or t.isdigit())]
        if len(kept) < len(lowered):
            acronyms = _acronyms(written)
            if acronyms:
                kept = [
                    t
                    for index, t in enumerate(lowered)
                    if (t not in stop and (len(t) > 1 or t.isdigit())) or (index in acronyms and len(t) > 1)
                ]
        return self._normalise(kept)

    def terms_batch(self, texts: Iterable[str]) -> list[list[str]]:
        """:meth:`terms` for many texts."""
        return [self.terms(text) for text in texts]

    def term_set(self, text: str) -> set[str]:
        """Distinct index terms of ``text``."""
        return set(self.terms(text))


@lru_cache(maxsize=65536)
def word_stem(word: str) -> str:
    """The shared stemming analyzer's (:func:`get_analyzer`) stem of ``word`` — its first index term — or ``word``
    lower case, «ё» → «е», when it has none (a stopword, a single letter): one stem of a word for the search lexicon
    (:mod:`agentcore.rag._lexicon`) and the focus check (:func:`agentcore.rag._focus.words.stem_of`)."""
    terms = get_analyzer().terms(word)
    return terms[0] if terms else word.lower().replace("ё", "е")


_default: dict[str, Analyzer] = {}
_default_lock = threading.Lock()


def get_analyzer(morphology: Morphology = "stem") -> Analyzer:
    """A process-wide shared analyzer (its normalisation cache is shared too)."""
    with _default_lock:
        if morphology not in _default:
            _default[morphology] = Analyzer(morphology)
        return _default[morphology]
