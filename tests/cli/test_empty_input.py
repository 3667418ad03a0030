"""Empty and blank input: one rule and one message per command family (the tryout: ``ask ""`` and ``ask "   "``
said different things; ``scrum daily ""`` was graded as a daily while ``scrum ask ""`` was an error)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from agentcore.cli import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("command", "code", "message"),
    [
        (["ask", ""], 2, "вопрос пуст"),
        (["ask", "   "], 2, "вопрос пуст"),
        (["rag", "search", ""], 2, "вопрос пуст"),
        (["rag", "search", " \t "], 2, "вопрос пуст"),
        (["scrum", "ask", ""], 1, "Пустой запрос: напиши, что нужно."),
        (["scrum", "faq", "  "], 1, "Пустой запрос: напиши, что нужно."),
        (["scrum", "daily", "", "--member", "gleb"], 1, "Пустой запрос: напиши, что нужно."),
        (["scrum", "daily", "   ", "--member", "gleb", "--json"], 1, "Пустой запрос: напиши, что нужно."),
        (["sgr", ""], 2, "пустой запрос."),
        (["sgr", "  "], 2, "пустой запрос."),
    ],
)
def test_blank_input_is_one_message_per_family(command: list[str], code: int, message: str) -> None:
    result = runner.invoke(app, command, env={"COLUMNS": "300"})
    assert result.exit_code == code, result.output
    assert f"Ошибка: {message}" in result.output
    assert "question:" not in result.output and "Daily" not in result.output


@pytest.mark.parametrize("question", ["", "   ", "\n\t"])
def test_the_research_request_says_the_same_for_empty_and_blank(question: str) -> None:
    from agentcore.apps.research import AgentRequest
    from agentcore.web.errors import validation_message

    with pytest.raises(ValidationError) as info:
        AgentRequest.model_validate({"question": question})
    assert validation_message(info.value.errors()) == "некорректный запрос: question: вопрос пуст"


def test_the_research_request_keeps_a_question_stripped() -> None:
    from agentcore.apps.research import AgentRequest

    assert AgentRequest.model_validate({"question": "  Как оформить отпуск?  "}).question == "Как оформить отпуск?"
