"""The confirmation inbox over real sockets: ``GET /chat/confirmations`` and ``POST /chat/confirmations/decide``
against the fake portal (demo data) with the offline planner — names and before → after in every request, a
decision bound to the request's fingerprint, the change made exactly once; sessions kept in a per-request
``state_dir`` are listed (and decided) too."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from agentcore.apps.crm.confirmations import fingerprint
from agentcore.apps.crm.fake_portal import FakePortal, serve_fake_portal
from agentcore.apps.crm.http import create_app
from agentcore.apps.crm.settings import CrmSettings
from agentcore.config import Settings
from agentcore.serving import BackgroundServer

KEY = "inbox-test-key"
OTHER_KEY = "inbox-other-key"
HEADERS = {"X-API-Key": KEY}
CHANGE_AMOUNT = "Измени сумму сделки «Вектор: внедрение CRM» на 1500000"
CHANGE_STAGE = "переведи сделку «Ромашка: сервисный контракт» на стадию Подготовка"


@dataclass
class Served:
    url: str
    portal: FakePortal

    def chat(self, message: str, session: str = "s1", user: str = "manager", **extra: Any) -> dict[str, Any]:
        body = {"user_id": user, "message": message, "session_id": session, **extra}
        response = httpx.post(self.url + "/chat", json=body, headers=HEADERS, timeout=30)
        assert response.status_code == 200, response.text
        return dict(response.json())

    def inbox(self, user: str = "manager", key: str = KEY, **params: str) -> list[dict[str, Any]]:
        response = httpx.get(
            self.url + "/chat/confirmations",
            params={"user_id": user, **params},
            headers={"X-API-Key": key},
            timeout=30,
        )
        assert response.status_code == 200, response.text
        return list(response.json()["confirmations"])

    def decide(self, item: dict[str, Any], decision: str, **override: Any) -> httpx.Response:
        body = {
            "user_id": "manager",
            "session_id": item["session_id"],
            "id": item["id"],
            "fingerprint": item["fingerprint"],
            "decision": decision,
            **({"state_dir": item["state_dir"]} if item.get("state_dir") else {}),
            **override,
        }
        return httpx.post(self.url + "/chat/confirmations/decide", json=body, headers=HEADERS, timeout=30)

    def updates(self) -> int:
        """How many ``crm.deal.update`` calls the portal has served."""
        return sum(1 for method, _auth in self.portal.calls if method == "crm.deal.update")


@contextmanager
def _serve(portal: FakePortal, **crm: Any) -> Iterator[Served]:
    code = portal.create_webhook("1", "inbox-secret-webhook-code")
    with serve_fake_portal(portal) as fake:
        config = Settings(
            crm=CrmSettings(
                bitrix_webhook_url=f"{fake.url}/rest/1/{code}/",
                mode="canary",
                http_api_tokens=f"{KEY},{OTHER_KEY}",
                **crm,
            )
        )
        with BackgroundServer(create_app(config)) as server:
            yield Served(server.url, portal)


@pytest.fixture
def served(portal: FakePortal) -> Iterator[Served]:
    with _serve(portal) as served:
        yield served


def test_a_stale_request_leaves_the_inbox_and_cannot_be_approved(portal: FakePortal) -> None:
    with _serve(portal, confirmation_ttl=1.0) as served:
        served.chat(CHANGE_AMOUNT)
        (item,) = served.inbox()
        time.sleep(1.2)
        assert served.inbox() == []
        stale = served.decide(item, "approve")
        assert stale.status_code == 409 and stale.json()["code"] == "confirmation_not_pending"
        assert served.updates() == 0 and portal.storage.get("deal", 3)["OPPORTUNITY"] == "1200000.00"


def test_the_inbox_lists_every_session_with_names_and_before_after(served: Served) -> None:
    served.chat(CHANGE_AMOUNT, session="s1")
    served.chat(CHANGE_STAGE, session="s2")
    items = served.inbox()
    assert [(i["session_id"], i["id"], i["method"]) for i in items] == [
        ("s1", "c1", "crm.deal.update"),
        ("s2", "c1", "crm.deal.update"),
    ]
    amount, stage = items
    (detail,) = amount["details"]
    assert detail["action"] == "update" and detail["entity"] == "deal"
    assert detail["target"] == "«Вектор: внедрение CRM» (#3)"
    assert detail["changes"] == [{"field": "сумма", "before": "1 200 000 ₽", "after": "1 500 000 ₽"}]
    assert stage["details"][0]["changes"][0]["before"] == "«Новая» (NEW)"
    assert stage["details"][0]["changes"][0]["after"] == "«Подготовка документов» (PREPARATION)"
    assert amount["fingerprint"] == fingerprint(amount["method"], amount["params"], None)
    # another key's space and another user are other inboxes
    assert served.inbox(key=OTHER_KEY) == [] and served.inbox(user="someone-else") == []


def test_sessions_in_a_per_request_state_dir_are_listed_and_decided(served: Served, data_dir: Path) -> None:
    served.chat(CHANGE_AMOUNT, session="s1")
    served.chat(CHANGE_STAGE, session="s9", state_dir="teams/sales")
    assert (data_dir / "crm" / "teams" / "sales").is_dir()
    items = served.inbox()
    assert [(i["session_id"], i["state_dir"]) for i in items] == [("s1", None), ("s9", "teams/sales")]
    (only,) = served.inbox(state_dir="teams/sales")
    assert only == items[1]
    assert served.inbox(key=OTHER_KEY) == [] and served.inbox(user="someone-else") == []
    # the decision goes to the session's own directory: without it, the default store has no such request
    missing = served.decide({**only, "state_dir": None}, "approve")
    assert missing.status_code == 409 and missing.json()["code"] == "confirmation_not_pending"
    decided = served.decide(only, "approve")
    assert decided.status_code == 200 and decided.json()["outcome"] == "executed", decided.text
    assert served.updates() == 1 and served.portal.storage.get("deal", 2)["STAGE_ID"] == "PREPARATION"
    assert [(i["session_id"], i["state_dir"]) for i in served.inbox()] == [("s1", None)]
    again = served.decide(only, "approve")
    assert again.status_code == 409 and served.updates() == 1


def test_a_state_dir_is_remembered_across_a_restart_and_checked(portal: FakePortal, data_dir: Path) -> None:
    with _serve(portal) as served:
        served.chat(CHANGE_AMOUNT, session="kept", state_dir="teams/kept")
    with _serve(portal) as served:  # a new process state: the directory is found from its marker
        assert [(i["session_id"], i["state_dir"]) for i in served.inbox()] == [("kept", "teams/kept")]
        outside = httpx.get(
            served.url + "/chat/confirmations",
            params={"user_id": "manager", "state_dir": "../../etc"},
            headers=HEADERS,
            timeout=30,
        )
        assert outside.status_code == 400 and outside.json()["code"] == "invalid_input"
        forged = served.decide({"session_id": "kept", "id": "c1", "fingerprint": "a" * 64}, "approve", state_dir="/etc")
        assert forged.status_code == 400 and forged.json()["code"] == "invalid_input" and served.updates() == 0


def test_approve_runs_the_change_exactly_once(served: Served) -> None:
    served.chat(CHANGE_AMOUNT)
    (item,) = served.inbox()
    response = served.decide(item, "approve")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["outcome"] == "executed" and body["pending_confirmations"] == []
    assert served.portal.storage.get("deal", 3)["OPPORTUNITY"] == "1500000.00"
    assert served.updates() == 1
    again = served.decide(item, "approve")  # spent: a second click changes nothing
    assert again.status_code == 409 and again.json()["code"] == "confirmation_not_pending"
    assert served.updates() == 1 and served.inbox() == []


def test_deny_changes_nothing(served: Served) -> None:
    served.chat(CHANGE_AMOUNT)
    (item,) = served.inbox()
    response = served.decide(item, "deny")
    assert response.status_code == 200 and response.json()["outcome"] == "denied"
    assert served.updates() == 0 and served.portal.storage.get("deal", 3)["OPPORTUNITY"] == "1200000.00"
    assert served.inbox() == []


def test_a_decision_on_an_altered_action_is_refused(served: Served) -> None:
    served.chat(CHANGE_AMOUNT)
    (item,) = served.inbox()
    forged_params = {"id": 3, "fields": {"OPPORTUNITY": 1}}
    forged = served.decide(item, "approve", fingerprint=fingerprint("crm.deal.update", forged_params, None))
    assert forged.status_code == 409, forged.text
    assert forged.json()["code"] == "confirmation_changed"
    assert served.updates() == 0
    assert [i["id"] for i in served.inbox()] == ["c1"]  # still waiting for a real decision
    # the same id in another session is another request: its fingerprint does not carry over
    served.chat(CHANGE_STAGE, session="s2")
    other = next(i for i in served.inbox() if i["session_id"] == "s2")
    crossed = served.decide({**other, "fingerprint": item["fingerprint"]}, "approve")
    assert crossed.status_code == 409 and crossed.json()["code"] == "confirmation_changed"
    assert served.decide(item, "approve").json()["outcome"] == "executed"
    assert served.updates() == 1 and served.portal.storage.get("deal", 2)["STAGE_ID"] == "NEW"


def test_post_chat_honours_the_fingerprint_too(served: Served) -> None:
    asked = served.chat(CHANGE_AMOUNT)
    (pending,) = asked["pending_confirmations"]
    assert pending["details"][0]["target"] == "«Вектор: внедрение CRM» (#3)" and len(pending["fingerprint"]) == 64
    wrong = {"id": "c1", "decision": "approve", "fingerprint": "0" * 64}
    refused = served.chat("подтверждаю", confirmation=wrong)
    assert "действие отличается" in refused["assistant"] and served.updates() == 0
    right = {"id": "c1", "decision": "approve", "fingerprint": pending["fingerprint"]}
    served.chat("подтверждаю", confirmation=right)
    assert served.updates() == 1


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"fingerprint": "xyz"}, 400, "validation_error"),
        ({"fingerprint": None}, 400, "validation_error"),
        ({"decision": "maybe"}, 400, "validation_error"),
        ({"user_id": ""}, 400, "validation_error"),
        ({"id": "c99"}, 409, "confirmation_not_pending"),
    ],
)
def test_bad_decisions(served: Served, body: dict[str, Any], status: int, code: str) -> None:
    item = {"session_id": "s1", "id": "c1", "fingerprint": "a" * 64}
    decision = body.pop("decision", "approve")
    response = served.decide(item, decision, **body)
    assert response.status_code == status, response.text
    assert set(response.json()) == {"error", "code"} and response.json()["code"] == code


def test_the_inbox_needs_the_key(served: Served) -> None:
    for headers in ({}, {"X-API-Key": "wrong"}):
        response = httpx.get(served.url + "/chat/confirmations", params={"user_id": "manager"}, headers=headers)
        assert response.status_code == 401 and response.json()["code"] == "unauthorized"
        decided = httpx.post(served.url + "/chat/confirmations/decide", json={}, headers=headers)
        assert decided.status_code == 401
    missing = httpx.get(served.url + "/chat/confirmations", headers=HEADERS)
    assert missing.status_code == 400 and missing.json()["code"] == "validation_error"


@pytest.mark.parametrize("field", ["state_dir", "log_dir"])
@pytest.mark.parametrize("value", ["@state_dirs", "@state_dirs/manager", "./@state_dirs/someone/x"])
def test_the_index_of_state_dirs_is_no_state_or_log_dir(served: Served, data_dir: Path, field: str, value: str) -> None:
    served.chat(CHANGE_AMOUNT, session="kept", state_dir="teams/kept")  # the index folder exists
    index = data_dir / "crm" / "@state_dirs"
    before = sorted(index.rglob("*"))
    response = httpx.post(
        served.url + "/chat",
        json={"user_id": "manager", "message": CHANGE_STAGE, "session_id": "s2", field: value},
        headers=HEADERS,
        timeout=30,
    )
    assert response.status_code == 400 and response.json()["code"] == "invalid_input", response.text
    assert sorted(index.rglob("*")) == before  # nothing written into the index
    listed = httpx.get(
        served.url + "/chat/confirmations",
        params={"user_id": "manager", "state_dir": value},
        headers=HEADERS,
        timeout=30,
    )
    assert listed.status_code == 400 and listed.json()["code"] == "invalid_input"
    assert [(i["session_id"], i["state_dir"]) for i in served.inbox()] == [("kept", "teams/kept")]


def test_a_change_approved_after_another_change_to_the_field_is_asked_again(served: Served) -> None:
    """Tryout 26 #5: two sessions ask to change deal 3's amount, both shown «Было 1 200 000 ₽»; the second one
    approved must not overwrite the first: nothing is written, the reply says the deal changed and shows the same
    change again with the new «Было» as a new request, which the user may approve."""
    served.chat("Измени сумму сделки 3 на 111000", session="s-a")
    served.chat("Измени сумму сделки 3 на 222000", session="s-b")
    first, second = served.inbox()
    assert first["details"][0]["changes"][0]["before"] == second["details"][0]["changes"][0]["before"] == "1 200 000 ₽"
    assert served.decide(second, "approve").json()["outcome"] == "executed"
    assert served.portal.storage.get("deal", 3)["OPPORTUNITY"] == "222000.00" and served.updates() == 1
    stale = served.decide(first, "approve")
    assert stale.status_code == 200, stale.text
    answer = stale.json()
    assert answer["outcome"] == "stale"
    assert served.updates() == 1 and served.portal.storage.get("deal", 3)["OPPORTUNITY"] == "222000.00"
    assert f"Запрос {first['id']} не выполнен: сделка #3 изменилась после запроса" in answer["assistant"]
    assert "сумма сейчас 222 000 ₽, а в запросе было 1 200 000 ₽" in answer["assistant"]
    assert "Ничего не записано" in answer["assistant"] and "Готово" not in answer["assistant"]
    (again,) = answer["pending_confirmations"]
    assert again["id"] != first["id"] and again["params"] == first["params"]
    assert again["details"][0]["changes"] == [{"field": "сумма", "before": "222 000 ₽", "after": "111 000 ₽"}]
    assert f"Требуется подтверждение {again['id']}" in answer["assistant"]
    assert [(i["session_id"], i["id"]) for i in served.inbox()] == [("s-a", again["id"])]
    # the old request is spent; the new one, approved over what it showed, runs once
    assert served.decide(first, "approve").status_code == 409
    done = served.decide({**again, "session_id": "s-a"}, "approve")
    assert done.json()["outcome"] == "executed", done.text
    assert served.updates() == 2 and served.portal.storage.get("deal", 3)["OPPORTUNITY"] == "111000.00"


def test_a_change_approved_by_message_checks_the_record_too(served: Served) -> None:
    """The same check for «да» in the dialog (the one place is the orchestrator's run of an approved request); a
    field the other change did not touch does not stop the request."""
    served.chat("Измени сумму сделки 3 на 111000", session="s-a")
    served.chat("Измени сумму сделки 3 на 333000", session="s-c")
    renamed = served.chat("Переименуй сделку 3 в «Вектор: новое название»", session="s-b")  # a title: no «да»
    assert served.portal.storage.get("deal", 3)["TITLE"] == "Вектор: новое название", renamed
    answer = served.chat("да", session="s-a")  # the title changed, not the amount: runs
    assert "обновлена" in answer["assistant"] and served.portal.storage.get("deal", 3)["OPPORTUNITY"] == "111000.00"
    updates = served.updates()
    answer = served.chat("да", session="s-c")  # the amount it showed (1 200 000) is gone: asked again
    assert served.updates() == updates and served.portal.storage.get("deal", 3)["OPPORTUNITY"] == "111000.00"
    assert "сумма сейчас 111 000 ₽, а в запросе было 1 200 000 ₽" in answer["assistant"]
    (again,) = answer["pending_confirmations"]
    assert again["details"][0]["changes"][0]["before"] == "111 000 ₽"


def test_ready_is_said_only_when_a_write_ran(served: Served) -> None:
    """Tryout 26 #6: «Готово.» answered a bare «да» with two requests pending (nothing ran) and an approval whose
    call failed («не найдена»); the reply now starts with what happened."""
    served.chat("Измени сумму сделки 3 на 111000", session="g")
    served.chat("Измени сумму сделки 2 на 5000", session="g")
    ambiguous = served.chat("да", session="g")["assistant"]
    assert ambiguous.startswith("Ничего не выполнено") and "Готово" not in ambiguous, ambiguous
    assert "уточните номер" in ambiguous and served.updates() == 0
    served.portal.storage.delete("deal", 3)  # deleted by someone while the request waited
    failed = served.chat("да c1", session="g")["assistant"]
    assert failed.startswith("Ничего не выполнено") and "Готово" not in failed, failed
    assert "не найдена" in failed
    done = served.chat("да c2", session="g")["assistant"]
    assert done.startswith("Готово.") and served.portal.storage.get("deal", 2)["OPPORTUNITY"] == "5000.00", done
