"""``POST /v1/chat/completions``: a served agent as an OpenAI chat model, streamed or not.

* The agent's internal steps (its own tool calls, observations, thoughts) are never ``tool_calls``: streamed they are
  ``delta.reasoning_content`` lines (and, when the request sets the extension ``"agent_events": true``, each chunk
  also carries the typed step event as ``agent_event``); not streamed they are ``message.reasoning_content``.
* ``tool_calls`` only ever name tools the client sent: the client's ``tools`` join the agent's loop; when the agent
  calls one the answer ends with ``finish_reason: "tool_calls"``; the next request with the ``tool`` message resumes
  the run (parked by call id) or, when the run is not kept, replays the conversation into a new run.
* ``response_format`` (``json_schema`` strict or not, ``json_object``) and ``tool_choice`` ``required`` / a named
  function: the final answer is shaped by the configured model (422 without one).
* ``usage`` sums the upstream model calls of the request's part of the run (``completion_tokens_details.
  reasoning_tokens`` when reported); zeros with the offline provider.
* Earlier ``user`` / ``assistant`` messages are the run's history; ``system`` / ``developer`` text its instructions.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncGenerator
from typing import Annotated, Any, Literal

from fastapi import Request
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from agentcore.agents.client_tools import as_llm_tool
from agentcore.agents.served import AgentInput, RunHandle
from agentcore.llm import UsageTotals
from agentcore.llm.models import LLMMessage, LLMTool
from agentcore.trace.logs import step_logger
from agentcore.web.errors import ApiError
from agentcore.web.v1.common import (
    Caller,
    OutputSpec,
    V1Runs,
    check_sampling,
    invalid_field,
    reasoning_line,
    respond,
)

__all__ = ["ChatCompletionRequest", "chat_completions"]

logger = step_logger("openai", "agentcore.agents.openai")

MAX_MESSAGES = 200
MAX_CONTENT_CHARS = 100_000


class ContentPart(BaseModel):
    """A part of a message's content; only ``text`` parts are read."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(max_length=64)
    text: str | None = Field(None, max_length=MAX_CONTENT_CHARS)


