"""The circuit breaker per provider and the total deadline of gateway calls."""

from __future__ import annotations

import asyncio
import time

import pytest

from agentcore.llm import CircuitBreaker, ScriptedProvider, llm_deadline, remaining_budget
from agentcore.llm.errors import (
    LLMAuthError,
    LLMCircuitOpenError,
    LLMHTTPError,
    LLMResponseError,
    LLMTimeoutError,
    LLMTransportError,
    StructuredOutputError,
)
from agentcore.llm.gateway import LLMGateway
from agentcore.llm.models import LLMMessage, LLMRequest


def _req() -> LLMRequest:
    return LLMRequest(messages=[LLMMessage(role="user", content="hi")])


async def _fail(breaker: CircuitBreaker, error: Exception) -> None:
    with pytest.raises(type(error)):
        async with breaker.guard():
            raise error


async def _succeed(breaker: CircuitBreaker) -> None:
    async with breaker.guard():
        pass


async def test_opens_after_threshold_consecutive_failures() -> None:
    breaker = CircuitBreaker("p", threshold=3, reset_after=60)
    for _ in range(2):
        await _fail(breaker, LLMTimeoutError("slow"))
    assert breaker.state == "closed"
    await _fail(breaker, LLMHTTPError(503, "down"))
    assert breaker.state == "opened"
    with pytest.raises(LLMCircuitOpenError) as info:
        await _succeed(breaker)
    assert info.value.retry_after is not None and 0 < info.value.retry_after <= 60
    assert info.value.code == "llm_unavailable"


async def test_a_success_resets_the_count() -> None:
    breaker = CircuitBreaker("p", threshold=2, reset_after=60)
    await _fail(breaker, LLMTransportError("reset"))
    await _succeed(breaker)
    await _fail(breaker, LLMTransportError("reset"))
    assert breaker.state == "closed"


@pytest.mark.parametrize(
    "error",
    [
        LLMHTTPError(400, "bad request"),
        LLMAuthError(401, "no"),
        StructuredOutputError("invalid", "{}", "x", 1),
        ValueError("a bug of ours"),
    ],
)
async def test_failures_that_do_not_say_the_provider_is_down_do_not_count(error: Exception) -> None:
    breaker = CircuitBreaker("p", threshold=1, reset_after=60)
    await _fail(breaker, error)
    assert breaker.state == "closed"


async def test_broken_responses_count() -> None:
    breaker = CircuitBreaker("p", threshold=1, reset_after=60)
    await _fail(breaker, LLMResponseError("HTML page instead of JSON"))
    assert breaker.state == "opened"


async def test_half_open_lets_exactly_one_probe_through() -> None:
    breaker = CircuitBreaker("p", threshold=1, reset_after=0.05)
    await _fail(breaker, LLMTimeoutError("slow"))
    await asyncio.sleep(0.06)
    probe_started, release = asyncio.Event(), asyncio.Event()

    async def probe() -> None:
        async with breaker.guard():
            probe_started.set()
            await release.wait()

    task = asyncio.create_task(probe())
    await probe_started.wait()
    assert breaker.state == "half-opened"
    with pytest.raises(LLMCircuitOpenError, match="probe"):  # a second caller fails fast meanwhile
        await _succeed(breaker)
    release.set()
    await task
    assert breaker.state == "closed"
    await _succeed(breaker)


async def test_a_failed_probe_opens_the_circuit_again() -> None:
    breaker = CircuitBreaker("p", threshold=2, reset_after=0.05)
    for _ in range(2):
        await _fail(breaker, LLMTimeoutError("slow"))
    await asyncio.sleep(0.06)
    await _fail(breaker, LLMTimeoutError("still slow"))
    assert breaker.state == "opened"
    with pytest.raises(LLMCircuitOpenError):
        await _succeed(breaker)


async def test_cancellation_is_neutral() -> None:
    breaker = CircuitBreaker("p", threshold=1, reset_after=60)

    async def hang() -> None:
        async with breaker.guard():
            await asyncio.sleep(60)

    task = asyncio.create_task(hang())
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert breaker.state == "closed"


async def test_threshold_zero_disables_the_breaker() -> None:
    breaker = CircuitBreaker("p", threshold=0)
    for _ in range(10):
        await _fail(breaker, LLMTimeoutError("slow"))
    assert breaker.state == "closed" and not breaker.enabled


