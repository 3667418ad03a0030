"""ExampleSGRAgent + GetTimeTool end to end (TC-007): scripted model and the offline provider."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from agentcore.apps.example import ExampleSGRAgent, GetTimeTool
from agentcore.config import Settings
from agentcore.llm import MockLLMGateway, tool_call
from agentcore.llm.factory import create_gateway

FIXED = datetime(2026, 11, 23, 9, 30, tzinfo=UTC)


async def test_get_time_tool_uses_timezone() -> None:
    tool = GetTimeTool(clock=lambda tz: FIXED.astimezone(tz))
    result = await tool.execute(timezone="Europe/Moscow")
    assert result["time"] == "12:30" and result["timezone"] == "Europe/Moscow"
    assert (await tool.execute())["timezone"] == "UTC"
    with pytest.raises(ValueError, match="часовой пояс"):
        await tool.execute(timezone="Mars/Olympus")


async def test_process_with_scripted_model() -> None:
    gateway = MockLLMGateway([tool_call("get_time", {"timezone": "UTC"}), "Сейчас 09:30 UTC"])
    agent = ExampleSGRAgent(gateway, tools=[GetTimeTool(clock=lambda tz: FIXED)])
    result = await agent.process({"message": "Который час?"})
    assert result == {
        "answer": "Сейчас 09:30 UTC",
        "steps": 2,
        "tool_calls": [{"name": "get_time", "parameters": {"timezone": "UTC"}}],
    }
    assert json.loads(gateway.requests[1].messages[-1].content or "{}")["time"] == "09:30"


@pytest.mark.parametrize("mode", ["tools", "schema"])
async def test_offline_provider_end_to_end(mode: str, settings: Settings, tmp_path: Path) -> None:
    gateway = create_gateway(settings.llm)
    agent = ExampleSGRAgent(
        gateway, log_dir=tmp_path, mode=mode, tools=[GetTimeTool(clock=lambda tz: FIXED.astimezone(tz))]
    )
    answer = await agent.run("Который час в Москве?")
    assert answer.startswith("Сейчас 12:30, 23.11.2026 (Europe/Moscow)") and "не LLM" in answer
    record: dict[str, Any] = json.loads((tmp_path / "reasoning" / "example_agent.jsonl").read_text().splitlines()[0])
    assert [s["action"] for s in record["reasoning_trace"]] == ["call_tool", "formulate_answer"]
    assert record["reasoning_trace"][0]["tool_parameters"] == {"timezone": "Europe/Moscow"}


async def test_offline_provider_other_questions(settings: Settings) -> None:
    agent = ExampleSGRAgent(create_gateway(settings.llm))
    assert "умею только сообщать текущее время" in await agent.run("Расскажи анекдот")


async def test_empty_message() -> None:
    assert (await ExampleSGRAgent(MockLLMGateway([])).process({"message": "  "}))["answer"] == "Пустой запрос."
