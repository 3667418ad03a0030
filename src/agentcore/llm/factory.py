"""The one place that builds model clients, from the ``llm`` settings section
(:class:`~agentcore.settings.llm.LLMSettings`: ``AGENTCORE_PROVIDER`` and its endpoints); every app and the seed
functions go through it, passing ``settings.llm``:

* :func:`create_provider` — the configured provider (offline, GigaChat, OpenAI-compatible); the section's secrets
  are registered with the redactor first;
* :func:`create_gateway` — a gateway over it with the section's timeout, limits, retries, deadline and the shared
  circuit breaker (``redis_url``: the rate limit shared through Redis, ``settings.core.redis_url``);
* :func:`shared_provider` — one provider per section object and event loop (seed 000's ``post_*`` functions);
* :func:`chat_connection` — the transport arguments of a caller that sends requests over its own blocking client
  (seed 003's ``agent_process``: the Scrum backend), credentials obtained through :func:`create_provider`'s provider.

Without a section each reads the process settings (:func:`agentcore.config.get_settings`: the environment and
``.env``), as a PydanticAI provider reads its own environment.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import TYPE_CHECKING

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
    "process_llm",
    "reset_shared_providers",
    "shared_provider",
]


def _process_settings() -> tuple[LLMSettings, str | None, str]:
    """The process settings' ``llm`` section, Redis URL and key prefix (the environment and ``.env``, read once)."""
    from agentcore.config import get_settings

    settings = get_settings()
    return settings.llm, settings.core.redis_url, settings.core.redis_prefix


def process_llm() -> LLMSettings:
    """The process settings' ``llm`` section: what every function here uses when given none."""
    return _process_settings()[0]


def create_provider(llm: LLMSettings | None = None) -> LLMProvider:
    """The provider named by ``llm.provider`` (``AGENTCORE_PROVIDER``; ``offline`` by default).

    Raises:
        LLMConfigError: the provider lacks its credentials or the name is unknown.
    """
    llm = llm or process_llm()
    # Whatever talks to a provider masks its secrets in every log line, trace and error text, logging set up or not.
    from agentcore.util.redact import register_secrets

    register_secrets(llm.secret_values())
    if llm.provider == "offline":
        from agentcore.llm.offline import OfflineProvider

        return OfflineProvider()
    if llm.provider == "gigachat":
        from agentcore.llm.gigachat import GigaChatProvider

        return GigaChatProvider(llm)
    if llm.provider == "openai":
        from agentcore.llm.openai_compat import OpenAICompatProvider

        return OpenAICompatProvider(llm)
    raise LLMConfigError(f"неизвестный провайдер {llm.provider!r} (допустимы offline, gigachat, openai)")


def create_gateway(
    llm: LLMSettings | None = None,
    *,
    provider: LLMProvider | None = None,
    simple: bool = False,
    redis_url: str | None = None,
    redis_prefix: str = "agentcore:",
) -> SimpleLLMGateway:
    """A gateway over the configured (or given) provider, with the section's timeout, limits and retries; every
    gateway of the process for the same provider endpoint shares one circuit breaker
    (:func:`~agentcore.llm._breaker.shared_breaker`).

    Args:
        llm: the ``llm`` section (``settings.llm``); None: the process settings' (and their Redis URL).
        provider: the provider to wrap (default: :func:`create_provider`).
        simple: a :class:`SimpleLLMGateway` (timeout and structured output only).
        redis_url: with ``llm.rate_limit_rps``, the rate limit is shared through this Redis by every worker
            (``settings.core.redis_url``).
        redis_prefix: the deployment's Redis key prefix (``settings.core.redis_prefix``).
    """
    if llm is None:
        llm, process_redis, redis_prefix = _process_settings()
        redis_url = redis_url or process_redis
    provider = provider or create_provider(llm)
    if simple:
        return SimpleLLMGateway(
            provider,
            timeout=llm.timeout,
            structured_mode=llm.structured_output_mode,
            structured_retries=llm.structured_output_retries,
        )
    limiter = None
    if redis_url and llm.rate_limit_rps:
        from agentcore.llm._ratelimit import RedisRateLimiter

        limiter = RedisRateLimiter(redis_url, llm.rate_limit_rps, key=f"{redis_prefix}ratelimit:llm:{provider.name}")
    from agentcore.llm._breaker import CircuitBreaker, shared_breaker

    if provider.name == "offline":
        # Nothing is ever down offline: no breaker (and purgatory, with the redis client it imports, never loads).
        breaker = CircuitBreaker(provider.display_name, threshold=0)
    else:
        breaker = shared_breaker(provider.display_name, threshold=llm.breaker_threshold, reset_after=llm.breaker_reset)
    return LLMGateway(
        provider,
        rate_limiter=limiter,
        timeout=llm.timeout,
        rate_limit_rps=llm.rate_limit_rps,
        max_concurrency=llm.max_concurrency,
        max_retries=llm.max_retries,
        embedding_batch_size=llm.embedding_batch_size,
        structured_mode=llm.structured_output_mode,
        structured_retries=llm.structured_output_retries,
        deadline=llm.deadline,
        breaker=breaker,
    )


