"""The real-server fixtures give each test an isolated, cleaned-up database and key prefix."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.services


def test_postgres_url_is_a_fresh_database(postgres_url: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(postgres_url)
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE probe (id int)"))
            conn.execute(text("INSERT INTO probe VALUES (1)"))
            assert conn.execute(text("SELECT count(*) FROM probe")).scalar_one() == 1
    finally:
        engine.dispose()


def test_redis_prefix_is_unique(redis_prefix: tuple[str, str]) -> None:
    import redis

    url, prefix = redis_prefix
    client = redis.Redis.from_url(url)
    try:
        client.set(prefix + "k", "v")
        assert client.get(prefix + "k") == b"v"
    finally:
        client.close()
