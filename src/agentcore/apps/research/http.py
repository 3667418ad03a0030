"""HTTP routes of the research agent: ``POST /research/stream`` (SSE), ``POST /research`` (one JSON),
``GET /research/tools``; and the agent as an OpenAI-compatible model (:meth:`ResearchHTTP.served_agent`).

Bad input is refused before a run starts, as JSON ``{"error", "code"}``: 422 (empty or too long question,
``max_steps`` out of range, invalid collection name, malformed fields), 400 (malformed JSON), 404 (unknown
collection), 409 (empty collection), 413 (body too large), 503 (LLM provider not configured), 504 (the collection
not loaded within ``AGENT_RUN_DEADLINE``).  A started stream always ends with a ``final`` or ``error`` event; a client
that disconnects cancels the run.  The body's ``max_steps`` bound is ``AGENT_MAX_STEPS``, declared in its schema.

No ``from __future__ import annotations`` here: FastAPI must see the body class built from the settings inside
:func:`create_router`, not the string of its local name.
"""

import asyncio
import contextlib
import threading
import weakref
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from agentcore.agents import RunLog
from agentcore.agents.events import AgentStepEvent, Citation
from agentcore.agents.served import AgentInput, ServedAgent
from agentcore.appkit.plugin import EdgeContext, Mount
from agentcore.apps.research.models import AgentRequest, request_model
from agentcore.apps.research.service import AgentRequestError, AgentService, RunDeadlineError
from agentcore.apps.research.settings import ResearchSettings
from agentcore.config import Settings
from agentcore.rag.errors import RetrievalError
from agentcore.util.redact import redact_public
from agentcore.web.errors import ApiError, error_responses
from agentcore.web.status import EDGE_STATUS, answer_for_event, public_event

if TYPE_CHECKING:
    from agentcore.rag.engine import RagEngine
    from agentcore.tools.mcp import SharedMcpTools
from agentcore.trace.logs import step_logger

__all__ = ["ResearchHTTP", "ResearchResponse", "create_router", "mount", "research_model", "served_agents"]

logger = step_logger("research", "agentcore.research.http")

_RAG_CODES = {404: "unknown_collection", 409: "empty_collection", 422: "validation_error", 503: "unavailable"}


class ResearchResponse(BaseModel):
    """Answer of ``POST /research``: the ``final`` event's content plus every step event."""

    request_id: str
    answer: str
    citations: list[Citation]
    metadata: dict[str, Any] = Field(description="coverage, refinements, confidence, answered, fallback, steps, ...")
    events: list[dict[str, Any]] = Field(description="все события шагов по порядку (как в /research/stream)")


