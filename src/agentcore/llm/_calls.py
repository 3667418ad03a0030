"""The model calls of a run, for its trace: a :func:`recording` scope every gateway call inside adds a
:class:`CallRecord` to (what was asked, in short; what came back, in short; tokens; time; the error).

Like the usage meter (:mod:`agentcore.llm._usage`) the scope is a context variable: calls made in the task that opened
it, or in tasks started inside it, are recorded.  Texts are cut to :data:`PREVIEW_CHARS`; the trace store redacts
secrets before anything is written (:class:`agentcore.trace.jsonl.JsonlStore`).

A run that calls a service of the same process over HTTP (the seed-000 assistant calls ``/rag`` and ``/haiku``)
lends its scope to that request: :func:`shared` names the scope by an unguessable token for the duration of the call,
the client sends it in :data:`CALLS_HEADER`, and the server records the request's model calls into the same log
(:func:`joined`; the web layer does it for every request).  A token this process did not hand out (another process,
a forged header) joins nothing.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import asdict, dataclass, field
from typing import Any

from agentcore.llm.models import LLMRequest, LLMResponse

__all__ = [
    "CALLS_HEADER",
    "MAX_CALLS",
    "PREVIEW_CHARS",
    "CallLog",
    "CallRecord",
    "joined",
    "note_call",
    "recording",
    "shared",
]

CALLS_HEADER = "X-Agentcore-Calls"
"""The request header carrying a :func:`shared` token."""

PREVIEW_CHARS = 600
"""How much of each message and of the reply a record keeps."""
MAX_CALLS = 200
"""A run records at most this many calls (the rest are counted, not kept)."""


def _cut(text: str | None) -> str:
    text = text or ""
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1] + "…"


@dataclass
class CallRecord:
    """One model call: ``step`` (``"research.react"``), model, the messages (role + cut text), the reply (cut text
    and tool-call names), tokens, milliseconds, and the error class when it failed."""

    step: str | None
    model: str | None
    messages: list[dict[str, str]]
    reply: str
    tool_calls: list[str]
    prompt_tokens: int
    completion_tokens: int
    elapsed_ms: float
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)


@dataclass
class CallLog:
    """The calls recorded so far (``dropped``: those beyond :data:`MAX_CALLS`, counted only)."""

    records: list[CallRecord] = field(default_factory=list)
    dropped: int = 0


_CURRENT: ContextVar[CallLog | None] = ContextVar("agentcore_model_calls", default=None)


@contextlib.contextmanager
def recording(log: CallLog | None = None) -> Iterator[CallLog]:
    """Record the model calls made in the block into ``log`` (a new one by default), which is yielded.

    Enter it around each step of a stream (as :func:`agentcore.agents.served.drive` does with the usage meter), not
    across a ``yield``: a context variable set in one task must be reset in the same one."""
    log = log if log is not None else CallLog()
    token = _CURRENT.set(log)
    try:
        yield log
    finally:
        _CURRENT.reset(token)


_SHARED: dict[str, CallLog] = {}


@contextlib.contextmanager
def shared() -> Iterator[str | None]:
    """A token for the current scope's log, valid until the block ends (``None`` outside a :func:`recording` scope).

    Send it as :data:`CALLS_HEADER` with a request to a service of this process: its model calls join the log."""
    log = _CURRENT.get()
    if log is None:
        yield None
        return
    token = secrets.token_urlsafe(18)
    _SHARED[token] = log
    try:
        yield token
    finally:
        _SHARED.pop(token, None)


@contextlib.contextmanager
def joined(token: str | None) -> Iterator[CallLog | None]:
    """Record the block's model calls into the log :func:`shared` named ``token``; nothing for an unknown token."""
    log = _SHARED.get(token) if token else None
    if log is None:
        yield None
        return
    with recording(log):
        yield log


def note_call(
    request: LLMRequest, response: LLMResponse | None, elapsed_ms: float, error: BaseException | None = None
) -> None:
    """Add one call to the current scope (nothing outside a :func:`recording` scope)."""
    calls = _CURRENT.get()
    if calls is None:
        return
    if len(calls.records) >= MAX_CALLS:
        calls.dropped += 1
        return
    usage = response.usage if response is not None else None
    calls.records.append(
        CallRecord(
            step=request.step,
            model=(response.model if response is not None and response.model else request.model),
            messages=[{"role": m.role, "content": _cut(m.content)} for m in request.messages],
            reply=_cut(response.content) if response is not None else "",
            tool_calls=[call.name for call in response.tool_calls] if response is not None else [],
            prompt_tokens=usage.prompt_tokens if usage is not None else 0,
            completion_tokens=usage.completion_tokens if usage is not None else 0,
            elapsed_ms=round(elapsed_ms, 1),
            error=type(error).__name__ if error is not None else None,
        )
    )
