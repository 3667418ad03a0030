"""Any agent as an OpenAI-compatible model: ``POST /v1/chat/completions`` (streamed or not) and ``GET /v1/models``.

The surface renders the step-event stream (:mod:`agentcore.agents.events`) and knows nothing of a loop's insides:

* streamed (``stream: true``) — ``chat.completion.chunk`` Server-Sent Events: steps as ``delta.reasoning_content``
  text (``step_started``, ``thought``, ``observation``) and ``delta.tool_calls`` (``tool_invoked``: id, name,
  arguments), the answer (with its numbered sources) as ``delta.content``, then a chunk with ``finish_reason: "stop"``,
  a usage chunk when ``stream_options.include_usage`` is set, and ``data: [DONE]``.  A run that ends with an ``error``
  event sends ``data: {"error": {"message", "type", "code"}}`` (the OpenAI SDK raises ``APIError`` on it);
* not streamed — one ``chat.completion``: ``message.content`` is the answer, ``message.reasoning_content`` the steps,
  and the extension field ``agent`` holds ``request_id``, ``citations`` and ``metadata``.  A run that ends with
  ``error`` answers in the project's error format with the model failure's own status (504 timeout, 503 open circuit
  or rate limit with ``Retry-After``, 502 otherwise — :func:`agentcore.agents.events.error_answer`) or 500.

The agent gets the text of the last ``user`` message (string or text parts).  A client that disconnects stops the
run.  Token counts are zeros: the agents' model calls are not billed to this request.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import AsyncGenerator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from agentcore.agents.events import AgentStepEvent, FinalEvent, error_answer
from agentcore.trace.logs import step_logger
from agentcore.trace.text import truncate
from agentcore.web.errors import ApiError, error_responses

__all__ = ["ChatCompletionRequest", "ServedAgent", "create_openai_router", "final_text", "reasoning_line"]

logger = step_logger("openai", "agentcore.agents.openai")

AgentRun = Callable[[str], AsyncGenerator[AgentStepEvent, None]]
"""``run(question)`` → the agent's step events."""
AgentCheck = Callable[[str], Awaitable[None]]
"""``await check(question)`` — refuses a question before a run starts by raising :class:`ApiError` (a 4xx)."""

MAX_MESSAGES = 200
MAX_CONTENT_CHARS = 100_000


@dataclass(frozen=True)
class ServedAgent:
    """An agent offered as a model.

    Attributes:
        name: the model id clients ask for (``research``, ``sgr-example``).
        description: one line for ``/v1/models`` (extension field).
        run: starts a run for a question.
        check: refuses a question before anything is sent (both modes answer its :class:`ApiError` as JSON, so a
            bad question never becomes a stream that ends in an error); ``None``: every question is run.
    """

    name: str
    description: str
    run: AgentRun
    check: AgentCheck | None = None


