"""Seed 003: the Scrum team assistant.

Two layers in one app:

* the LLM contract — :mod:`~agentcore.apps.scrum.agent_core` (``agent_process``, ``agent_process_async``) and
  :mod:`~agentcore.apps.scrum.blockers` (``process_blockers``, pure);
* the reference backend above it — :mod:`agentcore.apps.scrum.backend` (flows of seed sections 4, 5.4 and
  DAILY → BLOCKERS, metrics, storage on SQLite or PostgreSQL, notifier, HTTP routes).

Imports are lazy: ``from agentcore.apps.scrum import agent_process`` loads only the contract layer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agentcore.apps.scrum.agent_core import AgentOutputError, agent_process, agent_process_async
    from agentcore.apps.scrum.blockers import process_blockers

__all__ = ["AgentOutputError", "agent_process", "agent_process_async", "process_blockers"]


def __getattr__(name: str) -> Any:
    if name == "process_blockers":
        from agentcore.apps.scrum.blockers import process_blockers

        return process_blockers
    if name in ("agent_process", "agent_process_async", "AgentOutputError"):
        from agentcore.apps.scrum import agent_core

        return getattr(agent_core, name)
    raise AttributeError(name)
