"""The running bot: aiogram's ``Bot`` and ``Dispatcher`` on the Scrum backend, with de-duplication, per-chat order,
the scheduler loop under a lease, and the two ways updates arrive (long polling, the webhook).

:meth:`TelegramBot.from_settings` picks the shared pieces from the settings: Redis (``AGENTCORE_REDIS_URL``) for
the update de-duplication and the scheduler lease, else PostgreSQL (``AGENTCORE_DATABASE_URL``) tables, else this
process only.  The token is read from a ``SecretStr`` and handed to aiogram only; it never appears in a log line
(aiogram's own loggers log method names, not URLs) or an error this module raises.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from agentcore.apps.scrum.backend.errors import ScrumError
from agentcore.apps.scrum.telegram.dedupe import Deduper, MemoryDeduper, RedisDeduper, SqlDeduper
from agentcore.apps.scrum.telegram.lease import Lease, LocalLease, RedisLease, SqlLease
from agentcore.apps.scrum.telegram.service import BotContext
from agentcore.util.clock import utc_now

if TYPE_CHECKING:
    from aiogram import Bot, Dispatcher

    from agentcore.apps.scrum.backend.flows import ScrumBackend
    from agentcore.apps.scrum.telegram.scheduler import TickReport
    from agentcore.config import Settings

log = logging.getLogger("agentcore.scrum.telegram")

LEASE_TICKS = 3
"""A scheduler lease lasts this many ticks unrenewed (``AGENTCORE_TELEGRAM_TICK_SECONDS``, 30 s by default)."""
HTTP_TIMEOUT = 30.0
"""Seconds per Bot API request (a long-polling ``getUpdates`` gets its own timeout on top)."""


class BotNotConfigured(ScrumError, RuntimeError):
    """``AGENTCORE_TELEGRAM_BOT_TOKEN`` is not set (the message is Russian)."""

    code = "bot_not_configured"


class _Dedupe:
    """Outer update middleware: an update id another worker (or an earlier delivery) took is dropped."""

    def __init__(self, deduper: Deduper, bot_id: int) -> None:
        self.deduper = deduper
        self.bot_id = bot_id

    async def __call__(self, handler: Callable[..., Awaitable[Any]], event: Any, data: dict[str, Any]) -> Any:
        if not await self.deduper.first(f"{self.bot_id}:{event.update_id}"):
            log.info("telegram // Update %s already taken: skipped", event.update_id)
            return None
        return await handler(event, data)


class _ChatOrder:
    """Outer update middleware: one update per chat at a time, in arrival order (replies stay in order)."""

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}

    async def __call__(self, handler: Callable[..., Awaitable[Any]], event: Any, data: dict[str, Any]) -> Any:
        chat = data.get("event_chat")
        if chat is None:
            return await handler(event, data)
        lock = self._locks.setdefault(chat.id, asyncio.Lock())
        try:
            async with lock:
                return await handler(event, data)
        finally:
            if not lock.locked() and len(self._locks) > 10_000:
                self._locks.pop(chat.id, None)


BAD_TOKEN = "AGENTCORE_TELEGRAM_BOT_TOKEN не похож на токен бота (вида 123456:ABC…): возьми его у @BotFather"


def _bot_id(token: str) -> int:
    """The bot's id — the number before the token's colon — checked as aiogram checks a token
    (``aiogram.utils.token.validate_token``: no whitespace, ``<digits>:<something>``), without importing aiogram.

    Raises:
        BotNotConfigured: not a bot token.
    """
    left, sep, right = token.partition(":")
    if not sep or not left.isdigit() or not right or any(c.isspace() for c in token):
        raise BotNotConfigured(BAD_TOKEN)
    return int(left)


def _bot(token: str, api_base: str) -> Bot:
    from aiogram import Bot
    from aiogram.client.session.aiohttp import AiohttpSession
    from aiogram.client.telegram import TelegramAPIServer
    from aiogram.exceptions import TelegramAPIError
    from aiogram.utils.token import TokenValidationError

    base = api_base.rstrip("/")
    session = AiohttpSession(api=TelegramAPIServer.from_base(base), timeout=HTTP_TIMEOUT)
    try:
        return Bot(token, session=session)
    except (TokenValidationError, TelegramAPIError):
        raise BotNotConfigured(BAD_TOKEN) from None


class TelegramBot:
    """One bot process's worth of state (see the module docstring).

    Args:
        bot: aiogram's bot (its session points at the configured Bot API server).
        ctx: the backend, the bot's store, the clock.
        deduper / lease: shared or local (see :meth:`from_settings`).
        tick_seconds: the scheduler's period.
    """

    def __init__(
        self,
        bot: Bot,
        ctx: BotContext,
        *,
        deduper: Deduper | None = None,
        lease: Lease | None = None,
        tick_seconds: float = 30.0,
    ) -> None:
        from aiogram import Dispatcher

        from agentcore.apps.scrum.telegram.handlers import create_router

        self.bot = bot
        self.ctx = ctx
        self.deduper = deduper or MemoryDeduper()
        self.lease = lease or LocalLease()
        self.tick_seconds = tick_seconds
        self.dispatcher: Dispatcher = Dispatcher()
        self.dispatcher["ctx"] = ctx
        self.dispatcher.update.outer_middleware(_Dedupe(self.deduper, bot.id))
        self.dispatcher.update.outer_middleware(_ChatOrder())
        self.dispatcher.include_router(create_router())
        self._owns_backend = False

    @classmethod
    def from_settings(
        cls,
        settings: Settings,
        *,
        backend: ScrumBackend | None = None,
        clock: Callable[[], datetime] = utc_now,
        sleep: Callable[[float], Awaitable[Any]] | None = None,
        key_prefix: str | None = None,
    ) -> TelegramBot:
        """The bot for ``settings`` (no network yet).

        The lease is named after the bot — ``<prefix>lease:scheduler:<bot id>`` in Redis, the ``tg_leases`` row
        ``telegram-scheduler:<bot id>`` on PostgreSQL: two bots sharing one Redis or one database each run their own
        scheduler, while the workers of one bot still run one between them.  ``key_prefix``: the Redis keys' prefix
        (default ``<AGENTCORE_REDIS_PREFIX>telegram:``).

        Raises:
            BotNotConfigured: no token, or one that is not a bot token.
        """
        from agentcore.apps.scrum.backend.flows import ScrumBackend
        from agentcore.apps.scrum.settings import ScrumSettings
        from agentcore.apps.scrum.telegram.db import migrate
        from agentcore.apps.scrum.telegram.store import TelegramStore

        section = ScrumSettings.of(settings)
        token = section.telegram_bot_token.get_secret_value().strip() if section.telegram_bot_token else ""
        if not token:
            raise BotNotConfigured(
                "Не задан AGENTCORE_TELEGRAM_BOT_TOKEN: возьми токен у @BotFather (docs/telegram.md)"
            )
        # aiogram (about two thirds of a start: it builds hundreds of pydantic models at import) loads last, after
        # everything that can refuse the start — a malformed token, a database that cannot be opened — has checked
        bot_id = _bot_id(token)
        owns = backend is None
        if backend is None:
            backend = ScrumBackend.from_settings(settings)
        try:
            migrate(backend.store.engine)
            store = TelegramStore(backend.store.engine, clock, bot_id)
            adopted = store.adopt_legacy()  # rows of the time before the tables knew their bot: the first bot's
            if adopted:
                log.info("from_settings // Adopted %d rows written before tg0002 as bot %s's", adopted, bot_id)
            bot = _bot(token, section.telegram_api_base)
        except BaseException:
            if owns:
                backend.close()
            raise
        ctx = BotContext(backend, store, clock, sleep or asyncio.sleep)
        deduper: Deduper
        lease: Lease
        tick_seconds = section.telegram_tick_seconds
        if settings.core.redis_url:
            key_prefix = key_prefix or f"{settings.core.redis_prefix}telegram:"
            deduper = RedisDeduper(settings.core.redis_url, key_prefix)
            lease = RedisLease(settings.core.redis_url, key_prefix, f"scheduler:{bot.id}", LEASE_TICKS * tick_seconds)
        elif backend.store.engine.dialect.name == "postgresql":
            deduper = SqlDeduper(store)
            lease = SqlLease(backend.store.engine, f"telegram-scheduler:{bot.id}", LEASE_TICKS * tick_seconds)
        else:
            deduper, lease = MemoryDeduper(), LocalLease()
        made = cls(bot, ctx, deduper=deduper, lease=lease, tick_seconds=tick_seconds)
        made._owns_backend = owns
        return made

    # ------------------------------------------------------------------ updates
    async def feed(self, update: dict[str, Any]) -> None:
        """Handle one update as it came (webhook body or a test's update)."""
        await self.dispatcher.feed_raw_update(self.bot, update)

    async def set_commands(self) -> None:
        """Register the commands with Russian descriptions (``setMyCommands``)."""
        from aiogram.types import BotCommand

        from agentcore.apps.scrum.telegram.texts import COMMANDS

        await self.bot.set_my_commands([BotCommand(command=c, description=d) for c, d in COMMANDS])

    async def run_polling(self, *, polling_timeout: int = 25, handle_signals: bool = True) -> None:
        """Long polling with the scheduler beside it, until stopped (Ctrl+C, SIGTERM, :meth:`stop_polling`)."""
        await self.bot.delete_webhook(drop_pending_updates=False)
        await self.set_commands()
        stop = asyncio.Event()
        scheduler = asyncio.create_task(self.scheduler_loop(stop))
        try:
            await self.dispatcher.start_polling(
                self.bot,
                polling_timeout=polling_timeout,
                handle_signals=handle_signals,
                close_bot_session=False,
                allowed_updates=["message", "callback_query"],
            )
        finally:
            stop.set()
            await scheduler

    async def stop_polling(self) -> None:
        """Ask :meth:`run_polling` to return."""
        with contextlib.suppress(RuntimeError):  # not polling
            await self.dispatcher.stop_polling()

    # ------------------------------------------------------------------ the scheduler
    async def tick(self) -> TickReport | None:
        """One scheduler tick if this worker holds the lease (``None`` when another worker does)."""
        from agentcore.apps.scrum.telegram.scheduler import tick

        if not await self.lease.acquire():
            return None
        return await tick(self.ctx, self.bot)

    async def scheduler_loop(self, stop: asyncio.Event) -> None:
        """:meth:`tick` every ``tick_seconds`` until ``stop`` is set; a failing tick is logged, never fatal."""
        while not stop.is_set():
            try:
                await self.tick()
            except Exception as exc:  # a database or Redis hiccup: the next tick retries
                log.error("telegram // Scheduler tick failed: %s", type(exc).__name__)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=self.tick_seconds)
        with contextlib.suppress(Exception):
            await self.lease.release()

    async def close(self) -> None:
        """Close the HTTP session, the shared-store clients and (when this bot opened it) the backend."""
        await self.bot.session.close()
        await self.deduper.close()
        await self.lease.close()
        if self._owns_backend:
            await asyncio.to_thread(self.ctx.backend.close)
