"""Retrieval quality on the labelled set: nDCG@10 and Recall@10 of bm25, dense, hybrid (and variants).

Indexes the bundled knowledge base (``src/agentcore/rag/kb/default``) with the local e5 model into a data dir
(``--data-dir``, default a temporary one; pass a fixed folder to reuse the embedding cache between runs), then
scores every configuration on ``tests/rag/data/eval_set.json``.  Goal: hybrid > bm25 > 0 on both metrics.

Rows: ``bm25`` with each morphology (Snowball stems — the default —, pymorphy3 lemmas, none), ``dense``,
``hybrid`` (RRF k=60, depths 20/20), ``router`` (the rule-based choice per query), ``hybrid+rerank``.

    .venv/bin/python benchmarks/rag_eval.py [--eval tests/rag/data/eval_set.json] [--data-dir DIR] [--k 10]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from agentcore.config import Settings
from agentcore.rag.analysis import Analyzer
from agentcore.rag.embeddings import E5Embedder
from agentcore.rag.engine import RagEngine
from agentcore.rag.evaluation import Report, engine_search, evaluate, load_eval_set

ROOT = Path(__file__).resolve().parent.parent


def _row(name: str, scores: Report, seconds: float, queries: int) -> str:
    types = "  ".join(f"{kind} {s.ndcg or 0:.3f}/{s.recall or 0:.3f}" for kind, s in scores.by_type.items())
    ms = 1000 * seconds / max(queries, 1)
    return f"{name:<16} nDCG@10 {scores.ndcg:.3f}  R@10 {scores.recall:.3f}  {ms:6.1f} ms/q   {types}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eval", type=Path, default=ROOT / "tests" / "rag" / "data" / "eval_set.json")
    parser.add_argument("--data-dir", type=Path, default=None)
    parser.add_argument("--k", type=int, default=10)
    args = parser.parse_args()

    queries = load_eval_set(args.eval)
    answerable = [q for q in queries if q.relevant]
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="rag-eval-"))
    settings = Settings(data_dir=data_dir, provider="offline", rag_embedder="local")

    start = time.perf_counter()
    engine = RagEngine(settings, embedder=E5Embedder(), backend=None)
    info = engine.searcher.info()
    print(
        f"knowledge base: {info.documents} documents, {info.chunks} chunks; index ready in "
        f"{time.perf_counter() - start:.1f} s (data dir {data_dir})"
    )
    print(f"eval set: {len(queries)} queries, {len(answerable)} answerable; metrics over documents, k={args.k}")
    print("(per type: nDCG/Recall)")

    results: dict[str, Report] = {}
    lemma = RagEngine(settings, embedder=E5Embedder(), analyzer=Analyzer("lemma"), backend=None)
    plain = RagEngine(settings, embedder=E5Embedder(), analyzer=Analyzer("none"), backend=None)
    configurations: list[tuple[str, RagEngine, str | None, bool]] = [
        ("bm25 (stem)", engine, "bm25", False),
        ("bm25 (lemma)", lemma, "bm25", False),
        ("bm25 (none)", plain, "bm25", False),
        ("dense", engine, "dense", False),
        ("hybrid", engine, "hybrid", False),
        ("router", engine, None, False),
        ("hybrid+rerank", engine, "hybrid", True),
    ]
    for name, run_engine, mode, rerank in configurations:
        run_engine.searcher.info()  # load (and for other analyzers rebuild BM25) outside the timing
        start = time.perf_counter()
        scores = evaluate(queries, engine_search(run_engine.searcher, mode, rerank=rerank), k=args.k)
        results[name] = scores
        print(_row(name, scores, time.perf_counter() - start, len(answerable)))

    bm25, hybrid = results["bm25 (stem)"], results["hybrid"]
    print()
    ratio_ndcg, ratio_recall = hybrid.ndcg / max(bm25.ndcg, 1e-9), hybrid.recall / max(bm25.recall, 1e-9)
    print(f"hybrid / bm25: nDCG {ratio_ndcg:.2f}x, Recall {ratio_recall:.2f}x")
    goal = hybrid.ndcg > bm25.ndcg > 0 and hybrid.recall > bm25.recall > 0
    print(f"goal hybrid > bm25 > 0 on nDCG@10 and Recall@10: {'met' if goal else 'NOT met'}")
    lemma = results["bm25 (lemma)"]
    better = "stem" if bm25.ndcg >= lemma.ndcg else "lemma"
    print(f"morphology: stem nDCG {bm25.ndcg:.3f} vs lemma {lemma.ndcg:.3f} -> {better} scores higher")


if __name__ == "__main__":
    main()
