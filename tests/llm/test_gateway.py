from __future__ import annotations

import asyncio
import time

import pytest

from agentcore.llm import ScriptedProvider
from agentcore.llm.errors import LLMAuthError, LLMHTTPError, LLMRateLimitError, LLMTimeoutError, LLMTransportError
from agentcore.llm.gateway import LLMGateway, SimpleLLMGateway
from agentcore.llm.models import LLMMessage, LLMRequest


def _req(timeout: float | None = None) -> LLMRequest:
    return LLMRequest(messages=[LLMMessage(role="user", content="hi")], timeout=timeout)


def _fast(provider: ScriptedProvider, **kwargs: object) -> LLMGateway:
    return LLMGateway(provider, backoff_initial=0.001, backoff_max=0.002, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "error",
    [
        LLMRateLimitError(429, "Too many requests"),
        LLMHTTPError(500, "Internal Server Error"),
        LLMHTTPError(503, "unavailable"),
        LLMTimeoutError("slow"),
        LLMTransportError("reset"),
    ],
)
async def test_transient_failures_are_retried(error: Exception) -> None:
    provider = ScriptedProvider([error, error, "ok"])
    response = await _fast(provider, max_retries=3).request(_req())
    assert response.content == "ok"
    assert len(provider.requests) == 3


@pytest.mark.parametrize("error", [LLMAuthError(401, "Unauthorized"), LLMHTTPError(400, "bad"), LLMHTTPError(422, "x")])
async def test_permanent_failures_are_not_retried(error: Exception) -> None:
    provider = ScriptedProvider([error, "never"])
    with pytest.raises(type(error)):
        await _fast(provider).request(_req())
    assert len(provider.requests) == 1


async def test_retries_are_bounded() -> None:
    provider = ScriptedProvider([LLMHTTPError(500, "x")] * 10)
    with pytest.raises(LLMHTTPError):
        await _fast(provider, max_retries=2).request(_req())
    assert len(provider.requests) == 3


async def test_retry_after_is_honoured() -> None:
    provider = ScriptedProvider([LLMRateLimitError(429, "slow down", retry_after=0.2), "ok"])
    started = time.monotonic()
    await _fast(provider).request(_req())
    assert time.monotonic() - started >= 0.19


async def test_timeout_is_enforced_by_the_gateway() -> None:
    async def slow(request: LLMRequest) -> str:
        await asyncio.sleep(5)
        return "late"

    provider = ScriptedProvider([slow])
    with pytest.raises(LLMTimeoutError, match=r"0\.05"):
        await SimpleLLMGateway(provider, timeout=30).request(_req(timeout=0.05))


async def test_concurrency_cap() -> None:
    in_flight = 0
    peak = 0

    async def tracked(request: LLMRequest) -> str:
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        await asyncio.sleep(0.01)
        in_flight -= 1
        return "ok"

    provider = ScriptedProvider([tracked] * 20)
    gateway = _fast(provider, max_concurrency=3)
    await asyncio.gather(*(gateway.request(_req()) for _ in range(20)))
    assert peak == 3


async def test_embeddings_are_batched_in_order() -> None:
    provider = ScriptedProvider(embedding_dim=4)
    gateway = _fast(provider, embedding_batch_size=3)
    texts = [f"текст {i}" for i in range(8)]
    vectors = await gateway.embed(texts)
    assert [len(batch) for batch in provider.embed_calls] == [3, 3, 2]
    single = await SimpleLLMGateway(ScriptedProvider(embedding_dim=4)).embed(texts)
    assert vectors == single
    assert await gateway.embed([]) == []
