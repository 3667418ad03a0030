"""An explicit BM25 query is lexical end to end: no query embedding (issue 18: the e5 encoder was ~85 % of it)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from agentcore.config import Settings
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.rag.engine import RagEngine


class QueryCountingEmbedder(HashingEmbedder):
    """Counts query embeddings."""

    def __init__(self) -> None:
        super().__init__()
        self.queries = 0

    def embed_query(self, text: str) -> np.ndarray:
        self.queries += 1
        return super().embed_query(text)


def test_explicit_bm25_embeds_nothing_and_ranks_like_the_lexical_engine(settings: Settings, kb_dir: Path) -> None:
    embedder = QueryCountingEmbedder()
    with_embedder = RagEngine(settings, embedder=embedder, backend=None)
    with_embedder.indexer.index_path(kb_dir)
    lexical = RagEngine(settings, embedder=None, backend=None)
    for question in ["Как оформить отпуск?", "парковка", "ERR-104", "Курс биткоина"]:
        ours = with_embedder.searcher.retrieve(question, 3, mode="bm25")
        plain = lexical.searcher.retrieve(question, 3, mode="bm25")
        assert [h.id for h in ours.hits] == [h.id for h in plain.hits]
        assert (ours.answerable, ours.confidence) == (plain.answerable, plain.confidence)
    assert embedder.queries == 0


def test_the_routers_bm25_route_still_uses_the_embedder_for_the_ranker(settings: Settings, kb_dir: Path) -> None:
    embedder = QueryCountingEmbedder()
    engine = RagEngine(settings, embedder=embedder, backend=None)
    engine.indexer.index_path(kb_dir)
    result = engine.searcher.retrieve("TASK-12", 3)
    assert result.mode == "bm25"  # identifiers go to BM25
    assert embedder.queries == 1
    engine.searcher.retrieve("отпуск", 3, mode="hybrid")
    assert embedder.queries == 2


def test_passage_score_covers_every_feature() -> None:
    """``Weights.score`` is spelled out for speed; it must still weigh every feature, new ones included."""
    import dataclasses

    from agentcore.rag._ranking import WEIGHTS, PassageFeatures

    names = [f.name for f in dataclasses.fields(PassageFeatures)]
    for index, name in enumerate(names):
        features = PassageFeatures(**{n: (0.5 + index if n == name else 0.0) for n in names})
        assert WEIGHTS.score(features) == getattr(WEIGHTS, name) * (0.5 + index), name
    features = PassageFeatures(**{n: 0.1 * (i + 1) for i, n in enumerate(names)})
    assert WEIGHTS.score(features) == sum(getattr(WEIGHTS, n) * getattr(features, n) for n in names)


def test_reranked_hit_keeps_every_field_but_score_rank_and_retriever() -> None:
    """``reranked_hits`` builds each hit field by field for speed; it must still carry every field of ``Hit``."""
    import dataclasses

    from agentcore.rag._ranking import PassageFeatures, reranked_hits
    from agentcore.rag.models import Hit

    hit = Hit("a#1", "a", "T", "x", score=3.0, source="s", rank=4, retriever="bm25", start=2, end=9)
    features = PassageFeatures(*([0.0] * len(dataclasses.fields(PassageFeatures))))
    (new,) = reranked_hits([(hit, features, 1.25)])
    assert new == dataclasses.replace(hit, score=1.25, rank=1, retriever="rerank")


def test_passage_info_terms_are_the_text_and_title_terms() -> None:
    """The ranker reads ``PassageInfo.terms`` (formed once per passage) for ``text_terms | title_terms``."""
    from agentcore.rag._ranking import PassageInfo

    info = PassageInfo(frozenset({"a", "b"}), frozenset({"b", "c"}), frozenset(), frozenset(), False, False)
    assert info.terms == {"a", "b", "c"}


def test_the_manifest_stamp_follows_the_file_and_stores_no_unknown_name(tmp_path: Path) -> None:
    """``CollectionStore.stamp`` runs on every query; its manifest path is joined once per stored collection."""
    from agentcore.rag._store import MANIFEST, CollectionStore

    store = CollectionStore(tmp_path)
    assert store.stamp("missing") is None and store._manifest_paths == {}
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / MANIFEST).write_text("{}", encoding="utf-8")
    first = store.stamp("c")
    assert first is not None and store._manifest_paths == {"c": str(tmp_path / "c" / MANIFEST)}
    (tmp_path / "c" / MANIFEST).write_text("{ }", encoding="utf-8")
    assert store.stamp("c") not in (None, first)
