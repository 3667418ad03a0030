"""The critical effects (production down, the team stopped, the release or the sprint goal at risk) are screened the
way a blocker clause is (issue 19, session scrum26): a negated effect is none («прод не лежит», «релиз не под
угрозой», «prod isn't down»), a scenario is no fact («если упадёт прод — все встанут»), a past one with its remedy is
over («вчера лежал прод, уже подняли»).  One screening in ``blocker_reading`` serves both questions.  Probes written
for these tests."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum import blocker_reading
from agentcore.apps.scrum.blocker_reading import criticality
from agentcore.apps.scrum.daily_parser import blocker_clauses, parse_daily


def _daily(text: str) -> dict[str, Any]:
    return dict(parse_daily(text, "DEV")["daily"])


@pytest.mark.parametrize(
    "text",
    [
        "прод не лежит",  # the old reading: critical, «не работает прод»
        "prod is not down",  # critical before
        "prod isn't down",  # critical before
        "если упадёт прод, вся команда встанет",  # critical before (a scenario)
        "if prod goes down the whole team is blocked",  # critical before
        "если сорвём релиз, будет плохо",  # critical before
        "prod was down yesterday, fixed now",  # critical before (over)
        "если упадёт прод — все встанут",
        "вчера лежал прод, уже подняли",
        "релиз не под угрозой",
    ],
)
def test_a_negated_supposed_or_past_effect_is_not_critical(text: str) -> None:
    assert criticality(text) == (False, "")


@pytest.mark.parametrize(
    "line",
    [
        "прод не лежит",  # the old parser: a critical blocker
        "prod is not down",  # a critical blocker before
        "релиз не под угрозой",  # a blocker before
        "Блокеры: прод не лежит",  # a critical blocker before
        "если упадёт прод — все встанут",
        "вчера лежал прод, уже подняли",
    ],
)
def test_a_screened_effect_alone_is_no_blocker(line: str) -> None:
    daily = _daily(f"Вчера: PAY-1 закрыл\nСегодня: PAY-2 делаю\n{line}")
    assert daily["blockers"] == []
    assert [i["task_id"] for i in daily["today"]] == ["PAY-2"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("прод лежит", blocker_reading.REASON_PROD),
        ("прод не работает", blocker_reading.REASON_PROD),  # the negator the failure needs is part of it
        ("can't deploy, prod is down", blocker_reading.REASON_PROD),
        ("никто из QA не может тестировать", blocker_reading.REASON_TEAM),
        ("релиз под угрозой", blocker_reading.REASON_RELEASE),
        # a condition that names a need unmet now: the stake at risk is real
        ("EDU-57 — если сегодня не дадут доступ к 1С, сорвём сдачу ведомостей", blocker_reading.REASON_RELEASE),
    ],
)
def test_a_stated_effect_stays_critical(text: str, reason: str) -> None:
    assert criticality(text) == (True, reason)


def test_a_denied_effect_keeps_the_wait_beside_it() -> None:
    daily = _daily("Вчера: PAY-1 закрыл\nСегодня: PAY-2 делаю\nрелиз не под угрозой, просто жду ревью PAY-2")
    assert [(b["critical"], b["related_task_id"]) for b in daily["blockers"]] == [(False, "PAY-2")]


def test_a_case_the_task_handles_is_no_blocker() -> None:
    daily = _daily("Вчера: PAY-1 закрыл\nСегодня: PAY-2 — если сервис не отвечает, показываем заглушку")
    assert daily["blockers"] == []


def test_one_screening_for_blockers_and_criticality() -> None:
    assert blocker_clauses.asserted is blocker_reading.asserted
    assert blocker_clauses.UNREAL is blocker_reading.UNREAL
    assert blocker_clauses.stated is blocker_reading.stated
