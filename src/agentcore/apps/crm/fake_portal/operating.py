"""Bitrix24's resource limit: each method's execution time, summed per credential over the last 10 minutes.

The sum is what ``time.operating`` reports (with ``operating_reset_at``, when the oldest counted second leaves the
window); above the limit (480 s, as fast-bitrix24 assumes) the method answers ``429 OPERATION_TIME_LIMIT`` until
enough time leaves the window.  A batch's sub-commands count for their own methods.  ``cost`` replaces the measured
time of a call (seconds), so tests reach the limit without running for minutes.
"""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import Callable

__all__ = ["OPERATING_WINDOW", "OperatingClock"]

OPERATING_WINDOW = 600.0


class OperatingClock:
    """Per ``(credential, method)`` execution time in a sliding window (see the module docstring)."""

    def __init__(
        self,
        limit: float = 480.0,
        *,
        cost: float | None = None,
        window: float = OPERATING_WINDOW,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.limit = limit
        self.cost = cost
        self.window = window
        self._clock = clock
        self._spent: dict[tuple[str, str], collections.deque[tuple[float, float]]] = collections.defaultdict(
            collections.deque
        )
        self._lock = threading.Lock()

    def _records(self, who: str, method: str) -> collections.deque[tuple[float, float]]:
        records = self._spent[(who, method)]
        cut = self._clock() - self.window
        while records and records[0][0] < cut:
            records.popleft()
        return records

    def blocked(self, who: str, method: str) -> bool:
        """True while ``method`` is over the limit for ``who``."""
        with self._lock:
            return sum(d for _, d in self._records(who, method)) >= self.limit

    def spend(self, who: str, method: str, measured: float) -> tuple[float, int]:
        """Count one call; returns ``(operating, operating_reset_at)`` after it."""
        duration = self.cost if self.cost is not None else max(measured, 0.0)
        with self._lock:
            records = self._records(who, method)
            records.append((self._clock(), duration))
            total = sum(d for _, d in records)
            reset_at = int(records[0][0] + self.window)
        return round(total, 4), reset_at
