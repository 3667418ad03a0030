"""Reachability of the shared stores a deployment is configured with (``GET /health`` of ``agentcore serve``).

Each check is bounded by :data:`CHECK_TIMEOUT` seconds and never raises: a store is ``ok``, ``unreachable`` or
``not configured`` — or ``local`` for Qdrant in qdrant-client's local mode (``:memory:`` or a folder: inside this
process, nothing to reach over the network).  No address or secret is reported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from agentcore.settings import CoreSettings, RagSettings

CHECK_TIMEOUT = 2.0

StoreState = Literal["ok", "unreachable", "not configured", "local"]


def check_stores(core: CoreSettings, rag: RagSettings) -> dict[str, StoreState]:
    """``{"redis": …, "database": …, "qdrant": …}`` for the stores of the ``core`` (Redis, the database) and
    ``rag`` (Qdrant) sections."""
    return {
        "redis": _check(core.redis_url, _ping_redis),
        "database": _check(core.database_url.get_secret_value() if core.database_url else None, _ping_database),
        "qdrant": "local" if _local_qdrant(rag.qdrant_url) else _check(rag.qdrant_url, _ping_qdrant),
    }


def _local_qdrant(url: str | None) -> bool:
    from agentcore.rag.qdrant import MEMORY, local_folder

    return bool(url) and (url == MEMORY or local_folder(url or "") is not None)


def _check(url: str | None, ping: Callable[[str], None]) -> StoreState:
    if not url:
        return "not configured"
    try:
        ping(url)
    except Exception:  # any failure means the same to an operator: this worker cannot use the store
        return "unreachable"
    return "ok"


def _ping_redis(url: str) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_timeout=CHECK_TIMEOUT, socket_connect_timeout=CHECK_TIMEOUT)
    try:
        client.ping()
    finally:
        client.close()


def _ping_database(url: str) -> None:
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    connect_args = {"connect_timeout": int(CHECK_TIMEOUT)} if url.startswith("postgresql") else {}
    engine = create_engine(url, poolclass=NullPool, connect_args=connect_args)
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    finally:
        engine.dispose()


def _ping_qdrant(url: str) -> None:
    import httpx

    httpx.get(url.rstrip("/") + "/readyz", timeout=CHECK_TIMEOUT).raise_for_status()
