"""A blocker statement that only says something is absent is no blocker, whatever words say it (issue 19, session
neg22): absence words («нет», «ноль», «ни одного», «nil»), blocker words and words naming nothing, in any order —
while a statement that names what is missing or failing stays a blocker.  Probes written for these tests."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily


def _daily(text: str) -> dict[str, Any]:
    return dict(parse_daily(text, "DEV")["daily"])


@pytest.mark.parametrize(
    "text",
    [
        # under a blockers header: absence and blocker words, in an order no rule lists
        "Вчера: PAY-1 вёрстка формы\nСегодня: PAY-2 тесты формы\nБлокеры: ноль проблем",
        "Вчера: PAY-1 вёрстка формы\nСегодня: PAY-2 тесты формы\nБлокеры: затыков, похоже, ни одного",
        "Yesterday: PAY-1 form layout\nToday: PAY-2 form tests\nBlockers: nil",
    ],
)
def test_a_blockers_line_that_only_says_none_is_no_blocker(text: str) -> None:
    daily = _daily(text)
    assert daily["blockers"] == []
    assert daily["quality"] == "GREAT"  # blockers addressed: said to be none


def test_a_none_beside_the_work_keeps_the_work_and_gives_no_blocker() -> None:
    daily = _daily("вчера PAY-5 доделал экспорт, сегодня PAY-6 импорт, затыков пока ни одного")
    assert daily["blockers"] == []
    assert [i["task_id"] for i in daily["today"]] == ["PAY-6"]
    assert daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    ("text", "blocker"),
    [
        # what is missing or failing is named: a blocker, with an absence word or without
        (
            "Вчера: PAY-1 вёрстка\nСегодня: PAY-2 тесты\nБлокеры: никакого ответа от безопасников",
            "никакого ответа от безопасников",
        ),
        ("Вчера: PAY-1 вёрстка\nСегодня: PAY-2 тесты\nБлокеры: нет ответа от Пети", "нет ответа от Пети"),
        ("Вчера: PAY-1 вёрстка\nСегодня: PAY-2 тесты\nБлокеры: ничего не могу делать без VPN", None),
        ("вчера PAY-1 вёрстка, сегодня PAY-2 тесты, жду ревью, а так проблем нет", None),
    ],
)
def test_a_statement_naming_a_trouble_stays_a_blocker(text: str, blocker: str | None) -> None:
    blockers = _daily(text)["blockers"]
    assert blockers
    if blocker is not None:
        assert blockers[0]["text"] == blocker


@pytest.mark.parametrize(
    "text",
    [
        # a remedy in the past beside a trouble named only as a noun: over, in words no «over» phrase lists
        "Вчера: PAY-1 вёрстка формы\nСегодня: PAY-2 тесты формы\nБлокеры: проблема с ключами S3, Олег вчера продлил",
        "вчера PAY-7 доделал выгрузку, сегодня PAY-8 импорт, затык с VPN восстановили",
    ],
)
def test_a_trouble_told_as_over_is_no_blocker(text: str) -> None:
    daily = _daily(text)
    assert daily["blockers"] == []
    assert daily["today"] and daily["today"][0]["task_id"] in ("PAY-2", "PAY-8")
    assert daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    "text",
    [
        # a trouble in the present beside the remedy, a remedy denied, no trouble named: still a blocker
        "Вчера: PAY-1 вёрстка\nСегодня: PAY-2 тесты\nБлокеры: доступ к проду выдали, но стенд не работает",
        "Вчера: PAY-1 вёрстка\nСегодня: PAY-2 тесты\nБлокеры: доступ к стенду так и не выдали",
        "Вчера: PAY-1 вёрстка\nСегодня: PAY-2 тесты\nБлокеры: сняли доступ к проду",
    ],
)
def test_a_remedy_beside_a_present_or_unnamed_trouble_keeps_the_blocker(text: str) -> None:
    assert _daily(text)["blockers"]


def test_a_remedy_denied_by_its_own_not_leaves_the_blocker() -> None:
    # «так и не починили»: the remedy did not happen, the trouble is not over
    blockers = _daily("Вчера: PAY-1 вёрстка\nСегодня: PAY-2 тесты\nБлокеры: затык с VPN так и не починили")["blockers"]
    assert len(blockers) == 1
    assert "VPN так и не починили" in blockers[0]["text"]
