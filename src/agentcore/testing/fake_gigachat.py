"""A local fake of the GigaChat REST API (v1 chat contract), faithful to the official SDK's recorded traffic.

Paths are the real ones, so one server serves both hosts::

    with serve_fake_gigachat(FakeScript().text("Привет!")) as server:   # or create_fake_gigachat() + BackgroundServer
        client = GigaChat(credentials=server.credentials, base_url=server.base_url,  # <url>/api/v1
                          auth_url=server.auth_url, model="GigaChat")               # <url>/api/v2/oauth
        client.chat("Привет")
        fake = server.fake                                                          # = app.state.fake
        fake.requests.count("chat"), fake.token_requests, fake.requests.last("chat").json

The app also works mounted under a prefix (``outer.mount("/gigachat", app)`` → ``<url>/gigachat/api/v1``).

Endpoints (names used by :class:`~agentcore.testing.script.FakeScript`, :class:`~agentcore.testing.faults.FaultPlan`
and :class:`~agentcore.testing.script.RequestLog`):

- ``oauth`` — ``POST /api/v2/oauth``: needs ``RqUID`` (uuid, else 400), ``Authorization: Basic <credentials>``
  compared as-is (``Bearer`` accepted too; undecodable → 400 code 4, mismatch → 401 code 6), form
  ``scope=GIGACHAT_API_PERS|B2B|CORP`` (empty → 400 code 5, other → 400 code 1, outside ``scopes`` → 400 code 7).
  200 → ``{"access_token": <opaque ~1.3 KB>, "expires_at": <ms>}``.
- every ``/api/v1/*`` call needs a live bearer token: unknown → 401 ``Unauthorized``, expired → 401
  ``Token has expired`` (:meth:`GigaChatFake.expire_tokens`, :meth:`GigaChatFake.revoke_tokens`).
- ``chat`` — ``POST /api/v1/chat/completions``: no ``id``; ``object: "chat.completion"``; ``model`` echoed as
  ``<model>:<model_version>``; ``usage`` incl. ``precached_prompt_tokens``. 422 ``Invalid params: system message
  must be the first message``; 404 ``No such model``. Functions: ``function_call`` ``"auto"``/``"none"``/
  ``{"name"}``; a call answers ``content: ""``, ``function_call.arguments`` as an OBJECT, ``functions_state_id``,
  ``finish_reason: "function_call"``; a forced call without a script gets arguments from the parameters schema.
  ``response_format`` ``{"type": "json_schema", "schema", "strict"}`` → JSON string content. ``stream: true`` →
  SSE, every chunk ``object: "chat.completion"``, ``role`` only in the first delta, usage + ``finish_reason`` in
  the last chunk, then ``data: [DONE]``.
- ``embeddings`` — ``POST /api/v1/embeddings``: per-item ``usage``, ``embedding_dims`` floats (1024).
- ``models`` — ``GET /api/v1/models`` and ``GET /api/v1/models/{id}`` (404 ``No such model``).
- ``tokens_count`` — ``POST /api/v1/tokens/count``.

Stricter than documented (a client that trips these is wrong anyway): ``function_call.arguments`` in a resent
assistant message must be an object and a ``function`` message's content must be a JSON string (422). The 400
body for a bad ``RqUID``, the 422 wording for a missing ``model``/``messages`` and for undeclared forced
functions are the fake's own (Sber documents only the status).
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import re
import secrets
import time
import uuid
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import Response

from agentcore.serving import BackgroundServer
from agentcore.testing.faults import Fault, FaultPlan, admit, asks_to_stream, json_response, prelude, sse_response
from agentcore.testing.script import (
    FakeScript,
    RawReply,
    RecordedRequest,
    Reply,
    RequestLog,
    TextReply,
    ToolCall,
    ToolCallsReply,
    count_tokens,
    hash_embedding,
    last_user_text,
    minimal_instance,
)

__all__ = [
    "DEFAULT_CHAT_MODELS",
    "DEFAULT_EMBEDDING_MODELS",
    "SCOPES",
    "FakeGigaChatServer",
    "GigaChatFake",
    "create_fake_gigachat",
    "serve_fake_gigachat",
]

SCOPES = ("GIGACHAT_API_PERS", "GIGACHAT_API_B2B", "GIGACHAT_API_CORP")
DEFAULT_CHAT_MODELS = ("GigaChat", "GigaChat-Pro", "GigaChat-Max", "GigaChat-2", "GigaChat-2-Pro", "GigaChat-2-Max")
DEFAULT_EMBEDDING_MODELS = ("Embeddings", "EmbeddingsGigaR")
_RQUID = re.compile(r"([0-9a-fA-F-]){36}")
_ROLES = frozenset({"system", "user", "assistant", "function", "search_result", "function_in_progress"})
_JSON = "application/json; charset=utf-8"
_MESSAGES = {
    400: "Bad Request",
    401: "Unauthorized",
    402: "Payment Required",
    403: "Permission denied",
    404: "No such model",
    413: "Payload Too Large",
    422: "Invalid params",
    429: "Too many requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}
# A JWE header like the real tokens start with; the rest is random.
_JWE_HEADER = "eyJjdHkiOiJqd3QiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIiwiYWxnIjoiUlNBLU9BRVAtMjU2In0"


def _error(status: int, message: str | None = None) -> Response:
    return json_response(
        {"status": status, "message": message or _MESSAGES.get(status, "Error")}, status, media_type=_JSON
    )


def _oauth_error(status: int, code: int, message: str) -> Response:
    return json_response({"code": code, "message": message}, status, media_type=_JSON)


class GigaChatFake:
    """State of one fake GigaChat server: ``app.state.fake``.

    Attributes:
        script: scripted replies (:class:`FakeScript`).
        faults: injected faults (:class:`FaultPlan`).
        requests: every request received (:class:`RequestLog`), including rejected ones.
    """

    def __init__(
        self,
        script: FakeScript | None = None,
        faults: FaultPlan | None = None,
        *,
        credentials: str = "dGVzdDp0ZXN0",
        token_ttl_s: float = 1800,
        scopes: Collection[str] | None = None,
        chat_models: Sequence[str] = DEFAULT_CHAT_MODELS,
        embedding_models: Sequence[str] = DEFAULT_EMBEDDING_MODELS,
        embedding_dims: int = 1024,
        model_version: str = "2.0.28.2",
    ) -> None:
        self.script = script if script is not None else FakeScript()
        self.faults = faults if faults is not None else FaultPlan()
        self.requests = RequestLog()
        self.credentials = credentials
        self.token_ttl_s = token_ttl_s
        self.scopes = frozenset(scopes) if scopes is not None else frozenset(SCOPES)
        self.chat_models = tuple(chat_models)
        self.embedding_models = tuple(embedding_models)
        self.embedding_dims = embedding_dims
        self.model_version = model_version
        self._tokens: dict[str, int] = {}  # token -> expires_at, ms since epoch

    def reset(self) -> None:
        """Back to a fresh server: no script, faults, recorded requests or tokens."""
        self.script.clear()
        self.faults.clear()
        self.requests.clear()
        self.revoke_tokens()

    # --- tokens ---------------------------------------------------------------------------------------

    @property
    def token_requests(self) -> int:
        """How many ``POST /api/v2/oauth`` requests arrived (successful or not)."""
        return self.requests.count("oauth")

    def issue_token(self, ttl_s: float | None = None) -> tuple[str, int]:
        """Mint a valid token directly: ``(access_token, expires_at_ms)``."""
        token = ".".join(
            [_JWE_HEADER, secrets.token_urlsafe(256), secrets.token_urlsafe(12), secrets.token_urlsafe(640)]
        )
        expires_at = int((time.time() + (self.token_ttl_s if ttl_s is None else ttl_s)) * 1000)
        self._tokens[token] = expires_at
        return token, expires_at

    def expire_tokens(self) -> None:
        """Make every issued token expired (→ 401 ``Token has expired``)."""
        past = int(time.time() * 1000) - 1
        for token in list(self._tokens):
            self._tokens[token] = past

    def revoke_tokens(self) -> None:
        """Forget every issued token (→ 401 ``Unauthorized``)."""
        self._tokens.clear()

    def _check_bearer(self, recorded: RecordedRequest) -> Response | None:
        scheme, _, token = recorded.headers.get("authorization", "").partition(" ")
        expires_at = self._tokens.get(token.strip()) if scheme.lower() == "bearer" else None
        if expires_at is None:
            return _error(401, "Unauthorized")
        if expires_at <= time.time() * 1000:
            return _error(401, "Token has expired")
        return None

    async def _begin(self, request: Request, endpoint: str) -> tuple[RecordedRequest, Response | Fault | None]:
        """:func:`admit` with GigaChat's errors and bearer token (only a chat streams)."""
        return await admit(
            self.requests, self.faults, request, endpoint, _error, self._check_bearer, streams=endpoint == "chat"
        )

    # --- handlers -----------------------------------------------------------------------------------

    async def oauth(self, request: Request) -> Response:
        recorded = await self.requests.record(request, "oauth")
        early = await prelude(self.faults, "oauth", request, _error)
        if isinstance(early, Response):
            return early
        rquid = recorded.headers.get("rquid", "")
        if not _RQUID.fullmatch(rquid):
            return _oauth_error(400, 400, "RqUID header is missing or is not a uuid4")
        scheme, _, key = recorded.headers.get("authorization", "").partition(" ")
        key = key.strip()
        if scheme.lower() not in ("basic", "bearer") or not _is_base64(key):
            return _oauth_error(400, 4, "Can't decode 'Authorization' header")
        scope = (recorded.form or {}).get("scope", "")
        if not scope:
            return _oauth_error(400, 5, "scope is empty")
        if scope not in SCOPES:
            return _oauth_error(400, 1, "scope data format invalid")
        if key != self.credentials:
            return _oauth_error(401, 6, "credentials doesn't match db data")
        if scope not in self.scopes:
            return _oauth_error(400, 7, "scope from db not fully includes consumed scope")
        token, expires_at = self.issue_token()
        return json_response({"access_token": token, "expires_at": expires_at}, media_type="application/json")

    async def chat(self, request: Request) -> Response:
        recorded, early = await self._begin(request, "chat")
        if isinstance(early, Response):
            return early
        body = recorded.json
        streaming = asks_to_stream(recorded)
        if not isinstance(body, dict):
            return _error(400, "Bad Request: body is not a JSON object")
        if (invalid := self._validate_chat(body)) is not None:
            return invalid
        reply = self.script.next("chat", body) or _default_reply(body)
        if isinstance(reply, RawReply):
            return _raw(reply)
        if isinstance(reply, ToolCallsReply) and len(reply.calls) != 1:
            return _error(500, "fake script error: GigaChat returns exactly one function call per message")
        message, finish_reason, completion = _assistant_message(reply)
        model = f"{body['model']}:{self.model_version}"
        usage = _usage(body, completion)
        headers = _x_headers(recorded)
        created = int(time.time())
        if streaming:
            events = _stream_events(message, finish_reason, usage, model, created)
            truncated = isinstance(early, Fault)
            return sse_response(
                _truncated(events) if truncated else events,
                done=not truncated,
                chunk_delay_s=self.faults.stream_chunk_delay_s,
                headers=headers,
            )
        payload = {
            "choices": [{"message": message, "index": 0, "finish_reason": finish_reason}],
            "created": created,
            "model": model,
            "object": "chat.completion",
            "usage": usage,
        }
        return json_response(payload, headers=headers, media_type=_JSON)

    def _validate_chat(self, body: Mapping[str, Any]) -> Response | None:
        model = body.get("model")
        if not isinstance(model, str) or not model:
            return _error(422, "Invalid params: model is required")
        if model not in self.chat_models:
            return _error(404, "No such model")
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            return _error(422, "Invalid params: messages must be a non-empty array")
        for index, message in enumerate(messages):
            if not isinstance(message, dict) or message.get("role") not in _ROLES:
                return _error(422, f"Invalid params: messages[{index}].role is invalid")
            if message["role"] == "system" and index > 0:
                return _error(422, "Invalid params: system message must be the first message")
            call = message.get("function_call")
            if call is not None and not (isinstance(call, dict) and isinstance(call.get("arguments") or {}, dict)):
                return _error(422, f"Invalid params: messages[{index}].function_call.arguments must be an object")
            if message["role"] == "function" and not _is_json(message.get("content")):
                return _error(422, f"Invalid params: messages[{index}].content must be a JSON string")
        penalty = body.get("repetition_penalty")
        if isinstance(penalty, int | float) and penalty <= 0:
            return _error(422, "Invalid params: repetition_penalty must be in range (0, +inf)")
        forced = body.get("function_call")
        if isinstance(forced, dict):
            names = {f.get("name") for f in body.get("functions") or [] if isinstance(f, dict)}
            if forced.get("name") not in names:
                return _error(422, f"Invalid params: function {forced.get('name')!r} is not in functions")
        return None

    async def embeddings(self, request: Request) -> Response:
        recorded, early = await self._begin(request, "embeddings")
        if isinstance(early, Response):
            return early
        body = recorded.json
        if not isinstance(body, dict):
            return _error(400, "Bad Request: body is not a JSON object")
        scripted = self.script.next("embeddings", body)
        if isinstance(scripted, RawReply):
            return _raw(scripted)
        model = body.get("model")
        if model not in self.embedding_models:
            return _error(404, "No such model")
        texts = body.get("input")
        if isinstance(texts, str):
            texts = [texts]
        if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
            return _error(422, "Invalid params: input must be a non-empty array of strings")
        data = [
            {
                "object": "embedding",
                "embedding": hash_embedding(text, self.embedding_dims, normalize=False),
                "index": index,
                "usage": {"prompt_tokens": count_tokens(text)},
            }
            for index, text in enumerate(texts)
        ]
        payload = {"object": "list", "data": data, "model": model}
        return json_response(payload, headers=_x_headers(recorded), media_type=_JSON)

    async def list_models(self, request: Request) -> Response:
        recorded, early = await self._begin(request, "models")
        if isinstance(early, Response):
            return early
        if isinstance(scripted := self.script.next("models", None), RawReply):
            return _raw(scripted)
        data = [self._model(m) for m in (*self.chat_models, *self.embedding_models)]
        return json_response({"object": "list", "data": data}, headers=_x_headers(recorded), media_type=_JSON)

    async def get_model(self, request: Request) -> Response:
        recorded, early = await self._begin(request, "models")
        if isinstance(early, Response):
            return early
        model_id = request.path_params["model_id"]
        if model_id not in (*self.chat_models, *self.embedding_models):
            return _error(404, "No such model")
        return json_response(self._model(model_id), headers=_x_headers(recorded), media_type=_JSON)

    async def tokens_count(self, request: Request) -> Response:
        recorded, early = await self._begin(request, "tokens_count")
        if isinstance(early, Response):
            return early
        body = recorded.json
        texts = body.get("input") if isinstance(body, dict) else None
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            return _error(422, "Invalid params: input must be an array of strings")
        counts = [{"object": "tokens", "tokens": count_tokens(t), "characters": len(t)} for t in texts]
        return json_response(counts, headers=_x_headers(recorded), media_type=_JSON)

    def _model(self, model_id: str) -> dict[str, Any]:
        kind = "embedder" if model_id in self.embedding_models else "chat"
        return {"id": model_id, "object": "model", "owned_by": "salutedevices", "type": kind}


