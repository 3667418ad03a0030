"""`agentcore scrum daily`: a new daily closes a pending question (and says so); no placeholder id reaches a
person."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from agentcore.cli import app

runner = CliRunner()


def _daily(text: str) -> str:
    result = runner.invoke(app, ["scrum", "daily", text, "--member", "gleb"])
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.split())


def test_new_daily_supersedes_and_no_task_id_placeholder_is_shown(data_dir: Path) -> None:
    assert "К какой задаче относится блокер" in _daily(
        "Вчера закрыл TASK-3, сегодня TASK-10. Блокер: срочно нет стенда"
    )
    fresh = _daily("Вчера закрыл TASK-10, сегодня TASK-11. Блокер: срочно нет доступа к базе")
    assert "закрыт: это новый daily" in fresh and "нет доступа к базе" in fresh
    accepted = _daily("без задачи")
    assert "Daily принят" in accepted and "Эскалация тимлиду" in accepted and "(без задачи)" in accepted
    assert "NO_TASK_ID" not in accepted and "нет стенда" not in accepted


def test_a_new_blocker_while_a_question_is_pending_escalates_itself_not_the_old_one(data_dir: Path) -> None:
    """The audit's CLI run (G3): the old blocker became critical on TASK-3 and was escalated, the new one lost."""
    assert "К какой задаче относится блокер" in _daily(
        "Вчера закрыл TASK-3, сегодня TASK-10 делаю. Блокер: нет доступов к стенду"
    )
    amended = _daily("Сегодня ещё возьму TASK-11, блокер: нет ключа API по TASK-11, делать больше нечего")
    assert "остаётся открытым" in amended and "нет ключа API" in amended
    assert "Daily принят" not in amended and "К какой задаче относится блокер «нет доступов к стенду»" in amended
    accepted = _daily("без задачи")
    assert "Daily принят" in accepted and "Эскалация тимлиду" in accepted
    escalated = accepted.split("Эскалация тимлиду", 1)[1]
    assert "TASK-11" in escalated and "нет доступов к стенду" not in escalated
