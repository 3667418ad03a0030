"""The one live event stream of every agent loop: typed step events (one pydantic discriminated union).

Every loop (the SGR loop of seed 001, the ReAct loop of seed 002, whatever comes next) yields these events while it
runs; the CLI, the SSE routes and the OpenAI-compatible endpoint render them and never look inside a loop.

=================  ==========================================================================================
``type``           payload (besides ``request_id``, ``step`` and ``timestamp``)
=================  ==========================================================================================
``step_started``   ``agent``, ``max_steps`` — a new step (one model call and what follows it) begins
``thought``        ``text``, ``origin`` — the model's reasoning, or a decision of the deterministic controller
``tool_invoked``   ``tool``, ``arguments`` (validated when valid), ``call_id``, ``origin``
``observation``    ``tool``, ``call_id``, ``ok``, ``preview`` (truncated), ``length`` (full), ``elapsed_ms``, ``error``
``client_tool``    ``tool``, ``arguments``, ``call_id`` — the run calls a tool of its client (``/v1`` client tools) and
                   waits for the client's result (an ``observation`` with the same ``call_id`` follows when it comes)
``final``          ``answer``, ``citations``, ``metadata`` — the last event of a successful run
``error``          ``message`` (Russian, redacted), ``code`` — the last event of a failed run
=================  ==========================================================================================

A stream always ends with exactly one ``final`` or ``error`` event.  Timestamps are UTC ISO 8601 with ``Z``.
Events are frozen and JSON-serialisable (``event.model_dump(mode="json")``); :func:`parse_event` reads one back.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from agentcore.trace.logs import step_logger
from agentcore.util.clock import utc_now_iso
from agentcore.util.redact import redact

__all__ = [
    "AgentStepEvent",
    "Citation",
    "ClientToolEvent",
    "ErrorEvent",
    "EventFactory",
    "FinalEvent",
    "ObservationEvent",
    "Origin",
    "StepStartedEvent",
    "ThoughtEvent",
    "ToolInvokedEvent",
    "UpstreamFailure",
    "event_channel",
    "is_terminal",
    "new_request_id",
    "parse_event",
]

logger = step_logger("events", "agentcore.agents.events")

Origin = Literal["model", "control"]
"""Who decided: the model, or the loop's deterministic control (coverage check, refinement, verify, fallback)."""


def new_request_id() -> str:
    """A fresh request id (``req_`` + 24 hex digits)."""
    return f"req_{uuid.uuid4().hex[:24]}"


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    request_id: str = Field(description="id of the run this event belongs to")
    step: int = Field(ge=0, description="number of the step (1, 2, ...); 0 before the first step")
    timestamp: str = Field(default_factory=utc_now_iso, description="UTC, ISO 8601 with Z")


class StepStartedEvent(_Event):
    """A step begins: the loop is about to ask the model."""

    type: Literal["step_started"] = "step_started"
    agent: str = Field(description="the agent that runs")
    max_steps: int | None = Field(None, description="the step limit of this run")


class ThoughtEvent(_Event):
    """Reasoning: the model's ``Thought`` or the controller's decision (``origin="control"``)."""

    type: Literal["thought"] = "thought"
    text: str
    origin: Origin = "model"


class ToolInvokedEvent(_Event):
    """A tool is called with these arguments (validated against its schema when they are valid)."""

    type: Literal["tool_invoked"] = "tool_invoked"
    tool: str
    arguments: dict[str, Any]
    call_id: str
    origin: Origin = "model"


class ObservationEvent(_Event):
    """What the tool returned: a truncated preview and the full length of the text the model sees."""

    type: Literal["observation"] = "observation"
    tool: str
    call_id: str
    ok: bool
    preview: str
    length: int = Field(ge=0, description="characters in the full observation")
    elapsed_ms: float = Field(0.0, ge=0)
    error: str | None = None


class ClientToolEvent(_Event):
    """The run calls a tool its client declared (OpenAI ``tools``); the run waits for the client's result."""

    type: Literal["client_tool"] = "client_tool"
    tool: str
    arguments: dict[str, Any]
    call_id: str


