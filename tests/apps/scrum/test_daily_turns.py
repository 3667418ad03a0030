"""A statement that turns from one day to the other is cut there (issue 19, session sect22): after a statement of
yesterday (or today) — by its time word, its verb or its header — a comma or a dash and a statement that names a task
of its own and opens with a verb of the other day is that day's work, not more of the first («Вчера: PAY-1 ретраи,
займусь PAY-2»).  Probes written for these tests, not taken from the labelled sets."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily


def _ids(text: str) -> tuple[list[str | None], list[str | None], str]:
    daily: dict[str, Any] = dict(parse_daily(text, "DEV")["daily"])
    return (
        [item["task_id"] for item in daily["yesterday"]],
        [item["task_id"] for item in daily["today"]],
        daily["quality"],
    )


@pytest.mark.parametrize(
    "text",
    [
        "вчера закрыл PAY-1, пишу тесты к PAY-2, блокеров нет",  # the time word says yesterday, «пишу» today
        "закрыл PAY-1, допишу PAY-2, блокеров нет",  # no time word at all: verb against verb
        "Вчера: PAY-1 ретраи, займусь PAY-2\nБлокеры: нет",  # the header says yesterday, «займусь» today
        "Yesterday: fixed PAY-1, will start PAY-2\nBlockers: none",
    ],
)
def test_todays_task_after_yesterdays_statement_is_today(text: str) -> None:
    assert _ids(text) == (["PAY-1"], ["PAY-2"], "GREAT")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # same day on both sides: no turn
        ("Вчера: PAY-1 ретраи, делал PAY-2\nБлокеры: нет", (["PAY-1", "PAY-2"], [])),
        # the turn names no task: the verb goes on with the task before it
        ("Сегодня: PAY-1 — не работал ретрай, исправил\nБлокеры: нет", ([], ["PAY-1"])),
        # the turn is one statement's, not a header for the lines below it
        ("Вчера: PAY-1 ретраи, пишу PAY-2\nPAY-3 тесты\nБлокеры: нет", (["PAY-1", "PAY-3"], ["PAY-2"])),
    ],
)
def test_no_turn_without_another_day_and_a_task(text: str, expected: tuple[list[str], list[str]]) -> None:
    assert _ids(text)[:2] == expected


def test_a_blockers_line_is_not_cut_by_a_turn() -> None:
    # where a blockers line turns to the work is the blocker reader's: «пока делаю PAY-2» stays as it was read
    text = "Вчера: PAY-1 ретраи, сегодня: PAY-2 тесты, блокеры: жду доступ к логам, пока делаю PAY-2"
    yesterday, today, _ = _ids(text)
    assert (yesterday, today) == (["PAY-1"], ["PAY-2"])


@pytest.mark.parametrize(
    "text",
    [
        "Вчера: PAY-1 ретраи\nБлокеры: жду ревью PAY-1, потом пишу PAY-2",
        "Вчера: PAY-1 ретраи\nБлокеры: жду ревью PAY-1, в планах PAY-2",
    ],
)
def test_a_blockers_line_that_turns_to_todays_task_keeps_it(text: str) -> None:
    # no «пока»/«meanwhile»: the turn is a statement with a task of its own, a verb of today and no trouble
    daily: dict[str, Any] = dict(parse_daily(text, "DEV")["daily"])
    assert [item["task_id"] for item in daily["today"]] == ["PAY-2"]
    assert [(b["text"], b["related_task_id"]) for b in daily["blockers"]] == [("жду ревью PAY-1", "PAY-1")]


@pytest.mark.parametrize(
    "text",
    [
        "Вчера: PAY-1 ретраи\nБлокеры: жду API по PAY-3, без него не начну PAY-2",  # negated: the blocker's effect
        "Вчера: PAY-1 ретраи\nБлокеры: нет доступа к S3, не могу начать PAY-2",  # a trouble of its own
        "Вчера: PAY-1 ретраи\nБлокеры: жду доступ к S3 для PAY-2, буду пинговать админов",  # no task after the joint
    ],
)
def test_a_blockers_line_without_a_turn_stays_one_blocker(text: str) -> None:
    daily: dict[str, Any] = dict(parse_daily(text, "DEV")["daily"])
    assert daily["today"] == []
    assert [b["text"] for b in daily["blockers"]] == [text.split("Блокеры: ")[1]]
