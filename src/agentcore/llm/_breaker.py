"""A circuit breaker per provider: after ``threshold`` consecutive failures calls fail at once for ``reset_after``
seconds, then one probe call decides whether the circuit closes again.

The state machine is :mod:`purgatory`'s (closed → opened → half-opened → closed/opened; see
``docs/decisions.md``).  Two things are added on top:

* exactly one probe in the half-open state — purgatory lets every concurrent call through once the open period has
  passed, which would send a burst of requests to a provider that may still hang;
* only failures that say the provider is unhealthy count (:func:`~agentcore.llm.errors.counts_against_provider`):
  a 400 for a bad request, refused credentials or invalid structured output are not the provider being down.

Usage (inside the gateway)::

    breaker = CircuitBreaker("openai (https://api.example/v1)", threshold=5, reset_after=30)
    async with breaker.guard():
        response = await provider.complete(request)

One provider endpoint, one circuit: :func:`shared_breaker` hands every gateway of a process that talks to the same
endpoint (``agentcore serve`` builds one per system: RAG, Haiku, research, CRM, Scrum) the same breaker, so a hung
provider opens the circuit for all of them after ``threshold`` failures in all — not ``threshold`` failures per
system, each costing a whole deadline.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from agentcore.llm.errors import LLMCircuitOpenError, counts_against_provider

__all__ = ["CircuitBreaker", "reset_shared_breakers", "shared_breaker"]

logger = logging.getLogger("agentcore.llm._breaker")

CLOSED, OPENED, HALF_OPENED = "closed", "opened", "half-opened"


class CircuitBreaker:
    """Fail fast while a provider keeps failing.

    Args:
        name: the provider this breaker protects (shown in logs and errors).
        threshold: consecutive failures that open the circuit; ``0`` disables the breaker.
        reset_after: seconds the circuit stays open before one probe call is let through.
        counts: which failures say the service is down (default: the LLM rule,
            :func:`~agentcore.llm.errors.counts_against_provider`); another service (the CRM's portal) passes its own.

    Not thread-safe by itself: use one breaker per event loop (a gateway is bound to one loop anyway).
    """

    def __init__(
        self,
        name: str,
        *,
        threshold: int = 5,
        reset_after: float = 30.0,
        counts: Callable[[BaseException], bool] = counts_against_provider,
    ) -> None:
        if threshold < 0:
            raise ValueError(f"threshold must be >= 0, got {threshold}")
        if reset_after <= 0:
            raise ValueError(f"reset_after must be > 0, got {reset_after}")
        self.name = name
        self.threshold = threshold
        self.reset_after = reset_after
        self.counts = counts
        self._factory: Any = None
        self._context: Any = None
        self._probing = False

    @property
    def enabled(self) -> bool:
        """False when ``threshold`` is 0."""
        return self.threshold > 0

    async def _breaker(self) -> Any:
        if self._factory is None:
            from purgatory import AsyncCircuitBreakerFactory

            self._factory = AsyncCircuitBreakerFactory(
                default_threshold=self.threshold,
                default_ttl=self.reset_after,
                # Failures that do not say the provider is down pass through without counting.
                exclude=[(Exception, lambda exc: not self.counts(exc))],
            )
            self._factory.add_listener(self._on_event)
        return await self._factory.get_breaker(self.name)

    def _on_event(self, name: str, event_name: str, event: Any) -> None:
        if event_name == "state_changed":
            state = getattr(event, "state", "?")
            log = logger.warning if state == OPENED else logger.info
            log("circuit // %s: %s", name, state)

    @property
    def state(self) -> str:
        """``closed``, ``opened`` or ``half-opened`` (``closed`` before the first call)."""
        return str(self._context.state) if self._context is not None else CLOSED

    def _open_error(self, context: Any) -> LLMCircuitOpenError:
        if context.state != OPENED:  # half-open with the probe already in flight
            return LLMCircuitOpenError(f"{self.name}: a probe call is in flight; failing fast", retry_after=1.0)
        opened_at = context.opened_at or time.time()
        wait = max(0.0, opened_at + self.reset_after - time.time())
        return LLMCircuitOpenError(
            f"{self.name}: circuit open after {self.threshold} consecutive failures; next probe in {wait:.1f} s",
            retry_after=wait,
        )

    @asynccontextmanager
    async def guard(self) -> AsyncIterator[None]:
        """Run the body as one call to the provider.

        A failure that counts (:func:`~agentcore.llm.errors.counts_against_provider`) is recorded; any other
        outcome of the body is a sign of life.  A cancelled body (client gone, outer deadline) records nothing.

        Raises:
            LLMCircuitOpenError: the circuit is open (or another call is already probing the half-open one).
        """
        if not self.enabled:
            yield
            return
        from purgatory.domain.model import OpenedState

        breaker = await self._breaker()
        context = self._context = breaker.context
        probe = context.state != CLOSED
        if probe:
            # No await between this check and entering the breaker: one probe at a time on this event loop.
            if self._probing:
                raise self._open_error(context)
            self._probing = True
        try:
            try:
                await breaker.__aenter__()
            except OpenedState:
                raise self._open_error(context) from None
            try:
                yield
            except Exception as exc:
                await breaker.__aexit__(type(exc), exc, exc.__traceback__)
                raise
            except BaseException:  # cancellation says nothing about the provider
                raise
            else:
                await breaker.__aexit__(None, None, None)
        finally:
            if probe:
                self._probing = False


_shared: dict[tuple[str, int, float], CircuitBreaker] = {}
_shared_lock = threading.Lock()


def shared_breaker(name: str, *, threshold: int = 5, reset_after: float = 30.0) -> CircuitBreaker:
    """The process-wide breaker of the provider endpoint ``name`` (its ``display_name``, which names the base URL):
    every gateway :func:`~agentcore.llm.factory.create_gateway` builds for that endpoint shares one circuit.

    Gateways on different event loops (the server's, a CLI's background loop) may share it: the state is plain
    memory changed without awaiting in between, and the probe flag is set in the same step as it is checked.
    """
    key = (name, threshold, reset_after)
    with _shared_lock:
        breaker = _shared.get(key)
        if breaker is None:
            breaker = _shared[key] = CircuitBreaker(name, threshold=threshold, reset_after=reset_after)
        return breaker


def reset_shared_breakers() -> None:
    """Forget every shared breaker (tests: each starts with closed circuits)."""
    with _shared_lock:
        _shared.clear()
