"""Two bots on one database (``tg_members`` / ``tg_teams`` / ``tg_blockers`` keyed by the bot, claims prefixed by
it): each keeps its own chats, leads, group chats, schedules and claims over the same backend team — on SQLite and
on the real PostgreSQL (skipped without it, a failure under ``AGENTCORE_REQUIRE_SERVICES=1``).  And the ``tg0002``
migration: rows written before it are adopted by the first bot that starts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from tests.apps.scrum.telegram.conftest import Clock, Sleeps, make_backend, make_bot, text_update
from tests.apps.scrum.telegram.fake_bot_api import FakeBotApi

from agentcore.apps.scrum.telegram.bot import TelegramBot

A_ID, B_ID = 111111, 222222
ANNA, BORIS = 101, 102
_KEYED = {"tg_members": ["bot_id", "member_id"], "tg_teams": ["bot_id", "team_id"]}


def _url(request: pytest.FixtureRequest, data_dir: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{data_dir / 'scrum' / 'scrum.db'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.services)])
async def two_bots(
    request: pytest.FixtureRequest, data_dir: Path, clock: Clock
) -> AsyncIterator[tuple[tuple[TelegramBot, FakeBotApi], tuple[TelegramBot, FakeBotApi]]]:
    """Bots 111111 and 222222, each with its own Bot API server, both on one Scrum database (two deployments)."""
    url = _url(request, data_dir)
    made: list[tuple[TelegramBot, FakeBotApi]] = []
    backends = []
    try:
        for bot_id in (A_ID, B_ID):
            fake = FakeBotApi(token=f"{bot_id}:TEST-token-for-the-fake-server")
            await fake.start()
            backend = make_backend(url, clock)
            backends.append(backend)
            made.append((make_bot(fake.url, backend, clock, Sleeps(), token=fake.token), fake))
        yield made[0], made[1]
    finally:
        for bot, fake in made:
            await bot.close()
            await fake.stop()
        for backend in backends:
            backend.close()


class _Updates:
    def __init__(self) -> None:
        self.next = 5000

    async def say(self, bot: TelegramBot, update: dict[str, Any]) -> None:
        self.next += 1
        await bot.feed({"update_id": self.next, **update})


async def test_two_bots_on_one_database_keep_their_own_chats_leads_and_schedules(two_bots: Any, clock: Clock) -> None:
    (a, fake_a), (b, fake_b) = two_bots
    updates = _Updates()
    await updates.say(a, text_update(ANNA, "/newteam core Анна", username="anna"))
    await updates.say(b, text_update(BORIS, "/join core Борис", username="boris"))
    await updates.say(b, text_update(ANNA, "/join core Анна", username="anna"))  # Anna uses both bots

    anna_a, boris_b, anna_b = a.ctx.store.by_user(ANNA), b.ctx.store.by_user(BORIS), b.ctx.store.by_user(ANNA)
    assert anna_a is not None and boris_b is not None and anna_b is not None
    assert a.ctx.store.by_user(BORIS) is None  # Boris never started bot A: it does not know him
    assert anna_b.member == anna_a.member == "anna"  # one person, one backend member, whichever bot she joined by
    assert [m.member for m in a.ctx.store.team_members(anna_a.team_id)] == ["anna"]
    assert [m.member for m in b.ctx.store.team_members(anna_a.team_id)] == ["anna", "boris"]
    # each bot's team side: its own lead (the first of the team to join through it) and its own group chat
    assert a.ctx.store.team_side(anna_a.team_id).lead_member_id == anna_a.member_id
    assert b.ctx.store.team_side(anna_a.team_id).lead_member_id == boris_b.member_id
    group_a = {"id": -100, "type": "supergroup", "title": "A"}
    group_b = {"id": -200, "type": "supergroup", "title": "B"}
    await updates.say(a, text_update(ANNA, "/join core", username="anna", chat=group_a))
    await updates.say(b, text_update(BORIS, "/join core", username="boris", chat=group_b))
    assert a.ctx.store.team_side(anna_a.team_id).group_chat_id == -100
    assert b.ctx.store.team_side(anna_a.team_id).group_chat_id == -200
    await updates.say(a, text_update(ANNA, "/remind 09:30 пн-пт Europe/Moscow", username="anna"))
    await updates.say(b, text_update(BORIS, "/remind 09:30 пн-пт Europe/Moscow", username="boris"))

    clock.now = datetime(2026, 3, 11, 6, 45, tzinfo=UTC)  # 09:45 in Moscow: everyone's reminder is due
    report_a, report_b = await a.tick(), await b.tick()
    assert report_a is not None and report_b is not None
    day = "2026-03-11"
    assert report_a.reminders == [f"remind:{anna_a.member_id}:{day}"]  # bot A reminds only whom it knows
    assert sorted(report_b.reminders) == sorted(f"remind:{m}:{day}" for m in (anna_a.member_id, boris_b.member_id))
    reminded_a = {int(m["chat_id"]) for m in fake_a.sent() if m["text"].startswith("Напоминание")}
    reminded_b = {int(m["chat_id"]) for m in fake_b.sent() if m["text"].startswith("Напоминание")}
    assert reminded_a == {ANNA} and reminded_b == {ANNA, BORIS}  # one claim per bot: Anna hears from both
    again_a, again_b = await a.tick(), await b.tick()
    assert again_a is not None and again_b is not None and again_a.total == again_b.total == 0  # claimed once per bot


async def test_a_blocker_is_followed_up_by_the_bot_it_was_posted_to(two_bots: Any) -> None:
    (a, _), (b, _) = two_bots
    updates = _Updates()
    await updates.say(a, text_update(ANNA, "/newteam core Анна", username="anna"))
    await updates.say(b, text_update(ANNA, "/join core Анна", username="anna"))
    daily = "Вчера закончил PAY-1431. Сегодня делаю PAY-1432. Блокер: нет доступа к стенду банка, по PAY-1431"
    await updates.say(a, text_update(ANNA, daily, username="anna"))
    [blocker] = a.ctx.store.open_blockers()  # posted to bot A: A follows it up
    assert blocker.task_id == "PAY-1431"
    assert b.ctx.store.open_blockers() == [] and b.ctx.store.blocker(blocker.id) is None
    assert b.ctx.store.resolve_blocker(blocker.id, blocker.member_id) is None  # not bot B's to close
    assert a.ctx.store.resolve_blocker(blocker.id, blocker.member_id) is not None


# ---------------------------------------------------------------------------------------------- migration tg0002
@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.services)])
def database_url(request: pytest.FixtureRequest, data_dir: Path) -> str:
    return _url(request, data_dir)


def test_the_migrations_match_the_tables(database_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext
    from sqlalchemy import inspect

    from agentcore.apps.scrum.backend.db import create_db_engine
    from agentcore.apps.scrum.backend.db import migrate as migrate_backend
    from agentcore.apps.scrum.telegram.db import VERSION_TABLE, current_revision, migrate
    from agentcore.apps.scrum.telegram.tables import Base

    engine = create_db_engine(database_url)
    try:
        migrate_backend(engine)
        migrate(engine)
        migrate(engine)  # idempotent
        assert current_revision(engine) == "tg0002"
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
            differences = compare_metadata(context, Base.metadata)
        # the backend's tables are another metadata's; the foreign keys to them are the migrations' only (tables.py)
        assert [d for d in differences if d[0] != "remove_fk" and "tg_" in repr(d)] == []
        keys = {table: inspect(engine).get_pk_constraint(table)["constrained_columns"] for table in _KEYED}
        assert keys == _KEYED
    finally:
        engine.dispose()


def test_rows_written_before_tg0002_are_adopted_by_the_first_bot_that_starts(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from alembic import command
    from sqlalchemy import text

    from agentcore.apps.scrum.backend.db import create_db_engine
    from agentcore.apps.scrum.backend.db import migrate as migrate_backend
    from agentcore.apps.scrum.backend.models import MemberInput, TeamInput
    from agentcore.apps.scrum.backend.store import ScrumStore
    from agentcore.apps.scrum.telegram.db import SCHEMA
    from agentcore.config import Settings

    engine = create_db_engine(database_url)
    try:  # a database of the earlier build: the bot's tables at tg0001, one member bound, a reminder claimed today
        migrate_backend(engine)
        with engine.begin() as connection:
            command.upgrade(SCHEMA.config(connection), "tg0001")
        store = ScrumStore(engine)
        team = store.create_team(TeamInput(slug="core", name="Ядро"))
        member = store.add_member("core", MemberInput(slug="anna", name="Анна", role="DEV"))
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO tg_members (member_id, team_id, user_id, chat_id, username, active, joined_at) "
                    "VALUES (:m, :t, :u, :u, 'anna', :yes, :at)"
                ),
                {"m": member._id, "t": team._id, "u": ANNA, "yes": True, "at": datetime(2026, 3, 1, tzinfo=UTC)},
            )
            connection.execute(
                text(
                    "INSERT INTO tg_teams (team_id, lead_member_id, group_chat_id, remind_days, timezone) "
                    "VALUES (:t, :m, -100, '12345', 'Europe/Moscow')"
                ),
                {"t": team._id, "m": member._id},
            )
            connection.execute(
                text("INSERT INTO tg_jobs (key, created_at) VALUES (:k, :at)"),
                {"k": f"remind:{member._id}:2026-03-11", "at": datetime(2026, 3, 11, 6, 30, tzinfo=UTC)},
            )
    finally:
        engine.dispose()

    monkeypatch.setenv("AGENTCORE_DATABASE_URL", database_url)
    bots = []
    for bot_id in (A_ID, B_ID):  # bot A starts first: the upgrade runs, A adopts; then bot B on the same database
        monkeypatch.setenv("AGENTCORE_TELEGRAM_BOT_TOKEN", f"{bot_id}:TEST-token-for-the-fake-server")
        bots.append(TelegramBot.from_settings(Settings()))
    a, b = bots
    try:
        anna = a.ctx.store.by_user(ANNA)
        assert anna is not None and anna.member == "anna" and anna.chat_id == ANNA
        side = a.ctx.store.team_side(team._id)
        assert (side.lead_member_id, side.group_chat_id) == (member._id, -100)
        assert not a.ctx.store.claim(f"remind:{member._id}:2026-03-11")  # sent before the upgrade: not again
        assert b.ctx.store.by_user(ANNA) is None and b.ctx.store.team_side(team._id).group_chat_id is None
        assert b.ctx.store.claim(f"remind:{member._id}:2026-03-11")  # bot B's own claim
    finally:
        for bot in bots:
            _close(bot)


def _close(bot: TelegramBot) -> None:
    import asyncio

    asyncio.run(bot.close())
