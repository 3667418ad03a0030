"""Scheduled messages: reminders, blocker follow-ups, the team digest — computed from the store on every tick.

Nothing is kept in memory between ticks: each tick reads the teams' schedules, the members, today's dailies and the
open blockers, and sends what is due now.  Each message is claimed in ``tg_jobs`` under a key naming it and its
local date (``remind:<member>:<date>``, ``followup:<blocker>:<date>``, ``digest:<team>:<date>``) *before* it is sent,
so a restart, a crash or a second worker never sends it twice; a send that fails for a transient reason gives the
claim back and the next tick retries.  Only the holder of the scheduler lease ticks (:mod:`.lease`).

When (each in the member's timezone, else the team's):

* reminder — on the team's days, from the reminder time for :data:`REMIND_WINDOW`, to each active member without a
  daily since local midnight;
* follow-up — on the team's days, from the reminder time (:data:`FOLLOWUP_DEFAULT` without a schedule), for every
  blocker still open from an earlier day («PAY-1431 всё ещё блокирует?» with «снят» / «всё ещё»);
* digest — on the team's days, :data:`~.handlers.DIGEST_AFTER_HOURS` after the reminder time, for
  :data:`DIGEST_WINDOW`, to the team's group chat when it has one.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING

from agentcore.apps.scrum.telegram import texts
from agentcore.apps.scrum.telegram.delivery import escape
from agentcore.apps.scrum.telegram.handlers import DIGEST_AFTER_HOURS
from agentcore.apps.scrum.telegram.keyboards import followup_keyboard
from agentcore.apps.scrum.telegram.schedule import at_time, local_day_start, zone
from agentcore.apps.scrum.telegram.service import BotContext, deliver, subject, team_digest

if TYPE_CHECKING:
    from aiogram import Bot

    from agentcore.apps.scrum.telegram.store import Binding, TeamSide

log = logging.getLogger("agentcore.scrum.telegram")

REMIND_WINDOW = timedelta(hours=3)
DIGEST_WINDOW = timedelta(hours=6)
FOLLOWUP_DEFAULT = time(10, 0)


@dataclass
class TickReport:
    """What one tick sent (keys of the claimed messages)."""

    reminders: list[str] = field(default_factory=list)
    followups: list[str] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.reminders) + len(self.followups) + len(self.digests)


def _window(local: datetime, start: time, length: timedelta, days: str) -> bool:
    if str(local.isoweekday()) not in days:
        return False
    begin = local.replace(hour=start.hour, minute=start.minute, second=0, microsecond=0)
    return begin <= local < begin + length


async def _send_claimed(ctx: BotContext, key: str, send: object) -> bool:
    """Claim ``key``, run the coroutine function ``send``; a send that failed gives the claim back."""
    from collections.abc import Awaitable, Callable
    from typing import cast

    if not await ctx.run(lambda: ctx.store.claim(key)):
        return False
    delivered = await cast("Callable[[], Awaitable[bool]]", send)()
    if not delivered:
        await ctx.run(lambda: ctx.store.unclaim(key))
    return delivered


async def tick(ctx: BotContext, bot: Bot) -> TickReport:
    """Send everything due now (see the module docstring)."""
    now = ctx.clock()
    report = TickReport()
    sides = {side.team_id: side for side in await ctx.run(ctx.store.teams_sides)}
    for side in sides.values():
        if side.remind_time is None:
            continue
        members = await ctx.run(ctx.store.team_members, side.team_id)
        await _reminders(ctx, bot, side, members, now, report)
        await _digest(ctx, bot, side, now, report)
    await _followups(ctx, bot, sides, now, report)
    if report.total:
        log.info(
            "telegram // Tick sent %d reminder(s), %d follow-up(s), %d digest(s)",
            len(report.reminders),
            len(report.followups),
            len(report.digests),
        )
    return report


async def _reminders(
    ctx: BotContext, bot: Bot, side: TeamSide, members: list[Binding], now: datetime, report: TickReport
) -> None:
    assert side.remind_time is not None
    start = at_time(side.remind_time)
    posted: dict[str, set[str]] = {}
    for binding in members:
        tz = zone(binding.timezone or side.timezone)
        local = now.astimezone(tz)
        if not _window(local, start, REMIND_WINDOW, side.remind_days):
            continue
        day = local.date()
        key = str(day)
        if key not in posted:
            since = local_day_start(day, tz)
            dailies = await ctx.run(ctx.backend.store.dailies, side.team, since=since)
            posted[key] = {d.member for d in dailies}
        if binding.member in posted[key]:
            continue
        text = escape(texts.REMINDER.format(date=day.strftime("%d.%m")))
        job = f"remind:{binding.member_id}:{day}"

        async def remind(b: Binding = binding, message: str = text) -> bool:
            return await deliver(ctx, bot, b.chat_id, message, member_id=b.member_id)

        if await _send_claimed(ctx, job, remind):
            report.reminders.append(job)


async def _digest(ctx: BotContext, bot: Bot, side: TeamSide, now: datetime, report: TickReport) -> None:
    if side.group_chat_id is None or side.remind_time is None:
        return
    reminder = at_time(side.remind_time)
    at = time((reminder.hour + DIGEST_AFTER_HOURS) % 24, reminder.minute)
    local = now.astimezone(zone(side.timezone))
    if not _window(local, at, DIGEST_WINDOW, side.remind_days):
        return
    job = f"digest:{side.team_id}:{local.date()}"
    chat_id, thread_id = side.group_chat_id, side.group_thread_id

    async def post() -> bool:
        text = await team_digest(ctx, side, local.date())
        return await deliver(ctx, bot, chat_id, text, thread_id=thread_id)

    if await _send_claimed(ctx, job, post):
        report.digests.append(job)


async def _followups(ctx: BotContext, bot: Bot, sides: dict[int, TeamSide], now: datetime, report: TickReport) -> None:
    blockers = await ctx.run(ctx.store.open_blockers)
    standing: dict[str, set[tuple[str, str]]] = {}
    for blocker in blockers:
        side = sides.get(blocker.team_id)
        if side is None:
            side = await ctx.run(ctx.store.team_side, blocker.team_id)
        binding = await ctx.run(ctx.store.by_member, blocker.member_id)
        if binding is None or not binding.active:
            continue
        if binding.team not in standing:
            found = await ctx.run(ctx.backend.open_blockers, binding.team)
            standing[binding.team] = {(b.owner, b.text.lower().strip()) for b in found}
        if (binding.member, blocker.text.lower().strip()) not in standing[binding.team]:
            # closed by the backend's rule (a newer daily sent elsewhere — HTTP, the command line —, or lifted):
            # no longer followed up
            await ctx.run(ctx.store.resolve_blocker, blocker.id, blocker.member_id)
            continue
        local = now.astimezone(zone(binding.timezone or side.timezone))
        start = at_time(side.remind_time) if side.remind_time else FOLLOWUP_DEFAULT
        if local.date() <= blocker.created_on or str(local.isoweekday()) not in side.remind_days:
            continue
        if local.time() < start:
            continue
        job = f"followup:{blocker.id}:{local.date()}"
        text = escape(texts.FOLLOWUP.format(subject=subject(blocker.task_id, "")))
        if blocker.task_id == "NO_TASK_ID":
            text = escape(texts.FOLLOWUP.format(subject=f"Блокер {subject(blocker.task_id, blocker.text)}"))

        async def ask(b: Binding = binding, message: str = text, blocker_id: int = blocker.id) -> bool:
            return await deliver(
                ctx, bot, b.chat_id, message, markup=followup_keyboard(blocker_id), member_id=b.member_id
            )

        if await _send_claimed(ctx, job, ask):
            report.followups.append(job)
