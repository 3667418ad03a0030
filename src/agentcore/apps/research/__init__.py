"""The research agent (seed 002): ``AgentService`` — ReAct with deterministic coverage check, refinement, verify,
streamed step events, and the ``QAService`` fallback.

The package imports nothing on its own; the names load on first use, and :mod:`~agentcore.apps.research.service`
registers the offline policy of its step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentcore.lazy import lazy_exports

if TYPE_CHECKING:
    from agentcore.apps.research.deps import get_agent_service
    from agentcore.apps.research.models import AgentRequest, AgentState
    from agentcore.apps.research.qa import QAService
    from agentcore.apps.research.service import AgentRequestError, AgentService

_EXPORTS = {
    "AgentRequest": "agentcore.apps.research.models",
    "AgentRequestError": "agentcore.apps.research.service",
    "AgentService": "agentcore.apps.research.service",
    "AgentState": "agentcore.apps.research.models",
    "QAService": "agentcore.apps.research.qa",
    "get_agent_service": "agentcore.apps.research.deps",
}
__all__ = [
    "AgentRequest",
    "AgentRequestError",
    "AgentService",
    "AgentState",
    "QAService",
    "get_agent_service",
]
__getattr__ = lazy_exports(__name__, _EXPORTS)
