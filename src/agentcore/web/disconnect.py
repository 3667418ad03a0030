"""Stop a route's work when its client goes away.

A streamed response notices a disconnect when it next writes; a route that answers with one JSON at the end does
not — Starlette keeps running it to the end while nobody waits for the answer.  :func:`unless_disconnected` runs
the route's work next to a watcher of the connection and cancels the work as soon as the client disconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import Response

__all__ = ["CLIENT_CLOSED_REQUEST", "ClientGone", "gone_response", "unless_disconnected"]

T = TypeVar("T")

CLIENT_CLOSED_REQUEST = 499
"""The status logged for a request whose client left before the answer (nginx's convention; nobody receives it)."""


class ClientGone(Exception):
    """The client disconnected before the work finished; the work was cancelled."""


async def _disconnected(request: Request) -> None:
    """Return when the client has disconnected (the request body must already be read)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


async def unless_disconnected(request: Request, work: Coroutine[Any, Any, T]) -> T:
    """Run ``work`` until it finishes or the client of ``request`` disconnects, whichever comes first.

    Call it after the body was read (any route with a body parameter).  When the client leaves first, ``work`` is
    cancelled and awaited (its ``finally`` blocks run), then :class:`ClientGone` is raised.  Exceptions of ``work``
    propagate unchanged.

    Raises:
        ClientGone: the client disconnected first.
    """
    task = asyncio.ensure_future(work)
    watcher = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for pending in (watcher, task):
            if not pending.done():
                pending.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pending
    if task.cancelled():
        raise ClientGone
    return task.result()


def gone_response() -> Response:
    """What a route returns after :class:`ClientGone` (the connection is closed; only the access log sees it)."""
    return Response(status_code=CLIENT_CLOSED_REQUEST)
