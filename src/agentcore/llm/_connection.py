"""A chat endpoint's transport arguments for code that owns the call (seed 003's ``agent_process(client=httpx.Client,
api_url, api_key, model)``): built from the settings by :func:`agentcore.llm.factory.chat_connection`.

Credentials that need the network are obtained on first use, through the provider the factory built: a GigaChat
access token (OAuth with ``GIGACHAT_CREDENTIALS``, cached, renewed by :meth:`ChatConnection.renew_token` when the API
refuses it), an OpenAI-compatible server's chat model (the first the server lists, when ``OPENAI_MODEL`` is unset).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import httpx

    from agentcore.llm.gigachat import GigaChatProvider
    from agentcore.llm.openai_compat import OpenAICompatProvider

__all__ = ["ChatConnection"]


@dataclass
class ChatConnection:
    """Where a caller's own client sends chat completions (see :class:`agentcore.llm._endpoint.ChatEndpoint`).

    Attributes:
        client: the blocking HTTP client every request goes through (the settings' timeout and TLS).
        api_url: ``"offline"``, ``"openai:<base URL>"`` or ``"gigachat:<base URL>"``.
        model: the model name (empty until first use when the OpenAI-compatible server picks it).
        display: how the provider is shown to users (never holds a secret).
        api_key: the key or access token (empty until first use when GigaChat's OAuth gives it).
        gigachat: the provider that obtains and renews GigaChat tokens (None: the key is fixed).
        openai: the provider that asks the server for its chat model (None: the model is known).
    """

    client: httpx.Client
    api_url: str
    model: str
    display: str
    api_key: str = field(default="", repr=False)
    gigachat: GigaChatProvider | None = field(default=None, repr=False)
    openai: OpenAICompatProvider | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _used_providers: bool = field(default=False, repr=False)

    def _resolve(self) -> None:
        """Obtain what the first call needs: a GigaChat token, the OpenAI-compatible server's model."""
        from agentcore.llm.sync import run_sync

        with self._lock:
            if self.gigachat is not None and not self.api_key:
                self._used_providers = True
                self.api_key = run_sync(self.gigachat.access_token)
            if self.openai is not None and not self.model:
                self._used_providers = True
                self.model = run_sync(self.openai.resolve_chat_model)

    def arguments(self) -> dict[str, Any]:
        """``client``, ``api_url``, ``api_key`` and ``model``: the transport keyword arguments of seed 003's
        ``agent_process`` (credentials obtained first when they need the network).

        Raises:
            LLMError: the token or the model list could not be obtained.
        """
        self._resolve()
        return {"client": self.client, "api_url": self.api_url, "api_key": self.api_key, "model": self.model}

    def renew_token(self) -> bool:
        """Replace a GigaChat access token the API refused (401) with a fresh one; False for a connection that has
        no token to renew (OpenAI-compatible, offline, a fixed key given by the caller).

        Raises:
            LLMAuthError: the credentials were refused, or a fixed ``GIGACHAT_ACCESS_TOKEN`` was refused and there are
                no credentials to get another; LLMError: the OAuth server failed.
        """
        gigachat = self.gigachat
        if gigachat is None:
            return False
        from agentcore.llm.sync import run_sync

        async def refresh() -> str:
            return await gigachat.access_token(refresh=True)

        with self._lock:
            self.api_key = run_sync(refresh)
        return True

    def close(self) -> None:
        """Close the HTTP client and, when they were used, the providers' own clients."""
        self.client.close()
        providers = [p for p in (self.gigachat, self.openai) if p is not None]
        if providers and self._used_providers:
            from agentcore.llm.sync import run_sync

            for provider in providers:
                run_sync(provider.aclose)
