"""Reading what a question asks for from its question words (issue 18, branch ``qk``): a bound or a span of time
asked by a noun of time, «что» with a modal of necessity, a question word before a modal, a modal predicate that names
no subject.  Each test fails on the code before the rule."""

from __future__ import annotations

import numpy as np
from tests.rag.focus_probe import answers

from agentcore.rag import check_focus, question_parts

# --- a bound of time: «с какого момента», «начиная с какого дня», «после какого срока», «после чего» ---------------


def test_a_bound_asked_by_a_noun_of_time_asks_a_time() -> None:
    for question in (
        "с какого момента можно брать первый отпуск",
        "медстраховка с какого дня начинает действовать?",
        "начиная с какого месяца дают дмс",
        "после какого срока можно перейти на удалёнку",
        "к какому времени надо прийти в первый день",
    ):
        (part,) = question_parts(question)
        assert part.asks == "time", question
    # the noun of time and the verb of the period's phase are the slot, not the subject
    assert question_parts("с какого момента можно брать первый отпуск")[0].terms == ("брать", "первый", "отпуск")
    assert question_parts("медстраховка с какого дня начинает действовать")[0].terms == ("медстраховка", "действовать")


def test_a_start_asked_is_answered_by_the_period_the_sentence_states() -> None:
    heading = "Дежурства (on-call) — График"
    sentence = "Дежурство длится неделю: с понедельника 10:00 до следующего понедельника 10:00."
    assert answers("дежурство начинается с какого момента", sentence, heading)
    # guard: a sentence giving no time does not answer it
    assert not answers("дежурство начинается с какого момента", "Дежурный принимает оповещения о сбоях.", heading)


def test_po_bounds_a_period_only_with_the_accusative() -> None:
    assert question_parts("по какое число действует пропуск")[0].asks == "time"
    # guard: «по какому времени» asks which clock (a time zone), not the end of a period
    assert question_parts("по какому времени мне быть на связи")[0].asks != "time"


def test_the_end_of_a_period_is_a_time() -> None:
    sentence = "При увольнении полис действует до конца месяца, в котором сотрудник уволился."
    assert answers("уволился, до какого момента действует полис", sentence, "ДМС — Вопросы")
    assert answers("когда заканчивается полис при увольнении", sentence, "ДМС — Вопросы")


def test_after_what_asks_the_event_it_follows_not_whether() -> None:
    (part,) = question_parts("после чего учётную запись блокируют")
    assert part.asks == "time"  # before: a stated act, read as a yes/no
    assert answers(
        "после чего учётную запись блокируют", "После 5 неверных попыток входа учётная запись блокируется на 15 минут."
    )


def test_an_amount_asked_as_a_threshold_stays_a_number() -> None:
    # guard: «с какой суммы» names an amount, not a time; «с какой длительности» a measure
    assert question_parts("начиная с какой суммы заключают ученический договор")[0].asks == "number"
    assert question_parts("с какой длительности перелёта оплатят бизнес-класс")[0].asks == "number"


# --- a span of time: «в течение какого срока», «через какое время» ---------------------------------------------------


def test_a_span_asked_by_a_noun_of_time_asks_a_number_of_time() -> None:
    for question in (
        "в течение какого срока нужно сдать авансовый отчёт",
        "через какое время блокируется экран",
        "на какой срок выдают доступ к продуктивным серверам",
    ):
        (part,) = question_parts(question)
        assert part.asks == "number", question
    assert question_parts("в течение какого срока нужно сдать авансовый отчёт")[0].terms == (
        "сдать",
        "авансовый",
        "отчет",
    )
    heading = "Информационная безопасность — Рабочее место"
    assert answers(
        "через какое время блокируется экран", "Экран блокируется автоматически через 5 минут бездействия.", heading
    )
    assert not answers("через какое время блокируется экран", "Блокируйте экран, отходя от компьютера.", heading)


# --- «что» + a modal of necessity; a question word before a modal ------------------------------------------------


