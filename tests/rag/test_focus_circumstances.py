"""Words a rule's sentence does not repeat (issue 18, branch ``fd``): the asker's month and the place travelled to or
from, a figure's unit compared with the rule's limit, the verb of contact of a «куда» question, and the verbs and
months that mark no other document's subject."""

from __future__ import annotations

import numpy as np
from tests.rag.focus_probe import answers

from agentcore.rag import check_focus, question_parts
from agentcore.rag._focus import with_alternatives
from agentcore.rag._focus.circumstances import circumstances
from agentcore.rag._focus.yesno import figure_units


def _close(texts: list[str], kind: str) -> np.ndarray:
    """An embedder for which everything is close in meaning (the lexical tests decide)."""
    return np.ones((len(texts), 4)) / 2.0


def _circumstances(question: str) -> tuple[str, ...]:
    (part,) = with_alternatives(question_parts(question), [])
    return circumstances(part)


# --- the asker's month and destination ------------------------------------------------------------------------


def test_a_month_and_a_place_travelled_to_or_from_are_circumstances() -> None:
    assert _circumstances("женюсь в июле, скока дней дадут за свой счет") == ("июль",)
    assert _circumstances("еду в командировку в ереван, за сколько подавать заявку") == ("ереван",)
    assert _circumstances("лететь 7 часов до владивостока, бизнес класс оплатят?") == ("владивосток",)
    assert _circumstances("можно ли поработать из таиланда полгода") == ("таиланд",)
    # a city's nickname is read through the colloquial lexicon («владик» → «владивосток»)
    assert _circumstances("лечу во владик часов 8, бизнес класс можно взять?") == ("владик",)
    # the guards: where a thing is (the locative) is asked, not a circumstance; a guessed «place» is none
    assert _circumstances("в самаре есть офис?") == ()
    assert _circumstances("сколько мест на парковке в самаре") == ()
    assert _circumstances("agentcore на винде пойдёт?") == ()


def test_a_destination_no_rule_names_does_not_keep_a_yes_no_from_its_rule() -> None:
    heading = "Командировки — Что оплачивает компания"
    rule = "Бизнес-класс допускается для перелётов дольше 6 часов."
    assert answers("лететь 7 часов до владивостока, бизнес класс оплатят?", rule, heading)
    # the guards: a place where the thing is stays asked, and so does a subject the rule does not name
    office = "Офис находится в Москве, в бизнес-центре «Северный», 6 этаж."
    assert not answers("в самаре есть офис?", office, "Офис и переговорные комнаты")
    assert not answers("лететь 7 часов до владивостока, яхту оплатят?", rule, heading)


# --- a figure's unit --------------------------------------------------------------------------------------------


def test_a_figures_unit_is_compared_with_the_rules_limit_in_the_same_measure() -> None:
    (part,) = question_parts("хочу летом в отпуск на три недели подряд, так можно?")
    assert figure_units(part) == ("неделя",)
    heading = "Отпуск — Летний период"
    rule = "Летом можно уйти в отпуск не более чем на 14 календарных дней подряд."
    assert answers("хочу летом в отпуск на три недели подряд, так можно?", rule, heading)
    assert answers("летом можно в отпуск больше чем на 2 недели?", rule, heading)
    # the guards: a clock span is no calendar span, and a unit the question gives no figure of stays a noun
    flight = "Бизнес-класс допускается для перелётов дольше 6 часов."
    assert not answers("лечу 7 дней, бизнес-класс оплатят?", flight, "Командировки — Проезд")
    assert not answers("летом можно в отпуск на неделю раньше коллег?", rule, heading)


# --- the verb of contact ----------------------------------------------------------------------------------------


def test_the_verb_of_contact_of_a_kuda_question_is_how_the_place_asked_is_reached() -> None:
    assert _circumstances("куда писать про фишинг") == ("писать",)
    heading = "Информационная безопасность — Фишинг"
    sentence = "Подозрительное письмо перешлите на security@romashka-soft.ru и удалите."
    passages = [f"{heading}\nФишинг — письма с просьбой срочно ввести пароль. {sentence}"]
    found = check_focus("куда писать про фишинг", [sentence], passages, headings=[heading], semantic=None)
    assert not found.decline
    # the guards: a verb that is the subject stays («где хранить пароли»), and the topic must still be there
    assert _circumstances("где хранить пароли") == ()
    other = check_focus("куда писать про ипотеку", [sentence], passages, headings=[heading], semantic=None)
    assert other.decline


# --- what marks another document's subject ------------------------------------------------------------------------


def test_a_verb_or_a_month_another_document_uses_marks_no_other_subject() -> None:
    question = "в предпраздничный день на сколько раньше уходим"
    shown = ["В предпраздничный день рабочее время сокращается на 1 час."]
    heads = ["График работы и учёт времени — Рабочая неделя"]
    passages = [
        f"{heads[0]}\n{shown[0]}",
        "Отпуск — Первый отпуск\nУходить в первый отпуск можно через 6 месяцев, раньше — по договорённости.",
    ]
    found = check_focus(question, shown, passages, headings=heads, shown_headings=heads, embed=_close)
    assert not found.decline
    # (a noun only another document uses still marks its subject: test_focus.py, «… английский для родственников»)


# --- what the asker needs a thing for -------------------------------------------------------------------------


def test_a_thing_the_asker_needs_it_for_that_no_passage_names_is_a_circumstance() -> None:
    heading = "Зарплата и выплаты — Справки"
    sentence = "Справку с места работы можно заказать в портале в разделе «Справки»."
    passages = [f"{heading}\n{sentence}"]

    def answered(question: str) -> bool:
        return not check_focus(question, [sentence], passages, headings=[heading], semantic=None).decline

    assert answered("нужна справка с работы для визы где заказать")
    # the guard: a person it is for stays a term (the rules differ by person)
    dms = "ДМС — ДМС для родственников"
    tariff = "Супруга и детей можно прикрепить к программе по корпоративному тарифу — около 38 000 ₽ в год."
    found = check_focus(
        "сколько стоит дмс для пенсионеров", [tariff], [f"{dms}\n{tariff}"], headings=[dms], semantic=None
    )
    assert found.decline
