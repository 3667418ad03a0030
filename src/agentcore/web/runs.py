"""The run trace over HTTP (the edge's own routes, behind the read tokens): ``GET /trace/runs`` — the newest runs,
``GET /trace/runs/{request_id}`` — one run's step events and the model calls it made, redacted as in the JSONL trace
(:class:`agentcore.agents.RunLog`, ``<log_dir>/runs/runs.jsonl``).  The console's Trace page reads these.

Who reads or continues which run is decided here, once (:func:`owned_by`): a run belongs to the principal that
started it (:class:`RunOwnerMiddleware` names it for every request, :func:`agentcore.web.auth.principal`).  With
``AGENTCORE_READ_TOKENS`` set a read token sees its own runs only and an admin token sees every run; while read tokens
are unset (the embedded single-user default) every run is visible, as every other read route is open.  The same rule
decides which ``/v1`` conversations a request may continue — a parked run resumed by its client tool call id, a
response named by ``previous_response_id`` (:mod:`agentcore.web.v1.common`): another's is answered as an unknown one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Path, Query, Request
from starlette.types import ASGIApp, Receive, Scope, Send

from agentcore.agents import REQUEST_ID_RE, RunLog, run_owner
from agentcore.settings.problems import describe_pattern
from agentcore.web.auth import is_admin, principal, principals
from agentcore.web.errors import ApiError, error_responses

__all__ = ["RunOwnerMiddleware", "create_runs_router", "owned_by", "readable_by"]

REQUEST_ID_PATTERN = describe_pattern(
    REQUEST_ID_RE.pattern,
    "ожидается идентификатор запуска (как req_…): от 1 до 80 латинских букв, цифр и знаков «_», «.», «:», «-»",
)


class RunOwnerMiddleware:
    """Pure ASGI: a run started by a request is recorded as its principal's (:func:`agentcore.agents.run_owner`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with run_owner(principal(Request(scope))):
            await self.app(scope, receive, send)


def owned_by(request: Request) -> Callable[[str | None], bool] | None:
    """The one rule: whose runs ``request`` may read or continue, given a run's owner — ``None`` (anyone's) while
    read tokens are unset or for an admin token; otherwise those its own principal started, under either owner id
    its token has (:func:`agentcore.web.auth.principals`: keyed, or unkeyed by an earlier build); a run with no owner
    — started while read tokens were unset — is the admin's."""
    if not getattr(request.app.state.settings, "read_token_list", None) or is_admin(request):
        return None
    mine = principals(request)
    return lambda owner: owner is not None and owner in mine


def readable_by(request: Request) -> Callable[[dict[str, Any]], bool] | None:
    """The run records ``request`` may read (:func:`owned_by` applied to a record's ``owner``; ``None``: all)."""
    mine = owned_by(request)
    if mine is None:
        return None
    return lambda record: mine(record.get("owner"))


def create_runs_router(run_log: RunLog) -> APIRouter:
    """``/trace/runs`` and ``/trace/runs/{request_id}`` over ``run_log``."""
    router = APIRouter(prefix="/trace", tags=["trace"])

    @router.get("/runs", summary="Последние запуски агентов")
    async def recent_runs(
        request: Request, limit: int = Query(20, ge=1, le=200, description="сколько запусков")
    ) -> dict[str, Any]:
        """``{"runs": [{request_id, agent, question, started, outcome, events, model_calls}]}``, newest first — the
        runs this token started (every run for an admin token or while read tokens are unset)."""
        return {"runs": await asyncio.to_thread(run_log.recent, limit, readable_by(request))}

    @router.get(
        "/runs/{request_id}", responses=error_responses(404, 422), summary="Трасса запуска по идентификатору запроса"
    )
    async def run_trace(
        request: Request,
        request_id: str = Path(pattern=REQUEST_ID_PATTERN, description="идентификатор запроса запуска (req_…)"),
    ) -> dict[str, Any]:
        """One run: ``request_id``, ``agent``, ``question``, ``started``, ``finished``, ``outcome`` (``final``,
        ``error``, ``cancelled``), ``events`` (as streamed), ``model_calls`` (step, model, messages and reply cut,
        tokens, ms, error).  Another token's run is 404, as an unknown one."""
        record = await asyncio.to_thread(run_log.find, request_id, readable_by(request))
        if record is None:
            raise ApiError(404, "запуск с таким идентификатором запроса не найден", "not_found")
        record.pop("owner", None)
        return record

    return router
