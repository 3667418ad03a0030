"""A local Bitrix24 REST server, faithful to the wire format, for demos and tests (``agentcore crm fake-portal``).

Routes:

* ``GET|POST /rest/<user_id>/<code>/<method>[.json]`` — an inbound webhook (wrong code → 401 ``NO_AUTH_FOUND``);
* ``GET|POST /rest/<method>[.json]?auth=<token>`` — an OAuth application (``auth`` in the query or the body;
  an expired token → 401 ``expired_token``, an unknown one → 401 ``invalid_token``);
* ``GET|POST /oauth/token/`` — the OAuth server's ``grant_type=refresh_token`` (refresh tokens work once);
* ``GET /health``.

Params come from the query string (PHP brackets), a form body or a JSON body; method names and top-level param
names are case-insensitive.  Answers: ``{"result", "total"?, "next"?, "time"}`` or ``{"error",
"error_description"}`` with Bitrix24's statuses.  A leaky bucket (50 requests, draining 2/s by default) answers
``503 QUERY_LIMIT_EXCEEDED``; a batch counts as one request.  Each method's execution time per credential over 10
minutes is ``time.operating`` (:mod:`.operating`; over 480 s → ``429 OPERATION_TIME_LIMIT``).  Switches on
:class:`FakePortal` give ``503 OVERLOAD_LIMIT`` (``overloaded``), ``403 ACCESS_DENIED`` (``rest_available``) and
``403 INVALID_CREDENTIALS`` (:meth:`FakePortal.deny`).  ``$result[…]`` references in batch commands are resolved as
written or percent-encoded (what b24pysdk sends).  Data lives in SQLite.
"""

from __future__ import annotations

import collections
import json
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from agentcore.apps.crm.fake_portal.batch import run_batch, time_block
from agentcore.apps.crm.fake_portal.methods import CallContext, PortalError, call_method
from agentcore.apps.crm.fake_portal.operating import OperatingClock
from agentcore.apps.crm.fake_portal.ratelimit import LeakyBucket
from agentcore.apps.crm.fake_portal.storage import PortalStorage
from agentcore.apps.crm.phpquery import parse_query

__all__ = ["FakePortal", "FakePortalServer", "create_fake_portal", "serve_fake_portal"]

TOKEN_TTL = 3600


def _error(status: int, code: str, description: str) -> JSONResponse:
    return JSONResponse({"error": code, "error_description": description}, status_code=status)


