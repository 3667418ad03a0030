"""``agentcore scrum telegram``: the Scrum bot in Telegram with long polling (or setting/removing the webhook).

    agentcore scrum telegram                          # long polling + the scheduler, until Ctrl+C
    agentcore scrum telegram --set-webhook URL        # tell Telegram to POST updates to URL (agentcore serve)
    agentcore scrum telegram --delete-webhook         # back to polling

Needs ``AGENTCORE_TELEGRAM_BOT_TOKEN``; the database and the LLM provider are the Scrum backend's.  Errors are
Russian messages on stderr with exit code 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from agentcore.apps.scrum.telegram.bot import TelegramBot


def register(group: typer.Typer) -> None:
    """Add ``telegram`` to the ``agentcore scrum`` group."""
    group.command("telegram")(telegram)


def telegram(
    set_webhook: str | None = typer.Option(
        None, "--set-webhook", help="Адрес POST /telegram/webhook сервера agentcore serve (https://…)"
    ),
    delete_webhook: bool = typer.Option(False, "--delete-webhook", help="Удалить вебхук (вернуться к опросу)"),
) -> None:
    """Scrum-бот в Telegram: daily, напоминания, блокеры, дайджест (long polling)."""
    from agentcore.apps.scrum.telegram.bot import BotNotConfigured, TelegramBot
    from agentcore.terminal.common import fail, init_logging, load_settings
    from agentcore.util.redact import redact

    settings = load_settings("scrum")
    init_logging(settings, "telegram.log")
    try:
        bot = TelegramBot.from_settings(settings)
    except BotNotConfigured as exc:
        fail(str(exc))
    except Exception as exc:  # the database or the provider
        from agentcore.apps.scrum.backend.db import failure_text

        fail(f"не удалось запустить бота: {failure_text(exc)}")
    import asyncio

    from agentcore.apps.scrum.settings import ScrumSettings

    scrum = ScrumSettings.of(settings)
    secret = scrum.telegram_webhook_secret
    try:
        asyncio.run(_run(bot, set_webhook, delete_webhook, secret.get_secret_value() if secret else None))
    except KeyboardInterrupt:
        pass
    except Exception as exc:
        said = api_failure_text(exc, scrum.telegram_api_base)
        fail(said or f"бот остановлен: {redact(type(exc).__name__ + ': ' + str(exc))[:300]}")


def api_failure_text(exc: BaseException, api_base: str) -> str | None:
    """One Russian line for a Bot API that cannot be reached or refuses the token (``None`` for other failures) —
    aiogram's own words are English («TelegramNetworkError: HTTP Client says - ClientConnectorDNSError: …»). The
    server is named by host and port only: never a path, a query or credentials (the token travels in the path)."""
    import asyncio
    from urllib.parse import urlsplit

    import aiohttp
    from aiogram.exceptions import TelegramNetworkError, TelegramUnauthorizedError

    if isinstance(exc, TelegramUnauthorizedError):
        return "Telegram не принял токен бота (AGENTCORE_TELEGRAM_BOT_TOKEN): проверьте его у @BotFather."
    if not isinstance(exc, TelegramNetworkError):
        return None
    parts = urlsplit(api_base)
    where = f"{parts.hostname}:{parts.port}" if parts.hostname and parts.port else parts.hostname or "?"
    cause = exc.__cause__
    if isinstance(cause, asyncio.TimeoutError):
        reason = "нет ответа (тайм-аут)"
    elif isinstance(cause, aiohttp.ClientConnectorDNSError):
        reason = "адрес не найден (DNS)"
    elif isinstance(cause, aiohttp.ClientSSLError):
        reason = "ошибка TLS (сертификат)"
    elif isinstance(cause, aiohttp.ClientConnectorError):
        reason = "соединение не установлено"
    else:
        reason = "связь прервалась"
    return f"не удалось связаться с Telegram Bot API ({where}): {reason}. Проверьте сеть и AGENTCORE_TELEGRAM_API_BASE."


async def _run(bot: TelegramBot, set_webhook: str | None, delete_webhook: bool, secret: str | None) -> None:
    from rich.console import Console

    console = Console(stderr=True, highlight=False)
    try:
        if set_webhook:
            await bot.bot.set_webhook(set_webhook, secret_token=secret, allowed_updates=["message", "callback_query"])
            await bot.set_commands()
            console.print("Вебхук установлен: Telegram будет присылать обновления на этот адрес.")
            return
        if delete_webhook:
            await bot.bot.delete_webhook()
            console.print("Вебхук удалён.")
            return
        me = await bot.bot.me()
        console.print(f"Бот @{me.username} запущен (long polling). Остановка — Ctrl+C.")
        await bot.run_polling()
    finally:
        await bot.close()
