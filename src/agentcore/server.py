"""One FastAPI server that mounts the HTTP routes of every system.

=========== ============================================ ====================================
prefix      routes                                       source
=========== ============================================ ====================================
``/rag``    ``GET /health``, ``POST /search``            :mod:`agentcore.rag.service`
``/haiku``  ``GET /health``, ``POST /generate_haiku``    :mod:`agentcore.apps.haiku.service`
=========== ============================================ ====================================

Mounted apps keep their own OpenAPI docs (``/rag/docs``, ``/haiku/docs``).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from agentcore import __version__
from agentcore.config import Settings, get_settings
from agentcore.serving import closing_lifespan


def create_app(settings: Settings | None = None) -> FastAPI:
    """The combined application (no network access at creation; sub-apps initialise lazily)."""
    from agentcore.apps.haiku.service import create_app as create_haiku_app
    from agentcore.rag.service import create_app as create_rag_app

    settings = settings or get_settings()
    rag_app, haiku_app = create_rag_app(settings), create_haiku_app(settings)
    # Mounted apps' lifespans never run: the parent closes their LLM clients on shutdown.
    lifespan = closing_lifespan(rag_app.state.rag.aclose, haiku_app.state.haiku_service.aclose)
    app = FastAPI(title="agentcore", version=__version__, lifespan=lifespan)

    @app.get("/health")
    def health() -> dict[str, Any]:
        return {"status": "ok", "provider": settings.provider, "mounts": ["/rag", "/haiku"]}

    app.mount("/rag", rag_app)
    app.mount("/haiku", haiku_app)
    return app
