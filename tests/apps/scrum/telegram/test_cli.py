"""``agentcore scrum telegram``: one command and one token run the bot (long polling against the fake Bot API
server, in a real process), Ctrl+C stops it cleanly; without a token, a Russian error and exit code 1."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest
from tests.apps.scrum.telegram.conftest import text_update
from tests.apps.scrum.telegram.fake_bot_api import TOKEN, FakeBotApi

pytestmark = pytest.mark.e2e

AGENTCORE = str(Path(sys.executable).with_name("agentcore"))


async def test_one_command_and_one_token(fake: FakeBotApi, data_dir: Path) -> None:
    env = {**os.environ, "AGENTCORE_TELEGRAM_BOT_TOKEN": TOKEN, "AGENTCORE_TELEGRAM_API_BASE": fake.url}
    process = await asyncio.create_subprocess_exec(
        AGENTCORE, "scrum", "telegram", env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    try:
        await fake.wait_for(lambda: bool(fake.of("getUpdates")), timeout=120)
        assert fake.of("deleteWebhook") and fake.of("setMyCommands")
        fake.push(text_update(901, "/newteam core Анна", username="anna"))
        await fake.wait_for(lambda: bool(fake.sent(901)), timeout=120)
        assert "тимлид" in fake.sent(901)[0]["text"]
    finally:
        process.send_signal(signal.SIGINT)
        out, err = await asyncio.wait_for(process.communicate(), 120)
    assert process.returncode == 0, err.decode()
    text = (out + err).decode()
    assert "запущен" in text and TOKEN not in text
    logs = "".join(p.read_text(encoding="utf-8", errors="replace") for p in data_dir.rglob("*.log"))
    assert TOKEN not in logs and TOKEN.split(":")[1] not in logs


async def test_without_a_token_the_command_says_what_to_do(data_dir: Path) -> None:
    process = await asyncio.create_subprocess_exec(
        AGENTCORE, "scrum", "telegram", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    _out, err = await asyncio.wait_for(process.communicate(), 120)
    assert process.returncode == 1
    assert "AGENTCORE_TELEGRAM_BOT_TOKEN" in err.decode() and "BotFather" in err.decode()


async def _refused_start(env: dict[str, str]) -> tuple[int, str, set[str]]:
    """``agentcore scrum telegram`` that is expected to refuse to start: exit code, its message, the top-level
    packages it imported (``-X importtime``)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-X",
        "importtime",
        AGENTCORE,
        "scrum",
        "telegram",
        env={**os.environ, **env},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _out, err = await asyncio.wait_for(process.communicate(), 120)
    lines = err.decode().splitlines()
    imported = {ln.rsplit("|", 1)[1].strip().split(".")[0] for ln in lines if ln.startswith("import time:")}
    message = " ".join(" ".join(ln for ln in lines if not ln.startswith("import time:")).split())
    assert process.returncode is not None
    return process.returncode, message, imported


@pytest.mark.parametrize(
    ("env", "says"),
    [
        # a database that cannot be opened (nothing listens on port 1)
        (
            {"AGENTCORE_TELEGRAM_BOT_TOKEN": TOKEN, "AGENTCORE_DATABASE_URL": "postgresql+psycopg://u:p@127.0.0.1:1/x"},
            "не удалось запустить бота: база данных недоступна (AGENTCORE_DATABASE_URL)",
        ),
        ({"AGENTCORE_TELEGRAM_BOT_TOKEN": "12345 :ABC"}, "не похож на токен бота"),
        ({"AGENTCORE_TELEGRAM_BOT_TOKEN": "bot:ABC"}, "не похож на токен бота"),
    ],
    ids=["database", "space-in-token", "no-bot-number"],
)
async def test_a_start_that_cannot_succeed_fails_before_loading_aiogram(
    data_dir: Path, env: dict[str, str], says: str
) -> None:
    """aiogram is most of a start (hundreds of pydantic models built at import): a malformed token or a database
    that cannot be opened is reported without paying for it."""
    code, message, imported = await _refused_start(env)
    assert code == 1 and says in message, message
    assert "sqlalchemy" in imported or "не похож" in says  # the database was tried
    assert "aiogram" not in imported


async def test_an_unreachable_bot_api_is_one_russian_line(data_dir: Path) -> None:
    """Tryout 28 D6: aiogram's English («TelegramNetworkError: HTTP Client says - ClientConnectorError: …») is not
    what the user reads; the token never is."""
    env = {"AGENTCORE_TELEGRAM_BOT_TOKEN": TOKEN, "AGENTCORE_TELEGRAM_API_BASE": "http://127.0.0.1:1"}
    code, message, _imported = await _refused_start(env)
    assert code == 1
    assert "не удалось связаться с Telegram Bot API (127.0.0.1:1): соединение не установлено" in message, message
    assert "Telegram" + "NetworkError" not in message and "Traceback" not in message
    assert TOKEN not in message and TOKEN.split(":")[1] not in message


async def test_a_token_telegram_refuses_is_said_so(fake: FakeBotApi, data_dir: Path) -> None:
    env = {"AGENTCORE_TELEGRAM_BOT_TOKEN": "123:wrong-token", "AGENTCORE_TELEGRAM_API_BASE": fake.url}
    code, message, _imported = await _refused_start(env)
    assert code == 1
    assert "Telegram не принял токен бота (AGENTCORE_TELEGRAM_BOT_TOKEN)" in message, message
    assert "wrong-token" not in message and "Unauthorized" not in message