def test_what_must_be_done_asks_a_procedure() -> None:
    for question in (
        "что нужно делать при потере пропуска",
        "что необходимо указать в заявке на командировку",
        "что должен сделать дежурный при P1",
        "что нужно для оформления командировки",
        "что нужно взять с собой в первый день",
    ):
        (part,) = question_parts(question)
        assert part.asks == "procedure", question


def test_what_must_be_taken_is_answered_by_a_section_naming_the_act() -> None:
    question = "что нужно взять с собой в первый рабочий день"
    steps = "Подписываете документы с HR и получаете электронный пропуск."
    assert not answers(question, steps, "Онбординг — Первый рабочий день")  # before: the day's steps answered it
    letter = "HR присылает письмо: время и адрес, что взять с собой в первый рабочий день (паспорт, СНИЛС)."
    assert answers(question, letter, "Онбординг — До первого дня")
    # guard: «что нужно сделать» asks any step
    assert answers("что нужно сделать в первый рабочий день", steps, "Онбординг — Первый рабочий день")


def test_a_question_word_before_the_modal_asks_content_not_whether() -> None:
    assert question_parts("какие документы нужно приложить к авансовому отчёту")[0].asks == "other"
    assert question_parts("какие справки можно заказать в портале")[0].asks == "other"
    # guard: «ли» keeps a yes/no, and a «что» after the modal in another clause is a conjunction
    assert question_parts("правда ли, что нужно сдавать чеки")[0].asks == "yesno"
    assert question_parts("можно не говорить, что ухожу в отпуск?")[0].asks == "yesno"
    assert question_parts("заболел, можно ли работать из дома")[0].asks == "yesno"
    assert question_parts("нужно ли согласовывать представительские расходы")[0].asks == "yesno"


def test_a_modal_predicate_names_no_subject() -> None:
    question = "обязан ли дежурный держать ноутбук под рукой"
    assert "обязать" not in question_parts(question)[0].terms
    heading = "Дежурства (on-call) — Что нужно дежурному"
    sentence = "Ноутбук с настроенным VPN всегда под рукой, заряженный телефон и доступ к продуктивным серверам."
    assert answers(question, sentence, heading)


# --- what a part is about: its grammatical subject and the attributes of its nouns --------------------------------


def _close(texts: list[str], kind: str) -> np.ndarray:
    """An embedder for which everything is close in meaning (the lexical guards must decide)."""
    return np.ones((len(texts), 4)) / 2.0


def test_an_oblique_noun_another_document_uses_does_not_move_a_part_whose_subject_the_sentence_names() -> None:
    question = "новичку с какого числа начнёт действовать полис дмс"
    shown = ["Полис действует с 1-го числа месяца, следующего за окончанием испытательного срока."]
    heads = ["Добровольное медицинское страхование (ДМС) — Кто получает ДМС"]
    passages = [
        f"{heads[0]}\n{shown[0]}",
        "Онбординг новых сотрудников — Что станет доступно после испытательного срока\n"
        "После успешного окончания испытательного срока новичок получает полис ДМС и доступ к бюджету на обучение.",
    ]
    check = check_focus(question, shown, passages, headings=heads, shown_headings=heads, embed=_close)
    assert not check.decline  # before: «новичок», only the onboarding article's word, made it that article's question


def test_a_case_under_a_preposition_still_marks_another_document() -> None:
    # guard: «после увольнения» is the case asked, which only the DMS article speaks of
    question = "сколько стоит продлить полис дмс самому после увольнения"
    shown = ["После окончания испытательного срока сотрудник получает полис ДМС и доступ к бюджету на обучение."]
    heads = ["Онбординг новых сотрудников — Что станет доступно после испытательного срока"]
    passages = [
        f"{heads[0]}\n{shown[0]}",
        "Добровольное медицинское страхование (ДМС) — Вопросы\nПри увольнении полис действует до конца месяца.",
    ]
    check = check_focus(question, shown, passages, headings=heads, shown_headings=heads, embed=_close)
    assert check.decline


