"""A scripted model reply that never comes: it records that it started and whether it was cancelled."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Protocol


class Flag(Protocol):
    def set(self) -> None: ...


def hanging_reply(started: Flag, cancelled: Flag, seconds: float = 30) -> Callable[[Any], Awaitable[str]]:
    """A reply for ``MockLLMGateway`` that sleeps ``seconds``; ``started``/``cancelled`` are asyncio or threading
    events (set from the event loop that runs the model call)."""

    async def reply(request: Any) -> str:
        started.set()
        try:
            await asyncio.sleep(seconds)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return "FinalAnswer: слишком поздно"

    return reply
