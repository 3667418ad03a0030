"""Rate limiters: per process, and shared by several workers through the real Redis."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator

import pytest
from tests.services import require_redis

from agentcore.config import Settings
from agentcore.llm import ScriptedProvider
from agentcore.llm._ratelimit import LocalRateLimiter, RedisRateLimiter
from agentcore.llm.factory import create_gateway
from agentcore.llm.gateway import LLMGateway
from agentcore.llm.models import LLMMessage, LLMRequest

pytestmark = pytest.mark.services


@pytest.fixture
async def redis_key() -> AsyncIterator[str]:
    """A key of this test's own; deleted afterwards."""
    url = require_redis()
    key = f"agentcore-test:ratelimit:{uuid.uuid4().hex}"
    yield key
    import redis.asyncio as redis

    client = redis.Redis.from_url(url)
    await client.delete(key)
    await client.aclose()


async def _timed(limiter: LocalRateLimiter | RedisRateLimiter, n: int) -> float:
    started = time.perf_counter()
    await asyncio.gather(*(limiter.acquire() for _ in range(n)))
    return time.perf_counter() - started


async def test_local_limiter_spaces_requests() -> None:
    elapsed = await _timed(LocalRateLimiter(100), 40)
    assert elapsed >= 0.25  # 40 requests at 100/s with a 5-request bucket need ≥ 0.35 s; generous bound


async def test_redis_limiter_spaces_requests(redis_key: str) -> None:
    limiter = RedisRateLimiter(require_redis(), rate=50, key=redis_key)
    try:
        elapsed = await _timed(limiter, 20)
    finally:
        await limiter.aclose()
    assert elapsed >= 19 / 50 * 0.9


_WORKER = """
import asyncio, json, sys, time
from agentcore.llm._ratelimit import RedisRateLimiter

async def run():
    limiter = RedisRateLimiter(sys.argv[1], rate=40, key=sys.argv[2])
    stamps = []
    for _ in range(int(sys.argv[3])):
        await limiter.acquire()
        stamps.append(time.time())
    await limiter.aclose()
    print(json.dumps(stamps))

asyncio.run(run())
"""


def test_two_processes_share_one_rate(redis_key: str) -> None:
    url = require_redis()
    # Separate interpreters (not fork): the test process runs server and portal threads.
    workers = [
        subprocess.Popen([sys.executable, "-c", _WORKER, url, redis_key, "15"], stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    stamps = sorted(stamp for worker in workers for stamp in json.loads(worker.communicate(timeout=60)[0]))
    # 30 requests at a shared 40/s span ≥ 29/40 s; two private limiters would finish in about half of that.
    assert stamps[-1] - stamps[0] >= 29 / 40 * 0.9


def test_the_limiter_key_carries_the_deployments_redis_prefix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_REDIS_PREFIX", "staging:")
    settings = Settings(redis_url="redis://127.0.0.1:6379/0", llm_rate_limit_rps=20)
    assert settings.core.redis_prefix == "staging:"
    gateway = create_gateway(
        settings.llm,
        provider=ScriptedProvider(["a"]),
        redis_url=settings.core.redis_url,
        redis_prefix=settings.core.redis_prefix,
    )
    assert isinstance(gateway, LLMGateway) and isinstance(gateway._limiter, RedisRateLimiter)
    assert gateway._limiter.key == "staging:ratelimit:llm:scripted"
    default = create_gateway(settings.llm, provider=ScriptedProvider(["a"]), redis_url=settings.core.redis_url)
    assert default._limiter.key == "agentcore:ratelimit:llm:scripted"  # type: ignore[attr-defined]


async def test_gateway_uses_the_shared_limiter_from_settings(redis_key: str) -> None:
    settings = Settings(redis_url=require_redis(), llm_rate_limit_rps=20)
    gateway = create_gateway(settings.llm, provider=ScriptedProvider(["a"] * 6), redis_url=settings.core.redis_url)
    assert isinstance(gateway, LLMGateway)
    limiter = gateway._limiter
    assert isinstance(limiter, RedisRateLimiter)
    limiter.key = redis_key
    request = LLMRequest(messages=[LLMMessage(role="user", content="x")])
    started = time.perf_counter()
    await asyncio.gather(*(gateway.request(request) for _ in range(6)))
    assert time.perf_counter() - started >= 5 / 20 * 0.9
    await gateway.aclose()


async def test_unreachable_redis_fails_the_request_loudly() -> None:
    import redis.exceptions

    limiter = RedisRateLimiter("redis://127.0.0.1:1/0", rate=10, timeout=0.5)
    with pytest.raises(redis.exceptions.RedisError):
        await limiter.acquire()
    await limiter.aclose()


async def test_redis_limiter_keeps_microsecond_precision(redis_key: str) -> None:
    limiter = RedisRateLimiter(require_redis(), rate=300, key=redis_key)
    try:
        elapsed = await _timed(limiter, 150)
    finally:
        await limiter.aclose()
    measured = 149 / elapsed
    assert measured <= 300 * 1.05
