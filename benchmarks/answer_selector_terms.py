"""What the answer selector knows about a question's terms a candidate sentence does not hold (issue 18, ``sel40``).

A term of the question the chosen sentence lacks says different things depending on the term itself:

* a word the knowledge base never uses (no section holds it) is colloquial wording or a topic the documents do not
  cover — a sentence lacking it may still answer (a paraphrase) or nothing can;
* a word the knowledge base holds *elsewhere* points at a near miss: the documents could say it, this sentence does
  not — the more specific the word (few sections hold it), the stronger that reading;
* a word pymorphy3 does not know (a guess: a typo, slang, a transliteration) carries less of the question's meaning
  than a dictionary word;
* a missing head noun changes the subject, a missing adjective or participle narrows it;
* a term whose e5 vector lies close to one of the sentence's words is probably said there in other words.

:func:`term_signals` reads these for one candidate; :class:`KbLexicon` holds the knowledge base's section-level
lemma and stem document frequencies.  Everything is stated over the term's grammar and the knowledge base, never
over a list of words.  Deterministic; reads the bundled knowledge base once per process.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["KB_DIR", "TERM_FEATURES", "KbLexicon", "kb_lexicon", "term_signals"]

KB_DIR = Path(__file__).resolve().parent.parent / "src" / "agentcore" / "rag" / "kb" / "default"

TERM_FEATURES: tuple[str, ...] = (
    "miss_kb_unknown",
    "miss_kb_elsewhere",
    "miss_kb_specific",
    "miss_guessed",
    "miss_noun",
    "miss_modifier",
    "miss_other_pos",
    "miss_closest_cosine",
)
"""The features of :func:`term_signals`, in order: the share of the missing terms the knowledge base never holds;
the share it holds elsewhere; the highest specificity (``1 − log df / log N`` over sections) of a missing term the
knowledge base holds; the share of missing terms pymorphy3 only guesses; whether a missing term is a plain noun, a
modifier (adjective, participle), another part of speech; the lowest, over missing terms, e5 cosine of the term to
its closest word of the candidate (1 when nothing is missing)."""

_HEADING_RE = re.compile(r"^#{1,6}\s", re.M)
_RUSSIAN_RE = re.compile(r"[а-яё-]+")


@dataclass(frozen=True)
class KbLexicon:
    """Section-level document frequencies of the knowledge base's lemmas and stems.

    Attributes:
        sections: how many sections (text between Markdown headings) the knowledge base has.
        lemmas: lemma (and word form) → how many sections hold it.
        stems: the search analyzer's stem → how many sections hold it.
    """

    sections: int
    lemmas: dict[str, int]
    stems: dict[str, int]

    def frequency(self, term: str) -> int:
        """How many sections hold ``term`` by its lemma or its stem (the larger)."""
        from agentcore.rag._focus.words import stem_of

        return max(self.lemmas.get(term, 0), self.stems.get(stem_of(term), 0))

    def specificity(self, term: str) -> float:
        """``1 − log df / log N`` of ``term`` (1: one section holds it; 0: every section, or none)."""
        df = self.frequency(term)
        if df == 0 or self.sections < 2:
            return 0.0
        return 1.0 - math.log(df) / math.log(self.sections)


@lru_cache(maxsize=2)
def kb_lexicon(directory: Path = KB_DIR) -> KbLexicon:
    """The :class:`KbLexicon` of the Markdown documents in ``directory`` (the bundled knowledge base by default)."""
    from agentcore.rag._focus.words import vocabulary_of

    lemmas: Counter[str] = Counter()
    stems: Counter[str] = Counter()
    sections = 0
    for path in sorted(directory.glob("*.md")):
        for section in _HEADING_RE.split(path.read_text("utf-8")):
            if not section.strip():
                continue
            sections += 1
            words, section_stems = vocabulary_of([section])
            lemmas.update(words)
            stems.update(section_stems)
    return KbLexicon(sections, dict(lemmas), dict(stems))


def term_signals(missing: Sequence[str], sentence_words: Sequence[str], lexicon: KbLexicon, embed: Any) -> list[float]:
    """The :data:`TERM_FEATURES` of the question's ``missing`` terms (lemmas the candidate with its heading does not
    hold) against the candidate's ``sentence_words`` (its Russian lemmas).

    Args:
        embed: ``embed(words) -> np.ndarray`` of unit ``query:`` rows for single words, or ``None`` (the closest
            cosine is then 0 for every missing term).
    """
    from agentcore.rag._focus.words import is_known, is_modifier, is_plain_noun

    if not missing:
        return [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    n = len(missing)
    unknown = [t for t in missing if lexicon.frequency(t) == 0]
    held = [t for t in missing if lexicon.frequency(t) > 0]
    nouns = [t for t in missing if is_plain_noun(t)]
    modifiers = [t for t in missing if not is_plain_noun(t) and is_modifier(t)]
    return [
        len(unknown) / n,
        len(held) / n,
        max((lexicon.specificity(t) for t in held), default=0.0),
        sum(not is_known(t) for t in missing) / n,
        float(bool(nouns)),
        float(bool(modifiers)),
        float(len(nouns) + len(modifiers) < n),
        _closest_cosine(missing, sentence_words, embed),
    ]


def _closest_cosine(missing: Sequence[str], sentence_words: Sequence[str], embed: Any) -> float:
    """The lowest, over ``missing``, of each term's highest e5 cosine to a word of ``sentence_words``."""
    if embed is None or not sentence_words:
        return 0.0
    try:
        terms = embed(list(missing))
        words = embed(list(sentence_words))
    except Exception:  # no local model
        return 0.0
    return float((terms @ words.T).max(axis=1).min())


def russian_lemmas(texts: Sequence[str]) -> list[str]:
    """The Russian content lemmas of ``texts`` (no function words) that have a shipped e5 vector (the bundled
    knowledge base's lemmas: a candidate is a knowledge-base sentence, so nothing needs embedding), each once."""
    from agentcore.rag._focus.english import shipped_word_vector
    from agentcore.rag._focus.words import WORD_RE, is_function_word, lemma_of

    found: dict[str, None] = {}
    for text in texts:
        for word in WORD_RE.findall(text):
            lemma = lemma_of(word)
            if (
                _RUSSIAN_RE.fullmatch(lemma)
                and len(lemma) > 2
                and not is_function_word(lemma)
                and shipped_word_vector(lemma) is not None
            ):
                found[lemma] = None
    return list(found)


def word_vectors(words: list[str]) -> Any:
    """Unit e5 ``query:`` vectors of single words: the shipped lemma vectors, the rest embedded locally (cached)."""
    from agentcore.rag._focus.english import _word_vectors

    return _word_vectors(words, "query")
