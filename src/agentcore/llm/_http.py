"""HTTP plumbing shared by the network providers: one place that maps httpx outcomes to typed LLM errors.

Upstream text that goes into an error (an error body, an HTML title, a body snippet, a transport failure naming the
URL) passes :func:`agentcore.util.redact.redact` first: some providers echo the ``Authorization`` header of a
refused request, and that must not reach a log, a terminal or a client.
"""

from __future__ import annotations

import json
import os
import re
import socket
import ssl
from collections.abc import Iterator
from contextlib import contextmanager
from email.utils import parsedate_to_datetime
from typing import Any

import httpx

from agentcore.llm.errors import (
    LLMAuthError,
    LLMHTTPError,
    LLMRateLimitError,
    LLMResponseError,
    LLMTimeoutError,
    LLMTransportError,
)
from agentcore.util.redact import redact

_TITLE = re.compile(r"<title>(.*?)</title>", re.IGNORECASE | re.DOTALL)


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        from datetime import UTC, datetime

        return max(0.0, (parsedate_to_datetime(value) - datetime.now(UTC)).total_seconds())
    except (TypeError, ValueError):
        return None


def _error_message(response: httpx.Response) -> str:
    """The human part of an error body: GigaChat ``message``, OpenAI ``error.message``, an HTML title, or text.

    Not cut here: the caller redacts first, then cuts (a secret split by a cut would escape the redactor).
    """
    text = response.text
    try:
        body = response.json()
    except ValueError:
        title = _TITLE.search(text)
        if title:
            return title.group(1).strip()
        return text.strip() or response.reason_phrase
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict) and error.get("message"):
            return str(error["message"])
        for key in ("message", "error_description", "error", "detail"):
            if body.get(key):
                return str(body[key])
    return text.strip() or response.reason_phrase


_PROXY_VARIABLES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")


def make_async_client(
    timeout: float, verify: ssl.SSLContext | bool = True, max_connections: int = 100
) -> httpx.AsyncClient:
    """The HTTP client of the network providers: httpx's API over aiohttp's connection pool.

    httpx 0.28's own pool collapses above ~35 concurrent connections (measured 131 req/s at concurrency 50 against
    a 50 ms server); the aiohttp transport keeps the httpx API and reaches ~880 req/s (docs/decisions.md).
    ``HTTP(S)_PROXY`` / ``NO_PROXY`` are honoured (``trust_env``), as plain httpx does.
    """
    import aiohttp
    from httpx_aiohttp import AiohttpTransport

    ssl_context = httpx.create_ssl_context(verify=verify, trust_env=True)

    # aiohttp's trust_env re-reads the environment (and ~/.netrc) on every request: measured −15 % throughput.
    # Turn it on only when a proxy is configured at all.
    proxied = any(os.environ.get(name) for name in _PROXY_VARIABLES)

    def session() -> aiohttp.ClientSession:
        connector = aiohttp.TCPConnector(limit=max_connections, ssl=ssl_context)
        return aiohttp.ClientSession(connector=connector, trust_env=proxied)

    limits = httpx.Limits(max_connections=max_connections, max_keepalive_connections=max_connections)
    transport = AiohttpTransport(verify=verify, limits=limits, trust_env=True, client=session)
    return httpx.AsyncClient(timeout=timeout, transport=transport)


def raise_for_status(response: httpx.Response) -> None:
    """Raise the typed error for a non-2xx response (401/403 auth, 429 rate limit, others generic)."""
    if response.is_success:
        return
    status = response.status_code
    # Redacted before being cut, so a secret that straddles the cut is still masked.
    message = redact(_error_message(response)[:65536])[:500]
    body = redact(response.text[:65536])[:500]
    if status in (401, 403):
        raise LLMAuthError(status, message, body)
    if status == 429:
        raise LLMRateLimitError(status, message, body, retry_after=_retry_after(response))
    raise LLMHTTPError(status, message, body, retry_after=_retry_after(response))


