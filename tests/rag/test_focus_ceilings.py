"""«в пределах N» is a ceiling, read as «до N» and «не более N» are (issue 18, branch ``fix41``): in a question its
noun «предел» names no subject, and in a sentence it states the limit a yes/no's figure is compared with."""

from __future__ import annotations

from tests.rag.focus_probe import answers

from agentcore.rag._focus.parts import question_parts

HEADING = "Возмещение расходов — Какие расходы возмещаются"


def test_a_ceiling_in_the_question_names_no_subject() -> None:
    (part,) = question_parts("компенсируют обед в пределах 1000 рублей?")
    assert "предел" not in part.terms
    (part,) = question_parts("компенсируют обед в пределах пяти тысяч рублей?")
    assert "предел" not in part.terms
    # guard: before a noun «в пределах» keeps its word
    (part,) = question_parts("вызов врача в пределах москвы оплачивается?")
    assert "предел" in part.terms


def test_a_question_asking_within_a_sum_is_answered_by_the_rules_ceiling() -> None:
    sentence = "Такси после 22:00, если вы задержались на работе, — до 1500 ₽ за поездку до дома."
    assert answers("такси после 22 оплатят в пределах 1500 рублей?", sentence, HEADING)


def test_a_ceiling_in_the_sentence_is_the_limit_a_figure_is_compared_with() -> None:
    sentence = "Такси после 22:00, если вы задержались на работе, компенсируется в пределах 1500 ₽ за поездку до дома."
    assert answers("такси после 22 за 2000 рублей оплатят?", sentence, HEADING)


def test_a_ceiling_before_a_number_noun_names_no_subject() -> None:
    # «тысяча», «десяток» are figures in words that pymorphy3 reads as nouns (rv41)
    (part,) = question_parts("компенсируют обед в пределах тысячи рублей?")
    assert "предел" not in part.terms
    (part,) = question_parts("такси оплачивают в пределах десятка километров?")
    assert "предел" not in part.terms


def test_a_ceiling_of_a_unit_alone_is_one_unit() -> None:
    # rv42: «в пределах месяца» was read as the noun «предел» of a place, only a figure after it made a ceiling
    (part,) = question_parts("можно вернуть ноутбук в пределах месяца?")
    assert "предел" not in part.terms
    (part,) = question_parts("нужно ли согласовать в пределах рабочего дня?")
    assert "предел" not in part.terms
    # in a sentence it is the limit of one unit a question's figure is compared with
    assert answers("можно перенести отпуск на 3 недели?", "Отпуск можно перенести в пределах месяца.", "Отпуск")
    # guard: a noun of a scope keeps its word
    (part,) = question_parts("можно потратить в пределах бюджета?")
    assert "предел" in part.terms
