"""The model calls of a run, for its trace: a :func:`recording` scope every gateway call inside adds a
:class:`CallRecord` to (what was asked, in short; what came back, in short; tokens; time; the error).

Like the usage meter (:mod:`agentcore.llm._usage`) the scope is a context variable: calls made in the task that opened
it, or in tasks started inside it, are recorded.  Texts are cut to :data:`PREVIEW_CHARS`; the trace store redacts
secrets before anything is written (:class:`agentcore.trace.jsonl.JsonlStore`).

A run that calls a service of the same process over HTTP (the seed-000 assistant calls ``/rag`` and ``/haiku``)
lends its scope to that request: :func:`shared` names the scope by an unguessable token for the duration of the call,
the client sends it in :data:`CALLS_HEADER`, and the server records the request's model calls into the same log
(:func:`joined`; the web layer does it for every request).  A token this process did not hand out (another process,
a forged header) joins nothing.  So :func:`shared` hands a token out only for a request to where this deployment
itself answers (:func:`lends_to`: a loopback host or an origin the operator names); a third-party service never
receives one.
"""

from __future__ import annotations

import contextlib
import ipaddress
import secrets
from collections.abc import Iterable, Iterator
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
    "lends_to",
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


def _origin(url: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an http(s) URL, the port filled in for the scheme; None for anything else."""
    import httpx  # lazily: this module is loaded with agentcore.llm, which does not need httpx

    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError):
        return None
    if parsed.scheme not in ("http", "https") or not parsed.host:
        return None
    port = parsed.port or (443 if parsed.scheme == "https" else 80)
    return parsed.scheme, parsed.host.lower().rstrip("."), port


def lends_to(url: str, own_origins: Iterable[str] = ()) -> bool:
    """Whether a request to ``url`` may carry a :func:`shared` token: only a process of this deployment can honour it,
    so it goes to a loopback host (``localhost``, ``127.0.0.0/8``, ``::1``: the services ``agentcore chat`` starts
    in-process, ``agentcore serve``'s own ``/rag`` and ``/haiku``) or to one of ``own_origins`` (scheme, host and
    port as in ``https://agentcore.internal:8443``; ``AGENTCORE_CALLS_ORIGINS``) — never to any other host.  The URL
    is read by httpx, the parser of the request that would carry the token."""
    origin = _origin(url)
    if origin is None:
        return False
    host = origin[1]
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        if ipaddress.ip_address(host).is_loopback:
            return True
    except ValueError:
        pass  # a name, not an address
    return any(origin == _origin(own) for own in own_origins)


@contextlib.contextmanager
def shared(url: str, own_origins: Iterable[str] = ()) -> Iterator[str | None]:
    """A token for the current scope's log, valid until the block ends, to send as :data:`CALLS_HEADER` with a
    request to ``url``: its model calls join the log when a service of this process answers it.  ``None`` outside a
    :func:`recording` scope, and for a ``url`` the token must not go to (:func:`lends_to`)."""
    log = _CURRENT.get()
    if log is None or not lends_to(url, own_origins):
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
