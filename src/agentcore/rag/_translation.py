"""English words of a query in the documents' own Russian words, added so that BM25 can match them (issue 18).

BM25 matches words, so an English query over Russian documents finds nothing lexically — or only the few passages
that quote English — and the fusion is left with e5 alone, whose cosines for a short English query are flat across
the collection (the right section and unrelated ones within 0.01 of each other).  The focus check already reads an
English term through the documents' word for it (:func:`agentcore.rag._focus.english.russian_spellings`).  The
search does the same before its first stage, for the Latin words of the query the collection does not index:

* an English phrase or word of the colloquial lexicon (:mod:`agentcore.rag._lexicon`: «sick leave» →
  «больничный», «business trip» → «командировка») gets the lexicon's words;
* every other one gets the Russian lemmas that spell or translate it among the passages e5 ranks first
  (:data:`POOL`): its loanword («sprint» / «спринт»), else the lemmas nearest to it by e5 word vectors (at least
  ``WORD_MIN_COSINE`` = 0.90: «vacation» → «отпуск», «password» → «пароль»; a word the passages do not translate
  gets nothing).

The words found are appended to the query, as the query repair appends «velocity» for «велосити»; the query vector is
kept (re-embedding the longer query scored lower on the robust set's dev split: English top-1 0.857 → 0.762).
Only with the local e5 embedder, whose word vectors the thresholds were read from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from agentcore.rag._analysis import Analyzer
    from agentcore.rag._snapshot import CollectionSnapshot

POOL = 20
"""How many passages, best by e5 first, lend their lemmas as candidate translations (the dense depth of the fusion;
robust set dev, English top-1: 10 passages 0.810, 20 passages 0.857)."""

_LATIN_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'’-]*")


def translated_query(query: str, vector: np.ndarray, snapshot: CollectionSnapshot, analyzer: Analyzer) -> str:
    """``query`` with the documents' Russian words for its English words that ``snapshot`` does not index."""

    def indexed(word: str) -> bool:
        return any(snapshot.term_weight(term) > 0 for term in analyzer.terms(word))

    words = unindexed_english(query, indexed)
    if not words:
        return query
    rows = [row for row, _ in snapshot.dense_top(vector, POOL)]
    texts = [f"{snapshot.chunks[row].title}\n{snapshot.chunks[row].text}" for row in rows]
    added = [w for w in translations(query, words, texts) if w.lower() not in query.lower()]
    return f"{query} {' '.join(added)}" if added else query


def unindexed_english(query: str, indexed: Callable[[str], bool]) -> list[str]:
    """The English words of ``query`` BM25 cannot match: Latin words of 3+ letters, no question or function word
    (:data:`agentcore.rag._focus.english.QUESTION_WORDS`), that the collection does not index."""
    from agentcore.rag._focus.english import is_question_word

    words = []
    for match in _LATIN_WORD_RE.finditer(query):
        word = match.group().lower().replace("’", "'").strip("'-")
        if len(word) >= 3 and not is_question_word(word) and not indexed(word):
            words.append(word)
    return list(dict.fromkeys(words))


def translations(query: str, words: Sequence[str], texts: Sequence[str]) -> list[str]:
    """The Russian words for ``words`` of ``query``: the lexicon's for its English entries, else the lemmas of
    ``texts`` that spell or translate them (local e5 word vectors; none without the model)."""
    from agentcore.rag._focus.english import russian_spellings

    added, rest = lexicon_translations(query, words)
    if rest and texts:
        added.extend(lemma for _, lemma in russian_spellings(list(rest), list(texts)))
    return list(dict.fromkeys(added))


def lexicon_translations(query: str, words: Sequence[str]) -> tuple[list[str], list[str]]:
    """The lexicon's words for the English entries of ``query`` that hold one of ``words`` («sick leave» →
    «больничный»), and the words of ``words`` no entry covered."""
    from agentcore.rag import _lexicon

    added: list[str] = []
    covered: set[str] = set()
    for match in _lexicon.matches(query):
        lowered = [w.lower() for w in match.words]
        if all(_LATIN_WORD_RE.fullmatch(w) for w in lowered) and set(lowered) & set(words):
            added.extend(match.phrases)
            covered.update(lowered)
    return list(dict.fromkeys(added)), [w for w in words if w not in covered]
