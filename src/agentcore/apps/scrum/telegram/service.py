"""What the bot does, apart from how updates arrive: joining, the daily dialogue, escalations, digests.

Every backend call is the Scrum backend's public API (:class:`~agentcore.apps.scrum.backend.flows.ScrumBackend`
and its store), run in a worker thread (the backend is synchronous); replies go out through
:func:`~agentcore.apps.scrum.telegram.delivery.send`.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, TypeVar

from agentcore.apps.scrum.backend.notifier import reason_line
from agentcore.apps.scrum.telegram import texts
from agentcore.apps.scrum.telegram.delivery import Blocked, Sleep, escape, send
from agentcore.apps.scrum.telegram.keyboards import clarification_keyboard, question_tag
from agentcore.apps.scrum.telegram.schedule import local_day_start, zone

if TYPE_CHECKING:
    from aiogram import Bot

    from agentcore.apps.scrum.backend.flows import DailyOutcome, ScrumBackend
    from agentcore.apps.scrum.telegram.store import Binding, TeamSide, TelegramStore

log = logging.getLogger("agentcore.scrum.telegram")

T = TypeVar("T")
_SLUG_CHARS = re.compile(r"[^a-z0-9_-]+")


@dataclass
class BotContext:
    """What every handler and the scheduler share.

    Attributes:
        backend: the Scrum backend (its store is the one database).
        store: the bot's tables on the same engine.
        clock: the current UTC time (tests move it).
        sleep: how ``429 retry_after`` is waited out (tests record it instead of sleeping).
    """

    backend: ScrumBackend
    store: TelegramStore
    clock: Callable[[], datetime]
    sleep: Sleep

    async def run(self, action: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """A synchronous backend/store call, off the event loop."""
        return await asyncio.to_thread(action, *args, **kwargs)


def member_slug(username: str | None, user_id: int) -> str:
    """A backend member id for a Telegram user: the username lower-cased (when it fits the slug pattern), else
    ``tg<user id>``."""
    if username:
        slug = _SLUG_CHARS.sub("", username.lower())[:64]
        if slug and slug[0].isalnum():
            return slug
    return f"tg{user_id}"


def member_zone(binding: Binding, side: TeamSide) -> Any:
    """The member's timezone (their own, else the team's)."""
    return zone(binding.timezone or side.timezone)


def local_today(ctx: BotContext, binding: Binding, side: TeamSide) -> date:
    """The member's local date now."""
    return ctx.clock().astimezone(member_zone(binding, side)).date()


async def deliver(
    ctx: BotContext,
    bot: Bot,
    chat_id: int,
    text: str,
    *,
    thread_id: int | None = None,
    markup: Any = None,
    member_id: int | None = None,
) -> bool:
    """Send, marking the member inactive when the chat answers ``403``; False when nothing was delivered.

    A refusal never fails the caller (one member who blocked the bot does not stop the team's reminders)."""
    from aiogram.exceptions import TelegramAPIError

    try:
        await send(bot, chat_id, text, thread_id=thread_id, reply_markup=markup, sleep=ctx.sleep)
    except Blocked:
        if member_id is not None:
            log.warning("telegram // Chat of member %s refused messages (403): marked inactive", member_id)
            await ctx.run(lambda: ctx.store.set_active(member_id, False))
        else:
            log.warning("telegram // A group chat refused messages (403)")
        return False
    except TelegramAPIError as exc:
        log.error("telegram // Sending failed: %s", type(exc).__name__)
        return False
    return True


