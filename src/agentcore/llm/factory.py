"""Build the configured provider and gateway from :class:`~agentcore.config.Settings`."""

from __future__ import annotations

from agentcore.config import Settings, get_settings
from agentcore.llm.errors import LLMConfigError
from agentcore.llm.gateway import LLMGateway, SimpleLLMGateway
from agentcore.llm.provider import LLMProvider


def create_provider(settings: Settings | None = None) -> LLMProvider:
    """The provider named by ``AGENTCORE_PROVIDER`` (``offline`` by default).

    Raises:
        LLMConfigError: the provider lacks its credentials or the name is unknown.
    """
    settings = settings or get_settings()
    # Whatever talks to a provider masks its secrets in every log line, trace and error text, logging set up or not.
    from agentcore.util.redact import register_settings_secrets

    register_settings_secrets(settings)
    if settings.provider == "offline":
        from agentcore.llm.offline import OfflineProvider

        return OfflineProvider()
    if settings.provider == "gigachat":
        from agentcore.llm.gigachat import GigaChatProvider

        return GigaChatProvider(settings)
    if settings.provider == "openai":
        from agentcore.llm.openai_compat import OpenAICompatProvider

        return OpenAICompatProvider(settings)
    raise LLMConfigError(f"unknown provider {settings.provider!r}")


def create_gateway(
    settings: Settings | None = None, *, provider: LLMProvider | None = None, simple: bool = False
) -> SimpleLLMGateway:
    """A gateway over the configured (or given) provider, with the settings' timeout, limits and retries; every
    gateway of the process for the same provider endpoint shares one circuit breaker
    (:func:`~agentcore.llm.breaker.shared_breaker`)."""
    settings = settings or get_settings()
    provider = provider or create_provider(settings)
    if simple:
        return SimpleLLMGateway(
            provider,
            timeout=settings.llm_timeout,
            structured_mode=settings.structured_output_mode,
            structured_retries=settings.structured_output_retries,
        )
    limiter = None
    if settings.redis_url and settings.llm_rate_limit_rps:
        from agentcore.llm.ratelimit import RedisRateLimiter

        limiter = RedisRateLimiter(
            settings.redis_url, settings.llm_rate_limit_rps, key=f"agentcore:ratelimit:llm:{provider.name}"
        )
    from agentcore.llm.breaker import CircuitBreaker, shared_breaker

    if provider.name == "offline":
        # Nothing is ever down offline: no breaker (and purgatory, with the redis client it imports, never loads).
        breaker = CircuitBreaker(provider.display_name, threshold=0)
    else:
        breaker = shared_breaker(
            provider.display_name, threshold=settings.llm_breaker_threshold, reset_after=settings.llm_breaker_reset
        )
    return LLMGateway(
        provider,
        rate_limiter=limiter,
        timeout=settings.llm_timeout,
        rate_limit_rps=settings.llm_rate_limit_rps,
        max_concurrency=settings.llm_max_concurrency,
        max_retries=settings.llm_max_retries,
        embedding_batch_size=settings.embedding_batch_size,
        structured_mode=settings.structured_output_mode,
        structured_retries=settings.structured_output_retries,
        deadline=settings.llm_deadline,
        breaker=breaker,
    )
