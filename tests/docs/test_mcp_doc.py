"""The Python example of docs/mcp.md runs, unmodified but for its URL, against a live ``agentcore serve`` app."""

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


def test_the_connect_example_runs(settings: Settings) -> None:
    example = BLOCK.findall(DOC.read_text(encoding="utf-8"))[0]
    assert 'URL = "http://127.0.0.1:8000/mcp"' in example
    with BackgroundServer(create_app(settings)) as server:
        code = example.replace("http://127.0.0.1:8000/mcp", server.url + "/mcp")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(DOC), "exec"), {"__name__": "__main__"})
    printed = out.getvalue()
    assert "'rag_search'" in printed and "'research_ask'" in printed and "'crm_list'" in printed
    assert "28" in printed  # the vacation days, from rag_search
    assert "  … шаг 1:" in printed  # progress of research_ask
    assert re.search(r"^\[1\] .+ \(.+#\d+\)$", printed, re.MULTILINE)  # its sources
