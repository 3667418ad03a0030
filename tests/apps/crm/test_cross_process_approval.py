"""A request made in one process and approved in another (a second worker, the web console) reports its result in
the request's words: the approving process has read no stage names or field titles, the stored request has them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tests.apps.crm.helpers import reply, step

from agentcore.apps.crm.bitrix import BitrixClient, WebhookAuth
from agentcore.apps.crm.fake_portal import FakePortal, FakePortalServer
from agentcore.apps.crm.interaction_log import InteractionLogger
from agentcore.apps.crm.model_client import FakeModelClient
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.state_store import FileStateStore

pytestmark = pytest.mark.e2e

# The first worker: asks the model, which plans one update, and leaves the request pending in the shared store.
REQUESTER = """
import asyncio, json, sys
from pathlib import Path
from agentcore.apps.crm.bitrix import BitrixClient, WebhookAuth
from agentcore.apps.crm.interaction_log import InteractionLogger
from agentcore.apps.crm.model_client import FakeModelClient
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.state_store import FileStateStore

async def main() -> None:
    webhook, data, answer = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    agent = Orchestrator(
        FakeModelClient([answer]),
        BitrixClient(WebhookAuth(webhook)),
        FileStateStore(data / "state"),
        InteractionLogger(data / "logs-requester"),
        mode="canary",
    )
    try:
        result = await agent.handle_message("u1", "Переведи сделку 2 в успешные и поставь сумму 5000")
    finally:
        await agent.aclose()
    print(json.dumps([c.public() for c in result.pending_confirmations], ensure_ascii=False))

asyncio.run(main())
"""

CHANGE = step("crm.deal.update", {"id": 2, "fields": {"STAGE_ID": "WON", "OPPORTUNITY": 5000}})


async def test_a_request_approved_in_another_process_names_stages_as_the_request_did(
    tmp_path: Path, portal: FakePortal, portal_server: FakePortalServer
) -> None:
    made = subprocess.run(
        [sys.executable, "-c", REQUESTER, portal_server.webhook_url, str(tmp_path), reply([CHANGE], "Меняю.")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    (request,) = json.loads(made.stdout.strip().splitlines()[-1])
    assert "стадия сделки: «Новая» (NEW) → «Сделка успешна» (WON)" in request["summary"]

    approver = Orchestrator(  # this process has read nothing from the portal yet
        FakeModelClient([]),
        BitrixClient(WebhookAuth(portal_server.webhook_url)),
        FileStateStore(tmp_path / "state"),
        InteractionLogger(tmp_path / "logs"),
        mode="canary",
    )
    try:
        done = await approver.decide("u1", request["id"], True, fingerprint=request["fingerprint"])
    finally:
        await approver.aclose()

    assert portal.storage.get("deal", 2)["STAGE_ID"] == "WON"
    assert "Сделка #2 обновлена: стадия сделки → «Сделка успешна» (WON), сумма → 5 000 ₽." in done.assistant
    assert "«WON»" not in done.assistant
    # the words come from the stored request: the approval reads only the record it re-checks, then writes
    (record,) = [json.loads(line) for line in (tmp_path / "logs" / "u1.jsonl").read_text().splitlines()]
    assert [call["method"] for call in record["bitrix"]] == ["crm.deal.get", "crm.deal.update"]
