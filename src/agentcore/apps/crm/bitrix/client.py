"""The Bitrix24 REST client behind ``call_bitrix(method, params)``.

* POST with a JSON body by default; ``http_method="GET"`` sends the params as a PHP-style query string.
* Every request has a timeout (``BITRIX_TIMEOUT``, 30 s).
* ``QUERY_LIMIT_EXCEEDED`` (the portal's leaky bucket is full) and connection failures before anything was sent are
  retried with exponential backoff and jitter (tenacity), bounded by ``BITRIX_MAX_RETRIES`` attempts and
  ``BITRIX_RETRY_MAX_TIME`` seconds.  Nothing else is retried: a write that may have reached the portal must not
  run twice.
* ``expired_token`` (OAuth) refreshes the token once and repeats the call.
* Errors raise :class:`BitrixError` with the portal's ``error`` / ``error_description``; the webhook token and
  OAuth tokens never appear in messages or logs.
"""

from __future__ import annotations

import time
from typing import Any

import httpx

from agentcore.apps.crm.bitrix.auth import BitrixAuth
from agentcore.apps.crm.bitrix.errors import EXPIRED_TOKEN, QUERY_LIMIT_EXCEEDED, BitrixError, BitrixTransportError
from agentcore.apps.crm.phpquery import build_query
from agentcore.trace.logs import redact_loggers, step_logger
from agentcore.util.retry import retry_async

__all__ = ["BitrixClient"]

log = step_logger("bitrix", "agentcore.crm.bitrix")
_TOKEN_ERRORS = frozenset({EXPIRED_TOKEN, "invalid_token"})


def _retryable(error: BaseException) -> bool:
    if isinstance(error, BitrixError) and not isinstance(error, BitrixTransportError):
        return error.code == QUERY_LIMIT_EXCEEDED
    return isinstance(error, _NotSent)


class _NotSent(BitrixTransportError):
    """The connection failed before the request left (safe to retry, even for writes)."""


class BitrixClient:
    """Calls REST methods of one portal.

    Args:
        auth: :class:`~.auth.WebhookAuth` or :class:`~.auth.OAuthAuth`.
        timeout: seconds per HTTP request.
        max_retries / retry_max_time: the bound on ``QUERY_LIMIT_EXCEEDED`` retries.
        backoff_initial / backoff_max: exponential backoff with full jitter, seconds.
        client: an httpx client to use (the caller closes it); by default the client owns one.
    """

    def __init__(
        self,
        auth: BitrixAuth,
        *,
        timeout: float = 30.0,
        max_retries: int = 5,
        retry_max_time: float = 30.0,
        backoff_initial: float = 0.5,
        backoff_max: float = 8.0,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        self.auth = auth
        self.timeout = timeout
        self.max_retries = max_retries
        self.retry_max_time = retry_max_time
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self._client = client
        self._own_client = client is None
        redact_loggers("httpx", "httpcore")  # httpx logs request URLs, which carry the webhook or OAuth token

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(
                timeout=httpx.Timeout(self.timeout),
                headers={"Accept": "application/json", "User-Agent": "agentcore-crm"},
                follow_redirects=False,
            )
        return self._client

    def describe(self) -> str:
        """Where the calls go, without any token."""
        return self.auth.describe()

    async def call(self, method: str, params: dict[str, Any] | None = None, http_method: str | None = None) -> Any:
        """Call ``method`` and return the whole success envelope (``result``, and ``total``/``next``/``time``).

        Raises:
            BitrixError: the portal's error (after retries / a token refresh where they apply).
            BitrixTransportError: no usable answer (timeout, connection refused, not JSON).
        """
        method = method.strip().lower()
        params = dict(params or {})
        verb = (http_method or "POST").strip().upper()
        result = await retry_async(
            lambda: self._call_refreshing(method, params, verb),
            retryable=_retryable,
            max_retries=self.max_retries,
            max_time=self.retry_max_time,
            backoff_initial=self.backoff_initial,
            backoff_max=self.backoff_max,
            logger=log,
            what=f"call_bitrix // {method}",
        )
        return result

    async def _call_refreshing(self, method: str, params: dict[str, Any], verb: str) -> Any:
        generation = self.auth.generation
        try:
            return await self._send(method, params, verb)
        except BitrixError as exc:
            if exc.code not in _TOKEN_ERRORS:
                raise
            log.info("call_bitrix // Token expired for %s, refreshing", method)
            if not await self.auth.refresh(self.client, generation):
                raise
        return await self._send(method, params, verb)

    async def _send(self, method: str, params: dict[str, Any], verb: str) -> Any:
        await self.auth.prepare()
        url = self.auth.url(method)
        auth = self.auth.auth_params()
        started = time.perf_counter()
        try:
            if verb == "GET":
                query = build_query({**params, **auth})
                response = await self.client.get(f"{url}?{query}" if query else url)
            else:
                response = await self.client.post(url, params=auth or None, json=params)
        except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
            raise _NotSent(f"портал недоступен ({type(exc).__name__})", method=method) from None
        except httpx.TimeoutException:
            raise BitrixTransportError(f"портал не ответил за {self.timeout:g} с", method=method) from None
        except httpx.HTTPError as exc:
            raise BitrixTransportError(f"ошибка соединения с порталом ({type(exc).__name__})", method=method) from None
        elapsed = (time.perf_counter() - started) * 1000
        try:
            body = response.json()
        except ValueError:
            raise BitrixTransportError(
                f"ответ портала не JSON (HTTP {response.status_code})", method=method, status=response.status_code
            ) from None
        if isinstance(body, dict) and "error" in body and "result" not in body:
            log.debug("call_bitrix // Error %s in %.0f ms: %s", method, elapsed, body.get("error"))
            raise BitrixError(
                str(body.get("error") or ""),
                str(body.get("error_description") or ""),
                status=response.status_code,
                method=method,
            )
        if response.status_code >= 400 or not isinstance(body, dict) or "result" not in body:
            raise BitrixTransportError(
                f"неожиданный ответ портала (HTTP {response.status_code})", method=method, status=response.status_code
            )
        log.debug("call_bitrix // OK %s in %.0f ms", method, elapsed)
        return body

    async def aclose(self) -> None:
        """Close the HTTP connections the client owns."""
        if self._client is not None and self._own_client:
            await self._client.aclose()
        self._client = None
