"""Start-up time of ``agentcore --help`` (goal: under 0.3 s), against a bare ``python -c pass`` in the same run.

.venv/bin/python benchmarks/cli_startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _median_seconds(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main(runs: int) -> None:
    agentcore = str(Path(sys.executable).with_name("agentcore"))
    if not os.path.exists(agentcore):
        raise SystemExit("agentcore is not installed in this environment")
    python = _median_seconds([sys.executable, "-c", "pass"], runs)
    help_ = _median_seconds([agentcore, "--help"], runs)
    sub = _median_seconds([agentcore, "rag", "--help"], runs)
    print(f"median of {runs} runs")
    print(f"  python -c pass        : {python * 1000:7.1f} ms (reference)")
    print(
        f"  agentcore --help      : {help_ * 1000:7.1f} ms  ({help_ / python:.1f}× python; goal < 300 ms: "
        f"{'met' if help_ < 0.3 else 'NOT met'})"
    )
    print(f"  agentcore rag --help  : {sub * 1000:7.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    main(parser.parse_args().runs)
