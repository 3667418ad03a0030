"""One FastAPI server with the HTTP routes of every system (``agentcore serve``).

============== ============================================================ ==========================================
prefix         routes                                                       source (each app's ``http.py``)
============== ============================================================ ==========================================
``/rag``       ``GET /health``, ``POST /search``, ``/fetch_docs``,           :mod:`agentcore.apps.rag.http`
               ``GET /collections``, ``POST /collections/active``, ``/index``
``/haiku``     ``GET /health``, ``POST /generate_haiku``                     :mod:`agentcore.apps.haiku.http`
``/research``  ``POST /stream`` (SSE), ``POST ""``, ``GET /tools``          :mod:`agentcore.apps.research.http`
``/v1``        ``POST /chat/completions``, ``POST /responses``,              :mod:`agentcore.web.v1.router`
               ``GET /models``                                              (the edge's own: every app's agents)
``/``          ``POST /chat`` (CRM agent, ``X-API-Key``)                     :mod:`agentcore.apps.crm.http`
``/scrum``     teams, tasks, daily, analytics, faq, digest, blockers         :mod:`agentcore.apps.scrum.http`
``/trace``     ``GET /runs``, ``GET /runs/{request_id}`` (run traces)         :mod:`agentcore.web.runs` (the edge's)
``/mcp``       MCP Streamable HTTP (stateless; tools over the routes above)  :mod:`agentcore.mcp_server` (the edge's)
``/``,         the web console: ``GET /`` (Ask), ``/console/<page>``,        :mod:`agentcore.web.console` (pages from
``/console``   ``/console/static/...`` (HTML pages, clients of the API)     the apps' ``pages=``; docs/console.md)
============== ============================================================ ==========================================

The server loops over the registered apps (:mod:`agentcore.appkit.registry`): each gives its router and where it goes
(``mount``), its agents for ``/v1`` and its error answers (merged into :data:`agentcore.web.status.EDGE_STATUS`).
The app is built by :func:`agentcore.web.app.create_base_app` (offline docs at ``/docs``, one JSON error format,
bounded bodies).  Routers are included — never a mounted sub-app — so ``/openapi.json`` lists every route; a
router's ``lifespan`` (closing its clients) is merged into the app's.
"""

from __future__ import annotations

import asyncio
import os
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from pydantic import BaseModel, Field

from agentcore.config import Settings, get_settings
from agentcore.health import StoreState
from agentcore.serving import closing_lifespan
from agentcore.web.app import create_base_app
from agentcore.web.auth import reader_dependencies

if TYPE_CHECKING:
    from agentcore.agents import AnswerShaper
    from agentcore.agents.served import ServedAgent
    from agentcore.settings.llm import LLMSettings


def __getattr__(name: str) -> Any:
    # ``research_model`` belongs to the research app now; kept importable from here.
    if name == "research_model":
        from agentcore.apps.research.http import research_model

        return research_model
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class ServerHealth(BaseModel):
    """Answer of ``GET /health``: what this worker process sees."""

    status: str
    provider: str
    systems: list[str]
    worker: int = Field(description="PID процесса, ответившего на запрос")
    collection: str | None = Field(description="активная коллекция RAG, которую видит этот процесс")
    collection_version: str | None = Field(description="её версия (None, пока не загружена или недоступна)")
    stores: dict[str, StoreState] = Field(description="общие хранилища: redis, database, qdrant")


