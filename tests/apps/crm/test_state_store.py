"""Session state between turns: files with atomic replace by default, Redis (the real server) for several workers."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest
from tests.apps.crm.helpers import RecordingBitrix, reply, step

from agentcore.apps.crm.state_store import FileStateStore, RedisStateStore, StateStore


async def _exercise(store: StateStore) -> None:
    assert await store.load("u1", "s1") is None
    await store.save("u1", "s1", {"turn": 1, "text": "сделка «Ромашка»"})
    assert await store.load("u1", "s1") == {"turn": 1, "text": "сделка «Ромашка»"}
    assert await store.load("u1", "s2") is None and await store.load("u2", "s1") is None
    await store.save_extra("oauth_tokens", {"access_token": "x"})
    assert await store.load_extra("oauth_tokens") == {"access_token": "x"}


async def _lock_excludes(store: StateStore) -> None:
    order: list[str] = []

    async def turn(name: str) -> None:
        async with store.lock("u1", "s1"):
            order.append(f"{name}-in")
            await asyncio.sleep(0.05)
            order.append(f"{name}-out")

    await asyncio.gather(turn("a"), turn("b"))
    assert order in (["a-in", "a-out", "b-in", "b-out"], ["b-in", "b-out", "a-in", "a-out"])


async def _adoption(store: StateStore) -> None:
    """An API key's sessions under its earlier owner id move to the keyed one; a session the new owner has wins."""
    await store.save("key-old.u", "s1", {"session_id": "s1", "user_id": "key-old.u", "turn": 1})
    await store.save("key-old.u", "s2", {"session_id": "s2", "user_id": "key-old.u", "turn": 2})
    await store.save("key-new.u", "s2", {"session_id": "s2", "user_id": "key-new.u", "turn": 7})
    assert await store.adopt("key-old.u", "key-new.u") == 1
    assert await store.load("key-new.u", "s1") == {"session_id": "s1", "user_id": "key-new.u", "turn": 1}
    assert await store.load("key-new.u", "s2") == {"session_id": "s2", "user_id": "key-new.u", "turn": 7}
    assert await store.load("key-old.u", "s1") is None and await store.user_states("key-old.u") == []
    assert await store.adopt("key-old.u", "key-new.u") == 0
    for session in ("a", "b", "c"):  # two requests of the key moving them at once: each session moves once
        await store.save("key-old.v", session, {"session_id": session, "user_id": "key-old.v"})
    assert sum(await asyncio.gather(*(store.adopt("key-old.v", "key-new.v") for _ in range(2)))) == 3
    assert len(await store.user_states("key-new.v")) == 3 and await store.user_states("key-old.v") == []


async def test_file_store(tmp_path: Path) -> None:
    store = FileStateStore(tmp_path)
    await _exercise(store)
    await _lock_excludes(store)
    assert json.loads(store.path("u1", "s1").read_text(encoding="utf-8"))["turn"] == 1
    assert oct(os.stat(tmp_path / "@oauth_tokens.json").st_mode & 0o777) == "0o600"
    await _adoption(store)
    assert not [p for p in tmp_path.iterdir() if "key-old" in p.name]  # no folder, lock or record keeps the old name


async def test_no_session_can_overwrite_or_block_a_named_record(tmp_path: Path) -> None:
    """The saved OAuth tokens live beside the sessions; no user or session id (even with a moved root) reaches them."""
    store = FileStateStore(tmp_path / "crm" / "state")
    tokens = {"access_token": "a", "refresh_token": "r"}
    await store.save_extra("oauth_tokens", tokens)
    moved = FileStateStore(tmp_path / "crm")  # POST /chat with "state_dir": "crm"
    for session in ("_oauth_tokens", "@oauth_tokens", "oauth_tokens"):
        await moved.save("state", session, {"turn": 1})
    assert await store.load_extra("oauth_tokens") == tokens

    other = FileStateStore(tmp_path / "other")
    for user in ("_oauth_tokens.json", "@oauth_tokens.json"):
        await other.save(user, "s", {"turn": 1})
    await other.save_extra("oauth_tokens", tokens)
    assert await other.load_extra("oauth_tokens") == tokens


async def test_file_store_names_never_leave_the_directory(tmp_path: Path) -> None:
    store = FileStateStore(tmp_path / "state")
    for user, session in [("../../etc", "passwd"), ("a/b", "../c"), (".hidden", "x" * 300), ("ю", "..")]:
        path = store.path(user, session)
        assert path.resolve().is_relative_to((tmp_path / "state").resolve())
        await store.save(user, session, {"ok": True})
        assert await store.load(user, session) == {"ok": True}
    assert store.path("a/b", "s") != store.path("a_b", "s")


