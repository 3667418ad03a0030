"""A name → tool table: what an agent may call, in registration order."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from agentcore.llm.models import LLMTool
from agentcore.tools.base import Tool, check_tool_name
from agentcore.tools.errors import ToolNotFoundError

__all__ = ["ToolRegistry"]


class ToolRegistry:
    """Tools by name.

    Args:
        tools: tools to register right away (see :meth:`register`).
    """

    def __init__(self, tools: Iterable[Tool] = ()) -> None:
        self._tools: dict[str, Tool] = {}
        for tool in tools:
            self.register(tool)

    def register(self, tool: Tool) -> Tool:
        """Add ``tool`` and return it.

        Raises:
            ValueError: another tool already has this name, or the name is not a valid function name.
            TypeError: ``tool`` is not a :class:`Tool`.
        """
        if not isinstance(tool, Tool):
            raise TypeError(f"expected a Tool, got {type(tool).__name__}")
        check_tool_name(tool.name)
        if tool.name in self._tools:
            raise ValueError(f"a tool named {tool.name!r} is already registered")
        self._tools[tool.name] = tool
        return tool

    def get(self, name: str) -> Tool:
        """The tool called ``name``.

        Raises:
            ToolNotFoundError: no such tool (its message lists the known names).
        """
        try:
            return self._tools[name]
        except KeyError:
            raise ToolNotFoundError(name, self.names()) from None

    def names(self) -> list[str]:
        """Tool names in registration order."""
        return list(self._tools)

    def to_llm_tools(self) -> list[LLMTool]:
        """Every tool as the LLM layer sends it to a provider."""
        return [tool.to_llm_tool() for tool in self._tools.values()]

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[Tool]:
        return iter(list(self._tools.values()))

    def __len__(self) -> int:
        return len(self._tools)

    def __repr__(self) -> str:
        return f"ToolRegistry({self.names()!r})"