class Citation(BaseModel):
    """A numbered source of a final answer (``[index]`` in the answer text)."""

    model_config = ConfigDict(frozen=True)

    index: int = Field(ge=1)
    id: str = Field(description="chunk id, e.g. vacation-policy#2")
    ids: list[str] = Field(
        default_factory=list,
        description="every chunk of the section cited under this number, in order (the first is id): a section "
        "cited through several chunks is one source",
    )
    doc_id: str
    title: str
    source: str = ""
    snippet: str = ""


class FinalEvent(_Event):
    """The answer; ``metadata`` holds what the agent reports about the run (coverage, confidence, steps, ...)."""

    type: Literal["final"] = "final"
    answer: str
    citations: list[Citation] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)


class UpstreamFailure(BaseModel):
    """The public face of a language-model failure that ended a run (see
    :class:`agentcore.llm.errors.LLMError`): its ``code`` and ``retry_after``.

    ``status`` is the HTTP edge's: the library leaves it ``None`` and the surfaces that send events out
    (``agentcore.web.status.public_event``) fill it in from ``code``.
    """

    model_config = ConfigDict(frozen=True)

    status: int | None = Field(
        None, description="HTTP status for the failure (504 timeout, 503 unavailable or rate limited, 502), by the edge"
    )
    code: str = Field(description="upstream_timeout, llm_unavailable, upstream_rate_limited, upstream_auth, ...")
    retry_after: float | None = Field(None, description="seconds to wait before trying again, when known")


class ErrorEvent(_Event):
    """The run failed; ``message`` is Russian and safe to show (secrets redacted).  ``upstream`` is set when a
    language-model failure ended the run (``code`` is then ``llm_error``)."""

    type: Literal["error"] = "error"
    message: str
    code: str = Field(description="machine code: llm_error, max_iterations, internal_error, ...")
    upstream: UpstreamFailure | None = None


AgentStepEvent = Annotated[
    StepStartedEvent | ThoughtEvent | ToolInvokedEvent | ObservationEvent | ClientToolEvent | FinalEvent | ErrorEvent,
    Field(discriminator="type"),
]
"""Any step event; ``event.type`` tells which."""

_ADAPTER: TypeAdapter[AgentStepEvent] = TypeAdapter(AgentStepEvent)


def parse_event(data: dict[str, Any] | str | bytes) -> AgentStepEvent:
    """An event from its JSON (text or parsed).

    Raises:
        pydantic.ValidationError: not a valid event.
    """
    if isinstance(data, str | bytes):
        return _ADAPTER.validate_json(data)
    return _ADAPTER.validate_python(data)


def is_terminal(event: AgentStepEvent) -> bool:
    """Whether ``event`` ends a stream (``final`` or ``error``)."""
    return event.type in ("final", "error")


