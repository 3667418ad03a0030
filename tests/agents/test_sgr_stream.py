"""SystemSGRAgent's live event stream: the same run as ``run()``, step by step; failures end with an error step."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

from tests.hanging import hanging_reply

from agentcore.agents.sgr import SGRTool, SystemSGRAgent
from agentcore.llm import MockLLMGateway, tool_call
from agentcore.llm.errors import LLMHTTPError
from agentcore.llm.models import LLMResponse, LLMToolCall


class Echo(SGRTool):
    name = "echo"
    description = "Повторяет текст"
    parameters_schema = {  # noqa: RUF012
        "type": "object",
        "properties": {"text": {"type": "string"}, "loud": {"type": "boolean", "default": False}},
        "required": ["text"],
    }

    async def execute(self, **kwargs: Any) -> str:
        return kwargs["text"].upper() if kwargs["loud"] else kwargs["text"]


class Agent(SystemSGRAgent):
    async def process(self, input_data: dict[str, Any]) -> dict[str, Any]:
        return {"answer": await self.run(input_data["message"])}


def _agent(gateway: Any, **kwargs: Any) -> Agent:
    return Agent("stream_agent", gateway, "m", "Ты агент.", tools=kwargs.pop("tools", [Echo()]), **kwargs)


async def _events(agent: Agent, message: str = "x") -> list[Any]:
    return [e async for e in agent.stream(message)]


async def test_stream_yields_steps_then_final() -> None:
    response = LLMResponse(content="повторю", tool_calls=[LLMToolCall(name="echo", arguments='{"text": "ку"}')])
    events = await _events(_agent(MockLLMGateway([response, "Готово: ку"])))
    assert [e.type for e in events] == [
        "step_started",
        "thought",
        "tool_invoked",
        "observation",
        "step_started",
        "final",
    ]
    assert events[2].arguments == {"text": "ку", "loud": False}  # validated, defaults filled
    assert events[3].preview == "ку" and events[3].call_id == events[2].call_id
    assert events[-1].answer == "Готово: ку" and events[-1].metadata["tool_calls"] == 1


async def test_run_keeps_the_seed_behaviour_on_top_of_the_stream(tmp_path: Path) -> None:
    agent = _agent(MockLLMGateway([tool_call("echo", {"text": "a"}), "ответ"]), log_dir=tmp_path)
    assert await agent.run("x") == "ответ"
    assert [s.action for s in agent.reasoning_trace] == ["call_tool", "formulate_answer"]
    line = (tmp_path / "reasoning" / "stream_agent.jsonl").read_text("utf-8").strip()
    assert [s["action"] for s in json.loads(line)["reasoning_trace"]] == ["call_tool", "formulate_answer"]


async def test_stream_writes_the_trace_too(tmp_path: Path) -> None:
    agent = _agent(MockLLMGateway(["сразу"]), log_dir=tmp_path)
    await _events(agent)
    assert (tmp_path / "reasoning" / "stream_agent.jsonl").read_text("utf-8").count("\n") == 1


async def test_llm_error_is_an_error_event() -> None:
    events = await _events(_agent(MockLLMGateway([LLMHTTPError(503, "down")])))
    assert [e.type for e in events] == ["step_started", "error"] and events[-1].code == "llm_error"


async def test_any_exception_below_ends_the_run_with_an_error_step_and_run_never_raises(
    caplog: Any,
) -> None:
    agent = _agent(MockLLMGateway([RuntimeError("provider bug")]))
    answer = await agent.run("x")
    assert answer.startswith("Внутренняя ошибка агента: RuntimeError")
    assert agent.reasoning_trace[-1].action == "formulate_answer"
    assert any(r.exc_info for r in caplog.records if "Unexpected error" in r.getMessage())
    events = await _events(_agent(MockLLMGateway([ZeroDivisionError("x")])))
    assert events[-1].type == "error" and events[-1].code == "internal_error"


async def test_tool_calls_without_ids_get_unique_ones() -> None:
    calls = [
        LLMToolCall(name="echo", arguments='{"text": "a"}', id=""),
        LLMToolCall(name="echo", arguments='{"text": "b"}', id=""),
    ]
    gateway = MockLLMGateway([LLMResponse(tool_calls=calls), "ok"])
    events = await _events(_agent(gateway))
    ids = [e.call_id for e in events if e.type == "tool_invoked"]
    assert len(set(ids)) == 2 and all(ids)
    messages = gateway.requests[1].messages
    assert [m.tool_call_id for m in messages if m.role == "tool"] == ids
    assert [c.id for c in messages[-3].tool_calls or []] == ids


async def test_max_iterations_is_an_error_event() -> None:
    class Short(Agent):
        MAX_ITERATIONS = 2

    agent = Short("s", MockLLMGateway([tool_call("echo", {"text": "a"})] * 2), "m", "p", tools=[Echo()])
    events = [e async for e in agent.stream("x")]
    assert events[-1].type == "error" and events[-1].code == "max_iterations"


async def test_closing_the_stream_stops_the_run_and_keeps_the_trace(tmp_path: Path) -> None:
    started, cancelled = asyncio.Event(), asyncio.Event()
    hang = hanging_reply(started, cancelled)
    agent = _agent(MockLLMGateway([tool_call("echo", {"text": "a"}), hang]), log_dir=tmp_path)

    async def consume() -> None:
        async for _ in agent.stream("x"):
            pass

    task = asyncio.create_task(consume())
    await asyncio.wait_for(started.wait(), 5)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert cancelled.is_set()
    trace = json.loads((tmp_path / "reasoning" / "stream_agent.jsonl").read_text("utf-8"))
    assert [s["action"] for s in trace["reasoning_trace"]] == ["call_tool"]


async def test_schema_mode_streams_too() -> None:
    step = {
        "current_situation": "нужно повторить",
        "reasoning_steps": ["вызову echo"],
        "enough_data": False,
        "function": {"tool": "echo", "arguments": {"text": "a"}},
    }
    done = {
        "current_situation": "готово",
        "reasoning_steps": ["отвечаю"],
        "enough_data": True,
        "function": {"tool": "final_answer", "answer": "a"},
    }
    events = await _events(_agent(MockLLMGateway([step, done]), mode="schema"))
    assert [e.type for e in events] == [
        "step_started",
        "thought",
        "tool_invoked",
        "observation",
        "step_started",
        "thought",
        "final",
    ]


async def test_a_failed_stream_keeps_its_error_to_itself() -> None:
    # Two streams of one agent: the first fails while the second (started later) is running; the failure belongs to
    # the first run only — before, it was written onto whichever run had started last.
    started, release = asyncio.Event(), asyncio.Event()

    async def fails(request: Any) -> str:
        started.set()
        await release.wait()
        raise LLMHTTPError(500, "boom")

    agent = _agent(MockLLMGateway([fails, "ответ второго"]))
    first_events = asyncio.ensure_future(_events(agent, "первый"))
    await started.wait()
    second = await _events(agent, "второй")
    assert second[-1].type == "final" and agent.last_error is None
    release.set()
    assert (await first_events)[-1].code == "llm_error"
    assert agent.last_error is None  # the last run started (the second) succeeded
