"""A request that carries a run's :data:`~agentcore.llm._calls.CALLS_HEADER` token records its model calls into that
run's trace (:func:`agentcore.llm._calls.joined`): the seed-000 assistant's calls to this process's ``/rag`` and
``/haiku`` show in the assistant's run.  A token this process did not hand out changes nothing."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from agentcore.llm import CALLS_HEADER, joined

__all__ = ["JoinCallsMiddleware"]

_HEADER = CALLS_HEADER.lower().encode("latin-1")


class JoinCallsMiddleware:
    """Pure ASGI: the app runs inside :func:`~agentcore.llm._calls.joined` when the header names a shared log."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = None
        if scope["type"] == "http":
            token = next((v.decode("latin-1") for k, v in scope["headers"] if k == _HEADER), None)
        if token is None:
            await self.app(scope, receive, send)
            return
        with joined(token):
            await self.app(scope, receive, send)
