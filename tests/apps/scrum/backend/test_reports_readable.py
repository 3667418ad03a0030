"""Reports people read (try-out 26 #22): one velocity everywhere, TEAM_RISKS / WORKLOAD / RELEASE_BLOCKERS as Russian
lines with member names (not «Текст: …; Раз: 2; ID автора: boris»), the main blockers most severe first, and a
blocker first reported today said «сегодня» (not «0 дней (с …)», not «с сегодня»)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.apps.scrum.conftest import NOW, Recorder, seed_team, sqlite_store

from agentcore.apps.scrum.backend.dashboard import dashboard
from agentcore.apps.scrum.backend.demo import seed_demo
from agentcore.apps.scrum.backend.flows import ScrumBackend
from agentcore.apps.scrum.backend.metrics import compute_metrics
from agentcore.apps.scrum.backend.store import ScrumStore
from agentcore.apps.scrum.templates import render_report
from agentcore.llm import ChatConnection

KEY_VALUE_DUMP = ("Текст:", "Раз:", "ID автора", "ID владельца", "ID исполнителя", "Возраст, дней", "Участник:")


@pytest.fixture
def demo(data_dir: Path) -> Iterator[ScrumBackend]:
    (data_dir / "scrum").mkdir(parents=True, exist_ok=True)
    store = sqlite_store(data_dir)
    seed_demo(store)
    yield ScrumBackend(store, ChatConnection(None, "offline", "", "offline"), Recorder())  # type: ignore[arg-type]
    store.close()


def test_one_velocity_on_the_dashboard_the_overview_and_the_forecast(demo: ScrumBackend) -> None:
    board = dashboard(demo.store, "demo")["velocity"]
    overview = compute_metrics(demo.store, "demo", "TEAM_OVERVIEW", {"detail_level": "EXTENDED"})
    forecast = demo.analytics("demo", "успеем к концу спринта?")
    figure = board["points_per_working_day"]
    assert figure == overview["velocity_points_per_working_day"]
    assert figure == (forecast.metrics or {})["velocity_points_per_working_day"]
    assert f"→ {figure} SP в рабочий день" in forecast.text
    assert "рабоч" in forecast.text.split("Скорость:")[1].split("→")[0]  # «11 SP за 6 рабочих дней»
    assert "Скорость, SP в рабочий день: " + f"{figure:g}" in render_report(overview)


@pytest.mark.parametrize("intent", ["TEAM_RISKS", "WORKLOAD", "RELEASE_BLOCKERS"])
def test_lists_are_russian_lines_with_member_names(demo: ScrumBackend, intent: str) -> None:
    text = render_report(compute_metrics(demo.store, "demo", intent, {}))
    assert not [marker for marker in KEY_VALUE_DUMP if marker in text], text
    assert "boris" not in text and "Борис Петров" in text


def test_the_lines_of_each_report(demo: ScrumBackend) -> None:
    risks = render_report(compute_metrics(demo.store, "demo", "TEAM_RISKS", {}))
    assert "  • жду доступы к стенду по TASK-5 — Борис Петров, 2 раза, важность высокая, задача TASK-5" in risks
    assert "Без дейли сегодня: Анна Смирнова, Борис Петров, Глеб Иванов, Вера Козлова" in risks
    load = render_report(compute_metrics(demo.store, "demo", "WORKLOAD", {}))
    assert "  • Анна Смирнова (DEV): в работе 3, на ревью 0, открытых задач 3 (16 SP) — перегрузка" in load
    assert "Перегружены: Анна Смирнова" in load
    release = render_report(compute_metrics(demo.store, "demo", "RELEASE_BLOCKERS", {}))
    assert (
        "  • TASK-4 «Интеграция с платёжным шлюзом»: в работе, приоритет критический, исполнитель — Анна Смирнова, "
        "срочных блокеров 1"
    ) in release


def test_main_blockers_are_the_most_severe_first(demo: ScrumBackend) -> None:
    top = compute_metrics(demo.store, "demo", "TEAM_RISKS", {})["top_blockers"]
    ranks = [("low", "medium", "high", "critical").index(b["severity"]) for b in top]
    assert ranks == sorted(ranks, reverse=True) and top[0]["severity"] == "critical"
    # the most frequent one (boris's, twice) is not first: a critical blocker outranks it
    assert top[0]["occurrences"] == 1 and max(b["occurrences"] for b in top) == 2


@pytest.fixture
def core(store: ScrumStore) -> Iterator[ScrumBackend]:
    store.clock = lambda: NOW
    seed_team(store)
    yield ScrumBackend(store, ChatConnection(None, "offline", "", "offline"), Recorder())  # type: ignore[arg-type]


def test_a_blocker_of_today_is_said_today(core: ScrumBackend) -> None:
    core.submit_daily("core", "anna", "Вчера делал TASK-2, сегодня TASK-2. Блокер: жду ответа от банка по TASK-2.")
    member = core.analytics("core", "что у Анны?").text
    risks = render_report(compute_metrics(core.store, "core", "TEAM_RISKS", {}))
    _data, digest = core.digest("core", "anna")
    for text in (member, risks, digest):
        assert "0 дней" not in text and "с сегодня" not in text, text
    assert "— Анна, задача TASK-2, сегодня, важность средняя" in member
    assert "— Анна, задача TASK-2, сегодня, важность средняя" in risks
    line = next(line for line in digest.splitlines() if "жду ответа" in line)
    assert line.endswith("важность средняя, Анна, сегодня")


@pytest.mark.e2e
def test_the_same_velocity_over_http(http: httpx.Client) -> None:
    board: dict[str, Any] = http.get("/scrum/teams/demo/dashboard").json()
    forecast = http.post("/scrum/teams/demo/analytics", json={"message": "успеем к концу спринта?"}).json()
    figure = board["velocity"]["points_per_working_day"]
    assert forecast["metrics"]["velocity_points_per_working_day"] == figure
    assert f"{figure} SP в рабочий день" in forecast["report"]
    risks = http.post("/scrum/teams/demo/analytics", json={"message": "Какие риски и блокеры в команде?"}).json()
    assert risks["intent"] == "TEAM_RISKS" and "ID автора" not in risks["report"]
