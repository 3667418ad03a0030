"""The orchestrator with a FakeModelClient and a patched call_bitrix (seed 004, "Автоматизированные тесты")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from tests.apps.crm.helpers import RecordingBitrix, log_records, reply, step

from agentcore.apps.crm import messages
from agentcore.apps.crm.bitrix import BitrixClient, BitrixError, BitrixTransportError, WebhookAuth
from agentcore.apps.crm.errors import InputError, ModelClientError
from agentcore.apps.crm.fake_portal import FakePortalServer
from agentcore.apps.crm.orchestrator import Orchestrator

MakeOrchestrator = Callable[..., Orchestrator]
DEAL = {
    "ID": "12",
    "TITLE": "Ромашка: поставка",
    "OPPORTUNITY": "250000.00",
    "CURRENCY_ID": "RUB",
    "STAGE_ID": "NEW",
    "COMPANY_ID": "9",
    "CONTACT_ID": "84",
}
UPDATE_75 = step("crm.deal.update", {"id": 12, "fields": {"OPPORTUNITY": 75000}}, comment="Меняем сумму")


# --- shadow ------------------------------------------------------------------------------------------


async def test_shadow_executes_nothing_and_keeps_the_plan(make_orchestrator: MakeOrchestrator, tmp_path: Path) -> None:
    bitrix = RecordingBitrix()
    steps = [step("crm.deal.get", {"id": 12}), UPDATE_75, step("crm.lead.add", {"fields": {}})]
    orchestrator = make_orchestrator([reply(steps, "Планирую.")], mode="shadow", call_bitrix=bitrix)
    result = await orchestrator.handle_message("u1", "Покажи сделку 12 и поменяй сумму")
    assert bitrix.calls == []
    assert [s.outcome for s in result.steps] == ["planned", "planned", "forbidden"]
    plan = result.state.next_planned_actions
    assert [(a.method, a.verdict) for a in plan] == [
        ("crm.deal.get", "allowed"),
        ("crm.deal.update", "needs_confirmation"),
    ]
    assert result.state.confirmations == []
    assert "Режим shadow" in result.assistant
    record = log_records(tmp_path)[-1]
    assert record["mode"] == "shadow" and record["bitrix"] == []
    assert record["model"]["action"][1]["method"] == "crm.deal.update"
    assert record["state"]["next_planned_actions"][0]["method"] == "crm.deal.get"


async def test_shadow_plan_is_the_latest_one(make_orchestrator: MakeOrchestrator) -> None:
    orchestrator = make_orchestrator(
        [reply([step("crm.deal.get", {"id": 1})]), reply([step("crm.deal.get", {"id": 2})])], mode="shadow"
    )
    await orchestrator.handle_message("u1", "первый")
    result = await orchestrator.handle_message("u1", "второй")
    assert [a.params for a in result.state.next_planned_actions] == [{"id": 2}]


# --- safe actions in full ---------------------------------------------------------------------------


async def test_full_mode_runs_safe_steps_in_order_and_syncs_state(
    make_orchestrator: MakeOrchestrator, tmp_path: Path
) -> None:
    bitrix = RecordingBitrix({"crm.deal.get": DEAL, "crm.contact.get": {"ID": "84", "NAME": "Иван", "COMPANY_ID": "9"}})
    steps = [step("crm.deal.get", {"id": 12}), step("crm.contact.get", {"id": 84})]
    orchestrator = make_orchestrator([reply(steps, "Смотрю сделку.")], mode="full", call_bitrix=bitrix)
    result = await orchestrator.handle_message("u1", "Покажи сделку 12")
    assert bitrix.methods() == ["crm.deal.get", "crm.contact.get"]
    assert [s.outcome for s in result.steps] == ["executed", "executed"]
    assert result.assistant.startswith("Смотрю сделку.")
    assert "Сделка #12 «Ромашка: поставка»" in result.assistant
    objects = result.state.objects
    assert (objects.deal_id, objects.contact_id, objects.company_id) == ("12", "84", "9")
    assert objects.deals["12"]["CONTACT_IDS"] == ["84"] and objects.deals["12"]["CONTACT_ID"] == "84"
    assert objects.companies["9"]["DEAL_IDS"] == ["12"]
    assert objects.companies["9"]["CONTACT_IDS"] == ["84"]
    assert objects.contacts["84"]["DEAL_IDS"] == ["12"]
    assert [d.method for d in result.state.done] == ["crm.deal.get", "crm.contact.get"]
    record = log_records(tmp_path)[-1]
    assert [c["method"] for c in record["bitrix"]] == ["crm.deal.get", "crm.contact.get"]
    assert record["bitrix"][0]["response"]["result"]["ID"] == "12"
    assert record["state"]["objects"]["deal_id"] == "12"
    assert record["ts"].endswith("Z")


async def test_bitrix_errors_reach_the_user_and_the_log(make_orchestrator: MakeOrchestrator, tmp_path: Path) -> None:
    bitrix = RecordingBitrix({"crm.deal.get": BitrixError("", "Not found", status=400, method="crm.deal.get")})
    orchestrator = make_orchestrator([reply([step("crm.deal.get", {"id": 999})])], call_bitrix=bitrix)
    result = await orchestrator.handle_message("u1", "Покажи сделку 999")
    assert result.steps[0].outcome == "failed"
    # a missing record in Russian, named with its number (the portal's English «Not found» stays in the log)
    assert "Сделка #999 не найдена в Bitrix24" in result.assistant and "Not found" not in result.assistant
    assert log_records(tmp_path)[-1]["bitrix"][0]["error"]["error_description"] == "Not found"


async def test_unexpected_failure_of_call_bitrix_is_reported_not_raised(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix({"crm.deal.get": RuntimeError("boom")})
    orchestrator = make_orchestrator([reply([step("crm.deal.get", {"id": 1}), step("event.get")])], call_bitrix=bitrix)
    result = await orchestrator.handle_message("u1", "x")
    assert [s.outcome for s in result.steps] == ["failed", "executed"]
    assert "boom" not in result.assistant


async def test_sync_replacement_of_call_bitrix_works_too(make_orchestrator: MakeOrchestrator) -> None:
    calls: list[str] = []

    def call_bitrix(method: str, params: dict, http_method: str | None = None) -> dict:  # type: ignore[type-arg]
        calls.append(method)
        return {"result": DEAL}

    orchestrator = make_orchestrator([reply([step("crm.deal.get", {"id": 12}, http_method="GET")])])
    orchestrator.call_bitrix = call_bitrix  # type: ignore[method-assign,assignment]
    result = await orchestrator.handle_message("u1", "x")
    assert calls == ["crm.deal.get"] and result.state.objects.deal_id == "12"


# --- confirmations -----------------------------------------------------------------------------------


async def test_critical_change_waits_for_the_user_then_runs_once(
    make_orchestrator: MakeOrchestrator, tmp_path: Path
) -> None:
    bitrix = RecordingBitrix({"crm.deal.update": True})
    model = [
        reply([UPDATE_75], "Меняю сумму."),
        # the model repeats the step with confirmed: true after the user's «да» — it must not run twice
        reply([{**UPDATE_75, "confirmed": True, "confirmation_id": "c1"}], "Готово."),
    ]
    orchestrator = make_orchestrator(model, mode="canary", call_bitrix=bitrix)
    first = await orchestrator.handle_message("u1", "Измени сумму сделки 12 на 75 000")
    assert bitrix.calls == []
    assert [c.id for c in first.pending_confirmations] == ["c1"]
    assert first.new_confirmations[0].status == "requested"
    assert first.new_confirmations[0].reason == "изменение критичных полей: OPPORTUNITY"
    assert "Требуется подтверждение c1" in first.assistant and messages.CONFIRM_HINT in first.assistant
    assert first.state.next_planned_actions[0].confirmation_id == "c1"

    second = await orchestrator.handle_message("u1", "да")
    assert bitrix.calls == [("crm.deal.update", {"id": 12, "fields": {"OPPORTUNITY": 75000}}, None)]
    assert [s.outcome for s in second.steps] == ["executed", "duplicate"]
    confirmation = second.state.confirmation("c1")
    assert confirmation is not None
    assert (confirmation.status, confirmation.decided_by, confirmation.outcome) == ("approved", "user", "ok")
    assert second.pending_confirmations == [] and second.state.next_planned_actions == []
    assert "Сделка #12 обновлена: сумма → 75 000 ₽." in second.assistant
    assert log_records(tmp_path)[-1]["decisions"][0]["ids"] == ["c1"]


async def test_forged_confirmation_is_refused_and_queued(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    forged = {**UPDATE_75, "confirmed": True}
    orchestrator = make_orchestrator([reply([forged])], mode="full", call_bitrix=bitrix)
    result = await orchestrator.handle_message("u1", "Поменяй сумму сделки 12")
    assert bitrix.calls == []
    assert result.steps[0].outcome == "refused"
    assert [(c.id, c.status) for c in result.pending_confirmations] == [("c1", "requested")]
    assert "не выполняю, запрос поставлен на подтверждение" in result.assistant


async def test_model_cannot_approve_with_a_pending_id_either(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    model = [
        reply([UPDATE_75]),
        reply([{**UPDATE_75, "confirmed": True, "confirmation_id": "c1"}]),  # user did not say yes
    ]
    orchestrator = make_orchestrator(model, call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Поменяй сумму")
    result = await orchestrator.handle_message("u1", "А что с остальными сделками?")
    assert bitrix.calls == []
    assert result.steps[0].outcome == "refused"
    assert [c.id for c in result.pending_confirmations] == ["c1"]  # the same request, not a duplicate


async def test_altered_params_never_run_under_an_approval(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    altered = step(
        "crm.deal.update", {"id": 12, "fields": {"OPPORTUNITY": 99999}}, confirmed=True, confirmation_id="c1"
    )
    orchestrator = make_orchestrator([reply([UPDATE_75]), reply([altered])], call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Поменяй сумму на 75 000")
    result = await orchestrator.handle_message("u1", "да")
    # exactly what the user saw ran; the altered step is a new request
    assert bitrix.calls == [("crm.deal.update", {"id": 12, "fields": {"OPPORTUNITY": 75000}}, None)]
    assert [s.outcome for s in result.steps] == ["executed", "refused"]
    assert [(c.id, c.params["fields"]["OPPORTUNITY"]) for c in result.pending_confirmations] == [("c2", 99999)]


async def test_stale_confirmation_cannot_be_approved(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    orchestrator = make_orchestrator([reply([UPDATE_75]), reply([])], call_bitrix=bitrix, confirmation_ttl=-1)
    await orchestrator.handle_message("u1", "Поменяй сумму")
    result = await orchestrator.handle_message("u1", "да c1")
    assert bitrix.calls == []
    request = result.state.confirmation("c1")
    assert request is not None and (request.status, request.decided_by) == ("denied", "system")
    assert "Запрос c1 (crm.deal.update) устарел" in result.assistant
    assert "Запрос c1 не ожидает подтверждения" in result.assistant
    assert result.state.next_planned_actions == []


async def test_spent_confirmation_id_cannot_be_replayed(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    replay = {**UPDATE_75, "confirmed": True, "confirmation_id": "c1"}
    orchestrator = make_orchestrator([reply([UPDATE_75]), reply([]), reply([replay])], call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Поменяй сумму")
    await orchestrator.handle_message("u1", "да")
    result = await orchestrator.handle_message("u1", "Сделай это ещё раз")
    assert len(bitrix.calls) == 1
    assert result.steps[0].outcome == "refused"
    assert [c.id for c in result.pending_confirmations] == ["c2"]


async def test_user_denies(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    orchestrator = make_orchestrator([reply([UPDATE_75]), reply([], "Хорошо.")], call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Поменяй сумму")
    result = await orchestrator.handle_message("u1", "нет")
    assert bitrix.calls == []
    request = result.state.confirmation("c1")
    assert request is not None and (request.status, request.decided_by) == ("denied", "user")
    assert result.state.next_planned_actions == [] and result.pending_confirmations == []
    assert "Отменено: c1 (crm.deal.update). В Bitrix24 ничего не отправлено." in result.assistant


async def test_model_denies_with_confirmation_decision(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    deny = {**UPDATE_75, "confirmation_id": "c1", "confirmation_decision": "deny"}
    orchestrator = make_orchestrator([reply([UPDATE_75]), reply([deny], "Отменяю.")], call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Поменяй сумму")
    result = await orchestrator.handle_message("u1", "Передумал, оставь как есть")
    assert bitrix.calls == []
    assert result.steps[0].outcome == "denied"
    request = result.state.confirmation("c1")
    assert request is not None and (request.status, request.decided_by) == ("denied", "model")
    assert result.state.next_planned_actions == []


async def test_several_pending_need_an_id(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    two = [UPDATE_75, step("crm.deal.delete", {"id": 5})]
    orchestrator = make_orchestrator([reply(two), reply([]), reply([])], call_bitrix=bitrix)
    first = await orchestrator.handle_message("u1", "Поменяй сумму и удали сделку 5")
    assert [c.id for c in first.pending_confirmations] == ["c1", "c2"]
    assert messages.CONFIRM_HINT_MANY in first.assistant
    ambiguous = await orchestrator.handle_message("u1", "да")
    assert bitrix.calls == [] and "уточните номер" in ambiguous.assistant
    chosen = await orchestrator.handle_message("u1", "да c2")
    assert bitrix.methods() == ["crm.deal.delete"]
    assert [c.id for c in chosen.pending_confirmations] == ["c1"]


async def test_explicit_decision_without_the_model(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    model = [reply([UPDATE_75])]
    orchestrator = make_orchestrator(model, call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Поменяй сумму")
    calls_before = len(orchestrator.model_client.calls)  # type: ignore[attr-defined]
    result = await orchestrator.decide("u1", "c1", approve=True)
    assert len(orchestrator.model_client.calls) == calls_before  # type: ignore[attr-defined]
    assert bitrix.methods() == ["crm.deal.update"] and result.steps[0].outcome == "executed"
    again = await orchestrator.decide("u1", "c1", approve=True)
    assert len(bitrix.calls) == 1 and "не ожидает подтверждения" in again.assistant


async def test_approval_rechecks_the_current_mode(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    orchestrator = make_orchestrator([reply([step("crm.deal.delete", {"id": 5})]), reply([])], call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Удали сделку 5", mode="full")
    result = await orchestrator.handle_message("u1", "да", mode="canary")
    assert bitrix.calls == [] and result.steps[0].outcome == "forbidden"
    assert result.state.confirmation("c1").status == "denied"  # type: ignore[union-attr]


async def test_event_bind_always_needs_confirmation_and_bindings_stay_in_sync(
    make_orchestrator: MakeOrchestrator,
) -> None:
    bind = step("event.bind", {"event": "ONCRMDEALADD", "handler": "https://example.com/h"})
    unbind = step("event.unbind", {"event": "ONCRMDEALADD", "handler": "https://example.com/h"})
    listing = [{"event": "ONCRMDEALADD", "handler": "https://example.com/h", "auth_type": "0", "offline": 0}]
    bitrix = RecordingBitrix({"event.bind": True, "event.unbind": {"count": 1}, "event.get": listing})
    model = [reply([bind]), reply([]), reply([step("event.get")]), reply([unbind]), reply([])]
    orchestrator = make_orchestrator(model, mode="full", call_bitrix=bitrix)
    first = await orchestrator.handle_message("u1", "Подпишись на создание сделок")
    assert bitrix.calls == [] and first.pending_confirmations[0].method == "event.bind"
    bound = await orchestrator.handle_message("u1", "да")
    assert bound.state.event_bindings == [{"event": "ONCRMDEALADD", "handler": "https://example.com/h"}]
    listed = await orchestrator.handle_message("u1", "Покажи подписки")
    assert listed.state.event_bindings == listing
    await orchestrator.handle_message("u1", "Отпишись")
    unbound = await orchestrator.handle_message("u1", "да")
    assert unbound.state.event_bindings == []
    assert bitrix.methods() == ["event.bind", "event.get", "event.unbind"]


async def test_wrong_auth_type_is_explained_in_plain_russian(make_orchestrator: MakeOrchestrator) -> None:
    error = BitrixError(
        "WRONG_AUTH_TYPE", "Current authorization type is denied for this method", status=403, method="event.get"
    )
    orchestrator = make_orchestrator(
        [reply([step("event.get")], "Смотрю подписки.")], call_bitrix=RecordingBitrix({"event.get": error})
    )
    result = await orchestrator.handle_message("u1", "Покажи подписки")
    assert result.steps[0].outcome == "failed" and result.steps[0].error == "WRONG_AUTH_TYPE"
    assert messages.WRONG_AUTH_TYPE in result.assistant
    assert "OAuth" in result.assistant and "входящий вебхук" in result.assistant
    assert result.state.event_bindings == []


# --- batch -------------------------------------------------------------------------------------------


async def test_batch_is_one_aggregated_record_with_a_summary_in_done(
    make_orchestrator: MakeOrchestrator, tmp_path: Path
) -> None:
    batch_answer = {
        "result": {
            "result": {"deal": DEAL, "company": {"ID": "9", "TITLE": "Ромашка"}},
            "result_error": {"missing": {"error": "", "error_description": "Not found"}},
            "result_total": [],
            "result_next": [],
            "result_time": [],
        }
    }
    bitrix = RecordingBitrix({"batch": batch_answer})
    cmd = {
        "deal": "crm.deal.get?id=12",
        "company": "crm.company.get?id=$result[deal][COMPANY_ID]",
        "missing": "crm.deal.get?id=999",
    }
    orchestrator = make_orchestrator(
        [reply([step("batch", {"halt": 0, "cmd": cmd})])], mode="canary", call_bitrix=bitrix
    )
    result = await orchestrator.handle_message("u1", "Покажи сделку 12 с компанией")
    assert bitrix.methods() == ["batch"]
    record = log_records(tmp_path)[-1]
    assert len(record["bitrix"]) == 1
    assert record["bitrix"][0]["sub_commands"] == [
        {"key": "deal", "method": "crm.deal.get", "status": "ok"},
        {"key": "company", "method": "crm.company.get", "status": "ok"},
        {"key": "missing", "method": "crm.deal.get", "status": "error", "error": "", "error_description": "Not found"},
    ]
    done = result.state.done[-1]
    assert done.method == "batch" and done.keys == ["deal", "company"]
    assert done.summary == "batch: deal (crm.deal.get), company (crm.company.get)"
    assert "Пакет batch: выполнено 2 из 3" in result.assistant
    assert "missing (crm.deal.get): ошибка — Not found" in result.assistant
    assert result.state.objects.deal_id == "12" and "9" in result.state.objects.companies


async def test_batch_smuggling_is_blocked(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    cmd = {"read": "crm.deal.get?id=1", "evil": "crm.deal.delete?id=1"}
    orchestrator = make_orchestrator([reply([step("batch", {"cmd": cmd})])], mode="canary", call_bitrix=bitrix)
    result = await orchestrator.handle_message("u1", "x")
    assert bitrix.calls == [] and result.steps[0].outcome == "forbidden"
    assert "«evil»" in result.assistant


async def test_batch_needing_confirmation_waits_as_a_whole(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix({"batch": {"result": {"result": {"a": DEAL, "b": True}, "result_error": []}}})
    cmd = {"a": "crm.deal.get?id=12", "b": "crm.deal.update?id=12&fields[STAGE_ID]=WON"}
    orchestrator = make_orchestrator(
        [reply([step("batch", {"cmd": cmd})]), reply([])], mode="canary", call_bitrix=bitrix
    )
    first = await orchestrator.handle_message("u1", "x")
    assert bitrix.calls == [] and first.pending_confirmations[0].method == "batch"
    await orchestrator.handle_message("u1", "да")
    assert bitrix.methods() == ["batch"]


# --- degradation -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "failure",
    [
        ModelClientError("no key"),
        "ответ без блоков",
        "THOUGHT: x\nACTION: [oops]\nASSISTANT: y",
        RuntimeError("client bug"),
    ],
)
async def test_degradation_reply_without_action(
    make_orchestrator: MakeOrchestrator, tmp_path: Path, failure: object
) -> None:
    bitrix = RecordingBitrix()
    orchestrator = make_orchestrator([failure], call_bitrix=bitrix)
    result = await orchestrator.handle_message("u1", "Найди сделку")
    assert result.degraded and result.assistant == messages.DEGRADED
    assert bitrix.calls == [] and result.steps == []
    record = log_records(tmp_path)[-1]
    assert record["degraded"] is True and "error" in record["model"]
    assert result.state.turn == 1  # the state is still saved


async def test_degradation_still_honours_the_users_decision(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix()
    orchestrator = make_orchestrator([reply([UPDATE_75]), ModelClientError("down")], call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Поменяй сумму")
    result = await orchestrator.handle_message("u1", "нет")
    assert result.degraded and result.assistant.startswith(messages.DEGRADED)
    assert "Отменено: c1" in result.assistant and bitrix.calls == []


# --- sessions, input, logs -----------------------------------------------------------------------------


async def test_sessions_are_per_user_and_session_id(make_orchestrator: MakeOrchestrator) -> None:
    orchestrator = make_orchestrator([reply([UPDATE_75]), reply([]), reply([])], call_bitrix=RecordingBitrix())
    await orchestrator.handle_message("alice", "Поменяй сумму", session_id="s1")
    other_user = await orchestrator.handle_message("bob", "да", session_id="s1")
    other_session = await orchestrator.handle_message("alice", "да", session_id="s2")
    assert other_user.state.confirmations == [] and other_session.state.confirmations == []


@pytest.mark.parametrize("message", ["", "   ", "я" * 5000])
async def test_bad_input_is_refused_and_changes_nothing(
    make_orchestrator: MakeOrchestrator, tmp_path: Path, message: str
) -> None:
    orchestrator = make_orchestrator([reply([])])
    with pytest.raises(InputError):
        await orchestrator.handle_message("u1", message)
    assert not (tmp_path / "state").exists()


async def test_log_write_failure_never_breaks_the_reply(make_orchestrator: MakeOrchestrator, tmp_path: Path) -> None:
    (tmp_path / "logs").write_text("not a directory")  # the per-user log cannot be created
    orchestrator = make_orchestrator(
        [reply([step("crm.deal.get", {"id": 12})], "Ок.")], call_bitrix=RecordingBitrix({"crm.deal.get": DEAL})
    )
    result = await orchestrator.handle_message("u1", "Покажи сделку")
    assert result.assistant.startswith("Ок.")


async def test_transport_errors_are_reported(make_orchestrator: MakeOrchestrator) -> None:
    error = BitrixTransportError("портал не ответил за 30 с", method="crm.deal.get")
    orchestrator = make_orchestrator(
        [reply([step("crm.deal.get", {"id": 1})])], call_bitrix=RecordingBitrix({"crm.deal.get": error})
    )
    result = await orchestrator.handle_message("u1", "x")
    assert "портал недоступен — портал не ответил за 30 с" in result.assistant


async def test_at_most_twenty_steps_run_per_answer(make_orchestrator: MakeOrchestrator) -> None:
    bitrix = RecordingBitrix({"crm.deal.get": DEAL})
    steps = [step("crm.deal.get", {"id": i}) for i in range(25)]
    result = await make_orchestrator([reply(steps)], call_bitrix=bitrix).handle_message("u1", "x")
    assert len(bitrix.calls) == 20
    assert [s.outcome for s in result.steps].count("forbidden") == 5
    assert "5 шаг(ов) сверх предела 20" in result.assistant


async def test_case_variant_params_cannot_smuggle_past_the_policy_to_a_real_portal(
    make_orchestrator: MakeOrchestrator, portal_server: FakePortalServer
) -> None:
    """Over real HTTP: the fake portal, like Bitrix24, reads ``FIELDS`` / ``CMD`` too; nothing may run unchecked."""
    steps = [
        step("crm.deal.update", {"id": 1, "fields": {"TITLE": "x"}, "FIELDS": {"OPPORTUNITY": 1}}),
        step("batch", {"cmd": {"a": "crm.deal.get?id=1"}, "CMD": {"a": "crm.deal.delete?id=2"}}),
        step("batch", {"cmd": {"a": "crm.deal.update?id=3&fields[TITLE]=y&FIELDS[OPPORTUNITY]=7"}}),
    ]
    bitrix = BitrixClient(WebhookAuth(portal_server.webhook_url))
    orchestrator = make_orchestrator([reply(steps)], mode="canary", bitrix=bitrix)
    before = {i: portal_server.portal.storage.get("deal", i) for i in (1, 2, 3)}
    result = await orchestrator.handle_message("u1", "x")
    await orchestrator.aclose()
    assert [s.outcome for s in result.steps] == ["forbidden", "forbidden", "forbidden"]
    assert {i: portal_server.portal.storage.get("deal", i) for i in (1, 2, 3)} == before


async def test_step_repeated_without_a_claim_after_approval_is_not_asked_again(
    make_orchestrator: MakeOrchestrator,
) -> None:
    """A model that re-plans the step the user has just approved must not open a second request for it."""
    bitrix = RecordingBitrix()
    orchestrator = make_orchestrator([reply([UPDATE_75]), reply([UPDATE_75], "Меняю сумму.")], call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Поменяй сумму на 75 000")
    result = await orchestrator.handle_message("u1", "да")
    assert len(bitrix.calls) == 1
    assert [s.outcome for s in result.steps] == ["executed", "duplicate"]
    assert result.pending_confirmations == [] and "Требуется подтверждение" not in result.assistant


async def test_a_batch_waiting_for_confirmation_is_shown_decoded_and_whole(make_orchestrator: MakeOrchestrator) -> None:
    """The user approves what they can read: every command of the batch, decoded, none cut off."""
    cmd = {f"k{i}": f"crm.deal.update?id={i}&fields[TITLE]=%D0%A1%D0%B4%D0%B5%D0%BB%D0%BA%D0%B0+{i}" for i in range(9)}
    cmd["money"] = "crm.deal.update?id=12&fields%5BOPPORTUNITY%5D=1"
    orchestrator = make_orchestrator([reply([step("batch", {"halt": 0, "cmd": cmd})])], call_bitrix=RecordingBitrix())
    result = await orchestrator.handle_message("u1", "x")
    assert result.pending_confirmations[0].method == "batch"
    assert "  k8: Изменить название сделки (#8): (не удалось прочитать) → «Сделка 8»" in result.assistant
    assert "  money: Изменить сумму сделки (#12): (не удалось прочитать) → 1 ₽" in result.assistant
    assert "%D0" not in result.assistant


async def test_a_portal_error_that_echoes_a_secret_reaches_the_user_masked(make_orchestrator: MakeOrchestrator) -> None:
    from agentcore.util.redact import register_secret

    token = "echoed-webhook-token-5d1f"
    register_secret(token)
    error = BitrixError("", f"Bad request to https://example.bitrix24.ru/rest/1/{token}/crm.deal.get.json")
    bitrix = RecordingBitrix({"crm.deal.get": error})
    orchestrator = make_orchestrator([reply([step("crm.deal.get", {"id": 1})])], call_bitrix=bitrix)
    result = await orchestrator.handle_message("u1", "Покажи сделку 1")
    assert token not in result.assistant and "***" in result.assistant


async def test_wrong_auth_type_inside_a_batch_is_explained_too(
    make_orchestrator: MakeOrchestrator, portal_server: FakePortalServer
) -> None:
    cmd = {"deal": "crm.deal.get?id=1", "events": "event.get"}
    bitrix = BitrixClient(WebhookAuth(portal_server.webhook_url))
    orchestrator = make_orchestrator([reply([step("batch", {"cmd": cmd})])], mode="canary", bitrix=bitrix)
    result = await orchestrator.handle_message("u1", "x")
    await orchestrator.aclose()
    assert "Пакет batch: выполнено 1 из 2" in result.assistant
    assert "events (event.get): ошибка — метод доступен только приложению (WRONG_AUTH_TYPE)" in result.assistant
    assert messages.WRONG_AUTH_TYPE in result.assistant


async def test_an_unreadable_stored_state_starts_a_new_session(make_orchestrator: MakeOrchestrator) -> None:
    orchestrator = make_orchestrator([reply([])])
    await orchestrator.state_store.save("u1", "default", {"session_id": "default", "confirmations": "not a list"})
    result = await orchestrator.handle_message("u1", "привет")
    assert result.state.turn == 1 and result.state.confirmations == []


async def test_a_get_step_cannot_hide_a_critical_field_in_a_bracket_key(
    make_orchestrator: MakeOrchestrator, portal_server: FakePortalServer
) -> None:
    steps = [
        step("crm.deal.update", {"id": 1, "fields": {"TITLE": "x"}, "fields[OPPORTUNITY]": 5}, http_method="GET"),
        step("crm.deal.update", {"id": 2, "fields": {"OPPORTUNITY]": 6}}, http_method="GET"),
    ]
    bitrix = BitrixClient(WebhookAuth(portal_server.webhook_url))
    orchestrator = make_orchestrator([reply(steps)], mode="canary", bitrix=bitrix)
    result = await orchestrator.handle_message("u1", "x")
    await orchestrator.aclose()
    assert [s.outcome for s in result.steps] == ["needs_confirmation", "needs_confirmation"]
    assert [portal_server.portal.storage.get("deal", i)["OPPORTUNITY"] for i in (1, 2)] == ["250000.00", "180000.00"]


async def test_yes_and_no_in_one_message_runs_nothing(make_orchestrator: MakeOrchestrator) -> None:
    """«да c1, нет c2» must not approve c2 (ids anywhere pick the targets); «да нет, не надо» is a Russian no."""
    bitrix = RecordingBitrix()
    two = [UPDATE_75, step("crm.deal.delete", {"id": 5})]
    orchestrator = make_orchestrator([reply(two), reply([])], call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Поменяй сумму и удали сделку 5")
    for message in ("да c1, нет c2", "да нет, не надо"):
        result = await orchestrator.handle_message("u1", message)
        assert bitrix.calls == [] and [c.id for c in result.pending_confirmations] == ["c1", "c2"]
        assert messages.CONFLICTING_DECISION.format(id="c1") in result.assistant


async def test_the_hint_after_a_mixed_answer_names_a_pending_request(make_orchestrator: MakeOrchestrator) -> None:
    """Tryout 26 #21: with c3 the only pending request, «да нет, не надо» suggested «да c1» / «нет c1»."""
    bitrix = RecordingBitrix()
    three = [step("crm.deal.update", {"id": 12, "fields": {"OPPORTUNITY": n}}) for n in (1000, 2000, 3000)]
    orchestrator = make_orchestrator([reply(three), reply([]), reply([]), reply([])], call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Поменяй сумму трижды")
    await orchestrator.handle_message("u1", "нет c1")
    await orchestrator.handle_message("u1", "нет c2")
    result = await orchestrator.handle_message("u1", "да нет, не надо")
    assert bitrix.calls == [] and [c.id for c in result.pending_confirmations] == ["c3"]
    assert "например «да c3» или «нет c3»" in result.assistant and "c1»" not in result.assistant


async def test_a_conditional_yes_answers_the_question_and_keeps_the_request_pending(
    make_orchestrator: Any,
) -> None:
    bitrix = RecordingBitrix({"crm.deal.get": {"ID": "2", "TITLE": "Вектор"}, "crm.deal.delete": True})

    def model(messages: list[Any]) -> str:
        text = messages[-1].content
        if "Удали" in text:
            return reply([step("crm.deal.delete", {"id": 1})], "Удаляю.")
        if "сделку 2" in text:
            return reply([step("crm.deal.get", {"id": 2})], "Показываю сделку 2.")
        return reply([], "Понял.")

    orchestrator = make_orchestrator(model, mode="full", call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Удали сделку 1")
    for message in ("Да, но сначала покажи сделку 2", "Ок, а что именно будет удалено?", "Ага, щас", "ok?"):
        result = await orchestrator.handle_message("u1", message)
        assert [c.id for c in result.pending_confirmations] == ["c1"], message
        assert "Это не подтверждение" in result.assistant and "Удалить сделку" in result.assistant
    assert bitrix.methods() == ["crm.deal.get"]  # the question was acted on; nothing was deleted
    done = await orchestrator.handle_message("u1", "да")
    assert bitrix.methods() == ["crm.deal.get", "crm.deal.delete"] and done.pending_confirmations == []


async def test_only_a_real_model_judges_unclear_answers(make_orchestrator: Any) -> None:
    from agentcore.apps.crm.model_client import FakeModelClient

    class Judging(FakeModelClient):
        asked: ClassVar[list[str]] = []

        async def judge_approval(self, message: str, pending: Any) -> bool:
            self.asked.append(message)
            return message.startswith("Да, конечно")

    bitrix = RecordingBitrix({"crm.deal.delete": True})
    client = Judging(
        lambda messages: reply([step("crm.deal.delete", {"id": 1})] if "Удали" in messages[-1].content else [])
    )
    orchestrator = make_orchestrator(client, mode="full", call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Удали сделку 1")
    await orchestrator.handle_message("u1", "да")  # plain: decided without the model
    assert client.asked == [] and bitrix.methods() == ["crm.deal.delete"]
    await orchestrator.handle_message("u1", "Удали сделку 1")
    await orchestrator.handle_message("u1", "Да, конечно, удаляй её уже")
    assert client.asked == ["Да, конечно, удаляй её уже"] and bitrix.methods() == ["crm.deal.delete"] * 2
    # The offline/default client never judges an unclear message to be an approval.
    assert await FakeModelClient().judge_approval("Да, конечно, удаляй", []) is False


async def test_an_unclear_yes_naming_a_spent_id_in_cyrillic_approves_no_other_request(make_orchestrator: Any) -> None:
    """«Да, конечно, с1» (the Cyrillic «с») after c1 ran names c1: nothing is approved, even when a model judges the
    message a yes — the id went unread, so the one request still pending (c2) was approved and deal 2 deleted."""
    from agentcore.apps.crm.model_client import FakeModelClient

    class Judging(FakeModelClient):
        async def judge_approval(self, message: str, pending: Any) -> bool:
            return message.startswith("Да, конечно")

    def plan(messages: Any) -> str:
        text = messages[-1].content
        if "Удали сделки" in text:
            return reply([step("crm.deal.delete", {"id": 1}), step("crm.deal.delete", {"id": 2})])
        return reply([])

    bitrix = RecordingBitrix({"crm.deal.delete": True})
    orchestrator = make_orchestrator(Judging(plan), mode="full", call_bitrix=bitrix)
    asked = await orchestrator.handle_message("u1", "Удали сделки 1 и 2")
    assert [c.id for c in asked.pending_confirmations] == ["c1", "c2"]
    await orchestrator.handle_message("u1", "да c1")  # the Latin «c»
    assert bitrix.calls == [("crm.deal.delete", {"id": 1}, None)]
    after = await orchestrator.handle_message("u1", "Да, конечно, с1")
    assert bitrix.calls == [("crm.deal.delete", {"id": 1}, None)]
    assert [c.id for c in after.pending_confirmations] == ["c2"]


def _delete_then(second: str) -> Any:
    """A model that asks to delete deal 1, and answers anything else with ``second``."""

    def plan(messages: Any) -> str:
        return reply([step("crm.deal.delete", {"id": 1})], "Удаляю.") if "Удали" in messages[-1].content else second

    return plan


async def test_a_lone_surrogate_in_the_models_params_does_not_undo_an_approval(make_orchestrator: Any) -> None:
    """The approval turn's model asks for another change with ``"\\ud83d"`` (half an emoji) in a value: the digest of
    that step and the state's UTF-8 raised after c1 had run, so c1 stayed pending and the next «да» deleted again."""
    from agentcore.apps.crm.model_client import FakeModelClient

    broken = (
        'THOUGHT: x\nACTION:\n[{"method": "crm.deal.update", "params": {"id": 2, "fields": {"OPPORTUNITY": 5, '
        '"COMMENTS": "\\ud83d"}}, "comment": ""}]\nASSISTANT: Готово'
    )
    bitrix = RecordingBitrix({"crm.deal.delete": True, "crm.deal.update": True})
    orchestrator = make_orchestrator(FakeModelClient(_delete_then(broken)), mode="full", call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Удали сделку 1")
    approved = await orchestrator.handle_message("u1", "да c1")
    assert [c.params["fields"]["COMMENTS"] for c in approved.pending_confirmations] == ["\ud83d"]
    await orchestrator.handle_message("u1", "да c1")
    assert bitrix.methods() == ["crm.deal.delete"]


async def test_a_turn_whose_record_holds_a_lone_surrogate_is_audited(make_orchestrator: Any, tmp_path: Any) -> None:
    """The audit record of a turn whose model wrote ``"\\ud83d"`` in a step was dropped (not UTF-8): the delete it
    approved had no record."""
    from agentcore.apps.crm.model_client import FakeModelClient

    broken = (
        'THOUGHT: x\nACTION:\n[{"method": "crm.deal.update", "params": {"id": 2, "fields": {"OPPORTUNITY": 5, '
        '"COMMENTS": "\\ud83d"}}, "comment": ""}]\nASSISTANT: Готово'
    )
    bitrix = RecordingBitrix({"crm.deal.delete": True})
    orchestrator = make_orchestrator(FakeModelClient(_delete_then(broken)), mode="full", call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Удали сделку 1")
    await orchestrator.handle_message("u1", "да")
    records = log_records(tmp_path)
    assert [r["input"] for r in records] == ["Удали сделку 1", "да"]
    assert records[1]["bitrix"][0]["method"] == "crm.deal.delete"


async def test_a_turn_that_fails_after_running_an_approved_request_keeps_it_spent(
    make_orchestrator: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever fails after an approved request ran (here the reply's composition), the state is saved before the
    error goes on: the request is spent and the next «да» does not run it again."""
    from agentcore.apps.crm.model_client import FakeModelClient

    bitrix = RecordingBitrix({"crm.deal.delete": True})
    orchestrator = make_orchestrator(FakeModelClient(_delete_then(reply([]))), mode="full", call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Удали сделку 1")

    def broken(*_args: Any, **_kwargs: Any) -> str:
        raise RuntimeError("a bug after the call ran")

    with monkeypatch.context() as patched:
        patched.setattr(orchestrator, "_compose", broken)
        with pytest.raises(RuntimeError):
            await orchestrator.handle_message("u1", "да")
    again = await orchestrator.handle_message("u1", "да")
    assert bitrix.methods() == ["crm.deal.delete"] and again.pending_confirmations == []


async def test_undo_with_nothing_pending_says_what_ran_stays(make_orchestrator: MakeOrchestrator) -> None:
    """«Отмени последнее действие» after a rename ran was answered «Хорошо. Чем ещё помочь?» — read as «undone»
    while the rename stayed. A no with nothing waiting now says so, and an undo names the change that stays."""
    bitrix = RecordingBitrix({"crm.deal.update": True})
    rename = step("crm.deal.update", {"id": 12, "fields": {"TITLE": "Новое имя"}})
    orchestrator = make_orchestrator([reply([rename], "Переименовываю."), reply([], "Отменил.")], call_bitrix=bitrix)
    await orchestrator.handle_message("u1", "Переименуй сделку 12 в «Новое имя»")
    answer = await orchestrator.handle_message("u1", "отмени последнее действие")
    assert messages.NOTHING_TO_CANCEL in answer.assistant
    assert "последнее из них: Сделка #12 обновлена" in answer.assistant
    assert bitrix.methods() == ["crm.deal.update"]  # nothing else ran
    plain = await orchestrator.handle_message("u1", "нет")
    assert messages.NOTHING_TO_CANCEL in plain.assistant and "последнее из них" not in plain.assistant


async def test_undo_names_the_last_batch_that_wrote_not_a_later_one_that_read(
    make_orchestrator: MakeOrchestrator,
) -> None:
    """A batch's ``done`` entry counts as a change when one of the methods it lists is a write for the policy."""
    answers = {
        "batch": lambda cmd: {"result": {"result": {key: DEAL if "get" in key else True for key in cmd}}},
    }
    bitrix = RecordingBitrix(lambda method, params: answers[method](params["cmd"]))
    wrote = {"w": "crm.deal.update?id=12&fields[COMMENTS]=звонок", "w_get": "crm.deal.get?id=12"}
    read = {"r_get": "crm.deal.get?id=12"}
    orchestrator = make_orchestrator(
        [reply([step("batch", {"cmd": wrote})]), reply([step("batch", {"cmd": read})]), reply([], "Отменил.")],
        mode="canary",
        call_bitrix=bitrix,
    )
    await orchestrator.handle_message("u1", "Добавь комментарий и покажи сделку 12")
    await orchestrator.handle_message("u1", "Покажи сделку 12")
    answer = await orchestrator.handle_message("u1", "отмени последнее действие")
    assert bitrix.methods() == ["batch", "batch"]
    assert "последнее из них: batch: w (crm.deal.update), w_get (crm.deal.get)" in answer.assistant
