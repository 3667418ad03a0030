"""The Telegram bot under two real `agentcore serve` processes (two hosts) sharing PostgreSQL, with or without Redis.

Both processes run the reminder schedule; a due reminder reaches Telegram (a fake Bot API on a real socket) once,
an update delivered to both is answered once, and when the process holding the scheduler lease is killed the other
takes over without repeating what was sent.  Each test has its own PostgreSQL database and its own bot id (every
Redis key it makes names the bot), and removes both.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from tests.apps.scrum.telegram.conftest import make_backend, text_update
from tests.apps.scrum.telegram.fake_bot_api import FakeBotApi, ThreadedFake
from tests.cli.test_serve_workers import Server, servers  # noqa: F401 - fixture

from agentcore.apps.scrum.backend.models import MemberInput, TeamInput
from agentcore.apps.scrum.telegram.store import TelegramStore

pytestmark = [pytest.mark.e2e, pytest.mark.services]

SECRET = "tg-secret-serve-1"
TICK = 0.5


def _wait(condition: Callable[[], bool], what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _sent_log(data_dir: Path) -> str:
    log = data_dir / "logs" / "server.log"
    return log.read_text(errors="replace") if log.exists() else ""


def _due_now() -> str:
    """A reminder time a minute ago today (UTC): due now, inside the three-hour window."""
    now = datetime.now(UTC)
    return max(now - timedelta(minutes=1), now.replace(hour=0, minute=0)).strftime("%H:%M")


def _member_due(url: str, bot_id: int, team: str, member: str, chat: int) -> None:
    """Add ``member`` (bound to ``chat`` in bot ``bot_id``) to ``team``, creating the team reminded every day at
    :func:`_due_now`."""
    clock = lambda: datetime.now(UTC)  # noqa: E731
    backend = make_backend(url, clock)
    try:
        store = TelegramStore(backend.store.engine, clock, bot_id)
        if team not in {t.slug for t in backend.store.teams()}:
            backend.store.create_team(TeamInput(slug=team, name="Ночная смена"))
        info = backend.store.add_member(team, MemberInput(slug=member, name=member.title(), role="DEV"))
        store.bind(info, chat, chat, member)
        store.update_team(info._team_id, remind_time=_due_now(), timezone="UTC", remind_days="1234567")
    finally:
        backend.close()


@pytest.mark.parametrize("shared", ["redis+postgres", "postgres"])
def test_two_serve_processes_send_a_due_reminder_once(
    shared: str,
    tmp_path: Path,
    servers: list[Server],  # noqa: F811
    postgres_url: str,
    redis_prefix: tuple[str, str],
) -> None:
    import redis

    redis_url, _ = redis_prefix
    bot_id = random.randrange(10**8, 10**9)  # this test's own bot: its Redis keys are its own
    token = f"{bot_id}:TEST-token-for-the-fake-server"
    env = {
        "AGENTCORE_DATABASE_URL": postgres_url,
        "AGENTCORE_TELEGRAM_BOT_TOKEN": token,
        "AGENTCORE_TELEGRAM_WEBHOOK_SECRET": SECRET,
        "AGENTCORE_TELEGRAM_TICK_SECONDS": str(TICK),
        "AGENTCORE_LOG_LEVEL": "INFO",
    }
    if shared == "redis+postgres":
        env["AGENTCORE_REDIS_URL"] = redis_url
    try:
        with ThreadedFake(token) as fake:
            env["AGENTCORE_TELEGRAM_API_BASE"] = fake.url
            dirs = [tmp_path / "host-a", tmp_path / "host-b"]
            for folder in dirs:
                folder.mkdir()
            # Both start together on an empty database: the backend's and the bot's migrations race here.
            hosts = [Server(folder, **env) for folder in dirs]
            servers.extend(hosts)
            for host in hosts:
                host.wait_ready()
            _one_update_answered_once(fake, hosts)
            _reminders_sent_once(fake, hosts, dirs, postgres_url)
            for host in hosts:  # before the database is dropped
                host.stop()
    finally:
        client = redis.Redis.from_url(redis_url, socket_timeout=5)
        for key in client.scan_iter(match=f"agentcore:telegram:*{bot_id}*"):
            client.delete(key)
        client.close()


def _one_update_answered_once(fake: FakeBotApi, hosts: list[Server]) -> None:
    update = {"update_id": 5, **text_update(801, "/help")}
    for host in hosts:  # Telegram's retry reaching the other host
        answer = httpx.post(  # the first update waits for the bot, which starts beside the server (aiogram's import)
            host.url + "/telegram/webhook",
            json=update,
            headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
            timeout=120,
        )
        assert answer.status_code == 200, answer.text
    time.sleep(4 * TICK)
    assert len(fake.sent(801)) == 1


def _reminders_sent_once(fake: FakeBotApi, hosts: list[Server], dirs: list[Path], url: str) -> None:
    _member_due(url, int(fake.token.split(":")[0]), "night", "anna", 701)
    _wait(lambda: len(fake.sent(701)) >= 1, "the reminder")
    time.sleep(10 * TICK)  # both processes keep running the schedule
    assert len(fake.sent(701)) == 1, fake.sent(701)
    senders = [i for i, folder in enumerate(dirs) if "Tick sent 1 reminder(s)" in _sent_log(folder)]
    assert len(senders) == 1, [_sent_log(folder)[-1500:] for folder in dirs]

    # The lease holder dies without releasing it: the other process takes over once it expires (three ticks).
    holder, survivor = hosts[senders[0]], hosts[1 - senders[0]]
    holder.kill()
    _member_due(url, int(fake.token.split(":")[0]), "night", "boris", 702)
    _wait(lambda: len(fake.sent(702)) >= 1, "the reminder after the takeover")
    time.sleep(10 * TICK)
    assert len(fake.sent(702)) == 1 and len(fake.sent(701)) == 1
    assert "Tick sent 1 reminder(s)" in _sent_log(dirs[hosts.index(survivor)])
    assert survivor.process.poll() is None
