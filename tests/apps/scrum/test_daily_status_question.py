"""«Кто не прислал daily сегодня?» is answered with the names asked for (the backend's own DAILY_STATUS answer), not
with WORKLOAD's table (try-out 26 #11); the seed's four intents and their params stay as they were."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from agentcore.apps.scrum.backend.flows import ScrumBackend


@pytest.mark.parametrize(
    "question",
    [
        "Кто не прислал daily сегодня?",
        "кто ещё не отписался",
        "у кого нет дейли?",
        "Кто сегодня без дейли?",
        "Все ли отписались?",
        "Who hasn't sent the daily yet?",
    ],
)
def test_who_has_no_daily_today_is_answered_by_name(backend: ScrumBackend, question: str) -> None:
    backend.submit_daily("core", "anna", "Вчера закрыл TASK-1, сегодня TASK-2. Блокеров нет.")
    outcome = backend.analytics("core", question)
    assert (outcome.supported, outcome.intent, outcome.params) == (True, "DAILY_STATUS", {"date": "2026-03-11"})
    assert outcome.text == "Без daily сегодня (2026-03-11) — 2 из 3: Борис, Вера.\nПрислали: Анна."
    metrics = outcome.metrics or {}
    assert [m["member"] for m in metrics["without_daily_today"]] == ["boris", "vera"]


def test_everyone_sent_and_nobody_sent(backend: ScrumBackend) -> None:
    nobody = backend.analytics("core", "Кто не прислал daily сегодня?")
    assert nobody.text == "Без daily сегодня (2026-03-11) — 3 из 3: Анна, Борис, Вера.\nНе прислал никто."
    for member in ("anna", "boris", "vera"):
        backend.submit_daily("core", member, "Вчера делал TASK-2, сегодня TASK-2. Блокеров нет.")
    assert backend.analytics("core", "кто ещё не отписался?").text == "Сегодня (2026-03-11) daily прислали все: 3 из 3."


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("Какая загрузка у команды?", "WORKLOAD"),
        ("Кто перегружен?", "WORKLOAD"),
        ("Что блокирует релиз?", "RELEASE_BLOCKERS"),
        ("Кто не закрыл задачи?", None),  # not about dailies: not DAILY_STATUS
    ],
)
def test_other_questions_keep_their_intents(backend: ScrumBackend, question: str, intent: str | None) -> None:
    outcome = backend.analytics("core", question)
    assert outcome.intent != "DAILY_STATUS"
    if intent is not None:
        assert outcome.intent == intent and outcome.params == {}


@pytest.mark.e2e
def test_over_http(http: httpx.Client) -> None:
    answer: dict[str, Any] = http.post(
        "/scrum/teams/demo/analytics", json={"message": "Кто не прислал daily сегодня?"}
    ).json()
    assert answer["intent"] == "DAILY_STATUS" and answer["report"].startswith("Без daily сегодня (")
    assert "— 4 из 4: Анна Смирнова, Борис Петров, Глеб Иванов, Вера Козлова." in answer["report"]
    assert "загрузка" not in answer["report"].lower()
