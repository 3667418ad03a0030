"""The direction of a way, read by the preposition and case of each end: a rule for the way home is no answer for
the way from home (issue 18, branch ``hal3``; ``agentcore.rag._focus.directions``)."""

from __future__ import annotations

from tests.rag.focus_probe import answers

from agentcore.rag._focus import directions
from agentcore.rag._focus.directions import goals, reverse_direction, sources

TAXI = "Такси после 22:00, если вы задержались на работе по рабочей необходимости, — до 1500 ₽ за поездку до дома."
HEADING = "Возмещение расходов — Какие расходы возмещаются"


def test_the_ends_of_a_way_are_read_by_preposition_and_case() -> None:
    assert sources("такси из дома до офиса") == {"дом"}
    assert goals("такси из дома до офиса") == {"офис"}
    assert goals("поездка к клиенту") == {"клиент"}
    # another case is another relation: a place, a companion
    assert goals("работаю в офисе") == set()
    assert sources("поменяться с коллегой") == set()


def test_the_reverse_direction_does_not_answer() -> None:
    assert not answers("сколько возмещают за такси из дома до работы", TAXI, HEADING)
    assert answers("сколько возмещают за такси с работы до дома", TAXI, HEADING)
    directions.DIRECTIONS_MUST_AGREE = False
    try:
        assert answers("сколько возмещают за такси из дома до работы", TAXI, HEADING)
    finally:
        directions.DIRECTIONS_MUST_AGREE = True


def test_a_sentence_naming_both_ways_states_both() -> None:
    both = "Такси до вокзала или аэропорта и обратно компания оплачивает."
    assert not reverse_direction("такси из аэропорта до дома кто оплачивает", both)
    assert reverse_direction("такси из аэропорта до дома кто оплачивает", "Такси до аэропорта компания оплачивает.")


def test_one_end_alone_is_no_route() -> None:
    sentence = "Каждый сотрудник работает из офиса минимум 2 дня в неделю."
    assert not reverse_direction("сколько дней в неделю минимум надо приходить в офис", sentence)
