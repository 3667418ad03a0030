"""A blocker is critical by the structure of its effect, whatever words tell it (issue 19, session crit22): a negated
ability with a totality marker, nothing left to do, a whole group stopped, the stakes (release, demo, sprint goal,
hand-in) at risk — while a wait, a bearable effect or a denied trouble stays non-critical.  Probes written for these
tests, not taken from any data set."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum.blocker_reading import REASON_RELEASE, REASON_STOPPED, REASON_TEAM, criticality
from agentcore.apps.scrum.daily_parser import parse_daily

_HEAD = "Вчера: PAY-1 вёрстка формы\nСегодня: PAY-2 валидация\nБлокеры: "


def _blockers(blocker_line: str) -> list[dict[str, Any]]:
    return list(parse_daily(_HEAD + blocker_line, "DEV")["daily"]["blockers"])


@pytest.mark.parametrize(
    ("blocker_line", "reason"),
    [
        # the stakes at risk, in words no pattern listed
        ("сервер сборки сгорел, релиз в пятницу срывается", REASON_RELEASE),
        ("из-за бага в SDK сдача этапа заказчику под угрозой", REASON_RELEASE),
        # nothing left to do: «нечем», and «other» work absent
        ("стенд лёг, запускать тесты совсем нечем", REASON_STOPPED),
        ("нет доступа к стенду PAY-2, а других тикетов в спринте нет", REASON_STOPPED),
        # nobody able: a negative pronoun with a negated ability
        ("сертификат отозвали, ни один из тестировщиков не может зайти на стенд", REASON_TEAM),
    ],
)
def test_a_complete_stop_in_new_words_is_critical(blocker_line: str, reason: str) -> None:
    blockers = _blockers(blocker_line)
    assert len(blockers) == 1
    assert blockers[0]["critical"] is True
    assert criticality(blockers[0]["text"]) == (True, reason)


@pytest.mark.parametrize(
    "blocker_line",
    [
        "никто не смотрит ревью PAY-2 уже неделю",  # nobody acting is a wait, not nobody able
        "админы вообще не отвечают по доступу для PAY-2",  # a degree word on a wait, no ability denied
        "VPN вообще не может подключиться по PAY-2, пока работаю через обходной путь",  # bearable: a work-around
        "жду ревью PAY-2, других проблем нет",  # «other» absent, but it is troubles that are absent
    ],
)
def test_a_wait_or_a_bearable_effect_stays_non_critical(blocker_line: str) -> None:
    blockers = _blockers(blocker_line)
    assert len(blockers) == 1
    assert blockers[0]["critical"] is False


@pytest.mark.parametrize(
    "blocker_line",
    ["релиз не под угрозой, просто жду ревью PAY-2", "демо не срывается, жду доступ к стенду PAY-2"],
)
def test_the_stakes_said_not_at_risk_are_no_critical_blocker(blocker_line: str) -> None:
    blockers = _blockers(blocker_line)
    assert len(blockers) == 1
    assert blockers[0]["critical"] is False


def test_a_denied_risk_leaves_another_stake_at_risk_critical() -> None:
    blockers = _blockers("релиз не под угрозой, но демо срывается из-за PAY-2")
    assert [b["critical"] for b in blockers] == [True]


# session crit23: the role of a negative «who» pronoun read by its case, and one bearable check for every reading


@pytest.mark.parametrize(
    "blocker_line",
    [
        "корпоративный прокси не пускает никого на стенд PAY-2",  # «никого» the object: no one gets in
        "стенд PAY-2 ни для кого не открывается",  # «ни для кого» the scope of the failure
        "деплой PAY-2 никому не доступен",  # «никому» the target
    ],
)
def test_a_failure_that_reaches_nobody_stops_the_whole_group(blocker_line: str) -> None:
    blockers = _blockers(blocker_line)
    assert len(blockers) == 1
    assert blockers[0]["critical"] is True
    assert criticality(blockers[0]["text"]) == (True, REASON_TEAM)


@pytest.mark.parametrize(
    "blocker_line",
    [
        "никто не смотрит ревью, пока делаю PAY-3",  # «никто» the actor who does not act: a wait
        "админы никому не отвечают по PAY-2",  # people not acting towards anyone: a wait
        "никого из админов нет, жду доступ PAY-2",  # nobody there: a wait
        "ни от кого нет ответа по PAY-2",  # «ни от кого» a source, not a scope
    ],
)
def test_a_negative_who_that_is_not_reached_by_a_failure_stays_a_wait(blocker_line: str) -> None:
    blockers = _blockers(blocker_line)
    assert len(blockers) == 1
    assert blockers[0]["critical"] is False


def test_a_partial_effect_is_no_complete_stop_for_the_old_patterns_either() -> None:
    partial = _blockers("стенд частично лежит, ни один автотест не может пройти по PAY-2")
    assert [b["critical"] for b in partial] == [False]
    whole = _blockers("стенд лежит, ни один автотест не может пройти по PAY-2")
    assert [b["critical"] for b in whole] == [True]


@pytest.mark.parametrize(
    "blocker_line",
    [
        "никого не могу найти по доступу к PAY-2",  # «никого» whom the member cannot reach, not nobody able
        "никому не могу передать задачу PAY-2",
    ],
)
def test_whom_the_member_cannot_reach_is_a_wait(blocker_line: str) -> None:
    blockers = _blockers(blocker_line)
    assert len(blockers) == 1
    assert blockers[0]["critical"] is False
