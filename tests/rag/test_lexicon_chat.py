"""The wider colloquial lexicon (issue 18, branch ``lex41``): more chat words of an office, IT and HR team — clipped
forms, chat verbs, English words written in Russian, abbreviations — read as the documents' words, in any form,
through the public :func:`agentcore.rag._lexicon.matches`."""

from __future__ import annotations

from tests.rag.focus_probe import answers

from agentcore.rag._lexicon import matches


def _phrases(text: str) -> dict[tuple[str, ...], tuple[str, ...]]:
    return {m.words: m.phrases for m in matches(text)}


def _query(text: str) -> dict[tuple[str, ...], bool]:
    return {m.words: m.query for m in matches(text)}


def test_chat_verbs_in_any_form_are_the_documents_verbs() -> None:
    found = _phrases("маякни кадровичке, когда откатили релиз, ноут отвалился")
    assert "написать" in found[("маякни",)]
    assert "hr" in found[("кадровичке",)]
    assert "откат" in found[("откатили",)]
    assert "ноутбук" in found[("ноут",)]
    assert "отключиться" in found[("отвалился",)]
    assert "подменный ноутбук" in _phrases("где взять подменник")[("подменник",)]


def test_english_words_written_in_russian() -> None:
    assert "откат" in _phrases("кто решает про роллбэк")[("роллбэк",)]
    assert "обзор спринта" in _phrases("когда спринт ревью")[("спринт", "ревью")]
    assert "отгул" in _phrases("можно взять дейофф")[("дейофф",)]
    assert "уточнение бэклога" in _phrases("кто ходит на рефайнмент")[("рефайнмент",)]


def test_abbreviations_and_clipped_forms() -> None:
    assert "больничный" in _phrases("на б/л с понедельника")[("б", "л")]
    assert "техподдержка" in _phrases("написал в тп")[("тп",)]
    assert "социальный фонд" in _phrases("сколько платит фсс")[("фсс",)]
    assert "обходной лист" in _phrases("кто подписывает бегунок")[("бегунок",)]


def test_a_phrase_wins_over_its_words() -> None:
    assert _phrases("расшарить экран в переговорке")[("расшарить", "экран")] == ("демонстрация экрана",)


def test_everyday_words_stay_out_of_search_queries() -> None:
    assert _query("когда капнут отпускные") == {("капнут",): False}
    assert not _query("подвинуть отпуск")[("подвинуть",)]
    assert _query("ремоут") == {("ремоут",): True}


def test_the_focus_check_reads_new_chat_words() -> None:
    heading = "Зарплата и выплаты — Отпускные и премии"
    sentence = "Отпускные перечисляются отдельным платежом не позднее чем за 3 рабочих дня до начала отпуска."
    assert answers("когда капнут отпускные", sentence, heading)
    heading = "Возмещение расходов — Если заявку отклонили"
    sentence = "Исправить заявку можно один раз в течение 5 рабочих дней после отказа."
    assert answers("завернули заявку, можно исправить?", sentence, heading)


def test_a_documents_word_is_not_read_as_a_hyphenated_chat_word() -> None:
    # the search stem of a hyphenated word is one of its parts: a key such as «скрам-покер» or «ит-шник» would take
    # «скрам-мастер», «ИТ-инфраструктура» or «спринт» for itself; the lexicon has no such key
    for text in ("кто такой скрам-мастер", "руководитель ИТ-инфраструктуры", "цель на спринт", "ДМС", "банк"):
        assert matches(text) == [], text
