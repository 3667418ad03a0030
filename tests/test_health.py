"""Shared-store checks of ``GET /health``: real Redis and PostgreSQL, and stores that do not answer."""

from __future__ import annotations

from pathlib import Path

from pydantic import SecretStr

from agentcore.config import Settings
from agentcore.health import check_stores
from tests.services import require_redis


def test_nothing_configured(settings: Settings) -> None:
    states = check_stores(settings.core, settings.rag)
    assert states == {"redis": "not configured", "database": "not configured", "qdrant": "not configured"}


def test_real_servers_answer(data_dir: Path, postgres_url: str) -> None:
    settings = Settings(data_dir=data_dir, redis_url=require_redis(), database_url=SecretStr(postgres_url))
    assert check_stores(settings.core, settings.rag) == {"redis": "ok", "database": "ok", "qdrant": "not configured"}


def test_stores_that_do_not_answer_are_reported_not_raised(data_dir: Path) -> None:
    settings = Settings(
        data_dir=data_dir,
        redis_url="redis://127.0.0.1:1/0",
        database_url=SecretStr("postgresql+psycopg://nobody@127.0.0.1:1/none"),
        qdrant_url="http://127.0.0.1:1",
    )
    states = check_stores(settings.core, settings.rag)
    assert states == {"redis": "unreachable", "database": "unreachable", "qdrant": "unreachable"}


def test_qdrant_in_local_mode_is_local_not_unreachable(data_dir: Path) -> None:
    for url in (":memory:", str(data_dir / "qdrant"), "file:///srv/qdrant"):
        settings = Settings(data_dir=data_dir, qdrant_url=url)
        assert check_stores(settings.core, settings.rag)["qdrant"] == "local"
