from __future__ import annotations

from agentcore.rag.answer import NO_ANSWER, answer_messages, extractive_answer
from agentcore.rag.models import Hit

HITS = [
    Hit(
        id="vacation#0",
        doc_id="vacation",
        title="Отпуск",
        text="Отпуск можно делить на части. Ежегодный отпуск составляет 28 календарных дней. Погода хорошая.",
        score=1.0,
        source="s",
        rank=1,
    ),
    Hit(
        id="vacation#1",
        doc_id="vacation",
        title="Отпуск — Оформление",
        text="Заявление на отпуск подают за две недели.",
        score=0.5,
        source="s",
        rank=2,
    ),
]


def test_extractive_answer_quotes_best_sentences_with_titles() -> None:
    answer = extractive_answer("Сколько календарных дней составляет ежегодный отпуск?", HITS, max_sentences=1)
    assert answer == "Ежегодный отпуск составляет 28 календарных дней. (Источники: Отпуск)"


def test_extractive_answer_keeps_reading_order_and_all_titles() -> None:
    answer = extractive_answer("отпуск заявление", HITS)
    assert "Погода" not in answer
    assert answer.index("делить") < answer.index("Заявление")
    assert answer.endswith("(Источники: Отпуск; Отпуск — Оформление)")


def test_no_overlap_means_no_answer() -> None:
    assert extractive_answer("курс биткоина", HITS) == NO_ANSWER
    assert extractive_answer("отпуск", []) == NO_ANSWER


def test_llm_prompt_is_russian_and_numbers_context() -> None:
    system, user = answer_messages("Сколько дней отпуска?", HITS)
    assert system["role"] == "system" and "только на основе" not in system["content"]
    assert "опираясь только на приведённые фрагменты" in system["content"]
    assert "[1] Отпуск\n" in user["content"] and "[2] Отпуск — Оформление" in user["content"]
    assert user["content"].endswith("Вопрос: Сколько дней отпуска?")
