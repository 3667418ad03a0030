"""The chat terminal: word-boundary wrapping, dimmed status lines, quiet mode."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from agentcore.apps.assistant.cli import make_printer

ANSI = re.compile(r"\x1b\[[0-9;]*m")
ANSWER = (
    "Ответ RAG: Ежегодный оплачиваемый отпуск составляет 28 календарных дней. Отпуск можно делить на части, но "
    "одна из частей должна быть не короче 14 календарных дней подряд — так требует Трудовой кодекс."
)


def _console(width: int) -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=width, force_terminal=True, color_system="standard", highlight=False), buffer


@pytest.mark.parametrize("width", [40, 80, 123])
def test_lines_wrap_at_word_boundaries(width: int) -> None:
    console, buffer = _console(width)
    make_printer(console)(ANSWER, "result")
    lines = [line.rstrip() for line in ANSI.sub("", buffer.getvalue()).splitlines()]
    assert len(lines) > 1 and all(len(line) <= width for line in lines)
    assert " ".join(lines).split() == ANSWER.split()  # a word cut in two would show up as two words


def test_line_breaks_of_an_answer_survive() -> None:
    console, buffer = _console(80)
    lines = ["Как оформить отпуск:", "1. Откройте портал.", "2. Выберите даты."]
    make_printer(console)("\n".join(lines), "result")
    assert ANSI.sub("", buffer.getvalue()).splitlines() == lines


def test_status_lines_are_dimmed_and_answers_bold() -> None:
    console, buffer = _console(80)
    say = make_printer(console)
    say("Анализирую релевантность запроса..", "status")
    say("Ответ RAG: 28 дней.", "result")
    say("Заголовки топ-2 документов: Отпуск", "detail")
    status, answer, titles = buffer.getvalue().splitlines()
    assert status.startswith("\x1b[2m") and answer.startswith("\x1b[1m")
    assert not titles.startswith("\x1b[")


def test_quiet_mode_prints_only_the_answer_lines() -> None:
    console, buffer = _console(80)
    say = make_printer(console, verbose=False)
    for text, kind in [
        ("Анализирую релевантность запроса..", "status"),
        ("Выполняю инструмент..", "status"),
        ("Ответ RAG: 28 дней.", "result"),
        ("Заголовки топ-2 документов: Отпуск", "detail"),
        ("Вопрос слишком длинный. Просьба сформулировать более кратко.", "warn"),
    ]:
        say(text, kind)
    assert ANSI.sub("", buffer.getvalue()).splitlines() == [
        "Ответ RAG: 28 дней.",
        "Заголовки топ-2 документов: Отпуск",
        "Вопрос слишком длинный. Просьба сформулировать более кратко.",
    ]
