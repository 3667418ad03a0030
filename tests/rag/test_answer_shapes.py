"""The shape of an extractive answer to a procedure asked by its steps' noun and to an abbreviation's definition
(issue 18, G8): :mod:`agentcore.rag._asking` and the composer's use of it."""

from __future__ import annotations

from agentcore.rag._asking import abbreviation_of, asks_for_steps, expands, expansion_subject
from agentcore.rag.answer import extractive_answer
from agentcore.rag.models import Hit

SICK = """1. До 11:00 сообщите непосредственному руководителю, что заболели.
2. Напишите в HR на hr@romashka-soft.ru или отметьте статус «Болею» в портале.
3. Обратитесь к врачу и попросите открыть электронный листок нетрудоспособности (ЭЛН).
4. Если есть срочные задачи, передайте их коллеге."""
AFTER = "Когда больничный закрыт, в течение 2 рабочих дней передайте номер ЭЛН в HR через портал."


def _hit(text: str, title: str, rank: int = 1) -> Hit:
    return Hit(id=f"s#{rank}", doc_id="sick", title=title, text=text, score=1.0, source="s", rank=rank)


def test_a_noun_of_steps_asks_for_the_procedure() -> None:
    assert asks_for_steps("я приболел, какие шаги нужно сделать")
    assert asks_for_steps("пропуск потерялся, какие действия")
    assert asks_for_steps("хочу в отпуск, что мне для этого сделать")  # «что» … «сделать», words between
    assert not asks_for_steps("какие документы нужны")
    assert not asks_for_steps("сколько шагов в процедуре")  # a quantity of steps, no «какой / что»


def test_a_count_or_a_prohibition_of_steps_is_no_steps_question() -> None:
    # review finding 7: these were read as procedure questions and answered by a list of steps
    assert not asks_for_steps("Сколько этапов у собеседования и какие они?")  # a count
    assert not asks_for_steps("Какое количество шагов в процедуре?")
    assert not asks_for_steps("Что нельзя делать с паролем от учётной записи?")  # a prohibition
    assert not asks_for_steps("Что запрещено делать в серверной?")
    assert not asks_for_steps("Какие действия запрещены при работе с токенами?")
    assert asks_for_steps("Что делать, если не работает VPN, какие шаги?")  # a negation in another clause
    assert asks_for_steps("Какие шаги, если ноутбук не включается?")


def test_steps_asked_by_their_noun_are_given_whole_and_in_order() -> None:
    hits = [_hit(SICK, "Больничный — Что сделать в первый день болезни")]
    lines = extractive_answer("я приболел, какие шаги нужно сделать", hits).splitlines()
    assert [line[:2] for line in lines[1:5]] == ["1.", "2.", "3.", "4."]


def test_an_abbreviation_asked_to_spell_out_is_a_definition_subject() -> None:
    assert expansion_subject("расшифруй ЭЛН") == "ЭЛН"
    assert expansion_subject("SSO это что") == "SSO"
    assert expansion_subject("расшифруй элн") == "элн"
    assert expansion_subject("отпуск это что") == ""  # no abbreviation
    assert abbreviation_of("элн") == "ЭЛН" and abbreviation_of("MR в гитлабе") == "MR"


def test_a_sentence_spells_out_an_abbreviation_by_brackets() -> None:
    assert expands("попросите открыть электронный листок нетрудоспособности (ЭЛН).", "ЭЛН")
    assert expands("Definition of Done (DoD, «определение готовности») — описание", "DoD")
    assert not expands("передайте номер ЭЛН в HR", "ЭЛН")
    assert not expands("ошибка (ЭЛНА)", "ЭЛН")


def test_an_abbreviation_is_defined_by_the_sentence_that_spells_it_out_first() -> None:
    # the section that uses the abbreviation ranks first; the one that spells it out stands third
    hits = [
        _hit(AFTER, "Больничный — После выздоровления"),
        _hit("Больничный по уходу за ребёнком оформляется так же, через ЭЛН.", "Больничный — По уходу", 2),
        _hit(SICK, "Больничный — Что сделать в первый день болезни", 3),
    ]
    for question in ("что такое ЭЛН", "расшифруй ЭЛН", "ЭЛН это что"):
        answer = extractive_answer(question, hits)
        assert answer.lstrip("•3. ").startswith("Обратитесь к врачу и попросите открыть электронный листок"), question
        assert "коллеге" not in answer  # the next step is no part of the definition


def test_a_heading_holding_the_procedure_words_does_not_win_the_question() -> None:
    # «что нужно сделать» names no subject: the heading «Что сделать в первый день болезни» shares only it
    hits = [
        _hit(AFTER, "Больничный — После выздоровления"),
        _hit(SICK, "Больничный — Что сделать в первый день болезни", 2),
    ]
    answer = extractive_answer("больничный закрыли, что теперь нужно сделать", hits)
    assert "номер ЭЛН" in answer and "11:00" not in answer
