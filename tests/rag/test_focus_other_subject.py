"""The other-subject rule (``agentcore.rag._focus.other_subject``): a figure the sentence compares with its limit,
and a qualifier of a subject the other document never names, mark no other subject (issue 18, branch ``fd7``)."""

from __future__ import annotations

from tests.rag.focus_probe import far_embed

from agentcore.rag import check_focus
from agentcore.rag._focus.other_subject import qualifies_the_subject
from agentcore.rag._focus.parts import question_parts

VACATION = "Отпуск: правила и оформление"
SICK = "Больничный и дни здоровья"
SUMMER = "В этот период можно уйти в отпуск не более чем на 14 календарных дней подряд."
MOVE = "Перенести отпуск можно, подав новое заявление не позднее чем за 2 недели до старой даты начала."
SUMMER_PASSAGES = [
    f"{VACATION} — Летний период\nЛетом многие хотят отдыхать одновременно. {SUMMER}",
    f"{VACATION} — Как оформить отпуск\n{MOVE}",
]
HEALTH = "Дни здоровья не переносятся на следующий год и не компенсируются."
REST = "Остаток неиспользованного отпуска переносится на следующий год."
HEALTH_PASSAGES = [
    f"{SICK} — Дни здоровья\nВ году доступно 3 оплачиваемых дня здоровья. {HEALTH}",
    f"{VACATION} — Неиспользованные дни\n{REST}",
]


def answers(question: str, sentence: str, heading: str, passages: list[str]) -> bool:
    """Whether ``sentence`` under ``heading``, among ``passages``, answers ``question`` (meaning left out)."""
    focus = check_focus(question, [sentence], passages, headings=[heading], shown_headings=[heading], embed=far_embed)
    return not focus.decline


def test_a_figure_compared_with_the_rules_limit_marks_no_other_section() -> None:
    # «недели» of the other section («за 2 недели до …») is the unit of the asked figure, which the summer rule's
    # «не более чем на 14 календарных дней» answers
    heading = f"{VACATION} — Летний период"
    assert answers("отпустят ли меня на 3 недели подряд", SUMMER, heading, SUMMER_PASSAGES)


def test_a_figure_in_another_measure_still_marks_the_other_section() -> None:
    # guard: hours are not compared with a limit in days
    heading = f"{VACATION} — Летний период"
    assert not answers("отпустят ли меня на 3 часа подряд", SUMMER, heading, SUMMER_PASSAGES)


def test_a_qualifier_of_a_subject_the_other_document_never_names_marks_no_subject() -> None:
    # «неиспользованные» is the vacation article's word, but the vacation article never says «здоровье»: the question
    # is about the health days the sentence names
    heading = f"{SICK} — Дни здоровья"
    assert answers("неиспользованные дни здоровья переносятся?", HEALTH, heading, HEALTH_PASSAGES)


def test_a_sentence_without_the_parts_subject_still_answers_another_subject() -> None:
    # guard: the vacation sentence does not name «здоровье», so the rule stands for it
    heading = f"{VACATION} — Неиспользованные дни"
    assert not answers("неиспользованные дни здоровья переносятся?", REST, heading, HEALTH_PASSAGES)


PROBATION = "Онбординг — Испытательный срок"
PROBATION_PASSAGES = [
    f"{SICK} — Дни здоровья\nЕсли вы плохо себя чувствуете, можно взять день здоровья без больничного листа.",
    f"{PROBATION}\nВ испытательный срок можно взять отгул на день, согласовав его с руководителем.",
]


def test_a_circumstance_only_another_document_speaks_of_marks_its_subject() -> None:
    # «испытательный» qualifies «срок» of «на испытательном сроке», a circumstance, not the health day: the rule
    # «можно взять день здоровья без больничного листа» says nothing of it; the onboarding document speaks of it
    heading = f"{SICK} — Дни здоровья"
    sentence = "Если вы плохо себя чувствуете, можно взять день здоровья без больничного листа."
    assert not answers("можно взять день здоровья на испытательном сроке", sentence, heading, PROBATION_PASSAGES)


def test_a_modifier_of_an_english_subject_qualifies_it() -> None:
    # rv41: Russian morphology reads no English modifier, so QUALIFIERS_ONLY_OF_THE_SUBJECT spared no English term;
    # a word of the subject's noun phrase before its head qualifies it, as «неиспользованные» qualifies «дни»
    (part,) = question_parts("is sick leave paid during probation")
    assert qualifies_the_subject(part, "sick")
    # guards: the head, the predicate and the circumstance qualify nothing
    for term in ("leave", "paid", "probation"):
        assert not qualifies_the_subject(part, term), term
