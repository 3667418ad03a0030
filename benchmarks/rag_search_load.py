"""A bounded loopback load test of ``POST /rag/search`` on the one app (issue 12): latency, errors, memory.

The server is ``agentcore serve``'s app (``agentcore.server.create_app``) under uvicorn in a separate process, on the
bundled knowledge base with the real local embedder (offline provider: extractive answers).  The client sends
``--requests`` searches (questions of ``tests/rag/data/eval_set.json``, cycled) at ``--concurrency`` over loopback
and reports p50/p99 latency, throughput and errors; the server's RSS is sampled after warm-up, half-way and at the
end ("flat" = the end within a few MB of half-way).  ``GET /rag/health`` under the same load is measured in the same
run as the reference: what the HTTP stack alone costs on this machine.

    .venv/bin/python benchmarks/rag_search_load.py [--requests 2000] [--concurrency 50]

Goal: 0 errors, flat RSS; p50/p99 are reported (search ÷ health shows what retrieval adds).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from agentcore.serving import free_port

ROOT = Path(__file__).resolve().parent.parent


def _serve(port: int, data_dir: str) -> None:
    import logging

    import uvicorn

    os.environ["AGENTCORE_DATA_DIR"] = data_dir
    from agentcore.config import Settings
    from agentcore.server import create_app

    logging.getLogger("agentcore").setLevel(logging.WARNING)
    app = create_app(Settings(provider="offline"))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="error", access_log=False, backlog=2048)


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _wait(url: str) -> None:
    deadline = time.monotonic() + 300  # the first start indexes the bundled knowledge base
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/rag/health", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError("server did not become healthy")


async def load(url: str, requests: int, concurrency: int, make: Any) -> dict[str, Any]:
    """``requests`` requests made by ``make(i) -> (method, path, json body)`` at ``concurrency`` against ``url``:
    p50/p99 latency (ms), throughput, the client's own CPU share and the errors (non-200 or transport)."""
    latencies: list[float] = []
    errors: list[str] = []
    semaphore = asyncio.Semaphore(concurrency)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    cpu_started = time.process_time()
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:

        async def one(i: int) -> None:
            async with semaphore:
                method, path, body = make(i)
                started = time.perf_counter()
                try:
                    response = await client.request(method, path, json=body)
                    if response.status_code != 200:
                        errors.append(f"{response.status_code} {response.text[:100]}")
                except httpx.HTTPError as exc:
                    errors.append(f"{type(exc).__name__}: {exc}")
                latencies.append(time.perf_counter() - started)

        started = time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(requests)))
        elapsed = time.perf_counter() - started
    ordered = sorted(latencies)
    return {
        "p50_ms": statistics.median(ordered) * 1000,
        "p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000,
        "rps": requests / elapsed,
        "client_cpu": (time.process_time() - cpu_started) / elapsed,  # this load client's own share of a core
        "errors": errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    args = parser.parse_args()

    questions = [q["query"] for q in json.loads((ROOT / "tests/rag/data/eval_set.json").read_text("utf-8"))]
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="agentcore-load-") as data_dir:
        process = multiprocessing.get_context("spawn").Process(target=_serve, args=(port, data_dir), daemon=True)
        process.start()
        try:
            assert process.pid is not None
            _wait(url)

            def search(i: int) -> tuple[str, str, Any]:
                return "POST", "/rag/search", {"question": questions[i % len(questions)], "top_k": 2}

            def health(i: int) -> tuple[str, str, Any]:
                return "GET", "/rag/health", None

            asyncio.run(load(url, 200, args.concurrency, search))  # warm-up: models, caches, connections
            rss_start = _rss_mb(process.pid)
            alone = asyncio.run(load(url, 100, 1, search))  # one at a time: the service time itself
            reference = asyncio.run(load(url, args.requests, args.concurrency, health))
            half = args.requests // 2
            first = asyncio.run(load(url, half, args.concurrency, search))
            rss_half = _rss_mb(process.pid)
            second = asyncio.run(load(url, args.requests - half, args.concurrency, search))
            rss_end = _rss_mb(process.pid)
        finally:
            process.terminate()
            process.join(10)

    latencies = [first, second]
    errors = first["errors"] + second["errors"]
    p50 = statistics.mean(r["p50_ms"] for r in latencies)
    p99 = max(r["p99_ms"] for r in latencies)
    rps = statistics.mean(r["rps"] for r in latencies)
    print(f"POST /rag/search: {args.requests} requests, concurrency {args.concurrency}, loopback, offline provider")
    print(f"  p50 {p50:.1f} ms   p99 {p99:.1f} ms   {rps:.0f} req/s   errors {len(errors)}")
    print(f"  one request at a time: p50 {alone['p50_ms']:.1f} ms   p99 {alone['p99_ms']:.1f} ms")
    print(
        f"reference GET /rag/health, same load: p50 {reference['p50_ms']:.1f} ms   p99 {reference['p99_ms']:.1f} ms   "
        f"{reference['rps']:.0f} req/s   errors {len(reference['errors'])}"
    )
    print(f"  search ÷ health: p50 ×{p50 / reference['p50_ms']:.1f}, throughput ×{rps / reference['rps']:.2f}")
    print(
        f"server RSS: after warm-up {rss_start:.0f} MB, half-way {rss_half:.0f} MB, end {rss_end:.0f} MB "
        f"(second half {rss_end - rss_half:+.1f} MB)"
    )
    for error in errors[:5]:
        print("  error:", error)
    flat = rss_end - rss_half < 10
    ok = not errors and not reference["errors"] and not alone["errors"] and flat
    print("PASS" if ok else "FAIL", "(0 errors, RSS flat within 10 MB over the second half)")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
