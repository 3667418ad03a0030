"""A local fake of the OpenAI Chat Completions / Embeddings / Models API, faithful to openai-python's types.

Paths live under ``/v1``, so ``base_url=<server>/v1``::

    with serve_fake_openai(FakeScript().tool_call("get_weather", {"city": "Москва"})) as server:
        client = OpenAI(base_url=server.base_url, api_key=server.api_key, max_retries=0)
        client.chat.completions.create(model="gpt-4o-mini", messages=[...], tools=[...])
        fake = server.fake                                     # = app.state.fake of create_fake_openai()
        fake.requests.count("chat"), fake.requests.last("chat").json

Endpoints (names for :class:`~agentcore.testing.script.FakeScript` / :class:`~agentcore.testing.faults.FaultPlan`):

- every call needs ``Authorization: Bearer <api_key>`` — else 401 with the OpenAI envelope
  ``{"error": {"message", "type", "param", "code"}}`` (``invalid_api_key`` for a wrong key).
- ``chat`` — ``POST /v1/chat/completions``: ``id: "chatcmpl-..."``, ``object``, ``created``, ``model``,
  ``choices[].message`` with ``content``/``refusal: null``/``annotations``, ``tool_calls`` (``arguments`` a JSON
  STRING, ``content: null``, ``finish_reason: "tool_calls"``, several per message), ``usage`` with details.
  Validates like OpenAI (400 ``invalid_request_error``): ``model``/``messages`` present, roles, every ``tool``
  message answers a ``tool_call_id`` of the assistant message right before it and every such id is answered,
  ``tool_choice`` only with ``tools`` and naming a declared tool, ``json_schema.name`` pattern, strict schemas
  (``additionalProperties: false`` and all properties ``required``), the word "json" for ``json_object``.
  ``tool_choice`` forced/``"required"`` and ``response_format`` ``json_schema``/``json_object`` are honoured
  by the default answer. ``stream: true`` → ``chat.completion.chunk`` SSE with tool-call deltas carrying
  ``index``, a usage chunk when ``stream_options.include_usage``, then ``data: [DONE]`` (choice 0 only).
- ``embeddings`` — ``POST /v1/embeddings``: ``input`` string/list (token arrays too), ``dimensions``,
  ``encoding_format`` ``float``/``base64`` (the SDK asks for base64 by default), top-level ``usage``.
- ``models`` — ``GET /v1/models`` (chat + embedding ids), ``GET /v1/models/{id}``.

Unknown model names are accepted (OpenAI-compatible servers vary) unless ``strict_models=True`` (→ 404
``model_not_found``).
"""

from __future__ import annotations

import base64
import contextlib
import json
import random
import re
import secrets
import string
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from fastapi import FastAPI
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import Response

from agentcore.serving import BackgroundServer
from agentcore.testing.faults import Fault, FaultPlan, admit, json_response, sse_response
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

__all__ = ["FakeOpenAIServer", "OpenAIFake", "create_fake_openai", "serve_fake_openai"]

_ROLES = ("system", "assistant", "user", "function", "tool", "developer")
_SCHEMA_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")
_ALPHABET = string.ascii_letters + string.digits
_KEY_HELP = "You can find your API key at https://platform.openai.com/account/api-keys."


def _error(status: int, message: str, type_: str, param: str | None = None, code: Any = None) -> Response:
    body = {"error": {"message": message, "type": type_, "param": param, "code": code}}
    return json_response(body, status, headers={"x-request-id": _id("req_", 32)})


def _invalid(message: str, param: str | None = None, code: str | None = None) -> Response:
    return _error(400, message, "invalid_request_error", param, code)


