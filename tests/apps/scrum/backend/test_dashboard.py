"""The team dashboard: burndown, velocity, open blockers with escalations, each member's latest daily and pending
question — from the store (demo team at a fixed clock) and over HTTP (``GET /scrum/teams/{team}/dashboard``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import httpx
import pytest
from tests.apps.scrum.conftest import NOW, sqlite_store

from agentcore.apps.scrum.backend.dashboard import dashboard
from agentcore.apps.scrum.backend.demo import seed_demo
from agentcore.apps.scrum.backend.metrics import working_days
from agentcore.apps.scrum.backend.models import TaskInput
from agentcore.apps.scrum.backend.store import ScrumStore


@pytest.fixture
def demo(data_dir: Path) -> Iterator[ScrumStore]:
    (data_dir / "scrum").mkdir(parents=True, exist_ok=True)
    store = sqlite_store(data_dir)
    seed_demo(store)
    yield store
    store.close()


def _day(offset: int) -> str:
    return (NOW.date() + timedelta(days=offset)).isoformat()


def test_burndown_and_velocity_of_the_demo_sprint(demo: ScrumStore) -> None:
    board = dashboard(demo, "demo")
    burndown = board["burndown"]
    # 12 tasks, 45 points; TASK-1 (5) done 6 days ago, TASK-2 (3) 4 days ago, TASK-3 (3) 2 days ago
    assert burndown["total_points"] == 45
    days = burndown["days"]
    assert [d["date"] for d in (days[0], days[-1])] == [_day(-7), _day(6)] and len(days) == 14
    assert [d["remaining"] for d in days[:8]] == [45, 40, 40, 37, 37, 34, 34, 34]
    assert all(d["remaining"] is None for d in days[8:])  # the future is not drawn
    assert days[0]["ideal"] == 45.0 and days[-1]["ideal"] == 0.0
    velocity = board["velocity"]
    assert [d["points"] for d in velocity["days"]] == [0, 5, 0, 3, 0, 3, 0, 0]
    # one velocity: story points per *working* day (TEAM_OVERVIEW and the forecast read the same figure)
    assert velocity["points_done"] == 11 and velocity["working_days"] == working_days(
        NOW.date() - timedelta(days=7), NOW.date()
    )
    assert velocity["points_per_working_day"] == round(11 / velocity["working_days"], 1)


def test_blockers_by_age_with_escalations_and_members(demo: ScrumStore) -> None:
    board = dashboard(demo, "demo")
    blockers = board["blockers"]
    assert [b["owner"] for b in blockers] == ["boris", "vera", "anna"]  # oldest first
    assert [b["age_days"] for b in blockers] == [3, 2, 1]
    # boris's wait for access, reported on two days, is one step more severe (high): escalated like anna's urgent one
    assert [b["escalated"] for b in blockers] == [True, False, True] and board["escalated_blockers"] == 2
    assert blockers[2]["severity"] == "critical" and blockers[0]["days_reported"] == 2
    assert blockers[0]["severity"] == "high"
    anna = board["members"][0]
    assert (anna["slug"], anna["name"], anna["pending_question"]) == ("anna", "Анна Смирнова", None)
    assert anna["daily"]["date"] == _day(-1) and anna["daily"]["is_today"] is False
    assert anna["daily"]["blockers"][0]["critical"] is True
    assert board["dailies_today"] == 0 and board["members_without_daily_today"] == ["anna", "boris", "gleb", "vera"]


def test_a_task_reopened_is_not_burnt(demo: ScrumStore) -> None:
    reopened = TaskInput(key="TASK-3", title="Экспорт отчётов в CSV", status="in_review", story_points=3)
    demo.import_tasks("demo", [reopened])
    remaining = [d["remaining"] for d in dashboard(demo, "demo")["burndown"]["days"][:8]]
    assert remaining == [45, 40, 40, 37, 37, 37, 37, 37]


@pytest.mark.e2e
def test_the_dashboard_follows_the_daily_dialogue_over_http(http: httpx.Client) -> None:
    before = http.get("/scrum/teams/demo/dashboard").json()
    gleb = next(m for m in before["members"] if m["slug"] == "gleb")
    assert gleb["pending_question"] is None and gleb["daily"]["is_today"] is False
    message = "Вчера закрыл TASK-3, сегодня начну TASK-10. Блокер: нет доступов к стенду."
    asked = http.post("/scrum/teams/demo/daily", json={"member": "gleb", "message": message}).json()
    assert asked["status"] == "clarification"
    waiting = http.get("/scrum/teams/demo/dashboard").json()
    gleb = next(m for m in waiting["members"] if m["slug"] == "gleb")
    assert gleb["pending_question"] == asked["message"]
    answered = http.post(
        "/scrum/teams/demo/daily", json={"member": "gleb", "message": "Это TASK-10, без стенда не могу начать"}
    ).json()
    assert answered["status"] == "accepted"
    after = http.get("/scrum/teams/demo/dashboard").json()
    gleb = next(m for m in after["members"] if m["slug"] == "gleb")
    assert gleb["pending_question"] is None and gleb["daily"]["is_today"] is True
    assert "gleb" not in after["members_without_daily_today"] and after["dailies_today"] == 1
    new = next(b for b in after["blockers"] if b["owner"] == "gleb")
    assert new["escalated"] is True and new["task_id"] == "TASK-10" and new["age_days"] == 0
    assert after["escalated_blockers"] == before["escalated_blockers"] + 1


@pytest.mark.e2e
def test_unknown_team_and_bad_slug(http: httpx.Client) -> None:
    missing = http.get("/scrum/teams/nope/dashboard")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    assert http.get("/scrum/teams/BAD SLUG/dashboard").status_code == 422


def test_charts_are_well_formed_svg_with_the_numbers(demo: ScrumStore) -> None:
    import xml.etree.ElementTree as ET

    from agentcore.apps.scrum.charts import burndown_svg, velocity_svg

    board = dashboard(demo, "demo")
    ns = {"s": "http://www.w3.org/2000/svg"}
    burn = ET.fromstring(burndown_svg(board["burndown"], "Команда <&> «демо»"))
    assert burn.get("role") == "img" and burn.get("data-testid") == "burndown"
    assert burn.findtext("s:title", namespaces=ns) == "Burndown спринта — Команда <&> «демо»"
    assert "осталось 34" in (burn.findtext("s:desc", namespaces=ns) or "")
    ideal, actual = burn.findall("s:polyline", ns)
    assert len(ideal.get("points", "").split()) == 14 and len(actual.get("points", "").split()) == 8
    assert "style" not in burndown_svg(board["burndown"])  # attributes only: the console's CSP allows no style
    velocity = ET.fromstring(velocity_svg(board["velocity"]))
    assert [
        r.findtext("s:title", namespaces=ns)
        for r in velocity.findall("s:rect", ns)
        if r.find("s:title", ns) is not None
    ] == [
        f"{_day(-6)[8:]}.{_day(-6)[5:7]}: 5 SP, задач 1",
        f"{_day(-4)[8:]}.{_day(-4)[5:7]}: 3 SP, задач 1",
        f"{_day(-2)[8:]}.{_day(-2)[5:7]}: 3 SP, задач 1",
    ]
    empty = ET.fromstring(burndown_svg({"total_points": 0, "days": []}))
    assert "данных за прошедшие дни нет" in (empty.findtext("s:desc", namespaces=ns) or "")


@pytest.mark.e2e
def test_charts_over_http(http: httpx.Client) -> None:
    response = http.get("/scrum/teams/demo/charts/burndown.svg")
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg") and 'data-testid="burndown"' in response.text
    assert http.get("/scrum/teams/demo/charts/velocity.svg").status_code == 200
    assert http.get("/scrum/teams/demo/charts/pie.svg").status_code == 422
    assert http.get("/scrum/teams/nope/charts/burndown.svg").status_code == 404
