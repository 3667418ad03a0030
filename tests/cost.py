"""CPU cost of a call, for tests that bound how a cost grows (a ratio of two costs, so a loaded machine slows both)."""

from __future__ import annotations

import time
from collections.abc import Callable


def cpu_seconds(call: Callable[[], object], rounds: int = 3, least: float = 0.005) -> float:
    """CPU seconds per ``call()``: the least over ``rounds`` rounds, each repeating the call for at least ``least``
    seconds (so a call of microseconds is still measured above the clock's grain)."""
    best = float("inf")
    for _ in range(rounds):
        calls, started = 0, time.process_time()
        while True:
            call()
            calls += 1
            spent = time.process_time() - started
            if spent >= least:
                break
        best = min(best, spent / calls)
    return best
