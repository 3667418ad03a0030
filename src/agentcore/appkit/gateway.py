"""The LLM gateway an app builds from its settings: one function, so every app wires the same parts of the root
settings into :func:`~agentcore.llm.factory.create_gateway` (the library itself takes only the ``llm`` section)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentcore.config import Settings
    from agentcore.llm.gateway import SimpleLLMGateway

__all__ = ["gateway_for"]


def gateway_for(settings: Settings) -> SimpleLLMGateway:
    """A gateway over ``settings.llm`` whose rate limit is shared through ``settings.core.redis_url`` under the
    deployment's key prefix ``settings.core.redis_prefix``.

    Raises:
        LLMConfigError: the provider lacks its credentials or its name is unknown.
    """
    from agentcore.llm.factory import create_gateway

    return create_gateway(settings.llm, redis_url=settings.core.redis_url, redis_prefix=settings.core.redis_prefix)
