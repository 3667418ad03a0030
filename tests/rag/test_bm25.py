from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from agentcore.rag import Analyzer, BM25Index
from agentcore.rag._bm25 import top_k

DOCS = [
    "Ежегодный отпуск составляет 28 календарных дней",
    "Больничный оформляется электронным листком",
    "Отпуск переносится по согласованию с руководителем, отпуска делятся на части",
    "Задача TASK-12 про автоматизацию заявлений",
]


@pytest.fixture
def index() -> BM25Index:
    analyzer = Analyzer()
    return BM25Index.build(analyzer.terms_batch(DOCS))


def test_ranks_by_term_matches_across_word_forms(index: BM25Index) -> None:
    rows = index.top(Analyzer().terms("отпуском"), 10)
    assert [row for row, _ in rows] == [2, 0]  # the doc with two mentions first; docs without the term left out
    assert all(score > 0 for _, score in rows)


def test_identifier_matches_only_its_document(index: BM25Index) -> None:
    assert [row for row, _ in index.top(Analyzer().terms("TASK-12"), 10)] == [3]
    assert index.top(Analyzer().terms("TASK-13"), 10) == []


def test_unknown_terms_score_zero(index: BM25Index) -> None:
    assert index.top(["несуществующее"], 5) == []
    assert not index.scores([]).any()


def test_save_and_load_round_trip(index: BM25Index, tmp_path: Path) -> None:
    index.save(tmp_path / "bm25")
    loaded = BM25Index.load(tmp_path / "bm25")
    terms = Analyzer().terms("отпуск больничный")
    assert loaded.top(terms, 4) == index.top(terms, 4)
    assert loaded.size == 4


def test_build_rejects_empty_corpus() -> None:
    with pytest.raises(ValueError):
        BM25Index.build([])


def test_documents_without_terms_still_build(tmp_path: Path) -> None:
    """Found by the HTTP fuzz run: documents of punctuation only (no term at all) made bm25s fail."""
    index = BM25Index.build([[], []])
    assert index.size == 2 and index.top(["отпуск"], 2) == []
    index.save(tmp_path / "empty")
    assert BM25Index.load(tmp_path / "empty").size == 2


def test_top_k_is_deterministic_on_ties() -> None:
    scores = np.array([0.5, 1.0, 0.5, 1.0, 0.5], dtype=np.float32)
    assert top_k(scores, 3) == [(1, 1.0), (3, 1.0), (0, 0.5)]
    assert top_k(np.zeros(4, dtype=np.float32), 2, positive_only=True) == []
    assert top_k(scores, 0) == []
