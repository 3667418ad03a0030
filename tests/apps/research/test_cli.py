"""`agentcore ask` and `agentcore sgr` through typer's runner: help, JSON output, exit codes on model failure."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from agentcore.cli import app
from agentcore.config import get_settings
from agentcore.serving import BackgroundServer
from agentcore.testing.fake_openai import create_fake_openai
from agentcore.testing.script import FakeScript

runner = CliRunner()


def test_ask_help() -> None:
    result = runner.invoke(app, ["ask", "--help"])
    assert result.exit_code == 0 and "--max-steps" in result.output and "--json" in result.output


def test_ask_json_offline() -> None:
    result = runner.invoke(app, ["ask", "--json", "Когда выплачивается аванс?"])
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert body["metadata"]["answered"] is True and body["citations"] and body["events"][-1]["type"] == "final"


@pytest.fixture
def failing_model(monkeypatch: pytest.MonkeyPatch) -> object:
    script = FakeScript()
    for _ in range(3):
        script.raw({"error": {"message": "bad request", "type": "invalid_request_error"}}, status=400)
    fake = create_fake_openai(script, api_key="sk-cli")
    with BackgroundServer(fake) as server:
        monkeypatch.setenv("AGENTCORE_PROVIDER", "openai")
        monkeypatch.setenv("OPENAI_API_BASE", server.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-cli")
        monkeypatch.setenv("OPENAI_MODEL", "m")
        get_settings.cache_clear()
        yield server


def test_ask_exits_1_when_the_model_fails(failing_model: object) -> None:
    result = runner.invoke(app, ["ask", "Как оформить отпуск?"])
    assert result.exit_code == 1, result.output
    assert "Ошибка: Ошибка при запросе LLM" in result.output and "Traceback" not in result.output
    assert "sk-cli" not in result.output


def test_sgr_exits_1_when_the_model_fails(failing_model: object) -> None:
    result = runner.invoke(app, ["sgr", "Который час?"])
    assert result.exit_code == 1, result.output
    assert "Ошибка при запросе LLM" in result.output
