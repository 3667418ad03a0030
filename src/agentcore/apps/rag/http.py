"""The RAG service's routes in ``agentcore serve``: ``/rag/health``, ``/rag/search``, ``/rag/fetch_docs``,
``/rag/collections``, ``/rag/collections/active``, ``/rag/index``."""

from __future__ import annotations

from agentcore.apps.plugin import EdgeContext, Mount
from agentcore.rag.service import create_app, create_router

__all__ = ["create_app", "create_router", "mount"]


def mount(ctx: EdgeContext) -> Mount:
    """The app's part of ``agentcore serve``: the routes under ``/rag`` (they guard their reads and writes
    themselves); its engine is offered to the other apps as ``ctx.shared["rag.engine"]`` (one index in memory)."""
    router = create_router(ctx.settings)
    service = router.rag_service  # type: ignore[attr-defined]
    ctx.shared["rag.engine"] = service.engine
    ctx.shared["rag.service"] = service
    return Mount(router, prefix="/rag")
