"""GigaChat (Sber) native provider: OAuth token management and the v1 REST contract.

Wire differences from OpenAI that this module absorbs (see ``docs/apis.md``):
``functions``/``function_call`` instead of ``tools``; ``function_call.arguments`` arrives as an OBJECT; a tool
result goes back as a ``role: "function"`` message whose content is a JSON object in a string; only one
function call per assistant message; only one ``system`` message, first.
"""

from __future__ import annotations

import asyncio
import json
import ssl
import time
import uuid
from typing import Any

import httpx

from agentcore.llm._http import make_async_client, send_json
from agentcore.llm._wire import add_sampling, arguments_text, first_choice, usage_of
from agentcore.llm.errors import LLMAuthError, LLMConfigError, LLMResponseError
from agentcore.llm.models import EmbeddingResponse, LLMMessage, LLMRequest, LLMResponse, LLMToolCall
from agentcore.llm.openai_compat import embeddings_from_body
from agentcore.llm.provider import Capabilities, LLMProvider
from agentcore.settings.llm import LLMSettings

# Refresh the token this long before it expires (the official SDK uses the same 60 s buffer).
_TOKEN_EXPIRY_BUFFER_MS = 60_000


def _function_content(content: str | None) -> str:
    """GigaChat wants a function result as a JSON object serialised to a string."""
    text = content or ""
    try:
        if isinstance(json.loads(text), dict):
            return text
    except ValueError:
        pass
    return json.dumps({"result": text}, ensure_ascii=False)


def messages_to_gigachat(messages: list[LLMMessage]) -> list[dict[str, Any]]:
    """Convert neutral messages to GigaChat's: system merged first, tool results as ``function`` messages.

    An assistant message with several tool calls becomes several (call, result) pairs, because GigaChat accepts
    one function call per assistant message.
    """
    system = "\n\n".join(m.content or "" for m in messages if m.role == "system" and m.content)
    out: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    results: dict[str, LLMMessage] = {m.tool_call_id: m for m in messages if m.role == "tool" and m.tool_call_id}
    consumed: set[str] = set()
    for message in messages:
        if message.role == "system":
            continue
        if message.role == "assistant" and message.tool_calls:
            for index, call in enumerate(message.tool_calls):
                try:
                    arguments: Any = json.loads(call.arguments or "{}")
                except ValueError:
                    arguments = {"raw_input": call.arguments}
                out.append(
                    {
                        "role": "assistant",
                        "content": (message.content or "") if index == 0 else "",
                        "function_call": {"name": call.name, "arguments": arguments},
                    }
                )
                result = results.get(call.id)
                if result is not None:
                    out.append({"role": "function", "name": call.name, "content": _function_content(result.content)})
                    consumed.add(call.id)
            continue
        if message.role == "tool":
            if message.tool_call_id in consumed:
                continue
            out.append(
                {
                    "role": "function",
                    "name": message.name or "tool",
                    "content": _function_content(message.content),
                }
            )
            continue
        out.append({"role": message.role, "content": message.content or ""})
    return out


def request_to_gigachat(request: LLMRequest, model: str) -> dict[str, Any]:
    """The JSON body of GigaChat ``POST /chat/completions`` for ``request``."""
    payload: dict[str, Any] = {"model": model, "messages": messages_to_gigachat(request.messages)}
    if request.tools:
        payload["functions"] = [
            {"name": t.name, "description": t.description, "parameters": t.parameters} for t in request.tools
        ]
        choice = request.tool_choice
        if choice in (None, "auto"):
            payload["function_call"] = "auto"
        elif choice == "none":
            payload["function_call"] = "none"
        elif choice == "required":
            # GigaChat cannot force "some function"; it can force one by name.
            payload["function_call"] = {"name": request.tools[0].name} if len(request.tools) == 1 else "auto"
        else:
            payload["function_call"] = {"name": choice}
    if request.response_format is not None:
        payload["response_format"] = {
            "type": "json_schema",
            "schema": request.response_format.schema_,
            "strict": request.response_format.strict,
        }
    return add_sampling(payload, request)


def response_from_gigachat(body: dict[str, Any]) -> LLMResponse:
    """Parse a GigaChat chat completion; ``function_call.arguments`` (an object) becomes a JSON string."""
    choice, message = first_choice(body)
    calls: list[LLMToolCall] = []
    function_call = message.get("function_call")
    if isinstance(function_call, dict) and function_call.get("name"):
        arguments = function_call.get("arguments", {})
        call_id = message.get("functions_state_id") or f"call_{uuid.uuid4().hex[:24]}"
        calls.append(LLMToolCall(name=function_call["name"], arguments=arguments_text(arguments), id=call_id))
    content = message.get("content")
    return LLMResponse(
        content=content if content or not calls else None,
        tool_calls=calls,
        finish_reason=choice.get("finish_reason"),
        model=body.get("model"),
        usage=usage_of(body),
        raw=body,
    )


def tls_verify(settings: LLMSettings) -> ssl.SSLContext | bool:
    """How to verify GigaChat's TLS certificate: off, a CA bundle (the Russian Trusted Root CA) or the system CAs."""
    if not settings.gigachat_verify_ssl_certs:
        return False
    if settings.gigachat_ca_bundle_file:
        return ssl.create_default_context(cafile=str(settings.gigachat_ca_bundle_file))
    return True


