"""An invalid setting of an app stops that app's commands with a Russian message; other commands still run."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from agentcore.cli import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("variable", "command"),
    [("CRM_MODE", ["crm", "--user", "u1"]), ("AGENTCORE_SCRUM_RETRY_COUNT", ["scrum", "faq", "Что такое спринт?"])],
)
def test_an_invalid_app_setting_is_a_russian_error(
    variable: str, command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(variable, "yolo")
    result = runner.invoke(app, command, input="выход\n")
    assert result.exit_code == 2, result.output
    assert "неверные настройки" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_other_apps_do_not_care(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRM_MODE", "yolo")
    result = runner.invoke(app, ["sgr", "Который час?"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("variable", "value", "command", "expected"),
    [
        ("AGENTCORE_PROVIDER", "bogus", ["sgr", "x"], "AGENTCORE_PROVIDER: допустимые значения: 'offline', 'gigachat'"),
        ("AGENTCORE_LLM_TIMEOUT", "abc", ["sgr", "x"], "AGENTCORE_LLM_TIMEOUT: ожидается число"),
        ("PARAM_QUESTION_MAXLEN", "-1", ["chat"], "PARAM_QUESTION_MAXLEN: не меньше 1"),
        ("AGENTCORE_CRM_MODE", "bogus", ["crm", "--user", "u1"], "допустимые значения: 'shadow', 'canary', 'full'"),
        ("AGENTCORE_CALLS_ORIGINS", "ftp://x", ["sgr", "x"], "не адрес http(s)"),
        # tryout 28 D8: an address without its scheme failed only at the first call («InvalidUrlClientError»), and a
        # variable set under the SDK's name was reported under the AGENTCORE_ one
        ("OPENAI_API_BASE", "localhost:8000/v1", ["sgr", "x"], "OPENAI_API_BASE: ожидается адрес вида http://"),
        ("GIGACHAT_AUTH_URL", "ngw.example:9443", ["sgr", "x"], "GIGACHAT_AUTH_URL: ожидается адрес вида http://"),
        ("GIGACHAT_VERIFY_SSL_CERTS", "maybe", ["sgr", "x"], " GIGACHAT_VERIFY_SSL_CERTS: ожидается true или false"),
    ],
)
def test_settings_errors_are_russian(
    variable: str, value: str, command: list[str], expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tryout saw pydantic's «Input should be 'offline', 'gigachat' or 'openai'» after «неверные настройки»."""
    monkeypatch.setenv(variable, value)
    result = runner.invoke(app, command, input="выход\n", env={"COLUMNS": "300"})
    assert result.exit_code == 2, result.output
    assert "неверные настройки" in result.output and expected in result.output
    assert "Input should" not in result.output and " or " not in result.output


def test_gigachat_without_credentials_is_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_PROVIDER", "gigachat")
    result = runner.invoke(app, ["sgr", "x"], env={"COLUMNS": "300"})
    assert result.exit_code == 2, result.output
    assert "задайте GIGACHAT_CREDENTIALS (или GIGACHAT_ACCESS_TOKEN)" in result.output
    assert "set GIGACHAT" not in result.output


def test_mcp_stdio_settings_error_is_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_PROVIDER", "bogus")
    result = runner.invoke(app, ["mcp"], env={"COLUMNS": "300"})
    assert result.exit_code == 2, result.output
    assert "неверные настройки" in result.output


@pytest.mark.parametrize(
    ("error", "text"),
    [
        ({"type": "bool_parsing", "loc": ("X",)}, "ожидается true или false"),
        ({"type": "int_parsing", "loc": ("X",)}, "ожидается целое число"),
        ({"type": "less_than_equal", "loc": ("X",), "ctx": {"le": 64}}, "не больше 64"),
        ({"type": "missing", "loc": ("X",)}, "обязательное поле"),
        ({"type": "something_new", "loc": ("X",), "msg": "Some English"}, "недопустимое значение"),
    ],
)
def test_settings_message_by_error_type(error: dict[str, object], text: str) -> None:
    from agentcore.settings.problems import settings_message

    message = settings_message([error])
    assert message.startswith("неверные настройки: X: ") and text in message
    assert "English" not in message