# --- replies ------------------------------------------------------------------------------------------


def _default_reply(body: Mapping[str, Any]) -> Reply:
    forced = body.get("function_call")
    if isinstance(forced, dict):
        spec = next(f for f in body.get("functions") or [] if isinstance(f, dict) and f.get("name") == forced["name"])
        arguments = minimal_instance(spec.get("parameters") or {"type": "object"})
        arguments = {**(arguments if isinstance(arguments, dict) else {}), **(forced.get("partial_arguments") or {})}
        return ToolCallsReply((ToolCall(forced["name"], arguments),))
    response_format = body.get("response_format")
    if isinstance(response_format, dict) and response_format.get("type") == "json_schema":
        value = minimal_instance(response_format.get("schema") or {"type": "object"})
        return TextReply(json.dumps(value, ensure_ascii=False))
    return TextReply(f"Ответ: {last_user_text(body.get('messages'))}")


def _assistant_message(reply: TextReply | ToolCallsReply) -> tuple[dict[str, Any], str, Any]:
    """``(message, finish_reason, what the completion tokens are counted from)``."""
    if isinstance(reply, TextReply):
        return {"content": reply.text, "role": "assistant"}, reply.finish_reason, reply.text
    call = reply.calls[0]
    message = {
        "content": "",
        "role": "assistant",
        "function_call": {"name": call.name, "arguments": dict(call.arguments)},
        "functions_state_id": str(uuid.uuid4()),
    }
    return message, "function_call", message["function_call"]


