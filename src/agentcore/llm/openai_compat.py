"""OpenAI-compatible chat completions provider (OpenAI, vLLM, Ollama, llama.cpp server, ...)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import httpx

from agentcore.llm._http import make_async_client, require, send_json
from agentcore.llm._wire import add_sampling, arguments_text, first_choice, usage_of
from agentcore.llm.errors import LLMError, LLMHTTPError, LLMResponseError
from agentcore.llm.models import (
    EmbeddingResponse,
    LLMMessage,
    LLMRequest,
    LLMResponse,
    LLMToolCall,
)
from agentcore.llm.provider import Capabilities, LLMProvider
from agentcore.settings.llm import LLMSettings

_DEFAULT_CHAT_MODEL = "GigaChat-2-Max"

logger = logging.getLogger("agentcore.llm.openai_compat")


def message_to_openai(message: LLMMessage) -> dict[str, Any]:
    """One :class:`LLMMessage` in OpenAI chat format."""
    out: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.role == "assistant" and message.tool_calls:
        out["tool_calls"] = [
            {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}
            for call in message.tool_calls
        ]
    if message.role == "tool":
        out["tool_call_id"] = message.tool_call_id
        out["content"] = message.content or ""
    elif message.content is None and message.role != "assistant":
        out["content"] = ""
    return out


def request_to_openai(request: LLMRequest, model: str) -> dict[str, Any]:
    """The JSON body of ``POST /chat/completions`` for ``request``."""
    payload: dict[str, Any] = {"model": model, "messages": [message_to_openai(m) for m in request.messages]}
    if request.tools:
        payload["tools"] = [
            {
                "type": "function",
                "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
            }
            for t in request.tools
        ]
        choice = request.tool_choice
        if choice in ("auto", "none", "required"):
            payload["tool_choice"] = choice
        elif choice:
            payload["tool_choice"] = {"type": "function", "function": {"name": choice}}
    if request.response_format is not None:
        payload["response_format"] = {
            "type": "json_schema",
            "json_schema": {
                "name": request.response_format.name,
                "schema": request.response_format.schema_,
                "strict": request.response_format.strict,
            },
        }
    return add_sampling(payload, request)


def content_text(content: Any, has_tool_calls: bool) -> Any:
    """``message.content`` as text: a list of parts (``[{"type": "text", "text": "…"}]``, as several
    OpenAI-compatible servers send it) becomes its text parts joined; anything else is returned as it is.

    Parts of other types are skipped (named in a debug record). Parts with no text next to tool calls are no
    content (``None``).

    Raises:
        LLMResponseError: a list of parts with no text part and no tool calls, or a text part whose ``text`` is not
            a string.
    """
    if not isinstance(content, list):
        return content
    texts: list[str] = []
    for index, part in enumerate(content):
        kind = part.get("type") if isinstance(part, dict) else None
        if kind != "text":
            logger.debug("chat completion: content part %d of type %r skipped (not text)", index, kind)
            continue
        text = part.get("text")
        if not isinstance(text, str):
            raise LLMResponseError(f"malformed response: content[{index}].text is not a string")
        texts.append(text)
    if texts:
        return "".join(texts)
    if has_tool_calls:
        return None
    raise LLMResponseError("malformed response: content is a list with no text part and there are no tool calls")


def response_from_openai(body: dict[str, Any]) -> LLMResponse:
    """Parse an OpenAI chat completion into an :class:`LLMResponse` (content given as parts: see
    :func:`content_text`).

    Raises:
        LLMResponseError: no choices / no message / content parts with no text and no tool calls.
    """
    choice, message = first_choice(body)
    calls: list[LLMToolCall] = []
    for raw in message.get("tool_calls") or []:
        function = raw.get("function") or {}
        arguments = function.get("arguments", "{}")
        call = LLMToolCall(name=function.get("name", ""), arguments=arguments_text(arguments))
        if raw.get("id"):  # servers that send no id (some local ones) keep the generated one: results must match
            call.id = str(raw["id"])
        calls.append(call)
    if not calls and isinstance(message.get("function_call"), dict):  # legacy OpenAI function_call
        fc = message["function_call"]
        arguments = fc.get("arguments", "{}")
        calls.append(LLMToolCall(name=fc.get("name", ""), arguments=arguments_text(arguments)))
    return LLMResponse(
        content=content_text(message.get("content"), bool(calls)),
        tool_calls=calls,
        finish_reason=choice.get("finish_reason"),
        model=body.get("model"),
        usage=usage_of(body),
        raw=body,
    )


def embeddings_from_body(body: dict[str, Any]) -> EmbeddingResponse:
    """Parse an ``/embeddings`` response (OpenAI or GigaChat shape) into vectors in input order."""
    data = require(body, "data", "embeddings")
    if not isinstance(data, list):
        raise LLMResponseError("embeddings: 'data' is not a list")
    try:
        items = sorted(data, key=lambda item: item.get("index", 0))
        vectors = [[float(x) for x in item["embedding"]] for item in items]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise LLMResponseError(f"embeddings: malformed item ({exc})") from exc
    return EmbeddingResponse(vectors=vectors, model=body.get("model"), raw=body)


class OpenAICompatProvider(LLMProvider):
    """Any server that speaks OpenAI Chat Completions (``OPENAI_API_BASE`` + ``OPENAI_API_KEY``).

    When neither the request nor ``OPENAI_MODEL`` names a model and the seed's GigaChat default is still in place,
    the first model the server lists under ``GET /models`` is used, so pointing ``OPENAI_API_BASE`` at any
    server works with no other change.

    Args:
        settings: the ``llm`` section; none given, the provider reads its own environment (``LLMSettings()``).
        client: an HTTP client to use instead of its own.
    """

    name = "openai"
    capabilities = Capabilities(native_tools=True, json_schema=True, forced_function=True)

    def __init__(self, settings: LLMSettings | None = None, client: httpx.AsyncClient | None = None) -> None:
        settings = settings if settings is not None else LLMSettings()  # none given: its own environment
        self._settings = settings
        self._base = settings.openai_api_base.rstrip("/")
        self._client = client
        self._own_client = client is None
        self._model: str | None = settings.openai_model or (
            None if settings.default_model == _DEFAULT_CHAT_MODEL else settings.default_model
        )
        self._model_lock = asyncio.Lock()
        self._listed: list[str] | None = None

    @property
    def display_name(self) -> str:
        return f"openai ({self._base})"

    def _headers(self) -> dict[str, str]:
        headers = {"Accept": "application/json"}
        key = self._settings.openai_api_key
        if key is not None and key.get_secret_value():
            headers["Authorization"] = f"Bearer {key.get_secret_value()}"
        return headers

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = make_async_client(self._settings.timeout, max_connections=self._settings.max_concurrency)
        return self._client

    async def _listed_models(self) -> list[str]:
        """Model ids from ``GET /models`` (empty when the server does not list them)."""
        async with self._model_lock:
            if self._listed is not None:
                return self._listed
            try:
                body = await send_json(self.client, "GET", f"{self._base}/models", headers=self._headers())
            except LLMHTTPError as exc:
                if exc.status_code in (404, 405, 501):  # the server does not list models: remember that
                    self._listed = []
                return []
            except LLMError:  # transient: ask again next time rather than settle on a wrong model
                return []
            data = body.get("data", [])
            self._listed = [str(m["id"]) for m in data if isinstance(m, dict) and m.get("id")]
            return self._listed

    async def resolve_chat_model(self) -> str:
        """The chat model requests use: ``OPENAI_MODEL``, else the first chat model the server lists."""
        return await self._chat_model()

    async def _chat_model(self) -> str:
        if self._model:
            return self._model
        ids = await self._listed_models()
        chat_ids = [i for i in ids if "embed" not in i.lower()]
        model = (chat_ids or ids or [self._settings.default_model])[0]
        if self._listed is not None:  # settled only once the server has answered
            self._model = model
        return model

    async def _embedding_model(self) -> str:
        if self._settings.openai_embedding_model:
            return self._settings.openai_embedding_model
        embed_ids = [i for i in await self._listed_models() if "embed" in i.lower()]
        return (embed_ids or [self._settings.default_embedding_model])[0]

    async def complete(self, request: LLMRequest) -> LLMResponse:
        model = request.model or await self._chat_model()
        body = await send_json(
            self.client,
            "POST",
            f"{self._base}/chat/completions",
            json_body=request_to_openai(request, model),
            headers=self._headers(),
            timeout=request.timeout,
        )
        return response_from_openai(body)

    async def embed(self, texts: list[str], model: str | None = None) -> EmbeddingResponse:
        body = await self.embeddings_raw({"input": texts, "model": model or await self._embedding_model()})
        return embeddings_from_body(body)

    async def chat_completions_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        if "model" not in payload:
            payload = {**payload, "model": await self._chat_model()}
        return await send_json(
            self.client, "POST", f"{self._base}/chat/completions", json_body=payload, headers=self._headers()
        )

    async def embeddings_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        if "model" not in payload:
            payload = {**payload, "model": await self._embedding_model()}
        return await send_json(
            self.client, "POST", f"{self._base}/embeddings", json_body=payload, headers=self._headers()
        )

    async def aclose(self) -> None:
        if self._client is not None and self._own_client:
            await self._client.aclose()
            self._client = None