# ------------------------------------------------------------------------------------- the gateway
def _gateway(provider: ScriptedProvider, **kwargs: object) -> LLMGateway:
    options: dict[str, object] = {"backoff_initial": 0.001, "backoff_max": 0.002, "max_retries": 0}
    return LLMGateway(provider, **{**options, **kwargs})  # type: ignore[arg-type]


async def test_open_circuit_fails_fast_without_calling_the_provider() -> None:
    provider = ScriptedProvider([LLMHTTPError(503, "down")] * 3 + ["never"])
    gateway = _gateway(provider, breaker_threshold=3, max_retries=2)
    with pytest.raises(LLMHTTPError):  # three attempts of one request open the circuit
        await gateway.request(_req())
    assert len(provider.requests) == 3
    with pytest.raises(LLMCircuitOpenError):
        await gateway.request(_req())
    assert len(provider.requests) == 3  # the provider was not called


async def test_circuit_closes_after_a_successful_probe() -> None:
    provider = ScriptedProvider([LLMTimeoutError("slow"), "back"])
    gateway = _gateway(provider, breaker_threshold=1, breaker_reset=0.05)
    with pytest.raises(LLMTimeoutError):
        await gateway.request(_req())
    with pytest.raises(LLMCircuitOpenError):
        await gateway.request(_req())
    await asyncio.sleep(0.06)
    assert (await gateway.request(_req())).content == "back"
    assert gateway.breaker.state == "closed"


async def _hang(request: LLMRequest) -> str:
    await asyncio.sleep(60)
    return "late"


async def test_deadline_bounds_all_attempts_together() -> None:
    """A hung endpoint: per-attempt timeout 30 s and 3 retries, but the call ends at its 0.3 s deadline."""
    provider = ScriptedProvider([_hang] * 4)
    gateway = _gateway(provider, timeout=30, max_retries=3, deadline=0.3, breaker_threshold=0)
    started = time.monotonic()
    with pytest.raises(LLMTimeoutError):
        await gateway.request(_req())
    assert time.monotonic() - started < 10  # not 4 × 30 s
    assert len(provider.requests) == 1  # no retry starts after the deadline


async def test_deadline_scope_is_shared_by_several_calls() -> None:
    provider = ScriptedProvider(["one", _hang])
    gateway = _gateway(provider, timeout=30, deadline=30, breaker_threshold=0)
    started = time.monotonic()
    with llm_deadline(0.3):
        budget = remaining_budget()
        assert budget is not None and 0 < budget <= 0.3
        assert (await gateway.request(_req())).content == "one"
        with pytest.raises(LLMTimeoutError):
            await gateway.request(_req())
    assert time.monotonic() - started < 10
    assert remaining_budget() is None


async def test_deadline_covers_waiting_for_a_concurrency_slot() -> None:
    provider = ScriptedProvider([_hang, "never"])
    gateway = _gateway(provider, max_concurrency=1, deadline=0.5, breaker_threshold=0)
    first = asyncio.create_task(gateway.request(_req()))
    await asyncio.sleep(0.01)
    with llm_deadline(0.05), pytest.raises(LLMTimeoutError, match="slot"):
        await gateway.request(_req())
    with pytest.raises(LLMTimeoutError):
        await first
    assert len(provider.requests) == 1


def test_gateway_from_settings_has_the_configured_deadline_and_breaker(data_dir: object) -> None:
    from agentcore.config import Settings
    from agentcore.llm.factory import create_gateway

    settings = Settings(llm_deadline=7, llm_breaker_threshold=2, llm_breaker_reset=9)
    gateway = create_gateway(settings.llm, provider=ScriptedProvider(["ok"]))
    assert isinstance(gateway, LLMGateway)
    assert gateway.deadline == 7 and gateway.breaker.threshold == 2 and gateway.breaker.reset_after == 9
    offline = create_gateway(settings.llm)  # nothing is ever down offline: no breaker, purgatory never loads
    assert isinstance(offline, LLMGateway) and offline.deadline == 7 and not offline.breaker.enabled


async def test_a_deadline_spent_before_the_call_does_not_count_against_the_provider() -> None:
    provider = ScriptedProvider(["never"])
    gateway = _gateway(provider, breaker_threshold=1)
    with llm_deadline(0), pytest.raises(LLMTimeoutError, match="before the call"):
        await gateway.request(_req())
    assert provider.requests == [] and gateway.breaker.state == "closed"
