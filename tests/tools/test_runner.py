import asyncio
import json
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from pydantic import BaseModel

from agentcore.llm.models import LLMToolCall
from agentcore.tools import ToolResult, ToolRunner, to_content
from agentcore.tools.base import FunctionTool, Tool
from agentcore.tools.errors import ToolError
from agentcore.tools.registry import ToolRegistry


class Answer(BaseModel):
    text: str
    score: float


def echo(text: str) -> str:
    """Echo the text."""
    return text


def add(a: int, b: int = 1) -> int:
    """Add two numbers."""
    return a + b


def answer(text: str) -> Answer:
    """A structured answer."""
    return Answer(text=text, score=0.5)


def listing() -> list[dict[str, Any]]:
    """Some data."""
    return [{"город": "Москва"}]


def divide(a: int, b: int) -> float:
    """Divide."""
    return a / b


def refuse() -> None:
    """Always refuses."""
    raise ToolError("нет доступа")


async def sleepy(seconds: float = 10.0) -> str:
    """Sleep."""
    await asyncio.sleep(seconds)
    return "woke up"


async def own_timeout() -> str:
    """Raises its own TimeoutError."""
    raise TimeoutError("upstream timed out")


def long_text() -> str:
    """Long output."""
    return "я" * 500


@pytest.fixture
def registry() -> ToolRegistry:
    fns = [echo, add, answer, listing, divide, refuse, sleepy, own_timeout, long_text]
    return ToolRegistry(FunctionTool(fn, run_in_thread=False) for fn in fns)


@pytest.fixture
def runner() -> ToolRunner:
    return ToolRunner(timeout=5.0, log_chars=20)


# --- success ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [({"a": 2, "b": 3}, 5), ('{"a": 2, "b": 3}', 5), ('{"a": 2}', 3), ("  ", None), (None, None)],
)
async def test_arguments_as_dict_json_string_or_none(
    runner: ToolRunner, registry: ToolRegistry, arguments: Any, expected: int | None
) -> None:
    result = await runner.run(registry.get("add"), arguments)
    if expected is None:  # no arguments at all: "a" is missing
        assert not result.ok
        assert "a: Field required" in (result.error or "")
    else:
        assert result.ok
        assert result.value == expected
        assert result.content == str(expected)
        assert result.error is None


async def test_string_value_is_returned_as_is(runner: ToolRunner, registry: ToolRegistry) -> None:
    result = await runner.run(registry.get("echo"), {"text": "Привет"})
    assert result == ToolResult("echo", True, "Привет", None, "Привет", result.elapsed_ms)
    assert result.elapsed_ms >= 0


async def test_structured_values_become_json(runner: ToolRunner, registry: ToolRegistry) -> None:
    model = await runner.run(registry.get("answer"), {"text": "да"})
    assert json.loads(model.content) == {"text": "да", "score": 0.5}
    assert "да" in model.content  # not \\u-escaped
    data = await runner.run(registry.get("listing"), None)
    assert data.content == '[{"город": "Москва"}]'


def test_to_content_for_various_values() -> None:
    @dataclass
    class Pair:
        a: int

    assert to_content("x") == "x"
    assert to_content(None) == "null"
    assert to_content(3) == "3"
    assert to_content(True) == "true"
    assert to_content({"when": datetime(2026, 1, 1, tzinfo=UTC)}) == '{"when": "2026-01-01T00:00:00Z"}'
    assert to_content(Pair(1)) == '{"a": 1}'
    assert to_content({"set": {1}}) == '{"set": [1]}'
    assert to_content(object()).startswith('"<object object')
    circular: list[Any] = []
    circular.append(circular)
    assert to_content(circular) == "[[...]]"


async def test_sync_tool_in_thread_and_run_call(runner: ToolRunner) -> None:
    registry = ToolRegistry([FunctionTool(add)])
    call = LLMToolCall(name="add", arguments='{"a": 40, "b": 2}', id="call_7")
    result = await runner.run_call(registry, call)
    assert result.value == 42
    message = result.to_message(call.id)
    assert (message.role, message.content, message.tool_call_id, message.name) == ("tool", "42", "call_7", "add")


# --- errors never raise --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ("{not json", "Invalid JSON arguments: Expecting property name"),
        ("[1, 2]", "Invalid JSON arguments: expected a JSON object, got list"),
        ('"text"', "Invalid JSON arguments: expected a JSON object, got str"),
        (42, "Invalid JSON arguments: expected a JSON object, got int"),
    ],
)
async def test_bad_json_arguments(runner: ToolRunner, registry: ToolRegistry, arguments: Any, message: str) -> None:
    result = await runner.run(registry.get("echo"), arguments)
    assert not result.ok
    assert result.value is None
    assert result.error is not None
    assert result.error.startswith(message)
    assert result.content == f"Error: {result.error}"


async def test_invalid_arguments(runner: ToolRunner, registry: ToolRegistry) -> None:
    result = await runner.run(registry.get("add"), {"a": "два"})
    assert not result.ok
    assert result.content.startswith("Error: Invalid arguments for tool 'add': a: Input should be a valid integer")


