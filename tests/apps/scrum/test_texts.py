"""Text checks (FAQ restrictions, facts from data), the digest/report templates, the glossary, offline intents."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.checks import digest_problems, facts_of, faq_problems, foreign_facts, numbers_in
from agentcore.apps.scrum.glossary import OUT_OF_SCOPE, get_glossary
from agentcore.apps.scrum.intents import detect_intent
from agentcore.apps.scrum.schemas import DigestData
from agentcore.apps.scrum.templates import DIGEST_SECTIONS, render_digest, render_report


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("У нас в команде дейли идёт 15 минут.", "конкретной команде"),
        ("В нашей компании спринт длится две недели.", "конкретной команде"),
        ("Рекомендую проводить ретро после обзора.", "предложение действий"),
        ("Стоит внедрить WIP-лимиты.", "предложение действий"),
        ("Называйте ключи задач на дейли.", "предложение действий"),
        ("Задачи ведут в Jira.", "инструмента"),
        ("Отчёт смотрят в Confluence.", "инструмента"),
        ("Дейли начинается в 10:15.", "время"),
        ("Ретро проходит по пятницам.", "время"),
        ("По регламенту ООО «Ромашка» спринт — 2 недели.", "правила конкретной компании"),
    ],
)
def test_faq_restrictions(text: str, problem: str) -> None:
    problems = faq_problems(text)
    assert problems and any(problem in p for p in problems)


@pytest.mark.parametrize(
    "text",
    [
        "Дейли — короткая ежедневная встреча разработчиков, не длиннее 15 минут.",
        "Спринт — итерация фиксированной длины, не больше одного месяца.",
        "Velocity — сумма story points завершённых за спринт элементов бэклога.",
        "Вы говорите о прогрессе к цели спринта.",
    ],
)
def test_general_answers_pass(text: str) -> None:
    assert faq_problems(text) == []


def test_numbers_and_facts() -> None:
    assert numbers_in("1. В работе 5 задач, готово 62,5%\n2) TASK-12, v2, 2026-03-11") == {"5", "62.5"}
    numbers, ids = facts_of({"a": 40.0, "b": [3, {"c": "TASK-7 и 2 дня"}], "ok": True, "none": None})
    assert {"40", "3", "2"} <= numbers and ids == {"TASK-7"}
    assert foreign_facts("40 задач, 3 дня, TASK-7", [{"a": 40, "b": 3}, "TASK-7"]) == []
    problems = foreign_facts("41 задача, TASK-8", [{"a": 40}])
    assert "41" in problems[0] and "TASK-8" in problems[1]


DIGEST = DigestData.model_validate(
    {
        "task_counts": {"in_progress": 1, "in_review": 2, "done": 3},
        "current_tasks": [{"id": "TASK-1", "title": "Логин"}],
        "blockers": [{"text": "нет стенда", "severity": "low", "is_repeat": True, "task_id": None}],
        "notes": ["Daily за сегодня не отправлен"],
    }
)


def test_digest_template_is_fixed_and_filled_from_data() -> None:
    text = render_digest(DIGEST)
    assert text.splitlines() == [
        "Дайджест",
        "Задачи: в работе — 1, на ревью — 2, готово — 3.",
        "Текущие задачи:",
        "• TASK-1 — Логин",
        "Блокеры:",
        "• нет стенда — важность низкая, повторяется",
        "Заметки:",
        "• Daily за сегодня не отправлен",
    ]
    assert digest_problems(text, DIGEST) == []
    empty = DigestData.model_validate(
        {"task_counts": {"in_progress": 0, "in_review": 0, "done": 0}, "current_tasks": [], "blockers": [], "notes": []}
    )
    assert [line for line in render_digest(empty).splitlines() if line == "— нет"] == ["— нет"] * 3
    assert all(section in render_digest(empty) for section in DIGEST_SECTIONS)


def test_report_speaks_russian_for_the_backends_own_values() -> None:
    text = render_report(
        {
            "intent": "TEAM_RISKS",
            "top_blockers": [{"text": "нет стенда", "task_id": "NO_TASK_ID", "severity": "high"}],
            "forecast_days_to_finish": 23.7,
        }
    )
    assert "Задача: без задачи" in text and "NO_TASK_ID" not in text
    assert "Прогноз, дней до завершения: 23.7" in text  # one colon per line


def test_report_prints_the_metrics_as_given() -> None:
    metrics = {
        "intent": "WORKLOAD",
        "params": {},
        "members": [{"member": "anna", "in_progress": 3, "load": "перегрузка"}],
        "overloaded": ["anna"],
        "underloaded": [],
        "ratio": 0.25,
        "custom_key": True,
    }
    text = render_report(metrics)
    assert text.startswith("Загрузка участников\n")
    assert "Участник: anna; В работе: 3; Загрузка: перегрузка" in text
    assert "Недогружены: — нет" in text and "Custom key: да" in text and "Ratio: 0.25" in text
    numbers, _ = facts_of(metrics)
    assert numbers_in(text) <= numbers


@pytest.mark.parametrize(
    ("question", "needle"),
    [
        ("Что такое daily и зачем он нужен?", "ежедневная встреча"),
        ("Что такое velocity?", "сумма story points"),
        ("Сколько длится спринт?", "Спринт — это отрезок"),
        ("Что такое бэклог спринта?", "план разработчиков"),
        ("Что такое Agile?", "гибкая разработка"),
        ("Чем канбан отличается от скрама?", "Канбан"),
    ],
)
def test_glossary_answers(question: str, needle: str) -> None:
    answer = get_glossary().answer(question)
    assert needle in answer
    assert faq_problems(answer) == []  # company habits of the knowledge base never reach a general answer


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("Что такое ретро?", "Ретроспектива спринта"),
        ("зачем нужно ретро", "Ретроспектива спринта"),
        ("что такое стори поинты", "Story points и оценка задач"),
        ("Что такое груминг?", "Бэклог продукта"),
        ("что такое рефайнмент бэклога", "Бэклог продукта"),
        ("Что такое юзер стори?", "Эпики и пользовательские истории"),
        ("Что такое user story?", "Эпики и пользовательские истории"),
        ("Что такое спринт ревью?", "Обзор спринта (Sprint Review)"),
        ("Кто такой продакт?", "Владелец продукта (Product Owner)"),
        ("Как проходит планинг покер?", "Story points и оценка задач"),
    ],
)
def test_glossary_knows_the_words_teams_use(question: str, title: str) -> None:
    """Slang and English names of the glossary's terms («ретро», «груминг», «юзер стори») find their entry."""
    glossary = get_glossary()
    entry = glossary.best_entry(question)
    assert entry is not None and entry.title == title
    assert glossary.answer(question) != OUT_OF_SCOPE


