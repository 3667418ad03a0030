"""Access to the real servers every project machine runs (PostgreSQL, Redis) for scale-out tests.

A test that needs one skips with a clear reason when it is absent; with ``AGENTCORE_REQUIRE_SERVICES=1`` (CI) the
absence is a failure instead.
"""

from __future__ import annotations

import os
import socket

import pytest

REDIS_URL = os.environ.get("AGENTCORE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def require_redis() -> str:
    """The Redis URL for tests, or skip (fail under AGENTCORE_REQUIRE_SERVICES=1) when Redis is not running."""
    if _reachable("127.0.0.1", 6379):
        return REDIS_URL
    reason = "Redis is not running on 127.0.0.1:6379"
    if os.environ.get("AGENTCORE_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{reason} (AGENTCORE_REQUIRE_SERVICES=1)")
    pytest.skip(reason)
