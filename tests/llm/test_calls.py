"""Lending a run's model-call log to another request of the process: a token from :func:`shared` joins the log
while the lending block lasts; outside a scope there is no token; an unknown or expired token joins nothing."""

from __future__ import annotations

from agentcore.llm import CallLog, MockLLMGateway, joined, recording, shared
from agentcore.llm.models import LLMMessage, LLMRequest


def _ask(step: str) -> LLMRequest:
    return LLMRequest(messages=[LLMMessage(role="user", content="x")], step=step)


async def test_a_shared_token_joins_the_log_while_the_block_lasts() -> None:
    gateway = MockLLMGateway(["a", "b", "c"])
    log = CallLog()
    with recording(log), shared() as token:
        assert token
        # another request's own scope (a server task), joined to the run's log
        with recording(CallLog()), joined(token) as joined_log:
            assert joined_log is log
            await gateway.request(_ask("service.call"))
    assert [c.step for c in log.records] == ["service.call"]
    with joined(token) as late:
        assert late is None
        await gateway.request(_ask("late"))
    with joined("forged") as forged:
        assert forged is None
        await gateway.request(_ask("forged"))
    assert len(log.records) == 1


def test_no_token_outside_a_recording_scope() -> None:
    with shared() as token:
        assert token is None
