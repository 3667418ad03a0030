"""A bare follow-up of a conversation is searched with the previous question's topic; anything else as written."""

from __future__ import annotations

import pytest

from agentcore.apps.research.followup import standalone_question
from agentcore.llm.models import LLMMessage


def _history(*questions: str) -> list[LLMMessage]:
    turns: list[LLMMessage] = []
    for question in questions:
        turns += [LLMMessage(role="user", content=question), LLMMessage(role="assistant", content="Ответ [1].")]
    return turns


@pytest.mark.parametrize(
    ("previous", "question", "searched"),
    [
        ("Как оформить отпуск?", "А сколько дней?", "Сколько дней отпуска?"),
        ("Как оформить командировку?", "А какой срок?", "Какой срок командировки?"),
        ("Сколько дней длится ежегодный отпуск?", "А как его оформить?", "Как его оформить — ежегодный отпуск?"),
        ("Когда выплачивают зарплату?", "А как?", "Как — зарплата?"),
        ("Как подключиться к VPN?", "И сколько устройств?", "Сколько устройств VPN?"),
    ],
)
def test_a_bare_follow_up_takes_the_previous_questions_topic(previous: str, question: str, searched: str) -> None:
    assert standalone_question(question, _history("Который час?", previous)) == searched


@pytest.mark.parametrize(
    ("previous", "question"),
    [
        ("Как оформить отпуск?", "А больничный?"),  # a topic of its own
        ("Как подключиться к VPN?", "А на телефоне?"),
        ("Как оформить отпуск?", "А сколько дней отпуска положено?"),
        ("Как оформить отпуск?", "Сколько дней?"),  # no continuation particle: as written
        ("Как оформить отпуск?", "Андрей, сколько дней?"),
    ],
)
def test_anything_else_is_searched_as_written(previous: str, question: str) -> None:
    assert standalone_question(question, _history(previous)) == question


def test_without_an_earlier_question_nothing_changes() -> None:
    assert standalone_question("А сколько дней?", []) == "А сколько дней?"
    observation = [LLMMessage(role="user", content="Observation: Отпуск 28 дней")]
    assert standalone_question("А сколько дней?", observation) == "А сколько дней?"
