from typing import Any

import pytest

from agentcore.tools.base import FunctionTool, Tool
from agentcore.tools.errors import ToolNotFoundError
from agentcore.tools.registry import ToolRegistry


def get_time() -> str:
    """Current time."""
    return "12:00"


def echo(text: str) -> str:
    """Echo the text."""
    return text


def test_register_get_and_iterate_in_order() -> None:
    registry = ToolRegistry([FunctionTool(get_time)])
    tool = registry.register(FunctionTool(echo))
    assert registry.get("echo") is tool
    assert "echo" in registry
    assert "missing" not in registry
    assert registry.names() == ["get_time", "echo"]
    assert [t.name for t in registry] == ["get_time", "echo"]
    assert len(registry) == 2
    assert repr(registry) == "ToolRegistry(['get_time', 'echo'])"


def test_duplicate_name_is_rejected() -> None:
    registry = ToolRegistry([FunctionTool(echo)])
    with pytest.raises(ValueError, match="already registered"):
        registry.register(FunctionTool(echo))


def test_invalid_name_and_non_tools_are_rejected() -> None:
    class Bad(Tool):
        name = "bad name"

        async def execute(self, **kwargs: Any) -> Any:
            return None

    registry = ToolRegistry()
    with pytest.raises(ValueError, match="invalid tool name"):
        registry.register(Bad())
    with pytest.raises(TypeError):
        registry.register(echo)  # type: ignore[arg-type]
    assert len(registry) == 0


def test_unknown_name_lists_known_tools() -> None:
    registry = ToolRegistry([FunctionTool(get_time), FunctionTool(echo)])
    with pytest.raises(ToolNotFoundError) as info:
        registry.get("weather")
    assert info.value.name == "weather"
    assert info.value.available == ["get_time", "echo"]
    assert str(info.value) == "Unknown tool: 'weather'. Available tools: get_time, echo"
    with pytest.raises(ToolNotFoundError, match="Available tools: none"):
        ToolRegistry().get("x")


def test_to_llm_tools() -> None:
    tools = ToolRegistry([FunctionTool(get_time), FunctionTool(echo)]).to_llm_tools()
    assert [t.name for t in tools] == ["get_time", "echo"]
    assert tools[1].description == "Echo the text."
    assert tools[1].parameters["required"] == ["text"]
