"""A tiny MCP server for the client tests: ``python tests/tools/mcp_calc_server.py`` serves it on stdio."""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations

server = MCPServer("calc")


@server.tool(annotations=ToolAnnotations(readOnlyHint=True, idempotentHint=True))
def add(a: int, b: int) -> int:
    """Сложить два целых числа."""
    return a + b


@server.tool()
def divide(a: float, b: float) -> str:
    """Разделить a на b."""
    if b == 0:
        raise ToolError("деление на ноль")
    return f"{a / b:g}"


if __name__ == "__main__":
    server.run("stdio")
