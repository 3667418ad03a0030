"""Dependency injection (seed 002: ``get_agent_service()`` in ``core.deps``): one ``AgentService`` per settings."""

from __future__ import annotations

import threading

from agentcore.apps.research.service import AgentService
from agentcore.config import Settings, get_settings

__all__ = ["get_agent_service", "reset_agent_services"]

_services: dict[int, tuple[Settings, AgentService]] = {}
_lock = threading.Lock()


def get_agent_service(settings: Settings | None = None) -> AgentService:
    """The shared :class:`AgentService` for ``settings`` (the global settings by default), created on first use.

    It uses the same LLM gateway kind and retrieval engine as the rest of the process; the collection can be
    switched without a restart (per request, or by switching the engine's active collection).
    """
    settings = settings or get_settings()
    with _lock:
        entry = _services.get(id(settings))
        if entry is None or entry[0] is not settings:
            entry = (settings, AgentService(settings))
            _services[id(settings)] = entry
        return entry[1]


def reset_agent_services() -> list[AgentService]:
    """Forget the shared services (tests, reconfiguration) and return them so the caller can close them."""
    with _lock:
        services = [service for _, service in _services.values()]
        _services.clear()
    return services
