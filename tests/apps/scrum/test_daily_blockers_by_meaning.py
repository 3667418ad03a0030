"""Blockers read by meaning outside a «Блокеры:» list (issue 19, session sb): help requests, the same blocker as
yesterday, a state meant so and others' eager anticipation.  Probes written for these tests, not taken from any data
set."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily


def _daily(message: str) -> dict[str, Any]:
    return dict(parse_daily(message, "DEV")["daily"])


@pytest.mark.parametrize(
    ("message", "blocker"),
    [
        (
            "Вчера: закрыл PAY-1 форму.\nСегодня: PAY-2 тесты.\nНужна помощь с настройкой CI.",
            "Нужна помощь с настройкой CI",
        ),
        (
            "Yesterday: finished PAY-1 form.\nToday: PAY-2 tests.\nNeed help with the CI setup.",
            "Need help with the CI setup",
        ),
        ("Вчера: PAY-1. Сегодня: PAY-2 валидация, требуется помощь с регулярками.", "требуется помощь с регулярками"),
    ],
)
def test_a_call_for_help_is_a_non_critical_blocker(message: str, blocker: str) -> None:
    """The member asks for help: the work waits on someone else, but nothing stands."""
    daily = _daily(message)
    assert [b["text"] for b in daily["blockers"]] == [blocker]
    assert daily["blockers"][0]["critical"] is False
    assert all("помощ" not in item["summary"] and "help" not in item["summary"] for item in daily["today"])
    assert any(item["task_id"] == "PAY-2" for item in daily["today"])


@pytest.mark.parametrize(
    "message",
    [
        "Вчера: PAY-1. Сегодня: PAY-2. Помощь не нужна.",
        "Вчера: PAY-1. Сегодня: PAY-2. Кому нужна помощь с ревью — пишите.",
        "Yesterday: PAY-1. Today: PAY-2. I don't need help.",
    ],
)
def test_help_denied_or_offered_is_no_blocker(message: str) -> None:
    assert _daily(message)["blockers"] == []


@pytest.mark.parametrize(
    "message",
    [
        # eager anticipation of others: nothing of the work stands
        "Вчера: готовили релиз PAY-1.\nСегодня: PAY-2.\nВсе ждут релиза с нетерпением.",
        "Yesterday: PAY-1 release prep.\nToday: PAY-2.\nThe whole team can't wait for the release.",
        # the state meant, not an outage
        "Yesterday: shipped PAY-1 behind a flag.\nToday: PAY-2.\nUsers can't see the button yet, as planned.",
        "Вчера: выкатил PAY-1 под флагом.\nСегодня: PAY-2.\nКнопку пользователи пока не видят, так и задумано.",
    ],
)
def test_anticipation_or_a_planned_state_is_no_blocker(message: str) -> None:
    assert _daily(message)["blockers"] == []


def test_the_members_own_eager_wait_stays_a_blocker() -> None:
    daily = _daily("Вчера: PAY-1.\nСегодня: PAY-2.\nБлокеры: жду доступ к стенду, с нетерпением.")
    assert [b["critical"] for b in daily["blockers"]] == [False]


@pytest.mark.parametrize(
    ("message", "day"),
    [
        ("Вчера: PAY-1 форма.\nСегодня: PAY-2 тесты.\nБлокер тот же, что вчера.", "вчера"),
        ("Вчера: PAY-1 форма.\nСегодня: PAY-2 тесты.\nБлокеры: прежний, что и вчера.", "вчера"),
        ("Yesterday: PAY-1 form.\nToday: PAY-2 tests.\nSame blocker as yesterday.", "yesterday"),
    ],
)
def test_the_same_blocker_as_yesterday_is_a_blocker_that_says_so(message: str, day: str) -> None:
    """A blocker named by reference to the one told before still stands; its text keeps the reference."""
    daily = _daily(message)
    assert len(daily["blockers"]) == 1
    assert day in daily["blockers"][0]["text"].lower()
    assert [item["task_id"] for item in daily["today"]] == ["PAY-2"]
