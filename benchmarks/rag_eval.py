"""Retrieval and answer quality on the labelled set: first-stage retrievers, and the assistant's default search.

Indexes the bundled knowledge base (``src/agentcore/rag/kb/default``) with the local e5 model into a data dir
(``--data-dir``, default a temporary one; pass a fixed folder to reuse the embedding cache between runs), then
scores on ``tests/rag/data/eval_set.json`` (metrics: :mod:`agentcore.rag.evaluation`):

* first stage only (``rerank=False``): ``bm25`` (Snowball stems; also pymorphy3 lemmas and no normalisation),
  ``dense``, ``hybrid`` (RRF k=60, depths 20/20), ``router`` (the rule per query);
* ``default`` — what ``POST /search`` does: the default route, the passage ranker, the answerability check and the
  extractive answer (``top_k`` passages for the answer, 10 for the retrieval metrics);
* ``default (bm25 only)`` — the same with ``AGENTCORE_RAG_EMBEDDER=none``.

Each row: overall, ``dev`` and held-out ``test`` halves, and per question type.

``--fit`` refits on the dev half what the code ships as constants — the passage ranker's weights
(:data:`agentcore.rag._ranking.WEIGHTS`, coordinate ascent maximising MRR + 0.5 nDCG) and the answerability
thresholds (:data:`~agentcore.rag._ranking.CALIBRATIONS`, :data:`~agentcore.rag._ranking.LEXICAL_RULE`: the
highest threshold that declines at most ``--max-wrong`` of the answerable dev questions) — and prints them with
their dev and test scores, so the constants can be checked and updated by hand.

    .venv/bin/python benchmarks/rag_eval.py [--data-dir DIR] [--fit] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from agentcore.config import Settings
from agentcore.rag import Analyzer
from agentcore.rag import _ranking as ranking
from agentcore.rag.answer import answer_from
from agentcore.rag.embeddings import E5Embedder
from agentcore.rag.engine import RagEngine
from agentcore.rag.evaluation import (
    EvalQuery,
    Report,
    Summary,
    SystemAnswer,
    evaluate_system,
    holds_evidence,
    load_eval_set,
    ndcg_at_k,
    unique_docs,
)
from agentcore.rag.searcher import RERANK_POOL, Searcher

ROOT = Path(__file__).resolve().parent.parent
K = 10


def _fmt(value: float | None) -> str:
    return "  -  " if value is None else f"{value:.3f}"


def print_report(name: str, report: Report, seconds: float, questions: int) -> None:
    """One block per system: overall, splits, question types."""
    print(f"== {name}  ({1000 * seconds / max(questions, 1):.1f} ms/question)")
    print("   group          n   nDCG@10  R@10   MRR    correct answer-ok wrongly-declined declined(unans) complete")
    rows: list[tuple[str, Summary]] = [("all", report.overall), *report.by_split.items(), *report.by_type.items()]
    for label, summary in rows:
        print(
            f"   {label:<13} {summary.questions:>3}  {_fmt(summary.ndcg)}  {_fmt(summary.recall)}  {_fmt(summary.mrr)}"
            f"  {_fmt(summary.correct)}  {_fmt(summary.answered):>8}  {_fmt(summary.wrongly_declined):>10}"
            f"     {_fmt(summary.declined):>10}"
            f"     {_fmt(summary.complete)}"
        )


def first_stage(searcher: Searcher, mode: str | None) -> Callable[[str], SystemAnswer]:
    """A system that returns the first-stage hits and never declines."""

    def run(question: str) -> SystemAnswer:
        return SystemAnswer(searcher.search(question, K, mode=mode, rerank=False))  # type: ignore[arg-type]

    return run


def default_system(searcher: Searcher, mode: str | None = None) -> Callable[[str], SystemAnswer]:
    """What ``POST /search`` does on the offline provider (answer from the first ``top_k`` hits)."""
    top_k = searcher.rag.top_k

    def run(question: str) -> SystemAnswer:
        result = searcher.retrieve(question, K, mode=mode)  # type: ignore[arg-type]
        answer = answer_from(question, replace(result, hits=result.hits[:top_k]))
        return SystemAnswer(result.hits, declined=not result.answerable, answer=answer)

    return run


# ------------------------------------------------------------------------------------------------ fitting
@dataclass
class _Candidate:
    doc_id: str
    holds: bool
    features: ranking.PassageFeatures
    cosine: float | None
    info: ranking.PassageInfo


@dataclass
class _Pool:
    query: EvalQuery
    profile: ranking.QueryProfile
    candidates: list[_Candidate]


def _pools(searcher: Searcher, queries: Sequence[EvalQuery]) -> list[_Pool]:
    catalog = searcher.catalog
    snapshot = catalog.snapshot(searcher.active)
    analyzer = catalog.analyzer
    pools = []
    for query in queries:
        hits = searcher.search(query.query, RERANK_POOL, rerank=False)
        rows = [snapshot.positions[hit.id] for hit in hits]
        cosines = None
        if catalog.embedder is not None and snapshot.dense is not None:
            cosines = snapshot.cosines(catalog.embedder.embed_query(query.query), rows)
        profile = ranking.profile_query(query.query, snapshot, analyzer)
        window = ranking.calibration(catalog.embedder.name if catalog.embedder else None).dense_window
        candidates = []
        for index, (hit, row) in enumerate(zip(hits, rows, strict=True)):
            cosine = cosines[index] if cosines else None
            dense = ranking.dense_credit(cosines[index], cosines, window) if cosines else 0.0
            features = ranking.passage_features(profile, snapshot, row, hit.rank, dense, analyzer)
            info = snapshot.passage_info(row, analyzer)
            candidates.append(_Candidate(hit.doc_id, holds_evidence(hit.text, query.evidence), features, cosine, info))
        pools.append(_Pool(query, profile, candidates))
    return pools


def _ranked(pool: _Pool, weights: ranking.Weights) -> list[_Candidate]:
    order = sorted(range(len(pool.candidates)), key=lambda i: (-weights.score(pool.candidates[i].features), i))
    return [pool.candidates[i] for i in order]


def _retrieval(pools: Sequence[_Pool], weights: ranking.Weights) -> tuple[float, float]:
    """Mean MRR@10 over passages and nDCG@10 over documents of the answerable questions."""
    rrs, ndcgs = [], []
    for pool in pools:
        if not pool.query.answerable:
            continue
        ranked = _ranked(pool, weights)[:K]
        rrs.append(next((1 / rank for rank, c in enumerate(ranked, start=1) if c.holds), 0.0))
        ndcgs.append(ndcg_at_k(unique_docs(c.doc_id for c in ranked), pool.query.relevant, K))
    return sum(rrs) / len(rrs), sum(ndcgs) / len(ndcgs)


def fit_weights(pools: Sequence[_Pool]) -> ranking.Weights:
    """Coordinate ascent over a grid, ``prior`` fixed at 1 (the scale), maximising MRR + 0.5 nDCG on ``pools``."""
    grid = (0.0, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0)
    names = [f.name for f in fields(ranking.Weights) if f.name != "prior"]

    def objective(weights: ranking.Weights) -> float:
        mrr, ndcg = _retrieval(pools, weights)
        return mrr + 0.5 * ndcg

    weights = ranking.WEIGHTS
    best = objective(weights)
    for _ in range(5):
        improved = False
        for name in names:
            for value in grid:
                candidate = replace(weights, **{name: value})
                score = objective(candidate)
                if score > best + 1e-9:
                    best, weights, improved = score, candidate, True
        if not improved:
            break
    return weights


def _confidences(pools: Sequence[_Pool], weights: ranking.Weights, rule: ranking.AnswerabilityRule) -> list[float]:
    values = []
    for pool in pools:
        if not pool.candidates:  # nothing retrieved: always declined
            values.append(float("-inf"))
            continue
        top = _ranked(pool, weights)[0]
        cosine = top.cosine if (rule.dense and top.cosine is not None) else 0.0
        values.append(cosine + rule.coverage_weight * ranking.coverage(pool.profile, top.info))
    return values


def calibrate(
    pools: Sequence[_Pool], weights: ranking.Weights, rule: ranking.AnswerabilityRule, max_wrong: float
) -> ranking.AnswerabilityRule:
    """The threshold that maximises (unanswerable declined − answerable declined) on ``pools`` among those that
    decline at most ``max_wrong`` of the answerable questions (the highest such threshold on ties)."""
    values = _confidences(pools, weights, rule)
    finite = sorted({v for v in values if v != float("-inf")})
    best: tuple[float, float] | None = None
    for index, value in enumerate(finite):
        threshold = (value + finite[index - 1]) / 2 if index else value - 1e-4
        wrong, declined = declines(pools, weights, replace(rule, threshold=threshold))
        if wrong <= max_wrong and (best is None or declined - wrong >= best[0]):
            best = (declined - wrong, threshold)
    return replace(rule, threshold=round(best[1], 4) if best else rule.threshold)


def declines(pools: Sequence[_Pool], weights: ranking.Weights, rule: ranking.AnswerabilityRule) -> tuple[float, float]:
    """(share of answerable questions declined, share of unanswerable questions declined)."""
    values = _confidences(pools, weights, rule)
    answerable = [v < rule.threshold for v, p in zip(values, pools, strict=True) if p.query.answerable]
    unanswerable = [v < rule.threshold for v, p in zip(values, pools, strict=True) if not p.query.answerable]
    return sum(answerable) / max(len(answerable), 1), sum(unanswerable) / max(len(unanswerable), 1)


def fit(searcher: Searcher, lexical: Searcher, queries: Sequence[EvalQuery], max_wrong: float) -> None:
    """Refit the ranker's weights and the answerability thresholds on the dev half; print them with test scores."""
    dev = [q for q in queries if q.split == "dev"]
    test = [q for q in queries if q.split == "test"]
    pools_dev, pools_test = _pools(searcher, dev), _pools(searcher, test)
    weights = fit_weights(pools_dev)
    print(f"\nfitted weights (dev): {weights}")
    for name, candidate in (("shipped", ranking.WEIGHTS), ("fitted", weights)):
        (dev_mrr, dev_ndcg), (test_mrr, test_ndcg) = _retrieval(pools_dev, candidate), _retrieval(pools_test, candidate)
        print(f"  {name:<8} dev MRR {dev_mrr:.3f} nDCG {dev_ndcg:.3f} | test MRR {test_mrr:.3f} nDCG {test_ndcg:.3f}")
    shipped = ranking.calibration(searcher.catalog.embedder.name).answerability  # type: ignore[union-attr]
    rule = calibrate(pools_dev, ranking.WEIGHTS, shipped, max_wrong)
    print(f"answerability (e5), calibrated on dev with at most {max_wrong:.0%} wrongly declined: {rule}")
    _print_rules(pools_dev, pools_test, shipped, rule)
    lexical_dev, lexical_test = _pools(lexical, dev), _pools(lexical, test)
    lexical_rule = calibrate(lexical_dev, ranking.WEIGHTS, ranking.LEXICAL_RULE, max_wrong)
    print(f"answerability (bm25 only), calibrated on dev: {lexical_rule}")
    _print_rules(lexical_dev, lexical_test, ranking.LEXICAL_RULE, lexical_rule)


