"""The offline provider's tool selection (rules; no model)."""

from __future__ import annotations

import pytest

from agentcore.apps.assistant.offline import extract_theme, select
from agentcore.llm.models import LLMMessage


def _select(text: str) -> tuple[str | None, dict[str, object]]:
    choice = select([LLMMessage(role="user", content=text)])
    return choice.tool_name, choice.parameters


@pytest.mark.parametrize(
    ("line", "question"),
    [
        ("Привет! Как мне взять отпуск в августе?", "Как мне взять отпуск в августе?"),
        ("Добрый день! У меня вопрос: где взять ноутбук?", "Где взять ноутбук?"),
        ("Здравствуйте, бот! Хотел спросить, как подключиться к VPN?", "Как подключиться к VPN?"),
        ("Привет, бот. Заболел, что делать? Заранее спасибо!", "Заболел, что делать?"),
    ],
)
def test_rag_question_without_courtesy(line: str, question: str) -> None:
    assert _select(line) == ("rag_search", {"question": question})


@pytest.mark.parametrize(
    ("line", "theme"),
    [
        ("Напиши хайку про зиму, если можно", "зима"),
        ("Привет! Сочини хайку про кота, пожалуйста, очень прошу", "кот"),
        ("Бот, напиши мне хайку о весне в городе, плиз", "весна в городе"),
        ("хайку про осенний лес, спасибо заранее", "осенний лес"),
    ],
)
def test_haiku_theme_without_courtesy(line: str, theme: str) -> None:
    assert extract_theme(line) == theme
    assert _select(line) == ("generate_haiku", {"theme": theme})
