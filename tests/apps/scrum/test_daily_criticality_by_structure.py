"""Criticality and blocker presence by structure and morphology (session scrum28, issue 19).  The development split
``dailies_people_dev18`` was committed before any code ran on it and is a generalisation check only; every probe
here is written for the test, in words neither it nor ``dailies_people_dev17`` uses: the rule, not a daily, is
checked."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum import blocker_reading
from agentcore.apps.scrum.blocker_reading import criticality
from agentcore.apps.scrum.daily_parser import parse_daily

HEAD = "Вчера: ZOO-1 — карточки вольеров\nСегодня: ZOO-2 — расписание кормлений\n"


def _daily(text: str) -> dict[str, Any]:
    return dict(parse_daily(text, "DEV")["daily"])


# --- a negator before a verb of standing or waiting denies the stop, whatever group it names -----------------------


@pytest.mark.parametrize(
    "text",
    [
        "пайплайн идёт по сорок минут, но вся команда не стоит",
        "сборка падает через раз, никто не ждёт — перезапускаем",
        "тестовая база медленная, отдел не простаивает",
        "the runners are slow, but the whole team is not blocked",
    ],
)
def test_a_denied_stop_is_not_critical(text: str) -> None:
    assert criticality(text) == (False, "")  # «вся команда …» / «никто …» / «whole team» made it critical before


@pytest.mark.parametrize(
    "text",
    [
        "пайплайн упал, вся команда стоит",
        "сборка не проходит ни у кого, все ждут",
        "the runners are down, the whole team is blocked",
    ],
)
def test_the_whole_team_standing_stays_critical(text: str) -> None:
    assert criticality(text) == (True, blocker_reading.REASON_TEAM)


def test_a_denied_stop_keeps_the_trouble_before_it_as_a_blocker_that_is_not_critical() -> None:
    daily = _daily(HEAD + "Блокеры: выгрузка из ветеринарной системы идёт по три часа, но вся команда не стоит")
    assert [(b["text"], b["critical"]) for b in daily["blockers"]] == [
        ("выгрузка из ветеринарной системы идёт по три часа, но вся команда не стоит", False)  # critical before
    ]


def test_a_denied_stop_beside_an_all_clear_leaves_no_blocker() -> None:
    daily = _daily(HEAD + "Сеть в офисе сбоит, но вся команда не стоит, блокеров нет")
    assert daily["blockers"] == []  # a critical blocker outweighed the all-clear before
    assert daily["quality"] == "GREAT"


# --- a risk is no blocker, under a «Блокеры:» header or not ----------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Блокеры: если смотрители не дадут данные по весу до четверга, ZOO-2 придётся пересобирать",
        "Блокеры: когда поменяют формат выгрузки, придётся переписать парсер",
        "Blockers: if the vendor changes the API again, ZOO-2 will need rework",
    ],
)
def test_a_pure_condition_under_the_blockers_header_is_a_risk(line: str) -> None:
    daily = _daily(HEAD + line)
    assert daily["blockers"] == []  # a blocker before
    assert daily["quality"] == "GREAT"  # the section is addressed: a risk, no blocker


def test_a_condition_that_names_a_need_unmet_now_with_the_stakes_stays_a_critical_blocker() -> None:
    daily = _daily(HEAD + "Блокеры: ZOO-2 — если сегодня не откроют доступ к базе, сорвём демо для дирекции")
    assert [(b["critical"], b["related_task_id"]) for b in daily["blockers"]] == [(True, "ZOO-2")]


def test_a_risk_told_as_a_possibility_is_no_blocker() -> None:
    daily = _daily(HEAD + "Есть риск, что подрядчик не успеет сдать API к релизу, руководитель в курсе. Блокеров нет")
    assert daily["blockers"] == []  # «не успеет … к релизу» read as the release missed, critical, before the screen


# --- the stakes lost or missed, read by the lemmas of the verbs -----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "поставщик молчит, релиз в среду накроется",  # future perfective of «накрыться»
        "ключей так и нет, запуск съехал на февраль",  # past of «съехать»
        "дизайн не утверждён, презентация для инвесторов уплывает",
        "подрядчик пропал, сроки горят",
        "без этого цель спринта не достигнем",
        "we can't ship the release until the certificate is renewed",
        "the vendor is silent and the launch slips again",
    ],
)
def test_the_stakes_lost_or_missed_are_critical(text: str) -> None:
    assert criticality(text) == (True, blocker_reading.REASON_RELEASE)  # not critical before


@pytest.mark.parametrize(
    "text",
    [
        "жду ревью, релиз не уедет, успеваем",  # the loss denied
        "жду ответа от юристов, демо в пятницу, всё по плану",  # the stakes without a loss
    ],
)
def test_the_stakes_without_a_loss_are_not_critical(text: str) -> None:
    assert criticality(text) == (False, "")


def test_the_stakes_lost_make_a_clause_a_blocker_outside_the_header() -> None:
    daily = _daily(
        "Вчера ZOO-3 — кормовые нормы. Сегодня ZOO-4 — отчёт для дирекции. "
        "Лаборатория вторую неделю не присылает анализы по ZOO-4, открытие павильона уезжает"
    )
    assert [(b["critical"], b["related_task_id"]) for b in daily["blockers"]] == [(True, "ZOO-4")]  # none before
    assert [i["task_id"] for i in daily["today"]] == ["ZOO-4"]


def test_the_stakes_moved_by_plan_are_no_blocker() -> None:
    daily = _daily("Вчера ZOO-5 — вольеры. Сегодня ZOO-6 — билеты. Релиз перенесли на пятницу по плану, блокеров нет")
    assert daily["blockers"] == []


@pytest.mark.parametrize(
    "text",
    [
        "подпись истекла, мобильный релиз опубликовать не можем",  # the reaching verb before its negated ability
        "ship the release we cannot until legal signs off",
        "стенд не поднят, демо в четверг не состоится",  # the stakes will not be
        "поставщик молчит, запуска на этой неделе не будет",
    ],
)
def test_the_stakes_missed_in_any_word_order_are_critical(text: str) -> None:
    assert criticality(text) == (True, blocker_reading.REASON_RELEASE)  # not critical before


@pytest.mark.parametrize(
    "text",
    [
        "прод ночью моргнул, релиз не будет затронут",  # «не будет» + a participle: the stakes untouched
        "релиз будет в пятницу, жду только ревью",
    ],
)
def test_the_stakes_that_will_be_are_not_critical(text: str) -> None:
    assert criticality(text) == (False, "")


# --- a dependency told by clause structure and morphology -----------------------------------------------------------


@pytest.mark.parametrize(
    ("tail", "task"),
    [
        ("Без выгрузки от бухгалтерии ZOO-2 не сдам", "ZOO-2"),  # «без …» + a negated perfective verb
        ("Ветслужба так и не прислала справки по ZOO-2, делаю пока формы", "ZOO-2"),  # others have not delivered
        ("Зоопарк-партнёр до сих пор не скинул фото вольеров для ZOO-2", "ZOO-2"),
    ],
)
def test_a_dependency_unmet_is_a_blocker_outside_the_header(tail: str, task: str) -> None:
    daily = _daily(HEAD.replace("\n", ". ") + tail)
    assert [(b["critical"], b["related_task_id"]) for b in daily["blockers"]] == [(False, task)]  # none before


@pytest.mark.parametrize(
    "tail",
    [
        "Без тестов ничего не мержу — так договорились в команде",  # an imperfective present: a rule, no blocker
        "Я пока не ответил смотрителям по ZOO-2, отвечу сегодня",  # the member's own reply
        "Без Оли не разобрался бы, спасибо ей. Блокеров нет",  # unreal
    ],
)
def test_a_rule_or_the_members_own_reply_is_no_dependency(tail: str) -> None:
    assert _daily(HEAD.replace("\n", ". ") + tail)["blockers"] == []


def test_nothing_else_left_said_with_more_and_nothing_is_critical() -> None:
    assert criticality("ZOO-2 — поставщик отозвал ключи, а больше в спринте ничего нет") == (
        True,
        blocker_reading.REASON_STOPPED,
    )  # a wait before
    assert criticality("доступа к складу больше нет, пока делаю ZOO-2 на моках") == (False, "")  # a lack, not «nothing»


# --- others who cannot do their own work ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "верстальщики не могут собрать макеты, Figma недоступна",  # a plural animate noun by morphology
        "после миграции продавцы не могут провести возврат",
        "the couriers can't open their route sheets since the update",  # an English plural of a person
        "ресепшен не может заселить ни одного гостя, система броней легла",  # no one served («ни одного <person>»)
    ],
)
def test_others_who_cannot_do_their_own_work_are_critical(text: str) -> None:
    assert criticality(text) == (True, blocker_reading.REASON_TEAM)  # not critical before


@pytest.mark.parametrize(
    "text",
    [
        "сисадмины не могут выдать права раньше среды, пока пишу тесты",  # a service for the member: a wait
        "the reviewers can't approve it before Monday",
    ],
)
def test_a_service_others_cannot_give_yet_is_not_others_stopped(text: str) -> None:
    assert criticality(text)[1] != blocker_reading.REASON_TEAM


def test_others_who_cannot_is_a_blocker_outside_the_header() -> None:
    daily = _daily("Вчера ZOO-7 — билеты. Сегодня ZOO-8 — абонементы. Кассиры не могут продать ни одного билета с утра")
    assert [(b["critical"], b["related_task_id"]) for b in daily["blockers"]] == [(True, None)]  # no blocker before


@pytest.mark.parametrize(
    "text",
    ["запуск акции под вопросом — подрядчик пропал", "prod is on fire, nobody knows why", "прод в огне с утра"],
)
def test_the_stakes_in_doubt_and_prod_on_fire_are_critical(text: str) -> None:
    assert criticality(text)[0] is True  # not critical before