def _print_rules(
    dev: Sequence[_Pool], test: Sequence[_Pool], shipped: ranking.AnswerabilityRule, fitted: ranking.AnswerabilityRule
) -> None:
    for name, rule in (("shipped", shipped), ("fitted", fitted)):
        (dev_wrong, dev_declined), (test_wrong, test_declined) = (
            declines(dev, ranking.WEIGHTS, rule),
            declines(test, ranking.WEIGHTS, rule),
        )
        print(
            f"  {name:<8} threshold {rule.threshold:.4f}: dev wrongly declined {dev_wrong:.3f}, unanswerable "
            f"declined {dev_declined:.3f} | test {test_wrong:.3f}, {test_declined:.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eval", type=Path, default=ROOT / "tests" / "rag" / "data" / "eval_set.json")
    parser.add_argument("--data-dir", type=Path, default=None)
    parser.add_argument("--fit", action="store_true", help="refit the ranker and the answerability thresholds")
    parser.add_argument("--max-wrong", type=float, default=0.10, help="wrongly declined share allowed on dev")
    parser.add_argument("--json", type=Path, default=None, help="write every summary to this file")
    args = parser.parse_args()

    queries = load_eval_set(args.eval)
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="rag-eval-"))
    settings = Settings(data_dir=data_dir, provider="offline", rag_embedder="local")
    start = time.perf_counter()
    engine = RagEngine(settings, embedder=E5Embedder(), backend=None)
    info = engine.searcher.info()
    print(
        f"knowledge base: {info.documents} documents, {info.chunks} chunks; index ready in "
        f"{time.perf_counter() - start:.1f} s (data dir {data_dir})"
    )
    answerable = sum(q.answerable for q in queries)
    splits = {s: sum(q.split == s for q in queries) for s in sorted({q.split for q in queries})}
    print(f"eval set: {len(queries)} questions ({answerable} answerable), splits {splits}; k={K}")

    lemma = RagEngine(settings, embedder=E5Embedder(), analyzer=Analyzer("lemma"), backend=None).searcher
    plain = RagEngine(settings, embedder=E5Embedder(), analyzer=Analyzer("none"), backend=None).searcher
    lexical = RagEngine(settings, embedder=None, backend=None).searcher
    searcher = engine.searcher
    systems: list[tuple[str, Searcher, Callable[[str], SystemAnswer]]] = [
        ("bm25 (stem)", searcher, first_stage(searcher, "bm25")),
        ("bm25 (lemma)", lemma, first_stage(lemma, "bm25")),
        ("bm25 (none)", plain, first_stage(plain, "bm25")),
        ("dense", searcher, first_stage(searcher, "dense")),
        ("hybrid", searcher, first_stage(searcher, "hybrid")),
        ("router", searcher, first_stage(searcher, None)),
        ("default", searcher, default_system(searcher)),
        ("default, always hybrid", searcher, default_system(searcher, "hybrid")),
        ("default (bm25 only)", lexical, default_system(lexical)),
    ]
    results: dict[str, Any] = {}
    for name, run_searcher, system in systems:
        run_searcher.info()  # load (and for other analyzers rebuild BM25) outside the timing
        start = time.perf_counter()
        report = evaluate_system(queries, system, K)
        print_report(name, report, time.perf_counter() - start, len(queries))
        results[name] = {
            "overall": report.overall.as_dict(),
            "split": {key: value.as_dict() for key, value in report.by_split.items()},
            "type": {key: value.as_dict() for key, value in report.by_type.items()},
        }
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1), "utf-8")
    if args.fit:
        fit(searcher, lexical, queries, args.max_wrong)


if __name__ == "__main__":
    main()
