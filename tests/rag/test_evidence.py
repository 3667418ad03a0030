"""The lexical standard for evidence the searcher scored below its threshold (:mod:`agentcore.rag._evidence`)."""

from __future__ import annotations

from tests.rag.focus_probe import far_embed

from agentcore.rag import check_focus, lexically_answered


def _check(question: str, shown: list[str], heading: str) -> bool:
    focus = check_focus(
        question, shown, shown, headings=[heading], shown_headings=[heading] * len(shown), embed=far_embed
    )
    return not focus.decline and lexically_answered(focus, shown, [heading] * len(shown))


def test_every_term_of_the_question_in_one_sentence_answers() -> None:
    shown = ["Ежегодный оплачиваемый отпуск составляет 28 календарных дней."]
    assert _check("сколько календарных дней ежегодный отпуск", shown, "Отпуск")


def test_a_one_word_question_is_not_answered_on_weak_evidence() -> None:
    # «когда аванс» holds one subject term: the focus check answers it, the weak-evidence standard does not
    shown = ["Аванс выплачивается 25 числа."]
    focus = check_focus(
        "когда аванс", shown, shown, headings=["Зарплата"], shown_headings=["Зарплата"], embed=far_embed
    )
    assert not focus.decline
    assert not lexically_answered(focus, shown, ["Зарплата"])


def test_a_shared_prefix_is_not_the_same_word() -> None:
    # «визитки» and «визита» share a stem prefix the focus check may accept; the lexical standard does not
    shown = ["Гостевой пропуск нужно заказать до 18:00 накануне визита."]
    heading = "Офис — Пропуска"
    focus = check_focus(
        "как заказать визитки", shown, shown, headings=[heading], shown_headings=[heading], embed=far_embed
    )
    assert not lexically_answered(focus, shown, [heading])


def test_nothing_answered_is_not_answered() -> None:
    shown = ["Офис открыт с 8:00 до 22:00."]
    focus = check_focus(
        "сколько стоит парковка", shown, shown, headings=["Офис"], shown_headings=["Офис"], embed=far_embed
    )
    assert focus.decline and not lexically_answered(focus, shown, ["Офис"])


def test_a_verb_is_held_by_the_noun_of_its_root() -> None:
    # «встречаться» / «Встречи»: one root; the colloquial «бадди» is the documents' «наставник»
    shown = ["Встречи с наставником — не реже раза в неделю."]
    assert _check("как часто встречаться с наставником", shown, "Онбординг — Наставник")


def test_a_verb_of_the_question_may_be_paraphrased() -> None:
    # «можно взять» / «допускается»: the sentence holds every noun of the question, in its own verb
    shown = ["Бизнес-класс допускается для перелётов дольше 6 часов."]
    assert _check("бизнес класс на перелёт можно взять?", shown, "Командировки — Что оплачивает компания")


def test_the_askers_figure_need_not_be_in_the_sentence() -> None:
    # «8 часов» is the asker's case; the rule states its limit («дольше 6 часов»)
    shown = ["Бизнес-класс допускается для перелётов дольше 6 часов."]
    assert _check("перелёт 8 часов, бизнес-класс допускается?", shown, "Командировки — Что оплачивает компания")


def test_a_noun_of_the_question_stays_required() -> None:
    # the verb may differ, the thing may not: a sentence about the office's hours answers no parking question
    shown = ["Офис открыт по будням с 8:00 до 22:00."]
    heading = "Офис — Часы работы офиса"
    focus = check_focus(
        "парковка по будням открыт?", shown, shown, headings=[heading], shown_headings=[heading], embed=far_embed
    )
    assert not lexically_answered(focus, shown, [heading])


def test_the_unit_of_the_askers_figure_need_not_be_in_the_sentence() -> None:
    # «2 тыщи» is the asker's amount with its unit; the rule states its own limit («до 3000 ₽»)
    shown = ["Мелкие покупки для работы — кабели, адаптеры — до 3000 ₽ без согласования."]
    heading = "Возмещение расходов — Какие расходы возмещаются"
    assert _check("купил кабель за 2 тыщи, покупки возмещаются?", shown, heading)


def test_a_perekhodnik_is_held_by_the_documents_adapter() -> None:
    # the colloquial lexicon's «переходник ~= адаптер» (issue 18, branch ``fd2``) holds the term on weak evidence
    shown = ["Мелкие покупки для работы — кабели, адаптеры — до 3000 ₽ без согласования."]
    heading = "Возмещение расходов — Какие расходы возмещаются"
    assert _check("купил переходник, мелкие покупки возмещаются?", shown, heading)
