"""A task's lines (session sq2, dev29): a line indented under a task's line with a bullet of its own is that task's
sub-step — or its blocker — not id-less work of its own; a task named bare on its line heads the id-less line right
below it, which says what the task is."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily


@pytest.mark.parametrize(
    "message",
    [
        "Вчера:\n- WMS-3 отгрузки\n  - сверстал форму\n  - подключил API\nСегодня:\n- WMS-4 возвраты\nБлокеры: нет",
        "Yesterday\n* WMS-3 shipments\n    * wrote the mapper\n    * fixed totals\nToday\n* WMS-4 returns\nNo blockers",
        "Вчера: WMS-3\nсверстал форму отгрузки, подключил API склада\nСегодня: WMS-4\nвозвраты\nБлокеры: нет",
    ],
)
def test_a_tasks_own_lines_are_no_untied_work(message: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["quality"] == "GREAT"


def test_a_blocker_under_a_tasks_line_is_that_tasks() -> None:
    message = (
        "Вчера:\n- WMS-3 отгрузки, готово\nСегодня:\n- WMS-4 возвраты\n  - жду от склада схему статусов\n- WMS-5 отчёт"
    )
    output = parse_daily(message, "DEV")
    assert [b["related_task_id"] for b in output["daily"]["blockers"]] == ["WMS-4"]
    assert output["daily"]["quality"] == "GREAT"
    assert not output["clarification"]["needs_clarification"]


@pytest.mark.parametrize(
    "message",
    [
        # a line of its own, not under the task: a deliverable without an id
        "Вчера:\n- WMS-3 отгрузки\n- написал скрипт миграции\nСегодня: WMS-4 возвраты\nБлокеров нет",
        # the sentence after a bare id on the same line is no description of it
        "вчера закончил WMS-3 (отгрузки). сегодня WMS-4. Есть риск, что склад не успеет. блокеров нет",
    ],
)
def test_no_sub_item_no_description(message: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["quality"] == "DETAIL_OK"


@pytest.mark.parametrize("pointer", ["Блокеры: см. выше", "Блокеры выше", "Blockers: see above"])
def test_a_blockers_line_that_points_above_adds_no_blocker(pointer: str) -> None:
    """«Блокеры: см. выше» points to the blocker told above: no blocker of its own, no question about it."""
    message = f"Вчера:\n- WMS-3 отгрузки, готово\nСегодня:\n- WMS-4 возвраты\n  - жду от склада схему\n{pointer}"
    output = parse_daily(message, "DEV")
    assert [b["related_task_id"] for b in output["daily"]["blockers"]] == ["WMS-4"]
    assert output["daily"]["quality"] == "GREAT"


def test_a_task_with_its_words_before_a_blocker_under_todays_header_stays_todays() -> None:
    message = "Сегодня:\n- WMS-4 возвраты — тут жду схему от склада\n- WMS-5 отчёт\nВчера:\n- WMS-3 отгрузки, готово"
    output = parse_daily(message, "DEV")
    assert [i["task_id"] for i in output["daily"]["today"]] == ["WMS-4", "WMS-5"]
    assert [b["related_task_id"] for b in output["daily"]["blockers"]] == ["WMS-4"]
