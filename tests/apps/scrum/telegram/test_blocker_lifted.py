"""A blocker the member lifts in a later daily the same day («стенд починили, блокер снят») is not followed up the
next day — the bot agrees with the dashboard (try-out 26 #4); a blocker still reported is. Through the real aiogram
client long-polling the fake Bot API on a socket, the clock injected."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from tests.apps.scrum.telegram.conftest import Clock, text_update
from tests.apps.scrum.telegram.fake_bot_api import FakeBotApi

from agentcore.apps.scrum.telegram import texts
from agentcore.apps.scrum.telegram.bot import TelegramBot

pytestmark = pytest.mark.e2e

ANNA, BORIS = 201, 202
STOPPED = "Вчера делал PAY-1431, сегодня продолжаю PAY-1431. Блокер: стенд банка лежит, вся команда стоит, по PAY-1431."
LIFTED = "Вчера делал PAY-1431, сегодня продолжаю PAY-1431. Стенд починили, блокер снят."


async def say(fake: FakeBotApi, update: dict[str, Any], *, chat: int) -> list[dict[str, Any]]:
    before = len(fake.sent(chat))
    fake.push(update)
    await fake.wait_for(lambda: len(fake.sent(chat)) > before)
    return fake.sent(chat)[before:]


@pytest.mark.parametrize("lifted", [True, False])
async def test_a_blocker_lifted_the_same_day_is_not_followed_up(
    polling: TelegramBot, fake: FakeBotApi, clock: Clock, lifted: bool
) -> None:
    bot = polling
    await say(fake, text_update(ANNA, "/join core Анна", username="anna"), chat=ANNA)
    await say(fake, text_update(BORIS, "/join core Борис", username="boris"), chat=BORIS)
    accepted = await say(fake, text_update(BORIS, STOPPED, username="boris"), chat=BORIS)
    assert texts.ACCEPTED in accepted[-1]["text"]
    assert len(bot.ctx.store.open_blockers()) == 1
    second = LIFTED if lifted else STOPPED
    accepted = await say(fake, text_update(BORIS, second, username="boris"), chat=BORIS)
    assert texts.ACCEPTED in accepted[-1]["text"]
    assert len(bot.ctx.store.open_blockers()) == (0 if lifted else 1)
    clock.now = datetime(2026, 3, 12, 9, 0, tzinfo=UTC)  # the next day, past 10:00 in the team's timezone
    report = await bot.tick()
    assert report is not None and len(report.followups) == (0 if lifted else 1)
