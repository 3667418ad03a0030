"""SystemSGRAgent against the seed's MockLLMGateway (TC-001..TC-006, TC-009)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentcore.agents.sgr import ReasoningStep, SGRTool, SystemSGRAgent, ToolCall
from agentcore.llm import MockLLMGateway, ScriptedProvider, tool_call
from agentcore.llm.errors import LLMHTTPError
from agentcore.llm.gateway import LLMGateway
from agentcore.llm.models import LLMRequest


class EchoTool(SGRTool):
    name = "echo"
    description = "Повторяет текст"
    parameters_schema = {  # noqa: RUF012
        "type": "object",
        "properties": {"text": {"type": "string"}},
        "required": ["text"],
        "additionalProperties": False,
    }

    async def execute(self, **kwargs: Any) -> str:
        return "echo:" + kwargs["text"]


class BoomTool(SGRTool):
    name = "boom"
    description = "Всегда падает"

    async def execute(self, **kwargs: Any) -> str:
        raise RuntimeError("сломалось")


class LongTool(SGRTool):
    name = "long"
    description = "Длинный результат"

    async def execute(self, **kwargs: Any) -> str:
        return "я" * 1000


class Agent(SystemSGRAgent):
    async def process(self, input_data: dict[str, Any]) -> dict[str, Any]:
        return {"answer": await self.run(input_data["message"])}


def _agent(gateway: Any, log_dir: Path | None = None, **kwargs: Any) -> Agent:
    tools = kwargs.pop("tools", [EchoTool(), BoomTool(), LongTool()])
    return Agent("test_agent", gateway, "model-x", "Ты тестовый агент.", tools=tools, log_dir=log_dir, **kwargs)


async def test_final_answer_without_tools() -> None:
    gateway = MockLLMGateway(["Готово"])
    agent = _agent(gateway)
    assert await agent.run("привет") == "Готово"
    request = gateway.requests[0]
    assert request.model == "model-x"
    assert [m.role for m in request.messages] == ["system", "user"]
    assert {t.name for t in request.tools or []} == {"echo", "boom", "long"}
    assert agent.reasoning_trace == [ReasoningStep(1, "formulate_answer", final_answer="Готово")]


async def test_tool_call_then_answer_messages_in_langchain_format() -> None:
    gateway = MockLLMGateway([tool_call("echo", {"text": "ку"}, call_id="call_1"), "Ответ: echo:ку"])
    agent = _agent(gateway)
    assert await agent.run("повтори ку") == "Ответ: echo:ку"
    second = gateway.requests[1].messages
    assert second[-2].role == "assistant" and second[-2].tool_calls
    assert second[-2].tool_calls[0].id == "call_1"
    assert second[-1].role == "tool" and second[-1].tool_call_id == "call_1" and second[-1].content == "echo:ку"
    assert agent.tool_calls == [ToolCall("echo", {"text": "ку"}, "echo:ку")]
    assert [s.action for s in agent.reasoning_trace] == ["call_tool", "formulate_answer"]


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (tool_call("boom", {}), "сломалось"),
        (tool_call("nope", {}), "nope"),
        (tool_call("echo", {}), "text"),  # missing required argument
        (tool_call("echo", '{"text": '), "Invalid JSON"),  # truncated JSON from the model
    ],
)
async def test_tool_errors_go_back_to_the_model(call: Any, expected: str) -> None:
    gateway = MockLLMGateway([call, "исправился"])
    agent = _agent(gateway)
    assert await agent.run("x") == "исправился"
    tool_message = gateway.requests[1].messages[-1]
    assert tool_message.role == "tool"
    assert tool_message.content and tool_message.content.startswith("Error:") and expected in tool_message.content


async def test_max_iterations_returns_error_message() -> None:
    gateway = MockLLMGateway([tool_call("echo", {"text": str(i)}) for i in range(20)])
    agent = _agent(gateway)
    answer = await agent.run("бесконечно")
    assert "максимальное число итераций (10)" in answer
    assert gateway.call_count == SystemSGRAgent.MAX_ITERATIONS == 10


async def test_max_iterations_is_a_class_constant() -> None:
    class Short(Agent):
        MAX_ITERATIONS = 2

    gateway = MockLLMGateway([tool_call("echo", {"text": "a"})] * 5)
    agent = Short("s", gateway, "m", "p", tools=[EchoTool()])
    await agent.run("x")
    assert gateway.call_count == 2


async def test_llm_error_ends_run_with_message_not_exception() -> None:
    gateway = MockLLMGateway([LLMHTTPError(400, "bad request")])
    answer = await _agent(gateway).run("x")
    assert answer.startswith("Ошибка при запросе LLM") and "400" in answer


async def test_trace_file_jsonl_appended_per_run(tmp_path: Path) -> None:
    gateway = MockLLMGateway([tool_call("long", {}), "конец", "второй"])
    agent = _agent(gateway, log_dir=tmp_path)
    await agent.run("раз")
    await agent.run("два")
    path = tmp_path / "reasoning" / "test_agent.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    first = json.loads(lines[0])
    assert set(first) == {"timestamp", "agent_id", "reasoning_trace"}
    assert first["agent_id"] == "test_agent" and first["timestamp"].endswith("Z")
    step = first["reasoning_trace"][0]
    assert set(step) == {
        "step_number",
        "action",
        "thought",
        "tool_used",
        "tool_parameters",
        "tool_result",
        "final_answer",
    }
    assert step["action"] == "call_tool" and len(step["tool_result"]) == 200
    assert json.loads(lines[1])["reasoning_trace"] == [
        {
            "step_number": 1,
            "action": "formulate_answer",
            "thought": None,
            "tool_used": None,
            "tool_parameters": None,
            "tool_result": None,
            "final_answer": "второй",
        }
    ]


async def test_no_log_dir_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    await _agent(MockLLMGateway(["ok"]), log_dir=None).run("x")
    assert list(tmp_path.iterdir()) == []


async def test_accepts_full_llm_gateway_too() -> None:
    provider = ScriptedProvider([LLMHTTPError(503, "busy"), "ok"])
    gateway = LLMGateway(provider, backoff_initial=0.001, backoff_max=0.001)
    assert await _agent(gateway).run("x") == "ok"


async def test_context_goes_into_system_prompt() -> None:
    gateway = MockLLMGateway(["ok"])
    await _agent(gateway).run("x", context={"user": "Иван"})
    assert "Иван" in (gateway.requests[0].messages[0].content or "")


async def test_schema_mode_one_structured_call_per_step() -> None:
    def step_one(request: LLMRequest) -> dict[str, Any]:
        assert request.response_format is not None
        schema = json.dumps(request.response_format.schema_, ensure_ascii=False)
        assert "final_answer" in schema and "echo" in schema and "current_situation" in schema
        return {
            "current_situation": "нужно эхо",
            "reasoning_steps": ["a"],
            "enough_data": False,
            "function": {"tool": "echo", "arguments": {"text": "эй"}},
        }

    final = {
        "current_situation": "есть",
        "reasoning_steps": ["b"],
        "enough_data": True,
        "function": {"tool": "final_answer", "answer": "эхо получено"},
    }
    gateway = MockLLMGateway([step_one, final])
    agent = _agent(gateway, mode="schema")
    assert await agent.run("x") == "эхо получено"
    assert "Результат инструмента echo: echo:эй" in (gateway.requests[1].messages[-1].content or "")
    assert [s.action for s in agent.reasoning_trace] == ["call_tool", "formulate_answer"]


async def test_schema_mode_invalid_step_is_fed_back() -> None:
    bad = {"current_situation": "?", "reasoning_steps": [], "enough_data": True, "function": {"tool": "zzz"}}
    good = {
        "current_situation": "ok",
        "reasoning_steps": [],
        "enough_data": True,
        "function": {"tool": "final_answer", "answer": "ok"},
    }
    gateway = MockLLMGateway([bad, good])
    assert await _agent(gateway, mode="schema").run("x") == "ok"
    assert "не прошёл проверку" in (gateway.requests[1].messages[-1].content or "")


async def test_concurrent_runs_of_one_agent_keep_separate_traces(tmp_path: Path) -> None:
    import asyncio

    def answer_after_echo(request: LLMRequest) -> Any:
        if request.messages[-1].role == "tool":
            return "готово: " + (request.messages[-1].content or "")
        return tool_call("echo", {"text": request.messages[-1].content or ""})

    agent = _agent(MockLLMGateway([answer_after_echo] * 4), log_dir=tmp_path)
    answers = await asyncio.gather(agent.run("первый"), agent.run("второй"))
    assert answers == ["готово: echo:первый", "готово: echo:второй"]
    records = [json.loads(line) for line in (tmp_path / "reasoning" / "test_agent.jsonl").read_text().splitlines()]
    assert sorted(r["reasoning_trace"][0]["tool_result"] for r in records) == ["echo:второй", "echo:первый"]
    assert all(len(r["reasoning_trace"]) == 2 for r in records)


async def test_a_client_tool_named_like_an_own_tool_is_not_offered_and_the_own_tool_runs() -> None:
    """The model was offered two functions named ``echo`` (the agent's and the client's); only the agent's runs."""
    from agentcore.agents.client_tools import ClientTools
    from agentcore.llm.models import LLMTool

    gateway = MockLLMGateway([tool_call("echo", {"text": "ку"}, call_id="call_1"), "Ответ: echo:ку"])
    client = ClientTools([LLMTool(name="echo", description="echo клиента"), LLMTool(name="weather")])
    events = [event async for event in _agent(gateway).stream("повтори ку", client_tools=client)]
    assert sorted(t.name for t in gateway.requests[0].tools or []) == ["boom", "echo", "long", "weather"]
    assert [e.type for e in events if e.type in ("client_tool", "final")] == ["final"]
    assert events[-1].answer == "Ответ: echo:ку"  # type: ignore[union-attr]