def _function_calls(calls: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    """``tool_calls`` whose every ``function`` is an object with a string ``name`` and ``arguments`` (or none)."""
    for call in calls or []:
        function = call.get("function")
        if function is None:
            continue
        if not isinstance(function, dict):
            raise ValueError("function должен быть объектом")
        for key in ("name", "arguments"):
            if function.get(key) is not None and not isinstance(function[key], str):
                raise ValueError(f"function.{key} должен быть строкой")
    return calls


class ChatMessage(BaseModel):
    """A chat message as OpenAI clients send it (``name`` and other extra fields are accepted and ignored)."""

    model_config = ConfigDict(extra="allow")

    role: Literal["system", "developer", "user", "assistant", "tool", "function"]
    content: (
        Annotated[str, Field(max_length=MAX_CONTENT_CHARS)]
        | Annotated[list[ContentPart], Field(max_length=MAX_MESSAGES)]
        | None
    ) = None
    tool_calls: Annotated[list[dict[str, Any]] | None, AfterValidator(_function_calls)] = Field(None, max_length=64)
    tool_call_id: str | None = Field(None, max_length=200)


class StreamOptions(BaseModel):
    """``stream_options`` of the request."""

    model_config = ConfigDict(extra="allow")

    include_usage: bool = Field(False, strict=True)


class ChatCompletionRequest(BaseModel):
    """Body of ``POST /v1/chat/completions`` (see docs/openai.md for every field: supported / ignored / rejected)."""

    model_config = ConfigDict(extra="allow")

    model: str = Field(min_length=1, max_length=128, description="агент: research, sgr-example")
    messages: list[ChatMessage] = Field(min_length=1, max_length=MAX_MESSAGES)
    stream: bool = Field(False, strict=True, description="true — Server-Sent Events (chat.completion.chunk)")
    stream_options: StreamOptions | None = None
    tools: list[dict[str, Any]] | None = Field(None, max_length=128, description="функции клиента")
    tool_choice: str | dict[str, Any] | None = Field(None, description="auto, none, required или функция")
    response_format: dict[str, Any] | None = Field(None, description="text, json_object или json_schema")
    n: int | None = Field(None, description="только 1")
    agent_events: bool = Field(False, strict=True, description="расширение: типизированные события шагов в потоке")


def _text(content: str | list[ContentPart] | None) -> str:
    if isinstance(content, list):
        return "\n".join(part.text for part in content if part.type in ("text", "input_text") and part.text)
    return content or ""


def _tools(body: ChatCompletionRequest) -> list[LLMTool]:
    tools = []
    for i, spec in enumerate(body.tools or []):
        function = spec.get("function") if spec.get("type", "function") == "function" else None
        if not isinstance(function, dict) or not isinstance(function.get("name"), str):
            error = ApiError(400, f"tools[{i}]: поддерживаются только функции (type=function)", "unsupported_parameter")
            error.param = f"tools[{i}]"  # type: ignore[attr-defined]
            raise error
        try:
            tools.append(as_llm_tool(function))
        except ValueError as exc:
            raise invalid_field(f"tools[{i}].function.parameters", str(exc)) from None
    return tools


def _output_spec(body: ChatCompletionRequest, forced: list[LLMTool]) -> OutputSpec:
    fmt = body.response_format or {"type": "text"}
    kind = fmt.get("type")
    if kind == "json_schema":
        spec = fmt.get("json_schema")
        if not isinstance(spec, dict) or not isinstance(spec.get("schema", {}), dict):
            raise invalid_field("response_format", "json_schema.schema должен быть объектом")
        return OutputSpec(
            "json_schema", spec.get("schema") or {}, str(spec.get("name") or "output"), bool(spec.get("strict")), forced
        )
    if kind == "json_object":
        return OutputSpec("json_object", None, forced=forced)
    if kind in ("text", None):
        return OutputSpec(forced=forced)
    raise invalid_field("response_format", f"тип {kind!r} не поддерживается")


def conversation(messages: list[ChatMessage]) -> tuple[AgentInput, list[tuple[str, str]]]:
    """The run's input from the messages, and the client's tool results at the end (call id, output).

    The last ``user`` message with text is the question; messages before it are history; assistant tool calls and
    ``tool`` results after it are the replayed exchange (``after``).

    Raises:
        ApiError: 422 without a user message with text.
    """
    instructions = [_text(m.content) for m in messages if m.role in ("system", "developer") and _text(m.content)]
    last_user = max((i for i, m in enumerate(messages) if m.role == "user" and _text(m.content).strip()), default=-1)
    if last_user < 0:
        raise ApiError(
            422, "некорректный запрос: нужно сообщение пользователя (role=user) с текстом", "validation_error"
        )

    def as_history(items: list[ChatMessage]) -> list[LLMMessage]:
        out: list[LLMMessage] = []
        for m in items:
            if m.role == "user" and _text(m.content).strip():
                out.append(LLMMessage(role="user", content=_text(m.content)))
            elif m.role == "assistant":
                text = _text(m.content)
                for call in m.tool_calls or []:
                    function = call.get("function") or {}
                    text += f"\nAction: {function.get('name')} {function.get('arguments') or '{}'}"
                if text.strip():
                    out.append(LLMMessage(role="assistant", content=text.strip()))
            elif m.role in ("tool", "function"):
                out.append(LLMMessage(role="user", content=f"Observation: {_text(m.content)}"))
        return out

    results: list[tuple[str, str]] = []
    for m in reversed(messages):
        if m.role != "tool":
            break
        if m.tool_call_id:
            results.append((m.tool_call_id, _text(m.content)))
    agent_input = AgentInput(
        question=_text(messages[last_user].content).strip(),
        history=as_history(messages[:last_user]),
        after=as_history(messages[last_user + 1 :]),
        instructions="\n\n".join(instructions) or None,
    )
    return agent_input, results


def usage_body(usage: UsageTotals) -> dict[str, Any]:
    """``usage`` of a chat completion."""
    return {
        "prompt_tokens": usage.prompt_tokens,
        "completion_tokens": usage.completion_tokens,
        "total_tokens": usage.total_tokens,
        "completion_tokens_details": {"reasoning_tokens": usage.reasoning_tokens},
    }


async def chat_completions(runs: V1Runs, body: ChatCompletionRequest, request: Request) -> Any:
    """Serve one ``/v1/chat/completions`` request (see the module docstring)."""
    accepted = runs.accept(
        body.model,
        lambda: _tools(body),
        body.tool_choice,
        lambda forced: _output_spec(body, forced),
        name_param="tools[{i}].function.name",
    )
    if body.n not in (None, 1):
        raise invalid_field("n", "поддерживается только n=1")
    check_sampling(body.model_extra or {})
    agent_input, results = conversation(body.messages)
    handle = await runs.start(accepted, agent_input, results, Caller.of(request))
    chat = _Chat(runs, handle, accepted.agent.name, agent_input.question, accepted.spec)
    include_usage = bool(body.stream_options and body.stream_options.include_usage)
    return await respond(
        request, accepted.agent.name, body.stream, chat.complete, lambda: chat.chunks(include_usage, body.agent_events)
    )


class _Chat:
    """The answer of one request: one completion, or its chunks."""

    def __init__(self, runs: V1Runs, handle: RunHandle, model: str, question: str, spec: OutputSpec) -> None:
        self.runs, self.handle, self.model, self.question, self.spec = runs, handle, model, question, spec
        self.id = "chatcmpl-pending"

    def _bind(self, request_id: str) -> None:
        self.id = f"chatcmpl-{request_id}"

    def _envelope(self, obj: str) -> dict[str, Any]:
        return {"id": self.id, "object": obj, "created": self.handle.created, "model": self.model}

    async def complete(self) -> dict[str, Any]:
        """Run to the end of this request's part: the ``chat.completion`` body, or the :class:`ApiError` it means."""
        reasoning, ending = await self.runs.run_to_end(self.handle, self.question, self.spec)
        if self.handle.request_id:
            self._bind(self.handle.request_id)
        message: dict[str, Any] = {
            "role": "assistant",
            "content": ending.text,
            "reasoning_content": "\n".join(reasoning),
        }
        finish = "stop"
        if ending.kind == "tool_call":
            assert ending.call is not None
            message["content"] = None
            message["tool_calls"] = [_call(ending.call)]
            finish = "tool_calls"
        body = {
            **self._envelope("chat.completion"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
            "usage": usage_body(self.handle.usage()),
        }
        if ending.final is not None:
            body["agent"] = {
                "request_id": ending.final.request_id,
                "citations": [c.model_dump() for c in ending.final.citations],
                "metadata": ending.final.metadata,
            }
        return body

    def _chunk(self, delta: dict[str, Any], finish: str | None = None, **extra: Any) -> str:
        payload = {
            **self._envelope("chat.completion.chunk"),
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}],
            **extra,
        }
        return json.dumps(payload, ensure_ascii=False)

    async def chunks(self, include_usage: bool, agent_events: bool) -> AsyncGenerator[str, None]:
        """The SSE data of a streamed answer, ending with ``[DONE]``; a failure is an ``{"error": ...}`` chunk."""
        try:
            async with contextlib.aclosing(self._deltas(include_usage, agent_events)) as deltas:
                async for payload in deltas:
                    yield payload
        except ApiError as exc:
            yield _error_data(exc)
        except Exception:
            logger.exception("chat_completions // Agent %s failed", self.model)
            yield _error_data(ApiError(500, "внутренняя ошибка сервера", "internal_error"))
        yield "[DONE]"

    async def _deltas(self, include_usage: bool, agent_events: bool) -> AsyncGenerator[str, None]:
        started = False
        async with contextlib.aclosing(self.runs.events(self.handle)) as events:
            async for event in events:
                self._bind(event.request_id)
                if not started:
                    started = True
                    yield self._chunk({"role": "assistant", "content": ""})
                if event.type in ("final", "error", "client_tool"):
                    # The run's last event (final, error, client_tool) rides on the answer's first chunk — a shaped
                    # answer's final with the shape check in its metadata.
                    ending = await self.runs.finish(event, self.question, self.spec, self.handle)
                    last = ending.final or event
                    tail: dict[str, Any] = {"agent_event": last.model_dump(mode="json")} if agent_events else {}
                    if ending.kind == "error":
                        assert ending.error is not None
                        yield _error_data(ending.error)
                        return
                    if ending.kind == "tool_call":
                        assert ending.call is not None
                        yield self._chunk({"tool_calls": [{"index": 0, **_call(ending.call)}]}, **tail)
                        yield self._chunk({}, "tool_calls")
                    else:
                        yield self._chunk({"content": ending.text}, **tail)
                        yield self._chunk({}, "stop")
                    if include_usage:
                        payload = {**self._envelope("chat.completion.chunk"), "choices": []}
                        payload["usage"] = usage_body(self.handle.usage())
                        yield json.dumps(payload, ensure_ascii=False)
                    return
                line = reasoning_line(event)
                extra: dict[str, Any] = {"agent_event": event.model_dump(mode="json")} if agent_events else {}
                if line:
                    yield self._chunk({"reasoning_content": line + "\n"}, **extra)


def _call(call: Any) -> dict[str, Any]:
    return {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}


def _error_data(exc: ApiError) -> str:
    return json.dumps({"error": {"message": exc.message, "type": "agent_error", "code": exc.code}}, ensure_ascii=False)
