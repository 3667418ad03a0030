"""A blocker the member lifts in a later daily the same day («стенд починили, блокер снят») is not followed up the
next day — the bot agrees with the dashboard (try-out 26 #4); a blocker still reported is. «снят» under a follow-up
closes it for the dashboard, TEAM_RISKS and the digest too. Through the real aiogram
client long-polling the fake Bot API on a socket, the clock injected."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from tests.apps.scrum.telegram.conftest import Clock, button_update, text_update
from tests.apps.scrum.telegram.fake_bot_api import FakeBotApi

from agentcore.apps.scrum.backend.dashboard import dashboard
from agentcore.apps.scrum.backend.metrics import compute_metrics
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
    await say(fake, text_update(ANNA, "/newteam core Анна", username="anna"), chat=ANNA)
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


def _backend_open(bot: TelegramBot, member: str) -> dict[str, list[str]]:
    """The member's open blockers as every reader of the backend sees them."""
    store = bot.ctx.backend.store
    risks = compute_metrics(store, "core", "TEAM_RISKS", {})
    board = dashboard(store, "core")
    return {
        "risks": [b["text"] for b in risks["open_blockers_by_age"] if b["owner"] == member],
        "risks_top": [b["text"] for b in risks["top_blockers"] if b["author"] == member],
        "dashboard": [b["text"] for b in board["blockers"] if b["owner"] == member],
        "digest": [b["text"] for b in bot.ctx.backend.digest("core", member)[0]["blockers"]],
    }


async def test_the_lifted_button_closes_the_blocker_for_the_dashboard_risks_and_digest(
    polling: TelegramBot, fake: FakeBotApi, clock: Clock
) -> None:
    """«снят» under the follow-up closes the blocker in the backend's state, not only in the bot's own table: the
    dashboard, TEAM_RISKS (list and totals) and the digest drop it, though the member's latest daily reports it."""
    bot = polling
    await say(fake, text_update(ANNA, "/newteam core Анна", username="anna"), chat=ANNA)
    await say(fake, text_update(BORIS, "/join core Борис", username="boris"), chat=BORIS)
    await say(fake, text_update(BORIS, STOPPED, username="boris"), chat=BORIS)
    before = _backend_open(bot, "boris")
    assert all(len(texts_) == 1 for texts_ in before.values()), before
    clock.now = datetime(2026, 3, 12, 9, 0, tzinfo=UTC)
    report = await bot.tick()
    assert report is not None and len(report.followups) == 1
    follow = [m for m in fake.sent(BORIS) if "всё ещё блокирует?" in m["text"]][-1]
    choice = {b["text"]: b["callback_data"] for row in follow["reply_markup"]["inline_keyboard"] for b in row}
    edits = len(fake.of("editMessageText"))
    fake.push(button_update(BORIS, choice[texts.RESOLVED], 40, username="boris"))
    await fake.wait_for(lambda: len(fake.of("editMessageText")) > edits)
    assert "снят" in fake.of("editMessageText")[-1]["text"]
    assert _backend_open(bot, "boris") == {"risks": [], "risks_top": [], "dashboard": [], "digest": []}
    risks = compute_metrics(bot.ctx.backend.store, "core", "TEAM_RISKS", {})
    assert risks["open_blockers_count"] == 0 and sum(risks["blockers_by_severity"].values()) == 0
    assert risks["escalations"] == 0
    board = dashboard(bot.ctx.backend.store, "core")
    [row] = [m for m in board["members"] if m["slug"] == "boris"]
    assert [b["lifted"] for b in row["daily"]["blockers"]] == [True]  # the row says what the list says
    # the same blocker reported again in a later daily is open again (a new report), and followed up
    await say(fake, text_update(BORIS, STOPPED, username="boris"), chat=BORIS)
    assert len(_backend_open(bot, "boris")["risks"]) == 1


async def test_a_blocker_closed_by_a_daily_sent_elsewhere_is_not_followed_up(
    polling: TelegramBot, fake: FakeBotApi, clock: Clock
) -> None:
    """The follow-ups read the backend's rule: a newer daily sent through the HTTP API or the command line (not the
    bot) that no longer reports the blocker closes it for the bot too."""
    bot = polling
    await say(fake, text_update(ANNA, "/newteam core Анна", username="anna"), chat=ANNA)
    await say(fake, text_update(BORIS, "/join core Борис", username="boris"), chat=BORIS)
    await say(fake, text_update(BORIS, STOPPED, username="boris"), chat=BORIS)
    assert len(bot.ctx.store.open_blockers()) == 1
    outcome = bot.ctx.backend.submit_daily("core", "boris", LIFTED)  # the backend's API, not the bot
    assert outcome.status == "accepted"
    clock.now = datetime(2026, 3, 12, 9, 0, tzinfo=UTC)
    report = await bot.tick()
    assert report is not None and report.followups == []
    assert bot.ctx.store.open_blockers() == []
