"""Run the async LLM layer from synchronous code (seed 000's functions are synchronous).

One background event loop per process (anyio's blocking portal) runs every coroutine handed to it, so network
clients created there stay bound to one loop.  Works whether or not the caller already runs an event loop.

The coroutine runs in a copy of the caller's context (as ``asyncio.to_thread`` does the other way): the scopes a run
opens in context variables — its usage meter and token budget (:mod:`agentcore.llm._usage`), its model-call trace
(:mod:`agentcore.llm._calls`) — reach the calls a synchronous agent (the seed-000 assistant) makes through here.  The
portal's own tasks would run in the background thread's context and record nothing.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import contextvars
import inspect
import threading
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import Any, TypeVar

from anyio.from_thread import BlockingPortal, start_blocking_portal

T = TypeVar("T")

_lock = threading.Lock()
_portal: BlockingPortal | None = None
_portal_cm: AbstractContextManager[BlockingPortal] | None = None
_portal_thread: int | None = None
_closers: list[Callable[[], Awaitable[Any]]] = []


def _get_portal() -> BlockingPortal:
    global _portal, _portal_cm
    with _lock:
        if _portal is None:
            _portal_cm = start_blocking_portal()
            _portal = _portal_cm.__enter__()
            atexit.register(shutdown)
        return _portal


def in_portal() -> bool:
    """True when called from the shared background loop."""
    return _portal_thread is not None and threading.get_ident() == _portal_thread


def close_at_shutdown(closer: Callable[[], Awaitable[Any]]) -> None:
    """Run ``await closer()`` on the background loop before it stops (network clients created there)."""
    _closers.append(closer)


async def _in_context(context: contextvars.Context, func: Callable[..., Awaitable[T]], args: tuple[Any, ...]) -> T:
    """``await func(*args)`` with every step of it run in ``context`` (cancelling this cancels it)."""
    awaitable = context.run(func, *args)
    if inspect.iscoroutine(awaitable):
        return await asyncio.create_task(awaitable, context=context)
    return await awaitable


def run_sync(func: Callable[..., Awaitable[T]], *args: Any) -> T:
    """Run ``await func(*args)`` on the shared background loop, in a copy of the caller's context, and return its
    result (or raise its error)."""
    global _portal_thread
    portal = _get_portal()
    if _portal_thread is None:
        _portal_thread = portal.call(threading.get_ident)
    return portal.call(_in_context, contextvars.copy_context(), func, args)


def shutdown() -> None:
    """Stop the background loop (called at exit; safe to call twice)."""
    global _portal, _portal_cm
    global _portal_thread
    with _lock:
        if _portal_cm is not None and _portal is not None:
            for closer in reversed(_closers):
                with contextlib.suppress(Exception):
                    _portal.call(closer)
            _closers.clear()
            try:
                _portal_cm.__exit__(None, None, None)
            finally:
                _portal, _portal_cm, _portal_thread = None, None, None


class SyncGateway:
    """Blocking face of a gateway for synchronous callers (the assistant REPL).

    All calls run on the shared background loop, so the gateway's connections live on one loop.
    """

    def __init__(self, gateway: Any) -> None:
        self.gateway = gateway

    def request(self, request: Any) -> Any:
        """``gateway.request`` (blocking)."""
        return run_sync(self.gateway.request, request)

    def parse(self, request: Any, output_type: type[T]) -> T:
        """``gateway.parse`` (blocking)."""

        async def call() -> T:
            result: T = await self.gateway.parse(request, output_type)
            return result

        return run_sync(call)

    def embed(self, texts: list[str]) -> list[list[float]]:
        """``gateway.embed`` (blocking)."""
        result: list[list[float]] = run_sync(self.gateway.embed, texts)
        return result

    def close(self) -> None:
        """Close the gateway's connections."""
        run_sync(self.gateway.aclose)
