"""A blocker that names its task by reference (session sq2, dev29): a pronoun, a demonstrative with a task noun, a
place adverb or an ordinal ties it to the task the daily named before, as a Scrum master reads it — so the daily
asks no question and can be GREAT.  Read by morphology (:mod:`agentcore.apps.scrum.daily_parser.reference`)."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.apps.scrum.daily_parser.reference import referred_task
from agentcore.apps.scrum.trouble_owner import opens_with_another


def _blockers(message: str) -> list[tuple[str | None, bool]]:
    output = parse_daily(message, "DEV")
    return [(b["related_task_id"], b["critical"]) for b in output["daily"]["blockers"]]


@pytest.mark.parametrize(
    ("message", "task"),
    [
        # a pronoun after a preposition takes back the last task named
        ("Вчера: WMS-3 — отгрузки\nСегодня: WMS-4 — возвраты\nБлокеры: по нему жду схему от аналитика", "WMS-4"),
        ("Вчера: WMS-3 — отгрузки\nСегодня: WMS-4 — возвраты\nБлокеры: для него нужен доступ к ERP, запросил", "WMS-4"),
        # a pronoun as the object
        ("Вчера: WMS-3 — отгрузки\nСегодня: WMS-4 — возвраты\nБлокеры: её не могу проверить без тестовой ERP", "WMS-4"),
        # a demonstrative with a task noun
        ("Вчера: WMS-3 — отгрузки\nСегодня: WMS-4 — возвраты\nПо этой задаче нет доступа к ERP", "WMS-4"),
        # an ordinal standing for its noun counts in the list before it
        ("Вчера: WMS-2 — приёмка\nСегодня: WMS-3 отгрузки и WMS-4 возвраты\nБлокеры: по первой жду склад", "WMS-3"),
        ("Yesterday: WMS-2 intake\nToday: WMS-3 shipments and WMS-4 returns\nBlockers: for the second one I need ERP"
         " access, asked IT", "WMS-4"),
        ("Yesterday: WMS-3 shipments\nToday: WMS-4 returns\nBlockers: waiting on the ERP sandbox for it", "WMS-4"),
    ],
)  # fmt: skip
def test_a_blocker_names_its_task_by_reference(message: str, task: str) -> None:
    output = parse_daily(message, "DEV")
    assert [b["related_task_id"] for b in output["daily"]["blockers"]] == [task]
    assert output["daily"]["quality"] == "GREAT"
    assert not output["clarification"]["needs_clarification"]


@pytest.mark.parametrize(
    "message",
    [
        # the pronoun takes back the noun before it, not the task
        "Вчера: WMS-3 — отгрузки\nСегодня: WMS-4 — возвраты\nБлокеры: жду макеты, без них не начну",
        # after «от» the pronoun names whom the member waits on
        "Вчера помогал Ире с WMS-3, сегодня WMS-4, жду от неё схему, но могу пока без неё",
        # «второй день» is no place in a list
        "Вчера: WMS-2 — приёмка\nСегодня: WMS-3 отгрузки и WMS-4 возвраты\nБлокеры: второй день жду ответ склада",
    ],
)
def test_no_reference_no_task(message: str) -> None:
    assert [task for task, _ in _blockers(message)] == [None]


def test_a_reference_with_nothing_named_before_names_none() -> None:
    assert referred_task("по ней жду ответ", [], []) is None
    assert referred_task("по третьей жду ответ", ["A-1"], ["A-1", "A-2"]) is None


def test_a_preposition_is_no_person_in_the_dative() -> None:
    """pymorphy3 knows a surname «По»: the dative of the one who lacks stands bare, never after a preposition, so «По
    второй жду тексты» is the member's wait, not another's trouble."""
    assert not opens_with_another(["по", "второй", "жду", "тексты"])
    assert opens_with_another(["пете", "нужен", "доступ"])
    message = "Вчера: WMS-2 — приёмка.\nСегодня: WMS-3 отгрузки и WMS-4 возвраты. По второй жду ответ склада"
    assert _blockers(message) == [("WMS-4", False)]


@pytest.mark.parametrize(
    "message",
    [
        "Вчера: WMS-3 — отгрузки. Там же поправил печать накладных. Сегодня: WMS-4 — возвраты. Блокеров нет",
        "Вчера:\n1. WMS-3 отгрузки — готово\n2. к ней же обновил схему API\nСегодня: WMS-4 возвраты\nБлокеров нет",
        "Вчера: WMS-3 отгрузки; заодно отрефакторил его валидатор\nСегодня: WMS-4 возвраты\nБлокеров нет",
        "Done: WMS-3 shipments; also tuned its batch size\nDoing: WMS-4 returns\nBlockers: none",
    ],
)
def test_work_that_takes_the_task_back_is_that_tasks(message: str) -> None:
    """An id-less piece beside a task that takes it back by a pronoun or «там же» tells more of that task."""
    assert parse_daily(message, "DEV")["daily"]["quality"] == "GREAT"


@pytest.mark.parametrize(
    "message",
    [
        "Вчера: WMS-3 отгрузки; ещё написал скрипт миграции\nСегодня: WMS-4 возвраты\nБлокеров нет",
        # a bare dative pronoun is whom the member did it for
        "Вчера: WMS-3 отгрузки; ещё написал ему скрипт выгрузки\nСегодня: WMS-4 возвраты\nБлокеров нет",
    ],
)
def test_a_deliverable_of_its_own_keeps_the_daily_from_great(message: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["quality"] == "DETAIL_OK"
