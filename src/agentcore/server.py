"""One FastAPI server with the HTTP routes of every system (``agentcore serve``).

============== ==================================================== ====================================
prefix         routes                                               source
============== ==================================================== ====================================
``/rag``       ``GET /health``, ``POST /search``, …                 :mod:`agentcore.rag.service`
``/haiku``     ``GET /health``, ``POST /generate_haiku``            :mod:`agentcore.apps.haiku.service`
``/research``  ``POST /stream`` (SSE), ``POST ""``, ``GET /tools``  :mod:`agentcore.apps.research.routes`
``/v1``        ``POST /chat/completions``, ``GET /models``          :mod:`agentcore.agents.openai_surface`
``/``          ``POST /chat`` (CRM agent, ``X-API-Key``)             :mod:`agentcore.apps.crm.http_api`
``/scrum``     teams, tasks, daily, analytics, faq, digest, blockers :mod:`agentcore.apps.scrum.backend.routes`
============== ==================================================== ====================================

The app is built by :func:`agentcore.web.app.create_base_app` (offline docs at ``/docs``, one JSON error format,
bounded bodies).  Systems contribute ``APIRouter`` objects that are included here, so ``/openapi.json`` lists every
route; a router's ``lifespan`` (closing its clients) is merged into the app's.  The OpenAI-compatible endpoint serves
the agents named below as models.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from agentcore.config import Settings, get_settings
from agentcore.serving import closing_lifespan
from agentcore.web.app import create_base_app


def create_app(settings: Settings | None = None) -> FastAPI:
    """The combined application (no network access at creation; services initialise lazily)."""
    from agentcore.agents.openai_surface import create_openai_router
    from agentcore.apps.crm.http_api import create_router as create_crm_router
    from agentcore.apps.example.served import ExampleServing
    from agentcore.apps.haiku.service import create_app as create_haiku_app
    from agentcore.apps.research.routes import ResearchHTTP
    from agentcore.apps.research.routes import create_router as create_research_router
    from agentcore.apps.scrum.backend.routes import create_router as create_scrum_router
    from agentcore.rag.service import create_app as create_rag_app

    settings = settings or get_settings()
    rag_app, haiku_app = create_rag_app(settings), create_haiku_app(settings)
    # The research agent searches through the RAG service's engine: one index in memory, and switching the active
    # collection (POST /rag/collections/active) switches it for the agent too.
    research = ResearchHTTP(settings, engine_factory=rag_app.state.rag.engine)
    example = ExampleServing(settings)
    # Mounted apps' lifespans never run: the parent closes their LLM clients on shutdown.
    lifespan = closing_lifespan(rag_app.state.rag.aclose, haiku_app.state.haiku_service.aclose, example.aclose)
    app = create_base_app(settings, title="agentcore", lifespan=lifespan)

    @app.get("/health", tags=["server"])
    def health() -> dict[str, Any]:
        """Server status: the configured provider and the systems served."""
        mounts = ["/rag", "/haiku", "/research", "/v1", "/chat", "/scrum"]
        return {"status": "ok", "provider": settings.provider, "mounts": mounts}

    app.include_router(create_research_router(settings, http=research))
    # Model name → agent for the OpenAI-compatible endpoint.
    agents = {agent.name: agent for agent in (research.served_agent(), example.served_agent())}
    app.include_router(create_openai_router(agents))
    app.include_router(create_crm_router(settings))
    app.include_router(create_scrum_router(settings))
    app.mount("/rag", rag_app)
    app.mount("/haiku", haiku_app)
    return app
