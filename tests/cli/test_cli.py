"""The command line: help everywhere, `agentcore sgr` end to end, bad options with Russian errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer.main as typer_main
from typer.testing import CliRunner

from agentcore.cli import app
from agentcore.config import get_settings
from agentcore.serving import BackgroundServer
from agentcore.testing.fake_openai import create_fake_openai
from agentcore.testing.script import FakeScript

runner = CliRunner()


@pytest.mark.parametrize("command", [[], ["chat"], ["sgr"], ["serve"], ["rag"]])
def test_help_on_every_command(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"])
    assert result.exit_code == 0, result.output
    assert "Использование:" in result.output


def _all_help(group: object, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], str]]:
    """``(command path, help text)`` of every command and group, rendered the way ``--help`` shows them."""
    texts = []
    result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
    texts.append((path, result.output))
    command = typer_main.get_command(app)
    for part in path:
        command = command.commands[part]  # type: ignore[attr-defined]
    for name, sub in getattr(command, "commands", {}).items():
        if not sub.hidden:
            texts.extend(_all_help(group, (*path, name)))
    return texts


def test_help_shows_no_bool_metavars() -> None:
    pages = _all_help(app)
    assert {("rag", "search"), ("chat",), ()} <= {path for path, _ in pages}
    for path, text in pages:
        assert "<bool>" not in text, path
        assert "Использование:" in text


def test_help_advertises_only_systems_that_are_built() -> None:
    commands = set(typer_main.get_command(app).commands)  # type: ignore[attr-defined]
    systems = {  # words that name a system → the command that would have to exist
        "исследовательск": "ask",
        "scrum": "scrum",
        "скрам": "scrum",
        "crm": "crm",
        "bitrix": "crm",
        "sgr": "sgr",
        "хайку": "chat",
    }
    for path, text in _all_help(app):
        lowered = text.lower()
        for word, command in systems.items():
            if word in lowered:
                assert command in commands, f"{' '.join(path) or 'agentcore'} --help mentions «{word}»"


def test_sgr_offline(data_dir: Path) -> None:
    result = runner.invoke(app, ["sgr", "Который час в Москве?"])
    assert result.exit_code == 0, result.output
    assert "не LLM" in result.output and "Сейчас" in result.output and "Europe/Moscow" in result.output
    trace = data_dir / "logs" / "reasoning" / "example_agent.jsonl"
    assert json.loads(trace.read_text(encoding="utf-8").splitlines()[-1])["agent_id"] == "example_agent"


def test_sgr_schema_mode_json_output() -> None:
    result = runner.invoke(app, ["sgr", "--mode", "schema", "--json", "Который час?"])
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert body["tool_calls"] == [{"name": "get_time", "parameters": {"timezone": "UTC"}}]
    assert [step["action"] for step in body["trace"]] == ["call_tool", "formulate_answer"]


def test_sgr_on_an_openai_compatible_server_with_env_only(monkeypatch: pytest.MonkeyPatch) -> None:
    script = FakeScript().tool_call("get_time", {"timezone": "UTC"}).text("Сейчас полдень по UTC")
    fake = create_fake_openai(script, api_key="sk-cli")
    with BackgroundServer(fake) as server:
        monkeypatch.setenv("AGENTCORE_PROVIDER", "openai")
        monkeypatch.setenv("OPENAI_API_BASE", server.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-cli")
        get_settings.cache_clear()
        result = runner.invoke(app, ["sgr", "Который час?"])
    assert result.exit_code == 0, result.output
    assert "Сейчас полдень по UTC" in result.output
    assert fake.state.fake.requests.count("chat") == 2


def test_bad_mode_is_a_russian_error() -> None:
    result = runner.invoke(app, ["sgr", "--mode", "magic", "x"])
    assert result.exit_code == 2
    assert "Неизвестный режим" in result.output


def test_invalid_settings_are_a_russian_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_PROVIDER", "nonsense")
    get_settings.cache_clear()
    result = runner.invoke(app, ["sgr", "x"])
    assert result.exit_code == 2
    assert "неверные настройки" in result.output and "Traceback" not in result.output


def test_gigachat_without_credentials_is_a_russian_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_PROVIDER", "gigachat")
    get_settings.cache_clear()
    result = runner.invoke(app, ["sgr", "x"])
    assert result.exit_code == 2
    assert "провайдер LLM не настроен" in result.output


def test_error_messages_with_markup_characters_do_not_crash() -> None:
    result = runner.invoke(app, ["rag", "index", "/tmp/[/x]-does-not-exist"])
    assert result.exit_code != 0
    assert "[/x]" in result.output and "Traceback" not in result.output


def test_sgr_exits_non_zero_and_redacts_when_the_model_call_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12: a provider that echoes the auth header put ``Bearer sk-…`` into the output, and the exit code was 0."""
    from agentcore.testing import Fault, serve_fake_openai

    key = "sk-proj-Abc123Def456Ghi789Jkl012"
    echo = {"error": {"message": f"Invalid Authorization: Bearer {key}", "type": "invalid_request_error"}}
    with serve_fake_openai(api_key=key) as server:
        server.fake.faults.always("chat", Fault.http_error(401, body=echo))
        monkeypatch.setenv("AGENTCORE_PROVIDER", "openai")
        monkeypatch.setenv("OPENAI_API_BASE", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", key)
        monkeypatch.setenv("OPENAI_MODEL", "gpt-4o-mini")
        for extra in ([], ["--json"]):
            result = runner.invoke(app, ["sgr", *extra, "Который час?"])
            assert result.exit_code == 1, result.output
            assert "Ошибка при запросе LLM" in result.output and "HTTP 401" in result.output
            assert key not in result.output and "Abc123Def456" not in result.output


def test_fail_redacts_secrets(capsys: pytest.CaptureFixture[str]) -> None:
    import typer

    from agentcore.terminal.common import fail
    from agentcore.util.redact import register_secret

    register_secret("cli-secret-value-42")
    with pytest.raises(typer.Exit):
        fail("could not reach https://u:cli-secret-value-42@host, Bearer abcdefghijklmnop")
    err = capsys.readouterr().err
    assert "Ошибка:" in err and "could not reach" in err
    assert "cli-secret-value-42" not in err and "abcdefghijklmnop" not in err


def test_version_prints_the_package_version() -> None:
    from agentcore import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"agentcore {__version__}"


@pytest.mark.parametrize("port", ["99999", "0", "-1", "65536"])
def test_serve_refuses_a_port_out_of_range(port: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """uvicorn took 99999 as 99999 mod 65536 = 34463 while the console address named 99999."""
    import agentcore.cli.serve as serve_module

    monkeypatch.setattr(serve_module, "serve", lambda *a: pytest.fail("serve must not start"))
    result = runner.invoke(app, ["serve", "--port", port], env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    assert "порт должен быть от 1 до 65535" in result.output
