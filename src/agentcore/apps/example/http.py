"""``ExampleSGRAgent`` as the OpenAI-compatible model ``sgr-example`` (one shared gateway, created on first use):
earlier turns and the client's instructions reach its SGR loop, the client's tools join it (``tools`` mode), and so do
the configured MCP servers' tools (``AGENTCORE_MCP_SERVERS``)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import AsyncGenerator
from typing import Any

from agentcore.agents.events import AgentStepEvent
from agentcore.agents.served import AgentInput, ServedAgent
from agentcore.appkit.plugin import EdgeContext
from agentcore.apps.example.agent import ExampleSGRAgent
from agentcore.config import Settings
from agentcore.llm.models import LLMMessage
from agentcore.tools.mcp import SharedMcpTools

__all__ = ["ExampleServing", "served_agents"]


class ExampleServing:
    """Runs :class:`ExampleSGRAgent` per request on one gateway (closed by :meth:`aclose`); traces go to
    ``<log_dir>/reasoning/example_agent.jsonl``."""

    def __init__(self, settings: Settings, gateway: Any | None = None, mcp: SharedMcpTools | None = None) -> None:
        self.settings = settings
        self.mcp = mcp
        self._gateway = gateway
        self._own = gateway is None
        self._lock = threading.Lock()

    def gateway(self) -> Any:
        """The gateway (created on first use).

        Raises:
            LLMConfigError: the provider is not configured.
        """
        with self._lock:
            if self._gateway is None:
                from agentcore.appkit.gateway import gateway_for

                self._gateway = gateway_for(self.settings)
            return self._gateway

    async def stream(self, question: str) -> AsyncGenerator[AgentStepEvent, None]:
        """One run of the example agent as step events."""
        async with contextlib.aclosing(self.stream_input(AgentInput(question))) as events:
            async for event in events:
                yield event

    async def stream_input(self, agent_input: AgentInput) -> AsyncGenerator[AgentStepEvent, None]:
        """One run with earlier turns, the client's instructions and tools, and the MCP servers' tools."""
        from agentcore.agents.events import EventFactory
        from agentcore.apps.example.agent import GetTimeTool
        from agentcore.llm.errors import LLMConfigError
        from agentcore.tools.mcp import McpServerError

        try:
            gateway = self.gateway()
        except LLMConfigError as exc:
            yield EventFactory("example_agent").error(0, f"Провайдер LLM не настроен: {exc}", "llm_not_configured")
            return
        tools: list[Any] = [GetTimeTool()]
        if self.mcp is not None:
            try:
                tools += await self.mcp.tools()
            except McpServerError as exc:
                yield EventFactory("example_agent").error(0, str(exc), "mcp_unavailable")
                return
        agent = ExampleSGRAgent(gateway, log_dir=self.settings.core.log_dir, tools=tools)
        history = list(agent_input.history)
        if agent_input.instructions:
            history.insert(0, LLMMessage(role="user", content=f"Указания клиента: {agent_input.instructions}"))
        stream = agent.stream(
            agent_input.question, history=history, after=agent_input.after, client_tools=agent_input.client_tools
        )
        async with contextlib.aclosing(stream) as events:
            async for event in events:
                yield event

    async def aclose(self) -> None:
        """Close the gateway if this object created it."""
        if self._gateway is not None and self._own:
            await self._gateway.aclose()

    async def own_tools(self) -> frozenset[str]:
        """The names of the agent's own tools: ``get_time`` and the MCP servers' (none while a server is down: the
        run then ends with ``mcp_unavailable`` anyway)."""
        from agentcore.apps.example.agent import GetTimeTool
        from agentcore.tools.mcp import McpServerError

        names = {GetTimeTool.name}
        if self.mcp is not None:
            with contextlib.suppress(McpServerError):
                names |= {tool.name for tool in await self.mcp.tools()}
        return frozenset(names)

    def served_agent(self) -> ServedAgent:
        """The agent as the model ``sgr-example``."""
        return ServedAgent(
            "sgr-example",
            "Пример SGR-агента (seed 001): сообщает текущее время",
            self.stream,
            run_input=self.stream_input,
            own_tools=self.own_tools,
        )


def served_agents(ctx: EdgeContext) -> list[ServedAgent]:
    """The app's part of ``agentcore serve``: the model ``sgr-example`` of ``/v1`` (its gateway closed with the
    server)."""
    from agentcore.tools.mcp import shared_mcp_tools

    serving = ExampleServing(ctx.settings, mcp=shared_mcp_tools(ctx.shared, ctx.closers))
    ctx.closers.append(serving.aclose)
    return [serving.served_agent()]
