"""The one stage directory (:mod:`agentcore.apps.crm.stages`): what it reads and keeps, and that resolution, the
request check and the confirmation text of one turn share it — the pipeline's stages are read once."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from agentcore.apps.crm.bitrix import BitrixClient, WebhookAuth
from agentcore.apps.crm.bitrix.errors import BitrixError
from agentcore.apps.crm.fake_portal import FakePortal, FakePortalServer
from agentcore.apps.crm.model_client import ModelClient
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.stages import Stage, StageDirectory, pipeline_of_category, pipeline_of_code
from agentcore.config import Settings

_ROWS = [
    {"STATUS_ID": "NEW", "NAME": "Новая"},
    {"STATUS_ID": "UC_NEGOTIATION", "NAME": "Переговоры"},
    {"STATUS_ID": "NEW", "NAME": "Новая (повтор)"},
    {"NAME": "без кода"},
]


class _Reader:
    """A ``read`` that answers ``crm.status.list`` with ``rows`` (or raises ``error``) and counts its calls."""

    def __init__(self, rows: list[dict[str, Any]] | None = None, error: Exception | None = None) -> None:
        self.rows = _ROWS if rows is None else rows
        self.error = error
        self.calls: list[tuple[str, dict[str, Any]]] = []

    async def __call__(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.calls.append((method, params))
        if self.error is not None:
            raise self.error
        return {"result": self.rows}


def test_pipelines_by_category_and_by_stage_code() -> None:
    assert [pipeline_of_category(c) for c in (None, "", "0", 0, "1", " 2 ")] == [
        *("DEAL_STAGE", "DEAL_STAGE", "DEAL_STAGE", "DEAL_STAGE", "DEAL_STAGE_1", "DEAL_STAGE_2"),
    ]
    assert [pipeline_of_code(c) for c in ("NEW", "C1:NEW", " C12:WON", "UC_X")] == [
        *("DEAL_STAGE", "DEAL_STAGE_1", "DEAL_STAGE_12", "DEAL_STAGE"),
    ]


async def test_a_pipeline_is_read_once_in_order_each_code_once() -> None:
    now = [0.0]
    stages, read = StageDirectory(ttl=300, clock=lambda: now[0]), _Reader()
    first = await stages.stages("DEAL_STAGE", read)
    assert first == (Stage("NEW", "Новая"), Stage("UC_NEGOTIATION", "Переговоры"))
    assert read.calls == [("crm.status.list", {"filter": {"ENTITY_ID": "DEAL_STAGE"}, "order": {"SORT": "ASC"}})]
    now[0] = 299.0
    assert await stages.stages("DEAL_STAGE", read) == first and len(read.calls) == 1
    assert await stages.name_of(" UC_NEGOTIATION", read) == "Переговоры" and len(read.calls) == 1
    now[0] = 301.0  # stale: read again
    await stages.stages("DEAL_STAGE", read)
    assert len(read.calls) == 2


async def test_each_pipeline_is_its_own_list() -> None:
    stages, read = StageDirectory(), _Reader([{"STATUS_ID": "C1:NEW", "NAME": "Новая заявка"}])
    assert await stages.name_of("C1:NEW", read) == "Новая заявка"
    assert read.calls[0][1]["filter"] == {"ENTITY_ID": "DEAL_STAGE_1"}
    assert stages.known_name("C1:NEW") == "Новая заявка"
    assert stages.known_name("NEW") is None  # the main pipeline was never read: no read here either
    assert len(read.calls) == 1


async def test_an_empty_or_failed_read_is_not_kept() -> None:
    stages = StageDirectory()
    empty = _Reader([])
    assert await stages.stages("DEAL_STAGE", empty) == () and await stages.stages("DEAL_STAGE", empty) == ()
    assert len(empty.calls) == 2
    failing = _Reader(error=BitrixError("QUERY_LIMIT_EXCEEDED", "Too many requests"))
    with pytest.raises(BitrixError):
        await stages.stages("DEAL_STAGE", failing)
    assert stages.known_name("NEW") is None
    assert await stages.name_of("NEW", _Reader()) == "Новая"


@pytest.fixture
def agent(make_orchestrator: Callable[..., Orchestrator], portal_server: FakePortalServer) -> Orchestrator:
    from agentcore.apps.crm import offline as _offline  # noqa: F401 - registers the offline planner

    client = ModelClient.from_settings(Settings(provider="offline"))
    return make_orchestrator(client, bitrix=BitrixClient(WebhookAuth(portal_server.webhook_url)), mode="full")


@pytest.mark.e2e
async def test_one_turn_reads_the_stages_once(agent: Orchestrator, portal: FakePortal) -> None:
    # Resolution («Переговоры» → UC_NEGOTIATION), the request check (the stage exists) and the confirmation text
    # (the stage's name) all need the main pipeline: each used to read it.
    asked = await agent.handle_message("u1", "Переведи сделку «Вектор: внедрение CRM» в стадию Переговоры")
    assert [c.params["fields"] for c in asked.pending_confirmations] == [{"STAGE_ID": "UC_NEGOTIATION"}]
    assert "«Переговоры» (UC_NEGOTIATION)" in asked.pending_confirmations[0].summary
    assert [method for method, _ in portal.calls].count("crm.status.list") == 1


@pytest.mark.e2e
async def test_another_pipelines_stage_is_named_in_the_confirmation(agent: Orchestrator, portal: FakePortal) -> None:
    from agentcore.apps.crm.fake_portal.entities import new_entity

    fields = {"TITLE": "Сервис: ремонт насоса", "CATEGORY_ID": 1, "STAGE_ID": "C1:NEW"}
    portal.storage.put("deal", 6, new_entity("deal", 6, fields, user_id="1", now=datetime.now(UTC)))
    asked = await agent.handle_message("u1", "Переведи сделку «Сервис: ремонт насоса» в стадию Выезд мастера")
    (request,) = asked.pending_confirmations
    assert "«Новая заявка» (C1:NEW)" in request.summary and "«Выезд мастера» (C1:EXECUTING)" in request.summary
