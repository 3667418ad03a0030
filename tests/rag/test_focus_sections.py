"""The parts a section answers (a list, a definition, what follows from a case), asked openly or colloquially
(issue 18, branch ``op``, development split ``dev18``)."""

from __future__ import annotations

from tests.rag.focus_probe import answers

from agentcore.rag import question_parts

# --- «какие есть варианты X»: the alternatives asked, not a subject --------------------------------------------


def test_the_options_of_a_list_question_are_no_subject() -> None:
    question = "какие есть варианты ноутов для разрабов"
    assert "вариант" not in question_parts(question)[0].terms
    heading = "Оборудование и ноутбуки — Что выдаётся новичку"
    laptops = 'Ноутбук. Разработчики выбирают MacBook Pro 14" (32 ГБ памяти) или Lenovo ThinkPad T14 с Linux.'
    assert answers(question, laptops, heading)
    assert "способ" not in question_parts("какие способы связаться с техподдержкой")[0].terms


def test_an_option_named_as_a_thing_stays_a_subject() -> None:
    # guards: without «какие (есть)» the word is what the question is about
    assert "вариант" in question_parts("вариант оплаты по карте доступен?")[0].terms
    assert "способ" in question_parts("каким способом оплатить обучение")[0].terms


# --- «что будет, если …»: a consequence, not the rule ---------------------------------------------------------


def test_what_follows_from_a_case_is_not_answered_by_the_rule_alone() -> None:
    heading = "Информационная безопасность — Обучение"
    rule = "Повторное ежегодное обучение с тестом нужно пройти до 1 декабря каждого года."
    assert not answers("что будет если не пройти ежегодный тест по иб до декабря", rule, heading)
    # guard: the rule is still the answer when the question asks the rule
    assert answers("до какого числа пройти ежегодный тест по иб", rule, heading)


def test_what_follows_from_a_case_is_answered_by_a_sentence_with_its_condition() -> None:
    heading = "Командировки — Авансовый отчёт"
    consequence = "Если отчёт не сдан вовремя, невозвращённый аванс может быть удержан из зарплаты."
    assert answers("что будет если не сдам авансовый отчет вовремя", consequence, heading)
    closing = (
        "Если заявка находится в статусе «Ожидает ответа» и вы не отвечаете 5 рабочих дней, она закрывается "
        "автоматически."
    )
    question = "что будет с заявкой если не отвечать на нее"
    assert answers(question, closing, "Обращения в техподдержку — Номер заявки и статус")


# --- the colloquial lexicon: «юзер» -------------------------------------------------------------------------


def test_a_chat_word_for_the_user_is_the_documents_user() -> None:
    heading = "Эпики и пользовательские истории — Пользовательская история"
    definition = (
        "Пользовательская история (user story) — короткое описание функции с точки зрения того, кто будет ею "
        "пользоваться."
    )
    assert answers("юзер стори это что", definition, heading)