class ContentPart(BaseModel):
    """A part of a message's content; only ``text`` parts are read."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(max_length=64)
    text: str | None = Field(None, max_length=MAX_CONTENT_CHARS)


class ChatMessage(BaseModel):
    """A chat message as OpenAI clients send it (extra fields such as ``name`` are accepted and ignored)."""

    model_config = ConfigDict(extra="allow")

    role: Literal["system", "developer", "user", "assistant", "tool", "function"]
    content: Annotated[str, Field(max_length=MAX_CONTENT_CHARS)] | Annotated[
        list[ContentPart], Field(max_length=MAX_MESSAGES)
    ] | None = None


class StreamOptions(BaseModel):
    """``stream_options`` of the request."""

    model_config = ConfigDict(extra="allow")

    include_usage: bool = Field(False, strict=True)


class ChatCompletionRequest(BaseModel):
    """Body of ``POST /v1/chat/completions``.

    Only ``model``, ``messages``, ``stream`` and ``stream_options`` matter; other OpenAI parameters (``temperature``,
    ``max_tokens``, ``user``, ...) are accepted and ignored, so standard clients work unchanged.
    """

    model_config = ConfigDict(extra="allow")

    model: str = Field(min_length=1, max_length=128, description="агент: research, sgr-example")
    messages: list[ChatMessage] = Field(min_length=1, max_length=MAX_MESSAGES)
    stream: bool = Field(False, strict=True, description="true — Server-Sent Events (chat.completion.chunk)")
    stream_options: StreamOptions | None = None


def _question(body: ChatCompletionRequest) -> str:
    for message in reversed(body.messages):
        if message.role != "user":
            continue
        content = message.content
        if isinstance(content, list):
            content = "\n".join(part.text for part in content if part.type == "text" and part.text)
        if content and content.strip():
            return content.strip()
    raise ApiError(422, "некорректный запрос: нужно сообщение пользователя (role=user) с текстом", "validation_error")


def reasoning_line(event: AgentStepEvent) -> str | None:
    """One line of visible reasoning for an event (``None`` for events rendered otherwise)."""
    if event.type == "step_started":
        return f"Шаг {event.step}"
    if event.type == "thought":
        prefix = "Контроль: " if event.origin == "control" else ""
        return f"{prefix}{event.text}"
    if event.type == "tool_invoked":
        return f"→ {event.tool} {json.dumps(event.arguments, ensure_ascii=False)}"
    if event.type == "observation":
        status = "" if event.ok else " (ошибка)"
        return f"← {event.tool}{status}: {truncate(event.preview, 300)}"
    return None


def final_text(event: FinalEvent) -> str:
    """The answer followed by its numbered sources."""
    if not event.citations:
        return event.answer
    sources = "\n".join(f"[{c.index}] {c.title} ({c.id})" for c in event.citations)
    return f"{event.answer}\n\nИсточники:\n{sources}"


class _Completion:
    """Builds the chunks and the completion of one request."""

    def __init__(self, model: str) -> None:
        self.model = model
        self.created = int(time.time())
        self.id = "chatcmpl-pending"

    def bind(self, request_id: str) -> None:
        self.id = f"chatcmpl-{request_id}"

    def chunk(self, delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
        return {
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason, "logprobs": None}],
        }

    def usage_chunk(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "choices": [],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        }

    def completion(self, final: FinalEvent, reasoning: list[str]) -> dict[str, Any]:
        return {
            "id": self.id,
            "object": "chat.completion",
            "created": self.created,
            "model": self.model,
            "choices": [
                {
                    "index": 0,
                    "message": {
                        "role": "assistant",
                        "content": final_text(final),
                        "reasoning_content": "\n".join(reasoning),
                    },
                    "finish_reason": "stop",
                    "logprobs": None,
                }
            ],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
            "agent": {
                "request_id": final.request_id,
                "citations": [c.model_dump() for c in final.citations],
                "metadata": final.metadata,
            },
        }


def create_openai_router(agents: Mapping[str, ServedAgent]) -> APIRouter:
    """``/v1/models`` and ``/v1/chat/completions`` serving ``agents`` (model id → agent)."""
    from sse_starlette import EventSourceResponse

    router = APIRouter(prefix="/v1", tags=["openai"])

    def models_list() -> dict[str, Any]:
        return {
            "object": "list",
            "data": [
                {"id": a.name, "object": "model", "created": 0, "owned_by": "agentcore", "description": a.description}
                for a in agents.values()
            ],
        }

    @router.get("/models", summary="Агенты как модели (OpenAI-совместимо)")
    async def list_models() -> dict[str, Any]:
        """Every served agent as an OpenAI model."""
        return models_list()

    @router.get("/models/{model}", responses=error_responses(404), summary="Один агент как модель")
    async def get_model(model: str) -> dict[str, Any]:
        """One served agent as an OpenAI model."""
        for item in models_list()["data"]:
            if item["id"] == model:
                return item
        raise ApiError(404, f"модель {truncate(model, 40)!r} не найдена", "model_not_found")

    @router.post(
        "/chat/completions",
        response_model=None,
        responses=error_responses(400, 404, 413, 415, 422, 500, 502, 503, 504),
        summary="Запуск агента в формате OpenAI Chat Completions",
    )
    async def chat_completions(body: ChatCompletionRequest, request: Request) -> Any:
        """Run the agent named by ``model`` on the last user message; ``stream`` chooses SSE chunks or one JSON.
        A client that disconnects stops the run in both modes."""
        agent = agents.get(body.model)
        if agent is None:
            known = ", ".join(agents)
            raise ApiError(404, f"модель {truncate(body.model, 40)!r} не найдена; доступны: {known}", "model_not_found")
        question = _question(body)
        if agent.check is not None:
            await agent.check(question)
        completion = _Completion(agent.name)
        if not body.stream:
            from agentcore.web.disconnect import ClientGone, gone_response, unless_disconnected

            try:
                return await unless_disconnected(request, _complete(agent, question, completion))
            except ClientGone:
                logger.info("chat_completions // Client gone: %s run cancelled", agent.name)
                return gone_response()
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        return EventSourceResponse(
            _chunks(agent, question, completion, include_usage), ping=15, send_timeout=60
        )

    return router


async def _complete(agent: ServedAgent, question: str, completion: _Completion) -> dict[str, Any]:
    """Run the agent to its end: the ``chat.completion`` body, or the :class:`ApiError` its error event means."""
    reasoning: list[str] = []
    async with contextlib.aclosing(agent.run(question)) as events:
        async for event in events:
            completion.bind(event.request_id)
            if event.type == "final":
                return completion.completion(event, reasoning)
            if event.type == "error":
                raise error_answer(event)
            line = reasoning_line(event)
            if line:
                reasoning.append(line)
    raise ApiError(500, "внутренняя ошибка сервера", "internal_error")


async def _chunks(
    agent: ServedAgent, question: str, completion: _Completion, include_usage: bool
) -> AsyncGenerator[str, None]:
    def data(payload: dict[str, Any]) -> str:
        return json.dumps(payload, ensure_ascii=False)

    try:
        async with contextlib.aclosing(_deltas(agent, question, completion, include_usage)) as deltas:
            async for payload in deltas:
                yield payload
    except ApiError as exc:  # raised before the agent's first event (e.g. the provider is not configured)
        yield data({"error": {"message": exc.message, "type": "agent_error", "code": exc.code}})
    except Exception:
        logger.exception("chat_completions // Agent %s failed", agent.name)
        yield data({"error": {"message": "внутренняя ошибка сервера", "type": "agent_error", "code": "internal_error"}})
    yield "[DONE]"


async def _deltas(
    agent: ServedAgent, question: str, completion: _Completion, include_usage: bool
) -> AsyncGenerator[str, None]:
    def data(payload: dict[str, Any]) -> str:
        return json.dumps(payload, ensure_ascii=False)

    tool_index = 0
    started = False
    async with contextlib.aclosing(agent.run(question)) as events:
        async for event in events:
            completion.bind(event.request_id)
            if not started:
                started = True
                yield data(completion.chunk({"role": "assistant", "content": ""}))
            if event.type == "final":
                yield data(completion.chunk({"content": final_text(event)}))
                yield data(completion.chunk({}, "stop"))
                if include_usage:
                    yield data(completion.usage_chunk())
                break
            if event.type == "error":
                yield data({"error": {"message": event.message, "type": "agent_error", "code": event.code}})
                break
            if event.type == "tool_invoked":
                call = {
                    "index": tool_index,
                    "id": event.call_id,
                    "type": "function",
                    "function": {"name": event.tool, "arguments": json.dumps(event.arguments, ensure_ascii=False)},
                }
                tool_index += 1
                yield data(completion.chunk({"tool_calls": [call]}))
                continue
            line = reasoning_line(event)
            if line:
                yield data(completion.chunk({"reasoning_content": line + "\n"}))
