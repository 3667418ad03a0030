"""Tools a run's client declared (OpenAI ``tools``): they join an agent's loop next to its own tools, but the client
runs them.

The loop emits a ``client_tool`` event and awaits :meth:`ClientTools.call`; the surface answers the client with that
call (``finish_reason: "tool_calls"``), and when the client's next request brings the result,
:meth:`ClientTools.resolve` hands it to the waiting run, which goes on where it stopped.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Container
from dataclasses import dataclass, field
from typing import Any

from agentcore.llm.models import LLMTool

__all__ = ["ClientTools"]


@dataclass
class ClientTools:
    """The client's tools of one run and the calls waiting for their results.

    Attributes:
        tools: the declared functions (name, description, JSON Schema of the parameters).
        pending: call id → the future the run awaits.
    """

    tools: list[LLMTool]
    pending: dict[str, asyncio.Future[str]] = field(default_factory=dict)

    @property
    def names(self) -> set[str]:
        """The declared tool names."""
        return {tool.name for tool in self.tools}

    def reaches_client(self, name: str, own: Container[str]) -> bool:
        """Whether a call of ``name`` is the client's to run: the client declared it and the agent has no tool of that
        name.  The agent's own tool wins, so a client tool named like an internal step (``search``) never receives
        that step, and the agent's step is never shown to the client as a tool call."""
        return name in self.names and name not in own

    def expect(self, call_id: str) -> asyncio.Future[str]:
        """Register ``call_id`` as waiting now (before the client hears of it) and return the future its result
        sets; the caller awaits it and then drops it from :attr:`pending`."""
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self.pending[call_id] = future
        return future

    async def call(self, call_id: str) -> str:
        """Wait for the client's result of ``call_id`` (cancelled with the run)."""
        future = self.expect(call_id)
        try:
            return await future
        finally:
            self.pending.pop(call_id, None)

    def resolve(self, call_id: str, output: str) -> bool:
        """Hand the client's result to the run waiting for it; ``False`` when no run waits for ``call_id``."""
        future = self.pending.get(call_id)
        if future is None or future.done():
            return False
        future.set_result(output)
        return True

    def prompt_section(self, own: Container[str] = ()) -> str:
        """The tools for the system prompt (called like the agent's own tools); those named like one of ``own`` (the
        agent's tools) are left out, as :meth:`reaches_client` never gives them a call."""
        lines = ["Инструменты клиента (вызываются так же, через Action; результат придёт в Observation):"]
        for tool in self.tools:
            if tool.name in own:
                continue
            lines.append(f"- {tool.name}: {tool.description or 'без описания'}")
            lines.append(f"  Параметры (JSON Schema): {json.dumps(tool.parameters, ensure_ascii=False)}")
        return "\n".join(lines)


def as_llm_tool(spec: dict[str, Any]) -> LLMTool:
    """An OpenAI function declaration (``{"name", "description", "parameters"}``) as an :class:`LLMTool`.

    Raises:
        ValueError: ``parameters`` is not a JSON Schema object (a client's mistake: the surface answers 400).
    """
    parameters = spec.get("parameters") or {"type": "object", "properties": {}}
    if not isinstance(parameters, dict):
        raise ValueError("parameters должен быть объектом JSON Schema")
    return LLMTool(name=str(spec["name"]), description=str(spec.get("description") or ""), parameters=parameters)
