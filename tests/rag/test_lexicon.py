"""The colloquial lexicon: chat words of an office and IT team read as the words documents use."""

from __future__ import annotations

import numpy as np
import pytest
from tests.rag.focus_probe import far_embed

from agentcore.rag import _lexicon, check_focus, question_parts
from agentcore.rag._query_repair import Vocabulary, repair_query
from agentcore.rag.answer import select_excerpts
from agentcore.rag.models import Hit


def _phrases(text: str) -> dict[tuple[str, ...], tuple[str, ...]]:
    return {m.words: m.phrases for m in _lexicon.matches(text)}


def test_the_lexicon_is_broad() -> None:
    assert len(_lexicon.load()) >= 150


def test_any_form_of_a_chat_word_is_found() -> None:
    found = _phrases("на сколько залочат учётку, скинь шефу")
    assert "заблокировать" in found[("залочат",)]
    assert "учетная запись" in found[("учётку",)]  # pymorphy3 guesses «учеткать»: the stem finds it
    assert "руководитель" in found[("шефу",)]
    assert "отправить" in found[("скинь",)]
    assert "за границей" in _phrases("скока суточных за бугром")[("за", "бугром")]  # a phrase


def test_a_dictionary_word_is_not_read_as_a_chat_verb() -> None:
    # «компания» starts like no verb root, «залог» is a known word: neither is «залочить»
    assert _lexicon.matches("компания залог") == []


def test_the_focus_check_reads_a_chat_word_as_the_documents_word() -> None:
    shown = ["После 5 неверных попыток входа учётная запись блокируется на 15 минут."]
    question = "на сколько залочат учётку"
    assert not check_focus(question, shown, shown, embed=far_embed).decline
    shown = ["Полные правила — у руководителя ИТ-инфраструктуры: график дежурств составляется на квартал за 2 недели."]
    assert not check_focus("за сколько шеф составляет график дежурств", shown, shown, embed=far_embed).decline


def test_the_lexicon_does_not_loosen_the_tests_by_meaning() -> None:
    part = question_parts("на сколько залочат учётку")[0]
    from agentcore.rag._focus import with_alternatives

    [read] = with_alternatives([part], ["Учётная запись блокируется на 15 минут."])
    assert read.colloquial and not read.plain().colloquial
    assert read.plain().alternatives_of("залочат") == []


def test_a_piece_without_terms_says_what_a_plain_statement_asks() -> None:
    assert question_parts("комп сам заблочится если отойду? через скока")[0].asks == "number"


def test_the_search_query_gets_the_documents_words() -> None:
    vocabulary = Vocabulary.of(["После 5 неверных попыток учётная запись блокируется на 15 минут."])
    repaired = repair_query("на сколько залочат учётку", vocabulary)
    assert "заблокировать" in repaired.text
    assert ("lexicon", "залочат", "заблокировать") in repaired.changes
    # a word the collection uses is left alone
    assert "lexicon" not in {rule for rule, _, _ in repair_query("учётная запись", vocabulary).changes}
    # an everyday verb's synonyms («~=») are for the focus check, not for the search
    assert "lexicon" not in {rule for rule, _, _ in repair_query("где взять справку", vocabulary).changes}


def test_the_extractive_answer_scores_the_documents_words() -> None:
    text = "Документы подписывает HR в день выхода.\n\nРуководитель подписывает заявку в течение дня."
    hit = Hit(id="a", doc_id="d", title="Заявки", text=text, score=1.0, source="d.md", rank=1)
    picked = [e.unit.text for e in select_excerpts("когда шеф подписывает", [hit], max_sentences=1)]
    assert picked[0].startswith("Руководитель")


def test_a_plural_only_noun_is_not_read_as_the_verb_of_a_yes_no() -> None:
    # «данные» is not «дать»: the sentence says nothing of «дадут ли»
    shown = ["Не ремонтируйте технику сами: на устройстве хранятся данные компании."]
    check = check_focus(
        "ноутбук сломался, дадут ли временный", shown, shown, headings=["Если ноутбук сломался"], embed=far_embed
    )
    assert check.decline


def test_the_hour_of_a_time_question_is_its_slot_not_its_subject() -> None:
    assert "час" not in question_parts("до которого часа работает техподдержка")[0].terms


def test_a_question_verb_is_found_as_the_verb_rules_are_written_with() -> None:
    shown = ["До 11:00 сообщите непосредственному руководителю, что заболели."]
    assert not check_focus("до которого часа предупредить шефа что заболел", shown, shown, embed=far_embed).decline
    shown = ["Справки выдаются в течение 3 рабочих дней."]
    assert not check_focus("через сколько дней дадут справку", shown, shown, embed=far_embed).decline


def test_a_verb_is_its_reflexive() -> None:
    shown = ["При увольнении всё оборудование сдаётся в ИТ-отдел в последний рабочий день."]
    check = check_focus("при увольнении когда сдавать ноутбук", shown, shown, headings=["Ноутбуки"], embed=far_embed)
    assert not check.decline


