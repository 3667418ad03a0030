"""The Python examples of docs/mcp.md run, unmodified but for their URL and key, against a live ``agentcore serve``
app."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from agentcore.config import Settings
from agentcore.server import create_app
from agentcore.serving import BackgroundServer

pytestmark = pytest.mark.e2e

DOC = Path(__file__).resolve().parents[2] / "docs" / "mcp.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def example(marker: str) -> str:
    found = [block for block in BLOCK.findall(DOC.read_text(encoding="utf-8")) if marker in block]
    assert len(found) == 1, marker
    return found[0]


def run(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(DOC), "exec"), {"__name__": "__main__"})
    return out.getvalue()


def test_the_connect_example_runs(settings: Settings) -> None:
    example_code = example('URL = "http://127.0.0.1:8000/mcp"')
    with BackgroundServer(create_app(settings)) as server:
        printed = run(example_code.replace("http://127.0.0.1:8000/mcp", server.url + "/mcp"))
    assert "'rag_search'" in printed and "'research_ask'" in printed and "'crm_list'" in printed
    assert "28" in printed  # the vacation days, from rag_search
    assert "  … шаг 1:" in printed  # progress of research_ask
    assert re.search(r"^\[1\] .+ \(.+#\d+\)$", printed, re.MULTILINE)  # its sources


def test_the_crm_change_request_example_runs(settings: Settings) -> None:
    from agentcore.apps.crm.fake_portal import FakePortal, seed_demo, serve_fake_portal
    from agentcore.apps.crm.settings import CrmSettings

    code = example('"crm_request_change"')
    portal = FakePortal(rate_limit=None)
    seed_demo(portal.storage)
    with serve_fake_portal(portal) as bitrix:
        crm = CrmSettings(http_api_tokens="k-1", bitrix_webhook_url=bitrix.webhook_url)
        configured = settings.model_copy(update={"crm": crm})
        with BackgroundServer(create_app(configured)) as server:
            before = portal.storage.get("deal", 1)["TITLE"]
            printed = run(code.replace("http://127.0.0.1:8000", server.url).replace("<CRM key>", "k-1"))
            after = portal.storage.get("deal", 1)["TITLE"]
    portal.close()
    assert before != "Новое имя" and after == "Новое имя"  # changed by the user's «да», not by the tool
    first, *rest = printed.splitlines()
    assert first.startswith("c1 ") and "Новое имя" in first
    assert "обновлена" in "\n".join(rest)  # the /chat answer to «да» says what ran
