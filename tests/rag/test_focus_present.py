"""A question about the moment of asking is answered by no document, whatever sentence supplies a time or a date
(try-out 26: «Который час?» was answered with the core hours, «Какое сегодня число?» with the daily's format)."""

from __future__ import annotations

import pytest
from tests.rag.focus_probe import answers

from agentcore.rag import question_parts
from agentcore.rag._focus.present import asks_the_present


@pytest.mark.parametrize(
    ("question", "sentence", "heading"),
    [
        ("Который час?", "С 11:00 до 16:00 по московскому времени — основные (core) часы.", "График — Основные часы"),
        ("Сколько сейчас времени?", "Дейли проходит в 10:15 по московскому времени.", "Дейли"),
        ("Какое сегодня число?", "Зарплата выплачивается 10 числа каждого месяца.", "Зарплата"),
        ("какой сегодня день недели", "Ретроспектива проходит в пятницу.", "Ретроспектива"),
    ],
)
def test_the_present_moment_is_in_no_document(question: str, sentence: str, heading: str) -> None:
    assert all(asks_the_present(part) for part in question_parts(question))
    assert not answers(question, sentence, heading)


@pytest.mark.parametrize(
    ("question", "sentence", "heading"),
    [
        ("Во сколько начинаются основные часы?", "Основные часы начинаются в 11:00 по московскому времени.", ""),
        ("Какого числа выплачивают аванс?", "Аванс выплачивается 25 числа каждого месяца.", "Зарплата"),
        ("Сколько времени длится ретроспектива?", "Ретроспектива длится 1 час.", "Ретроспектива"),
    ],
)
def test_a_question_that_names_its_subject_is_not_about_the_present(question: str, sentence: str, heading: str) -> None:
    assert not any(asks_the_present(part) for part in question_parts(question))
    assert answers(question, sentence, heading)
