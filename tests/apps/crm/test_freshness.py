"""An approved request writes only over the «Было» the user saw (``freshness.py``) — a ``batch`` as a single update:
each of its watched updates is read again before it runs, by the same one check (``Orchestrator._still_fresh``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tests.apps.crm.helpers import reply, step

from agentcore.apps.crm.bitrix import BitrixClient, WebhookAuth
from agentcore.apps.crm.fake_portal import FakePortal, FakePortalServer
from agentcore.apps.crm.freshness import shown_before, snapshots, watches_of
from agentcore.apps.crm.orchestrator import Orchestrator

pytestmark = pytest.mark.e2e

BATCH = step(
    "batch",
    {
        "halt": 1,
        "cmd": {
            "amount": "crm.deal.update?id=3&fields[OPPORTUNITY]=111000",
            "stage": "crm.deal.update?id=2&fields[STAGE_ID]=WON",
        },
    },
)


@pytest.fixture
def agent(make_orchestrator: Callable[..., Orchestrator], portal_server: FakePortalServer) -> Orchestrator:
    # the model asks for the same batch each turn it is asked; the second turn's «да» is decided without it
    return make_orchestrator(
        [reply([BATCH], "Меняю две сделки.")],
        bitrix=BitrixClient(WebhookAuth(portal_server.webhook_url)),
        mode="canary",
    )


def _set(portal: FakePortal, deal: int, **fields: str) -> None:
    portal.storage.put("deal", deal, {**(portal.storage.get("deal", deal) or {}), **fields})


async def test_a_batch_approved_after_its_record_changed_writes_nothing_and_is_asked_again(
    agent: Orchestrator, portal: FakePortal
) -> None:
    asked = await agent.handle_message("u1", "Поменяй сумму сделки 3 и стадию сделки 2")
    (first,) = asked.pending_confirmations
    assert first.before == {"amount": {"OPPORTUNITY": "1200000.00"}, "stage": {"STAGE_ID": "NEW"}}
    _set(portal, 3, OPPORTUNITY="222000.00")  # a colleague changes deal 3's amount meanwhile
    answer = await agent.handle_message("u1", "да")
    assert portal.storage.get("deal", 3)["OPPORTUNITY"] == "222000.00"
    assert portal.storage.get("deal", 2)["STAGE_ID"] == "NEW"  # the whole batch waits, not only the changed command
    assert next(s.outcome for s in answer.steps if s.method == "batch") == "stale"
    assert f"Запрос {first.id} не выполнен: сделка #3 изменилась после запроса" in answer.assistant
    assert "сумма сейчас 222 000 ₽, а в запросе было 1 200 000 ₽" in answer.assistant
    (again,) = answer.pending_confirmations
    assert again.id != first.id and again.params == first.params
    assert again.before == {"amount": {"OPPORTUNITY": "222000.00"}, "stage": {"STAGE_ID": "NEW"}}
    done = await agent.handle_message("u1", "да")
    assert next(s.outcome for s in done.steps if s.method == "batch") == "executed"
    assert portal.storage.get("deal", 3)["OPPORTUNITY"] == "111000.00"
    assert portal.storage.get("deal", 2)["STAGE_ID"] == "WON"


async def test_a_change_to_other_fields_does_not_stop_a_batch(agent: Orchestrator, portal: FakePortal) -> None:
    await agent.handle_message("u1", "Поменяй сумму сделки 3 и стадию сделки 2")
    _set(portal, 2, TITLE="Ромашка: новое название")  # not a field the batch changes
    answer = await agent.handle_message("u1", "да")
    assert next(s.outcome for s in answer.steps if s.method == "batch") == "executed"
    assert portal.storage.get("deal", 2)["STAGE_ID"] == "WON"


def test_which_batch_commands_are_watched() -> None:
    params = {
        "cmd": {
            "a": "crm.deal.update?id=3&fields[OPPORTUNITY]=1",
            "g": "crm.deal.get?id=1",
            "r": "crm.contact.update?id=$result[g][CONTACT_ID]&fields[NAME]=X",  # the record is not known before
            "c": "crm.company.update?id=2&fields[TITLE]=Y",
        }
    }
    watches = watches_of("batch", params)
    assert [(w.key, w.kind, w.record_id, w.fields) for w in watches] == [
        ("a", "deal", "3", ("OPPORTUNITY",)),
        ("c", "company", "2", ("TITLE",)),
    ]
    before = snapshots(watches, {("deal", "3"): {"OPPORTUNITY": "5"}})  # company 2 was not read: not watched
    assert before == {"a": {"OPPORTUNITY": "5"}}
    assert shown_before(before, watches[0]) == {"OPPORTUNITY": "5"} and shown_before(before, watches[1]) is None
    (single,) = watches_of("crm.deal.update", {"id": 3, "fields": {"OPPORTUNITY": 1}})
    assert snapshots([single], {("deal", "3"): {"OPPORTUNITY": "5"}}) == {"OPPORTUNITY": "5"}
