"""Session qv: kinds of misreading the fresh and older development splits revealed in the quality verdict — a
daily grouped by task, a verb used as a section's label, the English «Stoppers» header.  Probed in words no labelled
split uses."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.apps.scrum.daily_parser.layout import task_groups


def _daily(message: str) -> dict[str, object]:
    return parse_daily(message, "DEV")["daily"]


def test_a_daily_grouped_by_task_gives_each_section_its_task() -> None:
    message = (
        "**ZOO-60** (кормушки)\nвчера: собрал каркас, покрасил\nсегодня: крепления и монтаж\n"
        "**ZOO-61**\nсегодня: начну, пока читаю требования\nБлокеры: нет"
    )
    daily = _daily(message)
    assert [i["task_id"] for i in daily["yesterday"]] == ["ZOO-60"]  # type: ignore[index]
    assert [i["task_id"] for i in daily["today"] if i["task_id"]] == ["ZOO-60", "ZOO-61"]  # type: ignore[index]
    assert daily["quality"] == "GREAT"


def test_a_task_line_in_a_list_under_a_section_is_no_group() -> None:
    message = "Вчера:\n- ZOO-62 вёрстка формы\nСегодня: тесты\nБлокеры: нет"
    assert task_groups(message) == message


@pytest.mark.parametrize(
    ("message", "quality"),
    [
        # a verb written as a section's label does not describe the task after it, as «Сегодня:» does not
        ("Сделал: ZOO-63 — учёт кормов\nДелаю: ZOO-64\nМешает: ничего", "DETAIL_OK"),
        ("Сделал: ZOO-63 — учёт кормов\nДелаю: ZOO-64 — табло\nМешает: ничего", "GREAT"),
        # the task finished, the English deed after «then» is another thing, which needs an id
        (
            "Yesterday: ZOO-70 kiosk done, then wrote a setup guide for the kiosks\nToday: ZOO-71 menu\nBlockers: none",
            "DETAIL_OK",
        ),
        ("Yesterday: ZOO-70 kiosk done, then tests\nToday: ZOO-71 menu\nBlockers: none", "GREAT"),
        # «Stoppers» is a blockers header, as «стопперы» is
        ("Yesterday: ZOO-67 — feeding log done\nToday: ZOO-68 — keeper rota\nStoppers: none so far", "GREAT"),
    ],
)
def test_labels_titles_and_headers(message: str, quality: str) -> None:
    assert _daily(message)["quality"] == quality
