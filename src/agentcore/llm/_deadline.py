"""A total time budget for model calls: one gateway call (all its attempts) or a whole unit of work.

Every :class:`~agentcore.llm.gateway.LLMGateway` call has its own deadline (``AGENTCORE_LLM_DEADLINE``): its
attempts, backoff sleeps and waits for a rate-limit slot all fit in it.  A caller that makes several model calls
for one answer (an HTTP route, an agent step) can share one budget between them::

    with llm_deadline(settings.llm_deadline):
        draft = await gateway.parse(...)      # each call gets what is left of the budget
        better = await gateway.parse(...)

Scopes nest (the earliest end wins) and follow the task (a context variable), so concurrent requests never share a
budget.  Time is monotonic.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["Deadline", "llm_deadline", "remaining_budget"]

_scope_end: ContextVar[float | None] = ContextVar("agentcore_llm_deadline", default=None)


@contextmanager
def llm_deadline(seconds: float | None) -> Iterator[None]:
    """Bound every model call made inside the block to end within ``seconds`` from now (``None``: no bound)."""
    if seconds is None:
        yield
        return
    end = time.monotonic() + max(0.0, seconds)
    outer = _scope_end.get()
    token = _scope_end.set(end if outer is None else min(outer, end))
    try:
        yield
    finally:
        _scope_end.reset(token)


def remaining_budget() -> float | None:
    """Seconds left in the innermost :func:`llm_deadline` scope, or ``None`` outside any scope."""
    end = _scope_end.get()
    return None if end is None else end - time.monotonic()


class Deadline:
    """The end of one gateway call: ``seconds`` from now, or the enclosing scope's end if that is sooner."""

    def __init__(self, seconds: float | None) -> None:
        now = time.monotonic()
        ends = [end for end in (_scope_end.get(), None if seconds is None else now + seconds) if end is not None]
        self.end: float | None = min(ends) if ends else None
        self.budget = None if self.end is None else self.end - now

    def remaining(self) -> float | None:
        """Seconds left (may be negative), ``None`` when unbounded."""
        return None if self.end is None else self.end - time.monotonic()

    def cap(self, timeout: float) -> float:
        """``timeout`` shortened to what is left of the deadline (never below zero)."""
        left = self.remaining()
        return timeout if left is None else max(0.0, min(timeout, left))
