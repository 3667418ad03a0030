"""An immutable, loaded version of a collection: chunks, BM25 index, dense vectors.

The engine swaps whole snapshots under a lock; a query holds on to the snapshot it started with, so hot swaps and
re-indexing never disturb queries in flight.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from agentcore.rag._bm25 import BM25Index, top_k
from agentcore.rag._store import Manifest, Stamp
from agentcore.rag._vectors import cosine_scores
from agentcore.rag.models import Chunk, FetchedItem

if TYPE_CHECKING:
    import numpy as np

    from agentcore.rag._analysis import Analyzer
    from agentcore.rag._ranking import PassageInfo


EAGER_PASSAGE_LIMIT = 10_000
"""Largest collection whose passages are all analysed when a snapshot is published (~0.3 ms a passage unloaded, so
a few seconds at most per load); larger ones analyse a passage when a query first ranks it."""


@dataclass(frozen=True, eq=False)
class CollectionSnapshot:
    """One collection version in memory.  ``dense`` rows align with ``chunks``; ``None`` when not embedded."""

    name: str
    manifest: Manifest
    chunks: Sequence[Chunk]
    bm25: BM25Index | None
    dense: np.ndarray | None = None
    dense_name: str | None = None
    stamp: Stamp | None = None
    positions: dict[str, int] = field(default_factory=dict)
    doc_rows: dict[str, list[int]] = field(default_factory=dict)
    # Per-passage analysis for second-stage ranking: filled for every row when the snapshot is published
    # (:meth:`analyse_passages`, up to EAGER_PASSAGE_LIMIT chunks), else lazily (a benign race: any thread computes
    # the same).
    _passages: dict[int, PassageInfo] = field(default_factory=dict, repr=False)

    @classmethod
    def create(
        cls,
        name: str,
        manifest: Manifest,
        chunks: Sequence[Chunk],
        bm25: BM25Index | None,
        dense: np.ndarray | None = None,
        dense_name: str | None = None,
        stamp: Stamp | None = None,
    ) -> CollectionSnapshot:
        """Build a snapshot and its id maps."""
        positions = {chunk.id: row for row, chunk in enumerate(chunks)}
        doc_rows: dict[str, list[int]] = {}
        for row, chunk in enumerate(chunks):
            doc_rows.setdefault(chunk.doc_id, []).append(row)
        return cls(name, manifest, chunks, bm25, dense, dense_name, stamp, positions, doc_rows)

    @property
    def size(self) -> int:
        """Number of chunks."""
        return len(self.chunks)

    @property
    def documents(self) -> int:
        """Number of documents."""
        return len(self.doc_rows)

    def bm25_top(self, terms: list[str], k: int) -> list[tuple[int, float]]:
        """Best ``k`` rows by BM25 (positive scores only)."""
        if self.bm25 is None or not terms:
            return []
        return self.bm25.top(terms, k)

    def dense_top(self, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        """Best ``k`` rows by cosine similarity with ``vector``.

        Raises:
            ValueError: the snapshot has no vectors or their size differs from ``vector``'s.
        """
        if self.dense is None:
            raise ValueError("collection has no dense vectors")
        if self.dense.shape[1] != vector.shape[0]:
            raise ValueError(f"query vector has {vector.shape[0]} dims, index has {self.dense.shape[1]}")
        return top_k(cosine_scores(self.dense, vector), k)

    def cosines(self, vector: np.ndarray, rows: Sequence[int]) -> list[float]:
        """Cosine similarity of ``vector`` with each of ``rows`` (``[]`` when the snapshot has no vectors)."""
        if self.dense is None or not rows or self.dense.shape[1] != vector.shape[0]:
            return []
        return [float(x) for x in cosine_scores(self.dense[list(rows)], vector)]

    def term_weight(self, term: str) -> float:
        """BM25 IDF of ``term`` in this collection (0 when unknown or without a BM25 index)."""
        return self.bm25.idf(term) if self.bm25 is not None else 0.0

    def passage_info(self, row: int, analyzer: Analyzer) -> PassageInfo:
        """What second-stage ranking reads from passage ``row`` (computed once per snapshot)."""
        info = self._passages.get(row)
        if info is None:
            from agentcore.rag._ranking import PassageInfo

            info = PassageInfo.of(self.chunks[row], analyzer)
            self._passages[row] = info
        return info

    def analyse_passages(self, analyzer: Analyzer, previous: CollectionSnapshot | None = None) -> int:
        """Analyse every passage now, so that no query pays for a passage it sees first (issue 18: on 2,094 chunks
        this first-sight analysis was ~70 % of a new query's time).  A passage identical to one of ``previous`` (the
        version this one replaces: same chunk id and same chunk) reuses its analysis.  Skipped above
        :data:`EAGER_PASSAGE_LIMIT` chunks, where passages are analysed on first sight as before.  Returns the
        number of passages analysed here (not reused)."""
        if self.size > EAGER_PASSAGE_LIMIT:
            return 0
        from agentcore.rag._ranking import PassageInfo

        analysed = 0
        for row, chunk in enumerate(self.chunks):
            if row in self._passages:
                continue
            info = None
            if previous is not None:
                old = previous.positions.get(chunk.id)
                if old is not None and previous.chunks[old] == chunk:
                    info = previous._passages.get(old)
            if info is None:
                info = PassageInfo.of(chunk, analyzer)
                analysed += 1
            self._passages[row] = info
        return analysed

    def fetch(self, item_id: str) -> FetchedItem | None:
        """A chunk by chunk id, else a whole document by doc id (chunks joined in order), else ``None``."""
        row = self.positions.get(item_id)
        if row is not None:
            chunk = self.chunks[row]
            return FetchedItem(chunk.id, "chunk", chunk.doc_id, chunk.title, chunk.text, chunk.source)
        rows = self.doc_rows.get(item_id)
        if rows:
            first = self.chunks[rows[0]]
            text = "\n\n".join(self.chunks[r].text for r in rows)
            return FetchedItem(item_id, "document", item_id, first.doc_title, text, first.source)
        return None
