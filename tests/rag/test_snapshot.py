"""A snapshot analyses its passages when published, so no query pays for a passage it sees first (issue 18)."""

from __future__ import annotations

import dataclasses

import pytest

from agentcore.rag import _ranking, _snapshot
from agentcore.rag._analysis import Analyzer
from agentcore.rag._ranking import PassageInfo
from agentcore.rag._snapshot import CollectionSnapshot
from agentcore.rag.engine import RagEngine
from agentcore.rag.models import Chunk


def _chunk(n: int, text: str) -> Chunk:
    return Chunk(f"doc#{n}", "doc", f"Документ — раздел {n}", text, "doc.md", 0, len(text), "Документ", f"раздел {n}")


def _snapshot_of(chunks: list[Chunk]) -> CollectionSnapshot:
    return CollectionSnapshot.create("c", None, chunks, None)  # type: ignore[arg-type]  # no manifest needed here


def test_published_snapshot_has_every_passage_analysed_and_queries_analyse_none(
    indexed: RagEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    snapshot = indexed.catalog.snapshot(indexed.catalog.active)
    assert len(snapshot._passages) == snapshot.size > 0
    analyzer = indexed.catalog.analyzer
    for row, chunk in enumerate(snapshot.chunks):  # the same analysis a query would have made on first sight
        assert snapshot._passages[row] == PassageInfo.of(chunk, analyzer)

    def refuse(cls: type, chunk: Chunk, analyzer: Analyzer) -> PassageInfo:
        raise AssertionError(f"{chunk.id} analysed during a query")

    monkeypatch.setattr(_ranking.PassageInfo, "of", classmethod(refuse))
    for question in ["Как оформить отпуск?", "парковка", "ERR-104"]:
        indexed.searcher.retrieve(question, 5, mode="bm25")


def test_analyses_of_unchanged_passages_are_reused_from_the_replaced_version() -> None:
    analyzer = Analyzer()
    old = _snapshot_of([_chunk(0, "Отпуск оформляется на портале."), _chunk(1, "Парковка у офиса бесплатная.")])
    assert old.analyse_passages(analyzer) == 2
    changed = dataclasses.replace(old.chunks[1], text="Парковка у офиса платная: 100 рублей в день.")
    new = _snapshot_of([old.chunks[0], changed, _chunk(2, "Больничный оформляет врач.")])
    assert new.analyse_passages(analyzer, old) == 2  # the changed passage and the new one
    assert new._passages[0] is old._passages[0]
    assert new._passages[1] == PassageInfo.of(changed, analyzer) != old._passages[1]
    assert new._passages[2] == PassageInfo.of(new.chunks[2], analyzer)


def test_a_collection_above_the_limit_analyses_passages_on_first_sight(monkeypatch: pytest.MonkeyPatch) -> None:
    analyzer = Analyzer()
    monkeypatch.setattr(_snapshot, "EAGER_PASSAGE_LIMIT", 1)
    snapshot = _snapshot_of([_chunk(0, "Отпуск оформляется на портале."), _chunk(1, "Парковка бесплатная.")])
    assert snapshot.analyse_passages(analyzer) == 0
    assert snapshot._passages == {}
    assert snapshot.passage_info(1, analyzer) == PassageInfo.of(snapshot.chunks[1], analyzer)
    assert list(snapshot._passages) == [1]