def _status_error(status: int) -> Response:
    """The body OpenAI sends for ``status`` when nothing more specific applies."""
    if status == 401:
        return _error(
            401, f"Incorrect API key provided: sk-***. {_KEY_HELP}", "invalid_request_error", None, "invalid_api_key"
        )
    if status == 403:
        return _error(
            403,
            "Country, region, or territory not supported",
            "request_forbidden",
            None,
            "unsupported_country_region_territory",
        )
    if status == 404:
        return _error(
            404,
            "The model `unknown` does not exist or you do not have access to it.",
            "invalid_request_error",
            None,
            "model_not_found",
        )
    if status == 429:
        message = (
            "Rate limit reached for gpt-4o-mini in organization org-fake on requests per min (RPM): Limit 3, "
            "Used 3, Requested 1. Please try again in 20s. Visit https://platform.openai.com/account/rate-limits "
            "to learn more."
        )
        return _error(429, message, "requests", None, "rate_limit_exceeded")
    if status == 500:
        return _error(500, "The server had an error while processing your request. Sorry about that!", "server_error")
    if status == 502:
        return _error(502, "Bad gateway.", "cf_bad_gateway", None, 502)
    if status == 503:
        return _error(503, "The server is overloaded or not ready yet.", "server_error")
    if status == 504:
        return _error(504, "Gateway timeout.", "cf_gateway_timeout", None, 504)
    return _error(status, "Bad request", "invalid_request_error")


_RANDOM = random.Random()  # ids need to be unique, not secret


def _id(prefix: str, length: int = 29) -> str:
    return prefix + "".join(_RANDOM.choices(_ALPHABET, k=length))


def _mask(key: str) -> str:
    return key if len(key) <= 8 else key[:8] + "*" * max(len(key) - 12, 0) + key[-4:]


