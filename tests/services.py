"""Access to the real servers every project machine runs (PostgreSQL, Redis) for scale-out tests.

A test that needs one skips with a clear reason when it is absent; with ``AGENTCORE_REQUIRE_SERVICES=1`` (CI) the
absence is a failure instead.  Each test gets its own PostgreSQL database (``postgres_url`` fixture) or Redis key
prefix (``redis_prefix`` fixture) and leaves nothing behind.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator

import pytest

REDIS_URL = os.environ.get("AGENTCORE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
# The server's maintenance connection: trust auth on the loopback, database `test` exists on every machine.
POSTGRES_ADMIN_URL = os.environ.get("AGENTCORE_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def _missing(reason: str) -> None:
    if os.environ.get("AGENTCORE_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{reason} (AGENTCORE_REQUIRE_SERVICES=1)")
    pytest.skip(reason)


def require_redis() -> str:
    """The Redis URL for tests, or skip (fail under AGENTCORE_REQUIRE_SERVICES=1) when Redis is not running."""
    if not _reachable("127.0.0.1", 6379):
        _missing("Redis is not running on 127.0.0.1:6379")
    return REDIS_URL


def require_postgres() -> str:
    """The PostgreSQL maintenance URL, or skip (fail under AGENTCORE_REQUIRE_SERVICES=1) when it is not running."""
    if not _reachable("127.0.0.1", 5432):
        _missing("PostgreSQL is not running on 127.0.0.1:5432")
    return POSTGRES_ADMIN_URL


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for this test as a SQLAlchemy URL (``postgresql+psycopg://...``).

    The database is dropped after the test (connections to it are terminated first).
    """
    import psycopg

    admin = require_postgres()
    name = f"agentcore_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin, autocommit=True, connect_timeout=5) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = admin.rsplit("/", 1)[0]
    try:
        yield f"{base.replace('postgresql://', 'postgresql+psycopg://', 1)}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def redis_prefix() -> Iterator[tuple[str, str]]:
    """``(redis_url, prefix)``: a unique key prefix for this test; every key under it is deleted afterwards."""
    import redis

    url = require_redis()
    prefix = f"agentcore-test:{uuid.uuid4().hex[:12]}:"
    try:
        yield url, prefix
    finally:
        client = redis.Redis.from_url(url, socket_timeout=5)
        try:
            keys = list(client.scan_iter(match=prefix + "*", count=500))
            if keys:
                client.delete(*keys)
        finally:
            client.close()
