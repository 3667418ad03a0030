"""«Эта сделка» right after a search that found several deals (offline provider, fake portal over real HTTP): the
reply says the search found them and names each, so the user can pick — not «сначала найдите её»."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentcore.apps.crm import build_orchestrator
from agentcore.apps.crm.fake_portal import FakePortal, serve_fake_portal
from agentcore.apps.crm.settings import CrmSettings
from agentcore.config import Settings

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("request_text", ["Измени сумму этой сделки на 75 000", "Покажи эту сделку"])
async def test_this_deal_after_two_were_found_names_both(portal: FakePortal, data_dir: Path, request_text: str) -> None:
    code = portal.create_webhook("1", "this-deal-webhook-code")
    with serve_fake_portal(portal) as server:
        settings = Settings(crm=CrmSettings(bitrix_webhook_url=f"{server.url}/rest/1/{code}/", mode="canary"))
        orchestrator = build_orchestrator(settings)
        try:
            found = await orchestrator.handle_message("manager", "Найди сделку «Ромашка»")
            assert "Найдено сделок: 2" in found.assistant
            asked = await orchestrator.handle_message("manager", request_text)
        finally:
            await orchestrator.aclose()
    assert "сначала найдите" not in asked.assistant
    assert "Поиск нашёл несколько сделок:" in asked.assistant
    assert "«Ромашка: сервисный контракт»" in asked.assistant and "«Ромашка: поставка насосов»" in asked.assistant
    assert asked.pending_confirmations == [] and asked.steps == []
