"""Research agent latency over real HTTP, offline: time to the first SSE event and whole-run time, p50/p95.

Starts ``agentcore serve``'s app (offline provider, local e5 embedder, bundled knowledge base, the agent's cache
off) on a loopback port and streams ``POST /research/stream`` for the eval-set questions, one at a time.  The
reference, measured in the same run: ``POST /rag/search`` for the same questions (one retrieval plus an extractive
answer — the cheapest way to answer); the ratios say what the agent's five steps, coverage check and verify cost.

    .venv/bin/python benchmarks/research_latency.py [--rounds 3] [--data-dir DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from agentcore.apps.research.settings import ResearchSettings
from agentcore.config import Settings
from agentcore.server import create_app
from agentcore.serving import BackgroundServer

ROOT = Path(__file__).resolve().parent.parent


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eval", type=Path, default=ROOT / "tests" / "rag" / "data" / "eval_set.json")
    parser.add_argument("--rounds", type=int, default=3, help="passes over the questions")
    parser.add_argument("--data-dir", type=Path, default=None)
    args = parser.parse_args()

    questions = [item["query"] for item in json.loads(args.eval.read_text("utf-8"))]
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="research-latency-"))
    settings = Settings(
        data_dir=data_dir,
        provider="offline",
        rag_embedder="local",
        research=ResearchSettings(cache_ttl=0),
    )
    first_event: list[float] = []
    whole: list[float] = []
    reference: list[float] = []
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=120) as client:
        client.post("/research", json={"question": "прогрев"})  # load the index and the model outside the timings
        client.post("/rag/search", json={"question": "прогрев"})
        for _ in range(args.rounds):
            for question in questions:
                started = time.perf_counter()
                first = None
                with client.stream("POST", "/research/stream", json={"question": question}) as response:
                    for line in response.iter_lines():
                        if first is None and line.startswith("event:"):
                            first = time.perf_counter() - started
                whole.append(time.perf_counter() - started)
                first_event.append(first or float("nan"))
                started = time.perf_counter()
                client.post("/rag/search", json={"question": question, "top_k": 5})
                reference.append(time.perf_counter() - started)

    def ms(value: float) -> str:
        return f"{value * 1000:7.1f} ms"

    ref50 = statistics.median(reference)
    print(f"{len(whole)} runs ({len(questions)} questions × {args.rounds}), offline, loopback HTTP, cache off")
    first50, first95 = statistics.median(first_event), percentile(first_event, 0.95)
    print(f"time to first SSE event   p50 {ms(first50)}  p95 {ms(first95)}")
    print(f"whole run (final event)   p50 {ms(statistics.median(whole))}  p95 {ms(percentile(whole, 0.95))}")
    print(f"reference POST /rag/search p50 {ms(ref50)}  p95 {ms(percentile(reference, 0.95))}")
    print(
        f"ratios to the reference p50: first event {statistics.median(first_event) / ref50:.2f}x, "
        f"whole run {statistics.median(whole) / ref50:.2f}x"
    )


if __name__ == "__main__":
    main()
