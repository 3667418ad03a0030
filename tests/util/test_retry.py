"""The one retry policy: bounded by attempts and time, only transient errors, a server's minimum delay honoured."""

from __future__ import annotations

import pytest

from agentcore.util.retry import retry_async


class Transient(Exception):
    pass


async def test_retries_transient_errors_until_success() -> None:
    calls = []

    async def flaky() -> str:
        calls.append(1)
        if len(calls) < 3:
            raise Transient
        return "ok"

    result = await retry_async(
        flaky,
        retryable=lambda e: isinstance(e, Transient),
        max_retries=5,
        max_time=10,
        backoff_initial=0.001,
        backoff_max=0.005,
    )
    assert result == "ok" and len(calls) == 3


async def test_bounded_by_attempts_and_non_retryable_errors_pass_at_once() -> None:
    calls = []

    async def always(error: Exception) -> None:
        calls.append(1)
        raise error

    with pytest.raises(Transient):
        await retry_async(
            lambda: always(Transient()),
            retryable=lambda e: isinstance(e, Transient),
            max_retries=2,
            max_time=10,
            backoff_initial=0.001,
            backoff_max=0.001,
        )
    assert len(calls) == 3
    calls.clear()
    with pytest.raises(ValueError):
        await retry_async(
            lambda: always(ValueError()),
            retryable=lambda e: isinstance(e, Transient),
            max_retries=5,
            max_time=10,
            backoff_initial=0.001,
            backoff_max=0.001,
        )
    assert len(calls) == 1


async def test_min_delay_sees_each_failure_and_max_time_stops_retries() -> None:
    seen: list[BaseException | None] = []
    calls = []

    async def limited() -> None:
        calls.append(1)
        raise Transient(len(calls))

    def floor(error: BaseException | None) -> float:
        seen.append(error)
        return 0.0

    with pytest.raises(Transient):
        await retry_async(
            limited,
            retryable=lambda e: True,
            max_retries=3,
            max_time=10,
            backoff_initial=0.001,
            backoff_max=0.001,
            min_delay=floor,
        )
    assert len(calls) == 4 and [e.args for e in seen if e][:3] == [(1,), (2,), (3,)]
    calls.clear()
    with pytest.raises(Transient):  # no retry may start after max_time: with 0 there is none
        await retry_async(
            limited, retryable=lambda e: True, max_retries=100, max_time=0, backoff_initial=0.5, backoff_max=1
        )
    assert len(calls) == 1


def test_retry_sync_follows_the_same_policy() -> None:
    from agentcore.util.retry import retry_sync

    calls: list[int] = []
    floors: list[BaseException | None] = []

    def flaky() -> str:
        calls.append(1)
        if len(calls) < 3:
            raise Transient(len(calls))
        return "ok"

    def floor(error: BaseException | None) -> float:
        floors.append(error)
        return 0.0

    result = retry_sync(
        flaky,
        retryable=lambda e: isinstance(e, Transient),
        max_retries=5,
        max_time=10,
        backoff_initial=0.001,
        backoff_max=0.005,
        min_delay=floor,
    )
    assert result == "ok" and len(calls) == 3 and [e.args for e in floors if e] == [(1,), (2,)]

    attempts: list[int] = []

    def always() -> None:
        attempts.append(1)
        raise Transient

    with pytest.raises(Transient):  # bounded by attempts
        retry_sync(
            always,
            retryable=lambda e: True,
            max_retries=2,
            max_time=10,
            backoff_initial=0.001,
            backoff_max=0.001,
        )
    assert len(attempts) == 3
    with pytest.raises(ValueError):  # a non-retryable error passes at once
        retry_sync(
            lambda: int("x"),
            retryable=lambda e: isinstance(e, Transient),
            max_retries=5,
            max_time=10,
            backoff_initial=0.001,
            backoff_max=0.001,
        )
