"""``POST /v1/responses``: a served agent through OpenAI's Responses API, built with the ``openai`` package's own
types (``openai.types.responses``).

* ``input`` a string or a list of items (messages with text parts, ``function_call``, ``function_call_output``;
  ``reasoning`` items a client sends back are ignored), ``instructions``;
* the answer: a ``reasoning`` item whose summary is the agent's steps, then a ``message`` with ``output_text`` — or a
  ``function_call`` of a client tool (the run waits, parked by ``call_id``; ``function_call_output`` resumes it);
* ``stream``: ``response.created``, ``response.in_progress``, ``response.output_item.added``,
  ``response.reasoning_summary_part.added``, ``response.reasoning_summary_text.delta`` per step, … ``.done``,
  ``response.output_item.added``, ``response.content_part.added``, ``response.output_text.delta``, … ``.done``,
  ``response.completed`` with ``usage``; a failure ends with ``response.failed``;
* ``text.format`` (``json_schema``, ``json_object``) and ``tool_choice`` as in chat completions;
* ``previous_response_id``: the earlier turns kept in the run store (TTL); ``store: false`` keeps nothing.

Fields the service cannot honour are refused with 400 naming the field; see docs/openai.md for the full list.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import AsyncGenerator
from typing import Annotated, Any

from fastapi import Request
from openai.types.responses import (
    Response,
    ResponseCompletedEvent,
    ResponseContentPartAddedEvent,
    ResponseContentPartDoneEvent,
    ResponseCreatedEvent,
    ResponseFailedEvent,
    ResponseFunctionCallArgumentsDeltaEvent,
    ResponseFunctionCallArgumentsDoneEvent,
    ResponseFunctionToolCall,
    ResponseInProgressEvent,
    ResponseOutputItemAddedEvent,
    ResponseOutputItemDoneEvent,
    ResponseOutputMessage,
    ResponseOutputText,
    ResponseReasoningItem,
    ResponseReasoningSummaryPartAddedEvent,
    ResponseReasoningSummaryPartDoneEvent,
    ResponseReasoningSummaryTextDeltaEvent,
    ResponseReasoningSummaryTextDoneEvent,
    ResponseTextDeltaEvent,
    ResponseTextDoneEvent,
    ResponseUsage,
)
from openai.types.responses.response_reasoning_item import Summary
from openai.types.responses.response_usage import InputTokensDetails, OutputTokensDetails
from pydantic import BaseModel, ConfigDict, Field

from agentcore.agents.client_tools import as_llm_tool
from agentcore.agents.served import RunHandle, new_id
from agentcore.llm.models import LLMTool
from agentcore.trace.logs import step_logger
from agentcore.web.errors import ApiError
from agentcore.web.v1.chat import MAX_CONTENT_CHARS, ChatMessage, conversation
from agentcore.web.v1.common import (
    Caller,
    Ending,
    OutputSpec,
    V1Runs,
    check_sampling,
    invalid_field,
    reasoning_line,
    respond,
)
from agentcore.web.v1.errors import unsupported

__all__ = ["IGNORED_FIELDS", "REJECTED_FIELDS", "SUPPORTED_FIELDS", "ResponsesRequest", "create_response"]

logger = step_logger("openai", "agentcore.agents.responses")

SUPPORTED_FIELDS = frozenset(
    {
        "model",
        "input",
        "instructions",
        "stream",
        "tools",
        "tool_choice",
        "text",
        "previous_response_id",
        "store",
        "metadata",
    }
)
IGNORED_FIELDS = frozenset(
    {
        "include",
        "max_output_tokens",
        "max_tool_calls",
        "parallel_tool_calls",
        "prompt_cache_key",
        "prompt_cache_options",
        "prompt_cache_retention",
        "reasoning",
        "safety_identifier",
        "service_tier",
        "stream_options",
        "temperature",
        "top_p",
        "truncation",
        "user",
        "moderation",
        "top_logprobs",
        "context_management",
        "access_programs",
    }
)
REJECTED_FIELDS = frozenset({"background", "conversation", "prompt", "image"})
"""Refused with 400 when set (``background: false`` and nulls pass)."""


def _sampling_schema(high: int) -> dict[str, Any]:
    """A sampling parameter's JSON Schema: a number within OpenAI's range 0..``high``, or null."""
    return {"anyOf": [{"type": "number", "minimum": 0, "maximum": high}, {"type": "null"}]}


class ResponsesRequest(BaseModel):
    """Body of ``POST /v1/responses`` (extra fields are checked against the lists above)."""

    # Extra fields are read (to answer 400 naming them), but the documented schema admits none.
    model_config = ConfigDict(extra="allow", json_schema_extra={"additionalProperties": False})

    model: str = Field(min_length=1, max_length=128, description="агент: research, sgr-example")
    include: Any = Field(None, description="игнорируется")
    max_output_tokens: Any = Field(None, description="игнорируется (лимиты задаёт агент)")
    max_tool_calls: Any = Field(None, description="игнорируется")
    parallel_tool_calls: Any = Field(None, description="игнорируется (один вызов за шаг)")
    prompt_cache_key: Any = Field(None, description="игнорируется")
    reasoning: Any = Field(None, description="игнорируется")
    safety_identifier: Any = Field(None, description="игнорируется")
    service_tier: Any = Field(None, description="игнорируется")
    stream_options: Any = Field(None, description="игнорируется")
    # The range is declared for clients and schema-driven tools; check_sampling enforces it with a message of our own.
    temperature: Any = Field(
        None, description="игнорируется (модель агента настроена сервером)", json_schema_extra=_sampling_schema(2)
    )
    top_p: Any = Field(None, description="игнорируется", json_schema_extra=_sampling_schema(1))
    truncation: Any = Field(None, description="игнорируется")
    user: Any = Field(None, description="игнорируется")
    top_logprobs: Any = Field(None, description="игнорируется")
    # Each bound on its own branch: a bound on the union applied to the string too (a question of 401 characters
    # was refused as «не больше 400 элементов»).
    input: (
        Annotated[str, Field(max_length=MAX_CONTENT_CHARS)] | Annotated[list[dict[str, Any]], Field(max_length=400)]
    ) = Field(description="строка или список элементов")
    instructions: str | None = Field(None, max_length=100_000)
    stream: bool = Field(False, strict=True)
    tools: list[dict[str, Any]] | None = Field(None, max_length=128)
    tool_choice: str | dict[str, Any] | None = None
    text: dict[str, Any] | None = None
    previous_response_id: str | None = Field(None, max_length=200)
    store: bool | None = None
    metadata: dict[str, str] | None = None


def _check_fields(body: ResponsesRequest) -> None:
    check_sampling({"temperature": body.temperature, "top_p": body.top_p})
    for key, value in (body.model_extra or {}).items():
        if key in IGNORED_FIELDS:
            continue
        if key in REJECTED_FIELDS:
            if value in (None, False):
                continue
            raise unsupported(key)
        raise unsupported(key, "такого поля нет в Responses API")


def _tools(body: ResponsesRequest) -> list[LLMTool]:
    tools = []
    for i, spec in enumerate(body.tools or []):
        if spec.get("type") != "function" or not isinstance(spec.get("name"), str):
            raise unsupported(
                f"tools[{i}]", f"поддерживаются только функции (type=function), получено {spec.get('type')!r}"
            )
        try:
            tools.append(as_llm_tool(spec))
        except ValueError as exc:
            raise invalid_field(f"tools[{i}].parameters", str(exc)) from None
    return tools


def _output_spec(body: ResponsesRequest, forced: list[LLMTool]) -> OutputSpec:
    fmt = (body.text or {}).get("format") or {"type": "text"}
    kind = fmt.get("type") if isinstance(fmt, dict) else None
    if kind == "json_schema":
        schema = fmt.get("schema")
        if not isinstance(schema, dict):
            raise unsupported("text.format", "json_schema без schema")
        return OutputSpec("json_schema", schema, str(fmt.get("name") or "output"), bool(fmt.get("strict")), forced)
    if kind == "json_object":
        return OutputSpec("json_object", None, forced=forced)
    if kind == "text":
        return OutputSpec(forced=forced)
    raise unsupported("text.format", f"тип {kind!r} не поддерживается")


def _text_of(content: Any, field: str) -> str:
    """The text of ``content`` (a string, or a list of text parts) at ``field`` of the request.

    Raises:
        ApiError: 400 naming the field: not a string or a list, a part that is not text, longer than a message may be.
    """
    if content is None or isinstance(content, str):
        text = content or ""
    elif isinstance(content, list):
        parts = []
        for j, part in enumerate(content):
            kind = part.get("type") if isinstance(part, dict) else None
            key = "refusal" if kind == "refusal" else "text"
            if kind not in ("input_text", "output_text", "text", "refusal"):
                raise unsupported(f"{field}[{j}]", f"тип {kind!r} не поддерживается (только текст)")
            value = part.get(key)
            if value is not None and not isinstance(value, str):
                raise invalid_field(f"{field}[{j}].{key}", "ожидается строка")
            parts.append(value or "")
        text = "\n".join(parts)
    else:
        raise invalid_field(field, "ожидается строка или список текстовых частей")
    if len(text) > MAX_CONTENT_CHARS:
        raise invalid_field(field, f"не больше {MAX_CONTENT_CHARS} символов")
    return text


def _call_id(item: dict[str, Any], where: str) -> str:
    """The ``call_id`` of a function call or output item.

    Raises:
        ApiError: 400 naming it when it is not a string of at most 200 characters.
    """
    value = item.get("call_id")
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > 200:
        raise invalid_field(f"{where}.call_id", "ожидается строка не длиннее 200 символов")
    return value


def input_messages(items: str | list[dict[str, Any]]) -> list[ChatMessage]:
    """``input`` as chat messages (function calls as assistant ``tool_calls``, outputs as ``tool`` messages).

    Raises:
        ApiError: 400 naming an unsupported item or part.
    """
    if isinstance(items, str):
        return [ChatMessage(role="user", content=items)]
    messages: list[ChatMessage] = []
    for i, item in enumerate(items):
        kind = item.get("type", "message")
        where = f"input[{i}]"
        if kind == "message":
            role = item.get("role")
            if role not in ("user", "assistant", "system", "developer"):
                raise unsupported(f"{where}.role", f"роль {role!r} не поддерживается")
            messages.append(ChatMessage(role=role, content=_text_of(item.get("content"), f"{where}.content")))
        elif kind == "function_call":
            call = {
                "id": _call_id(item, where),
                "type": "function",
                "function": {"name": str(item.get("name") or ""), "arguments": str(item.get("arguments") or "{}")},
            }
            if messages and messages[-1].role == "assistant" and messages[-1].tool_calls is not None:
                messages[-1].tool_calls.append(call)
            else:
                messages.append(ChatMessage(role="assistant", content=None, tool_calls=[call]))
        elif kind == "function_call_output":
            text = _text_of(item.get("output"), f"{where}.output")
            messages.append(ChatMessage(role="tool", content=text, tool_call_id=_call_id(item, where)))
        elif kind in ("reasoning", "item_reference"):
            continue  # our own reasoning summaries sent back; references are covered by previous_response_id
        else:
            raise unsupported(f"{where}.type", f"тип элемента {kind!r} не поддерживается")
    return messages


async def create_response(runs: V1Runs, body: ResponsesRequest, request: Request) -> Any:
    """Serve one ``/v1/responses`` request (see the module docstring)."""
    _check_fields(body)
    accepted = runs.accept(
        body.model, lambda: _tools(body), body.tool_choice, lambda forced: _output_spec(body, forced)
    )
    messages = input_messages(body.input)
    caller = Caller.of(request)
    if body.previous_response_id:
        earlier = await runs.recall(body.previous_response_id, caller)  # another's is not found, as an unknown one
        if earlier is None:
            error = ApiError(404, f"ответ {body.previous_response_id[:60]!r} не найден или истёк", "response_not_found")
            error.param = "previous_response_id"  # type: ignore[attr-defined]
            raise error
        messages = [*(ChatMessage.model_validate(m) for m in earlier), *messages]
    if body.instructions:
        messages = [ChatMessage(role="system", content=body.instructions), *messages]
    agent_input, results = conversation(messages)
    handle = await runs.start(accepted, agent_input, results, caller)
    transcript = [m for m in messages if m.role != "system"]
    builder = _Builder(runs, handle, body, agent_input.question, accepted.spec, transcript, caller)
    return await respond(request, accepted.agent.name, body.stream, builder.complete, builder.events)


class _Builder:
    """The ``Response`` of one request, whole or as stream events."""

    def __init__(
        self,
        runs: V1Runs,
        handle: RunHandle,
        body: ResponsesRequest,
        question: str,
        spec: OutputSpec,
        transcript: list[ChatMessage],
        caller: Caller,
    ) -> None:
        self.runs, self.handle, self.body, self.question, self.spec = runs, handle, body, question, spec
        self.transcript = transcript
        self.caller = caller
        self.id = new_id("resp_")
        self.created = time.time()
        self.sequence = 0

    def response(self, status: str, output: list[Any], usage: ResponseUsage | None = None, **extra: Any) -> Response:
        body = self.body
        return Response(
            id=self.id,
            object="response",
            created_at=self.created,
            model=body.model,
            status=status,
            output=output,
            parallel_tool_calls=False,
            tool_choice=body.tool_choice or "auto",
            tools=body.tools or [],
            instructions=body.instructions,
            metadata=body.metadata,
            previous_response_id=body.previous_response_id,
            store=body.store is not False,
            text=body.text or {"format": {"type": "text"}},
            usage=usage,
            **extra,
        )

    def usage(self) -> ResponseUsage:
        totals = self.handle.usage()
        return ResponseUsage(
            input_tokens=totals.prompt_tokens,
            input_tokens_details=InputTokensDetails(cached_tokens=0, cache_write_tokens=0),
            output_tokens=totals.completion_tokens,
            output_tokens_details=OutputTokensDetails(reasoning_tokens=totals.reasoning_tokens),
            total_tokens=totals.total_tokens,
        )

    async def _remember(self, ending: Ending) -> None:
        if self.body.store is False:
            return
        reply: ChatMessage
        if ending.kind == "tool_call":
            assert ending.call is not None
            call = {
                "id": ending.call.id,
                "type": "function",
                "function": {"name": ending.call.name, "arguments": ending.call.arguments},
            }
            reply = ChatMessage(role="assistant", content=None, tool_calls=[call])
        else:
            reply = ChatMessage(role="assistant", content=ending.text or "")
        transcript = [m.model_dump(mode="json", exclude_none=True) for m in [*self.transcript, reply]]
        await self.runs.remember(self.id, transcript, self.caller)

    def _output_item(self, ending: Ending) -> Any:
        if ending.kind == "tool_call":
            assert ending.call is not None
            return ResponseFunctionToolCall(
                type="function_call",
                id=new_id("fc_"),
                call_id=ending.call.id,
                name=ending.call.name,
                arguments=ending.call.arguments,
                status="completed",
            )
        text = ResponseOutputText(type="output_text", text=ending.text or "", annotations=[])
        return ResponseOutputMessage(
            type="message", id=new_id("msg_"), role="assistant", status="completed", content=[text]
        )

    async def complete(self) -> dict[str, Any]:
        """The whole ``Response`` (or the :class:`ApiError` the run ended with)."""
        lines, ending = await self.runs.run_to_end(self.handle, self.question, self.spec)
        output: list[Any] = []
        if lines:
            summary = [Summary(type="summary_text", text="\n".join(lines))]
            output.append(ResponseReasoningItem(type="reasoning", id=new_id("rs_"), summary=summary))
        output.append(self._output_item(ending))
        await self._remember(ending)
        return self._with_agent(self.response("completed", output, self.usage()), ending)

    def _with_agent(self, response: Response, ending: Ending) -> dict[str, Any]:
        data = response.model_dump(mode="json", exclude_none=True)
        if ending.final is not None:
            data["agent"] = {
                "request_id": ending.final.request_id,
                "citations": [c.model_dump() for c in ending.final.citations],
                "metadata": ending.final.metadata,
            }
        return data

    async def events(self) -> AsyncGenerator[dict[str, str], None]:
        """The stream: ``{"event": type, "data": json}`` per event (see the module docstring)."""
        try:
            async with contextlib.aclosing(self._events()) as events:
                async for item in events:
                    yield item
        except Exception:
            logger.exception("responses // Agent %s failed", self.body.model)
            yield self._failed(ApiError(500, "внутренняя ошибка сервера", "internal_error"))

    def _sse(self, event: Any) -> dict[str, str]:
        event.sequence_number = self.sequence
        self.sequence += 1
        return {
            "event": event.type,
            "data": json.dumps(event.model_dump(mode="json", exclude_none=True), ensure_ascii=False),
        }

    def _failed(self, error: ApiError) -> dict[str, str]:
        from openai.types.responses import ResponseError

        code = "rate_limit_exceeded" if error.status_code == 429 else "server_error"
        failed = self.response("failed", [], error=ResponseError(code=code, message=error.message))
        return self._sse(ResponseFailedEvent(type="response.failed", response=failed, sequence_number=0))

    async def _events(self) -> AsyncGenerator[dict[str, str], None]:
        yield self._sse(
            ResponseCreatedEvent(type="response.created", response=self.response("in_progress", []), sequence_number=0)
        )
        yield self._sse(
            ResponseInProgressEvent(
                type="response.in_progress", response=self.response("in_progress", []), sequence_number=0
            )
        )
        output: list[Any] = []
        reasoning_id = new_id("rs_")
        summary_at = {"item_id": reasoning_id, "output_index": 0, "summary_index": 0, "sequence_number": 0}
        lines: list[str] = []
        ending: Ending | None = None
        async with contextlib.aclosing(self.runs.events(self.handle)) as events:
            async for event in events:
                if event.type in ("final", "error", "client_tool"):
                    ending = await self.runs.finish(event, self.question, self.spec, self.handle)
                    break
                line = reasoning_line(event)
                if not line:
                    continue
                if not lines:
                    item = ResponseReasoningItem(type="reasoning", id=reasoning_id, summary=[])
                    yield self._sse(
                        ResponseOutputItemAddedEvent(
                            type="response.output_item.added", item=item, output_index=0, sequence_number=0
                        )
                    )
                    yield self._sse(
                        ResponseReasoningSummaryPartAddedEvent(
                            type="response.reasoning_summary_part.added",
                            part={"type": "summary_text", "text": ""},
                            **summary_at,
                        )
                    )
                lines.append(line)
                yield self._sse(
                    ResponseReasoningSummaryTextDeltaEvent(
                        type="response.reasoning_summary_text.delta",
                        delta=line + "\n",
                        **summary_at,
                    )
                )
        if lines:
            text = "".join(line + "\n" for line in lines)
            yield self._sse(
                ResponseReasoningSummaryTextDoneEvent(
                    type="response.reasoning_summary_text.done",
                    text=text,
                    **summary_at,
                )
            )
            yield self._sse(
                ResponseReasoningSummaryPartDoneEvent(
                    type="response.reasoning_summary_part.done",
                    part={"type": "summary_text", "text": text},
                    **summary_at,
                )
            )
            done = ResponseReasoningItem(
                type="reasoning", id=reasoning_id, summary=[Summary(type="summary_text", text=text)]
            )
            output.append(done)
            yield self._sse(
                ResponseOutputItemDoneEvent(
                    type="response.output_item.done", item=done, output_index=0, sequence_number=0
                )
            )
        if ending is None:
            ending = Ending("error", error=ApiError(500, "внутренняя ошибка сервера", "internal_error"))
        if ending.kind == "error":
            assert ending.error is not None
            yield self._failed(ending.error)
            return
        index = len(output)
        item = self._output_item(ending)
        if isinstance(item, ResponseFunctionToolCall):
            pending = item.model_copy(update={"arguments": "", "status": "in_progress"})
            yield self._sse(
                ResponseOutputItemAddedEvent(
                    type="response.output_item.added", item=pending, output_index=index, sequence_number=0
                )
            )
            yield self._sse(
                ResponseFunctionCallArgumentsDeltaEvent(
                    type="response.function_call_arguments.delta",
                    item_id=item.id or "",
                    output_index=index,
                    delta=item.arguments,
                    sequence_number=0,
                )
            )
            yield self._sse(
                ResponseFunctionCallArgumentsDoneEvent(
                    type="response.function_call_arguments.done",
                    item_id=item.id or "",
                    output_index=index,
                    arguments=item.arguments,
                    name=item.name,
                    sequence_number=0,
                )
            )
        else:
            text = item.content[0].text
            empty = ResponseOutputText(type="output_text", text="", annotations=[])
            part_at = {"item_id": item.id, "output_index": index, "content_index": 0, "sequence_number": 0}
            pending_message = item.model_copy(update={"status": "in_progress", "content": []})
            yield self._sse(
                ResponseOutputItemAddedEvent(
                    type="response.output_item.added", item=pending_message, output_index=index, sequence_number=0
                )
            )
            yield self._sse(
                ResponseContentPartAddedEvent(
                    type="response.content_part.added",
                    part=empty,
                    **part_at,
                )
            )
            yield self._sse(
                ResponseTextDeltaEvent(
                    type="response.output_text.delta",
                    delta=text,
                    logprobs=[],
                    **part_at,
                )
            )
            yield self._sse(
                ResponseTextDoneEvent(
                    type="response.output_text.done",
                    text=text,
                    logprobs=[],
                    **part_at,
                )
            )
            yield self._sse(
                ResponseContentPartDoneEvent(
                    type="response.content_part.done",
                    part=item.content[0],
                    **part_at,
                )
            )
        output.append(item)
        yield self._sse(
            ResponseOutputItemDoneEvent(
                type="response.output_item.done", item=item, output_index=index, sequence_number=0
            )
        )
        await self._remember(ending)
        completed = self.response("completed", output, self.usage())
        yield self._sse(ResponseCompletedEvent(type="response.completed", response=completed, sequence_number=0))