class OpenAIFake:
    """State of one fake OpenAI server: ``app.state.fake`` (``script``, ``faults``, ``requests``)."""

    def __init__(
        self,
        script: FakeScript | None = None,
        faults: FaultPlan | None = None,
        *,
        api_key: str = "sk-test",
        chat_models: Sequence[str] = ("gpt-4o-mini",),
        embedding_models: Sequence[str] = ("text-embedding-3-small",),
        embedding_dims: int = 256,
        strict_models: bool = False,
    ) -> None:
        self.script = script if script is not None else FakeScript()
        self.faults = faults if faults is not None else FaultPlan()
        self.requests = RequestLog()
        self.api_key = api_key
        self.chat_models = tuple(chat_models)
        self.embedding_models = tuple(embedding_models)
        self.embedding_dims = embedding_dims
        self.strict_models = strict_models
        self.system_fingerprint = "fp_" + secrets.token_hex(5)

    def reset(self) -> None:
        """Back to a fresh server: no script, faults or recorded requests."""
        self.script.clear()
        self.faults.clear()
        self.requests.clear()

    def _check_key(self, recorded: RecordedRequest) -> Response | None:
        scheme, _, key = recorded.headers.get("authorization", "").partition(" ")
        key = key.strip()
        if scheme.lower() != "bearer" or not key:
            message = (
                "You didn't provide an API key. You need to provide your API key in an Authorization header "
                "using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank "
                "username) if you're accessing the API from your browser and are prompted for a username. You "
                "can obtain an API key from https://platform.openai.com/account/api-keys."
            )
            return _error(401, message, "invalid_request_error")
        if key != self.api_key:
            message = f"Incorrect API key provided: {_mask(key)}. {_KEY_HELP}"
            return _error(401, message, "invalid_request_error", None, "invalid_api_key")
        return None

    def _unknown_model(self, model: str, known: Sequence[str]) -> Response | None:
        if not self.strict_models or model in known:
            return None
        message = f"The model `{model}` does not exist or you do not have access to it."
        return _error(404, message, "invalid_request_error", None, "model_not_found")

    async def _begin(self, request: Request, endpoint: str) -> tuple[RecordedRequest, Response | Fault | None]:
        """:func:`admit` with OpenAI's errors and API key."""
        return await admit(self.requests, self.faults, request, endpoint, _status_error, self._check_key)

    # --- handlers -----------------------------------------------------------------------------------

    async def chat(self, request: Request) -> Response:
        recorded, early = await self._begin(request, "chat")
        if isinstance(early, Response):
            return early
        body = recorded.json
        if not isinstance(body, dict):
            return _invalid(
                "We could not parse the JSON body of your request. (HINT: This likely means you aren't using "
                "your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not "
                "valid JSON. If you have trouble figuring out how to fix this, please contact us through our "
                "help center at help.openai.com.)"
            )
        if (invalid := _validate_chat(body)) is not None:
            return invalid
        if (missing := self._unknown_model(body["model"], self.chat_models)) is not None:
            return missing
        reply = self.script.next("chat", body) or _default_reply(body)
        if isinstance(reply, RawReply):
            return _raw(reply)
        message, finish_reason = _assistant_message(reply)
        created = int(time.time())
        completion_id = _id("chatcmpl-")
        prompt = sum(count_tokens(m.get("content") or "") + 3 for m in body["messages"])
        if body.get("tools"):
            prompt += count_tokens(body["tools"])
        completion = count_tokens(message.get("content") or message.get("tool_calls") or "")
        usage = _usage(prompt, completion)
        headers = {"x-request-id": _id("req_", 32), "openai-version": "2020-10-01"}
        if body.get("stream") is True:
            include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
            events = self._stream_events(message, finish_reason, body["model"], created, completion_id)
            if include_usage:
                events = [{**e, "usage": None} for e in events]
                events.append(self._chunk(body["model"], created, completion_id, None, usage=usage))
            truncated = isinstance(early, Fault)
            return sse_response(
                events[:2] if truncated else events,
                done=not truncated,
                chunk_delay_s=self.faults.stream_chunk_delay_s,
                headers=headers,
            )
        n_value = body.get("n")
        n = n_value if isinstance(n_value, int) and n_value > 0 else 1
        choices = [{"index": i, "message": message, "logprobs": None, "finish_reason": finish_reason} for i in range(n)]
        payload = {
            "id": completion_id,
            "object": "chat.completion",
            "created": created,
            "model": body["model"],
            "choices": choices,
            "usage": usage,
            "service_tier": "default",
            "system_fingerprint": self.system_fingerprint,
        }
        return json_response(payload, headers=headers)

    def _chunk(
        self,
        model: str,
        created: int,
        completion_id: str,
        delta: dict[str, Any] | None,
        finish_reason: str | None = None,
        usage: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        choices = (
            [] if delta is None else [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}]
        )
        chunk: dict[str, Any] = {
            "id": completion_id,
            "object": "chat.completion.chunk",
            "created": created,
            "model": model,
            "service_tier": "default",
            "system_fingerprint": self.system_fingerprint,
            "choices": choices,
        }
        if usage is not None:
            chunk["usage"] = usage
        return chunk

    def _stream_events(
        self, message: Mapping[str, Any], finish_reason: str, model: str, created: int, completion_id: str
    ) -> list[dict[str, Any]]:
        def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            return self._chunk(model, created, completion_id, delta, finish)

        tool_calls = message.get("tool_calls")
        events = [chunk({"role": "assistant", "content": None if tool_calls else "", "refusal": None})]
        if tool_calls:
            for index, call in enumerate(tool_calls):
                head = {"index": index, "id": call["id"], "type": "function"}
                head["function"] = {"name": call["function"]["name"], "arguments": ""}
                events.append(chunk({"tool_calls": [head]}))
                arguments = call["function"]["arguments"]
                step = max(1, -(-len(arguments) // 3))
                for start in range(0, len(arguments), step):
                    fragment = {"index": index, "function": {"arguments": arguments[start : start + step]}}
                    events.append(chunk({"tool_calls": [fragment]}))
        else:
            events += [chunk({"content": piece}) for piece in _pieces(message.get("content") or "")]
        events.append(chunk({}, finish_reason))
        return events

    async def embeddings(self, request: Request) -> Response:
        recorded, early = await self._begin(request, "embeddings")
        if isinstance(early, Response):
            return early
        body = recorded.json
        if not isinstance(body, dict):
            return _invalid("We could not parse the JSON body of your request.")
        scripted = self.script.next("embeddings", body)
        if isinstance(scripted, RawReply):
            return _raw(scripted)
        model = body.get("model")
        if not isinstance(model, str) or not model:
            return _invalid("you must provide a model parameter")
        if (missing := self._unknown_model(model, self.embedding_models)) is not None:
            return missing
        texts = _embedding_inputs(body.get("input"))
        if texts is None:
            return _invalid(
                "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference."
            )
        dims = body.get("dimensions")
        dims = dims if isinstance(dims, int) and dims > 0 else self.embedding_dims
        as_base64 = body.get("encoding_format") == "base64"
        data = []
        for index, text in enumerate(texts):
            vector = hash_embedding(text, dims, normalize=True)
            embedding: Any = vector
            if as_base64:
                embedding = base64.b64encode(np.asarray(vector, dtype="<f4").tobytes()).decode("ascii")
            data.append({"object": "embedding", "index": index, "embedding": embedding})
        tokens = sum(count_tokens(t) for t in texts)
        payload = {
            "object": "list",
            "data": data,
            "model": model,
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }
        return json_response(payload, headers={"x-request-id": _id("req_", 32)})

    async def list_models(self, request: Request) -> Response:
        _, early = await self._begin(request, "models")
        if isinstance(early, Response):
            return early
        if isinstance(scripted := self.script.next("models", None), RawReply):
            return _raw(scripted)
        data = [_model(m) for m in (*self.chat_models, *self.embedding_models)]
        return json_response({"object": "list", "data": data})

    async def get_model(self, request: Request) -> Response:
        _, early = await self._begin(request, "models")
        if isinstance(early, Response):
            return early
        model_id = request.path_params["model_id"]
        if model_id not in (*self.chat_models, *self.embedding_models):
            message = f"The model '{model_id}' does not exist"
            return _error(404, message, "invalid_request_error", "model", "model_not_found")
        return json_response(_model(model_id))


# --- validation ---------------------------------------------------------------------------------------


def _validate_chat(body: Mapping[str, Any]) -> Response | None:
    if not isinstance(body.get("model"), str) or not body["model"]:
        return _invalid("you must provide a model parameter")
    messages = body.get("messages")
    if messages is None:
        return _invalid("Missing required parameter: 'messages'.", "messages", "missing_required_parameter")
    if not isinstance(messages, list) or not messages:
        return _invalid(
            "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
            "messages",
            "empty_array",
        )
    for index, message in enumerate(messages):
        role = message.get("role") if isinstance(message, dict) else None
        if role not in _ROLES:
            return _invalid(
                f"Invalid value: '{role}'. Supported values are: 'system', 'assistant', 'user', 'function', "
                "'tool', and 'developer'.",
                f"messages[{index}].role",
                "invalid_value",
            )
    if (invalid := _validate_tool_messages(messages)) is not None:
        return invalid
    if (invalid := _validate_tools(body)) is not None:
        return invalid
    return _validate_response_format(body)


def _validate_tool_messages(messages: list[dict[str, Any]]) -> Response | None:
    """Every ``tool`` message answers a call of the assistant message just before; every call is answered."""
    open_ids: list[str] = []
    open_at = -1
    for index, message in enumerate(messages):
        role = message["role"]
        if role == "tool":
            if open_at < 0:
                return _invalid(
                    "Invalid parameter: messages with role 'tool' must be a response to a preceeding message "
                    "with 'tool_calls'.",
                    f"messages.[{index}].role",
                )
            call_id = message.get("tool_call_id")
            if call_id not in open_ids:
                return _invalid(
                    f"Invalid parameter: 'tool_call_id' of '{call_id}' not found in 'tool_calls' of previous message.",
                    f"messages.[{index}].tool_call_id",
                )
            open_ids.remove(call_id)
            continue
        if open_ids:
            return _unanswered(open_at, open_ids)
        open_at = -1
        if role == "assistant" and message.get("tool_calls"):
            open_ids = [str(call.get("id")) for call in message["tool_calls"] if isinstance(call, dict)]
            open_at = index
    if open_ids:
        return _unanswered(open_at, open_ids)
    return None


def _unanswered(index: int, ids: list[str]) -> Response:
    return _invalid(
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
        f"'tool_call_id'. The following tool_call_ids did not have response messages: {', '.join(ids)}",
        f"messages.[{index}].role",
    )


def _validate_tools(body: Mapping[str, Any]) -> Response | None:
    tools = body.get("tools")
    names: list[str] = []
    for index, tool in enumerate(tools or []):
        function = tool.get("function") if isinstance(tool, dict) else None
        if not isinstance(tool, dict) or tool.get("type") != "function" or not isinstance(function, dict):
            return _invalid(f"Missing required parameter: 'tools[{index}].function'.", f"tools[{index}].function")
        if not isinstance(function.get("name"), str):
            return _invalid(
                f"Missing required parameter: 'tools[{index}].function.name'.",
                f"tools[{index}].function.name",
                "missing_required_parameter",
            )
        names.append(function["name"])
        if function.get("strict") and (error := _strict_error(function.get("parameters") or {}, ())):
            return _invalid(
                f"Invalid schema for function '{function['name']}': {error}", f"tools[{index}].function.parameters"
            )
    choice = body.get("tool_choice")
    if choice is None:
        return None
    if not tools:
        return _invalid(
            "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
            "tool_choice",
        )
    if isinstance(choice, dict):
        name = (choice.get("function") or {}).get("name")
        if name not in names:
            return _invalid(
                f"Invalid value for 'tool_choice': no function named '{name}' was specified in the 'tools' parameter.",
                "tool_choice",
            )
    elif choice not in ("auto", "none", "required"):
        return _invalid(
            f"Invalid value: '{choice}'. Supported values are: 'none', 'auto', and 'required'.",
            "tool_choice",
            "invalid_value",
        )
    return None


def _validate_response_format(body: Mapping[str, Any]) -> Response | None:
    response_format = body.get("response_format")
    if not isinstance(response_format, dict):
        return None
    kind = response_format.get("type")
    if kind == "json_object":
        if "json" not in json.dumps(body["messages"], ensure_ascii=False).lower():
            return _invalid(
                "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
                "messages",
            )
        return None
    if kind != "json_schema":
        return None
    spec = response_format.get("json_schema")
    if not isinstance(spec, dict):
        return _invalid(
            "Missing required parameter: 'response_format.json_schema'.",
            "response_format.json_schema",
            "missing_required_parameter",
        )
    name = spec.get("name")
    if not isinstance(name, str):
        return _invalid(
            "Missing required parameter: 'response_format.json_schema.name'.",
            "response_format.json_schema.name",
            "missing_required_parameter",
        )
    if not _SCHEMA_NAME.fullmatch(name):
        return _invalid(
            "Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that "
            "matches the pattern '^[a-zA-Z0-9_-]+$'.",
            "response_format.json_schema.name",
            "invalid_value",
        )
    if spec.get("strict") and (error := _strict_error(spec.get("schema") or {}, ())):
        return _invalid(f"Invalid schema for response_format '{name}': {error}", "response_format")
    return None


def _strict_error(schema: Any, path: tuple[Any, ...]) -> str | None:
    """OpenAI's strict-mode rule: every object closes ``additionalProperties`` and requires all properties."""
    if not isinstance(schema, dict):
        return None
    if schema.get("type") == "object" or "properties" in schema:
        if schema.get("additionalProperties") is not False:
            return f"In context={path!r}, 'additionalProperties' is required to be supplied and to be false."
        required = schema.get("required") or []
        missing = [key for key in schema.get("properties") or {} if key not in required]
        if missing:
            return (
                f"In context={path!r}, 'required' is required to be supplied and to be an array including every "
                f"key in properties. Missing '{missing[0]}'."
            )
    children: list[tuple[tuple[Any, ...], Any]] = []
    for key, value in (schema.get("properties") or {}).items():
        children.append(((*path, "properties", key), value))
    for group in ("$defs", "definitions"):
        for key, value in (schema.get(group) or {}).items():
            children.append(((*path, group, key), value))
    for group in ("anyOf", "allOf"):
        for index, value in enumerate(schema.get(group) or []):
            children.append(((*path, group, index), value))
    if "items" in schema:
        children.append(((*path, "items"), schema["items"]))
    for child_path, child in children:
        if (error := _strict_error(child, child_path)) is not None:
            return error
    return None


# --- replies ------------------------------------------------------------------------------------------


def _default_reply(body: Mapping[str, Any]) -> Reply:
    tools = [t["function"] for t in body.get("tools") or []]
    choice = body.get("tool_choice")
    forced: dict[str, Any] | None = None
    if isinstance(choice, dict):
        forced = next(t for t in tools if t["name"] == choice["function"]["name"])
    elif choice == "required" and tools:
        forced = tools[0]
    if forced is not None:
        arguments = minimal_instance(forced.get("parameters") or {"type": "object"})
        return ToolCallsReply((ToolCall(forced["name"], arguments if isinstance(arguments, dict) else {}),))
    response_format = body.get("response_format")
    if isinstance(response_format, dict) and response_format.get("type") == "json_schema":
        schema = (response_format.get("json_schema") or {}).get("schema") or {"type": "object"}
        return TextReply(json.dumps(minimal_instance(schema), ensure_ascii=False))
    if isinstance(response_format, dict) and response_format.get("type") == "json_object":
        return TextReply("{}")
    return TextReply(f"Ответ: {last_user_text(body.get('messages'))}")


def _assistant_message(reply: TextReply | ToolCallsReply) -> tuple[dict[str, Any], str]:
    if isinstance(reply, TextReply):
        text: dict[str, Any] = {"role": "assistant", "content": reply.text, "refusal": None, "annotations": []}
        return text, reply.finish_reason
    calls = [
        {
            "id": call.id or _id("call_", 24),
            "type": "function",
            "function": {"name": call.name, "arguments": json.dumps(dict(call.arguments), ensure_ascii=False)},
        }
        for call in reply.calls
    ]
    message = {"role": "assistant", "content": None, "tool_calls": calls, "refusal": None, "annotations": []}
    return message, "tool_calls"


def _usage(prompt: int, completion: int) -> dict[str, Any]:
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
        "completion_tokens_details": {
            "reasoning_tokens": 0,
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
        },
    }


def _pieces(text: str, words_per_piece: int = 2) -> list[str]:
    words = re.findall(r"\S+\s*|\s+", text)
    return ["".join(words[i : i + words_per_piece]) for i in range(0, len(words), words_per_piece)]


def _embedding_inputs(value: Any) -> list[str] | None:
    """Inputs as texts (token arrays become their repr); ``None`` when OpenAI would reject them."""
    if isinstance(value, str):
        return [value] if value else None
    if not isinstance(value, list) or not value:
        return None
    if all(isinstance(v, int) for v in value):
        return [repr(value)]
    texts: list[str] = []
    for item in value:
        if isinstance(item, str) and item:
            texts.append(item)
        elif isinstance(item, list) and item and all(isinstance(v, int) for v in item):
            texts.append(repr(item))
        else:
            return None
    return texts


def _model(model_id: str) -> dict[str, Any]:
    return {"id": model_id, "object": "model", "created": 1715367049, "owned_by": "system"}


def _raw(reply: RawReply) -> Response:
    if isinstance(reply.body, str | bytes):
        return Response(reply.body, reply.status, headers=dict(reply.headers), media_type=reply.media_type)
    return json_response(reply.body, reply.status, reply.headers, media_type=reply.media_type)


# --- app ----------------------------------------------------------------------------------------------


def create_fake_openai(script: FakeScript | None = None, faults: FaultPlan | None = None, **options: Any) -> FastAPI:
    """A FastAPI app speaking OpenAI's wire format; its state is ``app.state.fake`` (:class:`OpenAIFake`).

    ``options`` are :class:`OpenAIFake`'s keyword arguments (``api_key``, ``chat_models``, ``embedding_models``,
    ``embedding_dims``, ``strict_models``).
    """
    fake = OpenAIFake(script, faults, **options)
    app = FastAPI(title="Fake OpenAI", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.fake = fake
    app.add_api_route("/v1/chat/completions", fake.chat, methods=["POST"])
    app.add_api_route("/v1/embeddings", fake.embeddings, methods=["POST"])
    app.add_api_route("/v1/models", fake.list_models, methods=["GET"])
    app.add_api_route("/v1/models/{model_id}", fake.get_model, methods=["GET"])

    async def invalid_url(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, StarletteHTTPException) else 500
        if status in (404, 405):
            return _error(404, f"Invalid URL ({request.method} {request.url.path})", "invalid_request_error")
        return _status_error(status)

    app.add_exception_handler(StarletteHTTPException, invalid_url)
    return app


@dataclass(frozen=True)
class FakeOpenAIServer:
    """A running fake: where to point a client, and its state."""

    url: str
    fake: OpenAIFake

    @property
    def base_url(self) -> str:
        """``base_url`` for ``OpenAI(...)`` (``<url>/v1``)."""
        return self.url + "/v1"

    @property
    def api_key(self) -> str:
        return self.fake.api_key


@contextlib.contextmanager
def serve_fake_openai(
    script: FakeScript | None = None, faults: FaultPlan | None = None, **options: Any
) -> Iterator[FakeOpenAIServer]:
    """Run :func:`create_fake_openai` (``options`` are its keyword arguments) on a free loopback port."""
    app = create_fake_openai(script, faults, **options)
    with BackgroundServer(app) as server:
        yield FakeOpenAIServer(server.url, app.state.fake)
