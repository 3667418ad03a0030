"""Pure pieces of the bot: message splitting within Telegram's limit, reading /remind and timezones, button
choices."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from agentcore.apps.scrum.telegram.delivery import escape, split_message
from agentcore.apps.scrum.telegram.keyboards import clarification_choices
from agentcore.apps.scrum.telegram.schedule import ScheduleError, canonical_zone, parse_remind, zone
from agentcore.apps.scrum.telegram.service import member_slug


def test_long_text_is_split_at_paragraphs_within_the_limit() -> None:
    paragraphs = [f"Абзац {i}: " + "слово " * 60 for i in range(40)]
    text = "\n\n".join(p.strip() for p in paragraphs)
    pieces = split_message(text)
    assert len(pieces) > 1 and all(len(p) <= 4096 for p in pieces)
    assert all(p.startswith("Абзац") for p in pieces)  # every piece starts at a paragraph
    assert " ".join(" ".join(pieces).split()) == " ".join(text.split())  # nothing lost


def test_a_word_longer_than_the_limit_is_cut_outside_entities() -> None:
    text = escape("a" * 4090 + "&<>" * 10)
    pieces = split_message(text)
    assert all(len(p) <= 4096 for p in pieces)
    assert "".join(pieces) == text
    assert not pieces[0].endswith(("&", "&a", "&am", "&amp", "&l", "&lt", "&g", "&gt"))


def test_remind_arguments() -> None:
    assert parse_remind("9:05", "12345", "Europe/Moscow").time == "09:05"
    assert parse_remind("10:00 пн,ср,пт UTC+3", "12345", "UTC").days == "135"
    assert parse_remind("10:00 пт-пн", "12345", "UTC").days == "1567"
    assert parse_remind("10:00 ежедневно мск", "12345", "UTC").timezone == "Europe/Moscow"
    for bad in ("", "24:00", "10:00 когда-нибудь", "10:00 Mars/Olympus"):
        with pytest.raises(ScheduleError):
            parse_remind(bad, "12345", "UTC")


def test_timezones() -> None:
    assert canonical_zone("utc+5:30") == "UTC+05:30"
    assert canonical_zone("МСК+2") == "UTC+05:00"
    assert canonical_zone("UTC-3") == "UTC-03:00"
    assert zone("UTC+05:30").utcoffset(None) == timedelta(hours=5, minutes=30)
    assert canonical_zone("Asia/Yekaterinburg") == "Asia/Yekaterinburg"


def test_buttons_fit_the_question() -> None:
    plan = clarification_choices("В daily нет плана на сегодня: что планируешь сделать сегодня?", {"today": []}, "a1")
    assert plan == [("то же, что вчера", "d:same:a1")]
    task = clarification_choices("К какой задаче относится блокер «нет стенда»?", {"today": [{"task_id": "T-1"}]}, "b2")
    assert task == [("без задачи", "d:notask:b2")]


def test_member_ids_from_telegram_users() -> None:
    assert member_slug("Anna_Dev", 5) == "anna_dev"
    assert member_slug(None, 42) == "tg42"
    assert member_slug("_x", 7) == "tg7"


async def test_a_failing_handler_tells_the_person(bot: Any, fake: Any, caplog: pytest.LogCaptureFixture) -> None:
    from tests.apps.scrum.telegram.conftest import text_update

    from agentcore.apps.scrum.telegram import texts

    def broken(_question: str) -> str:
        raise RuntimeError("секретный текст вопроса")

    bot.ctx.backend.faq = broken
    await bot.feed({"update_id": 1, **text_update(801, "/faq что такое спринт?")})
    assert fake.sent(801)[-1]["text"] == texts.FAILED
    assert "RuntimeError" in caplog.text and "секретный текст" not in caplog.text


async def test_a_sticker_in_a_private_chat_gets_a_short_answer(bot: Any, fake: Any) -> None:
    from tests.apps.scrum.telegram.conftest import user

    from agentcore.apps.scrum.telegram import texts

    sticker = {"file_id": "s1", "file_unique_id": "u1", "type": "regular", "width": 512, "height": 512}
    sticker.update({"is_animated": False, "is_video": False})
    message = {"message_id": 7, "date": 0, "chat": {"id": 802, "type": "private"}, "from": user(802)}
    await bot.feed({"update_id": 2, "message": {**message, "sticker": sticker}})
    assert fake.sent(802)[-1]["text"] == texts.TEXT_ONLY
    group = {"id": -300, "type": "supergroup", "title": "G"}
    await bot.feed({"update_id": 3, "message": {**message, "chat": group, "sticker": sticker}})
    assert not fake.sent(-300)  # in a group the bot stays quiet


async def test_joining_a_team_that_exists_without_a_telegram_lead_says_so(bot: Any, fake: Any) -> None:
    """A team made over HTTP is not new: its first member in Telegram leads it, and is told why — not «новая»."""
    from tests.apps.scrum.telegram.conftest import text_update

    from agentcore.apps.scrum.backend.models import TeamInput
    from agentcore.apps.scrum.telegram import texts

    bot.ctx.backend.store.create_team(TeamInput(slug="made", name="made"))
    await bot.feed({"update_id": 4, **text_update(803, "/join made Ольга DEV", username="olga")})
    assert texts.JOINED_FIRST_LEAD.strip() in fake.sent(803)[-1]["text"]
    assert "новая" not in fake.sent(803)[-1]["text"]
    await bot.feed({"update_id": 5, **text_update(804, "/newteam fresh Пётр", username="petr")})
    assert texts.JOINED_LEAD.strip() in fake.sent(804)[-1]["text"]  # a team /newteam creates is new


async def test_join_of_a_team_that_does_not_exist_creates_nothing(bot: Any, fake: Any) -> None:
    """Tryout 31 #9: «/join nope» (a typo) created team «nope» and made the sender its lead.  A name no team has
    creates nothing: a close one is offered as the likely team, ``/newteam`` creates a team on purpose, and
    ``/newteam`` of a team that exists joins nothing."""
    from tests.apps.scrum.telegram.conftest import text_update

    from agentcore.apps.scrum.telegram import texts

    store = bot.ctx.backend.store
    await bot.feed({"update_id": 6, **text_update(805, "/newteam payments Анна", username="anna")})
    assert texts.JOINED_LEAD.strip() in fake.sent(805)[-1]["text"]
    teams = [t.slug for t in store.teams()]
    await bot.feed({"update_id": 7, **text_update(806, "/join paymnets Борис", username="boris")})
    assert fake.sent(806)[-1]["text"].startswith(
        "Команды «paymnets» нет. Может быть, «payments»? Вступить: /join payments."
    )
    await bot.feed({"update_id": 8, **text_update(806, "/join nope Борис", username="boris")})
    assert fake.sent(806)[-1]["text"].startswith("Команды «nope» нет. Создать новую команду: /newteam nope")
    assert [t.slug for t in store.teams()] == teams and bot.ctx.store.by_user(806) is None
    await bot.feed({"update_id": 9, **text_update(806, "/newteam payments Борис", username="boris")})
    assert fake.sent(806)[-1]["text"] == "Команда «payments» уже есть — вступить в неё: /join payments"
    assert bot.ctx.store.by_user(806) is None
    await bot.feed({"update_id": 10, **text_update(806, "/join payments Борис", username="boris")})
    assert fake.sent(806)[-1]["text"].startswith("Готово: ты в команде «payments» как Борис (DEV).")
    assert "тимлид" not in fake.sent(806)[-1]["text"]
