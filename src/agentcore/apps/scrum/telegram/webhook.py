"""``POST /telegram/webhook`` in ``agentcore serve``, and the scheduler beside it.

Telegram sends each update as JSON with the ``X-Telegram-Bot-Api-Secret-Token`` header set by ``setWebhook``
(``agentcore scrum telegram --set-webhook URL``).  With ``AGENTCORE_TELEGRAM_WEBHOOK_SECRET`` set, a request
without that header or with another value is refused with ``401`` (JSON, nothing handled).  The update is
handled before the answer (so a ``200`` means handled); a retry of it — on this worker or another — is dropped by
the de-duplication (:mod:`.dedupe`).  Without ``AGENTCORE_TELEGRAM_BOT_TOKEN`` the route answers ``404`` (no bot).

The bot opens beside the server when a token is configured — the server answers at once, an update that arrives
while the bot is still starting waits for it — and its scheduler runs in every worker under the shared lease
(:mod:`.lease`), so reminders go out once however many workers and hosts serve.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request

from agentcore.web.auth import tokens_match
from agentcore.web.errors import ApiError, error_responses

if TYPE_CHECKING:
    from agentcore.apps.scrum.telegram.bot import TelegramBot
    from agentcore.config import Settings

log = logging.getLogger("agentcore.scrum.telegram")

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_UPDATE_BYTES = 1_000_000


def create_webhook_router(
    settings: Settings, *, factory: Callable[[], TelegramBot] | None = None, scheduler: bool = True
) -> APIRouter:
    """The webhook router; ``factory`` builds the bot (default: :meth:`TelegramBot.from_settings`), ``scheduler``
    runs its scheduler loop while the server runs."""
    from agentcore.apps.scrum.settings import ScrumSettings

    section = ScrumSettings.of(settings)
    configured = factory is not None or bool(
        section.telegram_bot_token and section.telegram_bot_token.get_secret_value().strip()
    )
    secret = section.telegram_webhook_secret.get_secret_value() if section.telegram_webhook_secret else ""
    state: dict[str, Any] = {}

    def build() -> TelegramBot:
        if factory is not None:
            return factory()
        from agentcore.apps.scrum.telegram.bot import TelegramBot

        return TelegramBot.from_settings(settings)

    async def start(stop: asyncio.Event) -> None:
        """Build the bot (aiogram's import is most of it) and run its scheduler — after the server is up."""
        try:
            bot = await asyncio.to_thread(build)
        except Exception as exc:  # a bad token or provider stops the bot, not the other systems of the server
            from agentcore.util.redact import redact

            log.error("telegram // The bot did not start: %s", redact(f"{type(exc).__name__}: {exc}")[:300])
            return
        state["bot"] = bot
        if scheduler:
            state["scheduler"] = asyncio.create_task(bot.scheduler_loop(stop))

    @asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        # The bot starts beside the server, not before it: /health and the other systems answer at once, and an
        # update that arrives meanwhile waits for the bot (the webhook route below).
        stop = asyncio.Event()
        if configured:
            if not secret:
                log.warning("telegram // AGENTCORE_TELEGRAM_WEBHOOK_SECRET is not set: the webhook accepts any sender")
            state["starting"] = asyncio.create_task(start(stop))
        try:
            yield
        finally:
            stop.set()
            for name in ("starting", "scheduler"):  # in this order: a start that ends now may add the scheduler
                task = state.pop(name, None)
                if task is not None:
                    with contextlib.suppress(Exception):
                        await task
            bot = state.pop("bot", None)
            if bot is not None:
                await bot.close()

    router = APIRouter(tags=["telegram"], lifespan=lifespan)

    @router.post(
        "/telegram/webhook",
        responses=error_responses(401, 404, 413, 422),
        openapi_extra={
            "x-auth": f"the {SECRET_HEADER} header (AGENTCORE_TELEGRAM_WEBHOOK_SECRET)",
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["update_id"],
                            "properties": {"update_id": {"type": "integer"}},
                            "description": "a Telegram Update (core.telegram.org/bots/api#update)",
                        }
                    }
                },
            },
        },
    )
    async def webhook(request: Request) -> dict[str, bool]:
        """One update from Telegram (handled before the answer; a repeated update is skipped)."""
        if secret and not tokens_match(request.headers.get(SECRET_HEADER), [secret]):
            raise ApiError(401, "неверный или отсутствующий секрет вебхука Telegram", "unauthorized")
        starting: asyncio.Task[None] | None = state.get("starting")
        if starting is not None and not starting.done():
            await asyncio.shield(starting)  # the bot is still starting: this update waits for it
        bot: TelegramBot | None = state.get("bot")
        if bot is None:
            raise ApiError(
                404,
                "бот Telegram не запущен: задайте AGENTCORE_TELEGRAM_BOT_TOKEN (причина — в журнале сервера)",
                "telegram_disabled",
            )
        body = await request.body()
        if len(body) > MAX_UPDATE_BYTES:
            raise ApiError(413, "слишком большое обновление", "too_large")
        try:
            update = json.loads(body)
        except ValueError:
            raise ApiError(422, "тело запроса — не JSON", "validation_error") from None
        if not isinstance(update, dict) or not isinstance(update.get("update_id"), int):
            raise ApiError(422, "это не обновление Telegram: нет update_id", "validation_error")
        try:
            await bot.feed(update)
        except ValueError as exc:  # aiogram could not read the update
            raise ApiError(422, f"это не обновление Telegram: {type(exc).__name__}", "validation_error") from None
        return {"ok": True}

    router.telegram_state = state  # type: ignore[attr-defined]
    return router
