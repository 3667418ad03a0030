"""Analytics the backend answers from stored data (named task, member, forecast), counts that agree with their
lists, blockers by age, the digest's one line per blocker, and FAQ refusals — on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from datetime import date, timedelta
from typing import Any

import httpx
import pytest
from tests.apps.scrum.conftest import NOW, Recorder, seed_team

from agentcore.apps.scrum.backend.flows import ScrumBackend
from agentcore.apps.scrum.backend.metrics import compute_metrics
from agentcore.apps.scrum.backend.models import TaskInput, TeamInput
from agentcore.apps.scrum.backend.store import ScrumStore
from agentcore.apps.scrum.faq_scope import REFUSALS
from agentcore.llm import ChatConnection
from agentcore.testing.fake_openai import FakeOpenAIServer


def test_status_of_a_named_task(backend: ScrumBackend) -> None:
    outcome = backend.analytics("core", "что с TASK-4?")
    assert (outcome.supported, outcome.intent, outcome.params) == (True, "TASK_STATUS", {"task_ids": ["TASK-4"]})
    assert "TASK-4 «Тесты оплаты»: на ревью, исполнитель — Вера" in outcome.text
    # the priority in Russian for people; the data keeps the code
    assert "приоритет высокий" in outcome.text and "high" not in outcome.text
    assert (outcome.metrics or {})["tasks"][0]["priority"] == "high"
    who = backend.analytics("core", "кто делает task-3?")
    assert "исполнитель — Борис" in who.text
    missing = backend.analytics("core", "кто делает PAY-12?")
    assert missing.text == "Задачи PAY-12 нет среди задач команды «Ядро»."
    assert missing.metrics and missing.metrics["tasks"] == [{"key": "PAY-12", "found": False}]


def test_member_view_by_name_in_any_case(backend: ScrumBackend) -> None:
    backend.submit_daily("core", "anna", "Вчера закрыл TASK-1, сегодня TASK-2. Блокер: срочно нет ключа API по TASK-2")
    outcome = backend.analytics("core", "что у Анны?")
    assert outcome.intent == "MEMBER_STATUS" and outcome.params == {"member": "anna"}
    assert outcome.text.startswith("Анна (DEV):") and "в работе — 1: TASK-2" in outcome.text
    assert "нет ключа API по TASK-2 — Анна, задача TASK-2" in outcome.text
    assert backend.analytics("core", "как дела у Бориса").params == {"member": "boris"}


def test_forecast_shows_its_reasoning_and_uncertainty(backend: ScrumBackend) -> None:
    outcome = backend.analytics("core", "успеем к пятнице?")
    assert outcome.intent == "FORECAST" and outcome.params == {"deadline": "2026-03-13"}
    metrics = outcome.metrics or {}
    assert metrics["remaining_points"] == 5 and metrics["done_points"] == 3 and metrics["working_days_left"] == 3
    assert metrics["verdict"] == "unlikely" and outcome.text.startswith("Скорее нет: успеть к пятниц")
    assert "Осталось 5 SP" in outcome.text and "Неопределённость" in outcome.text
    assert "Не учтены задачи без оценки (3): TASK-3, TASK-4, TASK-5" in outcome.text
    sprint = backend.analytics("core", "успеваем закрыть спринт?")
    assert sprint.params == {"deadline": "2026-03-15"}


def test_when_will_we_finish_is_answered_with_the_days_the_rest_takes(backend: ScrumBackend) -> None:
    """«когда закончим?» got only a verdict for the sprint's end; it now says how long the rest takes."""
    outcome = backend.analytics("core", "когда закончим спринт?")
    metrics = outcome.metrics or {}
    # 3 SP done in 8 working days (2–11 March): 5 SP left take 5 / 0.375 = 13.3 → 14 working days
    assert (metrics["done_points"], metrics["working_days_elapsed"], metrics["remaining_points"]) == (3, 8, 5)
    assert metrics["working_days_needed"] == 14
    assert "• На оставшиеся 5 SP при той же скорости нужно около 14 рабочих дней." in outcome.text


def test_forecast_without_data_says_what_it_needs(backend: ScrumBackend) -> None:
    backend.store.create_team(TeamInput(slug="fresh", name="Новая"))
    backend.store.import_tasks("fresh", [TaskInput(key="NEW-1", title="x", status="todo")])
    outcome = backend.analytics("fresh", "успеем к 20.03?")
    assert outcome.intent == "FORECAST" and outcome.text.startswith("Недостаточно данных: нужно ")
    assert "закрытая" in outcome.text and "оценки открытых задач" in outcome.text


def test_release_blocker_count_is_the_length_of_its_list(backend: ScrumBackend) -> None:
    # TASK-2 is a medium task with an urgent blocker: it blocks the release without being «high» itself.
    backend.submit_daily("core", "anna", "Вчера закрыл TASK-1, сегодня TASK-2. Блокер: срочно нет ключа API по TASK-2")
    metrics = compute_metrics(backend.store, "core", "RELEASE_BLOCKERS", {})
    keys = [t["key"] for t in metrics["blocking_tasks"]]
    assert keys[0] == "TASK-2" and set(keys) == {"TASK-2", "TASK-3", "TASK-4"}
    assert metrics["blocking_tasks_count"] == len(keys) == 3
    assert metrics["blocking_tasks"][0]["assignee_name"] == "Анна"


