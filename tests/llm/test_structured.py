from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, Field

from agentcore.llm import MockLLMGateway, ScriptedProvider, extract_json, tool_call
from agentcore.llm._structured import choose_mode
from agentcore.llm.errors import LLMTimeoutError, StructuredOutputError
from agentcore.llm.gateway import SimpleLLMGateway
from agentcore.llm.models import LLMMessage, LLMRequest, LLMResponse
from agentcore.llm.provider import Capabilities


class Choice(BaseModel):
    tool: str
    score: int = Field(ge=0, le=10)


def _req() -> LLMRequest:
    return LLMRequest(messages=[LLMMessage(role="user", content="выбери")], step="t")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1}', '{"a": 1}'),
        ('Вот ответ:\n```json\n{"a": {"b": "}"}}\n```\nГотово', '{"a": {"b": "}"}}'),
        ('префикс {"a": [1, 2]} суффикс {"c": 3}', '{"a": [1, 2]}'),
        ('{broken {"ok": true}', '{"ok": true}'),
    ],
)
def test_extract_json(text: str, expected: str) -> None:
    assert json.loads(extract_json(text)) == json.loads(expected)


def test_extract_json_without_object() -> None:
    with pytest.raises(ValueError):
        extract_json("никакого json тут нет [1, 2]")


def test_mode_choice_follows_capabilities() -> None:
    assert choose_mode("auto", Capabilities(json_schema=True)) == "json_schema"
    assert choose_mode("auto", Capabilities(json_schema=False, forced_function=True)) == "function"
    assert choose_mode("auto", Capabilities(native_tools=False, json_schema=False, forced_function=False)) == "prompted"
    assert choose_mode("prompted", Capabilities(json_schema=True)) == "prompted"


async def test_json_schema_mode_sends_response_format() -> None:
    gateway = MockLLMGateway(['{"tool": "rag_search", "score": 3}'])
    result = await gateway.parse(_req(), Choice, mode="json_schema")
    assert result == Choice(tool="rag_search", score=3)
    sent = gateway.requests[0]
    assert sent.response_format is not None and sent.response_format.name == "Choice"
    assert sent.response_format.schema_["properties"]["score"]["maximum"] == 10


async def test_function_mode_forces_a_call_and_reads_arguments() -> None:
    gateway = MockLLMGateway([tool_call("Choice", {"tool": "generate_haiku", "score": 1})])
    result = await gateway.parse(_req(), Choice, mode="function")
    assert result.tool == "generate_haiku"
    assert gateway.requests[0].tool_choice == "Choice"
    assert gateway.requests[0].tools and gateway.requests[0].tools[0].name == "Choice"


async def test_prompted_mode_strips_fences_and_prose() -> None:
    gateway = MockLLMGateway(['Конечно!\n```json\n{"tool": "x", "score": 2}\n```'])
    result = await gateway.parse(_req(), Choice, mode="prompted")
    assert result.score == 2
    assert "JSON-схеме" in (gateway.requests[0].messages[-1].content or "")


async def test_invalid_output_is_fed_back_then_fixed() -> None:
    gateway = MockLLMGateway(['{"tool": "x", "score": 99}', '{"tool": "x", "score": 9}'])
    result = await gateway.parse(_req(), Choice, mode="json_schema")
    assert result.score == 9
    assert gateway.call_count == 2
    feedback = gateway.requests[1].messages[-1].content or ""
    assert "score" in feedback and "less than or equal to 10" in feedback
    assert gateway.requests[1].messages[-2].content == '{"tool": "x", "score": 99}'


async def test_function_mode_feedback_goes_back_as_tool_result() -> None:
    gateway = MockLLMGateway([tool_call("Choice", {"tool": "x"}), tool_call("Choice", {"tool": "x", "score": 1})])
    assert (await gateway.parse(_req(), Choice, mode="function")).score == 1
    second = gateway.requests[1].messages
    assert second[-2].tool_calls and second[-1].role == "tool" and "score" in (second[-1].content or "")


async def test_gives_up_with_raw_output_and_cause() -> None:
    gateway = MockLLMGateway(["не json", "опять не json", '{"tool": 5}'])
    with pytest.raises(StructuredOutputError) as info:
        await gateway.parse(_req(), Choice, mode="json_schema", retries=2)
    assert info.value.attempts == 3
    assert info.value.raw_output == '{"tool": 5}'
    assert "tool" in info.value.validation_error
    assert "raw output" in str(info.value)


async def test_transport_errors_are_not_retried_as_parse_errors() -> None:
    gateway = MockLLMGateway([LLMTimeoutError("slow")])
    with pytest.raises(LLMTimeoutError):
        await gateway.parse(_req(), Choice)
    assert gateway.call_count == 1


async def test_auto_mode_uses_function_call_for_gigachat_like_providers() -> None:
    provider = ScriptedProvider(
        [LLMResponse(tool_calls=[tool_call("Choice", {"tool": "a", "score": 0})])],
        capabilities=Capabilities(json_schema=False, forced_function=True),
    )
    result = await SimpleLLMGateway(provider).parse(_req(), Choice)
    assert result.tool == "a"
    assert provider.requests[0].tool_choice == "Choice"
