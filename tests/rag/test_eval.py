"""Retrieval quality on the labelled eval set: hybrid ≥ bm25 > 0 on nDCG@10 and Recall@10 (the stable property).

Uses the real local e5 model over the bundled knowledge base.  Embedding ~300 chunks costs 30–60 s on 2 cores, so
the index lives in a cache folder in the system temp dir: the first run pays once, later runs load it in about a
second, and an edited knowledge base re-embeds only the chunks that changed (vectors are keyed by content hash).
The stricter goal (hybrid > bm25) and the numbers are in ``benchmarks/rag_eval.py``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from agentcore.config import Settings
from agentcore.rag.default_kb import bundled_kb_path
from agentcore.rag.embeddings import E5Embedder
from agentcore.rag.engine import RagEngine
from agentcore.rag.evaluation import engine_search, evaluate, load_eval_set, ndcg_at_k, recall_at_k

EVAL_SET = Path(__file__).parent / "data" / "eval_set.json"


def test_metrics_by_hand() -> None:
    relevant = {"a": 3, "b": 1}
    assert ndcg_at_k(["a", "b"], relevant) == pytest.approx(1.0)
    # b first: (1/log2(2) + 3/log2(3)) / (3/log2(2) + 1/log2(3))
    assert ndcg_at_k(["b", "a"], relevant) == pytest.approx((1 + 3 / 1.5849625) / (3 + 1 / 1.5849625))
    assert recall_at_k(["x", "a"], relevant) == 0.5
    assert ndcg_at_k(["a"], {}) == recall_at_k(["a"], {}) == 0.0


@pytest.fixture(scope="module")
def e5_engine() -> RagEngine:
    if not EVAL_SET.is_file():
        pytest.skip(f"eval set {EVAL_SET} is not written yet")
    if not bundled_kb_path().is_dir():
        pytest.skip("bundled knowledge base is not written yet")
    cache = Path(tempfile.gettempdir()) / "agentcore-rag-eval-cache"
    settings = Settings(data_dir=cache, provider="offline", rag_embedder="local")
    engine = RagEngine(settings, embedder=E5Embedder(), backend=None)
    engine.searcher.info()
    return engine


def test_hybrid_at_least_bm25_on_eval_set(e5_engine: RagEngine) -> None:
    queries = load_eval_set(EVAL_SET)
    assert any(q.relevant for q in queries)
    bm25 = evaluate(queries, engine_search(e5_engine.searcher, "bm25"))
    hybrid = evaluate(queries, engine_search(e5_engine.searcher, "hybrid"))
    assert bm25.ndcg > 0 and bm25.recall > 0
    assert hybrid.ndcg >= bm25.ndcg, (hybrid.ndcg, bm25.ndcg)
    assert hybrid.recall >= bm25.recall, (hybrid.recall, bm25.recall)
