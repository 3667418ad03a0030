"""What the bot says around a pending clarifying question in Telegram (session dlg, audit gaps G3/G4): an amendment
keeps the question and says so, a new daily closes it and says so — in the backend's one wording, as the CLI does.
Through the real aiogram client long-polling the fake Bot API on a socket (offline provider)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.apps.scrum.telegram.conftest import text_update
from tests.apps.scrum.telegram.fake_bot_api import FakeBotApi

from agentcore.apps.scrum.backend.dialogue import AMENDED_NOTE, SUPERSEDED_NOTE
from agentcore.apps.scrum.backend.notifier import REASON_LINE
from agentcore.apps.scrum.telegram.bot import TelegramBot

pytestmark = pytest.mark.e2e

ANNA, IVAN = 311, 312
PENDING = "Вчера закрыл TASK-7, сегодня TASK-6 делаю. Блокер: нет доступов к стенду"


async def say(fake: FakeBotApi, update: dict[str, Any], *, chat: int) -> list[dict[str, Any]]:
    before = len(fake.sent(chat))
    fake.push(update)
    await fake.wait_for(lambda: len(fake.sent(chat)) > before)
    return fake.sent(chat)[before:]


async def _team(fake: FakeBotApi) -> None:
    await say(fake, text_update(ANNA, "/newteam core Анна", username="anna"), chat=ANNA)
    await say(fake, text_update(IVAN, "/join core Иван", username="ivan"), chat=IVAN)


async def test_an_amendment_keeps_the_question_and_says_so(polling: TelegramBot, fake: FakeBotApi) -> None:
    await _team(fake)
    asked = await say(fake, text_update(IVAN, PENDING, username="ivan"), chat=IVAN)
    assert "нет доступов к стенду" in asked[-1]["text"]
    amended = await say(fake, text_update(IVAN, "Ещё блокер: нет ключа API по TASK-3", username="ivan"), chat=IVAN)
    text = amended[-1]["text"]
    opening = AMENDED_NOTE.split("{added}")[0]
    assert text.startswith(opening) and "нет ключа API" in text and "нет доступов к стенду" in text
    assert polling.ctx.backend.store.dailies("core") == []  # nothing accepted, nothing pinned to TASK-3
    done = await say(fake, text_update(IVAN, "без задачи", username="ivan"), chat=IVAN)
    assert "Принял daily" in done[-1]["text"]
    [stored] = polling.ctx.backend.store.dailies("core")
    assert {b["text"]: b["related_task_id"] for b in stored.daily["blockers"]} == {
        "нет доступов к стенду": None,
        "нет ключа API по TASK-3": "TASK-3",
    }


async def test_a_new_daily_closing_the_question_is_said_as_the_cli_says_it(
    polling: TelegramBot, fake: FakeBotApi
) -> None:
    """Telegram answered only «Принял daily, спасибо!»; the member did not learn the old question was closed."""
    await _team(fake)
    asked = await say(fake, text_update(IVAN, PENDING, username="ivan"), chat=IVAN)
    question = asked[-1]["text"]
    fresh = "Вчера закрыл TASK-3, сегодня делаю TASK-4. Блокеров нет."
    done = await say(fake, text_update(IVAN, fresh, username="ivan"), chat=IVAN)
    assert done[-1]["text"].startswith(SUPERSEDED_NOTE.format(question=question))
    assert "Принял daily" in done[-1]["text"]


async def test_an_escalation_to_the_lead_says_why_in_one_line(polling: TelegramBot, fake: FakeBotApi) -> None:
    """Issue 19: «Each escalation says why in one line» — the lead got the blocker without its reason."""
    await _team(fake)
    daily = "Вчера: TASK-1 доделал\nСегодня: TASK-2\nБлокеры: прод лежит, TASK-2"
    before = len(fake.sent(ANNA))
    await say(fake, text_update(IVAN, daily, username="ivan"), chat=IVAN)
    await fake.wait_for(lambda: len(fake.sent(ANNA)) > before)
    [escalation] = fake.sent(ANNA)[before:]
    first, why = escalation["text"].split("\n")
    assert first.startswith("⚠️") and "Иван" in first and "TASK-2" in first
    assert why == REASON_LINE.format(reason="не работает прод")  # the backend's reason (docs: «Each escalation …»)
