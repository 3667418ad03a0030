"""The ``offline`` provider: deterministic, no network, and plainly not an LLM.

Apps register a handler per named agent step; a request names its step (``LLMRequest.step``) and the handler for
that step answers it.  A request for a step nobody registered fails with :class:`NoOfflineHandlerError`.

    @offline_handler("haiku.compose")
    def compose(request: LLMRequest) -> str | dict | BaseModel | LLMToolCall | list[LLMToolCall] | LLMResponse: ...

Embeddings come from the local model that ships inside a package (:mod:`agentcore.llm._local_embeddings`).
"""

from __future__ import annotations

import asyncio
import inspect
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from agentcore.llm.errors import NoOfflineHandlerError
from agentcore.llm.models import EmbeddingResponse, LLMRequest, LLMResponse, LLMToolCall
from agentcore.llm.provider import Capabilities, LLMProvider

OFFLINE_MODEL = "offline"
OFFLINE_BANNER = "offline — офлайн-режим, не LLM: ответы строятся детерминированными правилами"

HandlerResult = str | dict[str, Any] | BaseModel | LLMToolCall | list[LLMToolCall] | LLMResponse
Handler = Callable[[LLMRequest], HandlerResult | Awaitable[HandlerResult]]
H = TypeVar("H", bound=Handler)

_HANDLERS: dict[str, Handler] = {}


def register_offline_handler(step: str, handler: Handler) -> None:
    """Register ``handler`` for ``step`` (a later registration for the same step replaces the earlier one)."""
    _HANDLERS[step] = handler


def offline_handler(step: str) -> Callable[[H], H]:
    """Decorator form of :func:`register_offline_handler`."""

    def decorate(handler: H) -> H:
        register_offline_handler(step, handler)
        return handler

    return decorate


def registered_steps() -> list[str]:
    """Names of the steps that have an offline handler."""
    return sorted(_HANDLERS)


def to_response(result: HandlerResult) -> LLMResponse:
    """Normalise whatever a handler returned into an :class:`LLMResponse`."""
    if isinstance(result, LLMResponse):
        return result
    if isinstance(result, LLMToolCall):
        return LLMResponse(tool_calls=[result], finish_reason="tool_calls", model=OFFLINE_MODEL)
    if isinstance(result, list):
        return LLMResponse(tool_calls=list(result), finish_reason="tool_calls", model=OFFLINE_MODEL)
    if isinstance(result, BaseModel):
        content = result.model_dump_json()
    elif isinstance(result, dict):
        content = json.dumps(result, ensure_ascii=False)
    else:
        content = str(result)
    return LLMResponse(content=content, finish_reason="stop", model=OFFLINE_MODEL)


def _completion_dict(response: LLMResponse) -> dict[str, Any]:
    """An OpenAI/GigaChat-shaped chat completion dict for ``response``."""
    message: dict[str, Any] = {"role": "assistant", "content": response.content or ""}
    if response.tool_calls:
        message["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
            for c in response.tool_calls
        ]
    return {
        "choices": [{"message": message, "index": 0, "finish_reason": response.finish_reason or "stop"}],
        "created": int(time.time()),
        "model": OFFLINE_MODEL,
        "object": "chat.completion",
        "usage": response.usage.model_dump(),
    }


def _finish(result: HandlerResult) -> LLMResponse:
    response = to_response(result)
    if response.model is None:
        response.model = OFFLINE_MODEL
    return response


async def _awaited(value: Awaitable[HandlerResult]) -> HandlerResult:
    return await value


class OfflineProvider(LLMProvider):
    """Answers every registered agent step deterministically, without network; it is not a language model."""

    name = "offline"
    capabilities = Capabilities(native_tools=True, json_schema=True, forced_function=True)

    def __init__(self, handlers: dict[str, Handler] | None = None) -> None:
        self._handlers = handlers

    @property
    def display_name(self) -> str:
        return OFFLINE_BANNER

    def _handler(self, step: str | None) -> Handler:
        handlers = self._handlers if self._handlers is not None else _HANDLERS
        if step is None or step not in handlers:
            known = ", ".join(sorted(handlers)) or "none"
            raise NoOfflineHandlerError(
                f"offline provider (not an LLM) has no handler for step {step!r}; registered steps: {known}. "
                "Configure AGENTCORE_PROVIDER=gigachat|openai for free-form requests."
            )
        return handlers[step]

    async def complete(self, request: LLMRequest) -> LLMResponse:
        result = self._handler(request.step)(request)
        if inspect.isawaitable(result):
            result = await result
        return _finish(result)

    def complete_sync(self, request: LLMRequest) -> LLMResponse:
        """:meth:`complete` for synchronous callers (an async handler runs on the shared background loop)."""
        result = self._handler(request.step)(request)
        if inspect.isawaitable(result):
            from agentcore.llm.sync import run_sync

            result = run_sync(_awaited, result)
        return _finish(result)

    async def embed(self, texts: list[str], model: str | None = None) -> EmbeddingResponse:
        from agentcore.llm._local_embeddings import MODEL_NAME, embed_local

        vectors = await asyncio.to_thread(embed_local, texts, "passage")
        return EmbeddingResponse(vectors=vectors, model=MODEL_NAME)

    async def chat_completions_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        payload = dict(payload)
        step = payload.pop("step", None)
        request = LLMRequest.model_validate({**payload, "step": step, "model": payload.get("model")})
        return _completion_dict(await self.complete(request))

    async def embeddings_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        texts = payload.get("input")
        if isinstance(texts, str):
            texts = [texts]
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise ValueError("'input' must be a string or a list of strings")
        result = await self.embed(texts)
        return {
            "object": "list",
            "model": result.model,
            "data": [
                {
                    "object": "embedding",
                    "index": i,
                    "embedding": v,
                    "usage": {"prompt_tokens": len(t.split())},
                }
                for i, (t, v) in enumerate(zip(texts, result.vectors, strict=True))
            ],
        }


__all__ = [
    "OFFLINE_BANNER",
    "OfflineProvider",
    "offline_handler",
    "register_offline_handler",
    "registered_steps",
    "to_response",
]