def create_app(settings: Settings | None = None, *, mcp: bool = True, console: bool = True) -> FastAPI:
    """The combined application (no network access at creation; services initialise lazily).

    Every registered app (:mod:`agentcore.appkit.registry`) contributes its router, its agents for ``/v1`` and its
    error answers; ``app.state.routers`` maps each system (``/haiku``, ``/chat``, ...) to its router (e.g.
    ``["/haiku"].haiku_service``).  With ``mcp`` the MCP server is mounted at ``/mcp`` (Streamable HTTP;
    ``docs/mcp.md``); with ``console`` the web console is served at ``/`` (the apps' pages; ``docs/console.md``).
    """
    from agentcore.agents import RunLog
    from agentcore.appkit.plugin import EdgeContext, Mount
    from agentcore.appkit.registry import APPS
    from agentcore.web.console.pages import ConsolePage
    from agentcore.web.runs import RunOwnerMiddleware, create_runs_router
    from agentcore.web.status import EDGE_STATUS
    from agentcore.web.v1.router import create_openai_router, run_store_for

    settings = settings or get_settings()
    ctx = EdgeContext(settings)
    mounts: list[Mount] = []
    agents: dict[str, ServedAgent] = {}
    pages: list[ConsolePage] = []
    v1_at = 0  # /v1 is listed after the systems whose agents it serves
    for plugin in APPS:
        EDGE_STATUS.update(plugin.error_faces())
        mount = plugin.mount(ctx)
        if mount is not None:
            mounts.append(mount)
        served = plugin.served_agents(ctx)
        if served:
            agents.update((agent.name, agent) for agent in served)
            v1_at = len(mounts)
        if console:
            pages.extend(plugin.console_pages(ctx))
    shaper = answer_shaper(settings.llm, settings.core.redis_url, settings.core.redis_prefix)
    run_log = RunLog(settings.log_dir)
    store = run_store_for(settings.core.redis_url, settings.core.redis_prefix)
    v1 = create_openai_router(agents, shaper=shaper, store=store, run_log=run_log)
    mounts.insert(v1_at, Mount(v1, guarded=True, label="/v1"))
    app = create_base_app(
        settings,
        title="agentcore",
        summary="Все HTTP-маршруты систем agentcore",
        lifespan=closing_lifespan(*ctx.closers, v1.run_store.aclose, shaper.aclose),  # type: ignore[attr-defined]
    )
    routers = {mount.system: mount.router for mount in mounts}
    rag_service = ctx.shared.get("rag.service")

    @app.get("/health", tags=["server"], response_model=ServerHealth)
    async def health() -> Any:
        """What this worker sees: provider, systems (prefixes), the active collection and its version, and
        whether the shared stores (Redis, the database, Qdrant) answer."""
        from agentcore.health import check_stores

        collection, version = await asyncio.to_thread(_rag_view, rag_service)
        stores = await asyncio.to_thread(check_stores, settings.core, settings.rag)
        return ServerHealth(
            status="ok",
            provider=settings.provider,
            systems=list(routers),
            worker=os.getpid(),
            collection=collection,
            collection_version=version,
            stores=stores,
        )

    for mount in mounts:
        app.include_router(
            mount.router,
            prefix=mount.prefix,
            dependencies=reader_dependencies(settings) if mount.guarded else None,
        )
    app.include_router(create_runs_router(run_log), dependencies=reader_dependencies(settings))
    app.add_middleware(RunOwnerMiddleware)  # a run is its starter's: web/runs.py decides who reads it
    app.state.routers = routers
    research = ctx.shared.get("research.http")
    app.state.research = research
    if mcp:
        from agentcore.mcp_server import Backend, create_mcp_router

        crm = getattr(routers.get("/chat"), "crm_service", None)
        app.include_router(create_mcp_router(Backend(settings, app=app, research=research, crm=crm)))
    if console:
        from agentcore.web.console import core_pages, create_console_router

        app.include_router(create_console_router([*pages, *core_pages()], settings))
    return app


def _rag_view(rag_service: Any) -> tuple[str | None, str | None]:
    """The active collection and its version as this process sees them; ``(None, None)`` if it cannot load."""
    if rag_service is None:
        return None, None
    try:
        info = rag_service.searcher().info()
    except Exception:  # health reports, it never fails: /rag/health gives the reason
        return None, None
    return info.name, info.version


def answer_shaper(llm: LLMSettings, redis_url: str | None = None, redis_prefix: str = "agentcore:") -> AnswerShaper:
    """Shapes ``/v1`` structured answers with the model of the ``llm`` section (unavailable with the offline
    provider); ``redis_url`` / ``redis_prefix``: the shared rate limit's Redis and key prefix."""
    from agentcore.agents import AnswerShaper

    if llm.provider == "offline":
        return AnswerShaper(None)

    def gateway() -> Any:
        from agentcore.llm.factory import create_gateway

        return create_gateway(llm, redis_url=redis_url, redis_prefix=redis_prefix)

    return AnswerShaper(gateway, llm.structured_output_mode)
