"""A change whose value its field cannot take — «много» as a deal's amount, a date that is no date, a stage the
pipeline does not have — is refused when it is requested (MCP's ``crm_request_change``, the model's step), with a
Russian reason naming the field; nothing is queued, nothing is sent.  Types come from the fake portal's own
``crm.deal.fields`` over real HTTP, stages from its ``crm.status.list``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tests.apps.crm.helpers import reply, step

from agentcore.apps.crm.bitrix import BitrixClient, WebhookAuth
from agentcore.apps.crm.fake_portal import FakePortal, FakePortalServer
from agentcore.apps.crm.models import ActionStep
from agentcore.apps.crm.orchestrator import Orchestrator

pytestmark = pytest.mark.e2e


@pytest.fixture
def agent(make_orchestrator: Callable[..., Orchestrator], portal_server: FakePortalServer) -> Orchestrator:
    return make_orchestrator([], bitrix=BitrixClient(WebhookAuth(portal_server.webhook_url)), mode="canary")


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"OPPORTUNITY": "много"}, "значение «много» не подходит полю «Сумма» (OPPORTUNITY): нужно число"),
        ({"CLOSEDATE": "завтра"}, "не подходит полю «Предполагаемая дата закрытия» (CLOSEDATE): нужна дата"),
        ({"PROBABILITY": "50.5"}, "не подходит полю «Вероятность» (PROBABILITY): нужно целое число"),
        ({"ASSIGNED_BY_ID": "Иванов"}, "не подходит полю «Ответственный» (ASSIGNED_BY_ID): нужен номер записи"),
        ({"STAGE_ID": "ПОБЕДА"}, "не подходит полю «Стадия сделки» (STAGE_ID): такой стадии нет в воронке (есть: NEW"),
    ],
)
async def test_a_value_of_the_wrong_type_is_not_queued(
    agent: Orchestrator, portal: FakePortal, fields: dict[str, str], reason: str
) -> None:
    before = dict(portal.storage.get("deal", 1))
    result = await agent.request_change("u1", ActionStep(method="crm.deal.update", params={"id": 1, "fields": fields}))
    assert result.pending_confirmations == [] and result.new_confirmations == []
    (refused,) = result.steps
    assert refused.outcome == "refused" and reason in refused.detail
    assert "Запрос не принят:" in result.assistant and "ничего не отправлено" in result.assistant
    assert portal.storage.get("deal", 1) == before


@pytest.mark.parametrize(
    "fields",
    [
        {"OPPORTUNITY": "300 000,50"},
        {"OPPORTUNITY": 300000},
        {"CLOSEDATE": "2026-12-31"},
        {"STAGE_ID": "WON"},
        {"ASSIGNED_BY_ID": 1},
        {"COMMENTS": "много"},
    ],
)
async def test_values_that_fit_are_asked_as_before(agent: Orchestrator, fields: dict[str, object]) -> None:
    result = await agent.request_change("u1", ActionStep(method="crm.deal.update", params={"id": 1, "fields": fields}))
    assert [s.outcome for s in result.steps] == ["needs_confirmation"]


async def test_a_models_step_and_a_batch_command_are_checked_alike(
    make_orchestrator: Callable[..., Orchestrator], portal_server: FakePortalServer, portal: FakePortal
) -> None:
    batch = step(
        "batch", {"cmd": {"a": "crm.deal.update?id=2&fields[TITLE]=x", "b": "crm.deal.add?fields[OPPORTUNITY]=много"}}
    )
    agent = make_orchestrator(
        [reply([batch], "Готово.")], bitrix=BitrixClient(WebhookAuth(portal_server.webhook_url)), mode="full"
    )
    result = await agent.handle_message("u1", "сделай")
    (refused,) = result.steps
    assert refused.outcome == "refused" and "команда «b» пакета: значение «много» не подходит полю «Сумма»" in (
        refused.detail
    )
    assert result.pending_confirmations == [] and portal.storage.get("deal", 2)["TITLE"] != "x"
