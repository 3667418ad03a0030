"""A team's days with the bot, through the real aiogram client long-polling a fake Bot API server on a socket:
join, reminders in each member's timezone, a daily missing today's plan → the question with a button → the same
daily, an escalation to the lead, the team digest in the group, /digest, /faq, /stats, the next days' blocker
follow-ups («всё ещё», «снят»), 429 and 403 — with the clock injected and no sleeps."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from tests.apps.scrum.telegram.conftest import Clock, Sleeps, button_update, text_update
from tests.apps.scrum.telegram.fake_bot_api import BOT_USERNAME, FakeBotApi

from agentcore.apps.scrum.telegram import texts
from agentcore.apps.scrum.telegram.bot import TelegramBot
from agentcore.apps.scrum.telegram.delivery import escape

pytestmark = pytest.mark.e2e

ANNA, BORIS, GROUP = 101, 102, -100500


async def say(
    fake: FakeBotApi, update: dict[str, Any], *, replies: int = 1, chat: int | None = None
) -> list[dict[str, Any]]:
    """Deliver ``update`` through getUpdates and wait for ``replies`` new messages (to ``chat``, or anywhere)."""
    before = len(fake.sent(chat))
    fake.push(update)
    await fake.wait_for(lambda: len(fake.sent(chat)) >= before + replies)
    return fake.sent(chat)[before:]


async def test_a_day_in_the_life(polling: TelegramBot, fake: FakeBotApi, clock: Clock, sleeps: Sleeps) -> None:
    bot = polling
    # --- join
    start = await say(fake, text_update(ANNA, "/start", username="anna"))
    assert "/join" in start[0]["text"]
    assert [c["command"] for c in fake.of("setMyCommands")[0]["commands"]][:4] == ["start", "join", "newteam", "daily"]
    joined = await say(fake, text_update(ANNA, "/newteam core Анна", username="anna"))
    assert "тимлид" in joined[0]["text"] and "«core»" in joined[0]["text"]
    joined = await say(fake, text_update(BORIS, "/join core Борис", username="boris"))
    assert "тимлид" not in joined[0]["text"]
    # --- schedules: the lead's /remind, Boris in his own timezone (UTC+5)
    denied = await say(fake, text_update(BORIS, "/remind 09:30", username="boris"))
    assert denied[0]["text"] == texts.LEAD_ONLY
    bad = await say(fake, text_update(ANNA, "/remind 25:00", username="anna"))
    assert "Непонятное время" in bad[0]["text"]
    done = await say(fake, text_update(ANNA, "/remind 09:30 пн-пт Europe/Moscow", username="anna"))
    assert "09:30 (пн-пт)" in done[0]["text"] and "Europe/Moscow" in done[0]["text"]
    tz = await say(fake, text_update(BORIS, "/tz Asia/Yekaterinburg", username="boris"))
    assert "Asia/Yekaterinburg" in tz[0]["text"]

    # 06:00 UTC: 11:00 for Boris (his 09:30 has passed), 09:00 in Moscow (Anna's has not)
    report = await bot.tick()
    assert report is not None and report.reminders == [f"remind:{_member(bot, BORIS)}:2026-03-11"]
    reminder = fake.sent(BORIS)[-1]["text"]
    assert reminder.startswith("Напоминание") and reminder.endswith("?")
    clock.now = datetime(2026, 3, 11, 6, 31, tzinfo=UTC)
    report = await bot.tick()
    assert report is not None and report.reminders == [f"remind:{_member(bot, ANNA)}:2026-03-11"]  # Boris not again
    assert (await bot.tick()).total == 0  # type: ignore[union-attr]

    # --- a daily without today's plan → the question, with «то же, что вчера» → the answer completes the same daily
    asked = await say(
        fake,
        text_update(
            BORIS,
            "Вчера закончил PAY-1431 — интеграция с банком. Блокер: нет доступа к стенду банка, "
            "это критично, по PAY-1431",
            username="boris",
        ),
    )
    question = asked[0]
    assert question["text"].endswith("?") and "сегодня" in question["text"]
    buttons = [b for row in question["reply_markup"]["inline_keyboard"] for b in row]
    assert [b["text"] for b in buttons] == [texts.SAME_AS_YESTERDAY]
    dailies_before = len(bot.ctx.backend.store.dailies("core"))
    # the answer: the lead gets the escalation at once, Boris the acceptance
    await say(fake, button_update(BORIS, buttons[0]["callback_data"], 7, username="boris"), replies=2)
    assert fake.of("answerCallbackQuery") and fake.of("editMessageReplyMarkup")
    stored = bot.ctx.backend.store.dailies("core")
    assert len(stored) == dailies_before + 1 and stored[0].member == "boris"
    assert stored[0].daily["today"] and stored[0].daily["yesterday"] and stored[0].daily["blockers"]
    escalation = fake.sent(ANNA)[-1]["text"]
    assert "PAY-1431" in escalation and "Борис" in escalation and "блокер" in escalation
    assert texts.ACCEPTED in fake.sent(BORIS)[-1]["text"]

    # --- Anna posts hers; 429 on her chat is waited out as Telegram asks
    fake.retry_after[ANNA] = [3]
    accepted = await say(
        fake,
        text_update(ANNA, "Вчера: ревью TASK-7. Сегодня: релиз TASK-8. Блокеров нет.", username="anna"),
        chat=ANNA,
    )
    assert texts.ACCEPTED in accepted[0]["text"] and sleeps.waited == [3.0]

    # --- the group: the lead binds it (in a topic); the digest goes there two hours after the reminder time
    group = {"id": GROUP, "type": "supergroup", "title": "Команда", "is_forum": True}
    bound = await say(fake, text_update(ANNA, f"/join@{BOT_USERNAME} core", username="anna", chat=group, thread=5))
    assert bound[0]["text"] == texts.GROUP_BOUND.format(team="core") and int(bound[0]["message_thread_id"]) == 5
    ignored_before = len(fake.sent(GROUP))
    fake.push(text_update(BORIS, "обычная болтовня в группе", username="boris", chat=group))
    mention = await say(fake, text_update(BORIS, f"@{BOT_USERNAME} привет", username="boris", chat=group), chat=GROUP)
    assert mention[0]["text"] == texts.GROUP_PRIVATE and len(fake.sent(GROUP)) == ignored_before + 1
    clock.now = datetime(2026, 3, 11, 8, 31, tzinfo=UTC)  # 11:31 in Moscow
    report = await bot.tick()
    assert report is not None and report.digests == [f"digest:{_team(bot)}:2026-03-11"]
    digest = fake.sent(GROUP)[-1]
    assert "Дайджест команды «core» за 11.03.2026" in digest["text"] and "Борис" in digest["text"]
    assert int(digest["message_thread_id"]) == 5 and digest["parse_mode"] == "HTML"

    # --- /digest, /faq, /stats
    mine = await say(fake, text_update(BORIS, "/digest", username="boris"))
    assert "PAY-1431" in mine[0]["text"] or "стенду" in mine[0]["text"]
    faq = await say(fake, text_update(BORIS, "/faq что такое спринт?", username="boris"))
    assert "спринт" in faq[0]["text"].lower()
    stats = await say(fake, text_update(ANNA, "/stats какие риски у команды?", username="anna"))
    assert "блокер" in stats[0]["text"].lower()
    denied = await say(fake, text_update(BORIS, "/stats какие риски?", username="boris"))
    assert denied[0]["text"] == texts.LEAD_ONLY

    # --- the next day: the follow-up on the open blocker, «всё ещё» keeps it open
    clock.now = datetime(2026, 3, 12, 6, 31, tzinfo=UTC)
    report = await bot.tick()
    assert report is not None and len(report.followups) == 1
    follow = [m for m in fake.sent(BORIS) if "всё ещё блокирует?" in m["text"]][-1]
    assert follow["text"] == "PAY-1431 всё ещё блокирует?"
    choice = {b["text"]: b["callback_data"] for row in follow["reply_markup"]["inline_keyboard"] for b in row}
    assert set(choice) == {texts.RESOLVED, texts.STILL}
    edits = len(fake.of("editMessageText"))
    fake.push(button_update(BORIS, choice[texts.STILL], 40, username="boris"))
    await fake.wait_for(lambda: len(fake.of("editMessageText")) > edits)
    assert "остаётся" in fake.of("editMessageText")[-1]["text"]
    assert (await bot.tick()).followups == []  # type: ignore[union-attr]  # once a day
    # the day after: asked again, «снят» closes it, no more follow-ups
    clock.now = datetime(2026, 3, 13, 6, 31, tzinfo=UTC)
    report = await bot.tick()
    assert report is not None and len(report.followups) == 1
    follow = [m for m in fake.sent(BORIS) if "всё ещё блокирует?" in m["text"]][-1]
    choice = {b["text"]: b["callback_data"] for row in follow["reply_markup"]["inline_keyboard"] for b in row}
    edits = len(fake.of("editMessageText"))
    fake.push(button_update(BORIS, choice[texts.RESOLVED], 41, username="boris"))
    await fake.wait_for(lambda: len(fake.of("editMessageText")) > edits)
    assert "снят" in fake.of("editMessageText")[-1]["text"]
    assert bot.ctx.store.open_blockers() == []
    clock.now = datetime(2026, 3, 16, 6, 31, tzinfo=UTC)  # Monday
    report = await bot.tick()
    assert report is not None and report.followups == []

    # --- /daily, /lead, /leave
    prompt = await say(fake, text_update(BORIS, "/daily", username="boris"))
    assert prompt[0]["text"] == texts.DAILY_PROMPT
    unknown = await say(fake, text_update(ANNA, "/lead @nobody", username="anna"))
    assert "@nobody" in unknown[0]["text"]
    handed = await say(fake, text_update(ANNA, "/lead @boris", username="anna"))
    assert handed[0]["text"] == texts.LEAD_SET.format(team="core", name="Борис")
    denied = await say(fake, text_update(ANNA, "/stats какие риски?", username="anna"))
    assert denied[0]["text"] == texts.LEAD_ONLY
    handed = await say(fake, text_update(BORIS, "/lead @anna", username="boris"))
    assert handed[0]["text"] == texts.LEAD_SET.format(team="core", name="Анна")

    # --- 403: Boris blocked the bot → marked inactive, Anna still reminded
    fake.blocked.add(BORIS)
    clock.now = datetime(2026, 3, 17, 6, 31, tzinfo=UTC)
    report = await bot.tick()
    assert report is not None and report.reminders == [f"remind:{_member(bot, ANNA)}:2026-03-17"]
    assert bot.ctx.store.by_user(BORIS) is None  # inactive
    # the claim was given back, and Boris is no longer reminded
    assert (await bot.tick()).total == 0  # type: ignore[union-attr]
    left = await say(fake, text_update(ANNA, "/leave", username="anna"))
    assert left[0]["text"] == texts.LEFT.format(team="core") and bot.ctx.store.by_user(ANNA) is None
    back = await say(fake, text_update(ANNA, "/join core Анна", username="anna"))
    assert back[0]["text"].startswith("Готово") and _member(bot, ANNA) == _member_of(bot, "anna")


def _member_of(bot: TelegramBot, slug: str) -> int:
    return bot.ctx.backend.store.member("core", slug)._id


def _member(bot: TelegramBot, user_id: int) -> int:
    found = bot.ctx.store.by_user(user_id)
    assert found is not None
    return found.member_id


def _team(bot: TelegramBot) -> int:
    return bot.ctx.backend.store.team("core")._id


async def test_member_commands_ask_a_stranger_to_join_first(bot: TelegramBot, fake: FakeBotApi) -> None:
    """The member guard of every member command, and the lead guard behind it for a member who is not the lead."""
    stranger = 909
    commands = ["/stats риски?", "/remind 09:30", "/lead @anna", "/tz UTC", "/leave", "/digest"]
    for number, command in enumerate(commands):
        await bot.feed({"update_id": 9000 + number, **text_update(stranger, command)})
    assert [m["text"] for m in fake.sent(stranger)] == [escape(texts.NOT_MEMBER)] * len(commands)

    await bot.feed({"update_id": 9100, **text_update(ANNA, "/newteam core Анна", username="anna")})
    await bot.feed({"update_id": 9101, **text_update(BORIS, "/join core Борис", username="boris")})
    before = len(fake.sent(BORIS))
    for number, command in enumerate(["/stats риски?", "/remind 09:30", "/lead @anna"]):
        await bot.feed({"update_id": 9200 + number, **text_update(BORIS, command, username="boris")})
    assert [m["text"] for m in fake.sent(BORIS)[before:]] == [escape(texts.LEAD_ONLY)] * 3
