"""Test doubles: a scripted provider and the seed's ``MockLLMGateway`` (seed 001, section 6.5).

Predefined responses are returned in order; every request is recorded for assertions.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from pydantic import BaseModel

from agentcore.llm.gateway import SimpleLLMGateway
from agentcore.llm.models import EmbeddingResponse, LLMRequest, LLMResponse, LLMToolCall
from agentcore.llm.offline import HandlerResult, to_response
from agentcore.llm.provider import Capabilities, LLMProvider

ScriptItem = HandlerResult | BaseException | Callable[[LLMRequest], HandlerResult | Awaitable[HandlerResult]]


def tool_call(name: str, arguments: dict[str, Any] | str | None = None, call_id: str | None = None) -> LLMToolCall:
    """Shorthand for a scripted tool call (arguments given as a dict are JSON-encoded)."""
    import json

    args = arguments if isinstance(arguments, str) else json.dumps(arguments or {}, ensure_ascii=False)
    return LLMToolCall(name=name, arguments=args, **({"id": call_id} if call_id else {}))


class ScriptedProvider(LLMProvider):
    """Returns the scripted items in order: a str/dict/model (content), a tool call or list of calls, an
    :class:`LLMResponse`, an exception (raised), or a callable computing the answer from the request.

    Raises:
        AssertionError: more requests than scripted items (the test asked the model more often than planned).
    """

    name = "scripted"

    def __init__(
        self,
        responses: Iterable[ScriptItem] = (),
        *,
        capabilities: Capabilities | None = None,
        embedding_dim: int = 8,
    ) -> None:
        self._responses = list(responses)
        self.requests: list[LLMRequest] = []
        self.embed_calls: list[list[str]] = []
        self.capabilities = capabilities or Capabilities(native_tools=True, json_schema=True)
        self._dim = embedding_dim

    def add(self, *items: ScriptItem) -> None:
        """Append more scripted items."""
        self._responses.extend(items)

    @property
    def remaining(self) -> int:
        """How many scripted items are still unused."""
        return len(self._responses)

    async def complete(self, request: LLMRequest) -> LLMResponse:
        self.requests.append(request.model_copy(deep=True))
        if not self._responses:
            raise AssertionError(f"ScriptedProvider: no scripted response left for request #{len(self.requests)}")
        item = self._responses.pop(0)
        if isinstance(item, BaseException):
            raise item
        if callable(item) and not isinstance(item, BaseModel | LLMToolCall | LLMResponse):
            result = item(request)
            if inspect.isawaitable(result):
                result = await result
            return to_response(result)
        return to_response(item)

    async def embed(self, texts: list[str], model: str | None = None) -> EmbeddingResponse:
        import hashlib

        self.embed_calls.append(list(texts))
        vectors = []
        for text in texts:
            digest = hashlib.sha256(text.encode("utf-8")).digest()
            vectors.append([b / 255.0 for b in digest[: self._dim]])
        return EmbeddingResponse(vectors=vectors, model="scripted")

    async def chat_completions_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        response = await self.complete(LLMRequest.model_validate(payload))
        return {
            "choices": [
                {
                    "message": {"role": "assistant", "content": response.content or ""},
                    "index": 0,
                    "finish_reason": response.finish_reason or "stop",
                }
            ],
            "model": "scripted",
            "object": "chat.completion",
            "usage": response.usage.model_dump(),
        }

    async def embeddings_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        texts = payload["input"] if isinstance(payload["input"], list) else [payload["input"]]
        result = await self.embed(texts)
        return {
            "object": "list",
            "data": [{"index": i, "embedding": v} for i, v in enumerate(result.vectors)],
        }


class MockLLMGateway(SimpleLLMGateway):
    """The seed's mock gateway: ``request()`` answers from a script and records every request.

    ``MockLLMGateway([tool_call("get_time"), "Сейчас 12:00"])``; then assert on ``.requests`` / ``.call_count``.
    """

    def __init__(self, responses: Iterable[ScriptItem] = (), **kwargs: Any) -> None:
        self.scripted = ScriptedProvider(responses)
        super().__init__(self.scripted, **kwargs)

    @property
    def requests(self) -> list[LLMRequest]:
        """Every request received, in order (deep copies)."""
        return self.scripted.requests

    @property
    def call_count(self) -> int:
        """How many times ``request()`` reached the model."""
        return len(self.scripted.requests)
