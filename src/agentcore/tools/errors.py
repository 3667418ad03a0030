"""Errors of the tool layer. :class:`~agentcore.tools.ToolRunner` turns each into an error result."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["ToolArgumentsError", "ToolError", "ToolNotFoundError", "ToolTimeoutError"]


class ToolError(Exception):
    """Base of every tool-layer error. A tool may raise it to report a failure meant for the model."""


class ToolArgumentsError(ToolError):
    """The arguments do not match the tool's parameter schema.

    Attributes:
        tool_name: the tool.
        problems: one readable line per problem (``"question: Field required"``).
    """

    def __init__(self, tool_name: str, problems: Iterable[str]) -> None:
        self.tool_name = tool_name
        self.problems = list(problems) or ["invalid arguments"]
        super().__init__(f"Invalid arguments for tool '{tool_name}': " + "; ".join(self.problems))


class ToolNotFoundError(ToolError):
    """No tool has this name.

    Attributes:
        name: the name asked for.
        available: the names that exist.
    """

    def __init__(self, name: str, available: Iterable[str]) -> None:
        self.name = name
        self.available = list(available)
        known = ", ".join(self.available) if self.available else "none"
        super().__init__(f"Unknown tool: '{name}'. Available tools: {known}")


class ToolTimeoutError(ToolError):
    """The tool did not finish in time.

    Attributes:
        tool_name: the tool.
        timeout: the limit in seconds.
    """

    def __init__(self, tool_name: str, timeout: float) -> None:
        self.tool_name = tool_name
        self.timeout = timeout
        super().__init__(f"Tool '{tool_name}' timed out after {timeout:g} s")
