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
        fake.push(text_update(901, "/join core Анна", username="anna"))
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
