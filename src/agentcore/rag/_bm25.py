"""BM25 over pre-analysed terms, backed by ``bm25s`` (Lucene variant, k1=1.5, b=0.75; sparse matrix scoring).

Terms come from :class:`agentcore.rag._analysis.Analyzer`, so the tokenizer, stop words and Russian morphology are
ours; bm25s builds the score matrix, saves/loads it, and scores queries.
"""

from __future__ import annotations

import logging
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

logger = logging.getLogger("agentcore.rag._bm25")

_NO_TERMS = "\x00"  # the analyzer never produces it (control characters are not word characters)


class BM25Index:
    """An immutable BM25 index over ``n`` documents (row ``i`` is the ``i``-th term list given to :meth:`build`)."""

    def __init__(self, model: Any) -> None:
        self._model = model

    @property
    def size(self) -> int:
        """Number of indexed documents."""
        return int(self._model.scores["num_docs"])

    @classmethod
    def build(cls, term_lists: list[list[str]], k1: float = 1.5, b: float = 0.75) -> BM25Index:
        """Index documents given as term lists.

        Raises:
            ValueError: ``term_lists`` is empty.
        """
        import bm25s

        if not term_lists:
            raise ValueError("cannot build a BM25 index over zero documents")
        if not any(term_lists):
            # bm25s fails on an empty vocabulary (documents of punctuation only); a term no query can produce
            # gives it one, and every real query still scores zero.
            term_lists = [[_NO_TERMS], *term_lists[1:]]
        model = bm25s.BM25(k1=k1, b=b, method="lucene")
        model.index(term_lists, show_progress=False)
        return cls(model)

    def save(self, directory: Path) -> None:
        """Write the index files into ``directory`` (created if needed; not atomic by itself)."""
        directory.mkdir(parents=True, exist_ok=True)
        self._model.save(str(directory), show_progress=False)

    @classmethod
    def load(cls, directory: Path) -> BM25Index:
        """Read an index written by :meth:`save`.

        Raises:
            OSError / ValueError: files missing or corrupted.
        """
        import bm25s

        return cls(bm25s.BM25.load(str(directory), show_progress=False, verbosity=0))

    def document_frequency(self, term: str) -> int:
        """Number of indexed documents containing ``term`` (0 for a term the index never saw)."""
        token = self._model.vocab_dict.get(term)
        if token is None:
            return 0
        indptr = self._model.scores["indptr"]
        return int(indptr[token + 1] - indptr[token])

    def idf(self, term: str) -> float:
        """Lucene's BM25 IDF of ``term``: ``ln(1 + (N - df + 0.5) / (df + 0.5))``; 0 for an unknown term."""
        frequency = self.document_frequency(term)
        if frequency == 0:
            return 0.0
        return math.log(1 + (self.size - frequency + 0.5) / (frequency + 0.5))

    def scores(self, terms: list[str]) -> np.ndarray:
        """BM25 score of every document for a query given as terms (unknown terms are ignored)."""
        import numpy as np

        ids = self._model.get_tokens_ids(list(dict.fromkeys(terms)))
        if not ids:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self._model.get_scores_from_ids(ids), dtype=np.float32)

    def top(self, terms: list[str], k: int) -> list[tuple[int, float]]:
        """Best ``k`` documents with a positive score, best first: ``[(row, score), ...]`` (ties: lower row first)."""
        return top_k(self.scores(terms), k, positive_only=True)


def top_k(scores: np.ndarray, k: int, positive_only: bool = False) -> list[tuple[int, float]]:
    """Rows of the ``k`` largest ``scores``, best first; equal scores keep row order (deterministic)."""
    import numpy as np

    if k <= 0:
        return []
    if positive_only:
        rows = np.flatnonzero(scores > 0)
        values = scores[rows]
    else:
        rows = np.arange(scores.shape[0])
        values = scores
    if rows.shape[0] > k:
        # argpartition breaks ties arbitrarily: keep every row tied with the k-th best, then sort stably.
        threshold = values[np.argpartition(-values, k - 1)[:k]].min()
        keep = np.flatnonzero(values >= threshold)
        rows, values = rows[keep], values[keep]
    order = np.lexsort((rows, -values))[:k]
    return [(int(rows[i]), float(values[i])) for i in order]
