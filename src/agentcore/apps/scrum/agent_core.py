"""Seed 003 ``agent_core``: the Scrum assistant's LLM contract — one entry point, four modes.

    resp = agent_process(
        mode="DAILY",
        payload={"message": "...", "role": "DEV", "daily_state": {"mode": "INITIAL", "quality_retries": 0}},
        backend_context={},
        client=client, api_url=API_URL, api_key=KEY, model=MODEL,
    )
    resp == {"type": "json", "data": {"daily": {...}, "clarification": {...}}}

The module parses text into structure (DAILY, ANALYTICS intent) and writes text from the backend's data
(analytics report, FAQ answer, digest).  It stores nothing, computes no metrics and calls nothing but the model.

The caller owns the transport: ``client`` is the ``httpx.Client`` every request goes through (its timeouts,
proxies, TLS and retries are the backend's); the module never creates a client, never reads the environment and
keeps no key.  ``api_url`` picks the wire format (:class:`agentcore.llm.ChatEndpoint`):

* an OpenAI-compatible chat-completions URL or base (``https://api.openai.com/v1``, ``http://vllm:8000/v1``);
* a GigaChat endpoint (``https://gigachat.devices.sberbank.ru/api/v1``, or any URL prefixed ``gigachat:``) with
  an access token as ``api_key``;
* ``"offline"`` — no network: the deterministic offline handlers (rules, glossary, templates; not an LLM).

Errors: ``ValueError`` for bad input (unknown mode, wrong payload, bad ``api_url``), :class:`AgentOutputError`
(a ``RuntimeError``) when the model's output stays invalid, :class:`agentcore.llm.errors.LLMError` subclasses for
transport and HTTP failures (``LLMTimeoutError``, ``LLMAuthError``, ``LLMHTTPError`` …).
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from pydantic import BaseModel, ValidationError

import agentcore.apps.scrum.offline  # noqa: F401 - registers the offline handlers of the five steps
from agentcore.apps.scrum.handlers import (
    AgentOutputError,
    Response,
    daily_exchange,
    digest_exchange,
    faq_exchange,
    intent_exchange,
    report_exchange,
)
from agentcore.apps.scrum.schemas import (
    MAX_JSON_CHARS,
    AnalyticsIntentInput,
    AnalyticsReportInput,
    DailyInput,
    DigestInput,
    FaqInput,
)
from agentcore.llm import ChatEndpoint, Exchange, arun_exchange, error_summary, run_exchange
from agentcore.llm.models import LLMRequest, LLMResponse
from agentcore.llm.provider import Capabilities
from agentcore.trace.logs import step_logger

__all__ = ["MODES", "AgentOutputError", "agent_process", "agent_process_async", "build_exchange"]

log = step_logger("scrum", "agentcore.scrum.agent")

MODES = ("DAILY", "ANALYTICS", "FAQ", "DIGEST")


def _validated(mode: str, model: type[BaseModel], payload: dict[str, Any]) -> Any:
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        raise ValueError(f"{mode}: invalid payload: {error_summary(exc)}") from None


def _json_size(value: Any, what: str) -> int:
    try:
        return len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} must be JSON-serialisable: {exc}") from None
    except UnicodeEncodeError:
        raise ValueError(f"{what} contains characters that are not valid Unicode (lone surrogates)") from None


def build_exchange(mode: Any, payload: Any, backend_context: Any, capabilities: Capabilities) -> Exchange[Response]:
    """Validate the call and return the mode's exchange (see :mod:`agentcore.apps.scrum.handlers`).

    ANALYTICS is step 2 (report) when the payload has ``metrics``, else step 1 (intent).

    Raises:
        ValueError: unknown mode, a payload that does not fit the mode's input, a context that is not a JSON object.
    """
    if not isinstance(mode, str) or mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    if not isinstance(payload, dict):
        raise ValueError(f"{mode}: payload must be a dict, got {type(payload).__name__}")
    context = {} if backend_context is None else backend_context
    if not isinstance(context, dict):
        raise ValueError(f"backend_context must be a dict, got {type(context).__name__}")
    for value, what in ((payload, "payload"), (context, "backend_context")):
        if _json_size(value, what) > MAX_JSON_CHARS:
            raise ValueError(f"{what} is larger than {MAX_JSON_CHARS} bytes of JSON")
    if mode == "DAILY":
        return daily_exchange(_validated(mode, DailyInput, payload), context, capabilities)
    if mode == "ANALYTICS":
        if "metrics" in payload:
            return report_exchange(_validated(mode, AnalyticsReportInput, payload), context, capabilities)
        return intent_exchange(_validated(mode, AnalyticsIntentInput, payload), context, capabilities)
    if mode == "FAQ":
        return faq_exchange(_validated(mode, FaqInput, payload), context, capabilities)
    return digest_exchange(_validated(mode, DigestInput, payload), context, capabilities)


def _log_done(mode: str, response: Response, calls: int, started: float) -> None:
    log.info(
        "agent_process // Mode %s: type=%s, %d model call(s), %.2f s",
        mode,
        response["type"],
        calls,
        time.perf_counter() - started,
    )


def agent_process(
    *,
    mode: str,
    payload: dict,
    backend_context: dict,
    client: httpx.Client,
    api_url: str,
    api_key: str,
    model: str,
) -> dict:
    """Run one mode of the Scrum assistant (see the module docstring) and return ``{"type", "data"}``.

    Raises:
        ValueError: bad input (mode, payload, context, ``api_url``, a client that is not an ``httpx.Client``).
        AgentOutputError: the model's DAILY/intent output did not validate (after one re-ask with the error).
        LLMError: the endpoint failed (timeout, connection, HTTP status, malformed response).
    """
    endpoint = ChatEndpoint.parse(api_url, api_key, model)
    if endpoint.dialect != "offline" and not isinstance(client, httpx.Client):
        raise ValueError(f"client must be an httpx.Client, got {type(client).__name__}")
    exchange = build_exchange(mode, payload, backend_context, endpoint.capabilities)
    started, calls = time.perf_counter(), 0

    def send(request: LLMRequest) -> LLMResponse:
        nonlocal calls
        calls += 1
        return endpoint.complete_sync(client, request)

    response = run_exchange(exchange, send)
    _log_done(mode, response, calls, started)
    return response


async def agent_process_async(
    *,
    mode: str,
    payload: dict,
    backend_context: dict,
    client: httpx.AsyncClient,
    api_url: str,
    api_key: str,
    model: str,
) -> dict:
    """:func:`agent_process` for async backends: the same contract over an ``httpx.AsyncClient``."""
    endpoint = ChatEndpoint.parse(api_url, api_key, model)
    if endpoint.dialect != "offline" and not isinstance(client, httpx.AsyncClient):
        raise ValueError(f"client must be an httpx.AsyncClient, got {type(client).__name__}")
    exchange = build_exchange(mode, payload, backend_context, endpoint.capabilities)
    started, calls = time.perf_counter(), 0

    async def send(request: LLMRequest) -> LLMResponse:
        nonlocal calls
        calls += 1
        return await endpoint.complete(client, request)

    response = await arun_exchange(exchange, send)
    _log_done(mode, response, calls, started)
    return response
