"""The one place that builds model clients from :class:`~agentcore.config.Settings` (``AGENTCORE_PROVIDER`` and
its section); every app and the seed functions go through it:

* :func:`create_provider` — the configured provider (offline, GigaChat, OpenAI-compatible); the settings' secrets
  are registered with the redactor first;
* :func:`create_gateway` — a gateway over it with the settings' timeout, limits, retries, deadline and the shared
  circuit breaker;
* :func:`shared_provider` — one provider per settings object and event loop (seed 000's ``post_*`` functions);
* :func:`chat_connection` — the transport arguments of a caller that sends requests over its own blocking client
  (seed 003's ``agent_process``: the Scrum backend), credentials obtained through :func:`create_provider`'s provider.

Without ``settings`` each reads the process settings (:func:`agentcore.config.get_settings`: the environment and
``.env``).
"""

from __future__ import annotations

import asyncio
import weakref
from typing import TYPE_CHECKING

from agentcore.config import Settings, get_settings
from agentcore.llm.errors import LLMConfigError
from agentcore.llm.gateway import LLMGateway, SimpleLLMGateway
from agentcore.llm.provider import LLMProvider
from agentcore.settings.llm import LLMSettings

if TYPE_CHECKING:
    from agentcore.llm._connection import ChatConnection

__all__ = [
    "aclose_shared_providers",
    "chat_connection",
    "create_gateway",
    "create_provider",
    "reset_shared_providers",
    "shared_provider",
]


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

        return GigaChatProvider(LLMSettings.of(settings))
    if settings.provider == "openai":
        from agentcore.llm.openai_compat import OpenAICompatProvider

        return OpenAICompatProvider(LLMSettings.of(settings))
    raise LLMConfigError(f"unknown provider {settings.provider!r}")


def create_gateway(
    settings: Settings | None = None, *, provider: LLMProvider | None = None, simple: bool = False
) -> SimpleLLMGateway:
    """A gateway over the configured (or given) provider, with the settings' timeout, limits and retries; every
    gateway of the process for the same provider endpoint shares one circuit breaker
    (:func:`~agentcore.llm._breaker.shared_breaker`)."""
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
        from agentcore.llm._ratelimit import RedisRateLimiter

        limiter = RedisRateLimiter(
            settings.redis_url, settings.llm_rate_limit_rps, key=f"agentcore:ratelimit:llm:{provider.name}"
        )
    from agentcore.llm._breaker import CircuitBreaker, shared_breaker

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


# event loop -> [(settings, provider)]: one provider per settings object and loop, so the token cache and
# connections are reused and a connection pool never crosses loops (the sync faces run on their own loop).
# The settings object itself is kept and compared by identity: ids of dead objects get reused.
_shared: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, list[tuple[Settings, LLMProvider]]] = (
    weakref.WeakKeyDictionary()
)


def shared_provider(settings: Settings | None = None) -> LLMProvider:
    """The provider of ``settings`` shared on the running event loop (built by :func:`create_provider` on first use;
    closed with the sync faces' loop, or by :func:`aclose_shared_providers`).

    Raises:
        LLMConfigError: see :func:`create_provider`; RuntimeError: no event loop is running.
    """
    settings = settings or get_settings()
    entries = _shared.setdefault(asyncio.get_running_loop(), [])
    for known, provider in entries:
        if known is settings:
            return provider
    from agentcore.llm.sync import close_at_shutdown, in_portal

    provider = create_provider(settings)
    entries.append((settings, provider))
    if in_portal():
        close_at_shutdown(provider.aclose)
    return provider


async def aclose_shared_providers() -> None:
    """Close the providers :func:`shared_provider` built on the running loop (call before the loop ends)."""
    for _, provider in _shared.pop(asyncio.get_running_loop(), []):
        await provider.aclose()


def reset_shared_providers() -> None:
    """Forget the shared providers of every loop (tests that change settings call this)."""
    _shared.clear()


def chat_connection(settings: Settings | None = None) -> ChatConnection:
    """The configured provider as transport arguments for a caller's own blocking client (no network until the
    first call):

    * ``offline`` → ``api_url="offline"``;
    * ``openai`` → ``openai:<OPENAI_API_BASE>``, ``OPENAI_API_KEY``, ``OPENAI_MODEL`` (without it, the first chat
      model the server lists, asked on first use);
    * ``gigachat`` → ``gigachat:<GIGACHAT_BASE_URL>`` and an access token: ``GIGACHAT_ACCESS_TOKEN`` as given, or one
      obtained with ``GIGACHAT_CREDENTIALS`` (cached, refreshed before expiry, renewed on 401 by the caller).

    The ``httpx.Client`` has the settings' timeout (``AGENTCORE_LLM_TIMEOUT``) and, for GigaChat, its TLS settings.

    Raises:
        LLMConfigError: the provider lacks its credentials or the name is unknown.
    """
    import httpx

    from agentcore.llm._connection import ChatConnection

    settings = settings or get_settings()
    provider = create_provider(settings)
    if settings.provider == "gigachat":
        from agentcore.llm.gigachat import GigaChatProvider, tls_verify

        assert isinstance(provider, GigaChatProvider)
        client = httpx.Client(timeout=settings.llm_timeout, verify=tls_verify(LLMSettings.of(settings)))
        url = f"gigachat:{settings.gigachat_base_url.rstrip('/')}"
        return ChatConnection(client, url, settings.chat_model, provider.display_name, gigachat=provider)
    client = httpx.Client(timeout=settings.llm_timeout)
    if settings.provider == "openai":
        from agentcore.llm.openai_compat import OpenAICompatProvider

        assert isinstance(provider, OpenAICompatProvider)
        key = settings.openai_api_key.get_secret_value().strip() if settings.openai_api_key else ""
        model = settings.openai_model or ""
        url = f"openai:{settings.openai_api_base.rstrip('/')}"
        return ChatConnection(
            client, url, model, provider.display_name, api_key=key, openai=provider if not model else None
        )
    from agentcore.llm.offline import OFFLINE_BANNER

    return ChatConnection(client, "offline", "offline", OFFLINE_BANNER)
