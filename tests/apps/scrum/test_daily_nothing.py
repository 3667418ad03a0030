"""«Nothing» as the subject of a failure is a blocker, not a statement that there is none (issue 19, session scrum26):
«Blockers: nothing works on staging», «ничего не собирается» — everything fails.  «Nothing» as the subject of a verb
of trouble («nothing is broken», «ничего не мешает») or with the member as its object («nothing stops me») says there
is no trouble.  Probes written for these tests; the old parser read the first kind as «no blockers»."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum.daily_parser import no_blockers_stated, parse_daily
from agentcore.apps.scrum.daily_parser.blocker_clauses import nothing_denies, nothing_works


def _daily(text: str) -> dict[str, Any]:
    return dict(parse_daily(text, "DEV")["daily"])


@pytest.mark.parametrize(
    ("text", "blocker"),
    [
        ("Yesterday: PAY-1 done\nToday: PAY-2 tests\nBlockers: nothing works on staging", "nothing works on staging"),
        ("Yesterday: PAY-1 done\nToday: PAY-2 tests\nBlockers: nothing builds", "nothing builds"),
        (
            "Yesterday: PAY-1 done\nToday: PAY-2 tests\nBlockers:\n- nothing loads on staging",
            "nothing loads on staging",
        ),
        (
            "Yesterday: PAY-1 done\nToday: PAY-2 tests\nBlockers: nothing is working on staging",
            "nothing is working on staging",
        ),
        # outside a blockers section: the statement is a trouble of its own, not a work item
        ("Yesterday PAY-1 done, today PAY-2 tests. Nothing works on staging.", "Nothing works on staging"),
        ("Вчера закрыл PAY-1, сегодня делаю PAY-2. Ничего не собирается на CI", "Ничего не собирается на CI"),
    ],
)
def test_nothing_that_fails_is_a_blocker(text: str, blocker: str) -> None:
    daily = _daily(text)
    assert [b["text"] for b in daily["blockers"]] == [blocker]
    assert not no_blockers_stated(text)
    assert [i["task_id"] for i in daily["today"]] == ["PAY-2"]  # no id-less «work item» made of the failure


@pytest.mark.parametrize(
    "text",
    [
        "Вчера: PAY-1 закрыл\nСегодня: PAY-2 тесты\nБлокеры: ничего не работает на стенде",
        "Вчера: PAY-1 закрыл\nСегодня: PAY-2 тесты\nБлокеры: ничего не собирается",
    ],
)
def test_a_russian_failure_of_everything_stays_a_blocker(text: str) -> None:
    """Guards: the Russian forms were read right before (their «не работает» is a trouble word)."""
    assert len(_daily(text)["blockers"]) == 1
    assert not no_blockers_stated(text)


@pytest.mark.parametrize(
    "line",
    [
        "nothing is broken",  # the old parser: a blocker «nothing is broken»
        "nothing is failing",  # the old parser: a blocker
        "nothing blocks me",
        "nothing is blocking me",
        "nothing stops me",
        "nothing new",
        "nothing this week",
        "ничего не мешает",
        "ничего не сломалось",
    ],
)
def test_nothing_in_trouble_is_no_blocker(line: str) -> None:
    text = f"Yesterday: PAY-1 done\nToday: PAY-2 tests\nBlockers: {line}"
    daily = _daily(text)
    assert daily["blockers"] == []
    assert daily["quality"] == "GREAT"  # blockers addressed: said to be none
    assert no_blockers_stated(text)


def test_nothing_in_trouble_keeps_a_wait_beside_it() -> None:
    daily = _daily("Yesterday: PAY-1 done\nToday: PAY-2 tests\nBlockers: nothing is broken, but waiting for review")
    assert len(daily["blockers"]) == 1


def test_the_readings_of_nothing() -> None:
    assert nothing_works("у меня ничего не собирается") and nothing_works("nothing builds on CI")
    assert not nothing_works("ничего не жду") and not nothing_works("ничего не могу сделать")  # the member's verb
    assert not nothing_works("nothing blocks me") and not nothing_works("ничего меня не держит")
    assert nothing_denies("nothing is broken") and nothing_denies("ничего меня не держит")
    assert not nothing_denies("nothing is broken, but CI is down")  # the other statement names a trouble
    assert not nothing_works("всё работает") and not nothing_denies("всё работает")
