"""Fault injection shared by the fake LLM servers.

A :class:`FaultPlan` holds, per endpoint (``"oauth"``, ``"chat"``, ``"embeddings"``, ``"models"``, or ``"*"``
for any), a FIFO queue of one-shot faults, an optional persistent fault, and a latency::

    plan = FaultPlan(latency_s=0.05)                      # every request waits 50 ms first
    plan.inject("chat", Fault.rate_limit(retry_after=1))  # the next chat request gets 429 + Retry-After: 1
    plan.inject("chat", Fault.http_error(503), times=2)   # ...then two 503s
    plan.always("embeddings", Fault.html())               # every embeddings request: nginx 502 page
    plan.always("embeddings", None)                       # ...until cleared
    plan.injected_count("chat")                           # how many faults were served
    plan.pause("chat"); ...; plan.resume()                # hold requests inside the handler until resumed

Resolution order for one request: the endpoint's queue, the ``"*"`` queue, the endpoint's persistent fault,
the ``"*"`` persistent fault. Kinds (see :class:`Fault`):

- ``status``: the provider's own error body for that status (``Fault.body`` overrides), optional
  ``Retry-After``;
- ``timeout``: the handler sleeps ``seconds`` (returns early once the client disconnects), then 504;
- ``malformed_json``: 200 ``application/json`` with a truncated body;
- ``html``: an nginx-style HTML error page, status 502 by default, ``Content-Type: text/html``;
- ``truncated_stream``: a streaming answer stops mid-way without ``[DONE]`` (non-streaming requests get a
  truncated body, as ``malformed_json``);
- ``disconnect``: 200 with ``Content-Length`` announced, part of the body sent, then the connection is dropped
  (the client sees an incomplete message, as when a proxy or the provider dies mid-answer);
- ``delay``: an extra one-off sleep, then the normal answer.

Handlers never hold a lock across an ``await``: latency is a plain ``asyncio.sleep``, so concurrent requests
overlap (1,000 requests at concurrency 50 with 50 ms latency take ~1 s, not 50 s).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

if TYPE_CHECKING:
    from agentcore.testing.script import RecordedRequest, RequestLog

__all__ = [
    "ANY",
    "Fault",
    "FaultKind",
    "FaultPlan",
    "hang",
    "json_response",
    "prelude",
    "sse_response",
]

ANY = "*"
FaultKind: TypeAlias = Literal["status", "timeout", "malformed_json", "html", "truncated_stream", "disconnect", "delay"]

_MALFORMED_BODY = b'{"choices": [{"index": 0, "message": {"role": "assistant", "content": "\xd0\x9e\xd1\x82'
_HTML_PAGE = (
    "<html>\r\n<head><title>{status} {reason}</title></head>\r\n<body>\r\n"
    "<center><h1>{status} {reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
)
_REASONS = {
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Temporarily Unavailable",
    504: "Gateway Time-out",
}


@dataclass(frozen=True)
class Fault:
    """One injected failure; build it with the class methods."""

    kind: FaultKind
    status: int = 0
    retry_after: float | None = None
    seconds: float = 0.0
    body: Any = None

    @classmethod
    def http_error(cls, status: int, *, retry_after: float | None = None, body: Any = None) -> Fault:
        """An HTTP error with the provider's exact body for ``status`` (or ``body`` if given)."""
        return cls("status", status=status, retry_after=retry_after, body=body)

    @classmethod
    def rate_limit(cls, retry_after: float | None = 1.0) -> Fault:
        """429 with ``Retry-After`` (omitted when ``None``)."""
        return cls.http_error(429, retry_after=retry_after)

    @classmethod
    def timeout(cls, seconds: float = 30.0) -> Fault:
        """Hang for ``seconds`` — longer than the client's timeout — then answer 504."""
        return cls("timeout", seconds=seconds)

    @classmethod
    def malformed_json(cls, body: bytes | str | None = None) -> Fault:
        """200 ``application/json`` whose body does not parse (``body`` overrides the default cut-off JSON)."""
        return cls("malformed_json", status=200, body=body)

    @classmethod
    def html(cls, status: int = 502) -> Fault:
        """An HTML error page as sent by a reverse proxy."""
        return cls("html", status=status)

    @classmethod
    def truncated_stream(cls) -> Fault:
        """An SSE stream cut after the first chunk: no final chunk, no ``[DONE]``."""
        return cls("truncated_stream", status=200)

    @classmethod
    def disconnect(cls) -> Fault:
        """Announce a body, send part of it, drop the connection."""
        return cls("disconnect", status=200)

    @classmethod
    def delay(cls, seconds: float) -> Fault:
        """Sleep ``seconds`` more, then answer normally."""
        return cls("delay", seconds=seconds)


