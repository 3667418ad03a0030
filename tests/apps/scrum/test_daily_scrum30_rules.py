"""Session scrum30's criticality rules, probed in words no labelled split uses: a singular collective of people who
cannot do their work is others stopped (critical), read by morphology; another party's indecision is a wait."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.blocker_reading import criticality


@pytest.mark.parametrize(
    "text",
    [
        "ТУР-1 — экскурсионное бюро не может продать ни одного тура, касса не открывается",
        "ГЕО-2 — картография не может выпустить листы, растеризатор падает",
        "ТЕП-3 — дежурная смена котельной не может вести журнал, планшеты не синхронизируются",
    ],
)
def test_a_singular_collective_that_cannot_work_is_critical(text: str) -> None:
    assert criticality(text)[0], text


@pytest.mark.parametrize(
    "text",
    [
        "ТУР-4 — клиент не может выбрать даты тура, жду ответа",
        "ГЕО-5 — заказчики не могут договориться о масштабе, пока делаю легенду",
        "ТЕП-6 — покупатель не может определиться с комплектацией",
        "ТЕП-7 — сервис не может подключиться к очереди, ретраи спасают",
    ],
)
def test_indecision_and_a_failing_thing_are_not_others_stopped(text: str) -> None:
    assert not criticality(text)[0], text
