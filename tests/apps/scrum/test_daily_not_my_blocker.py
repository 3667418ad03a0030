"""Trouble told in a daily that is not the member's blocker, and critical blockers told by their effect (issue 19,
session sb, dev28's classes): an English «no» with a modifier before the noun, a negated verb of effect on the
member's work, a trouble owned by someone else, nothing else left to do told with a negated verb of being, and an
impossibility told by a negative pronoun with an infinitive.  Probes written for these tests in words no labelled
split uses."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily


def _daily(message: str) -> dict[str, Any]:
    return dict(parse_daily(message, "DEV")["daily"])


@pytest.mark.parametrize(
    "message",
    [
        "Yesterday: HUB-3 done. Today: HUB-4 export. No real blockers.",
        "Yesterday: HUB-3 done. Today: HUB-4 export. Staging is down. No major issues though.",
        "Yesterday: HUB-3 done. Today: HUB-4 export. The linter keeps crashing, annoying. No serious blockers.",
    ],
)
def test_an_english_no_with_a_modifier_is_an_all_clear(message: str) -> None:
    """«no» + a modifier + the noun says none as «no blockers» does; the all-clear is no blocker itself."""
    daily = _daily(message)
    assert daily["blockers"] == []
    assert daily["quality"] in ("GREAT", "DETAIL_OK")


def test_an_english_no_with_a_modifier_keeps_a_blocker_that_stops_the_work() -> None:
    daily = _daily(
        "Yesterday: HUB-3 done. Today: HUB-4. No real blockers, but HUB-4 waits on the bank's keys and I have "
        "nothing else to do"
    )
    assert [b["critical"] for b in daily["blockers"]] == [True]


@pytest.mark.parametrize(
    "message",
    [
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Стенд тормозит, но на мою работу это не влияет",
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. У смежников упал деплой, на наши задачи не влияет",
        "Yesterday: HUB-3 done. Today: HUB-4 export. Waiting on the data vendor for HUB-9, but that is next month, so "
        "it doesn't block anything.",
        "Y: HUB-3 done\nT: HUB-4 export\nThe billing squad is stuck on their sandbox, not affecting my tasks",
    ],
)
def test_a_negated_verb_of_effect_on_the_members_work_denies_the_trouble(message: str) -> None:
    """«не влияет на работу», «doesn't block anything», «not affecting my tasks»: the trouble beside it is told, not
    the member's blocker."""
    assert _daily(message)["blockers"] == []


@pytest.mark.parametrize(
    "message",
    [
        # a verb that is not one of effect on the work: the work itself is refused — a trouble
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Жду доступ к стенду, работу не принимают",
        # the effect asserted, not denied
        "Yesterday: HUB-3 done. Today: HUB-4 export. The sandbox is down and it blocks my tasks",
    ],
)
def test_the_effect_not_denied_keeps_the_blocker(message: str) -> None:
    assert len(_daily(message)["blockers"]) == 1
