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
