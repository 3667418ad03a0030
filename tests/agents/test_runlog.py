"""The run trace: a traced stream records its events and the model calls made while it ran, redacted, found again
by request id; a stream closed early is recorded as cancelled; calls outside a traced run are not recorded."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncGenerator
from pathlib import Path

from agentcore.agents import RunLog
from agentcore.agents.events import AgentStepEvent, EventFactory
from agentcore.llm import CallLog, MockLLMGateway, recording
from agentcore.llm.models import LLMMessage, LLMRequest
from agentcore.util.redact import register_secret

SECRET = "sk-runlog-test-0123456789abcdef"


def _run(gateway: MockLLMGateway, fail: bool = False) -> AsyncGenerator[AgentStepEvent, None]:
    events = EventFactory("demo")

    async def stream() -> AsyncGenerator[AgentStepEvent, None]:
        yield events.step_started(1)
        answer = await gateway.request(
            LLMRequest(messages=[LLMMessage(role="user", content=f"ключ {SECRET} и вопрос")], step="demo.step")
        )
        yield events.thought(1, answer.content or "")
        if fail:
            yield events.error(1, "сломалось", "internal_error")
        else:
            yield events.final(1, "ответ")

    return stream()


async def test_a_run_is_recorded_with_its_model_calls_redacted(tmp_path: Path) -> None:
    register_secret(SECRET)
    log = RunLog(tmp_path)
    gateway = MockLLMGateway(["думаю"])
    seen = [event async for event in log.traced("demo", _run(gateway), "вопрос?")]
    record = log.find(seen[0].request_id)
    assert record is not None
    assert record["outcome"] == "final" and record["agent"] == "demo" and record["question"] == "вопрос?"
    assert [e["type"] for e in record["events"]] == [e.type for e in seen]
    (call,) = record["model_calls"]
    assert call["step"] == "demo.step" and call["reply"] == "думаю" and call["error"] is None
    text = (tmp_path / "runs" / "runs.jsonl").read_text(encoding="utf-8")
    assert SECRET not in text and "ключ" in text
    assert log.recent()[0]["request_id"] == seen[0].request_id


async def test_a_stream_closed_early_is_recorded_as_cancelled(tmp_path: Path) -> None:
    log = RunLog(tmp_path)
    traced = log.traced("demo", _run(MockLLMGateway(["думаю"])))
    async with contextlib.aclosing(traced) as stream:
        first = await stream.__anext__()
    record = log.find(first.request_id)
    assert record is not None and record["outcome"] == "cancelled" and record["model_calls"] == []


async def test_failed_calls_are_recorded_and_calls_outside_a_scope_are_not(tmp_path: Path) -> None:
    gateway = MockLLMGateway([ValueError("bad shape")])
    calls = CallLog()
    with recording(calls), contextlib.suppress(Exception):
        await gateway.request(LLMRequest(messages=[LLMMessage(role="user", content="x")]))
    assert [c.error for c in calls.records] == ["ValueError"]
    await MockLLMGateway(["y"]).request(LLMRequest(messages=[LLMMessage(role="user", content="x")]))
    assert len(calls.records) == 1


async def test_unknown_request_id_is_none(tmp_path: Path) -> None:
    assert RunLog(tmp_path).find("req_nothing") is None
    assert RunLog(tmp_path).recent() == []


async def test_a_run_is_its_starters_and_readers_see_what_visible_allows(tmp_path: Path) -> None:
    from agentcore.agents import run_owner

    log = RunLog(tmp_path)
    with run_owner("token:alice"):
        traced = log.traced("demo", _run(MockLLMGateway(["думаю"])))  # the owner is taken here, not at the first step
    with run_owner("token:bob"):
        seen = [event async for event in traced]
    alice = seen[0].request_id
    seen = [event async for event in log.traced("demo", _run(MockLLMGateway(["думаю"])))]
    bob = seen[0].request_id

    def mine(record: dict[str, object]) -> bool:
        return record.get("owner") == "token:alice"

    assert [row["request_id"] for row in log.recent(visible=mine)] == [alice]
    assert [row["request_id"] for row in log.recent()] == [bob, alice]
    assert log.find(alice, visible=mine) is not None and log.find(bob, visible=mine) is None
    assert (log.find(bob) or {}).get("owner") is None