class FaultPlan:
    """What goes wrong, and when; safe to change from the test thread while the server runs."""

    def __init__(self, *, latency_s: float = 0.0, stream_chunk_delay_s: float = 0.0) -> None:
        self.stream_chunk_delay_s = stream_chunk_delay_s
        self._latency: dict[str, float] = {ANY: latency_s}
        self._queues: dict[str, deque[Fault]] = defaultdict(deque)
        self._persistent: dict[str, Fault] = {}
        self._injected: list[tuple[str, Fault]] = []
        self._paused: set[str] = set()
        self._lock = threading.Lock()

    @property
    def latency_s(self) -> float:
        """Latency of every endpoint without its own setting."""
        return self._latency[ANY]

    @latency_s.setter
    def latency_s(self, seconds: float) -> None:
        self._latency[ANY] = seconds

    def set_latency(self, seconds: float, endpoint: str = ANY) -> FaultPlan:
        """Sleep ``seconds`` before answering each request of ``endpoint``."""
        with self._lock:
            self._latency[endpoint] = seconds
        return self

    def latency_for(self, endpoint: str) -> float:
        with self._lock:
            return self._latency.get(endpoint, self._latency[ANY])

    def inject(self, endpoint: str, *faults: Fault, times: int = 1) -> FaultPlan:
        """Queue ``faults`` (each repeated ``times``) for the next requests of ``endpoint``."""
        with self._lock:
            for fault in faults:
                self._queues[endpoint].extend([fault] * times)
        return self

    def always(self, endpoint: str, fault: Fault | None) -> FaultPlan:
        """Apply ``fault`` to every request of ``endpoint`` once its queue is empty; ``None`` clears it."""
        with self._lock:
            if fault is None:
                self._persistent.pop(endpoint, None)
            else:
                self._persistent[endpoint] = fault
        return self

    def pause(self, endpoint: str = ANY) -> FaultPlan:
        """Hold requests of ``endpoint`` (after they are recorded) until :meth:`resume`."""
        with self._lock:
            self._paused.add(endpoint)
        return self

    def resume(self, endpoint: str | None = None) -> FaultPlan:
        """Release held requests of ``endpoint`` (``None``: everything)."""
        with self._lock:
            if endpoint is None:
                self._paused.clear()
            else:
                self._paused.discard(endpoint)
        return self

    def is_paused(self, endpoint: str) -> bool:
        with self._lock:
            return endpoint in self._paused or ANY in self._paused

    def take(self, endpoint: str) -> Fault | None:
        """The fault for the next request of ``endpoint`` (consuming a queued one), or ``None``."""
        with self._lock:
            fault: Fault | None = None
            for key in (endpoint, ANY):
                if self._queues.get(key):
                    fault = self._queues[key].popleft()
                    break
            else:
                fault = self._persistent.get(endpoint) or self._persistent.get(ANY)
            if fault is not None:
                self._injected.append((endpoint, fault))
            return fault

    def pending(self, endpoint: str = ANY) -> int:
        """Queued one-shot faults for ``endpoint`` (``"*"``: all queues)."""
        with self._lock:
            if endpoint == ANY:
                return sum(len(q) for q in self._queues.values())
            return len(self._queues.get(endpoint, ()))

    def injected(self, endpoint: str | None = None) -> list[Fault]:
        """Faults served so far, in order."""
        with self._lock:
            return [f for e, f in self._injected if endpoint is None or e == endpoint]

    def injected_count(self, endpoint: str | None = None) -> int:
        return len(self.injected(endpoint))

    def clear(self) -> None:
        """Forget queued and persistent faults, latencies and the served-faults log."""
        with self._lock:
            self._queues.clear()
            self._persistent.clear()
            self._injected.clear()
            self._latency = {ANY: 0.0}
            self._paused.clear()
            self.stream_chunk_delay_s = 0.0


# --- server side ---------------------------------------------------------------------------------------

ErrorResponse: TypeAlias = Callable[[int], Response]


def json_response(
    body: Any,
    status: int = 200,
    headers: Mapping[str, str] | None = None,
    media_type: str = "application/json",
) -> Response:
    """UTF-8 JSON without ASCII escaping, as both providers send it."""
    content = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return Response(content, status_code=status, headers=dict(headers or {}), media_type=media_type)