# event loop -> [(llm section, provider)]: one provider per section object and loop, so the token cache and
# connections are reused and a connection pool never crosses loops (the sync faces run on their own loop).
# The section object itself is kept and compared by identity: ids of dead objects get reused.
_shared: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, list[tuple[LLMSettings, LLMProvider]]] = (
    weakref.WeakKeyDictionary()
)


def shared_provider(llm: LLMSettings | None = None) -> LLMProvider:
    """The provider of the ``llm`` section shared on the running event loop (built by :func:`create_provider` on
    first use; closed with the sync faces' loop, or by :func:`aclose_shared_providers`).

    Raises:
        LLMConfigError: see :func:`create_provider`; RuntimeError: no event loop is running.
    """
    llm = llm or process_llm()
    entries = _shared.setdefault(asyncio.get_running_loop(), [])
    for known, provider in entries:
        if known is llm:
            return provider
    from agentcore.llm.sync import close_at_shutdown, in_portal

    provider = create_provider(llm)
    entries.append((llm, provider))
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


def chat_connection(llm: LLMSettings | None = None) -> ChatConnection:
    """The configured provider as transport arguments for a caller's own blocking client (no network until the
    first call):

    * ``offline`` → ``api_url="offline"``;
    * ``openai`` → ``openai:<OPENAI_API_BASE>``, ``OPENAI_API_KEY``, ``OPENAI_MODEL`` (without it, the first chat
      model the server lists, asked on first use);
    * ``gigachat`` → ``gigachat:<GIGACHAT_BASE_URL>`` and an access token: ``GIGACHAT_ACCESS_TOKEN`` as given, or one
      obtained with ``GIGACHAT_CREDENTIALS`` (cached, refreshed before expiry, renewed on 401 by the caller).

    The ``httpx.Client`` has the section's timeout (``AGENTCORE_LLM_TIMEOUT``) and, for GigaChat, its TLS settings;
    without ``llm`` the process settings' section is used.

    Raises:
        LLMConfigError: the provider lacks its credentials or the name is unknown.
    """
    import httpx

    from agentcore.llm._connection import ChatConnection

    llm = llm or process_llm()
    provider = create_provider(llm)
    if llm.provider == "gigachat":
        from agentcore.llm.gigachat import GigaChatProvider, tls_verify

        assert isinstance(provider, GigaChatProvider)
        client = httpx.Client(timeout=llm.timeout, verify=tls_verify(llm))
        url = f"gigachat:{llm.gigachat_base_url.rstrip('/')}"
        return ChatConnection(client, url, llm.chat_model, provider.display_name, gigachat=provider)
    client = httpx.Client(timeout=llm.timeout)
    if llm.provider == "openai":
        from agentcore.llm.openai_compat import OpenAICompatProvider

        assert isinstance(provider, OpenAICompatProvider)
        key = llm.openai_api_key.get_secret_value().strip() if llm.openai_api_key else ""
        model = llm.openai_model or ""
        url = f"openai:{llm.openai_api_base.rstrip('/')}"
        return ChatConnection(
            client, url, model, provider.display_name, api_key=key, openai=provider if not model else None
        )
    from agentcore.llm.offline import OFFLINE_BANNER

    return ChatConnection(client, "offline", "offline", OFFLINE_BANNER)
