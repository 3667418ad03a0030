"""Retrieval and answer quality on the labelled eval set, with the real local model.

Stable properties, with margins below what ``benchmarks/rag_eval.py`` measures (numbers in ``docs/rag.md``):
hybrid ≥ bm25 > 0; the default search (passage ranker + answerability) beats the first stage on passage MRR on the
held-out half; procedures are quoted whole; most unanswerable questions are declined, few answerable ones.

Uses the real local e5 model over the bundled knowledge base.  Embedding ~300 chunks costs 30–60 s on 2 cores, so
the index lives in a cache folder in the system temp dir: the first run pays once, later runs load it in about a
second, and an edited knowledge base re-embeds only the chunks that changed (vectors are keyed by content hash).
The stricter goal (hybrid > bm25) and the numbers are in ``benchmarks/rag_eval.py``.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import pytest

from agentcore.config import Settings
from agentcore.rag.answer import answer_from
from agentcore.rag.default_kb import bundled_kb_path
from agentcore.rag.embeddings import E5Embedder
from agentcore.rag.engine import RagEngine
from agentcore.rag.evaluation import (
    SystemAnswer,
    engine_search,
    evaluate,
    evaluate_system,
    holds_evidence,
    load_eval_set,
    ndcg_at_k,
    recall_at_k,
    reciprocal_rank,
    score_query,
)

EVAL_SET = Path(__file__).parent / "data" / "eval_set.json"

# The quality gates embed every question of the eval set with e5: ~25 s alone, past the suite's 120 s hang bound on
# a machine with load ≳ 10. A hang still ends the test.
pytestmark = pytest.mark.timeout(600)


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


def test_passage_metrics_by_hand() -> None:
    passages = ["Спринт длится две недели.", "Спринт — это отрезок фиксированной длины."]
    assert reciprocal_rank(passages, ["спринт — это"]) == 0.5
    assert reciprocal_rank(passages, ["нет такого"]) == 0.0
    assert holds_evidence("**Спринт** — это `отрезок`", ["спринт — это отрезок"])


def test_answer_level_metric_reads_the_answer_text() -> None:
    from agentcore.rag.evaluation import EvalQuery

    query = EvalQuery("q", "Что такое спринт?", "definition", {"sprint": 3}, evidence=("спринт — это отрезок",))

    class P:
        doc_id = "sprint"
        text = "Спринт — это отрезок фиксированной длины."

    right_passage_wrong_quote = score_query(query, SystemAnswer([P()], answer="Спринт длится две недели."))
    assert right_passage_wrong_quote.top1 and not right_passage_wrong_quote.answered
    assert score_query(query, SystemAnswer([P()], answer="Спринт — это отрезок фиксированной длины.")).answered
    assert not score_query(query, SystemAnswer([P()], declined=True, answer=P.text)).answered


def test_default_search_beats_the_first_stage_on_held_out_questions(e5_engine: RagEngine) -> None:
    queries = load_eval_set(EVAL_SET)
    searcher = e5_engine.searcher

    def default(question: str) -> SystemAnswer:
        result = searcher.retrieve(question, 10)
        top = result.hits[: searcher.rag.top_k]
        return SystemAnswer(result.hits, not result.answerable, answer_from(question, replace(result, hits=top)))

    hybrid = evaluate(queries, engine_search(searcher, "hybrid", depth=10, rerank=False))
    report = evaluate_system(queries, default)
    test, first = report.by_split["test"], hybrid.by_split["test"]
    assert test.mrr is not None and first.mrr is not None and test.mrr >= first.mrr + 0.05, (test.mrr, first.mrr)
    assert report.by_type["definition"].mrr >= 0.85  # type: ignore[operator]
    assert report.by_type["procedure"].complete == 1.0  # every labelled procedure quoted with all its steps
    # The answer a user reads holds the evidence (not another section's list): 0.70 measured, 0.56 before.
    assert report.by_type["procedure"].answered >= 0.65  # type: ignore[operator]
    assert report.overall.answered >= 0.6  # type: ignore[operator]  # 0.63 measured, 0.56 before
    assert report.overall.declined >= 0.5  # type: ignore[operator]  # unanswerable questions declined
    assert report.overall.wrongly_declined <= 0.15  # type: ignore[operator]


def test_the_issue_examples(e5_engine: RagEngine) -> None:
    searcher = e5_engine.searcher
    sprint = searcher.retrieve("Что такое спринт?")
    assert sprint.hits[0].title == "Спринт" and "отрезок фиксированной длины" in sprint.hits[0].text
    assert searcher.retrieve("Как подключиться к VPN?").hits[0].title == "Настройка VPN — Установка"
    vacation = answer_from("Как оформить отпуск?", searcher.retrieve("Как оформить отпуск?"))
    assert [line[:2] for line in vacation.splitlines()[1:5]] == ["1.", "2.", "3.", "4."]
    assert not searcher.retrieve("Есть ли у нас спортзал?").answerable
