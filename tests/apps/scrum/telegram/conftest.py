"""Fixtures of the Telegram bot: the fake Bot API server, a movable clock, bots on the Scrum backend."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.apps.scrum.telegram.fake_bot_api import TOKEN, FakeBotApi
from tests.services import postgres_url  # noqa: F401 - fixture

from agentcore.apps.scrum.backend.flows import ScrumBackend
from agentcore.apps.scrum.backend.notifier import LogNotifier
from agentcore.apps.scrum.backend.store import ScrumStore
from agentcore.apps.scrum.telegram.bot import TelegramBot, _bot
from agentcore.apps.scrum.telegram.db import migrate
from agentcore.apps.scrum.telegram.dedupe import Deduper
from agentcore.apps.scrum.telegram.lease import Lease
from agentcore.apps.scrum.telegram.service import BotContext
from agentcore.apps.scrum.telegram.store import TelegramStore
from agentcore.llm import ChatConnection


@dataclass
class Clock:
    """The injected time: tests move it; no test sleeps."""

    now: datetime = field(default_factory=lambda: datetime(2026, 3, 11, 6, 0, tzinfo=UTC))  # a Wednesday

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Sleeps:
    """Records the waits ``429 retry_after`` asked for instead of waiting."""

    waited: list[float] = field(default_factory=list)

    async def __call__(self, seconds: float) -> None:
        self.waited.append(seconds)


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotApi]:
    server = FakeBotApi()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


def make_backend(url: str, clock: Callable[[], datetime]) -> ScrumBackend:
    from agentcore.apps.scrum.backend.db import create_db_engine
    from agentcore.apps.scrum.backend.db import migrate as migrate_backend
    from agentcore.llm.offline import OFFLINE_BANNER

    engine = create_db_engine(url)
    migrate_backend(engine)
    migrate(engine)
    store = ScrumStore(engine, clock=clock)
    llm = ChatConnection(httpx.Client(timeout=5), "offline", "offline", OFFLINE_BANNER)
    return ScrumBackend(store, llm, LogNotifier())


def make_bot(
    api_url: str,
    backend: ScrumBackend,
    clock: Callable[[], datetime],
    sleep: Any,
    *,
    deduper: Deduper | None = None,
    lease: Lease | None = None,
    token: str = TOKEN,
) -> TelegramBot:
    client = _bot(token, api_url)
    store = TelegramStore(backend.store.engine, clock, client.id)
    ctx = BotContext(backend, store, clock, sleep)
    return TelegramBot(client, ctx, deduper=deduper, lease=lease)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.services)])
async def bot(
    request: pytest.FixtureRequest, fake: FakeBotApi, data_dir: Path, clock: Clock, sleeps: Sleeps
) -> AsyncIterator[TelegramBot]:
    """A bot on the Scrum backend — on SQLite and on the real PostgreSQL (its own database per test)."""
    if request.param == "sqlite":
        url = f"sqlite:///{data_dir / 'scrum' / 'scrum.db'}"
    else:
        url = request.getfixturevalue("postgres_url")
    backend = make_backend(url, clock)
    made = make_bot(fake.url, backend, clock, sleeps)
    try:
        yield made
    finally:
        await made.close()
        backend.close()


# ---------------------------------------------------------------------------------------------- updates
def user(user_id: int, username: str | None = None, first_name: str = "Тест") -> dict[str, Any]:
    found: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": first_name}
    if username:
        found["username"] = username
    return found


def text_update(
    user_id: int,
    text: str,
    *,
    username: str | None = None,
    chat: dict[str, Any] | None = None,
    first_name: str = "Тест",
    thread: int | None = None,
) -> dict[str, Any]:
    message: dict[str, Any] = {
        "message_id": abs(hash((user_id, text))) % 100000,
        "date": 0,
        "chat": chat or {"id": user_id, "type": "private"},
        "from": user(user_id, username, first_name),
        "text": text,
    }
    if text.startswith("/"):
        command = text.split()[0]
        message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
    if thread is not None:
        message["message_thread_id"] = thread
        message["is_topic_message"] = True
    return {"message": message}


def button_update(user_id: int, data: str, message_id: int, *, username: str | None = None) -> dict[str, Any]:
    return {
        "callback_query": {
            "id": f"cb{user_id}{message_id}",
            "from": user(user_id, username),
            "chat_instance": "ci",
            "data": data,
            "message": {"message_id": message_id, "date": 0, "chat": {"id": user_id, "type": "private"}, "text": "?"},
        }
    }


@pytest.fixture
async def polling(bot: TelegramBot) -> AsyncIterator[TelegramBot]:
    """``bot`` polling the fake Bot API in a task of the test's loop (stopped and awaited after the test)."""
    task = asyncio.create_task(bot.run_polling(polling_timeout=1, handle_signals=False))
    try:
        yield bot
    finally:
        await bot.stop_polling()
        await asyncio.wait_for(task, 10)
