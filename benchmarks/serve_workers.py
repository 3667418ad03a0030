"""``agentcore serve`` with 1 and 2 workers (issue 23): research throughput and ``/rag/search`` latency under load.

Starts the real command (``agentcore serve --workers N``) on one data dir, offline provider, research cache off
(every request is a full agent run), and drives it over loopback from this process.  Measured in one run, in
``--rounds`` interleaved rounds (1 then 2 workers, then 2 then 1, ...; each server started afresh):

* ``POST /research`` — ``--research`` requests at concurrency ``--research-concurrency`` per round and server;
  the figure is the ratio of the median throughputs, 2 workers ÷ 1 (goal ≥ 1.5 on 2 cores);
* the CPU-bound part: the CPU seconds the server's processes (supervisor + workers, from ``/proc``) spent per run,
  how many cores they kept busy, and how many they asked for (threads running or runnable, sampled every 10 ms) —
  a worker that asks for a whole core is CPU-bound and scales only onto a free core; one that asks for less waits
  on something a second worker may share (a lock, the disk);
* the same-run reference: a fixed pure-Python CPU loop in 1 process, then in 2 at once, each started in its own
  session as the server is, measured before each round — what two CPU-bound processes get from this machine at
  that moment.  On a loaded Linux machine with autogroup scheduling (``/proc/sys/kernel/sched_autogroup_enabled``)
  every session gets an equal share of the CPU whatever its number of processes, so the reference falls to ~1× and
  no number of workers can scale; the research ratio is printed beside it and as a share of it;
* ``POST /rag/search`` — ``--searches`` requests at concurrency 50 with 2 workers (last round): p50 / p99.

The load client runs on the same cores: its own CPU time is printed beside each figure, and so are the workers
uvicorn restarted (its supervisor kills a worker that misses a 5 s health ping).

    .venv/bin/python benchmarks/serve_workers.py [--rounds 3] [--research 120] [--searches 2000]

Exit 0 when the research ratio is ≥ 1.5 with no errors; the verdict line also says when the machine itself gave two
processes less than 1.5× (then the goal cannot be shown on it at that time).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import signal
import statistics
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
GOAL = 1.5
TICKS = os.sysconf("SC_CLK_TCK")


def _start(workers: int, data_dir: str, log: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "GIGACHAT_", "OPENAI_"))}
    env.update({"AGENTCORE_DATA_DIR": data_dir, "AGENTCORE_RESEARCH_CACHE_TTL": "0", "AGENTCORE_LOG_LEVEL": "WARNING"})
    with log.open("wb") if log else open(os.devnull, "wb") as out:
        process = subprocess.Popen(
            [AGENTCORE, "serve", "--port", str(port), "--workers", str(workers)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
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


def _tree_cpu(root: int) -> float:
    """CPU seconds (user + system) of ``root`` and every live descendant, from ``/proc``."""
    total = 0.0
    for pid in _tree(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


def _tree(root: int) -> list[int]:
    """``root`` and its live descendants."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    tree, frontier = [root], [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent and pid not in tree]
        tree.extend(children)
        frontier.extend(children)
    return tree


class RunnableSampler:
    """Samples, every 10 ms, how many threads of the server's processes are running or waiting for a core (state
    ``R``): the cores the server asks for.  A server that is CPU-bound asks for ~1 core per worker; one that waits on
    a lock, the disk or the network asks for less, and a second worker cannot help it."""

    def __init__(self, root: int) -> None:
        import threading

        self.pids = _tree(root)
        self.samples: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _count(self) -> int:
        running = 0
        for pid in self.pids:
            for task in Path(f"/proc/{pid}/task").glob("*/stat"):
                try:
                    running += task.read_text().rsplit(")", 1)[1].split()[0] == "R"
                except OSError:
                    continue
        return running

    def _run(self) -> None:
        while not self._stop.wait(0.01):
            self.samples.append(self._count())

    def __enter__(self) -> RunnableSampler:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def mean(self) -> float:
        return statistics.mean(self.samples) if self.samples else float("nan")


def _spin(units: int) -> None:
    os.setsid()  # its own session, as the server has: Linux's autogroup shares the CPU between sessions
    total = 0
    for _ in range(units):
        for i in range(200_000):
            total += i * i


def _reference(units: int) -> float:
    """Throughput of 2 processes each running ``units`` of a pure-Python loop ÷ 1 process running ``units``."""
    context = multiprocessing.get_context("fork")

    def timed(count: int) -> float:
        processes = [context.Process(target=_spin, args=(units,)) for _ in range(count)]
        started = time.perf_counter()
        for process in processes:
            process.start()
        for process in processes:
            process.join()
        return time.perf_counter() - started

    one = timed(1)
    two = timed(2)
    return (2 * units / two) / (units / one)


def _post(path: str, bodies: list[Any]) -> Any:
    return lambda i: ("POST", path, bodies[i % len(bodies)])