def parse_json(response: httpx.Response) -> dict[str, Any]:
    """The JSON object of a successful response.

    Raises:
        LLMResponseError: the body is not a JSON object (HTML page, truncated body).
    """
    try:
        body = response.json()
    except (ValueError, json.JSONDecodeError) as exc:
        snippet = redact(response.text[:65536])[:120].replace("\n", " ")
        raise LLMResponseError(f"response is not valid JSON ({exc}); body starts with {snippet!r}") from exc
    if not isinstance(body, dict):
        raise LLMResponseError(f"expected a JSON object, got {type(body).__name__}")
    return body


def _transport_error(method: str, url: str, exc: httpx.HTTPError) -> LLMTransportError:
    """A typed error naming the real cause.

    The aiohttp transport maps every connection failure (refused, TLS certificate) to ``httpx.ConnectTimeout``;
    the original aiohttp exception, kept as ``__cause__``, tells a real timeout from the rest.
    """
    cause = exc.__cause__ if isinstance(exc.__cause__, Exception) else exc
    timed_out = isinstance(cause, TimeoutError) or "Timeout" in type(cause).__name__
    if isinstance(exc, httpx.TimeoutException) and timed_out:
        return LLMTimeoutError(redact(f"{method} {url} timed out"))
    # A rejected certificate or an unknown host will not change on retry.
    permanent = isinstance(_root(cause), ssl.SSLError | socket.gaierror) or "Certificate" in type(cause).__name__
    text = redact(f"{method} {url} failed: {type(cause).__name__}: {cause}")
    return LLMTransportError(text, retryable=not permanent)


def _root(error: BaseException) -> BaseException:
    """The innermost cause of an exception chain (aiohttp wraps ``ssl``/``socket`` errors)."""
    seen = 0
    while seen < 10:
        inner = error.__cause__ or getattr(error, "os_error", None)
        if not isinstance(inner, BaseException) or inner is error:
            return error
        error, seen = inner, seen + 1
    return error


def _request_kwargs(json_body: Any, data: Any, headers: dict[str, str] | None, timeout: float | None) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"headers": headers, "json": json_body, "data": data}
    if timeout is not None:
        kwargs["timeout"] = timeout
    return kwargs


@contextmanager
def _mapped_transport_errors(method: str, url: str) -> Iterator[None]:
    """An httpx failure inside the block becomes the typed :class:`LLMTransportError` (:func:`_transport_error`)."""
    try:
        yield
    except httpx.HTTPError as exc:
        raise _transport_error(method, url, exc) from exc


def _json_of(response: httpx.Response) -> dict[str, Any]:
    """The JSON object of a response, or the typed error for its status or body."""
    raise_for_status(response)
    return parse_json(response)


async def send_json(
    client: httpx.AsyncClient,
    method: str,
    url: str,
    *,
    json_body: Any = None,
    data: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float | None = None,
) -> dict[str, Any]:
    """Send one request and return the JSON object of a successful response.

    Raises:
        LLMTimeoutError, LLMTransportError, LLMHTTPError (and subclasses), LLMResponseError.
    """
    with _mapped_transport_errors(method, url):
        response = await client.request(method, url, **_request_kwargs(json_body, data, headers, timeout))
    return _json_of(response)


def send_json_sync(
    client: httpx.Client,
    method: str,
    url: str,
    *,
    json_body: Any = None,
    data: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float | None = None,
) -> dict[str, Any]:
    """:func:`send_json` over a blocking ``httpx.Client`` (a client the caller owns), same errors."""
    with _mapped_transport_errors(method, url):
        response = client.request(method, url, **_request_kwargs(json_body, data, headers, timeout))
    return _json_of(response)


def require(body: dict[str, Any], key: str, what: str) -> Any:
    """``body[key]`` or a clear :class:`LLMResponseError` naming what was expected."""
    if key not in body:
        raise LLMResponseError(f"{what}: field {key!r} is missing in the response")
    return body[key]
