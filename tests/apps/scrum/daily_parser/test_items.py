"""``daily_parser.items`` (session qv2): which id-less pieces are work items of the member's own."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.apps.scrum.daily_parser.items import names_work


@pytest.mark.parametrize(
    "piece",
    ["работаю по остальным задачам", "пока занимаюсь другими задачами", "работаем дальше по спринту"],
)
def test_a_piece_of_words_that_inform_of_nothing_names_no_work(piece: str) -> None:
    assert not names_work(piece)


@pytest.mark.parametrize("piece", ["пишу миграцию склада", "настраиваю бэкапы", "работаю над импортом прайсов"])
def test_a_piece_that_says_what_is_done_still_names_work(piece: str) -> None:
    assert names_work(piece)


@pytest.mark.parametrize(
    "message",
    [
        "Вчера: ORD-5 — сверка остатков. Сегодня: ORD-6 — отчёт по возвратам. Неделю жду от склада акт по ORD-5, но "
        "работаю по остальным задачам.",
        "Вчера: ORD-5 — сверка остатков. Сегодня: ORD-6 — отчёт по возвратам. Жду акт по ORD-5 от склада, но пока "
        "занимаюсь другими задачами.",
    ],
)
def test_other_tasks_beside_a_wait_keep_the_daily_great(message: str) -> None:
    """«…, но работаю по другим задачам» says the member is not stopped, not that an untracked deliverable was done."""
    assert parse_daily(message, "dev")["daily"]["quality"] == "GREAT"


@pytest.mark.parametrize(
    ("message", "quality"),
    [
        # the last task named alone after the first task's own words says nothing of it
        ("Вчера: RENT-3 — договор аренды. Сегодня: RENT-4 расчёт пеней + RENT-5. Блокеров нет", "DETAIL_OK"),
        ("Yesterday: RENT-3 lease form. Today: RENT-4 late fees and RENT-5. No blockers", "DETAIL_OK"),
        # a verb before both tasks is said of both; words after each describe each
        ("Вчера закрыл RENT-1 и RENT-2. Сегодня: RENT-4 расчёт пеней. Блокеров нет", "GREAT"),
        ("Вчера: RENT-3 — договор. Сегодня: RENT-4 расчёт пеней + RENT-5 акты. Блокеров нет", "GREAT"),
    ],
)
def test_a_task_named_last_and_alone_after_a_joint_is_bare(message: str, quality: str) -> None:
    assert parse_daily(message, "dev")["daily"]["quality"] == quality
