"""Any agent as an OpenAI-compatible model: ``POST /v1/chat/completions`` (:mod:`agentcore.web.v1.chat`),
``POST /v1/responses`` (:mod:`agentcore.web.v1.responses`), ``GET /v1/models`` and ``GET /v1/models/{model}``.

The surfaces render the step-event stream (:mod:`agentcore.agents.events`) and know nothing of a loop's insides.
Errors answer in OpenAI's shape (:mod:`agentcore.web.v1.errors`).  Runs waiting for a client tool's result
and finished responses (``previous_response_id``) are kept in one :class:`~agentcore.agents.served.RunStore`.
Every field of both APIs, supported / ignored / rejected: docs/openai.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request

from agentcore.agents import AnswerShaper, RunLog
from agentcore.agents.served import AgentInput, RunStore, ServedAgent
from agentcore.util.truncate import truncate
from agentcore.web.errors import ApiError, error_responses
from agentcore.web.v1.chat import ChatCompletionRequest, chat_completions
from agentcore.web.v1.common import V1Runs, final_text, reasoning_line
from agentcore.web.v1.errors import OpenAIRoute, openai_error_responses
from agentcore.web.v1.responses import ResponsesRequest, create_response

__all__ = [
    "AgentInput",
    "ChatCompletionRequest",
    "ServedAgent",
    "create_openai_router",
    "final_text",
    "reasoning_line",
    "run_store_for",
]


def run_store_for(redis_url: str | None, redis_prefix: str = "agentcore:") -> RunStore:
    """The run store of this deployment: shared through Redis when ``AGENTCORE_REDIS_URL`` is set (a client's tool
    result may reach any worker; keys under ``<redis_prefix>v1``), in this process otherwise."""
    if redis_url:
        from agentcore.agents import RedisRunStore

        return RedisRunStore(redis_url, prefix=f"{redis_prefix}v1")
    return RunStore()


def create_openai_router(
    agents: Mapping[str, ServedAgent],
    *,
    shaper: AnswerShaper | None = None,
    store: RunStore | None = None,
    run_log: RunLog | None = None,
) -> APIRouter:
    """``/v1/models``, ``/v1/chat/completions`` and ``/v1/responses`` serving ``agents`` (model id → agent).

    Args:
        shaper: shapes structured answers with the configured model (``None``: structured requests get 422).
        store: parked runs and transcripts (a new one, TTL 10 min, by default); ``router.run_store`` is it.
        run_log: where runs are traced (``None``: not traced).
    """
    store = store or RunStore()
    runs = V1Runs(agents, store, shaper, run_log)
    router = APIRouter(prefix="/v1", tags=["openai"], route_class=OpenAIRoute)
    router.run_store = store  # type: ignore[attr-defined]

    def models_list() -> dict[str, Any]:
        return {
            "object": "list",
            "data": [
                {"id": a.name, "object": "model", "created": 0, "owned_by": "agentcore", "description": a.description}
                for a in agents.values()
            ],
        }

    @router.get("/models", summary="Агенты как модели (OpenAI-совместимо)")
    async def list_models() -> dict[str, Any]:
        """Every served agent as an OpenAI model, with its description."""
        return models_list()

    @router.get("/models/{model}", responses=openai_error_responses(404), summary="Один агент как модель")
    async def get_model(model: str) -> dict[str, Any]:
        """One served agent as an OpenAI model."""
        for item in models_list()["data"]:
            if item["id"] == model:
                return item
        error = ApiError(404, f"модель {truncate(model, 40)!r} не найдена", "model_not_found")
        error.param = "model"  # type: ignore[attr-defined]
        raise error

    @router.post(
        "/chat/completions",
        response_model=None,
        responses={**openai_error_responses(400, 404, 415, 422, 429, 500, 502, 503, 504), **error_responses(413)},
        summary="Запуск агента в формате OpenAI Chat Completions",
    )
    async def chat(body: ChatCompletionRequest, request: Request) -> Any:
        """Run the agent named by ``model``; ``stream`` chooses SSE chunks or one JSON.  A client that disconnects
        stops the run in both modes."""
        return await chat_completions(runs, body, request)

    @router.post(
        "/responses",
        response_model=None,
        responses={**openai_error_responses(400, 404, 415, 422, 429, 500, 502, 503, 504), **error_responses(413)},
        summary="Запуск агента в формате OpenAI Responses",
    )
    async def responses(body: ResponsesRequest, request: Request) -> Any:
        """Run the agent named by ``model`` (Responses API); ``stream`` chooses SSE events or one JSON."""
        return await create_response(runs, body, request)

    return router