class GigaChatProvider(LLMProvider):
    """GigaChat over its native REST API.

    Auth: ``GIGACHAT_ACCESS_TOKEN`` if given, else an OAuth token fetched with ``GIGACHAT_CREDENTIALS`` (Basic),
    a fresh ``RqUID`` and ``scope``; cached, refreshed 60 s before ``expires_at``, and re-fetched once when the
    API answers 401.

    Args:
        settings: the ``llm`` section; none given, the provider reads its own environment (``LLMSettings()``).
        client: an HTTP client to use instead of its own.

    Raises:
        LLMConfigError: neither credentials nor an access token are configured.
    """

    name = "gigachat"
    # GigaChat's native structured output is a forced function call (json_schema exists but is newer/rarer).
    capabilities = Capabilities(native_tools=True, json_schema=False, forced_function=True, parallel_tool_calls=False)

    def __init__(self, settings: LLMSettings | None = None, client: httpx.AsyncClient | None = None) -> None:
        settings = settings if settings is not None else LLMSettings()  # none given: its own environment
        if settings.gigachat_credentials is None and settings.gigachat_access_token is None:
            raise LLMConfigError("GigaChat: задайте GIGACHAT_CREDENTIALS (или GIGACHAT_ACCESS_TOKEN)")
        bundle = settings.gigachat_ca_bundle_file
        if settings.gigachat_verify_ssl_certs and bundle is not None and not bundle.is_file():
            raise LLMConfigError(f"GigaChat: файл GIGACHAT_CA_BUNDLE_FILE не найден: {bundle}")
        self._settings = settings
        self._base = settings.gigachat_base_url.rstrip("/")
        self._client = client
        self._own_client = client is None
        self._token: str | None = None
        self._expires_at_ms: float = 0.0
        if settings.gigachat_access_token is not None and settings.gigachat_credentials is None:
            self._token = settings.gigachat_access_token.get_secret_value()
            self._expires_at_ms = float("inf")
        self._token_lock = asyncio.Lock()
        self.token_requests = 0

    @property
    def display_name(self) -> str:
        return f"gigachat ({self._base})"

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client is None:
            settings = self._settings
            self._client = make_async_client(
                settings.timeout, tls_verify(settings), max_connections=settings.max_concurrency
            )
        return self._client

    async def access_token(self, *, refresh: bool = False) -> str:
        """A valid access token, for callers that send GigaChat requests over their own client.

        ``refresh=True`` fetches a new one (after the API refused the current token with 401).

        Raises:
            LLMAuthError: the credentials were refused, or a fixed token was refused and there are no credentials.
        """
        return await self._access_token(stale=self._token if refresh else None)

    def _token_valid(self) -> bool:
        return self._token is not None and self._expires_at_ms - time.time() * 1000 > _TOKEN_EXPIRY_BUFFER_MS

    async def _access_token(self, *, stale: str | None = None) -> str:
        """A valid token; ``stale`` is a token the API just refused (fetch a new one unless another caller has)."""
        if stale is None and self._token_valid():
            assert self._token is not None
            return self._token
        async with self._token_lock:
            # Under the lock: a concurrent caller may already have replaced the refused token.
            if self._token_valid() and (stale is None or self._token != stale):
                assert self._token is not None
                return self._token
            credentials = self._settings.gigachat_credentials
            if credentials is None:
                raise LLMAuthError(401, "GigaChat access token was refused and no credentials are configured")
            self.token_requests += 1
            body = await send_json(
                self.client,
                "POST",
                self._settings.gigachat_auth_url,
                data={"scope": self._settings.gigachat_scope},
                headers={
                    "Authorization": f"Basic {credentials.get_secret_value()}",
                    "RqUID": str(uuid.uuid4()),
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Accept": "application/json",
                },
            )
            token = body.get("access_token") or body.get("tok")
            expires = body.get("expires_at") or body.get("exp")
            if not token or expires is None:
                raise LLMResponseError("GigaChat OAuth: response has no access_token/expires_at")
            expires_ms = float(expires)
            if expires_ms < 10_000_000_000:  # seconds, not milliseconds (old documentation examples)
                expires_ms *= 1000
            self._token, self._expires_at_ms = str(token), expires_ms
            return self._token

    async def _call(
        self, method: str, path: str, json_body: Any = None, timeout: float | None = None
    ) -> dict[str, Any]:
        token = await self._access_token()
        for attempt in (0, 1):
            try:
                return await send_json(
                    self.client,
                    method,
                    f"{self._base}{path}",
                    json_body=json_body,
                    headers={"Authorization": f"Bearer {token}", "Accept": "application/json"},
                    timeout=timeout,
                )
            except LLMAuthError as exc:
                if attempt or exc.status_code != 401 or self._settings.gigachat_credentials is None:
                    raise
                token = await self._access_token(stale=token)
        raise AssertionError("unreachable")

    async def complete(self, request: LLMRequest) -> LLMResponse:
        payload = request_to_gigachat(request, request.model or self._settings.chat_model)
        body = await self._call("POST", "/chat/completions", payload, timeout=request.timeout)
        return response_from_gigachat(body)

    async def embed(self, texts: list[str], model: str | None = None) -> EmbeddingResponse:
        body = await self.embeddings_raw({"input": texts, "model": model or self._settings.embedding_model})
        return embeddings_from_body(body)

    async def chat_completions_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        return await self._call("POST", "/chat/completions", payload)

    async def embeddings_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        return await self._call("POST", "/embeddings", payload)

    async def aclose(self) -> None:
        if self._client is not None and self._own_client:
            await self._client.aclose()
            self._client = None
