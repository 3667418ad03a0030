"""``ExampleSGRAgent`` as the OpenAI-compatible model ``sgr-example`` (one shared gateway, created on first use)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import AsyncGenerator
from typing import Any

from agentcore.agents.events import AgentStepEvent
from agentcore.agents.served import ServedAgent
from agentcore.appkit.plugin import EdgeContext
from agentcore.apps.example.agent import ExampleSGRAgent
from agentcore.config import Settings

__all__ = ["ExampleServing", "served_agents"]


class ExampleServing:
    """Runs :class:`ExampleSGRAgent` per request on one gateway (closed by :meth:`aclose`); traces go to
    ``<log_dir>/reasoning/example_agent.jsonl``."""

    def __init__(self, settings: Settings, gateway: Any | None = None) -> None:
        self.settings = settings
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
                from agentcore.llm.factory import create_gateway

                self._gateway = create_gateway(self.settings)
            return self._gateway

    async def stream(self, question: str) -> AsyncGenerator[AgentStepEvent, None]:
        """One run of the example agent as step events."""
        from agentcore.agents.events import EventFactory
        from agentcore.llm.errors import LLMConfigError

        try:
            gateway = self.gateway()
        except LLMConfigError as exc:
            yield EventFactory("example_agent").error(0, f"Провайдер LLM не настроен: {exc}", "llm_not_configured")
            return
        agent = ExampleSGRAgent(gateway, log_dir=self.settings.log_dir)
        async with contextlib.aclosing(agent.stream(question)) as events:
            async for event in events:
                yield event

    async def aclose(self) -> None:
        """Close the gateway if this object created it."""
        if self._gateway is not None and self._own:
            await self._gateway.aclose()

    def served_agent(self) -> ServedAgent:
        """The agent as the model ``sgr-example``."""
        return ServedAgent("sgr-example", "Пример SGR-агента (seed 001): сообщает текущее время", self.stream)


def served_agents(ctx: EdgeContext) -> list[ServedAgent]:
    """The app's part of ``agentcore serve``: the model ``sgr-example`` of ``/v1`` (its gateway closed with the
    server)."""
    serving = ExampleServing(ctx.settings)
    ctx.closers.append(serving.aclose)
    return [serving.served_agent()]