@pytest.mark.parametrize(
    ("question", "needle"),
    [
        ("What is a sprint?", "Спринт — это отрезок"),
        ("What is a product backlog?", "Бэклог продукта (Product Backlog) — упорядоченный список"),
        ("What is a retrospective?", "Ретроспектива — последнее событие спринта"),
        ("what is the daily scrum", "Ежедневный стендап, он же дейли"),
    ],
)
def test_english_names_find_their_entry(question: str, needle: str) -> None:
    """English names the Russian titles do not carry: «sprint» is the sprint, not the sprint review or backlog."""
    assert get_glossary().answer(question).startswith(needle)


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        ("Чем отличается scrum master от product owner?", "Скрам-мастер отвечает", "Владелец продукта — одна"),
        ("чем спринт отличается от бэклога спринта", "Спринт — это отрезок", "Бэклог спринта — план"),
        ("В чем разница между DoD и инкрементом?", "Definition of Done (DoD", "Инкремент (Increment)"),
        ("Difference between velocity and story points?", "Velocity, или скорость", "Story points (очки историй"),
        ("Чем канбан отличается от скрама?", "Канбан (Kanban)", "Scrum — лёгкий фреймворк"),
    ],
)
def test_a_comparison_defines_both_entries_in_the_questions_order(question: str, first: str, second: str) -> None:
    answer = get_glossary().answer(question)
    assert first in answer and second in answer and answer.index(first) < answer.index(second)
    assert faq_problems(answer) == []


@pytest.mark.parametrize(
    "question", ["Как оформить отпуск?", "Какая погода завтра?", "Сколько стоит ДМС?", "Как оформить отпуск в команде?"]
)
def test_glossary_out_of_scope(question: str) -> None:
    assert get_glossary().answer(question) == OUT_OF_SCOPE


def test_glossary_never_repeats_company_facts() -> None:
    glossary = get_glossary()
    for entry in glossary.entries.values():
        assert all(faq_problems(sentence) == [] for sentence in entry.sentences)
    assert "10:15" not in glossary.answer("Когда проходит дейли?")


@pytest.mark.parametrize(
    ("request_text", "intent", "params"),
    [
        ("Дай общий статус спринта, но расширенно, с прогнозом.", "TEAM_OVERVIEW", {"detail_level": "EXTENDED"}),
        ("Как идёт спринт?", "TEAM_OVERVIEW", {"detail_level": "BASIC"}),
        ("Какие риски у команды?", "TEAM_RISKS", {}),
        ("Что нам мешает?", "TEAM_RISKS", {}),
        ("Кто перегружен?", "WORKLOAD", {}),
        ("Кто из ребят завален задачами?", "WORKLOAD", {}),
        ("Что блокирует релиз?", "RELEASE_BLOCKERS", {}),
        ("Что тормозит выпуск версии 2.0?", "RELEASE_BLOCKERS", {}),
        ("Расскажи анекдот", "UNSUPPORTED", {}),
        ("Напиши хайку про осень", "UNSUPPORTED", {}),
        ("", "UNSUPPORTED", {}),
    ],
)
def test_offline_intents(request_text: str, intent: str, params: dict) -> None:
    decision = detect_intent(request_text)
    assert decision.intent == intent
    if intent != "UNSUPPORTED":
        assert decision.contract_params() == params