class ResearchHTTP:
    """The research agent behind HTTP: one lazily created :class:`AgentService` and the routes over it.

    Args:
        settings: configuration.
        service: an existing service (tests); by default one is created on the first request.
        engine_factory: returns the retrieval engine to share (e.g. the RAG service's, so that switching its active
            collection switches the agent's too); by default the service creates its own.
    """

    def __init__(
        self,
        settings: Settings,
        service: AgentService | None = None,
        engine_factory: "Callable[[], RagEngine] | None" = None,
        mcp: "SharedMcpTools | None" = None,
    ) -> None:
        self.settings = settings
        self.mcp = mcp
        self._service = service
        self._own_service = service is None
        self._engine_factory = engine_factory
        self._lock = threading.Lock()
        self.run_log = RunLog(settings.log_dir)
        # The run deadline a served agent's check took, for the run its request starts next (same task): the
        # collection check and the run of a /v1 request keep within one deadline.
        self._deadlines: weakref.WeakKeyDictionary[asyncio.Task[Any], float] = weakref.WeakKeyDictionary()

    def hand_over(self, deadline: float) -> None:
        """Keep ``deadline`` for the run the current task starts next (:meth:`taken_deadline`)."""
        task = asyncio.current_task()
        if task is not None:
            self._deadlines[task] = deadline

    def taken_deadline(self) -> float | None:
        """The deadline the current task's check took (once), or ``None``: the run takes its own."""
        task = asyncio.current_task()
        return self._deadlines.pop(task, None) if task is not None else None

    def service(self) -> AgentService:
        """The service (created on first use).

        Raises:
            ApiError: 503 when the LLM provider is not configured.
        """
        with self._lock:
            if self._service is None:
                from agentcore.llm.errors import LLMConfigError

                retriever = None
                if self._engine_factory is not None:
                    from agentcore.apps.research.retrieval import EngineRetriever

                    retriever = EngineRetriever(engine_factory=self._engine_factory)
                try:
                    self._service = AgentService(self.settings, retriever=retriever)
                except LLMConfigError as exc:
                    logger.error("service // LLM provider not configured: %s", exc)
                    raise ApiError(503, "провайдер LLM не настроен", "llm_not_configured") from None
            return self._service

    def traced(
        self, events: AsyncGenerator[AgentStepEvent, None], question: str
    ) -> AsyncGenerator[AgentStepEvent, None]:
        """``events`` recorded in the run trace (``GET /trace/runs/{request_id}``) when the run ends."""
        return self.run_log.traced("research", events, question)

    async def aclose(self) -> None:
        """Close the service's clients (when this object created it)."""
        if self._service is not None and self._own_service:
            await self._service.aclose()

    async def checked(self, request: AgentRequest, deadline: float | None = None) -> AgentService:
        """The service, after ``request`` passed the configured limits and its collection was found (by
        ``deadline``, ``loop.time()``: the run's, so that the check counts against it).

        Raises:
            ApiError: 422 / 404 / 409 / 503 with the reason.
        """
        service = self.service()
        await self.join_mcp(service)
        try:
            await service.check_request(request, deadline=deadline)
        except AgentRequestError as exc:
            raise ApiError(422, f"некорректный запрос: {exc}", "validation_error") from None
        except RunDeadlineError as exc:
            raise ApiError(504, str(exc), "upstream_timeout") from None
        except RetrievalError as exc:
            face = EDGE_STATUS.face_of(exc)
            status = face.status if face is not None and face.status in _RAG_CODES else 422
            raise ApiError(status, redact_public(str(exc)), _RAG_CODES.get(status, "validation_error")) from None
        return service

    async def join_mcp(self, service: AgentService) -> None:
        """Add the configured MCP servers' tools (``AGENTCORE_MCP_SERVERS``) to the agent's, once connected.

        Raises:
            ApiError: 503 ``mcp_unavailable`` naming the server that is down (the run does not start).
        """
        if self.mcp is None or not self.mcp.configured:
            return
        from agentcore.tools.mcp import McpServerError

        try:
            tools = await self.mcp.tools()
        except McpServerError as exc:
            logger.error("service // %s", exc)
            raise ApiError(503, str(exc), "mcp_unavailable") from None
        for tool in tools:
            if tool.name not in service.tools:
                service.tools.register(tool)

    def served_agent(self) -> ServedAgent:
        """The agent as the OpenAI-compatible model ``research``: questions are checked like the routes' bodies
        (4xx before any stream), then run on the active collection."""

        def request_for(question: str) -> AgentRequest:
            from pydantic import ValidationError

            from agentcore.web.errors import validation_message

            try:
                return AgentRequest.model_validate({"question": question})
            except ValidationError as exc:
                raise ApiError(422, validation_message(exc.errors()), "validation_error") from None

        async def check(question: str) -> None:
            request = request_for(question)  # a bad question is 422 before anything else (an unconfigured LLM: 503)
            deadline = self.service().run_deadline()
            await self.checked(request, deadline)
            self.hand_over(deadline)  # the run started next counts against the same deadline

        def run(question: str) -> AsyncGenerator[AgentStepEvent, None]:
            return events_of(question, self.taken_deadline())  # taken now: the check's task starts the run

        async def events_of(question: str, deadline: float | None) -> AsyncGenerator[AgentStepEvent, None]:
            service = self.service()
            stream = service.stream_agent_response(request_for(question), deadline=deadline)
            async with contextlib.aclosing(stream) as events:
                async for event in events:
                    yield event

        async def own_tools() -> frozenset[str]:
            service = self.service()
            await self.join_mcp(service)
            return frozenset(service.get_available_tools())

        return ServedAgent(
            "research",
            "Исследовательский агент: ReAct-поиск по базе знаний с цитатами, покрытием и проверкой",
            run,
            check,
            own_tools=own_tools,
        )