async def submit_daily(ctx: BotContext, bot: Bot, binding: Binding, text: str) -> None:
    """One message of the member's daily dialogue, answered in their chat: the clarifying question (with the
    choices that fit as buttons), «слишком общо», or the acceptance — then the blockers are followed up and the
    escalations go to the lead."""
    from agentcore.apps.scrum.backend.errors import ScrumError

    try:
        outcome: DailyOutcome = await ctx.run(lambda: ctx.backend.submit_daily(binding.team, binding.member, text))
    except ScrumError as exc:
        await deliver(ctx, bot, binding.chat_id, escape(exc.message), member_id=binding.member_id)
        return
    # the pending question closed as superseded by a new daily, or kept after an amendment: said first, in the
    # backend's one wording (the CLI says the same)
    note = f"{outcome.note}\n\n" if outcome.note else ""
    if outcome.status != "accepted":
        question = outcome.message or texts.DAILY_PROMPT
        markup = None
        if outcome.status == "clarification":
            # the buttons name this question (the stored state it was asked in): they answer it and no later one
            member = await ctx.run(lambda: ctx.backend.store.member(binding.team, binding.member))
            state = await ctx.run(lambda: ctx.backend.store.session_state(member)) or {}
            markup = clarification_keyboard(question, outcome.daily, question_tag(state))
        await deliver(ctx, bot, binding.chat_id, escape(note + question), markup=markup, member_id=binding.member_id)
        return
    side = await ctx.run(lambda: ctx.store.team_side(binding.team_id))
    today = local_today(ctx, binding, side)
    # the newer daily is the member's whole state: blockers it no longer reports are not followed up
    await ctx.run(lambda: ctx.store.close_member_blockers(binding.member_id))
    if outcome.daily_id is not None and outcome.events:
        daily_id = outcome.daily_id
        await ctx.run(
            lambda: ctx.store.add_blockers(binding.member_id, binding.team_id, daily_id, outcome.events, today)
        )
    reply = texts.ACCEPTED
    if outcome.events:
        reply += texts.ACCEPTED_BLOCKERS.format(count=len(outcome.events))
    await deliver(ctx, bot, binding.chat_id, escape(note + reply), member_id=binding.member_id)
    await escalate(ctx, bot, binding, side, outcome.escalations)


def subject(task_id: str, text: str) -> str:
    """How a blocker is named in a message: ``PAY-1431`` (with its text), or its text alone."""
    if task_id and task_id != "NO_TASK_ID":
        return f"{task_id} ({text})" if text else task_id
    return f"«{text}»"


async def escalate(
    ctx: BotContext, bot: Bot, author: Binding, side: TeamSide, escalations: list[dict[str, Any]]
) -> int:
    """Send each escalation (seed 8: high and critical blockers) to the team lead's chat at once; returns how many
    were delivered (none without a lead in Telegram)."""
    if not escalations or side.lead_member_id is None:
        return 0
    lead_id = side.lead_member_id
    lead = await ctx.run(lambda: ctx.store.by_member(lead_id))
    if lead is None or not lead.active:
        return 0
    delivered = 0
    for item in escalations:
        severity = texts.SEVERITY.get(str(item.get("severity")), str(item.get("severity")))
        message = texts.ESCALATION.format(
            severity=severity,
            name=escape(author.name),
            team=escape(author.team),
            subject=escape(subject(str(item.get("task_id", "")), str(item.get("text", "")))),
        )
        if why := reason_line(item):  # why it is escalated, in the backend's one wording (the webhook's summary)
            message += f"\n{escape(why)}"
        if await deliver(ctx, bot, lead.chat_id, message, member_id=lead.member_id):
            delivered += 1
    return delivered


async def team_digest(ctx: BotContext, side: TeamSide, day: date) -> str:
    """The team's digest for ``day`` (the team's timezone): each member who posted a daily — their digest
    (seed 7, from stored data) — and who has not."""
    tz = zone(side.timezone)
    since = local_day_start(day, tz)
    members = await ctx.run(lambda: ctx.store.team_members(side.team_id))
    dailies = await ctx.run(lambda: ctx.backend.store.dailies(side.team, since=since))
    posted = {d.member for d in dailies}
    parts = [f"<b>{escape(texts.DIGEST_TEAM_HEADER.format(team=side.team, date=day.strftime('%d.%m.%Y')))}</b>"]
    missing: list[str] = []
    for binding in members:
        if binding.member not in posted:
            missing.append(binding.name)
            continue
        _data, text = await ctx.run(ctx.backend.digest, side.team, binding.member)
        parts.append(f"<b>{escape(binding.name)}</b>\n{escape(text)}")
    if len(parts) == 1:
        parts.append(escape(texts.DIGEST_NOBODY))
    if missing:
        parts.append(escape(texts.DIGEST_MISSING.format(names=", ".join(missing))))
    return "\n\n".join(parts)