def _measure(
    workers: int, data_dir: str, args: argparse.Namespace, bodies: dict[str, list[Any]], search: bool
) -> dict[str, Any]:
    log = Path(data_dir) / f"serve-{workers}-{time.monotonic_ns()}.out"
    process, url = _start(workers, data_dir, log)
    try:
        asyncio.run(load(url, 16 * workers, 8, _post("/research", bodies["research"])))  # warm every worker
        asyncio.run(load(url, 200, 50, _post("/rag/search", bodies["search"])))
        cpu_before, started = _tree_cpu(process.pid), time.perf_counter()
        with RunnableSampler(process.pid) as sampler:
            research = asyncio.run(
                load(url, args.research, args.research_concurrency, _post("/research", bodies["research"]))
            )
        elapsed = time.perf_counter() - started
        research["asked_cores"] = sampler.mean
        server_cpu = _tree_cpu(process.pid) - cpu_before
        research["cpu_per_run_ms"] = server_cpu / args.research * 1000
        research["server_cores"] = server_cpu / elapsed
        found = asyncio.run(load(url, args.searches, 50, _post("/rag/search", bodies["search"]))) if search else None
    finally:
        _stop(process)
    # uvicorn's supervisor kills a worker that does not answer its health ping within 5 s and starts another: a
    # round with a restart measured something else
    research["restarts"] = log.read_text(errors="replace").count("died")
    return {"research": research, "search": found}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--research", type=int, default=120)
    parser.add_argument("--research-concurrency", type=int, default=8)
    parser.add_argument("--searches", type=int, default=2000)
    parser.add_argument("--reference-units", type=int, default=40, help="size of the CPU loop of the reference")
    args = parser.parse_args()

    questions = [q["query"] for q in json.loads((ROOT / "tests/rag/data/eval_set.json").read_text("utf-8"))]
    bodies = {
        "research": [{"question": q, "max_steps": 8} for q in questions],
        "search": [{"question": q, "top_k": 2} for q in questions],
    }
    runs: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
    references: list[float] = []
    search: dict[str, Any] | None = None
    with tempfile.TemporaryDirectory(prefix="agentcore-workers-") as data_dir:
        _stop(_start(1, data_dir)[0])  # the first start indexes the bundled knowledge base: not part of a round
        for number in range(args.rounds):
            references.append(_reference(args.reference_units))
            order = (1, 2) if number % 2 == 0 else (2, 1)
            for workers in order:
                last = number == args.rounds - 1 and workers == 2
                measured = _measure(workers, data_dir, args, bodies, search=last)
                runs[workers].append(measured["research"])
                search = measured["search"] or search
            one, two = runs[1][-1], runs[2][-1]
            print(
                f"round {number + 1}: research ×{two['rps'] / one['rps']:.2f} "
                f"({one['rps']:.2f} → {two['rps']:.2f} runs/s), reference ×{references[-1]:.2f}",
                flush=True,
            )

    cores = os.cpu_count()
    print(f"agentcore serve, offline provider, loopback, {cores} CPU cores shared with the load client")
    autogroup = Path("/proc/sys/kernel/sched_autogroup_enabled")
    grouped = autogroup.read_text().strip() == "1" if autogroup.exists() else False
    print(
        f"  load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}; "
        f"autogroup scheduling {'on' if grouped else 'off'}"
    )
    for workers in (1, 2):
        rs = runs[workers]
        per_round = ", ".join(f"{r['rps']:.2f}" for r in rs)
        print(
            f"POST /research, {workers} worker(s), concurrency {args.research_concurrency}, {args.rounds} rounds × "
            f"{args.research}: median {statistics.median(r['rps'] for r in rs):.2f} runs/s "
            f"(rounds {per_round})   "
            f"p50 {statistics.median(r['p50_ms'] for r in rs):.0f} ms   errors {sum(len(r['errors']) for r in rs)}"
        )
        print(
            f"  server CPU per run {statistics.median(r['cpu_per_run_ms'] for r in rs):.0f} ms, "
            f"server busy {statistics.median(r['server_cores'] for r in rs):.2f} cores "
            f"(asking for {statistics.median(r['asked_cores'] for r in rs):.2f}), "
            f"client CPU {statistics.median(r['client_cpu'] for r in rs) * 100:.0f} % of a core, "
            f"worker restarts {sum(r['restarts'] for r in rs)}"
        )
    ratio = statistics.median(r["rps"] for r in runs[2]) / statistics.median(r["rps"] for r in runs[1])
    reference = statistics.median(references)
    print(f"  2 workers ÷ 1 worker: ×{ratio:.2f} (goal ≥ {GOAL})")
    print(
        f"  same-run reference, 2 CPU-bound processes ÷ 1: ×{reference:.2f} "
        f"(rounds {', '.join(f'{r:.2f}' for r in references)}); research got {ratio / reference:.0%} of it"
    )
    if search is not None:
        print(
            f"POST /rag/search, 2 workers, concurrency 50, {args.searches} requests: p50 {search['p50_ms']:.0f} ms   "
            f"p99 {search['p99_ms']:.0f} ms   {search['rps']:.0f} req/s   errors {len(search['errors'])}   "
            f"client CPU {search['client_cpu'] * 100:.0f} % of a core"
        )
    errors = [e for rs in runs.values() for r in rs for e in r["errors"]] + (search["errors"] if search else [])
    for error in errors[:5]:
        print("  error:", error)
    ok = not errors and ratio >= GOAL
    verdict = "PASS" if ok else "FAIL"
    note = "" if reference >= GOAL else f"; the machine itself gave two processes ×{reference:.2f} < {GOAL} now"
    print(f"{verdict} (0 errors, research throughput with 2 workers ≥ {GOAL}× one{note})")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
