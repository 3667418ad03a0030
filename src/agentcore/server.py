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


def create_app(settings: Settings | None = None) -> FastAPI:
    """The combined application (no network access at creation; sub-apps initialise lazily)."""
    settings = settings or get_settings()
    app = FastAPI(title="agentcore", version=__version__)

    @app.get("/health")
    def health() -> dict[str, Any]:
        return {"status": "ok", "provider": settings.provider, "mounts": ["/rag", "/haiku"]}

    from agentcore.apps.haiku.service import create_app as create_haiku_app
    from agentcore.rag.service import create_app as create_rag_app

    app.mount("/rag", create_rag_app(settings))
    app.mount("/haiku", create_haiku_app(settings))
    return app
