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
