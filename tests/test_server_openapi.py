"""Fuzzing the one app against its own OpenAPI document with schemathesis (ASGI transport, no sockets).

Every operation of ``/openapi.json`` gets valid and invalid requests generated from its schema: no 5xx, every
response conforms to the schema (status documented, body valid), every 4xx is ``{"error", "code"}``, valid data
is accepted and invalid data rejected.  Examples per operation are bounded and derandomised (the same cases on
every run), so CI stays fast and a failure reproduces; ``benchmarks/http_fuzz.py`` runs the long version.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr

from agentcore.apps.crm.settings import CrmSettings
from agentcore.config import Settings
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.server import create_app
from agentcore.testing.fuzz import fuzz_openapi

ADMIN = "fuzz-admin-token"
API_KEY = "fuzz-api-key"
MAX_EXAMPLES = 30


# pytest-timeout's default (120 s) fires inside a Hypothesis case on a loaded machine (the whole run took 139 s under
# load): its Failed is a BaseException Hypothesis takes for the case's failure, replays, sees pass and reports as a
# FlakyFailure of whichever operation was running — the "flaky" analytics/dashboard failures of earlier runs.
@pytest.mark.timeout(600)
def test_openapi_fuzz(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import agentcore.rag.engine as engine
    import agentcore.rag.indexer as indexer

    # A small knowledge base and a cheap embedder keep indexing fast; the routes are what is under test.
    kb = data_dir / "kb"
    kb.mkdir()
    (kb / "vacation.md").write_text("# Отпуск\n\nОтпуск длится 28 календарных дней.", encoding="utf-8")
    (kb / "vpn.md").write_text("# VPN\n\nУстановите клиент OpenVPN и загрузите профиль.", encoding="utf-8")
    monkeypatch.setattr(indexer, "bundled_kb_path", lambda: kb)
    monkeypatch.setattr(engine, "create_embedder", lambda *args, **kwargs: HashingEmbedder())
    app = create_app(Settings(admin_tokens=SecretStr(ADMIN), crm=CrmSettings(http_api_tokens=SecretStr(API_KEY))))
    # With the tokens every route is fuzzed past its auth check (indexing, switching collections, the CRM chat).
    headers = {"Authorization": f"Bearer {ADMIN}", "X-API-Key": API_KEY}
    with TestClient(app):  # runs the routers' lifespans (the CRM builds its orchestrator at start-up)
        report = fuzz_openapi(app, max_examples=MAX_EXAMPLES, headers=headers)
    print(report.summary())  # the figures of the run (pytest -s)
    assert not report.failures, report.summary()
    assert report.server_errors == 0
    paths = {key.split(" ")[1] for key in report.cases}
    assert {"/rag/search", "/rag/index", "/rag/collections/active", "/haiku/generate_haiku", "/chat"} <= paths
    assert report.total >= len(paths) * MAX_EXAMPLES  # every operation really got its examples
