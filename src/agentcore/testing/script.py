"""What the fake LLM servers answer, and what they have heard.

Shared by :mod:`agentcore.testing.fake_gigachat` and :mod:`agentcore.testing.fake_openai`.

Scripting::

    script = FakeScript()
    script.text("Привет!")                              # next chat answer is this text
    script.tool_call("get_weather", {"city": "Москва"})  # then a function/tool call
    script.tool_calls(("a", {}), ("b", {"x": 1}))       # parallel calls (OpenAI only; GigaChat → 500)
    script.json({"answer": "ok"})                       # content is this object as a JSON string
    script.raw({"weird": True}, status=200)             # body sent verbatim, nothing else added
    script.dynamic(lambda req: f"Вы сказали: {req['messages'][-1]['content']}")

Replies are consumed in order, one per request, per endpoint (``"chat"`` unless ``endpoint=`` says otherwise;
``"embeddings"`` and ``"models"`` take :class:`RawReply` only). A callable gets the parsed request JSON and
returns a reply, a plain string, or ``None`` for the default behaviour. Only a request that gets as far as
being answered consumes a reply: one hit by a fault, refused for auth or rejected as invalid does not, so a
client's retry receives the scripted answer. With the queue empty the fakes answer
by default: ``"Ответ: <last user message>"``, or — when the request asks for structured output or forces a
function call — :func:`minimal_instance` of the schema.

Everything a fake receives is kept as :class:`RecordedRequest` in a :class:`RequestLog`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import threading
from collections import defaultdict, deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias
from urllib.parse import parse_qs

import numpy as np
from starlette.requests import Request

__all__ = [
    "FakeScript",
    "RawReply",
    "RecordedRequest",
    "Reply",
    "ReplyFn",
    "RequestLog",
    "TextReply",
    "ToolCall",
    "ToolCallsReply",
    "count_tokens",
    "hash_embedding",
    "last_user_text",
    "minimal_instance",
]


@dataclass(frozen=True)
class TextReply:
    """An assistant text answer; ``finish_reason`` lets tests simulate ``length``/``blacklist``."""

    text: str
    finish_reason: str = "stop"


@dataclass(frozen=True)
class ToolCall:
    """One function/tool call; ``id`` is generated (``call_...``) when ``None`` (OpenAI only)."""

    name: str
    arguments: Mapping[str, Any] = field(default_factory=dict)
    id: str | None = None


@dataclass(frozen=True)
class ToolCallsReply:
    """One or more calls in one assistant message (GigaChat allows exactly one)."""

    calls: tuple[ToolCall, ...]


@dataclass(frozen=True)
class RawReply:
    """A body sent verbatim: ``str``/``bytes`` as-is, anything else JSON-encoded."""

    body: Any
    status: int = 200
    headers: Mapping[str, str] = field(default_factory=dict)
    media_type: str = "application/json"


Reply: TypeAlias = TextReply | ToolCallsReply | RawReply
ReplyFn: TypeAlias = Callable[[Any], Reply | str | None]
_Entry: TypeAlias = Reply | ReplyFn

CHAT = "chat"


class FakeScript:
    """Per-endpoint FIFO queues of scripted replies; thread-safe, methods chain.

    Tests fill the script from their own thread while the server's event loop consumes it.
    """

    def __init__(self) -> None:
        self._queues: dict[str, deque[_Entry]] = defaultdict(deque)
        self._lock = threading.Lock()

    def add(self, *replies: Reply | ReplyFn | str, endpoint: str = CHAT) -> FakeScript:
        """Queue replies; a ``str`` means :class:`TextReply`, a callable is resolved per request."""
        entries: list[_Entry] = []
        for reply in replies:
            if isinstance(reply, str):
                entries.append(TextReply(reply))
            elif isinstance(reply, TextReply | ToolCallsReply | RawReply) or callable(reply):
                entries.append(reply)
            else:
                raise TypeError(f"not a reply: {reply!r} (wrap JSON in script.json() or script.raw())")
        with self._lock:
            self._queues[endpoint].extend(entries)
        return self

    def text(self, text: str, *, finish_reason: str = "stop", endpoint: str = CHAT) -> FakeScript:
        """Queue a text answer."""
        return self.add(TextReply(text, finish_reason), endpoint=endpoint)

    def json(self, value: Any, *, endpoint: str = CHAT) -> FakeScript:
        """Queue a text answer whose content is ``value`` serialised as JSON (structured output)."""
        return self.add(TextReply(json.dumps(value, ensure_ascii=False)), endpoint=endpoint)

    def tool_call(self, name: str, arguments: Mapping[str, Any] | None = None, *, id: str | None = None) -> FakeScript:
        """Queue one function/tool call."""
        return self.add(ToolCallsReply((ToolCall(name, dict(arguments or {}), id),)))

    def tool_calls(self, *calls: ToolCall | tuple[str, Mapping[str, Any]]) -> FakeScript:
        """Queue several parallel calls in one assistant message."""
        parsed = tuple(c if isinstance(c, ToolCall) else ToolCall(c[0], dict(c[1])) for c in calls)
        if not parsed:
            raise ValueError("tool_calls() needs at least one call")
        return self.add(ToolCallsReply(parsed))

    def raw(
        self,
        body: Any,
        *,
        status: int = 200,
        headers: Mapping[str, str] | None = None,
        media_type: str = "application/json",
        endpoint: str = CHAT,
    ) -> FakeScript:
        """Queue a verbatim body (any status, any media type)."""
        return self.add(RawReply(body, status, dict(headers or {}), media_type), endpoint=endpoint)

    def dynamic(self, fn: ReplyFn, *, endpoint: str = CHAT) -> FakeScript:
        """Queue a callable ``(request_json) -> Reply | str | None`` (``None`` = default answer)."""
        return self.add(fn, endpoint=endpoint)

    def next(self, endpoint: str, request_json: Any) -> Reply | None:
        """Pop the next reply for ``endpoint`` (resolving callables); ``None`` when the queue is empty."""
        with self._lock:
            queue = self._queues.get(endpoint)
            if not queue:
                return None
            entry = queue.popleft()
        if isinstance(entry, TextReply | ToolCallsReply | RawReply):
            return entry
        result = entry(request_json)
        if result is None or isinstance(result, TextReply | ToolCallsReply | RawReply):
            return result
        if isinstance(result, str):
            return TextReply(result)
        raise TypeError(f"scripted callable returned {result!r}")

    def pending(self, endpoint: str = CHAT) -> int:
        """How many replies are still queued for ``endpoint``."""
        with self._lock:
            return len(self._queues.get(endpoint, ()))

    def clear(self) -> None:
        """Drop every queued reply."""
        with self._lock:
            self._queues.clear()


# --- what the fakes have heard -------------------------------------------------------------------


@dataclass(frozen=True)
class RecordedRequest:
    """One request as received: header names lower-case, ``json`` is ``None`` unless the body parsed."""

    endpoint: str
    method: str
    path: str
    query: Mapping[str, str]
    headers: Mapping[str, str]
    body: bytes
    json: Any
    form: Mapping[str, str] | None = None


class RequestLog:
    """Append-only list of :class:`RecordedRequest`, with per-endpoint counting for retry assertions."""

    def __init__(self) -> None:
        self._items: list[RecordedRequest] = []
        self._lock = threading.Lock()

    def append(self, request: RecordedRequest) -> None:
        with self._lock:
            self._items.append(request)

    async def record(self, request: Request, endpoint: str) -> RecordedRequest:
        """Read ``request`` fully, parse its JSON or form body, append and return it."""
        body = await request.body()
        parsed: Any = None
        form: dict[str, str] | None = None
        if body and "application/x-www-form-urlencoded" in request.headers.get("content-type", ""):
            pairs = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
            form = {key: values[-1] for key, values in pairs.items()}
        elif body:
            try:
                parsed = json.loads(body)
            except ValueError:
                parsed = None
        recorded = RecordedRequest(
            endpoint=endpoint,
            method=request.method,
            path=request.url.path,
            query=dict(request.query_params),
            headers={key.lower(): value for key, value in request.headers.items()},
            body=body,
            json=parsed,
            form=form,
        )
        self.append(recorded)
        return recorded

    def of(self, endpoint: str | None = None) -> list[RecordedRequest]:
        """All requests, or those of one endpoint, in arrival order."""
        with self._lock:
            return [r for r in self._items if endpoint is None or r.endpoint == endpoint]

    def count(self, endpoint: str | None = None) -> int:
        """Number of requests received (for one endpoint or all)."""
        return len(self.of(endpoint))

    def last(self, endpoint: str | None = None) -> RecordedRequest:
        """The most recent request; ``LookupError`` if there is none."""
        items = self.of(endpoint)
        if not items:
            raise LookupError(f"no requests recorded for {endpoint or 'any endpoint'}")
        return items[-1]

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return self.count()

    def __iter__(self) -> Iterator[RecordedRequest]:
        return iter(self.of())


# --- default answers -------------------------------------------------------------------------------


def last_user_text(messages: Any) -> str:
    """Text of the last ``user`` message (content parts joined), ``""`` when there is none."""
    if not isinstance(messages, list):
        return ""
    for message in reversed(messages):
        if isinstance(message, Mapping) and message.get("role") == "user":
            return _content_text(message.get("content"))
    return ""


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # OpenAI content parts
        return "".join(p.get("text", "") for p in content if isinstance(p, Mapping))
    return "" if content is None else str(content)


def count_tokens(value: Any) -> int:
    """A cheap, deterministic token estimate (≈4 characters per token) of text or any JSON value."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return max(1, (len(text) + 3) // 4) if text else 0