class EventFactory:
    """Builds the events of one run: fills in ``request_id``, the agent name and the timestamp.

    Args:
        agent: the agent's name (``research``, ``example_agent``, ...).
        request_id: the run's id (a fresh one when omitted).
        max_steps: the run's step limit, reported in ``step_started``.
    """

    def __init__(self, agent: str, request_id: str | None = None, max_steps: int | None = None) -> None:
        self.agent = agent
        self.request_id = request_id or new_request_id()
        self.max_steps = max_steps

    def step_started(self, step: int) -> StepStartedEvent:
        """``step_started`` for ``step``."""
        return StepStartedEvent(request_id=self.request_id, step=step, agent=self.agent, max_steps=self.max_steps)

    def thought(self, step: int, text: str, origin: Origin = "model") -> ThoughtEvent:
        """``thought`` with ``text``."""
        return ThoughtEvent(request_id=self.request_id, step=step, text=text, origin=origin)

    def tool_invoked(
        self, step: int, tool: str, arguments: dict[str, Any], call_id: str, origin: Origin = "model"
    ) -> ToolInvokedEvent:
        """``tool_invoked`` for one call."""
        return ToolInvokedEvent(
            request_id=self.request_id, step=step, tool=tool, arguments=arguments, call_id=call_id, origin=origin
        )

    def observation(
        self,
        step: int,
        tool: str,
        call_id: str,
        *,
        ok: bool,
        text: str,
        preview_chars: int = 300,
        elapsed_ms: float = 0.0,
        error: str | None = None,
    ) -> ObservationEvent:
        """``observation`` of ``text`` (the full observation; the event carries a preview and the length).

        A failed call's preview and ``error`` name no address (an embedder or search backend failure may quote its
        URL; SSE clients must not learn the service's upstreams): they pass
        :func:`~agentcore.util.redact.redact_public`.  A successful preview is the tool's result as it is.
        """
        from agentcore.util.redact import redact_public
        from agentcore.util.truncate import truncate

        preview = truncate(text, preview_chars) if ok else redact_public(text, max(preview_chars, 1))
        return ObservationEvent(
            request_id=self.request_id,
            step=step,
            tool=tool,
            call_id=call_id,
            ok=ok,
            preview=preview,
            length=len(text),
            elapsed_ms=max(elapsed_ms, 0.0),
            error=redact_public(error) if error else None,
        )

    def client_tool(self, step: int, tool: str, arguments: dict[str, Any], call_id: str) -> ClientToolEvent:
        """``client_tool`` for one call of a client's tool."""
        return ClientToolEvent(request_id=self.request_id, step=step, tool=tool, arguments=arguments, call_id=call_id)

    def final(
        self,
        step: int,
        answer: str,
        citations: list[Citation] | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> FinalEvent:
        """``final`` with the answer."""
        return FinalEvent(
            request_id=self.request_id, step=step, answer=answer, citations=citations or [], metadata=metadata or {}
        )

    def error(self, step: int, message: str, code: str) -> ErrorEvent:
        """``error``; the message is passed through the secret redactor."""
        return ErrorEvent(request_id=self.request_id, step=step, message=redact(message), code=code)

    def llm_error(self, step: int, exc: Exception) -> ErrorEvent:
        """``error`` ``llm_error`` for a failed model call: «Ошибка при запросе LLM: <public message>» (no upstream
        text) and the failure's code and ``retry_after`` in ``upstream`` (the HTTP edge adds the status)."""
        upstream = UpstreamFailure(
            code=str(getattr(exc, "code", "upstream_error")),
            retry_after=getattr(exc, "retry_after", None),
        )
        message = f"Ошибка при запросе LLM: {getattr(exc, 'public_message', 'языковая модель вернула ошибку')}"
        return ErrorEvent(
            request_id=self.request_id, step=step, message=redact(message), code="llm_error", upstream=upstream
        )


Emit = Callable[[AgentStepEvent], Awaitable[None]]
"""``await emit(event)`` — how a producer hands an event to :func:`event_channel`'s consumer."""


class _Done:
    pass


_DONE = _Done()


async def event_channel(
    produce: Callable[[Emit], Awaitable[None]],
    fallback: Callable[[BaseException | None], AgentStepEvent],
) -> AsyncGenerator[AgentStepEvent, None]:
    """Run ``produce(emit)`` as a task and yield what it emits, live.

    Lets a loop written as plain async functions (each may ``await emit(event)`` from any depth) be consumed as an
    async iterator.  The hand-over is lock-step (a queue of one), so the producer never runs ahead of its consumer.

    Guarantees: the stream ends with exactly one terminal event (``final``/``error``) — if the producer fails or ends
    without one, ``fallback(exc or None)`` supplies it (a failure is logged with its traceback); events emitted after
    the terminal one are dropped.  Closing the iterator or cancelling its consumer cancels the producer task and
    waits for it to finish, so nothing keeps running.
    """
    queue: asyncio.Queue[AgentStepEvent | _Done] = asyncio.Queue(maxsize=1)

    async def emit(event: AgentStepEvent) -> None:
        await queue.put(event)

    async def runner() -> None:
        try:
            await produce(emit)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            logger.exception("event_channel // Producer failed")
            await queue.put(fallback(exc))
        await queue.put(_DONE)

    task = asyncio.create_task(runner())
    ended = False
    try:
        while True:
            item = await queue.get()
            if isinstance(item, _Done):
                break
            if ended:
                logger.warning("event_channel // Dropped a %s event emitted after the end of the run", item.type)
                continue
            ended = is_terminal(item)
            yield item
        if not ended:
            yield fallback(None)
    finally:
        if not task.done():
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
