"""End to end: `agentcore scrum` in a pseudo-terminal, as a team member and a team lead would use it (offline)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

pytestmark = pytest.mark.e2e

AGENTCORE = str(Path(sys.executable).with_name("agentcore"))


def _spawn(data_dir: Path, *args: str) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "GIGACHAT_", "OPENAI_"))}
    env.update({"AGENTCORE_DATA_DIR": str(data_dir), "TERM": "dumb", "COLUMNS": "160", "LANG": "C.UTF-8"})
    return pexpect.spawn(
        AGENTCORE, ["scrum", *args], env=env, encoding="utf-8", codec_errors="replace", timeout=60, dimensions=(50, 160)
    )


def test_daily_dialogue_in_a_terminal(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "daily", "--member", "gleb")
    child.expect_exact("Создана демо-команда «demo»")
    child.expect("не LLM")
    child.expect_exact("Участник: Глеб Иванов (gleb, DEV), команда «demo»")
    child.expect_exact("Напиши daily")
    child.expect_exact("> ")
    child.sendline("Вчера закрыл TASK-3, сегодня начну TASK-10. Блокер: нет доступов к стенду.")
    child.expect(r"Бот: К какой задаче относится блокер «нет доступов к стенду»\?")
    child.expect_exact("> ")
    child.sendline("TASK-10, без стенда не могу начать")  # what makes it critical (issue 19), not «Блокер»
    child.expect_exact("Daily принят (качество: отличный)")  # the answer linked the blocker: every item has a task
    child.expect(r"Блокер\s+│\s+TASK-10\s+│\s+нет доступов к стенду — критическая")
    child.expect_exact("Эскалация тимлиду: критическая — нет доступов к стенду (задача TASK-10)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    lead = _spawn(tmp_path, "ask", "Дай общий статус спринта, но расширенно, с прогнозом.")
    lead.expect_exact('Намерение: TEAM_OVERVIEW {"detail_level": "EXTENDED"}')
    lead.expect_exact("Обзор спринта (расширенный)")
    lead.expect(r"Открытых блокеров: \d+")
    lead.expect(pexpect.EOF)
    lead.close()
    assert lead.exitstatus == 0


def test_ctrl_d_keeps_the_dialogue_for_later(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "daily", "работаю", "--member", "vera")
    child.expect_exact("Бот: Слишком общо.")
    child.expect_exact("> ")
    child.sendeof()
    child.expect_exact("Диалог сохранён")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    again = _spawn(tmp_path, "daily", "всё ок", "--member", "vera")
    again.expect_exact("Бот: Слишком общо.")  # the second quality retry (seed 4: ≤ 2)
    again.expect_exact("> ")
    again.sendline("Вчера проверила TASK-8, сегодня TASK-9 — тест-план. Блокеров нет.")
    again.expect_exact("Daily принят (качество: отличный)")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


def test_a_dialogue_left_at_a_question_goes_on_with_that_question(tmp_path: Path) -> None:
    """Tryout 28 D16: after «Диалог сохранён: следующий «agentcore scrum daily» продолжит его» the next
    ``agentcore scrum daily`` said «Напиши daily: …» — the question it waits for was not shown."""
    child = _spawn(tmp_path, "daily", "Вчера закрыла TASK-8, сегодня TASK-9. Блокер: стенд падает", "--member", "vera")
    child.expect(r"Бот: К какой задаче относится блокер «стенд падает»\?")
    child.expect_exact("> ")
    child.sendeof()
    child.expect_exact("Диалог сохранён")
    child.expect(pexpect.EOF)
    child.close()
    again = _spawn(tmp_path, "daily", "--member", "vera")
    again.expect_exact("Участник: Вера Козлова")
    index = again.expect([r"Бот: К какой задаче относится блокер «стенд падает»\?", "Напиши daily"])
    assert index == 0, "the pending question is not shown"
    again.expect_exact("> ")
    again.sendline("TASK-9")
    again.expect(r"Блокер\s+│\s+TASK-9\s+│\s+стенд падает")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0
