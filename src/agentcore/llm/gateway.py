"""LLM gateways (seed 001): ``SimpleLLMGateway`` and ``LLMGateway`` share one interface.

* ``SimpleLLMGateway`` — one provider call per request, under a timeout.  Nothing else.
* ``LLMGateway`` — the same plus a rate limit (requests/s, smoothed), a concurrency cap, bounded retries with
  exponential backoff and jitter on transient failures only (timeouts, transport errors, 429 — honouring
  ``Retry-After`` — and 5xx), a total deadline per call (all attempts, backoff and queueing included), a circuit
  breaker for its provider (after N consecutive failures calls fail at once until a probe succeeds), and batching
  of embedding inputs.

Both respect an enclosing :func:`agentcore.llm.llm_deadline` scope, and record every call's usage into the
current :class:`~agentcore.llm.UsageMeter` (whose budget caps ``max_tokens``).

Both offer :meth:`parse` for structured output (see :mod:`agentcore.llm._structured`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, NoReturn, TypeVar

from pydantic import BaseModel, ValidationError

from agentcore.config import StructuredMode
from agentcore.llm._breaker import CircuitBreaker
from agentcore.llm._calls import note_call
from agentcore.llm._deadline import Deadline
from agentcore.llm._ratelimit import LocalRateLimiter, RateLimiter
from agentcore.llm._structured import parse_structured
from agentcore.llm._usage import current_meter, prompt_chars
from agentcore.llm.errors import LLMHTTPError, LLMResponseError, LLMTimeoutError, is_retryable
from agentcore.llm.models import LLMRequest, LLMResponse
from agentcore.llm.provider import LLMProvider
from agentcore.util.retry import retry_async

T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")
logger = logging.getLogger("agentcore.llm")
# A server asking for a longer pause than this is treated as "fail now" territory by the caller's timeout.
_RETRY_AFTER_CAP_S = 60.0


class SimpleLLMGateway:
    """``request(request) -> response`` over one provider, every call bounded by a timeout.

    Args:
        provider: the backend (see :func:`agentcore.llm.factory.create_provider`).
        timeout: seconds per call unless the request sets its own (default 30).
        structured_mode / structured_retries: defaults for :meth:`parse`.
    """

    def __init__(
        self,
        provider: LLMProvider,
        *,
        timeout: float = 30.0,
        structured_mode: StructuredMode = "auto",
        structured_retries: int = 2,
    ) -> None:
        self.provider = provider
        self.timeout = timeout
        self.structured_mode: StructuredMode = structured_mode
        self.structured_retries = structured_retries
        # characters per prompt token, from the last call that reported its prompt tokens (see llm._usage)
        self._chars_per_token: float | None = None

    async def _call(self, request: LLMRequest, deadline: Deadline | None = None) -> LLMResponse:
        deadline = deadline or Deadline(None)
        timeout = deadline.cap(request.timeout or self.timeout)
        meter = current_meter()
        if meter is not None:  # the run's token budget counts the prompt and caps max_tokens; a spent one sends nothing
            request = meter.limited(request, self._chars_per_token)
        started = time.perf_counter()
        try:
            async with asyncio.timeout(timeout):
                response = await self.provider.complete(request)
            if response.usage.prompt_tokens > 0:  # how the model counts: the next prompts are estimated with it
                self._chars_per_token = max(prompt_chars(request), 1) / response.usage.prompt_tokens
            if meter is not None:
                meter.record(response.usage)
            note_call(request, response, (time.perf_counter() - started) * 1000)
            return response
        except BaseException as exc:  # the run's trace lists failed calls too; _failed types the error
            note_call(request, None, (time.perf_counter() - started) * 1000, exc)
            return self._failed(exc, request, timeout, deadline)

    def _failed(self, exc: BaseException, request: LLMRequest, timeout: float, deadline: Deadline) -> NoReturn:
        """Raise the error of a failed call: timeouts and malformed responses typed, anything else as it is."""
        if isinstance(exc, TimeoutError):
            raise _timeout_error("LLM request", timeout, request.timeout or self.timeout, deadline) from exc
        if isinstance(exc, ValidationError | AttributeError | TypeError | KeyError | ValueError):
            # A response of the right JSON shape but wrong types ("content": 5, "tool_calls": ["x"]).
            raise LLMResponseError(f"malformed response: {type(exc).__name__}: {exc}") from exc
        raise exc

    async def _embed_call(self, texts: list[str], model: str | None, deadline: Deadline | None = None) -> Any:
        deadline = deadline or Deadline(None)
        timeout = deadline.cap(self.timeout)
        try:
            async with asyncio.timeout(timeout):
                return (await self.provider.embed(texts, model)).vectors
        except TimeoutError as exc:
            raise _timeout_error("embedding request", timeout, self.timeout, deadline) from exc

    async def request(self, request: LLMRequest) -> LLMResponse:
        """Send one chat request.

        Raises:
            LLMError: any provider failure, typed (timeout, transport, HTTP status, malformed response).
        """
        return await self._call(request)

    async def embed(self, texts: list[str], model: str | None = None) -> list[list[float]]:
        """One vector per text, in order."""
        if not texts:
            return []
        vectors: list[list[float]] = await self._embed_call(texts, model)
        return vectors

    async def parse(
        self,
        request: LLMRequest,
        output_type: type[T],
        *,
        mode: StructuredMode | None = None,
        retries: int | None = None,
    ) -> T:
        """Structured output: a validated ``output_type`` instance.

        Raises:
            StructuredOutputError: invalid after the retries (raw output and validation error attached).
            LLMError: transport/provider failures.
        """
        return await parse_structured(
            self.request,
            request,
            output_type,
            mode=mode or self.structured_mode,
            capabilities=self.provider.capabilities,
            retries=self.structured_retries if retries is None else retries,
        )

    async def aclose(self) -> None:
        """Close the provider's connections (and a shared rate limiter's)."""
        await self.provider.aclose()
        closer = getattr(getattr(self, "_limiter", None), "aclose", None)
        if closer is not None:
            await closer()

    async def __aenter__(self) -> SimpleLLMGateway:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


class LLMGateway(SimpleLLMGateway):
    """:class:`SimpleLLMGateway` plus rate limiting, a concurrency cap, retries, a deadline, a circuit breaker and
    embedding batching.

    Args:
        timeout: seconds per attempt unless the request sets its own.
        deadline: seconds for a whole call — every attempt, backoff sleep and wait for a slot; ``None`` = only
            ``max_retry_time`` bounds the retries.  An enclosing :func:`~agentcore.llm.llm_deadline`
            scope shortens it.  Passing it raises :class:`LLMTimeoutError`.
        rate_limit_rps: at most this many provider calls per second (leaky bucket, bursts ≤ 1/20 s); None = off.
        max_concurrency: at most this many provider calls in flight.
        max_retries: extra attempts after a transient failure (0 disables retries).
        max_retry_time: no retry starts later than this many seconds after the first attempt.
        backoff_initial / backoff_max: exponential backoff with full jitter, in seconds; ``Retry-After`` wins.
        breaker_threshold: consecutive provider failures (timeouts, transport errors, 429, 5xx, broken responses)
            after which calls fail at once with :class:`~agentcore.llm.errors.LLMCircuitOpenError`; 0 = off.
        breaker_reset: seconds the circuit stays open before one probe call may try the provider again.
        breaker: a breaker to use instead of a new one (``breaker_threshold``/``breaker_reset`` are then ignored):
            :func:`~agentcore.llm.factory.create_gateway` passes the process-wide breaker of the provider endpoint.
        embedding_batch_size: inputs per ``/embeddings`` call; larger inputs are split and sent concurrently.
        rate_limiter: a limiter shared with other processes (:class:`~agentcore.llm._ratelimit.RedisRateLimiter`);
            by default ``rate_limit_rps`` makes a per-process one.
    """

    def __init__(
        self,
        provider: LLMProvider,
        *,
        timeout: float = 30.0,
        rate_limit_rps: float | None = None,
        max_concurrency: int = 16,
        max_retries: int = 3,
        backoff_initial: float = 0.5,
        backoff_max: float = 8.0,
        embedding_batch_size: int = 32,
        structured_mode: StructuredMode = "auto",
        structured_retries: int = 2,
        rate_limiter: RateLimiter | None = None,
        max_retry_time: float = 120.0,
        deadline: float | None = 25.0,
        breaker_threshold: int = 5,
        breaker_reset: float = 30.0,
        breaker: CircuitBreaker | None = None,
    ) -> None:
        super().__init__(
            provider, timeout=timeout, structured_mode=structured_mode, structured_retries=structured_retries
        )
        self.rate_limit_rps = rate_limit_rps
        self.max_concurrency = max_concurrency
        self.max_retries = max_retries
        self.max_retry_time = max_retry_time
        self.deadline = deadline
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self.embedding_batch_size = embedding_batch_size
        self.breaker = breaker or CircuitBreaker(
            provider.display_name, threshold=breaker_threshold, reset_after=breaker_reset
        )
        self._semaphore: asyncio.Semaphore | None = None
        self._limiter: RateLimiter | None = rate_limiter

    def _limits(self) -> tuple[asyncio.Semaphore, RateLimiter | None]:
        # Created lazily so the gateway can be built outside an event loop.
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self.max_concurrency)
            if self._limiter is None and self.rate_limit_rps:
                self._limiter = LocalRateLimiter(self.rate_limit_rps)
        return self._semaphore, self._limiter

    async def _attempt(self, call: Callable[[Deadline], Awaitable[R]], deadline: Deadline, what: str) -> R:
        """One attempt: a concurrency slot and a rate-limit slot (both within the deadline), then the call under
        the circuit breaker."""
        semaphore, limiter = self._limits()
        try:
            async with asyncio.timeout(_non_negative(deadline.remaining())):
                await semaphore.acquire()
        except TimeoutError:
            raise LLMTimeoutError(f"{what}: no free slot before the deadline ({deadline.budget:g} s)") from None
        try:
            if limiter is not None:
                try:
                    async with asyncio.timeout(_non_negative(deadline.remaining())):
                        await limiter.acquire()
                except TimeoutError:
                    raise LLMTimeoutError(
                        f"{what}: no rate-limit slot before the deadline ({deadline.budget:g} s)"
                    ) from None
            left = deadline.remaining()
            if left is not None and left <= 0:  # nothing left for the provider: not its failure, not counted
                raise LLMTimeoutError(f"{what}: the deadline passed before the call (budget {deadline.budget:.3g} s)")
            async with self.breaker.guard():
                return await call(deadline)
        finally:
            semaphore.release()

    async def _retrying(self, call: Callable[[Deadline], Awaitable[R]], what: str) -> R:
        deadline = Deadline(self.deadline)
        # No attempt starts (and no backoff sleep ends) past the retry window, so a retry never runs into the
        # deadline; the last error is raised as it was.
        window = self.max_retry_time if deadline.budget is None else min(self.max_retry_time, deadline.budget)

        def retry_after(error: BaseException | None) -> float | None:
            if isinstance(error, LLMHTTPError) and error.retry_after is not None:
                return min(error.retry_after, _RETRY_AFTER_CAP_S)
            return None

        return await retry_async(
            lambda: self._attempt(call, deadline, what),
            retryable=is_retryable,
            max_retries=self.max_retries,
            max_time=max(window, 0.0),
            backoff_initial=self.backoff_initial,
            backoff_max=self.backoff_max,
            min_delay=retry_after,
            logger=logger,
            what=what,
        )

    async def request(self, request: LLMRequest) -> LLMResponse:
        return await self._retrying(lambda deadline: self._call(request, deadline), "LLM request")

    async def embed(self, texts: list[str], model: str | None = None) -> list[list[float]]:
        if not texts:
            return []
        size = self.embedding_batch_size
        batches = [texts[i : i + size] for i in range(0, len(texts), size)]

        async def one(batch: list[str]) -> list[list[float]]:
            vectors: list[list[float]] = await self._retrying(
                lambda deadline: self._embed_call(batch, model, deadline), "embedding request"
            )
            return vectors

        results = await asyncio.gather(*(one(batch) for batch in batches))
        return [vector for batch in results for vector in batch]


def _timeout_error(what: str, timeout: float, attempt_timeout: float, deadline: Deadline) -> LLMTimeoutError:
    if timeout < attempt_timeout and deadline.budget is not None:  # the deadline, not the attempt, ran out
        return LLMTimeoutError(f"{what} did not finish within its deadline of {deadline.budget:.3g} s")
    return LLMTimeoutError(f"{what} did not finish in {timeout:g} s")


def _non_negative(seconds: float | None) -> float | None:
    return None if seconds is None else max(0.0, seconds)