_MAX_DEPTH = 24
_FORMATS = {
    "date-time": "2024-01-01T00:00:00Z",
    "date": "2024-01-01",
    "time": "00:00:00",
    "duration": "P1D",
    "email": "x@example.com",
    "uri": "https://example.com",
    "url": "https://example.com",
    "uuid": "00000000-0000-4000-8000-000000000000",
    "ipv4": "127.0.0.1",
    "ipv6": "::1",
    "hostname": "example.com",
}


def minimal_instance(schema: Any, *, root: Any = None) -> Any:
    """A small value valid for JSON Schema ``schema`` (the subset LLM APIs use).

    Strings ``"x"`` (or a sample of the ``format``), integers/numbers ``0`` (moved into ``minimum``/``maximum``),
    booleans ``false``, the first ``enum`` value or ``const``, only ``required`` object properties, ``minItems``
    array items; follows local ``$ref`` (``#/$defs/...``), takes the first non-null ``anyOf``/``oneOf`` branch and
    merges ``allOf``. Recursion deeper than 24 levels yields ``None``.
    """
    return _instance(schema, schema if root is None else root, 0)


def _instance(schema: Any, root: Any, depth: int) -> Any:
    if depth > _MAX_DEPTH or schema is False:
        return None
    if not isinstance(schema, Mapping):
        return "x"
    if "$ref" in schema:
        return _instance(_resolve_ref(root, str(schema["$ref"])), root, depth + 1)
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    for key in ("anyOf", "oneOf"):
        options = schema.get(key)
        if isinstance(options, list) and options:
            non_null = [o for o in options if not (isinstance(o, Mapping) and o.get("type") == "null")]
            return _instance(non_null[0], root, depth + 1) if non_null else None
    if isinstance(schema.get("allOf"), list):
        return _instance(_merge_all_of(schema, root), root, depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind is None:
        kind = "object" if "properties" in schema else "array" if "items" in schema else "string"
    if kind == "object":
        properties = schema.get("properties") or {}
        return {name: _instance(properties.get(name, {}), root, depth + 1) for name in schema.get("required") or []}
    if kind == "array":
        count = int(schema.get("minItems") or 0)
        return [_instance(schema.get("items", {}), root, depth + 1) for _ in range(count)]
    if kind == "string":
        sample = _FORMATS.get(str(schema.get("format")), "x")
        min_length = int(schema.get("minLength") or 0)
        if len(sample) < min_length:
            sample = sample + "x" * (min_length - len(sample))
        if "maxLength" in schema:
            sample = sample[: int(schema["maxLength"])]
        return sample
    if kind in ("integer", "number"):
        return _number(schema, integer=kind == "integer")
    if kind == "boolean":
        return False
    return None


def _number(schema: Mapping[str, Any], *, integer: bool) -> int | float:
    step = 1 if integer else 0.5
    value: float = 0
    if "minimum" in schema and schema["minimum"] > value:
        value = schema["minimum"]
    if "exclusiveMinimum" in schema and schema["exclusiveMinimum"] >= value:
        value = schema["exclusiveMinimum"] + step
    if "maximum" in schema and schema["maximum"] < value:
        value = schema["maximum"]
    if "exclusiveMaximum" in schema and schema["exclusiveMaximum"] <= value:
        value = schema["exclusiveMaximum"] - step
    if integer:
        return int(-(-value // 1))  # ceil, keeps the value inside the bounds
    return value


def _resolve_ref(root: Any, ref: str) -> Any:
    if not ref.startswith("#"):
        return {}
    node = root
    for part in ref[1:].split("/"):
        if not part:
            continue
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, Mapping) or part not in node:
            return {}
        node = node[part]
    return node


def _merge_all_of(schema: Mapping[str, Any], root: Any) -> dict[str, Any]:
    merged: dict[str, Any] = {k: v for k, v in schema.items() if k != "allOf"}
    properties: dict[str, Any] = dict(merged.get("properties") or {})
    required: list[str] = list(merged.get("required") or [])
    for part in schema["allOf"]:
        while isinstance(part, Mapping) and "$ref" in part:
            part = _resolve_ref(root, str(part["$ref"]))
        if not isinstance(part, Mapping):
            continue
        properties.update(part.get("properties") or {})
        required += [r for r in part.get("required") or [] if r not in required]
        for key, value in part.items():
            if key not in ("properties", "required"):
                merged.setdefault(key, value)
    if properties:
        merged["properties"] = properties
    merged["required"] = required
    return merged


# --- embeddings --------------------------------------------------------------------------------------

_WORD = re.compile(r"\w+", re.UNICODE)


@functools.lru_cache(maxsize=32768)
def _token_vector(token: str, dims: int) -> np.ndarray:
    seed = int.from_bytes(hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest(), "big")
    vector = np.random.default_rng(seed).standard_normal(dims)
    vector.setflags(write=False)
    return vector


def hash_embedding(text: str, dims: int, *, normalize: bool) -> list[float]:
    """A deterministic vector for ``text``: the sum of per-word pseudo-random Gaussian vectors.

    Texts sharing words get a positive cosine similarity, so retrieval tests behave sensibly. ``normalize``
    scales to unit length (OpenAI); otherwise components are ~N(0, 1) like GigaChat's unnormalised vectors.
    """
    words: Sequence[str] = _WORD.findall(text.lower()) or [text]
    total = np.zeros(dims)
    for word in words:
        total += _token_vector(word, dims)
    norm = float(np.linalg.norm(total))
    scale = (1.0 / norm if norm else 0.0) if normalize else 1.0 / np.sqrt(len(words))
    return [float(v) for v in (total * scale).astype(np.float32)]
