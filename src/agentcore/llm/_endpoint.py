"""A chat-completions endpoint named by the caller, spoken over the caller's own HTTP client.

For code that owns its transport — seed 003's ``agent_process(client=httpx.Client, api_url, api_key, model)``:
nothing here reads settings or the environment, creates a client or keeps a key beyond the call.
``api_url`` selects the wire format:

* ``"offline"`` — the offline provider's handlers answer (no network; the client is not used);
* ``"gigachat:<url>"``, or any URL whose host names GigaChat (``gigachat.devices.sberbank.ru``) — GigaChat's
  native format (:mod:`agentcore.llm.gigachat`); ``api_key`` is an access token;
* ``"openai:<url>"``, or any other ``http(s)`` URL — OpenAI Chat Completions (:mod:`agentcore.llm.openai_compat`).

A URL ending in ``/chat/completions`` is used as given; a base (``.../v1``, ``.../api/v1``) gets it appended.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

from agentcore.llm._http import send_json, send_json_sync
from agentcore.llm.models import LLMRequest, LLMResponse
from agentcore.llm.provider import Capabilities

if TYPE_CHECKING:
    import httpx

Dialect = Literal["openai", "gigachat", "offline"]

OFFLINE_URL = "offline"
_CHAT_PATH = "/chat/completions"
_GIGACHAT_HOST_MARKERS = ("gigachat", "sberbank")
_HEADER_TOKEN = re.compile(r"[\x21-\x7e]+")


@dataclass(frozen=True)
class ChatEndpoint:
    """Where and how to send chat completions: wire ``dialect``, full ``url``, ``api_key`` and default ``model``."""

    dialect: Dialect
    url: str
    model: str
    api_key: str = field(default="", repr=False)

    @classmethod
    def parse(cls, api_url: Any, api_key: Any, model: Any) -> ChatEndpoint:
        """Resolve the caller's ``api_url`` (see the module docstring).

        Raises:
            ValueError: ``api_url`` is not ``"offline"`` nor an ``http(s)`` URL, ``api_key`` is not a string of
                printable ASCII (it becomes a header), or ``model`` is empty for a network endpoint.
        """
        if not isinstance(api_url, str) or not api_url.strip():
            raise ValueError("api_url must be a non-empty string: an http(s) URL or 'offline'")
        if api_key is not None and not isinstance(api_key, str):
            raise ValueError("api_key must be a string")
        url = api_url.strip()
        if url.lower() == OFFLINE_URL:
            return cls("offline", "", str(model or OFFLINE_URL))
        dialect: Dialect | None = None
        prefix, sep, rest = url.partition(":")
        if sep and prefix.lower() in ("gigachat", "openai") and not rest.startswith("//"):
            dialect, url = ("gigachat" if prefix.lower() == "gigachat" else "openai"), rest.strip()
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError("api_url must be an http(s) URL (or 'offline', 'gigachat:<url>', 'openai:<url>')")
        if dialect is None:
            host = parts.hostname or ""
            dialect = "gigachat" if any(m in host for m in _GIGACHAT_HOST_MARKERS) else "openai"
        if not isinstance(model, str) or not model.strip():
            raise ValueError("model must be a non-empty string")
        if api_key and not _HEADER_TOKEN.fullmatch(api_key):  # it goes into the Authorization header
            raise ValueError("api_key must be printable ASCII without spaces or line breaks")
        base = url.rstrip("/")
        full = base if base.endswith(_CHAT_PATH) else base + _CHAT_PATH
        return cls(dialect, full, model.strip(), api_key or "")

    @property
    def capabilities(self) -> Capabilities:
        """What the dialect supports natively (structured output picks its mode from these)."""
        if self.dialect == "gigachat":
            from agentcore.llm.gigachat import GigaChatProvider

            return GigaChatProvider.capabilities
        if self.dialect == "offline":
            from agentcore.llm.offline import OfflineProvider

            return OfflineProvider.capabilities
        from agentcore.llm.openai_compat import OpenAICompatProvider

        return OpenAICompatProvider.capabilities

    def body(self, request: LLMRequest) -> dict[str, Any]:
        """The JSON body of ``POST {url}`` for ``request`` in this endpoint's wire format."""
        model = request.model or self.model
        if self.dialect == "gigachat":
            from agentcore.llm.gigachat import request_to_gigachat

            return request_to_gigachat(request, model)
        from agentcore.llm.openai_compat import request_to_openai

        return request_to_openai(request, model)

    def parse_response(self, body: dict[str, Any]) -> LLMResponse:
        """The :class:`LLMResponse` of a chat completion in this endpoint's wire format."""
        if self.dialect == "gigachat":
            from agentcore.llm.gigachat import response_from_gigachat

            return response_from_gigachat(body)
        from agentcore.llm.openai_compat import response_from_openai

        return response_from_openai(body)

    def _headers(self) -> dict[str, str]:
        headers = {"Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        return headers

    def complete_sync(self, client: httpx.Client, request: LLMRequest) -> LLMResponse:
        """One chat completion over the caller's blocking client.

        Raises:
            LLMError subclasses (transport, HTTP status, malformed response); NoOfflineHandlerError offline.
        """
        if self.dialect == "offline":
            from agentcore.llm.offline import OfflineProvider

            return OfflineProvider().complete_sync(request)
        body = send_json_sync(
            client, "POST", self.url, json_body=self.body(request), headers=self._headers(), timeout=request.timeout
        )
        return self.parse_response(body)

    async def complete(self, client: httpx.AsyncClient, request: LLMRequest) -> LLMResponse:
        """:meth:`complete_sync` over the caller's async client."""
        if self.dialect == "offline":
            from agentcore.llm.offline import OfflineProvider

            return await OfflineProvider().complete(request)
        body = await send_json(
            client, "POST", self.url, json_body=self.body(request), headers=self._headers(), timeout=request.timeout
        )
        return self.parse_response(body)
