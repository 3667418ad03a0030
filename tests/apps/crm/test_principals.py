"""A pending request belongs to the authenticated principal: API keys, their users, per-key sessions."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.apps.crm.helpers import RecordingBitrix, reply, step

from agentcore.apps.crm.http import create_app
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.principals import KeyUsers, NotAllowedError
from agentcore.apps.crm.settings import CrmSettings
from agentcore.config import Settings
from agentcore.serving import BackgroundServer

VICTIM, ATTACKER, CONSOLE = "victim-key-1", "attacker-key-2", "console-key-3"
DELETE = step("crm.deal.delete", {"id": 1})


def _serve(orchestrator: Orchestrator, key_users: str | None) -> BackgroundServer:
    settings = Settings(crm=CrmSettings(http_api_tokens=f"{VICTIM},{ATTACKER},{CONSOLE}", key_users=key_users))
    return BackgroundServer(create_app(settings, orchestrator=orchestrator))


@pytest.fixture
def bitrix() -> RecordingBitrix:
    return RecordingBitrix({"crm.deal.delete": True})


@pytest.fixture
def orchestrator(make_orchestrator: Callable[..., Orchestrator], bitrix: RecordingBitrix) -> Orchestrator:
    def model(messages: list[Any]) -> str:
        text = messages[-1].content
        return reply([DELETE] if "Удали" in text else [], "Хорошо.")

    return make_orchestrator(model, call_bitrix=bitrix)


def _chat(url: str, key: str, user: str, message: str, **extra: object) -> httpx.Response:
    return httpx.post(url, json={"user_id": user, "message": message, **extra}, headers={"X-API-Key": key})


@pytest.fixture
def unmapped(orchestrator: Orchestrator) -> Iterator[str]:
    with _serve(orchestrator, None) as server:
        yield server.url + "/chat"


def test_another_keys_yes_with_the_victims_user_id_approves_nothing(unmapped: str, bitrix: RecordingBitrix) -> None:
    asked = _chat(unmapped, VICTIM, "olga", "Удали сделку 1")
    assert [c["id"] for c in asked.json()["pending_confirmations"]] == ["c1"]
    for attempt in (
        _chat(unmapped, ATTACKER, "olga", "да"),
        _chat(unmapped, ATTACKER, "olga", "да", confirmation={"id": "c1", "decision": "approve"}),
    ):
        assert attempt.status_code == 200
        assert attempt.json()["pending_confirmations"] == []  # another key: another session, nothing pending
    assert bitrix.methods() == []
    # The victim's request is still theirs and still pending.
    still = _chat(unmapped, VICTIM, "olga", "что ждёт подтверждения?")
    assert [c["id"] for c in still.json()["pending_confirmations"]] == ["c1"]
    approved = _chat(unmapped, VICTIM, "olga", "да")
    assert approved.status_code == 200 and bitrix.methods() == ["crm.deal.delete"]


def test_mapped_keys_share_their_users_sessions_and_others_get_403(
    orchestrator: Orchestrator, bitrix: RecordingBitrix
) -> None:
    mapping = f"{VICTIM}=olga; {CONSOLE}=*; {ATTACKER}=ivan"
    with _serve(orchestrator, mapping) as server:
        url = server.url + "/chat"
        assert _chat(url, VICTIM, "olga", "Удали сделку 1").status_code == 200
        refused = _chat(url, ATTACKER, "olga", "да")
        assert refused.status_code == 403 and refused.json()["code"] == "forbidden_user"
        assert "olga" in refused.json()["error"] and ATTACKER not in refused.text
        assert _chat(url, VICTIM, "ivan", "да").status_code == 403
        assert bitrix.methods() == []
        # The console acts as any user: it sees olga's session (the same principal) and may approve for her.
        shared = _chat(url, CONSOLE, "olga", "да")
        assert shared.status_code == 200 and bitrix.methods() == ["crm.deal.delete"]


def test_key_users_parse_and_refuse_without_quoting_keys() -> None:
    users = KeyUsers.parse(" k1 = a, b ; k2=* ;; ")
    assert users.owner("k1", "a") == "a" and users.owner("k2", "anyone") == "anyone"
    with pytest.raises(NotAllowedError):
        users.owner("k1", "c")
    scoped = users.owner("k3", "a")
    assert scoped != "a" and scoped.endswith(".a") and "k3" not in scoped
    assert KeyUsers.parse("").owner("k1", "a") != KeyUsers.parse("").owner("k2", "a")
    for bad in ("k1", "=a", "k1="):
        with pytest.raises(ValueError, match="AGENTCORE_CRM_KEY_USERS") as caught:
            KeyUsers.parse(bad)
        assert "k1" not in str(caught.value)


def test_an_unreadable_mapping_is_503_not_a_crash(orchestrator: Orchestrator, data_dir: Path) -> None:
    del data_dir
    with _serve(orchestrator, "no-equals-sign") as server:
        response = _chat(server.url + "/chat", VICTIM, "olga", "привет")
        assert response.status_code == 503 and response.json()["code"] == "crm_unavailable"
