"""Our systems as an MCP server (official ``mcp`` SDK ≥ 2): Streamable HTTP at ``/mcp`` of ``agentcore serve`` and
stdio (``agentcore mcp``).  See ``docs/mcp.md``.

Edge layer, like :mod:`agentcore.server`: it imports ``mcp`` (and with it starlette/uvicorn), so nothing below the
edge imports this package.
"""

from agentcore.mcp_server.assembly import Backend, create_mcp_router, create_mcp_server, run_stdio

__all__ = ["Backend", "create_mcp_router", "create_mcp_server", "run_stdio"]
