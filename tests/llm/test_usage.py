"""The usage meter: every gateway call of a scope is summed (and into enclosing scopes); a budget caps max_tokens
and, once spent, fails the next call without sending it."""

from __future__ import annotations

import asyncio

import pytest

from agentcore.llm import MockLLMGateway, TokenBudgetExhausted, UsageMeter, current_meter, metering
from agentcore.llm._wire import usage_of
from agentcore.llm.models import LLMMessage, LLMRequest, LLMResponse, Usage


def used(prompt: int, completion: int, reasoning: int = 0) -> LLMResponse:
    usage = Usage(
        prompt_tokens=prompt, completion_tokens=completion, total_tokens=prompt + completion, reasoning_tokens=reasoning
    )
    return LLMResponse(content="ok", usage=usage)


def request(max_tokens: int | None = None) -> LLMRequest:
    return LLMRequest(messages=[LLMMessage(role="user", content="x")], max_tokens=max_tokens)


async def test_calls_are_summed_into_every_enclosing_meter() -> None:
    gateway = MockLLMGateway([used(10, 2, 1), used(20, 3)])
    with metering() as outer:
        await gateway.request(request())
        with metering(budget=100) as inner:
            assert inner.parent is outer and current_meter() is inner
            await gateway.request(request())
    assert current_meter() is None
    assert (outer.totals.prompt_tokens, outer.totals.completion_tokens, outer.totals.total_tokens) == (30, 5, 35)
    assert outer.totals.reasoning_tokens == 1 and outer.totals.calls == 2
    assert inner.totals.total_tokens == 23 and inner.remaining() == 77


async def test_budget_caps_max_tokens_and_a_spent_budget_sends_nothing() -> None:
    gateway = MockLLMGateway([used(60, 10), used(20, 10), used(1, 1)])
    with metering(budget=100) as meter:
        await gateway.request(request(max_tokens=50))
        gateway._chars_per_token = None  # the prompt not estimated: only the completion is capped
        await gateway.request(request(max_tokens=50))
        assert [r.max_tokens for r in gateway.requests] == [50, 30]
        assert meter.exhausted
        with pytest.raises(TokenBudgetExhausted):
            await gateway.request(request())
    assert gateway.call_count == 2


def prompt(chars: int, max_tokens: int = 100) -> LLMRequest:
    return LLMRequest(messages=[LLMMessage(role="user", content="я" * chars)], max_tokens=max_tokens)


async def test_the_prompt_is_counted_before_the_call_is_sent() -> None:
    """The model counted 400 characters as 100 prompt tokens: the next prompts are estimated at 4 characters a token
    before they go out — ``max_tokens`` is what is left after the prompt, and a prompt that leaves too little of the
    budget is not sent at all (before, it went out with ``max_tokens`` = what was left and overspent the budget)."""
    gateway = MockLLMGateway([used(100, 20), used(150, 20), used(1, 1)])
    with metering(budget=500):
        await gateway.request(prompt(400))
        await gateway.request(prompt(600))  # 150 tokens of prompt in the 380 left: at most 230 to write
        assert [r.max_tokens for r in gateway.requests] == [100, 100]
        with pytest.raises(TokenBudgetExhausted) as refused:  # 210 left, a prompt of ~200 tokens: 10 to write
            await gateway.request(prompt(800))
    assert (refused.value.prompt, refused.value.left) == (200, 210)
    assert gateway.call_count == 2
    with metering(budget=400):
        await gateway.request(prompt(800, max_tokens=500))  # ~200 prompt tokens of 400: max_tokens 200
    assert gateway.requests[-1].max_tokens == 200


async def test_tasks_inherit_the_meter() -> None:
    gateway = MockLLMGateway([used(1, 1), used(2, 2)])
    with metering() as meter:
        await asyncio.gather(gateway.request(request()), gateway.request(request()))
    assert meter.totals.total_tokens == 6


def test_minus_and_missing_totals() -> None:
    meter = UsageMeter()
    meter.record(Usage(prompt_tokens=5, completion_tokens=5))  # no total reported: prompt + completion
    mark = meter.totals
    meter.record(Usage(prompt_tokens=1, completion_tokens=1, total_tokens=2))
    assert meter.totals.total_tokens == 12 and meter.totals.minus(mark).total_tokens == 2


def test_reasoning_tokens_are_read_from_the_wire() -> None:
    body = {
        "usage": {
            "prompt_tokens": 3,
            "completion_tokens": 9,
            "total_tokens": 12,
            "completion_tokens_details": {"reasoning_tokens": 7},
        }
    }
    assert usage_of(body).reasoning_tokens == 7
    assert usage_of({"usage": {"prompt_tokens": 1}}).reasoning_tokens == 0