def test_a_figure_written_as_a_word_in_any_case_is_a_value() -> None:
    shown = ["Если пропуск потерян, новый выдадут в течение одного рабочего дня."]
    assert not check_focus("пропуск потерян, сколько ждать новый", shown, shown, embed=far_embed).decline
    shown = ["Расчётный листок публикуется в портале за один рабочий день до выплаты."]
    assert not check_focus("расчётный листок когда публикуется", shown, shown, embed=far_embed).decline


def test_unpaid_leave_in_chat_words() -> None:
    shown = ["При рождении ребёнка можно взять до 5 календарных дней отпуска без сохранения заработной платы."]
    assert not check_focus("родился ребёнок, сколько дней отпуска без оплаты", shown, shown, embed=far_embed).decline


def test_pronouns_conjunctions_and_time_adverbs_are_no_subject() -> None:
    assert question_parts("скока раз можно ошибиться с паролем пока не забанят")[0].terms == (
        "ошибиться",
        "пароль",
        "забанить",
    )
    assert "никто" not in question_parts("мой мр никто не смотрит уже 4 дня, что делать")[0].terms


def test_where_to_get_something_is_answered_by_who_gives_it() -> None:
    shown = ["Личные вещи храните в шкафчиках, ключ от шкафчика выдаёт офис-менеджер."]
    assert not check_focus("где взять ключ от шкафчика", shown, shown, embed=far_embed).decline


def _near(texts: list[str], kind: str) -> np.ndarray:
    """An embedder that finds every sentence close in meaning to every question."""
    return np.ones((len(texts), 4)) / 2.0


def test_a_paraphrase_by_meaning_holds_half_of_the_subject_at_least() -> None:
    shown = ["В компании ежегодный оплачиваемый отпуск составляет 28 календарных дней."]
    question = "сколько оплачиваемых дней можно отлежаться дома без справки"
    assert check_focus(question, shown, shown, embed=_near).decline
    # half of it, and close in meaning: a paraphrase
    shown = ["Без больничного листа доступно 3 оплачиваемых дня здоровья."]
    assert not check_focus("сколько оплачиваемых дней дома без справки", shown, shown, embed=_near).decline


def test_how_fast_asks_a_span_and_names_no_subject() -> None:
    assert "быстро" not in question_parts("как быстро реагируют на критическую заявку")[0].terms
    assert "часто" in question_parts("сколько дней дают тем кто часто дежурит")[0].terms


def test_a_yes_no_is_answered_only_by_a_sentence_holding_all_its_nouns() -> None:
    shown = ["Сотрудники, которые отдежурили не менее 6 недель, получают 3 дополнительных дня к отпуску ночью."]
    check = check_focus(
        "дают ли такси ночью на дежурстве",
        shown,
        [*shown, "Такси после 22:00 компенсируется до 1500 ₽."],
        headings=["Дежурства — Компенсация"],
        embed=far_embed,
    )
    assert check.decline


def test_a_phrase_of_business_speech_and_the_days_of_a_week() -> None:
    shown = ["Представительские расходы — встреча с клиентом в кафе: до 3000 ₽ на человека."]
    check = check_focus(
        "за обед с партнёром сколько вернут", shown, shown, headings=["Возмещение расходов"], embed=far_embed
    )
    assert not check.decline
    shown = ["Работа в выходной оплачивается в двойном размере."]
    assert not check_focus("работу в субботу как оплачивают", shown, shown, embed=far_embed).decline


def test_a_verb_root_matches_across_a_prefix_only() -> None:
    # «платить» is not «платформа»: the sentence says nothing of paying
    shown = ["Раз в месяц проходит внутренний митап, где коллеги рассказывают о проектах."]
    check = check_focus(
        "сколько платят за выступление на внутреннем митапе",
        shown,
        shown,
        headings=["Обучение — Внутренняя платформа"],
        embed=far_embed,
    )
    assert check.decline


def test_a_wrong_password_in_chat_words() -> None:
    shown = ["После 5 неверных попыток входа учётная запись блокируется на 15 минут."]
    question = "на сколько залочат учётку если несколько раз вбил неправильный пароль"
    headings = ["Доступы и пароли — Требования к паролю"]
    assert not check_focus(question, shown, shown, headings=headings, embed=far_embed).decline


def test_the_documents_word_is_found_in_another_form_when_scoring_sentences() -> None:
    text = "В офисе четыре переговорные.\n\nПереговорные бронируются через корпоративный календарь."
    hit = Hit(id="a", doc_id="d", title="Офис — Переговорные", text=text, score=1.0, source="d.md", rank=1)
    picked = [e.unit.text for e in select_excerpts("как забронить переговорку", [hit], max_sentences=1)]
    assert picked[0].startswith("Переговорные бронируются")


