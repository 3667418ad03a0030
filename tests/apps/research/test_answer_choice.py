"""Which sentences the offline answer shows, over the knowledge base that ships (tryout questions, `agentcore ask`'s
engine: the local e5 embedder, hybrid search): the section that answers, only sentences that answer, a procedure's
steps in order, a definition of the thing asked or none."""

from __future__ import annotations

from tests.apps.research.conftest import OfflineAsk as Ask


def test_a_general_procedure_is_not_answered_from_a_special_case(ask: Ask) -> None:
    """«Как оформить больничный?» was answered from «Больничный по уходу за ребёнком» («оформляется так же, через
    ЭЛН»): now the steps of the general procedure, in order."""
    answered, answer = ask("Как оформить больничный?")
    assert answered and "ребёнк" not in answer, answer
    steps = [answer.index(f"{n}. ") for n in (1, 2, 3, 4)]
    assert steps == sorted(steps), answer
    assert "сообщите непосредственному руководителю" in answer and "ЭЛН" in answer


def test_a_count_is_answered_without_neighbours_that_answer_other_questions(ask: Ask) -> None:
    answered, answer = ask("Сколько дней ежегодного отпуска положено?")
    assert answered and "28 календарных дней" in answer, answer
    assert "Подайте заявление" not in answer and "без сохранения" not in answer, answer


def test_a_compound_question_answers_each_part_without_padding(ask: Ask) -> None:
    answered, answer = ask("Сколько дней отпуска положено и как перенести отпуск?")
    lines = answer.splitlines()
    assert answered and "28 календарных дней" in lines[0] and "Перенести уже согласованный" in lines[1], answer
    assert "без сохранения" not in answer and "Подайте заявление" not in answer, answer


def test_a_definition_is_the_defining_sentence_of_the_thing_asked_or_none(ask: Ask) -> None:
    """The knowledge base has articles on the Scrum master, the sprint, the backlog… and no overview of Scrum: the
    Scrum master's definition is no answer to «что такое скрам?»."""
    answered, answer = ask("что такое велосити")
    assert answered and answer.startswith("Velocity, или скорость команды, — сумма story points"), answer
    answered, answer = ask("что такое скрам?")
    assert not answered and "Скрам-мастер отвечает" not in answer, answer
    assert answer.startswith("В базе знаний нет ответа на этот вопрос"), answer


def test_the_value_asked_leads_the_answer_without_padding(ask: Ask) -> None:
    """«до скольки» was answered with the remote-work rule first and the core hours on a later line; «сколько
    апрувов» showed the MR-size advice beside the approvals: the sentence giving the value asked leads, and beside a
    value of the top passage what neither gives it nor names a thing it lacks is left out."""
    answered, answer = ask("до скольки можно прийти на работу")
    assert answered and answer.startswith("Начало рабочего дня гибкое"), answer
    answered, answer = ask("Сколько апрувов нужно, чтобы смержить MR?")
    # the item in lower case comes with the start of its sentence, the lead-in (LEAD_IN_BRINGS_ITS_LIST)
    first, second = answer.splitlines()[:2]
    assert answered and first.startswith("MR вливается в main, когда") and "не менее 2 одобрений" in second, answer
    assert "400 изменённых строк" not in answer, answer
