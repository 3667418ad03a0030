"""Several workers, one bot (issue 23): an update delivered to two app instances is handled once, a reminder due on
two workers is sent once — against the real Redis and PostgreSQL (skipped with the reason when a server is absent,
failing under AGENTCORE_REQUIRE_SERVICES=1)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.apps.scrum.telegram.conftest import Clock, Sleeps, make_backend, make_bot, text_update
from tests.apps.scrum.telegram.fake_bot_api import FakeBotApi, ThreadedFake
from tests.services import postgres_url, redis_prefix  # noqa: F401 - fixtures

from agentcore.apps.scrum.backend.models import MemberInput, TeamInput
from agentcore.apps.scrum.telegram.bot import TelegramBot
from agentcore.apps.scrum.telegram.dedupe import Deduper, MemoryDeduper, RedisDeduper, SqlDeduper
from agentcore.apps.scrum.telegram.lease import Lease, LocalLease, RedisLease, SqlLease
from agentcore.apps.scrum.telegram.store import TelegramStore
from agentcore.apps.scrum.telegram.webhook import create_webhook_router
from agentcore.config import Settings
from agentcore.web.app import create_base_app

pytestmark = pytest.mark.services


def _worker_app(settings: Settings, factory: Callable[[], TelegramBot]) -> Any:
    app = create_base_app(settings, title="worker")
    app.include_router(create_webhook_router(settings, factory=factory, scheduler=False))
    return app


def _two_workers_handle(data_dir: Path, deduper: Callable[[], Deduper]) -> int:
    """The same update POSTed to two app instances (two workers): how many replies Telegram got."""
    settings = Settings()
    url = f"sqlite:///{data_dir / 'scrum' / 'scrum.db'}"
    clock, sleeps = Clock(), Sleeps()
    with ThreadedFake() as fake:
        backends = [make_backend(url, clock), make_backend(url, clock)]
        apps = [
            _worker_app(settings, lambda b=b: make_bot(fake.url, b, clock, sleeps, deduper=deduper())) for b in backends
        ]
        update = {"update_id": 77, **text_update(601, "/start")}
        with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
            assert first.post("/telegram/webhook", json=update).status_code == 200
            assert second.post("/telegram/webhook", json=update).status_code == 200  # Telegram's retry, elsewhere
        for backend in backends:
            backend.close()
        return len(fake.sent(601))


def test_an_update_delivered_to_two_workers_is_handled_once_with_redis(
    data_dir: Path,
    redis_prefix: tuple[str, str],  # noqa: F811
) -> None:
    url, prefix = redis_prefix
    assert _two_workers_handle(data_dir, lambda: RedisDeduper(url, prefix)) == 1
    # the control: workers that share nothing both answer
    assert _two_workers_handle(data_dir / "control", MemoryDeduper) == 2


def test_an_update_delivered_twice_is_handled_once_with_postgres(postgres_url: str) -> None:  # noqa: F811
    clock = Clock()
    backend = make_backend(postgres_url, clock)
    try:
        store = TelegramStore(backend.store.engine, clock, 1)
        first, second = SqlDeduper(store), SqlDeduper(store)
        assert asyncio.run(first.first("1:5")) is True
        assert asyncio.run(second.first("1:5")) is False
        assert asyncio.run(second.first("1:6")) is True
    finally:
        backend.close()


# ---------------------------------------------------------------------------------------------- the scheduler
def _team_due(bot: TelegramBot) -> None:
    """A team reminded at 09:30 Moscow time with one member who has not posted today."""
    backend = bot.ctx.backend
    team = backend.store.create_team(TeamInput(slug="core", name="Ядро"))
    member = backend.store.add_member("core", MemberInput(slug="anna", name="Анна", role="DEV"))
    bot.ctx.store.bind(member, 701, 701, "anna")
    bot.ctx.store.update_team(team._id, lead_member_id=member._id, remind_time="09:30", timezone="Europe/Moscow")


async def _two_workers_tick(fake: FakeBotApi, url: str, leases: Callable[[], Lease]) -> tuple[list[Any], int]:
    clock = Clock(datetime(2026, 3, 11, 6, 45, tzinfo=UTC))  # 09:45 in Moscow
    backends = [make_backend(url, clock), make_backend(url, clock)]
    bots = [make_bot(fake.url, b, clock, Sleeps(), lease=leases()) for b in backends]
    try:
        _team_due(bots[0])
        reports = await asyncio.gather(bots[0].tick(), bots[1].tick())
        again = await asyncio.gather(bots[0].tick(), bots[1].tick())  # the next round: nothing left to send
        assert all(r is None or r.total == 0 for r in again)
        return list(reports), len(fake.sent(701))
    finally:
        for bot in bots:
            await bot.close()
        for backend in backends:
            backend.close()


async def test_a_reminder_due_on_two_workers_is_sent_once_with_redis(
    fake: FakeBotApi,
    data_dir: Path,
    redis_prefix: tuple[str, str],  # noqa: F811
) -> None:
    redis_url, prefix = redis_prefix
    url = f"sqlite:///{data_dir / 'scrum' / 'scrum.db'}"
    reports, sent = await _two_workers_tick(fake, url, lambda: RedisLease(redis_url, prefix, "scheduler", 60))
    assert sent == 1
    assert sorted(r is None for r in reports) == [False, True]  # one worker held the lease, the other stood by


async def test_a_reminder_due_on_two_workers_is_sent_once_with_postgres(fake: FakeBotApi, postgres_url: str) -> None:  # noqa: F811
    from agentcore.apps.scrum.backend.db import create_db_engine

    engine = create_db_engine(postgres_url)
    try:
        reports, sent = await _two_workers_tick(fake, postgres_url, lambda: SqlLease(engine, "telegram-scheduler", 60))
    finally:
        engine.dispose()
    assert sent == 1
    assert sorted(r is None for r in reports) == [False, True]


async def test_without_a_shared_lease_the_claims_still_send_once(fake: FakeBotApi, data_dir: Path) -> None:
    url = f"sqlite:///{data_dir / 'scrum' / 'scrum.db'}"
    reports, sent = await _two_workers_tick(fake, url, LocalLease)
    assert sent == 1 and all(r is not None for r in reports)  # both ticked, one claim won


async def test_a_redis_lease_passes_to_another_worker_when_released(redis_prefix: tuple[str, str]) -> None:  # noqa: F811
    url, prefix = redis_prefix
    first, second = RedisLease(url, prefix, "scheduler", 60), RedisLease(url, prefix, "scheduler", 60)
    try:
        assert await first.acquire() and await first.acquire()  # renewed by its holder
        assert not await second.acquire()
        await second.release()  # not the holder: no effect
        assert not await second.acquire()
        await first.release()
        assert await second.acquire()
    finally:
        await first.close()
        await second.close()


async def test_two_bots_sharing_one_redis_each_hold_their_own_scheduler_lease(
    data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    redis_prefix: tuple[str, str],  # noqa: F811
) -> None:
    """Two deployments (two bots, two databases) on one Redis: neither's scheduler stands by for the other's."""
    url, prefix = redis_prefix
    monkeypatch.setenv("AGENTCORE_REDIS_URL", url)
    bots = []
    for number, bot_id in enumerate((111111, 222222)):
        monkeypatch.setenv("AGENTCORE_TELEGRAM_BOT_TOKEN", f"{bot_id}:TEST-token-for-the-fake-server")
        monkeypatch.setenv("AGENTCORE_DATABASE_URL", f"sqlite:///{data_dir / f'team-{number}.db'}")
        bots.append(TelegramBot.from_settings(Settings(), key_prefix=prefix))
    try:
        assert [await bot.lease.acquire() for bot in bots] == [True, True]
    finally:
        for bot in bots:
            await bot.lease.release()
            await bot.close()


async def test_two_bots_sharing_one_postgres_database_each_hold_their_own_scheduler_lease(
    monkeypatch: pytest.MonkeyPatch,
    postgres_url: str,  # noqa: F811
) -> None:
    """Two bots on one database (no Redis): each runs its scheduler; two workers of one bot still run one."""
    from sqlalchemy import text

    monkeypatch.setenv("AGENTCORE_DATABASE_URL", postgres_url)
    bots = []
    for bot_id in (111111, 222222, 111111):  # the third: a second worker of the first bot
        monkeypatch.setenv("AGENTCORE_TELEGRAM_BOT_TOKEN", f"{bot_id}:TEST-token-for-the-fake-server")
        bots.append(TelegramBot.from_settings(Settings()))
    first, other, twin = bots
    try:
        assert all(isinstance(bot.lease, SqlLease) for bot in bots)
        assert [await first.lease.acquire(), await other.lease.acquire(), await twin.lease.acquire()] == [
            True,
            True,
            False,
        ]
        assert await first.lease.acquire() and await other.lease.acquire()  # each renewed by its holder
        with first.ctx.backend.store.engine.connect() as connection:
            names = connection.execute(text("SELECT name FROM tg_leases ORDER BY name")).scalars().all()
        assert names == ["telegram-scheduler:111111", "telegram-scheduler:222222"]
        await first.lease.release()
        assert await twin.lease.acquire()  # the first bot's lease passes to its other worker, not to the other bot
        assert not await first.lease.acquire()
    finally:
        for bot in bots:
            await bot.lease.release()
            await bot.close()
