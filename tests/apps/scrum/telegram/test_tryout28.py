"""Tryout 28: what a team reads from the bot — the escalation names the member without a wrong case ending
(«блокер у Борис»), an unknown command is said to be one (it got the whole /start text), and a button pressed a
second time under an earlier question is stale (it answered the next question) — an unknown button is answered
(the client spun until its timeout)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.apps.scrum.telegram.conftest import button_update, text_update
from tests.apps.scrum.telegram.fake_bot_api import FakeBotApi

from agentcore.apps.scrum.telegram import texts
from agentcore.apps.scrum.telegram.bot import TelegramBot
from agentcore.apps.scrum.telegram.delivery import escape

pytestmark = pytest.mark.parametrize("bot", ["sqlite"], indirect=True)

ANNA, BORIS = 201, 202


async def _join(bot: TelegramBot) -> None:
    await bot.feed({"update_id": 1, **text_update(ANNA, "/newteam core Анна", username="anna")})
    await bot.feed({"update_id": 2, **text_update(BORIS, "/join core Борис DEV", username="boris")})


async def test_the_escalation_names_the_member_in_the_nominative(bot: TelegramBot, fake: FakeBotApi) -> None:
    await _join(bot)
    text = "Вчера закрыл PAY-1, сегодня PAY-2. Блокер: нет доступа к проду, релиз горит"
    await bot.feed({"update_id": 3, **text_update(BORIS, text, username="boris")})
    await bot.feed({"update_id": 4, **text_update(BORIS, "PAY-2", username="boris")})
    escalation = fake.sent(ANNA)[-1]["text"]
    assert "блокер — Борис, команда «core»" in escalation and "у Борис" not in escalation


async def test_an_unknown_command_is_said_to_be_unknown(bot: TelegramBot, fake: FakeBotApi) -> None:
    await bot.feed({"update_id": 5, **text_update(ANNA, "/dayly")})
    assert fake.sent(ANNA)[-1]["text"] == escape(texts.UNKNOWN_COMMAND.format(command="/dayly"))


async def test_help_is_the_start_text(bot: TelegramBot, fake: FakeBotApi) -> None:
    """/help — the command every Telegram user tries first — was «Не знаю команду /help» (tryout 31 #8)."""
    await bot.feed({"update_id": 7, **text_update(ANNA, "/help")})
    assert fake.sent(ANNA)[-1]["text"] == escape(texts.START)
    assert "help" in dict(texts.COMMANDS)  # offered in the client's command menu too


def _buttons(sent: dict[str, Any]) -> dict[str, str]:
    return {b["text"]: b["callback_data"] for row in sent["reply_markup"]["inline_keyboard"] for b in row}


async def test_a_button_of_an_earlier_question_is_stale(bot: TelegramBot, fake: FakeBotApi) -> None:
    await _join(bot)
    await bot.feed({"update_id": 6, **text_update(BORIS, "Вчера WEB-2. Блокер: упал CI", username="boris")})
    buttons = _buttons(fake.sent(BORIS)[-1])
    assert list(buttons) == [texts.SAME_AS_YESTERDAY, texts.NO_TASK]
    same = buttons[texts.SAME_AS_YESTERDAY]
    await bot.feed({"update_id": 7, **button_update(BORIS, same, 9, username="boris")})
    assert "К какой задаче относится блокер «упал CI»" in fake.sent(BORIS)[-1]["text"]
    before = len(fake.sent(BORIS))
    await bot.feed({"update_id": 8, **button_update(BORIS, same, 9, username="boris")})  # the same button again
    assert len(fake.sent(BORIS)) == before  # nothing accepted
    assert fake.of("answerCallbackQuery")[-1].get("text") == texts.BUTTON_STALE
    await bot.feed({"update_id": 9, **button_update(BORIS, "zzz", 9, username="boris")})
    assert fake.of("answerCallbackQuery")[-1].get("text") == texts.BUTTON_STALE


async def test_a_button_answers_only_the_question_it_was_sent_under(bot: TelegramBot, fake: FakeBotApi) -> None:
    """The next question may offer the same choice: a press under the closed one (answered by text) still does not
    answer it — «без задачи» of the morning's question closed the afternoon's blocker «нет стенда» unasked."""
    await _join(bot)
    morning_daily = "Вчера WEB-2, сегодня WEB-3. Блокер: упал CI"
    await bot.feed({"update_id": 10, **text_update(BORIS, morning_daily, username="boris")})
    morning = _buttons(fake.sent(BORIS)[-1])[texts.NO_TASK]
    await bot.feed({"update_id": 11, **text_update(BORIS, "WEB-3", username="boris")})
    assert fake.sent(BORIS)[-1]["text"].startswith(escape(texts.ACCEPTED))
    text = "Вчера WEB-3, сегодня WEB-4. Блокер: нет стенда"
    await bot.feed({"update_id": 12, **text_update(BORIS, text, username="boris")})
    asked = fake.sent(BORIS)[-1]
    assert "К какой задаче относится блокер «нет стенда»" in asked["text"]
    afternoon = _buttons(asked)[texts.NO_TASK]
    before = len(fake.sent(BORIS))
    await bot.feed({"update_id": 13, **button_update(BORIS, morning, 20, username="boris")})  # the morning's message
    assert len(fake.sent(BORIS)) == before
    assert fake.of("answerCallbackQuery")[-1].get("text") == texts.BUTTON_STALE
    await bot.feed({"update_id": 14, **button_update(BORIS, afternoon, 21, username="boris")})  # its own message
    assert fake.sent(BORIS)[-1]["text"].startswith(escape(texts.ACCEPTED))
