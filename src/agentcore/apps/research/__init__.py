"""The research agent (seed 002): ``AgentService`` — ReAct with deterministic coverage check, refinement, verify,
streamed step events, and the ``QAService`` fallback.  Importing it registers its offline policy."""

from agentcore.apps.research import offline as _offline  # noqa: F401 - registers the offline handler
from agentcore.apps.research.deps import get_agent_service
from agentcore.apps.research.models import AgentRequest, AgentState
from agentcore.apps.research.qa import QAService
from agentcore.apps.research.service import AgentRequestError, AgentService

__all__ = ["AgentRequest", "AgentRequestError", "AgentService", "AgentState", "QAService", "get_agent_service"]
