"""A yes/no's situation clause and amounts said in one word (issue 18, branch ``fd8``): the subject of «возместят
такси, если …» is read from the main clause (``agentcore.rag._focus.yesno.yesno_subject``), and «полгода» is a figure
compared with the rule's limit, «в течение 12 месяцев» included (``yesno.figure_units``, the guard's number reading
``agentcore.rag._facts.normalise_numbers``)."""

from __future__ import annotations

from tests.rag.focus_probe import answers, far_embed

from agentcore.rag import check_focus
from agentcore.rag._facts import guard

EXPENSES = "Возмещение расходов — Какие расходы возмещаются"
TAXI = "Такси после 22:00, если вы задержались на работе по рабочей необходимости, — до 1500 ₽ за поездку до дома."
RECEIPT = "Без чека расход не компенсируется."
TRAINING = "Корпоративное обучение — Дорогое обучение"
REFUND = (
    "При увольнении по собственному желанию в течение 12 месяцев после окончания обучения стоимость возвращается "
    "пропорционально неотработанному времени."
)
LOST_PASS = (
    "Если пропуск потерян, сообщите на ресепшен в тот же день: старый пропуск заблокируют, новый выдадут в течение "
    "одного рабочего дня."
)


def _answered(question: str, sentence: str, heading: str, passage: str) -> bool:
    check = check_focus(question, [sentence], [passage], headings=[heading], shown_headings=[heading], embed=far_embed)
    return not check.decline


def test_the_situation_clause_is_cut_up_to_punctuation_or_a_question_word() -> None:
    from agentcore.rag._focus.frames import situation_removed

    assert (
        situation_removed("оплатят такси вечером, если я забыл кассовый чек?").strip(" ,?") == "оплатят такси вечером"
    )
    assert situation_removed("если пропуск потерян кто выдаст новый").strip() == "кто выдаст новый"
    assert situation_removed("оплатят ли такси") == "оплатят ли такси"


def test_a_noun_of_the_situation_clause_is_not_the_subject_the_sentence_must_name() -> None:
    # the taxi rule answers about the taxi; the receipt is the asker's situation, said by another sentence
    passage = f"{EXPENSES}\n{TAXI} {RECEIPT}"
    assert _answered("оплатят такси после 22, если я забыл кассовый чек?", TAXI, EXPENSES, passage)


def test_the_main_clauses_subject_is_still_required() -> None:
    # guard: a sentence about the taxi does not answer about a dinner, whatever the situation
    passage = f"{EXPENSES}\n{TAXI} {RECEIPT}"
    assert not _answered("оплатят ужин в кафе, если я забыл кассовый чек?", TAXI, EXPENSES, passage)


def test_a_situation_of_another_act_on_the_same_thing_is_still_another_case() -> None:
    # guard: the conditions rules stand — a broken pass is not the lost pass the sentence speaks of
    assert not answers("если пропуск сломался, выдадут ли новый в тот же день", LOST_PASS)


def test_half_a_year_is_a_figure_compared_with_the_rules_span() -> None:
    # «полгода» is 6 months, compared with «в течение 12 месяцев» rather than required as a word
    passage = f"{TRAINING}\n{REFUND}"
    assert _answered("уволюсь через полгода после обучения, придется возвращать деньги?", REFUND, TRAINING, passage)


def test_an_amount_word_of_another_measure_is_not_compared() -> None:
    # guard: half an hour is a clock span, the rule's limit a calendar one
    passage = f"{TRAINING}\n{REFUND}"
    assert not _answered("уволюсь через полчаса после обучения, придется возвращать деньги?", REFUND, TRAINING, passage)


def test_half_an_hour_is_thirty_minutes_to_the_guard() -> None:
    assert guard("Встреча длится полчаса.", "Встреча длится 30 минут.").ok
    assert guard("Встреча длится полчаса.", "Встреча длится 15 минут.").conflict


def test_every_condition_opener_of_the_clause_cutter_opens_a_situation() -> None:
    # one list of condition openers (agentcore.text.clauses.CONDITION_OPENERS): «при условии, что …», «в том случае,
    # если …» open a situation as «если …» does; before a noun an opener makes a phrase, no clause
    from agentcore.rag._focus.frames import situation_removed

    assert situation_removed("оплатят такси, при условии что чек потерян?").strip(" ,?") == "оплатят такси"
    assert situation_removed("вернут деньги в том случае, если курс отменили?").strip(" ,?") == "вернут деньги"
    assert situation_removed("в тех случаях когда пропуск потерян кто выдаст новый").strip() == "кто выдаст новый"
    assert situation_removed("оплатят такси в случае болезни?") == "оплатят такси в случае болезни?"


def test_every_condition_opener_opens_a_condition_clause() -> None:
    from agentcore.rag._focus.frames import sentence_conditions
    from agentcore.rag._focus.qualifiers import opposite_condition

    frames = sentence_conditions("Новый пропуск выдадут в течение дня при условии, что старый пропуск потерян.")
    assert [sorted(f.acts) for f in frames] == [["потерять"]]
    assert opposite_condition(
        "если на складе нет, за сколько дней привезут монитор",
        "Срок выдачи — до 5 рабочих дней при условии, что позиция есть на складе.",
    )


def test_an_exception_opener_opens_no_condition_clause() -> None:
    # rv40 finding 1: «за исключением случаев, когда …», «кроме случаев, когда …» (text.clauses.EXCEPTION_OPENERS)
    # state the rule of the opposite case; read as a condition clause its polarity came out inverted — the sentence
    # giving the asked case's rule was vetoed as the opposite condition
    from agentcore.rag._focus.frames import sentence_conditions
    from agentcore.rag._focus.qualifiers import opposite_condition

    sentence = "Отпуск 28 дней положен всем, за исключением случаев, когда сотрудник не прошел испытательный срок."
    asked = "если сотрудник прошел испытательный срок, сколько дней отпуска положено"
    assert not opposite_condition(asked, sentence)
    assert sentence_conditions(sentence) == []
    assert sentence_conditions(sentence.replace("за исключением", "кроме")) == []
