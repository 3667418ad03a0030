"""«сколько длится X» is answered by a duration said of X, not by another thing's duration in a sentence naming X."""

from __future__ import annotations

from tests.rag.focus_probe import answers, far_embed

from agentcore.rag import check_focus, question_parts
from agentcore.rag._focus import supplier_scores

RETRO_HEADING = "Ретроспектива спринта — Когда и сколько"
RETRO_BEFORE = "Ретроспектива проходит в конце спринта, после обзора спринта."
RETRO_HOUR = "В ООО «Ромашка Софт» это пятница второй недели спринта, 16:30, продолжительность — 1 час."
RETRO_PASSAGE = f"{RETRO_HEADING}\n{RETRO_BEFORE} {RETRO_HOUR}"


def _check(question: str, shown: list[str], headings: list[str], passages: list[str]) -> tuple[bool, ...]:
    return check_focus(question, shown, passages, headings=headings, shown_headings=headings, embed=far_embed).answered


def test_another_things_duration_does_not_answer_how_long_x_lasts() -> None:
    # the hour is the retrospective's: «спринт» is only the genitive of «недели» / «конце», and of the heading's
    # «Ретроспектива»
    shown = [RETRO_BEFORE, RETRO_HOUR, "Проводит встречу скрам-мастер."]
    headings = [RETRO_HEADING, RETRO_HEADING, "Ретроспектива спринта — Кто участвует"]
    check = check_focus(
        "Сколько длится спринт и кто проводит ретроспективу?",
        shown,
        [RETRO_PASSAGE],
        headings=headings,
        shown_headings=headings,
        embed=far_embed,
    )
    assert check.answered == (False, True) and check.missing == ("сколько длится спринт",)
    # a sentence that does not name the sprint, read with a context naming it only as a dependent
    assert _check("Сколько длится спринт?", ["Продолжительность — 1 час."], [RETRO_HEADING], [RETRO_PASSAGE]) == (
        False,
    )


def test_a_duration_said_of_x_answers_how_long_x_lasts() -> None:
    # guards: X the subject, X's duration noun, X named by the context, the retrospective's own hour
    for sentence, heading in [
        ("Спринт длится 2 недели.", "Спринт — Длина спринта"),
        ("Продолжительность спринта — 2 недели.", "Спринт"),
        ("В ООО «Ромашка Софт» все продуктовые команды работают спринтами по 2 недели.", "Спринт — Длина спринта"),
        ("Две недели.", "Спринт — Длина спринта"),
    ]:
        assert _check("Сколько длится спринт?", [sentence], [heading], [f"{heading}\n{sentence}"]) == (True,), sentence
    assert _check("Сколько длится ретроспектива?", [RETRO_HOUR], [RETRO_HEADING], [RETRO_PASSAGE]) == (True,)


def test_the_composed_answer_does_not_take_another_things_duration_for_xs() -> None:
    part = question_parts("Сколько длится спринт и кто проводит ретроспективу?")[0]
    question = "Сколько длится спринт и кто проводит ретроспективу?"
    assert supplier_scores(part, question, [(RETRO_HOUR, RETRO_HEADING)]) == {}
    found = supplier_scores(part, question, [(RETRO_HOUR, RETRO_HEADING), ("Спринт длится 2 недели.", "Спринт")])
    assert list(found) == [1]


def test_x_in_one_clause_does_not_own_the_duration_another_clause_gives() -> None:
    heading = "Спринт — Встречи"
    for sentence in (
        "Спринт заканчивается обзором, ретроспектива длится 1 час.",
        "Спринт завершается демо; ретроспектива занимает 1 час.",
    ):
        assert _check("Сколько длится спринт?", [sentence], [heading], [f"{heading}\n{sentence}"]) == (False,), sentence
    # the other clause's own thing is answered
    sentence = "Спринт заканчивается обзором, ретроспектива длится 1 час."
    assert _check("Сколько длится ретроспектива?", [sentence], [heading], [f"{heading}\n{sentence}"]) == (True,)


def test_a_clause_without_a_subject_of_its_own_keeps_the_sentences_owner() -> None:
    # an inserted phrase, a pronoun taking the subject up, a bare duration noun: the sprint's own length
    heading = "Спринт — Длина спринта"
    for sentence in (
        "Спринт, как правило, длится 2 недели.",
        "Спринт у нас короткий, он длится 2 недели.",
        "Спринт проводится по плану, продолжительность — 2 недели.",
        "Спринт длится 2 недели, а ретроспектива — 1 час.",
    ):
        assert _check("Сколько длится спринт?", [sentence], [heading], [f"{heading}\n{sentence}"]) == (True,), sentence


def test_a_figure_in_brackets_belongs_to_the_name_before_them() -> None:
    # branch ``rh``: the memory in brackets is the MacBook's, not the ThinkPad's the question names
    heading = "Оборудование и ноутбуки — Что выдаётся новичку"
    sentence = 'Разработчики выбирают MacBook Pro 14" (32 ГБ памяти) или Lenovo ThinkPad T14 с Linux.'
    assert not answers("сколько памяти в thinkpad у разработчиков", sentence, heading)
    assert answers("сколько памяти в macbook у разработчиков", sentence, heading)
    assert answers("сколько памяти в ноутбуке у разработчиков", sentence, heading)
