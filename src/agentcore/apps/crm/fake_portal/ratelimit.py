"""Bitrix24's leaky bucket: every HTTP request adds one, the bucket drains at a fixed rate, a full bucket answers
``503 QUERY_LIMIT_EXCEEDED`` (cloud defaults: 2 requests/s, 50 in the bucket; a batch counts once)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

__all__ = ["LeakyBucket"]


class LeakyBucket:
    """A leaky bucket of ``capacity`` requests draining at ``rate`` per second (``clock`` for tests)."""

    def __init__(self, capacity: float = 50, rate: float = 2.0, clock: Callable[[], float] = time.monotonic) -> None:
        if capacity < 1 or rate <= 0:
            raise ValueError("capacity must be >= 1 and rate > 0")
        self.capacity = capacity
        self.rate = rate
        self._clock = clock
        self._level = 0.0
        self._last = clock()
        self._lock = threading.Lock()

    @property
    def level(self) -> float:
        """Requests currently in the bucket."""
        with self._lock:
            self._drain()
            return self._level

    def _drain(self) -> None:
        now = self._clock()
        self._level = max(0.0, self._level - (now - self._last) * self.rate)
        self._last = now

    def hit(self) -> bool:
        """Count one request; False (and nothing counted) when the bucket is full."""
        with self._lock:
            self._drain()
            if self._level + 1 > self.capacity:
                return False
            self._level += 1
            return True
