"""The run trace over HTTP (the edge's own routes, behind the read tokens): ``GET /trace/runs`` — the newest runs,
``GET /trace/runs/{request_id}`` — one run's step events and the model calls it made, redacted as in the JSONL trace
(:class:`agentcore.agents.RunLog`, ``<log_dir>/runs/runs.jsonl``).  The console's Trace page reads these."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Path, Query

from agentcore.agents import REQUEST_ID_RE, RunLog
from agentcore.web.errors import ApiError, error_responses

__all__ = ["create_runs_router"]


def create_runs_router(run_log: RunLog) -> APIRouter:
    """``/trace/runs`` and ``/trace/runs/{request_id}`` over ``run_log``."""
    router = APIRouter(prefix="/trace", tags=["trace"])

    @router.get("/runs", summary="Последние запуски агентов")
    async def recent_runs(limit: int = Query(20, ge=1, le=200, description="сколько запусков")) -> dict[str, Any]:
        """``{"runs": [{request_id, agent, question, started, outcome, events, model_calls}]}``, newest first."""
        return {"runs": await asyncio.to_thread(run_log.recent, limit)}

    @router.get("/runs/{request_id}", responses=error_responses(404, 422), summary="Трасса запуска по request id")
    async def run_trace(
        request_id: str = Path(pattern=REQUEST_ID_RE.pattern, description="request id запуска (req_…)"),
    ) -> dict[str, Any]:
        """One run: ``request_id``, ``agent``, ``question``, ``started``, ``finished``, ``outcome`` (``final``,
        ``error``, ``cancelled``), ``events`` (as streamed), ``model_calls`` (step, model, messages and reply cut,
        tokens, ms, error)."""
        record = await asyncio.to_thread(run_log.find, request_id)
        if record is None:
            raise ApiError(404, "запуск с таким request id не найден", "not_found")
        return record

    return router
