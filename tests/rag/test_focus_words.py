"""How the focus check matches a question's words to the documents' words (``agentcore.rag._focus.words``; issue 18,
branch ``mf``): a Latin name only as a whole word, a fleeting vowel, the two aspects of a verb, the reading of an
ambiguous or unknown word the passages use, a Latin name in its Cyrillic
spelling, a diminutive."""

from __future__ import annotations

import pytest
from tests.rag.focus_probe import answers

from agentcore.rag._focus.alternatives import with_alternatives
from agentcore.rag._focus.parts import question_parts
from agentcore.rag._focus.words import (
    aspect_keys,
    derivation_keys,
    diminutive_base,
    fleeting_vowel_variants,
    lemma_of,
    lemmas_in_context,
    term_matches,
    vocabulary_of,
)


def matches(question_word: str, text: str) -> bool:
    """Whether the question's word (as its lemma, the part's term) is found in ``text``."""
    return term_matches(lemma_of(question_word), *vocabulary_of([text]))


# --- Latin names: the whole word ---------------------------------------------------------------------------------


def test_a_latin_name_is_not_found_in_a_longer_name_that_begins_with_it() -> None:
    assert not matches("scrumban", "Продуктовые команды работают по Scrum.")
    assert not matches("scrum", "Инфраструктура перешла на Scrumban.")
    # the same word, and the same English stem, still are it
    assert matches("scrum", "Продуктовые команды работают по Scrum.")
    assert matches("sprint", "Sprints are two weeks long.")
    assert matches("scrum", "Встречу ведёт scrum-мастер.")


def test_a_question_about_a_name_no_document_uses_is_not_answered_by_the_shorter_name() -> None:
    heading = "Спринт — Длина спринта"
    sentence = "В Scrum все продуктовые команды работают спринтами по 2 недели."
    assert not answers("сколько длится спринт в scrumban", sentence, heading)
    assert answers("сколько длится спринт в scrum", sentence, heading)


# --- a fleeting vowel --------------------------------------------------------------------------------------------


def test_a_fleeting_vowel_joins_the_stems_of_one_word() -> None:
    assert fleeting_vowel_variants("звонок") == ("звонк",)
    assert set(fleeting_vowel_variants("звонк")) == {"звонок", "звонек"}
    assert fleeting_vowel_variants("отпуст") == ()  # «т»: no suffix with a fleeting vowel ends so
    # a text whose word the dictionary does not lemmatise to the question's lemma: only its stem says it
    assert term_matches("звонок", {"звонка"}, {"звонк"})
    assert term_matches("созвонок", {"созвонки"}, {"созвонк"})
    assert not term_matches("банк", {"бак"}, {"бак"})


# --- the two aspects of a verb -----------------------------------------------------------------------------------


def test_a_verb_matches_the_verb_of_its_other_aspect() -> None:
    assert matches("оплатить", "Такси до аэропорта оплачивается компанией.")
    assert matches("оплачивают", "Компания оплатит билет.")
    assert matches("сдавать", "Сдайте авансовый отчёт в портале.")
    assert matches("сдать", "Отчёт сдаётся в течение трёх дней.")
    assert matches("подавать", "Подайте заявление не позднее чем за 14 дней.")
    assert matches("возместят", "Компания возмещает такси после 22:00.")
    assert matches("отрабатывать", "Эти дни нужно отработать.")
    assert matches("предупреждать", "Предупредите руководителя заранее.")


def test_verbs_that_only_share_a_short_root_are_not_aspect_pairs() -> None:
    assert aspect_keys("делать").isdisjoint(aspect_keys("делить"))
    assert aspect_keys("стоить").isdisjoint(aspect_keys("стоять"))
    assert aspect_keys("подавать").isdisjoint(aspect_keys("подавить"))
    assert aspect_keys("часть") == frozenset()  # a noun ending in «-ть»
    assert not matches("делать", "Премию делят поровну.")


# --- the reading the passages use --------------------------------------------------------------------------------


def test_an_ambiguous_word_is_read_as_the_lemma_the_passages_use() -> None:
    words, stems = vocabulary_of(["Если вы едете в командировку, билеты покупает тревел-координатор."])
    assert lemma_of("еду") == "еда"  # pymorphy3's first reading
    assert lemmas_in_context("еду", words, stems) == ("ехать",)
    # a reading the passages do not use is no other spelling, nor is one when the first reading is found
    assert lemmas_in_context("еду", *vocabulary_of(["Обед с клиентом оплачивается."])) == ()
    assert lemmas_in_context("еду", *vocabulary_of(["Еда на кухне бесплатна."])) == ()