def _usage(body: Mapping[str, Any], completion: Any) -> dict[str, int]:
    prompt = sum(count_tokens(m.get("content") or "") + 3 for m in body["messages"])
    if body.get("functions"):
        prompt += count_tokens(body["functions"])
    completion_tokens = count_tokens(completion)
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt + completion_tokens,
        "precached_prompt_tokens": 0,
    }


def _stream_events(
    message: Mapping[str, Any], finish_reason: str, usage: Mapping[str, int], model: str, created: int
) -> list[dict[str, Any]]:
    """Chunks as the real service sends them: role in the first delta, usage in the last."""

    def chunk(delta: dict[str, Any], **extra: Any) -> dict[str, Any]:
        choice = {"delta": delta, "index": 0, **extra}
        return {"choices": [choice], "created": created, "model": model, "object": "chat.completion"}

    if "function_call" in message:
        delta = {"content": "", "role": "assistant", "function_call": message["function_call"]}
        delta["functions_state_id"] = message["functions_state_id"]
        return [{**chunk(delta, finish_reason=finish_reason), "usage": dict(usage)}]
    pieces = _pieces(message["content"])
    events = [chunk({"content": pieces[0], "role": "assistant"})]
    events += [chunk({"content": piece}) for piece in pieces[1:]]
    events.append({**chunk({"content": ""}, finish_reason=finish_reason), "usage": dict(usage)})
    return events


