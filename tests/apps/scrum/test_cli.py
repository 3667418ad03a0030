"""`agentcore scrum …` in-process: every command offline, JSON output, Russian errors, PostgreSQL by URL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agentcore.cli import app
from agentcore.config import get_settings

runner = CliRunner()


@pytest.mark.parametrize("command", [[], ["daily"], ["ask"], ["faq"], ["digest"], ["blockers"]])
def test_help(command: list[str]) -> None:
    result = runner.invoke(app, ["scrum", *command, "--help"])
    assert result.exit_code == 0, result.output
    assert "Использование:" in result.output


def test_first_run_seeds_the_demo_and_every_mode_works(data_dir: Path) -> None:
    faq = runner.invoke(app, ["scrum", "faq", "Что такое спринт?"])
    assert faq.exit_code == 0, faq.output
    assert "Создана демо-команда" in faq.stderr and "не LLM" in faq.stdout and "Спринт" in faq.stdout
    assert (data_dir / "scrum" / "scrum.db").is_file()

    ask = runner.invoke(app, ["scrum", "ask", "Какие риски у команды?", "--json"])
    assert ask.exit_code == 0, ask.output
    body = json.loads(ask.stdout)
    assert body["intent"] == "TEAM_RISKS" and body["metrics"]["repeated_blockers"] == 1

    first = runner.invoke(
        app,
        [
            "scrum",
            "daily",
            "Вчера закрыл TASK-3, сегодня начну TASK-10. Блокер: нет доступов к стенду.",
            "--member",
            "gleb",
        ],
    )
    assert first.exit_code == 0, first.output
    assert "Бот: К какой задаче относится блокер «нет доступов к стенду»?" in " ".join(first.stdout.split())
    # The answer says the work stops without the stand: that, not the word «Блокер», makes it critical (issue 19).
    second = runner.invoke(app, ["scrum", "daily", "TASK-10, без стенда не могу начать", "--member", "gleb"])
    assert second.exit_code == 0, second.output
    assert "Daily принят" in second.stdout and "Эскалация тимлиду" in second.stdout

    digest = runner.invoke(app, ["scrum", "digest", "--member", "gleb"])
    assert digest.exit_code == 0 and "Дайджест" in digest.stdout and "TASK-10" in digest.stdout
    events = json.loads(runner.invoke(app, ["scrum", "blockers", "--member", "gleb", "--json"]).stdout)
    assert [e["task_id"] for e in events] == ["TASK-10"]
    table = runner.invoke(app, ["scrum", "blockers", "--limit", "2"])
    assert table.exit_code == 0 and "Блокеры команды «demo»" in table.stdout


def test_daily_without_member_says_whose_it_is(data_dir: Path) -> None:
    """The tryout's first daily had no --member and was filed under the team's first member without a word."""
    text = "Вчера закрыл TASK-3, сегодня TASK-10, блокеров нет"
    default = runner.invoke(app, ["scrum", "daily", text], env={"COLUMNS": "200"})
    assert default.exit_code == 0, default.output
    assert "Участник: Анна Смирнова (anna, DEV)" in default.output
    assert "--member не указан: daily от первого участника команды; другой — --member ID (anna, boris, gleb, vera)" in (
        default.output
    )
    named = runner.invoke(app, ["scrum", "daily", text, "--member", "gleb"], env={"COLUMNS": "200"})
    assert named.exit_code == 0 and "Глеб" in named.output and "--member не указан" not in named.output


def test_digest_says_whose_it_is(data_dir: Path) -> None:
    """The digest's text names nobody: without --member it was the first member's without a word."""
    default = runner.invoke(app, ["scrum", "digest"], env={"COLUMNS": "200"})
    assert default.exit_code == 0, default.output
    assert "Участник: Анна Смирнова (anna, DEV), команда «demo»" in default.output
    assert "--member не указан: дайджест первого участника команды; другой — --member ID (anna, boris, gleb, vera)" in (
        default.output
    )
    named = runner.invoke(app, ["scrum", "digest", "--member", "vera"], env={"COLUMNS": "200"})
    assert named.exit_code == 0 and "Участник: Вера Козлова (vera, QA)" in named.output
    assert "--member не указан" not in named.output


def test_the_blocker_history_says_which_blockers_stand(data_dir: Path) -> None:
    """The history listed every report alike: a blocker closed by a later daily looked as current as an open one."""
    closed = runner.invoke(app, ["scrum", "daily", "Вчера TASK-4, сегодня TASK-7. Блокеров нет.", "--member", "anna"])
    assert closed.exit_code == 0, closed.output
    table = runner.invoke(app, ["scrum", "blockers", "--member", "anna"], env={"COLUMNS": "200"})
    assert table.exit_code == 0, table.output
    rows = [line for line in table.stdout.splitlines() if "│ anna" in line]
    assert rows and all("│ закрыт" in row for row in rows), table.stdout
    vera = runner.invoke(app, ["scrum", "blockers", "--member", "vera"], env={"COLUMNS": "200"})
    assert any("│ открыт" in line for line in vera.stdout.splitlines() if "│ vera" in line), vera.stdout


def test_daily_json_and_default_member(data_dir: Path) -> None:
    result = runner.invoke(app, ["scrum", "daily", "работаю", "--json"])
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert body["status"] == "retry" and body["message"].startswith("Слишком общо.")


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["scrum", "digest", "--member", "ghost"], 1, "Участник «ghost» не найден в команде «demo». Участники: anna,"),
        (["scrum", "blockers", "--team", "zzz"], 1, "Команда «zzz» не найдена"),
        (["scrum", "ask", "Кто перегружен?", "--team", "zzz"], 1, "Команда «zzz» не найдена"),
        (["scrum", "daily"], 2, "передайте текст daily"),
        (["scrum", "daily", "я" * 5000], 1, "Сообщение длиннее 4000 символов"),
        (["scrum", "faq", "я" * 5000], 1, "Сообщение длиннее 4000 символов"),
        (["scrum", "ask", "  "], 1, "Пустой запрос"),
        (["scrum", "blockers", "--limit", "0"], 2, ""),
    ],
)
def test_errors_are_russian_without_traceback(data_dir: Path, args: list[str], code: int, message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.output
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output and "String should" not in result.output


def test_a_database_that_cannot_be_opened_is_said_in_one_line(data_dir: Path) -> None:
    """SQLAlchemy's text was the driver's lines plus «(Background on this error at: https://sqlalche.me/…)»."""
    url = "postgresql+psycopg://scrum:pw-secret-1@127.0.0.1:1/scrum"  # nothing listens on port 1
    result = runner.invoke(app, ["scrum", "ask", "Какие риски?"], env={"AGENTCORE_DATABASE_URL": url})
    assert result.exit_code == 1, result.output
    said = " ".join(result.stderr.split())
    assert "не удалось открыть хранилище Scrum: база данных недоступна (AGENTCORE_DATABASE_URL): " in said
    assert "sqlalche.me" not in said and "pw-secret-1" not in said and "Traceback" not in said


def test_daily_from_stdin_and_as_a_list_of_dashes(data_dir: Path) -> None:
    """A multi-line daily piped in, and one written as a list («- сделал …») as the argument: both are dailies,
    not an unknown option."""
    daily = "Вчера закрыл TASK-3\nСегодня TASK-10\nБлокеров нет\n"
    piped = runner.invoke(app, ["scrum", "daily", "--json"], input=daily)
    assert piped.exit_code == 0, piped.output
    assert json.loads(piped.stdout)["status"] == "accepted"
    listed = runner.invoke(
        app, ["scrum", "daily", "- сделал ревью TASK-12\n- сегодня: TASK-5\n- блокеры: нет", "--member", "boris"]
    )
    assert listed.exit_code == 0, listed.output
    assert "Daily принят" in listed.stdout and "TASK-12" in listed.stdout


def test_bad_database_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_DATABASE_URL", "mysql://root@localhost/db")
    get_settings.cache_clear()
    result = runner.invoke(app, ["scrum", "faq", "Что такое спринт?"])
    assert result.exit_code == 2 and "AGENTCORE_DATABASE_URL" in result.stderr and "адрес" in result.stderr


@pytest.mark.services
def test_the_same_commands_on_postgresql(postgres_url: str, monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    monkeypatch.setenv("AGENTCORE_DATABASE_URL", postgres_url)
    get_settings.cache_clear()
    result = runner.invoke(
        app, ["scrum", "daily", "Вчера TASK-1, сегодня TASK-4. Блокер: срочно нужен ключ, TASK-4", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["status"] == "accepted"
    events = json.loads(runner.invoke(app, ["scrum", "blockers", "--json"]).stdout)
    assert events[0]["task_id"] == "TASK-4" and events[0]["severity"] == "critical"
    assert not (data_dir / "scrum" / "scrum.db").exists()  # nothing went to SQLite