def test_an_attribute_of_the_subject_still_marks_another_document() -> None:
    # guard: «у VPN» says whose speed — the velocity of a team is another thing
    question = "какая максимальная скорость у vpn"
    shown = ["Средняя скорость продуктовых команд — от 30 до 45 story points за двухнедельный спринт."]
    heads = ["Скорость команды (velocity) — Как использовать"]
    passages = [
        f"{heads[0]}\n{shown[0]}",
        "Настройка VPN — Правила\nПодключайтесь к VPN только с корпоративных устройств.",
    ]
    check = check_focus(question, shown, passages, headings=heads, shown_headings=heads, embed=_close)
    assert check.decline


def test_a_paraphrase_must_keep_the_attribute_that_names_the_kind() -> None:
    question = "когда можно уйти в отпуск по уходу за ребёнком"
    shown = [
        "Летом (с 1 июня по 31 августа) действует ограничение: в этот период можно уйти в отпуск не более чем на "
        "14 календарных дней подряд."
    ]
    heads = ["Отпуск: правила и оформление — Летний период"]
    passages = [
        f"{heads[0]}\n{shown[0]}",
        "Отпуск: правила и оформление — Отпуск без сохранения зарплаты\nПо семейным обстоятельствам — рождение "
        "ребёнка — можно взять до 5 календарных дней.",
    ]
    check = check_focus(question, shown, passages, headings=heads, shown_headings=heads, embed=_close)
    assert check.decline  # before: answered by meaning, the summer rule for another kind of leave
    # nor by a sentence naming only the attribute's dependent («рождение ребёнка» is another case)
    family = ["По семейным обстоятельствам — рождение ребёнка — сотрудник может взять до 5 календарных дней отпуска."]
    family_heads = ["Отпуск: правила и оформление — Отпуск без сохранения зарплаты"]
    passages_family = [f"{family_heads[0]}\n{family[0]}", passages[0]]
    check = check_focus(
        question, family, passages_family, headings=family_heads, shown_headings=family_heads, embed=_close
    )
    assert check.decline
    # guard: an attribute no text uses is left to the tests by meaning
    other = ["Больничный и дни здоровья — Дни здоровья\nДни здоровья не переносятся."]
    check = check_focus(question, shown, [passages[0], *other], headings=heads, shown_headings=heads, embed=_close)
    assert not check.decline


# --- a relative or a conjunction among the question words (rv42) ----------------------------------------------------


def test_when_where_who_opening_a_clause_of_the_situation_ask_nothing() -> None:
    # before, the first «когда» / «где» / «кто» anywhere made the part ask a time, a place or a person
    asked = {
        "можно ли взять отгул, когда болеет ребёнок": "yesno",  # after «ли»: a conjunction
        "что делать, когда заболел в отпуске": "procedure",
        "сколько платят, когда работаешь в выходной": "number",
        "можно ли работать из кафе, где нет wifi": "yesno",  # a relative of «кафе»
        "положен ли дмс тем, кто работает по договору": "yesno",  # «тем, кто»: pointed back to
        "когда заболел в отпуске, что делать": "procedure",  # opening the part before a clause that asks
        "кто подписывает заявление, когда руководитель в отпуске": "person",
    }
    for question, asks in asked.items():
        (part,) = question_parts(question)
        assert part.asks == asks, question
    # guards: a question word first or alone, a second question of its own (an infinitive, «кто» without a
    # demonstrative), one asked indirectly — each still asks
    still = {
        "когда выплачивают зарплату": "time",
        "зарплата когда придёт?": "time",
        "заболел, когда идти к врачу": "time",
        "как попасть к врачу по дмс, куда звонить": "service",
        "что нужно для визы, кто оформляет": "person",
        "можно ли узнать, когда придёт зарплата": "time",
    }
    for question, asks in still.items():
        (part,) = question_parts(question)
        assert part.asks == asks, question


def test_a_yesno_with_a_when_clause_is_answered_by_its_rule_without_a_time() -> None:
    heading = "Отгулы — Болезнь ребёнка"
    sentence = "Если болеет ребёнок, сотрудник может взять отгул, предупредив руководителя."
    assert answers("можно ли взять отгул, когда болеет ребёнок", sentence, heading)