def sse_response(
    events: Sequence[Any],
    *,
    done: bool = True,
    chunk_delay_s: float = 0.0,
    headers: Mapping[str, str] | None = None,
) -> StreamingResponse:
    """``text/event-stream`` of ``data: <json>\\n\\n`` events, then ``data: [DONE]`` unless ``done`` is false."""

    async def body() -> AsyncIterator[bytes]:
        for index, event in enumerate(events):
            if index and chunk_delay_s > 0:
                await asyncio.sleep(chunk_delay_s)
            payload = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
            yield b"data: " + payload.encode("utf-8") + b"\n\n"
        if done:
            yield b"data: [DONE]\n\n"

    return StreamingResponse(
        body(), media_type="text/event-stream", headers={"Cache-Control": "no-cache", **(headers or {})}
    )


class _DisconnectResponse(Response):
    """Starts a 200 answer of 4096 bytes, sends 14 of them and returns: the server drops the connection (uvicorn
    logs one line, "ASGI callable returned without completing response")."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        headers = [(b"content-type", b"application/json"), (b"content-length", b"4096")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b'{"choices": [{', "more_body": True})


async def hang(request: Request, seconds: float) -> None:
    """Sleep up to ``seconds``, returning early once the client has gone (so the server can shut down)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        if await request.is_disconnected():
            return
        await asyncio.sleep(min(0.02, max(0.0, deadline - loop.time())))


def _retry_after(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


async def prelude(
    plan: FaultPlan,
    endpoint: str,
    request: Request,
    error_response: ErrorResponse,
    *,
    streaming: bool = False,
) -> Response | Fault | None:
    """Wait while ``endpoint`` is paused, apply latency and the next fault of ``endpoint``.

    Returns a :class:`Response` to send instead of the real answer, the ``truncated_stream`` :class:`Fault`
    for a streaming handler to honour, or ``None`` to answer normally. ``error_response(status)`` renders the
    provider's error for a status.
    """
    while plan.is_paused(endpoint) and not await request.is_disconnected():
        await asyncio.sleep(0.005)
    latency = plan.latency_for(endpoint)
    if latency > 0:
        await asyncio.sleep(latency)
    fault = plan.take(endpoint)
    if fault is None:
        return None
    if fault.kind == "delay":
        await asyncio.sleep(fault.seconds)
        return None
    if fault.kind == "status":
        response = error_response(fault.status) if fault.body is None else json_response(fault.body, fault.status)
        if fault.retry_after is not None:
            response.headers["Retry-After"] = _retry_after(fault.retry_after)
        return response
    if fault.kind == "timeout":
        await hang(request, fault.seconds)
        return error_response(504)
    if fault.kind == "html":
        status = fault.status or 502
        page = _HTML_PAGE.format(status=status, reason=_REASONS.get(status, "Error"))
        return Response(page, status_code=status, media_type="text/html")
    if fault.kind == "truncated_stream" and streaming:
        return fault
    if fault.kind == "disconnect":
        return _DisconnectResponse()
    body = fault.body if fault.kind == "malformed_json" and fault.body is not None else _MALFORMED_BODY
    return Response(body, status_code=200, media_type="application/json")


def asks_to_stream(recorded: RecordedRequest) -> bool:
    """Whether a recorded request's JSON body asks for a stream (``"stream": true``)."""
    body = recorded.json
    return isinstance(body, dict) and body.get("stream") is True


async def admit(
    requests: RequestLog,
    plan: FaultPlan,
    request: Request,
    endpoint: str,
    error_response: ErrorResponse,
    check: Callable[[RecordedRequest], Response | None],
    *,
    streams: bool = True,
) -> tuple[RecordedRequest, Response | Fault | None]:
    """The prelude of a fake provider's authorised handler: record the request to ``endpoint``, play the fault
    plan's :func:`prelude` (as streaming when the endpoint ``streams`` and the body asks to), then ``check`` its
    credentials.  Returns the recorded request and a response to send at once (a fault's, ``check``'s), the
    ``truncated_stream`` fault to honour, or ``None``."""
    recorded = await requests.record(request, endpoint)
    streaming = streams and asks_to_stream(recorded)
    early = await prelude(plan, endpoint, request, error_response, streaming=streaming)
    if isinstance(early, Response):
        return recorded, early
    denied = check(recorded)
    return recorded, early if denied is None else denied