async def test_exception_in_tool(runner: ToolRunner, registry: ToolRegistry, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="agentcore.tools"):
        result = await runner.run(registry.get("divide"), {"a": 1, "b": 0})
    assert not result.ok
    assert result.error == "ZeroDivisionError: division by zero"
    assert result.content == "Error: ZeroDivisionError: division by zero"
    failure = caplog.records[-1]
    assert failure.levelno == logging.WARNING
    assert failure.exc_info is not None  # unexpected errors keep their traceback in the log


async def test_tool_error_message_is_passed_through(runner: ToolRunner, registry: ToolRegistry) -> None:
    result = await runner.run(registry.get("refuse"), {})
    assert result.content == "Error: нет доступа"


async def test_timeout(registry: ToolRegistry) -> None:
    result = await ToolRunner(timeout=0.01).run(registry.get("sleepy"), {"seconds": 10})
    assert not result.ok
    assert result.error == "Tool 'sleepy' timed out after 0.01 s"


async def test_per_call_timeout_overrides_the_runner(runner: ToolRunner, registry: ToolRegistry) -> None:
    result = await runner.run(registry.get("sleepy"), {"seconds": 10}, timeout=0.01)
    assert result.error == "Tool 'sleepy' timed out after 0.01 s"
    quick = await ToolRunner(timeout=None).run(registry.get("sleepy"), {"seconds": 0})
    assert quick.value == "woke up"


async def test_a_tools_own_timeout_error_is_not_reported_as_ours(runner: ToolRunner, registry: ToolRegistry) -> None:
    result = await runner.run(registry.get("own_timeout"), {})
    assert result.error == "TimeoutError: upstream timed out"


async def test_exception_in_validation_is_isolated(runner: ToolRunner) -> None:
    class BadValidator(Tool):
        name = "bad"

        def validate_arguments(self, arguments: Any) -> dict[str, Any]:
            raise KeyError("oops")

        async def execute(self, **kwargs: Any) -> Any:
            return None

    result = await runner.run(BadValidator(), {})
    assert result.error == "KeyError: 'oops'"


async def test_unexpected_keyword_is_an_error_result(runner: ToolRunner) -> None:
    class Strict(Tool):
        name = "strict"

        async def execute(self) -> Any:  # type: ignore[override]
            return "ok"

    result = await runner.run(Strict(), {"extra": 1})
    assert not result.ok
    assert result.error is not None
    assert result.error.startswith("TypeError:")


async def test_cancellation_propagates(runner: ToolRunner, registry: ToolRegistry) -> None:
    task = asyncio.create_task(runner.run(registry.get("sleepy"), {"seconds": 10}))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_unknown_tool_by_name_lists_available_tools(runner: ToolRunner) -> None:
    registry = ToolRegistry([FunctionTool(echo), FunctionTool(add)])
    result = await runner.run_by_name(registry, "weather", "{}")
    assert not result.ok
    assert result.tool_name == "weather"
    assert result.content == "Error: Unknown tool: 'weather'. Available tools: echo, add"
    ok = await runner.run_by_name(registry, "echo", {"text": "hi"})
    assert ok.value == "hi"


# --- previews and logs ---------------------------------------------------------------------------------


async def test_preview_is_cut_to_log_chars(runner: ToolRunner, registry: ToolRegistry) -> None:
    result = await runner.run(registry.get("long_text"), {})
    assert result.content == "я" * 500  # the model gets everything
    assert result.preview() == "я" * 20 + "…"
    assert result.preview(5) == "я" * 5 + "…"
    assert result.preview(1000) == result.content
    short = ToolResult.success("t", "abc", log_chars=3)
    assert short.preview() == "abc"


async def test_each_call_is_logged_at_debug_with_a_preview(
    runner: ToolRunner, registry: ToolRegistry, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="agentcore.tools"):
        await runner.run(registry.get("long_text"), {})
    messages = [r.getMessage() for r in caplog.records if r.name == "agentcore.tools"]
    assert messages[0] == "ToolRunner.run // long_text called with {}"
    assert messages[-1].startswith("ToolRunner.run // long_text OK in ")
    assert messages[-1].endswith(": " + "я" * 20 + "…")
    assert all(r.levelno == logging.DEBUG for r in caplog.records if r.name == "agentcore.tools")


async def test_expected_failures_are_logged_without_traceback(
    runner: ToolRunner, registry: ToolRegistry, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="agentcore.tools"):
        await runner.run(registry.get("echo"), "{bad")
    (record,) = [r for r in caplog.records if r.name == "agentcore.tools"]
    assert record.levelno == logging.WARNING
    assert record.exc_info is None
    assert "echo failed" in record.getMessage()


def test_runner_rejects_bad_settings() -> None:
    with pytest.raises(ValueError):
        ToolRunner(timeout=0)
    with pytest.raises(ValueError):
        ToolRunner(log_chars=-1)


def test_failure_factory() -> None:
    result = ToolResult.failure("t", "boom", elapsed_ms=1.5)
    assert (result.ok, result.value, result.error, result.content, result.elapsed_ms) == (
        False,
        None,
        "boom",
        "Error: boom",
        1.5,
    )
