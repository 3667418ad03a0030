"""Which words of a question name its subject (``agentcore.rag._focus.parts``; issue 18, branch ``fd3``): the words
that only point at or quantify the subject, a verb of motion, and a support verb of a value part do not."""

from __future__ import annotations

from tests.rag.focus_probe import answers

from agentcore.rag._focus.parts import question_parts


def terms_of(question: str) -> tuple[str, ...]:
    (part,) = question_parts(question)
    return part.terms


def test_a_determiner_names_no_subject() -> None:
    assert terms_of("сколько дней здоровья дают каждый год") == ("день", "здоровье", "давать", "год")
    assert "весь" not in terms_of("если дежурил весь год сколько доп дней к отпуску дадут")
    assert "любой" not in terms_of("зарплату можно получать на карту любого банка?")


def test_a_verb_of_motion_with_a_destination_names_no_subject() -> None:
    assert "лететь" not in terms_of("лечу в командировку за границу, за сколько подать заявку")
    assert "идти" not in terms_of("иду к врачу, до скольки предупредить руководителя")
    # without a destination the verb stays: «куда бежать, если …» asks where to turn
    assert "бежать" in terms_of("куда бежать если затопило рабочее место")
    # in a yes/no the going is what is asked
    assert "ходить" in terms_of("обязан ли сотрудник ходить в офис")
    # a day or a span is no destination
    assert "ехать" in terms_of("еду на неделю, сколько суточных")
    # a prefixed verb of arrival keeps its term: the bound of the motion may be what is asked
    assert "прийти" in terms_of("до скольки можно прийти на работу")


def test_an_ambiguous_form_is_the_verb_when_it_is_its_clauses_only_predicate() -> None:
    # «еду» is first the noun «еда»; alone in its clause it is «ехать», a verb of motion
    assert terms_of("еду в командировку в питер, гостиница на сколько за ночь") == (
        "командировка",
        "питер",
        "гостиница",
        "ночь",
    )
    # with another predicate in the clause it stays the noun
    assert "еда" in terms_of("можно ли заказать еду в офис")


def test_a_question_about_a_trip_is_answered_by_the_rule_of_the_trip() -> None:
    heading = "Командировки — Что оплачивает компания"
    sentence = "Гостиница до 7000 ₽ за ночь в Москве и Санкт-Петербурге и до 5000 ₽ за ночь в других городах."
    assert answers("еду в командировку в петербург, гостиница на сколько за ночь", sentence, heading)


def test_the_modal_in_the_neuter_names_no_subject() -> None:
    assert "должный" not in terms_of("сколько человек должно одобрить merge request")
