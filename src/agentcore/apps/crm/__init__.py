"""Seed 004: the Bitrix24 CRM orchestrator (THOUGHT / ACTION / ASSISTANT, safety modes, bound confirmations,
batch, event subscriptions, per-user JSONL logs, degradation mode) and a local fake Bitrix24 portal.

The package imports nothing on its own (``agentcore --help`` imports its ``cli.py``); the names below load on first
use, and :mod:`~agentcore.apps.crm.model_client` registers the offline planner of the ``crm.plan`` step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentcore.lazy import lazy_exports

if TYPE_CHECKING:
    from agentcore.apps.crm.errors import InputError, ModelClientError
    from agentcore.apps.crm.interaction_log import InteractionLogger
    from agentcore.apps.crm.main_entrypoint import build_orchestrator
    from agentcore.apps.crm.model_client import FakeModelClient, ModelClient
    from agentcore.apps.crm.models import AgentState, TurnResult
    from agentcore.apps.crm.orchestrator import Orchestrator

_EXPORTS = {
    "AgentState": "agentcore.apps.crm.models",
    "FakeModelClient": "agentcore.apps.crm.model_client",
    "InputError": "agentcore.apps.crm.errors",
    "InteractionLogger": "agentcore.apps.crm.interaction_log",
    "ModelClient": "agentcore.apps.crm.model_client",
    "ModelClientError": "agentcore.apps.crm.errors",
    "Orchestrator": "agentcore.apps.crm.orchestrator",
    "TurnResult": "agentcore.apps.crm.models",
    "build_orchestrator": "agentcore.apps.crm.main_entrypoint",
}
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
__getattr__ = lazy_exports(__name__, _EXPORTS)