class FakePortal:
    """The portal's state and behaviour (``app.state.portal``).

    Args:
        db: SQLite file, or ``":memory:"``.
        rate_limit: ``(capacity, drain per second)`` of the leaky bucket; None disables it.
        clock: wall clock for token expiry (tests move it).
        bucket_clock: monotonic clock of the leaky bucket (tests move it).
    """

    def __init__(
        self,
        db: Path | str = ":memory:",
        *,
        rate_limit: tuple[float, float] | None = (50, 2.0),
        clock: Callable[[], float] = time.time,
        bucket_clock: Callable[[], float] = time.monotonic,
        operating_limit: float = 480.0,
        method_cost: float | None = None,
    ) -> None:
        self.storage = PortalStorage(db)
        self.bucket = LeakyBucket(rate_limit[0], rate_limit[1], clock=bucket_clock) if rate_limit else None
        self.clock = clock
        self.operating = OperatingClock(operating_limit, cost=method_cost, clock=clock)
        # Switches of the portal-wide refusals: a manual block, a plan without REST, a user's missing rights.
        self.overloaded = False
        self.rest_available = True
        self.denied: dict[str, set[str]] = {}
        self.calls: collections.deque[tuple[str, str]] = collections.deque(maxlen=2000)

    # --- credentials -----------------------------------------------------------------------------

    def create_webhook(
        self, user_id: str = "1", code: str | None = None, scopes: tuple[str, ...] = ("crm", "user", "task")
    ) -> str:
        """Register an inbound webhook; returns its code (random unless given)."""
        code = code or secrets.token_hex(8)
        self.storage.add_webhook(user_id, code, list(scopes))
        return code

    def webhook_code(self, user_id: str = "1") -> str:
        """The code of an existing webhook of ``user_id`` (created on first use)."""
        for uid, code in self.storage.webhooks():
            if uid == user_id:
                return code
        return self.create_webhook(user_id)

    def create_app(self, client_id: str | None = None, client_secret: str | None = None) -> tuple[str, str]:
        """Register an OAuth application; returns ``(client_id, client_secret)``."""
        client_id = client_id or f"local.{secrets.token_hex(6)}.{secrets.token_hex(4)}"
        client_secret = client_secret or secrets.token_urlsafe(24)
        self.storage.add_app(client_id, client_secret)
        return client_id, client_secret

    def issue_tokens(self, client_id: str, user_id: str = "1", ttl: float = TOKEN_TTL) -> tuple[str, str]:
        """New ``(access_token, refresh_token)`` for an application."""
        access, refresh = secrets.token_hex(24), secrets.token_hex(24)
        self.storage.add_token(access, refresh, client_id, user_id, self.clock() + ttl)
        return access, refresh

    def expire_token(self, access_token: str) -> None:
        """Make an access token expired now."""
        self.storage.expire(access_token, self.clock() - 1)

    # --- requests --------------------------------------------------------------------------------

    def context_for_webhook(self, user_id: str, code: str) -> CallContext:
        scopes = self.storage.webhook_scopes(user_id, code)
        if scopes is None:
            raise PortalError(401, "NO_AUTH_FOUND", "Wrong authorization data")
        return CallContext("webhook", user_id, scopes, now=self._now)

    def context_for_token(self, token: Any) -> CallContext:
        if not token:
            raise PortalError(401, "NO_AUTH_FOUND", "Wrong authorization data")
        info = self.storage.token(str(token))
        if info is None or info["revoked"]:
            raise PortalError(401, "invalid_token", "The access token provided is invalid.")
        if info["expires_at"] <= self.clock():
            raise PortalError(401, "expired_token", "The access token provided has expired.")
        return CallContext("oauth", info["user_id"], ["crm", "user", "task", "placement"], now=self._now)

    def _now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    def deny(self, user_id: str, method_prefix: str) -> None:
        """Take a right away from a portal user: their calls of methods starting with ``method_prefix`` answer
        ``403 INVALID_CREDENTIALS``."""
        self.denied.setdefault(user_id, set()).add(method_prefix.lower())

    def _check_rights(self, method: str, ctx: CallContext) -> None:
        if any(method.startswith(prefix) for prefix in self.denied.get(ctx.user_id, ())):
            raise PortalError(403, "INVALID_CREDENTIALS", "Invalid request credentials")

    def handle(self, method: str, params: dict[str, Any], ctx: CallContext) -> dict[str, Any]:
        """The success envelope of one call.

        Raises:
            PortalError: any error answer — ``503 OVERLOAD_LIMIT`` (blocked), ``403 ACCESS_DENIED`` (no REST on
            the plan), ``503 QUERY_LIMIT_EXCEEDED`` (the leaky bucket), ``403 INVALID_CREDENTIALS`` (the user lacks
            the right), ``429 OPERATION_TIME_LIMIT`` (the method's time limit), the method's own errors.
        """
        started = time.time()
        method = method.strip().lower().removesuffix(".json")
        self.calls.append((method, ctx.auth_type))
        if self.overloaded:
            raise PortalError(503, "OVERLOAD_LIMIT", "REST API is blocked due to overload")
        if not self.rest_available:
            raise PortalError(403, "ACCESS_DENIED", "REST API is available only on commercial plans")
        if self.bucket is not None and not self.bucket.hit():
            raise PortalError(503, "QUERY_LIMIT_EXCEEDED", "Too many requests")
        if method == "batch":
            result = run_batch(self.storage, params, ctx, self.operating, self._check_rights)
            return {"result": result, "time": time_block(started)}
        self._check_rights(method, ctx)
        who = f"{ctx.auth_type}:{ctx.user_id}"
        if self.operating.blocked(who, method):
            raise PortalError(429, "OPERATION_TIME_LIMIT", "Method is blocked due to operation time limit.")
        result, extra = call_method(self.storage, method, params, ctx)
        operating, reset_at = self.operating.spend(who, method, time.time() - started)
        return {"result": result, **extra, "time": time_block(started, operating=operating, reset_at=reset_at)}

    def refresh(self, params: dict[str, Any]) -> dict[str, Any]:
        """The OAuth server's answer to ``grant_type=refresh_token``.

        Raises:
            PortalError: unsupported grant, wrong client credentials, unknown or used refresh token.
        """
        if params.get("grant_type") != "refresh_token":
            raise PortalError(400, "unsupported_grant_type", "Grant type is not supported")
        client_id = str(params.get("client_id") or "")
        secret = self.storage.app_secret(client_id)
        if secret is None or not secrets.compare_digest(secret, str(params.get("client_secret") or "")):
            raise PortalError(401, "invalid_client", "Invalid client credentials")
        user_id = self.storage.use_refresh(str(params.get("refresh_token") or ""), client_id)
        if user_id is None:
            raise PortalError(400, "invalid_grant", "Invalid refresh token")
        access, refresh = self.issue_tokens(client_id, user_id)
        return {
            "access_token": access,
            "expires": int(self.clock() + TOKEN_TTL),
            "expires_in": TOKEN_TTL,
            "scope": "crm,user",
            "status": "L",
            "member_id": "fake-member",
            "user_id": int(user_id) if user_id.isdigit() else user_id,
            "refresh_token": refresh,
        }

    def close(self) -> None:
        self.storage.close()


