"""Token accounting of a run: a :class:`UsageMeter` every model call records into, and the run's token budget.

A surface (``/v1``) or an agent loop opens a scope with :func:`metering`; every call through a gateway inside it
(the loop's steps, a judge, a rewrite, a structured-output call — whatever runs in that task or the tasks it starts)
is added to the meter and to every enclosing one.  A meter with a ``budget`` (``AGENT_MAX_TOKENS``: total tokens, prompt
plus completion, of every call of the run) caps each call's ``max_tokens`` at what is left and, once nothing is left,
makes the next call fail at once with :class:`TokenBudgetExhausted` (no request is sent).

Providers that report no usage (the offline provider) count zero tokens: their runs are never cut by the budget.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field

from agentcore.llm.errors import LLMError
from agentcore.llm.models import LLMRequest, Usage

__all__ = ["TokenBudgetExhausted", "UsageMeter", "UsageTotals", "current_meter", "metering"]


class TokenBudgetExhausted(LLMError):
    """The run's token budget is spent: the call was not sent."""

    code = "token_budget_exhausted"
    public_text = "исчерпан бюджет токенов запуска"


@dataclass(frozen=True)
class UsageTotals:
    """Token counts summed over calls (``reasoning_tokens`` when the provider reported them)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    reasoning_tokens: int = 0
    calls: int = 0

    def minus(self, earlier: UsageTotals) -> UsageTotals:
        """What was added since ``earlier`` (a snapshot of the same meter)."""
        return UsageTotals(
            self.prompt_tokens - earlier.prompt_tokens,
            self.completion_tokens - earlier.completion_tokens,
            self.total_tokens - earlier.total_tokens,
            self.reasoning_tokens - earlier.reasoning_tokens,
            self.calls - earlier.calls,
        )


@dataclass
class UsageMeter:
    """Sums the usage of the model calls made in its scope.

    Attributes:
        budget: total tokens the calls of this scope may spend (``None``: no limit).
        parent: the enclosing meter; every record is added to it too.
    """

    budget: int | None = None
    parent: UsageMeter | None = None
    _totals: UsageTotals = field(default_factory=UsageTotals)

    @property
    def totals(self) -> UsageTotals:
        """The sums so far."""
        return self._totals

    def record(self, usage: Usage) -> None:
        """Add one call's usage (here and in every enclosing meter)."""
        total = usage.total_tokens or usage.prompt_tokens + usage.completion_tokens
        meter: UsageMeter | None = self
        while meter is not None:
            t = meter._totals
            meter._totals = UsageTotals(
                t.prompt_tokens + usage.prompt_tokens,
                t.completion_tokens + usage.completion_tokens,
                t.total_tokens + total,
                t.reasoning_tokens + usage.reasoning_tokens,
                t.calls + 1,
            )
            meter = meter.parent

    def remaining(self) -> int | None:
        """Tokens left under the tightest budget of this meter and its parents (``None``: no budget)."""
        left: int | None = None
        meter: UsageMeter | None = self
        while meter is not None:
            if meter.budget is not None:
                own = meter.budget - meter._totals.total_tokens
                left = own if left is None else min(left, own)
            meter = meter.parent
        return left

    @property
    def exhausted(self) -> bool:
        """Whether a budget in the chain is spent."""
        left = self.remaining()
        return left is not None and left <= 0

    def limited(self, request: LLMRequest) -> LLMRequest:
        """``request`` with ``max_tokens`` at most what is left.

        Raises:
            TokenBudgetExhausted: nothing is left.
        """
        left = self.remaining()
        if left is None:
            return request
        if left <= 0:
            raise TokenBudgetExhausted(f"token budget exhausted ({self.totals.total_tokens} tokens spent)")
        if request.max_tokens is not None and request.max_tokens <= left:
            return request
        return request.model_copy(update={"max_tokens": left})


_CURRENT: ContextVar[UsageMeter | None] = ContextVar("agentcore_usage_meter", default=None)


def current_meter() -> UsageMeter | None:
    """The innermost meter of the running task (``None`` outside every scope)."""
    return _CURRENT.get()


@contextlib.contextmanager
def metering(meter: UsageMeter | None = None, *, budget: int | None = None) -> Iterator[UsageMeter]:
    """Make ``meter`` (or a new one with ``budget``, nested in the current one) current for the block.

    Tasks started inside the block inherit it (context variables are copied at task creation).
    """
    if meter is None:
        meter = UsageMeter(budget=budget, parent=current_meter())
    token = _CURRENT.set(meter)
    try:
        yield meter
    finally:
        _CURRENT.reset(token)
