"""The decision rules on their own: fingerprints, ids never reused, reading yes/no from the user's message."""

from __future__ import annotations

import pytest

from agentcore.apps.crm.confirmations import (
    classify,
    decision_kind,
    detect_decision,
    expire_stale,
    fingerprint,
    request_confirmation,
)
from agentcore.apps.crm.models import ActionStep, AgentState


def _state() -> AgentState:
    return AgentState(session_id="s", user_id="u")


def _update(amount: int, deal: int = 1) -> ActionStep:
    return ActionStep(method="crm.deal.update", params={"id": deal, "fields": {"OPPORTUNITY": amount}})


def test_fingerprint_binds_method_params_and_verb() -> None:
    base = fingerprint("crm.deal.update", {"id": 1, "fields": {"OPPORTUNITY": 5}})
    assert base == fingerprint("CRM.DEAL.UPDATE", {"fields": {"OPPORTUNITY": 5}, "id": 1}, "post")
    assert base != fingerprint("crm.deal.update", {"id": 1, "fields": {"OPPORTUNITY": 6}})
    assert base != fingerprint("crm.deal.update", {"id": "1", "fields": {"OPPORTUNITY": 5}})
    assert base != fingerprint("crm.deal.update", {"id": 1, "fields": {"OPPORTUNITY": 5}}, "GET")


def test_same_pending_step_is_not_queued_twice_and_ids_are_never_reused() -> None:
    state = _state()
    first, created = request_confirmation(state, _update(5), "r", 900)
    again, created_again = request_confirmation(state, _update(5), "r", 900)
    assert created and not created_again and again.id == first.id == "c1"
    second, _ = request_confirmation(state, _update(6), "r", 900)
    assert second.id == "c2"
    state.confirmations.clear()  # even if old records are pruned, the counter moves on
    third, _ = request_confirmation(state, _update(7), "r", 900)
    assert third.id == "c3"


def test_expired_requests_are_denied_by_the_system() -> None:
    state = _state()
    request, _ = request_confirmation(state, _update(5), "r", ttl_seconds=-1)
    assert [c.id for c in expire_stale(state)] == [request.id]
    assert request.status == "denied" and request.decided_by == "system"


def test_reading_decisions_from_the_users_message() -> None:
    state = _state()
    one, _ = request_confirmation(state, _update(5), "r", 900)
    assert detect_decision("Да", state).targets == [one]
    assert detect_decision("подтверждаю!", state).kind == "approve"
    assert detect_decision("не надо", state).kind == "deny"
    assert detect_decision("Нет, поставь 200000", state).kind == "deny"
    assert detect_decision("Найди сделку «Да»", state).kind is None
    assert detect_decision("данные по сделке", state).kind is None  # «да» must be a word of its own
    assert detect_decision("не знаю", state).kind is None

    two, _ = request_confirmation(state, _update(6), "r", 900)
    ambiguous = detect_decision("да", state)
    assert ambiguous.ambiguous and ambiguous.targets == []
    assert detect_decision("да c2", state).targets == [two]
    assert detect_decision("да, все", state).targets == [one, two]
    unknown = detect_decision("да c9", state)
    assert unknown.targets == [] and unknown.unknown_ids == ["c9"]


@pytest.mark.parametrize("message", ["да нет, не надо", "Да ну его", "да c1, нет c2", "да, но не надо", "ок... нет"])
def test_a_yes_taken_back_or_mixed_with_a_no_decides_nothing(message: str) -> None:
    state = _state()
    request_confirmation(state, _update(5), "r", 900)
    request_confirmation(state, _update(6), "r", 900)
    decision = detect_decision(message, state)
    assert decision.kind is None and decision.targets == [] and decision.conflicting


@pytest.mark.parametrize(
    "message",
    [
        "Ок, а что именно будет удалено?",
        "Да, но сначала покажи сделку 2",
        "Ага, щас",
        "ok?",
        "да?",
        "Да ладно",
        "ага, конечно",
        "да... наверное",
        "Да, если сумма не больше миллиона",
        "да, только завтра",
        "ок, покажи сначала",
        "да, кстати, а кто ответственный?",
        "Да, удали сделку 3",  # a new command, not an answer to the pending one
    ],
)
def test_questions_conditions_sarcasm_and_mixed_messages_are_not_approvals(message: str) -> None:
    state = _state()
    request_confirmation(state, _update(5), "r", 900)
    decision = detect_decision(message, state)
    assert decision.kind is None and decision.targets == [] and decision.unclear
    assert classify(message) == "unclear" and decision_kind(message) is None


@pytest.mark.parametrize(
    "message",
    [
        "да",
        "Да!",
        "ДА.",
        "подтверждаю",
        "Да, подтверждаю",
        "ок",
        "окей",
        "да, давай",
        "да, пожалуйста",
        "согласен",
        "конечно",
        "выполняй",
        "yes",
        "да, все",
        "подтверждаю c1",
        "Да c1",
    ],
)
def test_plain_yes_is_decided_without_a_model(message: str) -> None:
    assert classify(message) == "approve"


@pytest.mark.parametrize("message", ["нет", "Нет.", "отмена", "не надо", "отменить", "нет, спасибо", "стоп"])
def test_plain_no_is_decided_without_a_model(message: str) -> None:
    assert classify(message) == "deny"


def test_an_id_typed_with_the_cyrillic_letter_is_the_same_id() -> None:
    """«с2» typed on a Russian keyboard names c2 (it was no id at all: «да с2» decided nothing)."""
    state = _state()
    one, _ = request_confirmation(state, _update(5), "r", 900)
    two, _ = request_confirmation(state, _update(6), "r", 900)
    assert detect_decision("да с2", state).targets == [two]
    assert detect_decision("Да, С1", state).targets == [one]
    assert detect_decision("нет с1", state).targets == [one] and detect_decision("нет с1", state).kind == "deny"
    unknown = detect_decision("да с9", state)
    assert unknown.targets == [] and unknown.unknown_ids == ["c9"]
