"""A team lead's question read by grammar (session dlg, audit gap G5): a forecast is a question about the work being
done in the future, whatever its words; a past form, an obstacle asked about or an order to act is not."""

from __future__ import annotations

from datetime import date

import pytest

from agentcore.apps.scrum.backend.questions import classify, recognise
from agentcore.apps.scrum.question_eval import DEMO_SPRINT_END, DEMO_TODAY, demo_members
from agentcore.apps.scrum.question_grammar import asks_forecast, asks_what_hinders, commands_an_act


@pytest.mark.parametrize(
    "question",
    [
        "Завершим задачи спринта к четвергу?",  # a verb of finishing, perfective future
        "Сдадим всё заказчику до 20 марта?",
        "управимся до конца спринта?",
        "Реально доделать оставшееся к понедельнику?",  # its infinitive asked about
        "Есть шанс закончить спринт без переноса?",
        "Мы успеваем по плану?",  # a verb of keeping pace, non-past
        "Команда не опаздывает со спринтом?",
        "Хватит ли нам недели на оставшиеся задачи?",
        "Идём по графику?",  # a schedule phrase
        "Сколько ещё времени уйдёт на оставшиеся задачи?",
        "Сделаем всё к пятнице?",  # «сделать» with a bound
        "Когда всё уже будет готово?",
        "Will the team wrap up the sprint on time?",  # English: an auxiliary before a verb of finishing
        "Are we behind schedule?",
    ],
)
def test_a_question_about_future_completion_is_a_forecast(question: str) -> None:
    assert asks_forecast(question)
    assert classify(question, demo_members(), DEMO_TODAY, DEMO_SPRINT_END) == "FORECAST"


@pytest.mark.parametrize(
    ("question", "label"),
    [
        ("Сколько задач команда закрыла за спринт?", "TEAM_OVERVIEW"),  # past: what was done
        ("Что мы успели сделать на этой неделе?", "TEAM_OVERVIEW"),
        ("Что может помешать нам закончить к пятнице?", "TEAM_RISKS"),  # what stands in the way
        ("Что тормозит нас с закрытием спринта?", "TEAM_RISKS"),
        ("Will it snow on Monday?", "UNSUPPORTED"),  # a future and a weekday, nothing to finish
        ("Как меняется скорость команды от спринта к спринту?", "TEAM_OVERVIEW"),  # a measure of the overview
    ],
)
def test_a_past_an_obstacle_or_an_unrelated_future_is_no_forecast(question: str, label: str) -> None:
    assert not asks_forecast(question) or asks_what_hinders(question)
    assert classify(question, demo_members(), DEMO_TODAY, DEMO_SPRINT_END) == label


def test_an_english_weekday_bounds_the_forecast() -> None:
    found = recognise("Can we finish the sprint by Thursday?", demo_members(), DEMO_TODAY, DEMO_SPRINT_END)
    assert found is not None and found.kind == "FORECAST"
    assert found.deadline == date(2026, 3, 12) and found.deadline_words == "by Thursday"  # DEMO_TODAY: Wed 11 Mar


@pytest.mark.parametrize(
    ("question", "acts"),
    [("накажи Глеба", True), ("повысь Вере зарплату", True), ("покажи задачи Бориса", False), ("что у Анны?", False)],
)
def test_an_order_to_act_on_a_member_is_not_a_question_about_them(question: str, acts: bool) -> None:
    assert commands_an_act(question) is acts
    got = classify(question, demo_members(), DEMO_TODAY, DEMO_SPRINT_END)
    assert (got != "MEMBER_STATUS") is acts


def test_a_missed_standup_is_asked_about_by_its_verb() -> None:
    assert classify("Кто забыл прислать дейли?", demo_members(), DEMO_TODAY, DEMO_SPRINT_END) == "DAILY_STATUS"


@pytest.mark.parametrize(
    "question",
    [
        "Успел ли Борис сдать отчёт?",  # an infinitive governed by a past verb: what was done
        "Удалось ли Вере закончить миграцию?",
        "Почему Борис не смог закрыть спринтовые задачи?",
        "Could you tell me what Boris closed yesterday?",  # an English verb of finishing in the past
        "Сколько времени занимает ревью у Веры?",  # a duration with a present verb, nothing remaining: a measure
    ],
)
def test_a_past_question_about_a_member_is_their_status_not_a_forecast(question: str) -> None:
    assert not asks_forecast(question)
    assert classify(question, demo_members(), DEMO_TODAY, DEMO_SPRINT_END) == "MEMBER_STATUS"


@pytest.mark.parametrize(
    "question",
    [
        "Напиши, что делает Вера",  # an imperative followed by an indirect question
        "Уточни, чем занят Борис",
        "Найди, над чем работает Вера",
        "Выгрузи отчёт по Вере",  # a verb of giving out information
    ],
)
def test_a_request_to_tell_about_a_member_is_their_status(question: str) -> None:
    assert not commands_an_act(question)
    assert classify(question, demo_members(), DEMO_TODAY, DEMO_SPRINT_END) == "MEMBER_STATUS"