def test_an_age_question_is_answered_by_a_figure_of_years() -> None:
    shown = ["Детей можно прикрепить к ДМС, стоимость удерживается из зарплаты в течение года."]
    assert check_focus("до скольки лет ребёнка можно прикрепить к дмс", shown, shown, embed=far_embed).decline
    shown = ["Детей до 18 лет можно прикрепить к ДМС."]
    assert not check_focus("до скольки лет ребёнка можно прикрепить к дмс", shown, shown, embed=far_embed).decline


def test_a_supplying_sentence_is_read_with_the_sentence_before_it() -> None:
    from agentcore.rag.answer import supplying_excerpts

    text = (
        "Подозрительные письма с просьбой ввести пароль не открывайте. "
        "Перешлите такое письмо на security@romashka-soft.ru и удалите."
    )
    hit = Hit(id="a", doc_id="d", title="Безопасность — Фишинг", text=text, score=1.0, source="d.md", rank=1)
    added = supplying_excerpts("куда переслать подозрительное письмо где просят ввести пароль", [hit], [])
    assert [e.unit.text for e in added][-1].startswith("Перешлите такое письмо")


def test_a_table_row_is_read_with_its_header_when_supplying() -> None:
    from agentcore.rag.answer import supplying_excerpts

    text = (
        "| Приоритет | Реакция | Решение |\n|---|---|---|\n"
        "| Критический | 30 минут | 4 часа |\n| Низкий | 2 рабочих дня | 5 рабочих дней |"
    )
    hit = Hit(id="a", doc_id="d", title="Техподдержка — Приоритеты", text=text, score=1.0, source="d.md", rank=1)
    added = supplying_excerpts("как быстро реакция на критическую заявку в техподдержку", [hit], [])
    assert any("Критический" in e.unit.text for e in added)


def test_the_documents_words_for_insuring_a_relative_and_a_newcomer() -> None:
    # issue 18, branch ``fd``: thesaurus entries for the knowledge base's own terms
    heading = "ДМС — ДМС для родственников"
    sentence = "Супруга, детей и родителей можно прикрепить к программе за свой счёт по корпоративному тарифу."
    assert not check_focus(
        "маму можно застраховать по дмс?", [sentence], [f"{heading}\n{sentence}"], headings=[heading], embed=far_embed
    ).decline
    heading = "Онбординг новых сотрудников — Первый рабочий день"
    sentence = "Первый день начинается в 10:00 на ресепшене офиса."
    assert not check_focus(
        "во сколько начинается первый рабочий день у новичка",
        [sentence],
        [f"{heading}\n{sentence}"],
        headings=[heading],
        embed=far_embed,
    ).decline


def test_the_regions_are_the_documents_other_cities() -> None:
    # issue 18, branch ``fd``: «в регионах» is how employees say the documents' «в других городах»
    heading = "Командировки — Что оплачивает компания"
    sentence = "Гостиница до 7000 ₽ за ночь в Москве и Санкт-Петербурге и до 5000 ₽ за ночь в других городах."
    found = check_focus(
        "лимит на гостиницу в регионах какой",
        [sentence],
        [f"{heading}\n{sentence}"],
        headings=[heading],
        embed=far_embed,
    )
    assert not found.decline


def test_the_shipped_key_stem_table_is_current() -> None:
    """``lexicon/colloquial-key-stems.txt`` is derived from the lexicon, the dictionary and the analyser; after a
    change of any of them run ``python -c "from agentcore.rag._lexicon import write_key_stems; write_key_stems()"``."""
    from importlib import resources

    text = resources.files("agentcore.rag").joinpath(_lexicon.KEY_STEMS_FILE).read_text(encoding="utf-8")
    header, _, body = text.partition("\n")
    assert header == f"# {_lexicon.key_stems_source()}"
    assert frozenset(body.split()) == _lexicon.computed_key_stems()


def test_a_dictionary_word_of_no_key_is_not_looked_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18 G10: a new query's pymorphy3 look-ups were most of its cost; a word the dictionary knows whose forms
    share no stem with a key's lexemes cannot be a key word, so only the others are looked up — same matches."""
    looked_up: list[str] = []
    real = _lexicon.lemma

    def recording(word: str) -> str:
        looked_up.append(word)
        return real(word)

    monkeypatch.setattr(_lexicon, "lemma", recording)
    found = _phrases("скинь шефу отчёт про море летом, учётку залочат")
    assert "руководитель" in found[("шефу",)] and "заблокировать" in found[("залочат",)]
    assert "учетная запись" in found[("учётку",)]
    assert "шефу" in looked_up and "залочат" in looked_up  # a key's form, a word the dictionary does not know
    assert not {"море", "отчёт"} & set(looked_up)


def test_a_stale_key_stem_table_is_computed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_lexicon, "key_stems_source", lambda: "lexicon=changed")
    monkeypatch.setattr(_lexicon, "computed_key_stems", lambda: frozenset({"computed"}))
    _lexicon._key_stems.cache_clear()
    try:
        assert _lexicon._key_stems() == {"computed"}
    finally:
        _lexicon._key_stems.cache_clear()
