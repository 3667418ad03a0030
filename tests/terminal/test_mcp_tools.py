"""``AGENTCORE_MCP_SERVERS`` in the CLI's agent runs: an SGR run on a scripted OpenAI-compatible model calls a tool of
a stdio MCP server; a server that is down ends the command at start with a clear error."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from unittest.mock import ANY

import pytest
from typer.testing import CliRunner

from agentcore.cli import app
from agentcore.config import get_settings
from agentcore.serving import BackgroundServer
from agentcore.testing.fake_openai import create_fake_openai
from agentcore.testing.script import FakeScript

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
CALC = [{"name": "calc", "command": sys.executable, "args": [str(ROOT / "tests/tools/mcp_calc_server.py")]}]


def test_sgr_calls_a_tool_of_a_configured_mcp_server(monkeypatch: pytest.MonkeyPatch) -> None:
    script = FakeScript().tool_call("calc_add", {"a": 40, "b": 2}).text("Получилось 42")
    fake = create_fake_openai(script, api_key="sk-cli")
    with BackgroundServer(fake) as server:
        monkeypatch.setenv("AGENTCORE_PROVIDER", "openai")
        monkeypatch.setenv("OPENAI_API_BASE", server.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-cli")
        monkeypatch.setenv("AGENTCORE_MCP_SERVERS", json.dumps(CALC))
        monkeypatch.setenv("AGENTCORE_MCP_TIMEOUT", "60")
        get_settings.cache_clear()
        result = runner.invoke(app, ["sgr", "--json", "Сколько будет 40+2?"])
        requests = fake.state.fake.requests
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["answer"] == "Получилось 42"
    assert out["tool_calls"] == [{"name": "calc_add", "parameters": {"a": 40, "b": 2}}]
    first, second = (r.json for r in requests.of("chat"))
    offered = [tool["function"]["name"] for tool in first["tools"]]
    assert second["messages"][-1] == {"role": "tool", "tool_call_id": ANY, "content": '{"result": 42}'}
    assert {"get_time", "calc_add", "calc_divide"} <= set(offered)


@pytest.mark.parametrize("command", [["sgr", "Который час?"], ["ask", "Как оформить отпуск?"]])
def test_a_server_that_is_down_is_a_clear_error_at_start(monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    monkeypatch.setenv("AGENTCORE_MCP_SERVERS", "gone=/nonexistent/mcp-server --stdio")
    result = runner.invoke(app, command)
    assert result.exit_code == 2
    assert "сервер MCP «gone»" in result.output and "недоступен" in result.output


def test_malformed_setting_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_MCP_SERVERS", "[{")
    result = runner.invoke(app, ["sgr", "x"])
    assert result.exit_code == 2 and "AGENTCORE_MCP_SERVERS" in result.output
