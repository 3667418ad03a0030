"""Every write path gets the check crm26 gave requested changes (apps/crm/request_check.py): a write the policy runs
without asking (canary / full: an update of non-critical fields) and each sub-command of a ``batch`` are refused
when a field does not exist on the entity or the record does not exist — over ``POST /chat`` against the fake
portal, whose database shows that nothing was written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.apps.crm.helpers import reply, step

from agentcore.apps.crm import build_orchestrator
from agentcore.apps.crm.fake_portal import FakePortal, FakePortalServer
from agentcore.apps.crm.http import create_app
from agentcore.apps.crm.model_client import FakeModelClient
from agentcore.apps.crm.settings import CrmSettings
from agentcore.config import Settings
from agentcore.serving import BackgroundServer

KEY = "write-check-key"


def _batch(cmd: dict[str, str]) -> dict[str, Any]:
    return step("batch", {"halt": 0, "cmd": cmd})


@pytest.fixture
def chat(portal_server: FakePortalServer, tmp_path: Path) -> Iterator[Any]:
    """``chat(mode, *steps)``: one ``/chat`` turn whose model plans ``steps``, on a server in ``mode``."""
    servers: list[BackgroundServer] = []
    orchestrators: list[Any] = []
    answers: list[str] = []

    def turn(mode: str, *steps: dict[str, Any]) -> dict[str, Any]:
        if not servers:
            settings = Settings(
                data_dir=tmp_path,
                crm=CrmSettings(http_api_tokens=KEY, bitrix_webhook_url=portal_server.webhook_url, mode=mode),
            )
            orchestrators.append(
                build_orchestrator(settings, model_client=FakeModelClient(lambda messages: answers.pop(0)), mode=mode)
            )
            servers.append(BackgroundServer(create_app(settings, orchestrator=orchestrators[0])).start())
        answers.append(reply(list(steps), "Делаю."))
        response = httpx.post(
            servers[0].url + "/chat", json={"user_id": "u", "message": "сделай"}, headers={"X-API-Key": KEY}, timeout=60
        )
        assert response.status_code == 200, response.text
        return response.json()

    yield turn
    for server in servers:
        server.stop()


@pytest.mark.parametrize("mode", ["canary", "full"])
def test_a_direct_write_with_an_unknown_field_or_a_missing_record_is_refused(
    chat: Any, portal: FakePortal, mode: str
) -> None:
    title = portal.storage.get("deal", 1)["TITLE"]
    stray = chat(mode, step("crm.deal.update", {"id": 1, "fields": {"TITLE": "Новое", "CONFIRMED": "Y"}}))
    assert "Не выполнено: у сделки нет поля «CONFIRMED» (см. crm.deal.fields)" in stray["assistant"], stray
    assert portal.storage.get("deal", 1)["TITLE"] == title and "CONFIRMED" not in portal.storage.get("deal", 1)
    missing = chat(mode, step("crm.deal.update", {"id": 99999, "fields": {"TITLE": "Новое"}}))
    assert "Не выполнено: Сделка #99999 не найдена в Bitrix24" in missing["assistant"], missing
    added = chat(mode, step("crm.contact.add", {"fields": {"NAME": "Ира", "WHATEVER": 1}}))
    assert "у контакта нет поля «WHATEVER»" in added["assistant"] and portal.storage.count("contact") == 3
    fine = chat(mode, step("crm.deal.update", {"id": 1, "fields": {"TITLE": "Новое"}}))
    assert "Не выполнено" not in fine["assistant"] and portal.storage.get("deal", 1)["TITLE"] == "Новое", fine


def test_each_sub_command_of_a_batch_is_checked(chat: Any, portal: FakePortal) -> None:
    before = portal.storage.get("deal", 2)["TITLE"]
    stray = chat(
        "canary",
        _batch({"ok": "crm.deal.update?id=2&fields[TITLE]=Пакет", "bad": "crm.deal.update?id=1&fields[STRAY]=1"}),
    )
    assert "команда «bad» пакета: у сделки нет поля «STRAY»" in stray["assistant"], stray
    assert portal.storage.get("deal", 2)["TITLE"] == before  # the whole batch was not sent
    missing = chat("canary", _batch({"gone": "crm.deal.update?id=99999&fields[TITLE]=x"}))
    assert "команда «gone» пакета: Сделка #99999 не найдена" in missing["assistant"], missing
    # a batch that needs confirmation is not put up for a «да» either
    critical = chat("canary", _batch({"sum": "crm.deal.update?id=2&fields[OPPORTUNITY]=5&fields[NOPE]=1"}))
    assert critical["pending_confirmations"] == [] and "у сделки нет поля «NOPE»" in critical["assistant"], critical
    # references to earlier results are the portal's to resolve: not looked up, the batch runs
    fine = chat(
        "canary",
        _batch(
            {"new": "crm.deal.add?fields[TITLE]=Из пакета", "ren": "crm.deal.update?id=$result[new]&fields[TITLE]=Ок"}
        ),
    )
    assert "Не выполнено" not in fine["assistant"], fine
    assert portal.storage.count("deal") == 6 and portal.storage.get("deal", 2)["TITLE"] == before
