"""Bounded retries with exponential backoff and full jitter (tenacity) — the one retry policy of agentcore.

Used by the LLM gateway (transient provider failures, ``Retry-After``), the Bitrix24 client
(``QUERY_LIMIT_EXCEEDED``) and, over a blocking call, the Scrum backend around ``agent_process``.  Bounded twice:
by attempts and by time — no attempt starts later than ``max_time`` seconds after the first.

:func:`retry_async` awaits a coroutine function, :func:`retry_sync` calls a blocking one (it sleeps the thread
between attempts); both take the same policy (:class:`RetryPolicy`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, NotRequired, TypedDict, TypeVar, Unpack

__all__ = ["RetryPolicy", "retry_async", "retry_sync"]

T = TypeVar("T")


class RetryPolicy(TypedDict):
    """The policy's keyword arguments.

    * ``retryable`` — which exceptions are transient (anything else is raised at once);
    * ``max_retries`` — extra attempts after the first (0 disables retries);
    * ``max_time`` — no retry starts later than this many seconds after the first attempt;
    * ``backoff_initial`` / ``backoff_max`` — exponential backoff with full jitter, in seconds;
    * ``min_delay`` — a lower bound for the next wait from the failure (a server's ``Retry-After``), or None;
    * ``logger`` / ``what`` — a warning per retry, ``"<what>: attempt N failed (<error>), retrying"``.
    """

    retryable: Callable[[BaseException], bool]
    max_retries: int
    max_time: float
    backoff_initial: float
    backoff_max: float
    min_delay: NotRequired[Callable[[BaseException | None], float | None] | None]
    logger: NotRequired[logging.Logger | logging.LoggerAdapter[Any] | None]
    what: NotRequired[str]


def _tenacity_arguments(policy: RetryPolicy) -> dict[str, Any]:
    """The keyword arguments of tenacity's ``Retrying`` / ``AsyncRetrying`` for ``policy``."""
    from tenacity import retry_if_exception, stop_after_attempt, stop_before_delay, wait_random_exponential

    backoff = wait_random_exponential(multiplier=policy["backoff_initial"], max=policy["backoff_max"])
    min_delay = policy.get("min_delay")
    logger = policy.get("logger")
    what = policy.get("what", "call")

    def wait(state: Any) -> float:
        delay = float(backoff(state))
        if min_delay is not None:
            floor = min_delay(state.outcome.exception() if state.outcome else None)
            if floor is not None:
                delay = max(delay, floor)
        return delay

    def log_retry(state: Any) -> None:
        if logger is not None:
            error = state.outcome.exception() if state.outcome else None
            logger.warning("%s: attempt %d failed (%s), retrying", what, state.attempt_number, error)

    return {
        "stop": stop_after_attempt(policy["max_retries"] + 1) | stop_before_delay(policy["max_time"]),
        "wait": wait,
        "retry": retry_if_exception(policy["retryable"]),
        "before_sleep": log_retry,
        "reraise": True,
    }


async def retry_async(call: Callable[[], Awaitable[T]], **policy: Unpack[RetryPolicy]) -> T:
    """``await call()``, retried on errors ``policy["retryable"]`` accepts (see :class:`RetryPolicy`).

    Raises:
        Exception: the last error when attempts or time run out, or the first non-retryable one.
    """
    from tenacity import AsyncRetrying

    async for attempt in AsyncRetrying(**_tenacity_arguments(policy)):
        with attempt:
            return await call()
    raise AssertionError("unreachable")


def retry_sync(call: Callable[[], T], **policy: Unpack[RetryPolicy]) -> T:
    """:func:`retry_async` for a blocking ``call()`` (the thread sleeps between attempts).

    Raises:
        Exception: the last error when attempts or time run out, or the first non-retryable one.
    """
    from tenacity import Retrying

    for attempt in Retrying(**_tenacity_arguments(policy)):
        with attempt:
            return call()
    raise AssertionError("unreachable")