def create_router(
    settings: Settings,
    service: AgentService | None = None,
    *,
    engine_factory: "Callable[[], RagEngine] | None" = None,
    http: ResearchHTTP | None = None,
) -> APIRouter:
    """The ``/research`` routes; the router's lifespan closes the service's clients."""
    from sse_starlette import EventSourceResponse, ServerSentEvent

    research = http or ResearchHTTP(settings, service, engine_factory)

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        if research.mcp is not None and research.mcp.configured:  # a server that is down is said at start
            from agentcore.tools.mcp import McpServerError

            try:
                await research.mcp.tools()
            except McpServerError as exc:
                logger.error("serve // %s: research runs answer 503 until it is up", exc)
        yield
        await research.aclose()

    router = APIRouter(prefix="/research", tags=["research"], lifespan=lifespan)
    errors = error_responses(400, 404, 409, 413, 415, 422, 503, 504)
    # max_steps bounded by AGENT_MAX_STEPS in the schema itself, so the schema and the service agree
    Body = request_model(ResearchSettings.of(settings).agent_max_steps)

    @router.post(
        "/stream",
        response_model=None,
        response_class=EventSourceResponse,
        responses={
            **errors,
            200: {
                "description": "Server-Sent Events: одно событие на шаг, последним — final или error",
                "content": {"text/event-stream": {}},
            },
        },
        summary="Исследовательский агент: шаги в реальном времени (SSE)",
    )
    async def research_stream(body: Body) -> Any:  # type: ignore[valid-type]
        """Run the agent and stream every step as a Server-Sent Event (``event:`` = the step type, ``data:`` = the
        event JSON, ``id:`` = ``<request_id>:<n>``); the last event is ``final`` or ``error``."""
        deadline = research.service().run_deadline()
        service = await research.checked(body, deadline)

        async def events() -> AsyncGenerator[ServerSentEvent, None]:
            count, request_id = 0, "-"
            try:
                run = research.traced(service.stream_agent_response(body, deadline=deadline), _question(body))
                async with contextlib.aclosing(run) as stream:
                    async for event in stream:
                        count += 1
                        request_id = event.request_id
                        yield ServerSentEvent(
                            data=public_event(event).model_dump_json(), event=event.type, id=f"{request_id}:{count}"
                        )
            except (asyncio.CancelledError, GeneratorExit):
                logger.info("research_stream // Client gone %s after %d events: run cancelled", request_id, count)
                raise

        return EventSourceResponse(events(), ping=15, send_timeout=60)

    @router.post(
        "",
        response_model=ResearchResponse,
        responses={**errors, **error_responses(500, 502, 503, 504)},
        summary="Исследовательский агент: ответ одним JSON",
    )
    async def research_run(body: Body, request: Request) -> Any:  # type: ignore[valid-type]
        """Run the agent to the end and answer with the final event and every step (a client that disconnects
        cancels the run)."""
        from agentcore.web.disconnect import ClientGone, gone_response, unless_disconnected

        deadline = research.service().run_deadline()
        service = await research.checked(body, deadline)

        async def run() -> list[AgentStepEvent]:
            traced = research.traced(service.stream_agent_response(body, deadline=deadline), _question(body))
            async with contextlib.aclosing(traced) as stream:
                return [event async for event in stream]

        try:
            recorded = await unless_disconnected(request, run())
        except ClientGone:
            logger.info("research_run // Client gone: run cancelled")
            return gone_response()
        last = recorded[-1] if recorded else None
        if last is None:
            raise ApiError(500, "внутренняя ошибка сервера", "internal_error")
        if last.type == "error":
            raise answer_for_event(last)
        assert last.type == "final"
        return ResearchResponse(
            request_id=last.request_id,
            answer=last.answer,
            citations=last.citations,
            metadata=last.metadata,
            events=[event.model_dump(mode="json") for event in recorded],
        )

    @router.get("/tools", summary="Инструменты исследовательского агента и их схемы")
    async def research_tools() -> dict[str, Any]:
        """``{"tools": {name: {"name", "description", "parameters"}}}``."""
        return {"tools": research.service().get_available_tools()}

    return router


