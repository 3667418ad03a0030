"""The LLM connection the backend owns (seed 2: «Backend создаёт httpx.Client(...), передаёт api_url, api_key,
model, управляет таймаутами»).

:meth:`LLMConnection.from_settings` turns the configured provider into what ``agent_process`` takes:

* ``offline`` → ``api_url="offline"`` (no network);
* ``openai`` → ``OPENAI_API_BASE``, ``OPENAI_API_KEY`` and ``OPENAI_MODEL`` (without it, the first chat model the
  server lists, asked once on first use);
* ``gigachat`` → ``GIGACHAT_BASE_URL`` and an access token: ``GIGACHAT_ACCESS_TOKEN`` as given, or one obtained
  with ``GIGACHAT_CREDENTIALS`` by the core's OAuth client (cached, refreshed before expiry, and once more when the
  API answers 401).

The ``httpx.Client`` has the configured timeout (``AGENTCORE_LLM_TIMEOUT``) and, for GigaChat, its TLS settings.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import httpx

from agentcore.llm.errors import LLMAuthError

if TYPE_CHECKING:
    from agentcore.config import Settings
    from agentcore.llm.gigachat import GigaChatProvider
    from agentcore.llm.openai_compat import OpenAICompatProvider


@dataclass
class LLMConnection:
    """``agent_process``'s transport arguments, owned by the backend.

    Attributes:
        client: the HTTP client every model request goes through.
        api_url: ``"offline"``, an OpenAI-compatible base URL or ``"gigachat:<base URL>"``.
        model: the model name.
        display: how the provider is shown to users (never holds a secret).
    """

    client: httpx.Client
    api_url: str
    model: str
    display: str
    _api_key: str = field(default="", repr=False)
    _gigachat: GigaChatProvider | None = field(default=None, repr=False)
    _openai: OpenAICompatProvider | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _used_providers: bool = field(default=False, repr=False)

    @classmethod
    def from_settings(cls, settings: Settings) -> LLMConnection:
        """The connection for the configured provider (no network until the first call)."""
        if settings.provider == "gigachat":
            from agentcore.llm.gigachat import GigaChatProvider, tls_verify

            provider = GigaChatProvider(settings)  # raises LLMConfigError without credentials or a token
            client = httpx.Client(timeout=settings.llm_timeout, verify=tls_verify(settings))
            url = settings.gigachat_base_url.rstrip("/")
            return cls(client, f"gigachat:{url}", settings.chat_model, provider.display_name, _gigachat=provider)
        client = httpx.Client(timeout=settings.llm_timeout)
        if settings.provider == "openai":
            from agentcore.llm.openai_compat import OpenAICompatProvider

            key = settings.openai_api_key.get_secret_value().strip() if settings.openai_api_key else ""
            provider_openai = OpenAICompatProvider(settings)
            model = settings.openai_model or ""
            return cls(
                client,
                f"openai:{settings.openai_api_base.rstrip('/')}",
                model,
                provider_openai.display_name,
                _api_key=key,
                _openai=provider_openai if not model else None,
            )
        from agentcore.llm.offline import OFFLINE_BANNER

        return cls(client, "offline", "offline", OFFLINE_BANNER)

    def _resolve(self) -> None:
        """Obtain what the first call needs: a GigaChat token, the OpenAI-compatible server's model."""
        from agentcore.llm.sync import run_sync

        with self._lock:
            if self._gigachat is not None and not self._api_key:
                self._used_providers = True
                self._api_key = run_sync(self._gigachat.access_token)
            if self._openai is not None and not self.model:
                self._used_providers = True
                self.model = run_sync(self._openai.resolve_chat_model)

    def arguments(self) -> dict[str, Any]:
        """The transport keyword arguments of ``agent_process``."""
        self._resolve()
        return {"client": self.client, "api_url": self.api_url, "api_key": self._api_key, "model": self.model}

    def call(self, mode: str, payload: dict[str, Any], backend_context: dict[str, Any]) -> dict[str, Any]:
        """``agent_process`` with this connection; a GigaChat token the API refuses (401) is renewed once.

        Raises:
            whatever ``agent_process`` raises.
        """
        from agentcore.apps.scrum.agent_core import agent_process

        try:
            return agent_process(mode=mode, payload=payload, backend_context=backend_context, **self.arguments())
        except LLMAuthError as exc:
            if self._gigachat is None or exc.status_code != 401:
                raise
        from agentcore.llm.sync import run_sync

        async def refresh() -> str:
            assert self._gigachat is not None
            return await self._gigachat.access_token(refresh=True)

        with self._lock:
            self._api_key = run_sync(refresh)
        return agent_process(mode=mode, payload=payload, backend_context=backend_context, **self.arguments())

    def close(self) -> None:
        """Close the HTTP client and the core providers' clients."""
        self.client.close()
        providers = [p for p in (self._gigachat, self._openai) if p is not None]
        if providers and self._used_providers:
            from agentcore.llm.sync import run_sync

            for provider in providers:
                run_sync(provider.aclose)
