"""``daily_parser.reading`` (session qv2): a denial in a blockers line ends where it ends (audit G2)."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily


def _today(message: str) -> list[str | None]:
    return [item["task_id"] for item in parse_daily(message, "dev")["daily"]["today"]]


@pytest.mark.parametrize(
    "line",
    [
        "Блокеры: блокеров нет, параллельно возьму CRM-3",
        "Блокеры: жду ответа по CRM-2, но это не блокер, пока делаю CRM-3",
        "Блокеры: нет, заодно начну CRM-3",
        "Blockers: none, also picking up CRM-3",
        "Blockers: waiting on QA for CRM-2 but not blocked, working on CRM-3 meanwhile",
    ],
)
def test_the_work_after_a_denied_blocker_is_todays(line: str) -> None:
    daily = parse_daily(f"Вчера: CRM-1 выгрузка сделок\nСегодня: CRM-2 импорт\n{line}", "dev")["daily"]
    assert "CRM-3" in [item["task_id"] for item in daily["today"]]
    assert daily["blockers"] == []


def test_a_wish_after_the_denial_is_no_work() -> None:
    message = "Вчера: CRM-1 выгрузка сделок\nСегодня: CRM-2 импорт\nБлокеры: не блокер, но хотелось бы ревью CRM-1"
    assert _today(message) == ["CRM-2"]


@pytest.mark.parametrize(
    "message",
    [
        "вчера и сегодня на выездном обучении по 1С, блокеров нет",
        "Вчера и сегодня — BUS-12, расписание автобусов. Блокеров нет",
        "Yesterday and today: BUS-12 timetable import. No blockers",
    ],
)
def test_both_days_at_a_statements_head_say_each_day(message: str) -> None:
    """«вчера и сегодня …» tells both days: neither is missing, so nothing is asked about them (session qv2)."""
    out = parse_daily(message, "dev")
    assert out["daily"]["yesterday"] and out["daily"]["today"]
    assert not out["clarification"]["needs_clarification"]


def test_days_named_after_the_statement_split_nothing() -> None:
    daily = parse_daily("Делал BUS-14 вчера и сегодня, блокеров нет", "dev")["daily"]
    assert [item["task_id"] for item in daily["yesterday"] + daily["today"]] == ["BUS-14"]


@pytest.mark.parametrize(
    ("message", "later"),
    [
        ("Вчера и сегодня утром закрыл RENT-5 и RENT-6, дальше RENT-7", "RENT-7"),
        ("Вчера и сегодня разбирался с RENT-5, потом RENT-8", "RENT-8"),
        ("Yesterday and today: BUS-12 import, then BUS-13", "BUS-13"),
    ],
)
def test_a_step_after_both_days_is_todays_plan_only(message: str, later: str) -> None:
    """«дальше/потом/next» after a both-days head goes on in time: what follows is not told of yesterday."""
    daily = parse_daily(message, "dev")["daily"]
    assert later not in [item["task_id"] for item in daily["yesterday"]]
    assert later in [item["task_id"] for item in daily["today"]]
