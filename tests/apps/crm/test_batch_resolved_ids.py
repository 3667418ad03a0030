"""A batch command whose record id is another command's result the batch resolves before running (``$result[g][ID]``
of ``crm.deal.get?id=3``) is checked like a direct id, on the fake portal over real HTTP: the record must exist before
the change is asked or run, the request shows the record and its «Было», and an approval re-reads the record — a
colleague's change meanwhile stops the write (docs/crm.md, «Stale requests»)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tests.apps.crm.helpers import reply, step

from agentcore.apps.crm.bitrix import BitrixClient, WebhookAuth
from agentcore.apps.crm.fake_portal import FakePortal, FakePortalServer
from agentcore.apps.crm.orchestrator import Orchestrator

pytestmark = pytest.mark.e2e


def _batch(record: int, fields: str) -> dict[str, object]:
    return step(
        "batch",
        {"halt": 1, "cmd": {"g": f"crm.deal.get?id={record}", "u": f"crm.deal.update?id=$result[g][ID]&{fields}"}},
    )


def _agent(make: Callable[..., Orchestrator], server: FakePortalServer, batch: dict[str, object]) -> Orchestrator:
    return make([reply([batch], "Меняю сделку.")], bitrix=BitrixClient(WebhookAuth(server.webhook_url)), mode="canary")


@pytest.mark.parametrize("fields", ["fields[OPPORTUNITY]=5000", "fields[COMMENTS]=звонок"])
async def test_a_resolved_id_of_a_missing_record_is_refused_like_a_direct_one(
    make_orchestrator: Callable[..., Orchestrator], portal_server: FakePortalServer, portal: FakePortal, fields: str
) -> None:
    """Asked for «да» (a critical field) or run at once (a comment): the record must exist either way."""
    agent = _agent(make_orchestrator, portal_server, _batch(999, fields))
    answer = await agent.handle_message("u1", "Поменяй сделку 999")
    assert answer.pending_confirmations == []
    (refused,) = [s for s in answer.steps if s.method == "batch"]
    assert refused.outcome == "refused"
    assert "команда «u» пакета: Сделка #999 не найдена в Bitrix24" in refused.detail
    assert portal.storage.get("deal", 999) is None


async def test_a_resolved_id_is_shown_and_read_again_before_the_write(
    make_orchestrator: Callable[..., Orchestrator], portal_server: FakePortalServer, portal: FakePortal
) -> None:
    agent = _agent(make_orchestrator, portal_server, _batch(3, "fields[OPPORTUNITY]=111000"))
    asked = await agent.handle_message("u1", "Поставь сумму сделки 3 — 111 000")
    (request,) = asked.pending_confirmations
    assert "Изменить сумму сделки «Вектор: внедрение CRM» (#3): 1 200 000 ₽ → 111 000 ₽" in request.summary
    assert request.before == {"u": {"OPPORTUNITY": "1200000.00"}}
    portal.storage.put("deal", 3, {**portal.storage.get("deal", 3), "OPPORTUNITY": "222000.00"})  # a colleague
    answer = await agent.handle_message("u1", "да")
    assert portal.storage.get("deal", 3)["OPPORTUNITY"] == "222000.00"  # not overwritten unseen
    assert next(s.outcome for s in answer.steps if s.method == "batch") == "stale"
    assert "сумма сейчас 222 000 ₽, а в запросе было 1 200 000 ₽" in answer.assistant
    (again,) = answer.pending_confirmations
    done = await agent.handle_message("u1", "да")
    assert again.id != request.id and next(s.outcome for s in done.steps if s.method == "batch") == "executed"
    assert portal.storage.get("deal", 3)["OPPORTUNITY"] == "111000.00"
