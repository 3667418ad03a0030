"""The blocking face of the async layer: calls run on the shared background loop, in the caller's context — so the
run's scopes (model-call trace, usage meter) see the calls a synchronous agent makes, also from a worker thread."""

from __future__ import annotations

import asyncio
from contextvars import ContextVar

from agentcore.llm import CallLog, MockLLMGateway, metering, recording
from agentcore.llm.models import LLMMessage, LLMRequest, LLMResponse, Usage
from agentcore.llm.sync import SyncGateway, in_portal, run_sync

_SEEN: ContextVar[str] = ContextVar("test_sync_seen", default="unset")


def _ask(step: str) -> LLMRequest:
    return LLMRequest(messages=[LLMMessage(role="user", content="вопрос")], step=step)


def test_a_coroutine_sees_the_callers_context_and_runs_on_the_background_loop() -> None:
    async def read() -> tuple[str, bool]:
        return _SEEN.get(), in_portal()

    token = _SEEN.set("caller")
    try:
        assert run_sync(read) == ("caller", True)
    finally:
        _SEEN.reset(token)
    assert run_sync(read) == ("unset", True)


def test_its_own_context_changes_stay_inside() -> None:
    async def write() -> None:
        _SEEN.set("inside")

    run_sync(write)
    assert _SEEN.get() == "unset"


def test_calls_of_a_sync_gateway_are_recorded_in_the_callers_scopes() -> None:
    reply = LLMResponse(content="да", usage=Usage(prompt_tokens=3, completion_tokens=2))
    gateway = SyncGateway(MockLLMGateway([reply, "ещё"]))
    calls = CallLog()
    with recording(calls), metering() as meter:
        assert gateway.request(_ask("demo.sync")).content == "да"
    assert [(c.step, c.reply) for c in calls.records] == [("demo.sync", "да")]
    assert meter.totals.calls == 1 and meter.totals.prompt_tokens == 3
    gateway.request(_ask("demo.outside"))
    assert len(calls.records) == 1


async def test_calls_from_a_worker_thread_of_a_traced_task_are_recorded() -> None:
    """The assistant's shape: a run's task starts a worker thread, which calls the model through the portal."""
    gateway = SyncGateway(MockLLMGateway(["первый", "второй"]))
    calls = CallLog()

    def turn() -> list[str]:
        return [gateway.request(_ask(step)).content or "" for step in ("a.one", "a.two")]

    with recording(calls):
        worker = asyncio.ensure_future(asyncio.to_thread(turn))
    assert await worker == ["первый", "второй"]
    assert [c.step for c in calls.records] == ["a.one", "a.two"]