async def test_file_store_replaces_atomically_and_survives_corruption(tmp_path: Path) -> None:
    store = FileStateStore(tmp_path)
    await store.save("u", "s", {"v": 1})
    await store.save("u", "s", {"v": 2})
    leftovers = [p.name for p in store.path("u", "s").parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []
    store.path("u", "s").write_text("{torn", encoding="utf-8")
    assert await store.load("u", "s") is None  # logged and treated as a new session


@pytest.mark.services
async def test_redis_store_against_the_real_server(redis_prefix: tuple[str, str]) -> None:
    url, prefix = redis_prefix
    store = RedisStateStore(url, prefix=prefix, ttl=120)
    try:
        await _exercise(store)
        await _lock_excludes(store)
        await _adoption(store)
        import redis.asyncio as redis

        client = redis.Redis.from_url(url)
        try:
            assert [k async for k in client.scan_iter(match=f"{prefix}*key-old*")] == []
            ttl = await client.ttl(store.key("u1", "s1"))
            assert 0 < ttl <= 120
        finally:
            await client.aclose()
    finally:
        await store.aclose()


@pytest.mark.services
async def test_a_turn_longer_than_the_lock_expiry_keeps_its_session(redis_prefix: tuple[str, str]) -> None:
    """The Redis session lock expired after a fixed time (600 s) and nothing bounds a turn to it
    (``AGENTCORE_CRM_TURN_DEADLINE`` has no upper bound): a longer turn let a second worker take the session while
    the first still ran.  The holder now renews the lock while its turn runs (here it expires after 1 s unrenewed,
    and the turn holds it 2.5 s)."""
    url, prefix = redis_prefix
    stores = [RedisStateStore(url, prefix=prefix, lock_expiry=1.0) for _ in range(2)]
    order: list[str] = []

    async def turn(store: RedisStateStore, name: str, hold: float) -> None:
        async with store.lock("u1", "s1"):
            order.append(f"{name}-in")
            await asyncio.sleep(hold)
            order.append(f"{name}-out")

    async def second_worker() -> None:
        await asyncio.sleep(0.2)
        await turn(stores[1], "b", 0)

    try:
        await asyncio.gather(turn(stores[0], "a", 2.5), second_worker())
    finally:
        for store in stores:
            await store.aclose()
    assert order == ["a-in", "a-out", "b-in", "b-out"]


@pytest.mark.services
async def test_two_workers_share_a_session_through_redis(redis_prefix: tuple[str, str], tmp_path: Path) -> None:
    """A confirmation asked on one worker is approved on another; concurrent turns never double-execute."""
    from agentcore.apps.crm.interaction_log import InteractionLogger
    from agentcore.apps.crm.model_client import FakeModelClient
    from agentcore.apps.crm.orchestrator import Orchestrator

    url, prefix = redis_prefix
    bitrix = RecordingBitrix({"crm.deal.update": True})
    update = step("crm.deal.update", {"id": 1, "fields": {"OPPORTUNITY": 5}})
    stores = [RedisStateStore(url, prefix=prefix), RedisStateStore(url, prefix=prefix)]
    workers = []
    for index, store in enumerate(stores):
        worker = Orchestrator(
            FakeModelClient(reply([update]) if index == 0 else reply([])),
            None,
            store,
            InteractionLogger(tmp_path / f"logs{index}"),
        )
        worker.call_bitrix = bitrix  # type: ignore[method-assign]
        workers.append(worker)
    try:
        asked = await workers[0].handle_message("u1", "Поменяй сумму", session_id="shared")
        assert [c.id for c in asked.pending_confirmations] == ["c1"]
        results = await asyncio.gather(*(workers[1].handle_message("u1", "да", session_id="shared") for _ in range(3)))
        assert len(bitrix.calls) == 1  # the session lock serialises turns: one approval, one execution
        assert sum(s.outcome == "executed" for r in results for s in r.steps) == 1
        final = await stores[0].load("u1", "shared")
        assert final is not None and final["confirmations"][0]["status"] == "approved"
    finally:
        for store in stores:
            await store.aclose()


async def _lists_a_users_sessions(store: StateStore) -> None:
    await store.save("u1", "s1", {"session_id": "s1", "turn": 1})
    await store.save("u1", "s/2", {"session_id": "s/2", "turn": 2})
    await store.save("u1x", "s1", {"session_id": "other user", "turn": 3})
    await store.save("u", "s1", {"session_id": "prefix user", "turn": 4})
    async with store.lock("u1", "s1"):  # a lock record is not a session
        states = await store.user_states("u1")
    assert sorted(s["session_id"] for s in states) == ["s/2", "s1"]
    assert await store.user_states("nobody") == []
    assert len(await store.user_states("u1", limit=1)) == 1


async def test_file_store_lists_a_users_sessions(tmp_path: Path) -> None:
    store = FileStateStore(tmp_path)
    await _lists_a_users_sessions(store)
    store.path("u1", "torn").write_text("{torn", encoding="utf-8")
    assert len(await store.user_states("u1")) == 2  # a corrupt record is skipped


@pytest.mark.services
async def test_redis_store_lists_a_users_sessions(redis_prefix: tuple[str, str]) -> None:
    url, prefix = redis_prefix
    store = RedisStateStore(url, prefix=prefix)
    try:
        await _lists_a_users_sessions(store)
    finally:
        await store.aclose()
