"""One FastAPI server with the HTTP routes of every system (``agentcore serve``).

=========== ============================================================ ====================================
prefix      routes                                                       source
=========== ============================================================ ====================================
``/rag``    ``GET /health``, ``POST /search``, ``/fetch_docs``,           :mod:`agentcore.rag.service`
            ``GET /collections``, ``POST /collections/active``, ``/index``
``/haiku``  ``GET /health``, ``POST /generate_haiku``                     :mod:`agentcore.apps.haiku.service`
=========== ============================================================ ====================================

The app is built by :func:`agentcore.web.app.create_base_app` (offline docs at ``/docs``, one JSON error format,
bounded bodies).  Each system contributes an ``APIRouter`` that is included here — never a mounted sub-app — so
``/openapi.json`` lists every route; a router's ``lifespan`` (closing its clients) is merged into the app's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, FastAPI
from pydantic import BaseModel

from agentcore.config import Settings, get_settings
from agentcore.web.app import create_base_app


class ServerHealth(BaseModel):
    """Answer of ``GET /health``."""

    status: str
    provider: str
    systems: list[str]


def _rag_router(settings: Settings) -> APIRouter:
    from agentcore.rag.service import create_router

    return create_router(settings)


def _haiku_router(settings: Settings) -> APIRouter:
    from agentcore.apps.haiku.service import create_router

    return create_router(settings)


# (prefix, router factory) of every system; a new system adds one line.
ROUTERS: list[tuple[str, Callable[[Settings], APIRouter]]] = [
    ("/rag", _rag_router),
    ("/haiku", _haiku_router),
]


def create_app(settings: Settings | None = None) -> FastAPI:
    """The combined application (no network access at creation; services initialise lazily).

    ``app.state.routers`` maps each prefix to its router (e.g. ``["/haiku"].haiku_service``).
    """
    settings = settings or get_settings()
    app = create_base_app(settings, title="agentcore", summary="Все HTTP-маршруты систем agentcore")
    prefixes = [prefix for prefix, _ in ROUTERS]

    @app.get("/health", tags=["server"], response_model=ServerHealth)
    def health() -> Any:
        """Server status: the configured provider and the systems served (their prefixes)."""
        return ServerHealth(status="ok", provider=settings.provider, systems=prefixes)

    app.state.routers = {}
    for prefix, factory in ROUTERS:
        router = factory(settings)
        app.include_router(router, prefix=prefix)
        app.state.routers[prefix] = router
    return app
