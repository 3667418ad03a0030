"""The run store keeps each parked run and transcript with its owner and lets a caller use only what its rule allows
(``RunStore`` in this process, ``RedisRunStore`` on the real Redis — skipped without it): another's is ``None``, as an
unknown one, and is left in place for its owner; values written by older workers (no owner) are read as nobody's."""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator
from typing import Any

import pytest

from agentcore.agents import RedisRunStore, RunStore
from agentcore.agents.client_tools import ClientTools
from agentcore.agents.events import AgentStepEvent
from agentcore.agents.served import RunHandle


def _alices(owner: str | None) -> bool:
    return owner == "alice"


def _bobs(owner: str | None) -> bool:
    return owner == "bob"


async def _nothing() -> AsyncGenerator[AgentStepEvent, None]:
    return
    yield  # pragma: no cover


def _waiting(call_id: str, owner: str | None) -> RunHandle:
    client = ClientTools([])
    client.expect(call_id)
    return RunHandle("agent", _nothing(), client, owner=owner)


async def test_a_parked_run_is_resumed_only_by_whom_the_rule_allows_and_waits_for_them() -> None:
    store = RunStore()
    handle = _waiting("call_1", "alice")
    await store.park("call_1", handle)
    assert await store.resume("call_1", "agent", "+5", _bobs) is None
    assert await store.resume("call_1", "agent", "+5", _alices) is handle  # still parked after Bob's try
    await store.park("call_2", _waiting("call_2", "alice"))
    assert await store.resume("call_2", "agent", "+5") is not None  # no rule: anyone (read tokens unset)
    await store.park("call_3", _waiting("call_3", None))
    assert await store.resume("call_3", "agent", "+5", _alices) is None  # nobody's: only a rule-less caller


async def test_a_transcript_is_recalled_only_by_whom_the_rule_allows() -> None:
    store = RunStore()
    await store.remember("resp_1", [{"role": "user", "content": "?"}], owner="alice")
    assert await store.recall("resp_1", _bobs) is None
    assert await store.recall("resp_1", _alices) == [{"role": "user", "content": "?"}]
    assert await store.recall("resp_1") == [{"role": "user", "content": "?"}]


async def test_redis_keeps_the_owner_and_reads_older_values_as_nobodys(redis_prefix: tuple[str, str]) -> None:
    import redis.asyncio as redis

    url, prefix = redis_prefix
    store = RedisRunStore(url, prefix=prefix + "v1")
    raw: Any = redis.Redis.from_url(url)
    try:
        await store.remember("resp_1", [{"role": "user", "content": "?"}], owner="alice")
        assert json.loads(await raw.get(f"{prefix}v1:resp:resp_1"))["owner"] == "alice"
        assert await store.recall("resp_1", _bobs) is None
        assert await store.recall("resp_1", _alices) == [{"role": "user", "content": "?"}]
        await raw.set(f"{prefix}v1:resp:resp_old", json.dumps([{"role": "user", "content": "?"}]))
        assert await store.recall("resp_old") == [{"role": "user", "content": "?"}]
        assert await store.recall("resp_old", _alices) is None

        await store.park("call_1", _waiting("call_1", "alice"))
        assert json.loads(await raw.get(f"{prefix}v1:call:call_1")) == {"worker": store.worker, "owner": "alice"}
        # Another worker asked for it: Bob's result is not relayed (replay), and the run stays parked here.
        other = RedisRunStore(url, prefix=prefix + "v1", ack_timeout=2.0)
        try:
            assert await other.resume("call_1", "agent", "+5", _bobs) is None
            assert await raw.get(f"{prefix}v1:call:call_1") is not None
            assert await store.resume("call_1", "agent", "+5", _alices) is not None
            # A holder written by an older worker (a bare worker id) is a run of nobody's.
            await raw.set(f"{prefix}v1:call:call_old", store.worker)
            assert await other.resume("call_old", "agent", "+5", _alices) is None
        finally:
            await other.aclose()
    finally:
        await store.aclose()
        await raw.aclose()


@pytest.mark.parametrize("value", [b"", b"{", b"[1]", b'{"owner": "a"}'])
async def test_a_holder_value_that_names_no_worker_is_no_holder(redis_prefix: tuple[str, str], value: bytes) -> None:
    import redis.asyncio as redis

    url, prefix = redis_prefix
    store = RedisRunStore(url, prefix=prefix + "v1", ack_timeout=1.0)
    raw = redis.Redis.from_url(url)
    try:
        await raw.set(f"{prefix}v1:call:call_x", value)
        assert await store.resume("call_x", "agent", "+5") is None
    finally:
        await store.aclose()
        await raw.aclose()
