"""Token accounting of a run: a :class:`UsageMeter` every model call records into, and the run's token budget.

A surface (``/v1``) or an agent loop opens a scope with :func:`metering`; every call through a gateway inside it
(the loop's steps, a judge, a rewrite, a structured-output call — whatever runs in that task or the tasks it starts)
is added to the meter and to every enclosing one.  A meter with a ``budget`` (``AGENT_MAX_TOKENS``: total tokens, prompt
plus completion, of every call of the run) caps each call's ``max_tokens`` at what is left and, once nothing is left,
makes the next call fail at once with :class:`TokenBudgetExhausted` (no request is sent).

The prompt counts too, and it is counted **before** the call is sent: the gateway knows how many characters of a
request its model counts as one prompt token (learned from the prompt tokens its last call reported,
:func:`prompt_chars` / ``prompt_tokens``), so a request's prompt is estimated before it goes out.  ``max_tokens`` is
then at most what is left after that prompt, and a request whose prompt leaves less than :data:`MIN_COMPLETION`
tokens is not sent (:class:`TokenBudgetExhausted` with its ``prompt`` and ``left``).  Before the model has reported
any usage (the first call of a gateway) only the completion is capped.

Providers that report no usage (the offline provider) count zero tokens: their runs are never cut by the budget.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field

from agentcore.llm.errors import LLMError
from agentcore.llm.models import LLMRequest, Usage

__all__ = [
    "MIN_COMPLETION",
    "TokenBudgetExhausted",
    "UsageMeter",
    "UsageTotals",
    "current_meter",
    "metering",
    "prompt_chars",
]


MIN_COMPLETION = 32
"""The fewest completion tokens a call is sent with: a prompt leaving less of the budget is not sent."""


class TokenBudgetExhausted(LLMError):
    """The run's token budget is spent, or what is left cannot hold the call's prompt: the call was not sent.

    Attributes:
        prompt: the estimated prompt tokens of the call refused for its prompt (``None``: nothing was left at all).
        left: the tokens that were left.
    """

    code = "token_budget_exhausted"
    public_text = "исчерпан бюджет токенов запуска"

    def __init__(self, message: str, *, prompt: int | None = None, left: int = 0) -> None:
        super().__init__(message)
        self.prompt = prompt
        self.left = left


def prompt_chars(request: LLMRequest) -> int:
    """The characters of what ``request`` sends as its prompt: the messages (their text and tool calls), the tools'
    schemas and the response format's schema."""
    import json

    chars = 0
    for message in request.messages:
        content = message.content
        chars += len(content) if isinstance(content, str) else len(json.dumps(content, ensure_ascii=False))
        chars += sum(len(call.name) + len(call.arguments or "") for call in message.tool_calls or [])
    for tool in request.tools or []:
        chars += len(tool.name) + len(tool.description or "") + len(json.dumps(tool.parameters, ensure_ascii=False))
    if request.response_format is not None:
        chars += len(request.response_format.model_dump_json())
    return chars


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

    def limited(self, request: LLMRequest, chars_per_token: float | None = None) -> LLMRequest:
        """``request`` with ``max_tokens`` at most what is left once its prompt is counted.

        Args:
            chars_per_token: the characters the model counts as one prompt token (``None``: not known yet — the
                prompt is not estimated, only the completion is capped).

        Raises:
            TokenBudgetExhausted: nothing is left, or the prompt leaves less than :data:`MIN_COMPLETION` tokens.
        """
        left = self.remaining()
        if left is None:
            return request
        if left <= 0:
            raise TokenBudgetExhausted(f"token budget exhausted ({self.totals.total_tokens} tokens spent)")
        prompt = math.ceil(prompt_chars(request) / chars_per_token) if chars_per_token else 0
        room = left - prompt
        if room < MIN_COMPLETION and prompt:
            raise TokenBudgetExhausted(
                f"token budget exhausted: the prompt (~{prompt} tokens) does not fit in the {left} tokens left",
                prompt=prompt,
                left=left,
            )
        if request.max_tokens is not None and request.max_tokens <= room:
            return request
        return request.model_copy(update={"max_tokens": max(room, 1)})


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
