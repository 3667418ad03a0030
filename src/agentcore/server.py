"""One FastAPI server with the HTTP routes of every system (``agentcore serve``).

============== ============================================================ ==========================================
prefix         routes                                                       source
============== ============================================================ ==========================================
``/rag``       ``GET /health``, ``POST /search``, ``/fetch_docs``,           :mod:`agentcore.rag.service`
               ``GET /collections``, ``POST /collections/active``, ``/index``
``/haiku``     ``GET /health``, ``POST /generate_haiku``                     :mod:`agentcore.apps.haiku.service`
``/research``  ``POST /stream`` (SSE), ``POST ""``, ``GET /tools``          :mod:`agentcore.apps.research.routes`
``/v1``        ``POST /chat/completions``, ``POST /responses``,              :mod:`agentcore.agents.openai_surface`
               ``GET /models``
``/``          ``POST /chat`` (CRM agent, ``X-API-Key``)                     :mod:`agentcore.apps.crm.http_api`
``/scrum``     teams, tasks, daily, analytics, faq, digest, blockers         :mod:`agentcore.apps.scrum.backend.routes`
``/mcp``       MCP Streamable HTTP (stateless; tools over the routes above)  :mod:`agentcore.mcp_server`
============== ============================================================ ==========================================

The app is built by :func:`agentcore.web.app.create_base_app` (offline docs at ``/docs``, one JSON error format,
bounded bodies).  Each system contributes an ``APIRouter`` that is included here — never a mounted sub-app — so
``/openapi.json`` lists every route; a router's ``lifespan`` (closing its clients) is merged into the app's.  The
OpenAI-compatible endpoint serves the agents named below as models.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncGenerator
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from pydantic import BaseModel, Field

from agentcore.config import Settings, get_settings
from agentcore.health import StoreState
from agentcore.serving import closing_lifespan
from agentcore.web.app import create_base_app
from agentcore.web.auth import reader_dependencies

if TYPE_CHECKING:
    from agentcore.agents.events import AgentStepEvent
    from agentcore.agents.served import AgentInput, ServedAgent
    from agentcore.agents.shaping import AnswerShaper
    from agentcore.apps.research.routes import ResearchHTTP


class ServerHealth(BaseModel):
    """Answer of ``GET /health``: what this worker process sees."""

    status: str
    provider: str
    systems: list[str]
    worker: int = Field(description="PID процесса, ответившего на запрос")
    collection: str | None = Field(description="активная коллекция RAG, которую видит этот процесс")
    collection_version: str | None = Field(description="её версия (None, пока не загружена или недоступна)")
    stores: dict[str, StoreState] = Field(description="общие хранилища: redis, database, qdrant")


def create_app(settings: Settings | None = None, *, mcp: bool = True) -> FastAPI:
    """The combined application (no network access at creation; services initialise lazily).

    ``app.state.routers`` maps each system's prefix to its router (e.g. ``["/haiku"].haiku_service``).  With
    ``mcp`` the MCP server is mounted at ``/mcp`` (Streamable HTTP; ``docs/mcp.md``).
    """
    from agentcore.agents.openai_surface import create_openai_router
    from agentcore.apps.crm.http_api import create_router as create_crm_router
    from agentcore.apps.example.served import ExampleServing
    from agentcore.apps.haiku.service import create_router as create_haiku_router
    from agentcore.apps.research.routes import ResearchHTTP
    from agentcore.apps.research.routes import create_router as create_research_router
    from agentcore.apps.scrum.backend.routes import create_router as create_scrum_router
    from agentcore.rag.service import create_router as create_rag_router

    settings = settings or get_settings()
    rag = create_rag_router(settings)
    # The research agent searches through the RAG service's engine: one index in memory, and switching the active
    # collection (POST /rag/collections/active) switches it for the agent too.
    research = ResearchHTTP(settings, engine_factory=rag.rag_service.engine)  # type: ignore[attr-defined]
    example = ExampleServing(settings)
    # Model name → agent for the OpenAI-compatible endpoint.
    agents = {agent.name: agent for agent in (research_model(research), example.served_agent())}
    shaper = answer_shaper(settings)
    v1 = create_openai_router(agents, shaper=shaper)
    # prefix given here → router; "/research", "/v1", "/scrum" and the CRM's "/chat" carry their paths themselves.
    routers = {
        "/rag": rag,
        "/haiku": create_haiku_router(settings),
        "/research": create_research_router(settings, http=research),
        "/v1": v1,
        "/chat": create_crm_router(settings),
        "/scrum": create_scrum_router(settings),
    }
    own_prefix = {"/rag", "/haiku"}
    # /rag and /haiku guard their read routes themselves (health stays open); /chat has the CRM's X-API-Key.
    guarded_here = {"/research", "/v1", "/scrum"}
    app = create_base_app(
        settings,
        title="agentcore",
        summary="Все HTTP-маршруты систем agentcore",
        lifespan=closing_lifespan(example.aclose, v1.run_store.aclose, shaper.aclose),  # type: ignore[attr-defined]
    )

    @app.get("/health", tags=["server"], response_model=ServerHealth)
    async def health() -> Any:
        """What this worker sees: provider, systems (prefixes), the active collection and its version, and
        whether the shared stores (Redis, the database, Qdrant) answer."""
        from agentcore.health import check_stores

        collection, version = await asyncio.to_thread(_rag_view, rag)
        stores = await asyncio.to_thread(check_stores, settings)
        return ServerHealth(
            status="ok",
            provider=settings.provider,
            systems=list(routers),
            worker=os.getpid(),
            collection=collection,
            collection_version=version,
            stores=stores,
        )

    for prefix, router in routers.items():
        app.include_router(
            router,
            prefix=prefix if prefix in own_prefix else "",
            dependencies=reader_dependencies(settings) if prefix in guarded_here else None,
        )
    app.state.routers = routers
    app.state.research = research
    if mcp:
        from agentcore.mcp_server import Backend, create_mcp_router

        crm = getattr(routers["/chat"], "crm_service", None)
        app.include_router(create_mcp_router(Backend(settings, app=app, research=research, crm=crm)))
    return app


def _rag_view(rag: Any) -> tuple[str | None, str | None]:
    """The active collection and its version as this process sees them; ``(None, None)`` if it cannot load."""
    try:
        info = rag.rag_service.searcher().info()
    except Exception:  # health reports, it never fails: /rag/health gives the reason
        return None, None
    return info.name, info.version


def answer_shaper(settings: Settings) -> AnswerShaper:
    """Shapes ``/v1`` structured answers with the configured model (unavailable with the offline provider)."""
    from agentcore.agents.shaping import AnswerShaper

    if settings.provider == "offline":
        return AnswerShaper(None)

    def gateway() -> Any:
        from agentcore.llm.factory import create_gateway

        return create_gateway(settings)

    return AnswerShaper(gateway, settings.structured_output_mode)


def research_model(research: ResearchHTTP) -> ServedAgent:
    """The research agent as the model ``research``: a plain question runs as on ``POST /research`` (cached);
    earlier turns, client instructions and client tools go into the ReAct loop itself."""
    import contextlib
    import dataclasses

    from agentcore.apps.research.models import AgentRequest
    from agentcore.llm.models import LLMMessage

    base = research.served_agent()

    async def run_input(agent_input: AgentInput) -> AsyncGenerator[AgentStepEvent, None]:
        plain = not (agent_input.history or agent_input.after or agent_input.instructions or agent_input.client_tools)
        if plain:
            async with contextlib.aclosing(base.run(agent_input.question)) as events:
                async for event in events:
                    yield event
            return
        service = research.service()
        info = await service.check_request(AgentRequest(question=agent_input.question))
        history = list(agent_input.history)
        if agent_input.instructions:
            history.insert(0, LLMMessage(role="user", content=f"Указания клиента: {agent_input.instructions}"))
        stream = service.stream(
            agent_input.question,
            max_steps=research.settings.agent_default_steps,
            collection=info.name,
            history=history,
            after=agent_input.after,
            client_tools=agent_input.client_tools,
        )
        async with contextlib.aclosing(stream) as events:
            async for event in events:
                yield event

    return dataclasses.replace(base, run_input=run_input)