def _multipart_pairs(content_type: str, body: bytes) -> list[tuple[str, str]]:
    """The text fields of a ``multipart/form-data`` body (files are ignored), with the stdlib MIME parser."""
    from email.parser import BytesParser
    from email.policy import HTTP

    message = BytesParser(policy=HTTP).parsebytes(
        b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + body
    )
    pairs: list[tuple[str, str]] = []
    if not message.is_multipart():
        raise PortalError(400, "INVALID_REQUEST", "Malformed multipart body")
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if not isinstance(name, str) or part.get_filename():
            continue
        payload = part.get_payload(decode=True)
        if isinstance(payload, bytes):
            pairs.append((name, payload.decode(part.get_content_charset() or "utf-8", errors="replace")))
    return pairs


async def _params(request: Request) -> dict[str, Any]:
    """Query string, then the body (JSON, form or multipart) over it; top-level names lower-cased."""
    params: dict[str, Any] = parse_query(request.url.query)
    body = await request.body()
    content_type = request.headers.get("content-type", "").lower()
    if body.strip():
        if "json" in content_type:
            try:
                data = json.loads(body)
            except ValueError:
                raise PortalError(400, "INVALID_REQUEST", "Invalid JSON in request body") from None
            if not isinstance(data, dict):
                raise PortalError(400, "INVALID_REQUEST", "Request body must be an object")
            params.update(data)
        elif "multipart/form-data" in content_type:
            params.update(parse_query(urlencode(_multipart_pairs(request.headers["content-type"], body))))
        else:
            params.update(parse_query(body.decode("utf-8", errors="replace")))
    return {str(k).lower(): v for k, v in params.items()}


def create_fake_portal(portal: FakePortal | None = None) -> FastAPI:
    """The FastAPI app of a fake portal (``app.state.portal``; a fresh in-memory one by default)."""
    portal = portal or FakePortal()
    app = FastAPI(title="Fake Bitrix24 portal", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.portal = portal

    async def run(request: Request, method: str, context: Callable[[dict[str, Any]], CallContext]) -> JSONResponse:
        try:
            params = await _params(request)
            ctx = context(params)
            params.pop("auth", None)
            return JSONResponse(portal.handle(method, params, ctx))
        except PortalError as exc:
            return _error(exc.status, exc.code, exc.description)

    @app.api_route("/rest/{user_id}/{code}/{method}", methods=["GET", "POST"])
    async def webhook(user_id: str, code: str, method: str, request: Request) -> JSONResponse:
        return await run(request, method, lambda params: portal.context_for_webhook(user_id, code))

    @app.api_route("/rest/{method}", methods=["GET", "POST"])
    async def oauth(method: str, request: Request) -> JSONResponse:
        return await run(request, method, lambda params: portal.context_for_token(params.get("auth")))

    @app.api_route("/rest/{path:path}", methods=["GET", "POST"])
    async def unknown(path: str) -> JSONResponse:
        return _error(404, "ERROR_METHOD_NOT_FOUND", "Method not found!")

    @app.api_route("/oauth/token/", methods=["GET", "POST"])
    async def token(request: Request) -> JSONResponse:
        try:
            return JSONResponse(portal.refresh(await _params(request)))
        except PortalError as exc:
            return _error(exc.status, exc.code, exc.description)

    @app.get("/health")
    async def health() -> dict[str, Any]:
        return {"status": "ok"}

    return app


@dataclass
class FakePortalServer:
    """A running fake portal: its base URL, a webhook URL and the portal object."""

    url: str
    webhook_url: str
    portal: FakePortal


@contextmanager
def serve_fake_portal(portal: FakePortal | None = None, *, user_id: str = "1") -> Iterator[FakePortalServer]:
    """Run a fake portal on a free loopback port (real HTTP) with a webhook for ``user_id``."""
    from agentcore.serving import BackgroundServer

    portal = portal or FakePortal()
    code = portal.webhook_code(user_id)
    with BackgroundServer(create_fake_portal(portal)) as server:
        yield FakePortalServer(server.url, f"{server.url}/rest/{user_id}/{code}/", portal)