def test_a_blocker_repeated_on_three_days_is_one_line_with_age_and_owner(
    backend: ScrumBackend, clock: list[Any]
) -> None:
    daily = "Вчера делал TASK-2, сегодня TASK-2. Блокер: срочно нет ключа API по TASK-2"
    for day in (2, 1, 0):
        clock[0] = NOW - timedelta(days=day)
        assert backend.submit_daily("core", "anna", daily).status == "accepted"
    data, text = backend.digest("core", "anna")
    assert len(data["blockers"]) == 1
    assert data["blockers"][0] | {"owner": "Анна", "age_days": 2, "is_repeat": True} == data["blockers"][0]
    lines = [line for line in text.splitlines() if "нет ключа API" in line]
    assert len(lines) == 1  # the parser's wording of the blocker is its own; the line's shape is the digest's
    assert lines[0].endswith("(задача TASK-2) — важность критическая, Анна, 2 дня, повторяется")
    risks = compute_metrics(backend.store, "core", "TEAM_RISKS", {})
    assert risks["open_blockers_count"] == len(risks["open_blockers_by_age"]) == 1
    assert risks["open_blockers_by_age"][0]["age_days"] == 2 and risks["top_blockers"][0]["author_name"] == "Анна"
    clock[0] = NOW + timedelta(days=1)
    backend.submit_daily("core", "anna", "Вчера закрыл TASK-2, сегодня TASK-5. Блокеров нет.")
    assert backend.digest("core", "anna")[0]["blockers"] == []  # no longer reported: resolved


def test_seed_intents_still_go_through_agent_process(backend: ScrumBackend) -> None:
    outcome = backend.analytics("core", "Что блокирует релиз?")
    assert outcome.intent == "RELEASE_BLOCKERS" and outcome.params == {}
    assert backend.analytics("core", "Расскажи анекдот").supported is False


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Какие у нас правила code review?", "team_rules"),
        ("посоветуй, что делать с разработчиком, который срывает сроки", "people"),
        ("какой курс доллара?", "off_topic"),
    ],
)
def test_faq_refusals_cost_no_model_call(oai: FakeOpenAIServer, client: httpx.Client, question: str, kind: str) -> None:
    from agentcore.apps.scrum.agent_core import agent_process

    answer = agent_process(
        mode="FAQ",
        payload={"message": question},
        backend_context={},
        client=client,
        api_url=oai.base_url,
        api_key=oai.api_key,
        model="m",
    )
    assert answer == {"type": "text", "data": REFUSALS[kind]}  # type: ignore[index]
    assert answer["data"].startswith(("Не могу ответить:", "Я отвечаю только на общие вопросы о Scrum"))
    assert oai.fake.requests.count("chat") == 0


@pytest.mark.parametrize(
    "question", ["успеем до конца недели?", "успеем к концу недели?", "успеваем на этой неделе?", "успеем к выходным?"]
)
def test_the_end_of_the_week_is_this_friday(backend: ScrumBackend, question: str) -> None:
    """«до конца недели» was not read as a date: the forecast answered for the sprint's end (Sunday 15 March)."""
    outcome = backend.analytics("core", question)
    assert outcome.intent == "FORECAST" and outcome.params == {"deadline": "2026-03-13"}  # NOW is Wednesday 11th


def test_sprint_dates_for_the_forecast_are_the_teams(backend: ScrumBackend) -> None:
    assert backend.store.team("core").sprint_end == date(2026, 3, 15)


@pytest.mark.parametrize(
    ("question", "verdict"),
    [("успеем к 01.03.2026?", "past_deadline"), ("успеем к 31.12.9999?", "too_far"), ("успеем к 31.02?", None)],
)
def test_forecast_dates_out_of_reach(backend: ScrumBackend, question: str, verdict: str | None) -> None:
    outcome = backend.analytics("core", question)
    assert outcome.intent == "FORECAST"
    if verdict is None:  # no such date: the sprint's end is not silently assumed
        assert outcome.params == {"deadline": None} and outcome.text.startswith("Недостаточно данных: нужно срок")
    else:
        assert (outcome.metrics or {})["verdict"] == verdict


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)
def test_own_answers_go_through_the_report_step(
    store: ScrumStore, clock: list[Any], oai: FakeOpenAIServer, client: httpx.Client
) -> None:
    """A named task, a member or a forecast is recognised without the model's intent step, and its data go to the
    one report step like every other analytics answer: a model's wording that keeps to the data is shown; one that
    invents a number is replaced by the text the backend wrote from the data."""
    store.clock = lambda: clock[0]
    seed_team(store)
    made = ScrumBackend(
        store, ChatConnection(client, oai.base_url, "gpt-4o-mini", "test", api_key=oai.api_key), Recorder()
    )
    offline = ScrumBackend(store, ChatConnection(None, "offline", "", "offline"), Recorder())  # type: ignore[arg-type]
    expected = offline.analytics("core", "что с TASK-4?").text
    oai.fake.script.text("TASK-4 сейчас на ревью у Веры.")
    worded = made.analytics("core", "что с TASK-4?")
    assert (worded.intent, worded.text) == ("TASK_STATUS", "TASK-4 сейчас на ревью у Веры.")
    sent = json.loads(
        next(m for m in oai.fake.requests.last("chat").json["messages"] if m["role"] == "user")["content"]
    )
    assert sent["metrics"]["answer"] == expected and sent["leader_message"] == "что с TASK-4?"
    assert oai.fake.requests.count("chat") == 1  # no intent call: the backend recognised the question itself
    oai.fake.script.text("TASK-4 закроют через 17 дней.").text("TASK-4 закроют через 17 дней.")
    assert made.analytics("core", "что с TASK-4?").text == expected
