"""Mechanisms found on the fresh development split ``dailies_people_dev17`` (session scrum26; the split was committed
before any code ran on it).  Each probe here is written for the test, in words the split does not use: the rule, not
the daily, is checked."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum import blocker_reading
from agentcore.apps.scrum.blocker_reading import criticality
from agentcore.apps.scrum.daily_parser import parse_daily


def _daily(text: str) -> dict[str, Any]:
    return dict(parse_daily(text, "DEV")["daily"])


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        # «none of …» is «ни один …» in English: a negative quantifier over a group, its «can» later
        ("none of the cashiers can print receipts since the update", blocker_reading.REASON_TEAM),
        ("ORD-7 — the warehouse API is gone, none of our couriers can see their routes", blocker_reading.REASON_TEAM),
        # «anyone» is a totality as «anything» is: nobody gets served
        ("the booking form is broken, we can't register anyone", blocker_reading.REASON_STOPPED),
    ],
)
def test_a_negative_quantifier_or_a_totality_in_english_is_critical(text: str, reason: str) -> None:
    assert criticality(text) == (True, reason)  # not critical before


@pytest.mark.parametrize(
    "text",
    [
        "none of the reviewers has looked at it yet, waiting",  # no ability: a wait
        "I can't merge it before the review, working on PAY-3 meanwhile",
    ],
)
def test_a_wait_in_english_stays_not_critical(text: str) -> None:
    assert criticality(text) == (False, "")


def test_a_past_outage_told_with_its_remedy_makes_no_work_item() -> None:
    daily = _daily(
        "Вчера: ORD-1 — фильтры заказов\nСегодня: ORD-2 — экспорт\n"
        "Вчера днём падал шлюз оплаты на проде, к вечеру подняли. Блокеров нет"
    )
    assert daily["blockers"] == []
    assert [i["task_id"] for i in daily["yesterday"]] == ["ORD-1"]  # the outage's story was an id-less item before
    assert daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    "tail",
    [
        "Стенд тормозит, но меня это не стопорит",  # a blocker before
        "Сборка идёт по часу, но нас это не держит",  # an id-less work item before
        "CI is slow but it doesn't block me",
    ],
)
def test_a_trouble_that_does_not_touch_the_member_is_no_blocker(tail: str) -> None:
    daily = _daily(f"Вчера закрыл ORD-3 — фильтры. Сегодня делаю ORD-4 — экспорт. {tail}")
    assert daily["blockers"] == []
    assert [i["task_id"] for i in daily["today"]] == ["ORD-4"]
    assert daily["quality"] == "GREAT"


def test_a_trouble_that_touches_the_member_stays() -> None:
    daily = _daily("Вчера закрыл ORD-3 — фильтры. Сегодня делаю ORD-4 — экспорт. Стенд не работает, меня это бесит")
    assert len(daily["blockers"]) == 1