def research_model(research: ResearchHTTP) -> ServedAgent:
    """The research agent as the model ``research``: a plain question runs as on ``POST /research`` (cached);
    earlier turns, client instructions and client tools go into the ReAct loop itself.  The question is the last
    user message — a bare follow-up («А сколько дней?») completed with the previous question's topic."""
    import contextlib
    import dataclasses

    from agentcore.apps.research.followup import standalone_question
    from agentcore.apps.research.models import AgentRequest

    base = research.served_agent()

    def run_input(agent_input: AgentInput) -> AsyncGenerator[AgentStepEvent, None]:
        plain = not (agent_input.history or agent_input.after or agent_input.instructions or agent_input.client_tools)
        if plain:
            return base.run(agent_input.question)
        return with_history(agent_input, research.taken_deadline())  # the check's deadline, taken now

    async def with_history(agent_input: AgentInput, deadline: float | None) -> AsyncGenerator[AgentStepEvent, None]:
        service = research.service()
        if deadline is None:
            deadline = service.run_deadline()
        # a bare follow-up («А сколько дней?») is searched with the previous question's topic (apps/research/followup)
        question = standalone_question(agent_input.question, agent_input.history)
        if question != agent_input.question:
            logger.info("research_model // Follow-up %r searched as %r", agent_input.question, question)
        info = await service.check_request(AgentRequest(question=question), deadline=deadline)
        stream = service.stream(
            question,
            max_steps=ResearchSettings.of(research.settings).default_steps,
            collection=info.name,
            history=list(agent_input.history),
            instructions=agent_input.instructions,
            after=agent_input.after,
            client_tools=agent_input.client_tools,
            deadline=deadline,
        )
        async with contextlib.aclosing(stream) as events:
            async for event in events:
                yield event

    return dataclasses.replace(base, run_input=run_input)


def mount(ctx: EdgeContext) -> Mount:
    """The app's part of ``agentcore serve``: ``/research`` (behind the read tokens), searching through the RAG
    app's engine when the server has one (one index in memory; switching the active collection switches it here
    too)."""
    from agentcore.tools.mcp import shared_mcp_tools

    mcp = shared_mcp_tools(ctx.shared, ctx.closers)
    research = ResearchHTTP(ctx.settings, engine_factory=ctx.shared.get("rag.engine"), mcp=mcp)
    ctx.shared["research.http"] = research
    return Mount(create_router(ctx.settings, http=research), guarded=True, label="/research")


def served_agents(ctx: EdgeContext) -> list[ServedAgent]:
    """The model ``research`` of ``/v1`` (the same agent as ``/research``)."""
    from agentcore.tools.mcp import shared_mcp_tools

    research = ctx.shared.get("research.http")
    if research is None:
        mcp = shared_mcp_tools(ctx.shared, ctx.closers)
        research = ResearchHTTP(ctx.settings, engine_factory=ctx.shared.get("rag.engine"), mcp=mcp)
        ctx.closers.append(research.aclose)
    return [research_model(research)]


def _question(body: AgentRequest) -> str:
    """The question of a request body (for the run trace)."""
    return body.question
