"""Tools of the MCP servers in ``AGENTCORE_MCP_SERVERS`` for the CLI's agent runs (``agentcore sgr``, ``ask``)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from agentcore.terminal.common import fail

if TYPE_CHECKING:
    from agentcore.tools.mcp import McpToolset
    from agentcore.tools.registry import ToolRegistry


def mcp_toolset() -> McpToolset:
    """The configured toolset (not yet connected); a malformed setting ends the command with code 2."""
    from agentcore.tools.mcp import McpServerError, McpToolset

    try:
        return McpToolset.from_settings()
    except McpServerError as exc:
        fail(str(exc), code=2)


async def open_toolset(toolset: McpToolset, registry: ToolRegistry | None = None) -> None:
    """Connect every server (each within ``AGENTCORE_MCP_TIMEOUT``) and add its tools to ``registry``; a server that
    is down ends the command with code 2 and says which one."""
    from agentcore.tools.mcp import McpServerError

    if not toolset.specs:
        return
    try:
        await toolset.__aenter__()
    except McpServerError as exc:
        fail(str(exc), code=2)
    if registry is not None:
        for tool in toolset.tools:
            registry.register(tool)


@contextlib.asynccontextmanager
async def entered(toolset: McpToolset) -> AsyncIterator[McpToolset]:
    """``async with entered(toolset)``: :func:`open_toolset`, closed on the way out."""
    try:
        await open_toolset(toolset)
        yield toolset
    finally:
        await toolset.aclose()
