"""The bot's aiogram handlers: commands, the daily dialogue in private chats, the inline buttons.

Private chat: any text that is not a command is the member's daily, or the answer to the question the bot asked.
Groups: the bot answers commands (``/digest`` posts the team digest, the lead's ``/join <команда>`` makes the group
the team's chat) and mentions only; replies go to the topic the message came from.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiogram import F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, ErrorEvent, Message

from agentcore.apps.scrum.telegram import texts
from agentcore.apps.scrum.telegram.delivery import escape
from agentcore.apps.scrum.telegram.keyboards import (
    CHOICE_PATTERN,
    NO_TASK,
    clarification_choices,
    parse_choice,
    question_tag,
)
from agentcore.apps.scrum.telegram.schedule import ScheduleError, at_time, canonical_zone, days_text, parse_remind
from agentcore.apps.scrum.telegram.service import (
    BotContext,
    deliver,
    member_slug,
    subject,
    submit_daily,
    team_digest,
)

if TYPE_CHECKING:
    from aiogram import Bot

    from agentcore.apps.scrum.telegram.store import Binding

log = logging.getLogger("agentcore.scrum.telegram")
DIGEST_AFTER_HOURS = 2
"""The team digest goes to the group this long after the reminder time."""
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_PRIVATE = F.chat.type == "private"

__all__ = ["create_router"]


async def _reply(ctx: BotContext, bot: Bot, message: Message, text: str, markup: Any = None) -> None:
    """Answer in the chat (and topic) the message came from; ``text`` is escaped here."""
    thread = message.message_thread_id if message.is_topic_message else None
    member_id = None
    if message.chat.type == "private" and message.from_user is not None:
        binding = await ctx.run(lambda: ctx.store.by_user(message.from_user.id))  # type: ignore[union-attr]
        member_id = binding.member_id if binding else None
    await deliver(ctx, bot, message.chat.id, escape(text), thread_id=thread, markup=markup, member_id=member_id)


async def _binding(ctx: BotContext, message: Message) -> Binding | None:
    if message.from_user is None:
        return None
    user_id = message.from_user.id
    return await ctx.run(lambda: ctx.store.by_user(user_id))


async def _is_lead(ctx: BotContext, binding: Binding) -> bool:
    side = await ctx.run(lambda: ctx.store.team_side(binding.team_id))
    return side.lead_member_id == binding.member_id


MemberHandler = Callable[["Message", "Bot", BotContext, "Binding", "CommandObject | None"], Awaitable[None]]


def member_command(*, lead: bool = False) -> Callable[[MemberHandler], Callable[..., Awaitable[None]]]:
    """A command for members of a team: the sender's binding is looked up first; someone bound to no team is
    answered «NOT_MEMBER», and with ``lead`` a member who is not the team's lead «LEAD_ONLY» — the handler runs
    only past both, with the binding (and the command, ``None`` without arguments' parsing)."""

    def wrap(handler: MemberHandler) -> Callable[..., Awaitable[None]]:
        async def guarded(message: Message, bot: Bot, ctx: BotContext, command: CommandObject | None = None) -> None:
            binding = await _binding(ctx, message)
            if binding is None:
                await _reply(ctx, bot, message, texts.NOT_MEMBER)
                return
            if lead and not await _is_lead(ctx, binding):
                await _reply(ctx, bot, message, texts.LEAD_ONLY)
                return
            await handler(message, bot, ctx, binding, command)

        # aiogram passes what the signature names: `guarded`'s own (no functools.wraps, whose __wrapped__ it follows)
        guarded.__name__, guarded.__qualname__, guarded.__doc__ = (
            handler.__name__,
            handler.__qualname__,
            handler.__doc__,
        )
        return guarded

    return wrap


def _args(command: CommandObject | None) -> str:
    """The command's arguments, stripped ("" without any)."""
    return (command.args or "").strip() if command is not None else ""


async def start(message: Message, bot: Bot, ctx: BotContext) -> None:
    await _reply(ctx, bot, message, texts.START)


async def join(message: Message, command: CommandObject, bot: Bot, ctx: BotContext) -> None:
    """``/join <команда> [имя] [DEV|QA]``: joins an existing team; a name no team has creates nothing — the answer
    names the close team when it looks like a typo of one («/join cor» → «core»), and ``/newteam`` either way."""
    await _enrol(message, command, bot, ctx, new=False)


async def new_team(message: Message, command: CommandObject, bot: Bot, ctx: BotContext) -> None:
    """``/newteam <команда> [имя] [DEV|QA]`` (private chat): creates the team and joins it as its lead; a team
    that exists is not joined — the answer says to ``/join`` it."""
    if message.chat.type != "private":
        await _reply(ctx, bot, message, texts.NEW_TEAM_PRIVATE)
        return
    await _enrol(message, command, bot, ctx, new=True)


def close_team(name: str, teams: list[str]) -> str | None:
    """The existing team ``name`` is most likely a typo of: the closest slug within a few edits (one for a short
    name, two from six letters on, three from eleven — a swap of neighbours is one), or None."""
    allowed = 1 if len(name) < 6 else 2 if len(name) < 11 else 3
    scored = [(_edits(name, team), team) for team in teams]
    near = sorted((edits, team) for edits, team in scored if 0 < edits <= allowed)
    return near[0][1] if near else None


def _edits(a: str, b: str) -> int:
    """Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


async def _enrol(message: Message, command: CommandObject, bot: Bot, ctx: BotContext, *, new: bool) -> None:
    """Joins the sender to the team the command names — creating it first when ``new`` (``/newteam``)."""
    from agentcore.apps.scrum.backend.errors import ConflictError, NotFoundError, ScrumError
    from agentcore.apps.scrum.backend.models import MemberInput, TeamInput

    words = (command.args or "").split()
    user = message.from_user
    if not words or user is None:
        await _reply(ctx, bot, message, texts.NEW_TEAM_USAGE if new else texts.JOIN_USAGE)
        return
    team = words[0].lower()
    if not _SLUG.match(team):
        await _reply(ctx, bot, message, texts.BAD_TEAM)
        return
    if message.chat.type != "private":
        await _bind_group(ctx, bot, message, team)
        return
    role = "DEV"
    rest = words[1:]
    if rest and rest[-1].upper() in ("DEV", "QA"):
        role = rest[-1].upper()
        rest = rest[:-1]
    name = " ".join(rest)[:200] or user.full_name[:200] or f"Участник {user.id}"
    backend = ctx.backend
    current = await _binding(ctx, message)
    if current is not None and current.team == team:
        await _reply(ctx, bot, message, texts.ALREADY.format(team=team, name=current.name))
        return

    def enrol() -> tuple[Binding, str] | str:
        """The binding and the lead note, or the answer when nothing was done."""
        if new:
            try:
                info = backend.store.create_team(TeamInput(slug=team, name=team))
            except ConflictError:
                return texts.TEAM_EXISTS.format(team=team)
        else:
            try:
                info = backend.store.team(team)
            except NotFoundError:
                close = close_team(team, [t.slug for t in backend.store.teams()])
                if close is not None:
                    return texts.NO_TEAM_CLOSE.format(team=team, close=close)
                return texts.NO_TEAM.format(team=team)
        base = member_slug(user.username, user.id)
        member = None
        for slug in (base, f"{base[:50]}-{user.id}"[:64]):
            try:
                member = backend.store.add_member(team, MemberInput(slug=slug, name=name, role=role))  # type: ignore[arg-type]
                break
            except ConflictError:
                existing = backend.store.member(team, slug)
                # coming back after /leave, or the same person joining through another bot on this database
                if ctx.store.is_users(existing._id, user.id):
                    member = existing
                    break
        if member is None:
            raise ConflictError(f"Не получилось добавить тебя в команду «{team}»: попробуй ещё раз")
        binding = ctx.store.bind(member, user.id, message.chat.id, user.username)
        side = ctx.store.team_side(info._id)
        lead = ""
        if new or side.lead_member_id is None:
            ctx.store.update_team(info._id, lead_member_id=member._id)
            # An existing team (made over HTTP, or by another bot) is not new: say why this member leads it.
            lead = texts.JOINED_LEAD if new else texts.JOINED_FIRST_LEAD
        return binding, lead

    try:
        outcome = await ctx.run(enrol)
    except (ScrumError, ValueError) as exc:
        await _reply(ctx, bot, message, getattr(exc, "message", None) or texts.JOIN_USAGE)
        return
    if isinstance(outcome, str):
        await _reply(ctx, bot, message, outcome)
        return
    binding, lead = outcome
    await _reply(
        ctx,
        bot,
        message,
        texts.JOINED.format(team=team, name=binding.name, role=binding.role, lead=lead),
    )


async def _bind_group(ctx: BotContext, bot: Bot, message: Message, team: str) -> None:
    binding = await _binding(ctx, message)
    if binding is None or binding.team != team or not await _is_lead(ctx, binding):
        await _reply(ctx, bot, message, texts.LEAD_ONLY)
        return
    thread = message.message_thread_id if message.is_topic_message else None
    chat_id = message.chat.id
    await ctx.run(lambda: ctx.store.update_team(binding.team_id, group_chat_id=chat_id, group_thread_id=thread))
    await _reply(ctx, bot, message, texts.GROUP_BOUND.format(team=team))


@member_command(lead=True)
async def lead(message: Message, bot: Bot, ctx: BotContext, binding: Binding, command: CommandObject | None) -> None:
    username = _args(command).lstrip("@")
    if not username or " " in username:
        await _reply(ctx, bot, message, texts.LEAD_USAGE)
        return
    target = await ctx.run(lambda: ctx.store.by_username(binding.team_id, username))
    if target is None:
        await _reply(ctx, bot, message, texts.LEAD_UNKNOWN.format(username=username, team=binding.team))
        return
    await ctx.run(lambda: ctx.store.update_team(binding.team_id, lead_member_id=target.member_id))
    await _reply(ctx, bot, message, texts.LEAD_SET.format(team=binding.team, name=target.name))


async def daily(message: Message, bot: Bot, ctx: BotContext) -> None:
    if message.chat.type != "private":
        await _reply(ctx, bot, message, texts.GROUP_PRIVATE)
        return
    binding = await _binding(ctx, message)
    await _reply(ctx, bot, message, texts.DAILY_PROMPT if binding else texts.NOT_MEMBER)


async def digest(message: Message, bot: Bot, ctx: BotContext) -> None:

    if message.chat.type != "private":
        chat_id = message.chat.id
        sides = await ctx.run(ctx.store.teams_sides)
        side = next((s for s in sides if s.group_chat_id == chat_id), None)
        if side is None:
            await _reply(ctx, bot, message, texts.GROUP_NO_TEAM)
            return
        day = ctx.clock().astimezone(_zone(side.timezone)).date()
        text = await team_digest(ctx, side, day)
        thread = message.message_thread_id if message.is_topic_message else None
        await deliver(ctx, bot, chat_id, text, thread_id=thread)
        return
    await _member_digest(message, bot, ctx)


@member_command()
async def _member_digest(
    message: Message, bot: Bot, ctx: BotContext, binding: Binding, _command: CommandObject | None
) -> None:
    from agentcore.apps.scrum.backend.errors import ScrumError

    try:
        _data, text = await ctx.run(lambda: ctx.backend.digest(binding.team, binding.member))
    except ScrumError as exc:
        text = exc.message
    await _reply(ctx, bot, message, text)


def _zone(name: str) -> Any:
    from agentcore.apps.scrum.telegram.schedule import zone

    return zone(name)


async def faq(message: Message, command: CommandObject, bot: Bot, ctx: BotContext) -> None:
    from agentcore.apps.scrum.backend.errors import ScrumError

    question = (command.args or "").strip()
    if not question:
        await _reply(ctx, bot, message, texts.FAQ_USAGE)
        return
    try:
        answer = await ctx.run(lambda: ctx.backend.faq(question))
    except ScrumError as exc:
        answer = exc.message
    await _reply(ctx, bot, message, answer)


@member_command(lead=True)
async def stats(message: Message, bot: Bot, ctx: BotContext, binding: Binding, command: CommandObject | None) -> None:
    from agentcore.apps.scrum.backend.errors import ScrumError

    question = _args(command)
    if not question:
        await _reply(ctx, bot, message, texts.STATS_USAGE)
        return
    try:
        outcome = await ctx.run(lambda: ctx.backend.analytics(binding.team, question))
        answer = outcome.text
    except ScrumError as exc:
        answer = exc.message
    await _reply(ctx, bot, message, answer)


@member_command(lead=True)
async def remind(message: Message, bot: Bot, ctx: BotContext, binding: Binding, command: CommandObject | None) -> None:
    side = await ctx.run(lambda: ctx.store.team_side(binding.team_id))
    try:
        schedule = parse_remind(_args(command), side.remind_days, side.timezone)
    except ScheduleError as exc:
        await _reply(ctx, bot, message, f"{exc}\n\n{texts.REMIND_USAGE}")
        return
    await ctx.run(
        lambda: ctx.store.update_team(
            binding.team_id, remind_time=schedule.time, remind_days=schedule.days, timezone=schedule.timezone
        )
    )
    start = at_time(schedule.time)
    digest_at = f"{(start.hour + DIGEST_AFTER_HOURS) % 24:02d}:{start.minute:02d}"
    await _reply(
        ctx,
        bot,
        message,
        texts.REMIND_SET.format(
            team=binding.team, time=schedule.time, days=days_text(schedule.days), tz=schedule.timezone, digest=digest_at
        ),
    )


@member_command()
async def set_zone(
    message: Message, bot: Bot, ctx: BotContext, binding: Binding, command: CommandObject | None
) -> None:
    arg = _args(command)
    if not arg:
        await _reply(ctx, bot, message, texts.TZ_USAGE)
        return
    if arg.lower() == "команда":
        await ctx.run(lambda: ctx.store.set_member_timezone(binding.member_id, None))
        side = await ctx.run(lambda: ctx.store.team_side(binding.team_id))
        await _reply(ctx, bot, message, texts.TZ_SET.format(tz=side.timezone))
        return
    try:
        name = canonical_zone(arg)
    except ScheduleError as exc:
        await _reply(ctx, bot, message, f"{exc}\n\n{texts.TZ_USAGE}")
        return
    await ctx.run(lambda: ctx.store.set_member_timezone(binding.member_id, name))
    await _reply(ctx, bot, message, texts.TZ_SET.format(tz=name))


@member_command()
async def leave(message: Message, bot: Bot, ctx: BotContext, binding: Binding, _command: CommandObject | None) -> None:
    await ctx.run(lambda: ctx.backend.cancel_daily(binding.team, binding.member))
    await ctx.run(lambda: ctx.store.set_active(binding.member_id, False))
    await _reply(ctx, bot, message, texts.LEFT.format(team=binding.team))


async def private_text(message: Message, bot: Bot, ctx: BotContext) -> None:
    """Any other text in a private chat: the daily, or the answer to the pending question."""
    if (message.text or "").startswith("/"):
        # a command the bot does not have («/unknown», «/dayly»): said so, not the whole /start text again
        command = (message.text or "").split()[0].split("@")[0]
        await _reply(ctx, bot, message, texts.UNKNOWN_COMMAND.format(command=command))
        return
    binding = await _binding(ctx, message)
    if binding is None:
        await _reply(ctx, bot, message, texts.NOT_MEMBER)
        return
    await submit_daily(ctx, bot, binding, message.text or "")


async def private_other(message: Message, bot: Bot, ctx: BotContext) -> None:
    """A sticker, photo, voice … in a private chat: say that the bot reads text (silence reads as a dead bot)."""
    await _reply(ctx, bot, message, texts.TEXT_ONLY)


async def group_text(message: Message, bot: Bot, ctx: BotContext) -> None:
    """A group message: answered only when it mentions the bot."""
    me = await bot.me()
    mention = f"@{me.username}".lower() if me.username else None
    if mention and mention in (message.text or "").lower():
        await _reply(ctx, bot, message, texts.GROUP_PRIVATE)


async def clarification_choice(query: CallbackQuery, bot: Bot, ctx: BotContext) -> None:
    """A button under a clarifying question: its words become the answer (the same daily)."""
    user_id = query.from_user.id
    binding = await ctx.run(lambda: ctx.store.by_user(user_id))
    if binding is None:
        await query.answer(texts.NOT_MEMBER)
        return
    member = await ctx.run(lambda: ctx.backend.store.member(binding.team, binding.member))
    state = await ctx.run(lambda: ctx.backend.store.session_state(member))
    if not state or state.get("mode") != "CLARIFICATION" or query.data not in _offered(state):
        # a button answers only the question it was sent under (its tag): one of an earlier question pressed again
        # (a double tap, yesterday's message) was taken as the answer to the next question
        await query.answer(texts.BUTTON_STALE)
        return
    await query.answer()
    if isinstance(query.message, Message):
        await bot.edit_message_reply_markup(chat_id=query.message.chat.id, message_id=query.message.message_id)
    choice = parse_choice(query.data)
    if choice is not None and choice[0] == NO_TASK:
        answer = texts.NO_TASK
    else:
        answer = await _same_as_yesterday(ctx, binding, state.get("previous_daily") or {})
    await submit_daily(ctx, bot, binding, answer)


def _offered(state: dict[str, Any]) -> set[str]:
    """The buttons the pending question offers (those under its message, tagged with it)."""
    question, daily = str(state.get("question") or ""), state.get("previous_daily")
    return {data for _, data in clarification_choices(question, daily, question_tag(state))}


async def unknown_button(query: CallbackQuery) -> None:
    """A button this bot no longer has (an older version's, a forged one): answered, or the client spins."""
    await query.answer(texts.BUTTON_STALE)


async def _same_as_yesterday(ctx: BotContext, binding: Binding, pending: dict[str, Any]) -> str:
    """«то же, что вчера» in words the daily reader takes as today's plan: the tasks of yesterday's plan (the last
    stored daily's ``today``), else what this daily says was done yesterday."""
    dailies = await ctx.run(lambda: ctx.backend.store.dailies(binding.team, limit=200))
    last = next((d for d in dailies if d.member == binding.member), None)
    items = list(last.daily.get("today") or []) if last else []
    if not items:
        items = list(pending.get("yesterday") or [])
    named = [
        " ".join(part for part in (str(i.get("task_id") or ""), str(i.get("summary") or "")) if part).strip()
        for i in items
        if isinstance(i, dict)
    ]
    named = [n for n in named if n]
    if not named:
        return "Сегодня продолжаю то же, что вчера."
    return "Сегодня продолжаю: " + "; ".join(named) + "."


async def followup_choice(query: CallbackQuery, bot: Bot, ctx: BotContext) -> None:
    """«снят» / «всё ещё» under a blocker follow-up."""
    _, raw_id, verdict = (query.data or "").split(":")
    blocker_id = int(raw_id)
    user_id = query.from_user.id
    binding = await ctx.run(lambda: ctx.store.by_user(user_id))
    blocker = await ctx.run(lambda: ctx.store.blocker(blocker_id))
    if binding is None or blocker is None or blocker.member_id != binding.member_id:
        await query.answer(texts.BUTTON_STALE)
        return
    name = escape(subject(blocker.task_id, blocker.text))
    if verdict == "off":
        resolved = await ctx.run(lambda: ctx.store.resolve_blocker(blocker_id, binding.member_id))
        if resolved:
            # the backend's state, not only the bot's: the dashboard, TEAM_RISKS and the digest close it too
            await ctx.run(lambda: ctx.backend.lift_blocker(binding.team, binding.member, resolved.text))
        text = texts.FOLLOWUP_RESOLVED.format(subject=name) if resolved else escape(texts.FOLLOWUP_GONE)
    else:
        text = texts.FOLLOWUP_STILL.format(subject=name)
    await query.answer()
    if isinstance(query.message, Message):
        await bot.edit_message_text(
            text=text, chat_id=query.message.chat.id, message_id=query.message.message_id, parse_mode="HTML"
        )


async def on_error(event: ErrorEvent, bot: Bot, ctx: BotContext) -> bool:
    """An update whose handling failed: logged by the error's type (never its text: it may quote a message), and
    the person told to try again — the bot never goes silent on them."""
    update = event.update
    log.error("telegram // Update %s failed: %s", update.update_id, type(event.exception).__name__)
    chat_id: int | None = None
    thread: int | None = None
    if update.message is not None:
        chat_id = update.message.chat.id
        thread = update.message.message_thread_id if update.message.is_topic_message else None
    elif update.callback_query is not None:
        chat_id = update.callback_query.from_user.id
    if chat_id is not None:
        await deliver(ctx, bot, chat_id, escape(texts.FAILED), thread_id=thread)
    return True


def create_router() -> Router:
    """A fresh router with every handler (one per dispatcher: aiogram attaches a router to one parent only)."""
    router = Router(name="scrum")
    router.message.register(start, CommandStart())
    router.message.register(start, Command("help"))  # Telegram's usual help command: the same text as /start
    router.message.register(join, Command("join"))
    router.message.register(new_team, Command("newteam"))
    router.message.register(lead, Command("lead"))
    router.message.register(daily, Command("daily"))
    router.message.register(digest, Command("digest"))
    router.message.register(faq, Command("faq"))
    router.message.register(stats, Command("stats"))
    router.message.register(remind, Command("remind"))
    router.message.register(set_zone, Command("tz"))
    router.message.register(leave, Command("leave"))
    router.message.register(private_text, _PRIVATE, F.text)
    router.message.register(private_other, _PRIVATE)
    router.message.register(group_text, F.text)
    router.callback_query.register(clarification_choice, F.data.regexp(CHOICE_PATTERN))
    router.callback_query.register(followup_choice, F.data.regexp(r"^b:\d+:(on|off)$"))
    router.callback_query.register(unknown_button)
    router.errors.register(on_error)
    return router
