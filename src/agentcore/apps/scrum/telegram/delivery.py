"""Sending within Telegram's limits: messages of at most 4,096 characters split at paragraph boundaries, HTML
parse mode with everything dynamic escaped, ``429 retry_after`` honoured, ``403`` (the user blocked the bot)
reported to the caller instead of failing the rest of the team."""

from __future__ import annotations

import html
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from agentcore.apps.scrum.backend.errors import ScrumError

if TYPE_CHECKING:
    from aiogram import Bot

log = logging.getLogger("agentcore.scrum.telegram")

MAX_MESSAGE = 4096
MAX_RETRIES = 3
"""Times one message is re-sent after ``429``."""

Sleep = Callable[[float], Awaitable[Any]]


def escape(text: str) -> str:
    """``text`` safe inside an HTML-mode message."""
    return html.escape(text, quote=False)


def split_message(text: str, limit: int = MAX_MESSAGE) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters: cut at the last paragraph break (blank line) that fits,
    else the last line break, else the last space; a word longer than ``limit`` is cut, never inside an HTML
    entity (``&amp;``)."""
    pieces: list[str] = []
    rest = text.strip()
    while len(rest) > limit:
        window = rest[: limit + 1]
        cut = -1
        for separator in ("\n\n", "\n", " "):
            cut = window.rfind(separator)
            if cut > 0:
                break
        if cut <= 0:
            cut = limit
            amp = rest.rfind("&", max(0, cut - 10), cut)
            if amp != -1 and ";" not in rest[amp:cut]:
                cut = amp
        pieces.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        pieces.append(rest)
    return pieces


class Blocked(ScrumError):
    """The chat refused the message (``403``: the user blocked the bot, or it was removed from the group)."""

    code = "chat_blocked"


async def send(
    bot: Bot,
    chat_id: int,
    text: str,
    *,
    thread_id: int | None = None,
    reply_markup: Any = None,
    sleep: Sleep | None = None,
) -> list[int]:
    """Send ``text`` (already HTML-escaped where needed) as one or more messages; the markup goes on the last one.

    Returns:
        the message ids sent.

    Raises:
        Blocked: the chat answered ``403``.
        aiogram.exceptions.TelegramAPIError: another refusal, or ``429`` more than :data:`MAX_RETRIES` times.
    """
    import asyncio

    from aiogram.exceptions import TelegramForbiddenError, TelegramRetryAfter

    pause = sleep or asyncio.sleep
    pieces = split_message(text) or ["…"]
    sent: list[int] = []
    for index, piece in enumerate(pieces):
        markup = reply_markup if index == len(pieces) - 1 else None
        for attempt in range(MAX_RETRIES + 1):
            try:
                message = await bot.send_message(
                    chat_id, piece, message_thread_id=thread_id, reply_markup=markup, parse_mode="HTML"
                )
            except TelegramRetryAfter as exc:
                if attempt == MAX_RETRIES:
                    raise
                log.warning("telegram // 429 from Telegram, waiting %s s before resending", exc.retry_after)
                await pause(float(exc.retry_after))
                continue
            except TelegramForbiddenError as exc:
                raise Blocked(str(exc.message)) from None
            sent.append(message.message_id)
            break
    return sent