def test_an_unknown_chat_word_stands_for_itself_where_its_stem_is_used() -> None:
    texts = ["Ретро проводится в пятницу в 16:30."]
    assert lemma_of("ретру") != "ретро"  # pymorphy3 guesses a verb
    assert lemmas_in_context("ретру", *vocabulary_of(texts)) == ("ретру",)
    part = next(p for p in with_alternatives(question_parts("во сколько ретру проводим"), texts))
    term = lemma_of("ретру")
    assert ("ретру",) in part.alternatives_of(term)
    assert answers("во сколько ретру проводим", texts[0], "Спринт — Календарь")


# --- a Latin name in Cyrillic, a diminutive ------------------------------------------------------------------------


def test_a_latin_name_is_found_in_its_cyrillic_spelling() -> None:
    assert matches("kanban", "Техподдержка работает по канбану.")
    assert matches("gitlab", "Код лежит в Гитлабе.") or matches("gitlab", "Код лежит в гитлаб.")
    assert not matches("scrum", "Техподдержка работает по канбану.")


def test_a_diminutive_is_found_as_its_base_word() -> None:
    assert diminutive_base("дейлик") == "дейл"
    assert diminutive_base("денечек") == "ден"
    assert diminutive_base("ручка") is None
    assert matches("дейлик", "Дейли длится 15 минут.")
    assert matches("денечков", "В году доступно 3 оплачиваемых дня здоровья.")
    assert matches("чатик", "Чат команды в Telegram.")


# --- derivational relatives and false friends (branch ``fd2``) ---------------------------------------------------


def test_a_verbal_noun_matches_its_verb_across_their_suffixes() -> None:
    assert matches("согласовывать", "Представительские расходы — только по согласованию с руководителем.")
    assert matches("компенсация", "Компания компенсирует интернет.")
    assert matches("регистрация", "Сотрудник может регистрировать заявки.")
    assert derivation_keys("согласование") & derivation_keys("согласовывать") == {"^соглас"}


def test_a_person_named_by_a_suffix_is_not_the_word_it_begins_with() -> None:
    # «-чик» / «-щик» / «-ник» name a person: a contractor is not a row, an employee is not the work
    assert not matches("подрядчик", "Отпуск не короче 14 календарных дней подряд.")
    assert not matches("работник", "Работа из дома разрешена.")
    assert not matches("поставщик", "Поставка оборудования занимает неделю.")
    assert derivation_keys("подрядчик") == {"^подрядчик"}


def test_an_ordinal_is_not_found_across_a_verbs_prefix() -> None:
    assert not matches("второй", "Нельзя повторять 5 последних паролей.")
    assert matches("второй", "Бот звонит второму дежурному.")


def test_a_russian_term_no_text_word_matches_is_spelled_by_its_closest_lemma_by_meaning() -> None:
    texts = ["Заявление согласует руководитель."]
    [part] = with_alternatives(question_parts("заявку на отпуск кто одобряет"), texts)
    assert ("заявка", ("заявление",)) in part.colloquial
    # a near miss by meaning (a co-hyponym) stays below the threshold
    [part] = with_alternatives(question_parts("немецкий язык компания оплачивает?"), ["Занятия английским языком."])
    assert not [lemmas for term, lemmas in part.colloquial if term == "немецкий"]
    # close by the model but of another root: «позвать» is no «показывать», a director no manager
    [part] = with_alternatives(question_parts("можно позвать директора"), ["Руководитель показывает результат работы."])
    assert not {("показывать",), ("руководитель",)} & {lemmas for _, lemmas in part.colloquial}


def test_one_stem_of_a_word_for_the_lexicon_and_the_focus_check(monkeypatch: pytest.MonkeyPatch) -> None:
    # rag._analysis.word_stem: a word the analyzer keeps no term of (a stopword) is its own stem with «ё» read «е»,
    # as a text's vocabulary spells it — the focus check's stem_of kept the «ё» («её» was not the text's «ее»)
    from agentcore.rag import _lexicon
    from agentcore.rag._analysis import word_stem
    from agentcore.rag._focus.words import stem_of

    assert stem_of("Её") == word_stem("её") == "ее"
    assert stem_of("учётку") == word_stem("учётка") == "учетк"
    # the lexicon stems its words by word_stem itself, not by a copy of its own
    seen: list[str] = []

    def spy(word: str) -> str:
        seen.append(word)
        return word_stem(word)

    monkeypatch.setattr(_lexicon, "word_stem", spy)
    assert _lexicon._stems("Учётку заблокировали") == ("учетк", word_stem("заблокировали"))
    assert seen == ["Учётку", "заблокировали"]
