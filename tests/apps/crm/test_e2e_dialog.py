"""End to end on the offline provider against the fake portal over real HTTP: find, create (canary), change the
amount (confirmation asked, approved, executed once), read back so ``agent_state.objects`` fills."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from tests.apps.crm.helpers import oauth_settings

from agentcore.apps.crm import build_orchestrator
from agentcore.apps.crm.fake_portal import FakePortal, serve_fake_portal
from agentcore.apps.crm.settings import CrmSettings
from agentcore.config import Settings
from agentcore.trace.logs import setup_logging

pytestmark = pytest.mark.e2e


async def test_dialog_against_the_fake_portal(portal: FakePortal, data_dir: Path) -> None:
    code = portal.create_webhook("1", "e2e-secret-webhook-code")
    with serve_fake_portal(portal) as server:
        webhook = f"{server.url}/rest/1/{code}/"
        settings = Settings(crm=CrmSettings(bitrix_webhook_url=webhook, mode="canary"))
        setup_logging(settings.log_dir / "agentcore.log")
        orchestrator = build_orchestrator(settings)
        try:
            found = await orchestrator.handle_message("manager", "Найди сделку «Ромашка»")
            assert "Найдено сделок: 2" in found.assistant and "Ромашка: поставка насосов" in found.assistant

            created = await orchestrator.handle_message(
                "manager", "Создай сделку «Поставка фильтров» на 50 000 рублей для компании «Ромашка»"
            )
            # An amount is a critical field in an add as in an update: the user approves it first.
            assert created.mode == "canary" and created.steps[0].outcome == "needs_confirmation"
            assert portal.storage.get("deal", 6) is None
            created = await orchestrator.handle_message("manager", "да")
            assert "Создана сделка #6." in created.assistant
            assert portal.storage.get("deal", 6)["COMPANY_ID"] == "1"  # linked through the $result reference

            asked = await orchestrator.handle_message("manager", "Измени сумму этой сделки на 75 000")
            assert [c.method for c in asked.pending_confirmations] == ["crm.deal.update"]
            assert "Требуется подтверждение c2" in asked.assistant
            assert portal.storage.get("deal", 6)["OPPORTUNITY"] == "50000.00"
            updates_before = sum(1 for method, _ in portal.calls if method == "crm.deal.update")

            approved = await orchestrator.handle_message("manager", "да")
            # the result words the change as the confirmation did, never the API field and a raw number
            assert "Изменить сумму сделки «Поставка фильтров» (#6): 50 000 ₽ → 75 000 ₽" in asked.assistant
            assert "Сделка #6 обновлена: сумма → 75 000 ₽." in approved.assistant
            assert portal.storage.get("deal", 6)["OPPORTUNITY"] == "75000.00"
            assert sum(1 for method, _ in portal.calls if method == "crm.deal.update") == updates_before + 1

            again = await orchestrator.handle_message("manager", "да")  # nothing left to approve: no second update
            assert sum(1 for method, _ in portal.calls if method == "crm.deal.update") == updates_before + 1
            assert "нет действий, ожидающих подтверждения" in again.assistant

            read = await orchestrator.handle_message("manager", "Покажи эту сделку")
            assert "75 000 ₽" in read.assistant
            objects = read.state.objects
            assert objects.deal_id == "6" and objects.company_id == "1"
            assert objects.deals["6"]["OPPORTUNITY"] == "75000.00" and objects.deals["6"]["COMPANY_ID"] == "1"
            assert "6" in objects.companies["1"]["DEAL_IDS"]

            assert not orchestrator.manages_events  # a webhook: the greeting does not offer «Покажи подписки»
            subscriptions = await orchestrator.handle_message("manager", "Покажи подписки")
            assert "только в контексте приложения (OAuth)" in subscriptions.assistant  # WRONG_AUTH_TYPE via webhook
        finally:
            await orchestrator.aclose()
        for handler in logging.getLogger("agentcore").handlers:
            handler.flush()
    logs = [*(data_dir / "logs").rglob("*.jsonl"), data_dir / "logs" / "agentcore.log"]
    assert logs and all(p.exists() for p in logs)
    for path in logs:
        assert code not in path.read_text(encoding="utf-8"), path
    state_files = list((data_dir / "crm" / "state").rglob("*.json"))
    assert state_files and all(code not in p.read_text(encoding="utf-8") for p in state_files)
    setup_logging(None)


async def test_oauth_portal_can_manage_event_subscriptions(portal: FakePortal, data_dir: Path) -> None:
    client_id, secret = portal.create_app()
    access, refresh = portal.issue_tokens(client_id)
    portal.expire_token(access)  # the first call refreshes the token
    with serve_fake_portal(portal) as server:
        settings = oauth_settings(server.url, client_id, secret, access, refresh, mode="full")
        orchestrator = build_orchestrator(settings)
        try:
            assert orchestrator.manages_events  # an OAuth application: the greeting offers «Покажи подписки»
            asked = await orchestrator.handle_message("admin", "Подпишись на создание сделок https://example.com/hook")
            assert asked.pending_confirmations[0].method == "event.bind"
            bound = await orchestrator.handle_message("admin", "да")
            assert "Подписка на ONCRMDEALADD создана." in bound.assistant
            listed = await orchestrator.handle_message("admin", "Покажи подписки")
            assert listed.state.event_bindings == [
                {"event": "ONCRMDEALADD", "handler": "https://example.com/hook", "auth_type": "0", "offline": 0}
            ]
        finally:
            await orchestrator.aclose()
    saved = (data_dir / "crm" / "state" / "@oauth_tokens.json").read_text(encoding="utf-8")
    assert access not in saved  # the refreshed tokens were kept for the next start
    for path in (data_dir / "logs").rglob("*.jsonl"):
        text = path.read_text(encoding="utf-8")
        assert access not in text and refresh not in text and secret not in text


async def test_without_a_portal_a_local_fake_starts_in_process(data_dir: Path) -> None:
    orchestrator = build_orchestrator(Settings())
    try:
        assert orchestrator.portal_description == "локальный тестовый портал (демо-данные)"
        result = await orchestrator.handle_message("u", "Покажи сделку 3")
        assert "Вектор: внедрение CRM" in result.assistant
    finally:
        await orchestrator.aclose()
    assert (data_dir / "crm" / "fake_portal.sqlite3").exists()


async def test_everyday_phrasings_against_the_fake_portal(portal: FakePortal, data_dir: Path) -> None:
    """Inflected names, «эта сделка» with no deal chosen, a deal's contact, an amount change without «сделка»."""
    with serve_fake_portal(portal) as server:
        orchestrator = build_orchestrator(
            Settings(
                crm=CrmSettings(bitrix_webhook_url=server.webhook_url, mode="canary"),
            )
        )
        try:
            found = await orchestrator.handle_message("m", "найди сделку по Ромашке")
            assert "Найдено сделок: 2" in found.assistant
            which = await orchestrator.handle_message("m", "покажи эту сделку")
            assert which.steps == [] and "Поиск нашёл несколько сделок: #2" in which.assistant  # named to pick from

            contact = await orchestrator.handle_message("m", "покажи контакт сделки 1")
            assert "Пакет batch: выполнено 2 из 2" in contact.assistant
            assert "Контакт #1: Иван Петров" in contact.assistant
            objects = contact.state.objects
            assert (objects.deal_id, objects.contact_id, objects.company_id) == ("1", "1", "1")
            assert objects.deals["1"]["CONTACT_IDS"] == ["1"] and "1" in objects.contacts["1"]["DEAL_IDS"]

            asked = await orchestrator.handle_message("m", "поменяй сумму на 80 000")
            assert [(c.method, c.params) for c in asked.pending_confirmations] == [
                ("crm.deal.update", {"id": 1, "fields": {"OPPORTUNITY": 80000}})
            ]
        finally:
            await orchestrator.aclose()
