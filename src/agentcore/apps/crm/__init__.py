"""Seed 004: the Bitrix24 CRM orchestrator (THOUGHT / ACTION / ASSISTANT, safety modes, bound confirmations,
batch, event subscriptions, per-user JSONL logs, degradation mode) and a local fake Bitrix24 portal.

Importing the package registers the offline planner of the ``crm.plan`` step.
"""

from agentcore.apps.crm import offline as _offline  # noqa: F401 - registers the offline planner
from agentcore.apps.crm.errors import InputError, ModelClientError
from agentcore.apps.crm.interaction_log import InteractionLogger
from agentcore.apps.crm.main_entrypoint import build_orchestrator
from agentcore.apps.crm.model_client import FakeModelClient, ModelClient
from agentcore.apps.crm.models import AgentState, TurnResult
from agentcore.apps.crm.orchestrator import Orchestrator

__all__ = [
    "AgentState",
    "FakeModelClient",
    "InputError",
    "InteractionLogger",
    "ModelClient",
    "ModelClientError",
    "Orchestrator",
    "TurnResult",
    "build_orchestrator",
]
