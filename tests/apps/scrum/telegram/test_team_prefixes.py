"""A team's tracker prefixes read a daily's ids in Telegram as on every other path (issue 19): «opera-41» in a team
with ``OPERA-…`` tasks is OPERA-41. Through the real aiogram client long-polling the fake Bot API on a socket."""

from __future__ import annotations

from typing import Any

import pytest
from tests.apps.scrum.telegram.conftest import text_update
from tests.apps.scrum.telegram.fake_bot_api import FakeBotApi
from tests.apps.scrum.test_team_prefixes import IDS, TASKS, TEXT

from agentcore.apps.scrum.backend.models import TaskInput
from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.apps.scrum.telegram import texts
from agentcore.apps.scrum.telegram.bot import TelegramBot

pytestmark = pytest.mark.e2e

ANNA, IVAN = 301, 302


async def say(fake: FakeBotApi, update: dict[str, Any], *, chat: int) -> list[dict[str, Any]]:
    before = len(fake.sent(chat))
    fake.push(update)
    await fake.wait_for(lambda: len(fake.sent(chat)) > before)
    return fake.sent(chat)[before:]


async def test_a_daily_in_telegram_reads_the_teams_keys(polling: TelegramBot, fake: FakeBotApi) -> None:
    bot = polling
    await say(fake, text_update(ANNA, "/newteam core Анна", username="anna"), chat=ANNA)
    await say(fake, text_update(IVAN, "/join core Иван", username="ivan"), chat=IVAN)
    store = bot.ctx.backend.store
    store.import_tasks("core", [TaskInput(**{**t, "assignee": None}) for t in TASKS])
    assert parse_daily(TEXT, "DEV")["daily"]["quality"] != "GREAT"  # without the team's keys it is no task
    accepted = await say(fake, text_update(IVAN, TEXT, username="ivan"), chat=IVAN)
    assert texts.ACCEPTED in accepted[-1]["text"], accepted
    [stored] = store.dailies("core")
    ids = {s: [i["task_id"] for i in stored.daily[s]] for s in ("yesterday", "today")}
    assert ids == IDS and stored.quality == "GREAT"