def _truncated(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The stream as cut by a dropped connection: the first delta only, never the finishing chunk."""
    first = events[0]
    if "finish_reason" not in first["choices"][0]:
        return [first]
    choice = {"delta": {"content": "", "role": "assistant"}, "index": 0}
    return [{**{k: v for k, v in first.items() if k != "usage"}, "choices": [choice]}]


def _pieces(text: str, words_per_piece: int = 3) -> list[str]:
    words = re.findall(r"\S+\s*|\s+", text)
    pieces = ["".join(words[i : i + words_per_piece]) for i in range(0, len(words), words_per_piece)]
    return pieces or [""]


def _raw(reply: RawReply) -> Response:
    if isinstance(reply.body, str | bytes):
        return Response(reply.body, reply.status, headers=dict(reply.headers), media_type=reply.media_type)
    return json_response(reply.body, reply.status, reply.headers, media_type=reply.media_type)


def _x_headers(recorded: RecordedRequest) -> dict[str, str]:
    return {
        "X-Request-ID": recorded.headers.get("x-request-id") or str(uuid.uuid4()),
        "X-Session-ID": recorded.headers.get("x-session-id") or str(uuid.uuid4()),
    }


def _is_base64(value: str) -> bool:
    try:
        base64.b64decode(value, validate=True)
    except (ValueError, binascii.Error):
        return False
    return bool(value)


def _is_json(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        json.loads(value)
    except ValueError:
        return False
    return True


# --- app ----------------------------------------------------------------------------------------------


def create_fake_gigachat(script: FakeScript | None = None, faults: FaultPlan | None = None, **options: Any) -> FastAPI:
    """A FastAPI app speaking GigaChat's wire format; its state is ``app.state.fake`` (:class:`GigaChatFake`).

    ``options`` are :class:`GigaChatFake`'s keyword arguments: ``credentials``, ``token_ttl_s`` (lifetime of issued
    tokens; the SDK refreshes when less than 60 s remain), ``scopes`` (the scopes the credentials belong to, default
    all three), ``chat_models``, ``embedding_models``, ``embedding_dims``, ``model_version``.
    """
    fake = GigaChatFake(script, faults, **options)
    app = FastAPI(title="Fake GigaChat", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.fake = fake
    app.add_api_route("/api/v2/oauth", fake.oauth, methods=["POST"])
    app.add_api_route("/api/v1/chat/completions", fake.chat, methods=["POST"])
    app.add_api_route("/api/v1/embeddings", fake.embeddings, methods=["POST"])
    app.add_api_route("/api/v1/models", fake.list_models, methods=["GET"])
    app.add_api_route("/api/v1/models/{model_id}", fake.get_model, methods=["GET"])
    app.add_api_route("/api/v1/tokens/count", fake.tokens_count, methods=["POST"])

    async def not_found(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, StarletteHTTPException) else 500
        return _error(status, "Not Found" if status == 404 else None)

    app.add_exception_handler(StarletteHTTPException, not_found)
    return app


@dataclass(frozen=True)
class FakeGigaChatServer:
    """A running fake: where to point a client, and its state."""

    url: str
    fake: GigaChatFake

    @property
    def base_url(self) -> str:
        """``base_url`` for the SDK / project client (``<url>/api/v1``)."""
        return self.url + "/api/v1"

    @property
    def auth_url(self) -> str:
        """``auth_url`` for the SDK / project client (``<url>/api/v2/oauth``)."""
        return self.url + "/api/v2/oauth"

    @property
    def credentials(self) -> str:
        return self.fake.credentials


@contextlib.contextmanager
def serve_fake_gigachat(
    script: FakeScript | None = None, faults: FaultPlan | None = None, **options: Any
) -> Iterator[FakeGigaChatServer]:
    """Run :func:`create_fake_gigachat` (``options`` are its keyword arguments) on a free loopback port."""
    app = create_fake_gigachat(script, faults, **options)
    with BackgroundServer(app) as server:
        yield FakeGigaChatServer(server.url, app.state.fake)
