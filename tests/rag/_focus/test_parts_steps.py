"""How the focus check reads a procedure asked by its steps' noun, the course of an event and an abbreviation to spell
out (issue 18, G8): the words of the kind of answer are no subject terms."""

from __future__ import annotations

from agentcore.rag._focus.parts import question_parts


def _reading(question: str) -> tuple[str, tuple[str, ...]]:
    (part,) = question_parts(question)
    return part.asks, part.terms


def test_a_noun_of_steps_asks_a_procedure_and_names_no_subject() -> None:
    assert _reading("я приболел, какие шаги нужно сделать") == ("procedure", ("приболеть",))
    asks, terms = _reading("пропуск в офис потерялся, какие действия")
    assert asks == "procedure" and "действие" not in terms
    assert "действие" not in _reading("какой порядок действий в первый день болезни")[1]


def test_a_count_or_a_prohibition_is_no_procedure_part() -> None:
    # review finding 7: the focus check reads a steps question as the composer does (rag._asking.asks_for_steps)
    assert _reading("Какие действия запрещены при работе с токенами?")[0] != "procedure"
    assert _reading("Что не нужно делать при болезни?")[0] != "procedure"
    assert _reading("хочу в отпуск, что мне для этого сделать")[0] == "procedure"  # as the composer reads it


def test_the_course_of_an_event_names_no_subject_by_its_verb() -> None:
    assert "проходить" not in _reading("как проходит обзор спринта")[1]


def test_an_abbreviation_to_spell_out_is_a_definition() -> None:
    assert _reading("расшифруй ЭЛН") == ("definition", ("элн",))


def test_a_service_name_is_read_from_a_word_start() -> None:
    # «работу» holds «бот»: no service is asked
    assert _reading("как перейти на полностью удаленную работу, какой порядок")[0] == "procedure"
    assert _reading("какой бот у техподдержки")[0] == "service"
