"""``agentcore serve`` with 1 and 2 workers (issue 23): research throughput and ``/rag/search`` latency under load.

Starts the real command (``agentcore serve --workers N``) on a fresh data dir, offline provider, research cache off
(every request is a full agent run), and drives it over loopback from this process:

* ``POST /research`` — ``--research`` requests at concurrency ``--research-concurrency``, with 1 then 2 workers;
  the ratio of throughputs is the figure (goal ≥ 1.5× on 2 cores);
* ``POST /rag/search`` — ``--searches`` requests at concurrency 50 with 2 workers: p50 / p99.

The load client runs on the same 2 cores: its own CPU time is printed beside each figure (a client using half a
core leaves the server 1.5 of them).

    .venv/bin/python benchmarks/serve_workers.py [--research 120] [--searches 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from rag_search_load import load  # the one loopback load client of the benchmarks (runs as a script from here)

from agentcore.serving import free_port

ROOT = Path(__file__).resolve().parent.parent
AGENTCORE = str(Path(sys.executable).with_name("agentcore"))


def _start(workers: int, data_dir: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "GIGACHAT_", "OPENAI_"))}
    env.update(
        {"AGENTCORE_DATA_DIR": data_dir, "AGENTCORE_RESEARCH_CACHE_TTL": "0", "AGENTCORE_LOG_LEVEL": "WARNING"}
    )
    process = subprocess.Popen(
        [AGENTCORE, "serve", "--port", str(port), "--workers", str(workers)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/rag/health", timeout=5).status_code == 200:
                return process, url
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise RuntimeError("server did not become healthy")


def _stop(process: subprocess.Popen[bytes]) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)


def _post(path: str, bodies: list[Any]) -> Any:
    return lambda i: ("POST", path, bodies[i % len(bodies)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--research", type=int, default=120)
    parser.add_argument("--research-concurrency", type=int, default=8)
    parser.add_argument("--searches", type=int, default=2000)
    args = parser.parse_args()

    questions = [q["query"] for q in json.loads((ROOT / "tests/rag/data/eval_set.json").read_text("utf-8"))]
    research_bodies = [{"question": q, "max_steps": 8} for q in questions]
    search_bodies = [{"question": q, "top_k": 2} for q in questions]
    results: dict[int, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="agentcore-workers-") as data_dir:
        for workers in (1, 2):
            process, url = _start(workers, data_dir)
            try:
                asyncio.run(load(url, 40, 8, _post("/research", research_bodies)))  # warm every worker
                asyncio.run(load(url, 200, 50, _post("/rag/search", search_bodies)))
                research = asyncio.run(
                    load(url, args.research, args.research_concurrency, _post("/research", research_bodies))
                )
                search = None
                if workers == 2:
                    search = asyncio.run(load(url, args.searches, 50, _post("/rag/search", search_bodies)))
            finally:
                _stop(process)
            results[workers] = {"research": research, "search": search}

    print(f"agentcore serve, offline provider, loopback, {os.cpu_count()} CPU cores shared with the load client")
    for workers in (1, 2):
        r = results[workers]["research"]
        print(
            f"POST /research, {workers} worker(s), concurrency {args.research_concurrency}: {r['rps']:.1f} runs/s   "
            f"p50 {r['p50_ms']:.0f} ms   p99 {r['p99_ms']:.0f} ms   errors {len(r['errors'])}   "
            f"client CPU {r['client_cpu'] * 100:.0f} % of a core"
        )
    ratio = results[2]["research"]["rps"] / results[1]["research"]["rps"]
    print(f"  2 workers ÷ 1 worker: ×{ratio:.2f} (goal ≥ 1.5)")
    s = results[2]["search"]
    print(
        f"POST /rag/search, 2 workers, concurrency 50, {args.searches} requests: p50 {s['p50_ms']:.0f} ms   "
        f"p99 {s['p99_ms']:.0f} ms   {s['rps']:.0f} req/s   errors {len(s['errors'])}   "
        f"client CPU {s['client_cpu'] * 100:.0f} % of a core"
    )
    errors = [e for w in results.values() for part in w.values() if part for e in part["errors"]]
    for error in errors[:5]:
        print("  error:", error)
    ok = not errors and ratio >= 1.5
    print("PASS" if ok else "FAIL", "(0 errors, research throughput with 2 workers ≥ 1.5× one)")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
