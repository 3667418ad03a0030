"""BM25 speed: our bm25s-backed index vs ``rank-bm25`` on the same corpus, same run; build rate; 100k-chunk p50.

1. Query throughput on a synthetic corpus of ``--docs`` chunks (sentences of the bundled knowledge base shuffled
   into 5-sentence chunks): both libraries get the same analysed terms; each query is analysed inside the timed
   loop for both.  Goal: ours ≥ 20× rank-bm25.
2. Index build rate (documents/s) of both, including analysis (tokenise, stop words, stemming).
3. A ``--big``-chunk collection (default 100,000): build time, then query latency p50/p95 over ``--queries``.

    .venv/bin/python benchmarks/rag_bm25_speed.py [--docs 10000] [--big 100000] [--queries 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from agentcore.rag.analysis import Analyzer
from agentcore.rag.bm25 import BM25Index
from agentcore.rag.default_kb import bundled_kb_path

SEED = 7
FALLBACK_SENTENCES = [
    "Ежегодный оплачиваемый отпуск составляет 28 календарных дней.",
    "Заявление на отпуск подаётся через портал за две недели.",
    "При болезни сотрудник оформляет электронный листок нетрудоспособности.",
    "Для подключения к корпоративной сети установите клиент OpenVPN.",
    "Ошибка ERR_42 означает сбой интеграции, задача TASK-12 описывает исправление.",
]


def _sentences() -> list[str]:
    from razdel import sentenize

    folder = bundled_kb_path()
    texts = [p.read_text("utf-8") for p in sorted(folder.glob("*.md"))] if folder.is_dir() else []
    found = [s.text.strip() for text in texts for s in sentenize(text) if len(s.text.strip()) > 20]
    return found or FALLBACK_SENTENCES


def synthetic_corpus(size: int, sentences: list[str], rng: random.Random) -> list[str]:
    """``size`` chunks of 5 random sentences each (deterministic for a seeded ``rng``)."""
    return [" ".join(rng.choices(sentences, k=5)) for _ in range(size)]


def queries_from(sentences: list[str], count: int, rng: random.Random) -> list[str]:
    """Short queries: 2–5 words cut from random sentences."""
    queries = []
    for sentence in rng.choices(sentences, k=count):
        words = sentence.split()
        start = rng.randrange(max(len(words) - 4, 1))
        queries.append(" ".join(words[start : start + rng.randint(2, 5)]))
    return queries


def _rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def _time_queries(run: Callable[[str], object], queries: list[str]) -> list[float]:
    latencies = []
    for query in queries:
        start = time.perf_counter()
        run(query)
        latencies.append(time.perf_counter() - start)
    return latencies


def compare(docs: int, queries: int, rng: random.Random, sentences: list[str]) -> None:
    from rank_bm25 import BM25Okapi

    corpus = synthetic_corpus(docs, sentences, rng)
    query_list = queries_from(sentences, queries, rng)
    analyzer = Analyzer()
    analyzer.terms_batch(sentences)  # warm the stem cache the same way for both libraries

    start = time.perf_counter()
    ours = BM25Index.build(analyzer.terms_batch(corpus))
    ours_build = time.perf_counter() - start
    start = time.perf_counter()
    theirs = BM25Okapi(analyzer.terms_batch(corpus))
    theirs_build = time.perf_counter() - start

    def run_ours(query: str) -> object:
        return ours.top(analyzer.terms(query), 10)

    def run_theirs(query: str) -> object:
        scores = theirs.get_scores(analyzer.terms(query))
        return sorted(range(len(scores)), key=scores.__getitem__, reverse=True)[:10]

    # rank-bm25 is slow: time it on a subset so the run stays short; rates are per query either way.
    theirs_queries = query_list[: max(20, min(len(query_list), 50))]
    ours_lat = _time_queries(run_ours, query_list)
    theirs_lat = _time_queries(run_theirs, theirs_queries)
    ours_qps, theirs_qps = _rate(len(ours_lat), sum(ours_lat)), _rate(len(theirs_lat), sum(theirs_lat))
    print(f"corpus: {docs:,} synthetic chunks, {len(query_list)} queries (rank-bm25: {len(theirs_queries)})")
    ours_rate, theirs_rate = _rate(docs, ours_build), _rate(docs, theirs_build)
    print(f"  build   ours {ours_rate:>10,.0f} docs/s   rank-bm25 {theirs_rate:>10,.0f} docs/s")
    print(f"  query   ours {ours_qps:>10,.0f} q/s      rank-bm25 {theirs_qps:>10,.1f} q/s")
    print(f"  speed-up: {ours_qps / theirs_qps:.0f}x (goal >= 20x)")


def big(size: int, queries: int, rng: random.Random, sentences: list[str]) -> None:
    corpus = synthetic_corpus(size, sentences, rng)
    analyzer = Analyzer()
    start = time.perf_counter()
    terms = analyzer.terms_batch(corpus)
    analysed = time.perf_counter() - start
    index = BM25Index.build(terms)
    built = time.perf_counter() - start
    latencies = _time_queries(lambda q: index.top(analyzer.terms(q), 10), queries_from(sentences, queries, rng))
    p50 = statistics.median(latencies) * 1000
    p95 = statistics.quantiles(latencies, n=20)[-1] * 1000
    print(f"collection: {size:,} synthetic chunks")
    print(f"  build {built:.1f} s ({_rate(size, built):,.0f} docs/s; analysis {analysed:.1f} s)")
    print(f"  query p50 {p50:.2f} ms, p95 {p95:.2f} ms ({len(latencies)} queries, top 10)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=10_000, help="corpus size for the rank-bm25 comparison")
    parser.add_argument("--big", type=int, default=100_000, help="size of the large collection (0 skips it)")
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    sentences = _sentences()
    source = bundled_kb_path() if bundled_kb_path().is_dir() else "fallback list"
    print(f"sentences from {source}: {len(sentences)}")
    compare(args.docs, args.queries, random.Random(SEED), sentences)
    if args.big:
        big(args.big, args.queries, random.Random(SEED + 1), sentences)


if __name__ == "__main__":
    main()
