"""LLM gateways (seed 001): ``SimpleLLMGateway`` and ``LLMGateway`` share one interface.

* ``SimpleLLMGateway`` — one provider call per request, under a timeout.  Nothing else.
* ``LLMGateway`` — the same plus a rate limit (requests/s, smoothed), a concurrency cap, bounded retries with
  exponential backoff and jitter on transient failures only (timeouts, transport errors, 429 — honouring
  ``Retry-After`` — and 5xx), and batching of embedding inputs.

Both offer :meth:`parse` for structured output (see :mod:`agentcore.llm.structured`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from agentcore.config import StructuredMode
from agentcore.llm.errors import LLMHTTPError, LLMResponseError, LLMTimeoutError, is_retryable
from agentcore.llm.models import LLMRequest, LLMResponse
from agentcore.llm.provider import LLMProvider
from agentcore.llm.ratelimit import LocalRateLimiter, RateLimiter
from agentcore.llm.structured import parse_structured
from agentcore.retry import retry_async

T = TypeVar("T", bound=BaseModel)
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

    async def _call(self, request: LLMRequest) -> LLMResponse:
        timeout = request.timeout or self.timeout
        try:
            async with asyncio.timeout(timeout):
                return await self.provider.complete(request)
        except TimeoutError as exc:
            raise LLMTimeoutError(f"LLM request did not finish in {timeout:g} s") from exc
        except (ValidationError, AttributeError, TypeError, KeyError, ValueError) as exc:
            # A response of the right JSON shape but wrong types ("content": 5, "tool_calls": ["x"]).
            raise LLMResponseError(f"malformed response: {type(exc).__name__}: {exc}") from exc

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
        try:
            async with asyncio.timeout(self.timeout):
                return (await self.provider.embed(texts, model)).vectors
        except TimeoutError as exc:
            raise LLMTimeoutError(f"embedding request did not finish in {self.timeout:g} s") from exc

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
    """:class:`SimpleLLMGateway` plus rate limiting, a concurrency cap, retries and embedding batching.

    Args:
        rate_limit_rps: at most this many provider calls per second (leaky bucket, bursts ≤ 1/20 s); None = off.
        max_concurrency: at most this many provider calls in flight.
        max_retries: extra attempts after a transient failure (0 disables retries).
        max_retry_time: no retry starts later than this many seconds after the first attempt.
        backoff_initial / backoff_max: exponential backoff with full jitter, in seconds; ``Retry-After`` wins.
        embedding_batch_size: inputs per ``/embeddings`` call; larger inputs are split and sent concurrently.
        rate_limiter: a limiter shared with other processes (:class:`~agentcore.llm.ratelimit.RedisRateLimiter`);
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
    ) -> None:
        super().__init__(
            provider, timeout=timeout, structured_mode=structured_mode, structured_retries=structured_retries
        )
        self.rate_limit_rps = rate_limit_rps
        self.max_concurrency = max_concurrency
        self.max_retries = max_retries
        self.max_retry_time = max_retry_time
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self.embedding_batch_size = embedding_batch_size
        self._semaphore: asyncio.Semaphore | None = None
        self._limiter: RateLimiter | None = rate_limiter

    def _limits(self) -> tuple[asyncio.Semaphore, RateLimiter | None]:
        # Created lazily so the gateway can be built outside an event loop.
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self.max_concurrency)
            if self._limiter is None and self.rate_limit_rps:
                self._limiter = LocalRateLimiter(self.rate_limit_rps)
        return self._semaphore, self._limiter

    async def _limited(self, call: Any) -> Any:
        semaphore, limiter = self._limits()
        async with semaphore:
            if limiter is not None:
                await limiter.acquire()
            return await call()

    async def _retrying(self, call: Any, what: str) -> Any:
        def retry_after(error: BaseException | None) -> float | None:
            if isinstance(error, LLMHTTPError) and error.retry_after is not None:
                return min(error.retry_after, _RETRY_AFTER_CAP_S)
            return None

        return await retry_async(
            lambda: self._limited(call),
            retryable=is_retryable,
            max_retries=self.max_retries,
            max_time=self.max_retry_time,
            backoff_initial=self.backoff_initial,
            backoff_max=self.backoff_max,
            min_delay=retry_after,
            logger=logger,
            what=what,
        )

    async def request(self, request: LLMRequest) -> LLMResponse:
        result: LLMResponse = await self._retrying(lambda: self._call(request), "LLM request")
        return result

    async def embed(self, texts: list[str], model: str | None = None) -> list[list[float]]:
        if not texts:
            return []
        size = self.embedding_batch_size
        batches = [texts[i : i + size] for i in range(0, len(texts), size)]

        async def one(batch: list[str]) -> list[list[float]]:
            async def call() -> list[list[float]]:
                return await SimpleLLMGateway.embed(self, batch, model)

            vectors: list[list[float]] = await self._retrying(call, "embedding request")
            return vectors

        results = await asyncio.gather(*(one(batch) for batch in batches))
        return [vector for batch in results for vector in batch]
