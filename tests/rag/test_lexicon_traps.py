"""The lexicon's traps (issue 18, branch ``lexq42``): key phrases inside one clause, everyday words of several senses
kept out of the search query, entries that are another word's abbreviation or nickname."""

from __future__ import annotations

import pytest

from agentcore.rag import _lexicon
from agentcore.rag._query_repair import Vocabulary, repair_query


def _found(text: str) -> dict[tuple[str, ...], tuple[str, ...]]:
    return {m.words: m.phrases for m in _lexicon.matches(text)}


def _lexicon_changes(text: str, collection: str) -> list[tuple[str, str]]:
    repaired = repair_query(text, Vocabulary.of([collection]))
    return [(before, after) for rule, before, after in repaired.changes if rule == "lexicon"]


# key phrases: their words inside one clause


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("успел всё бросить. Машину где оставить", ("бросить", "машину")),
        ("взял отгул, за свой счёт купил билеты", ("отгул", "за", "свой", "счёт")),
        ("сервер упал — на карту ничего не пришло", ("упал", "на", "карту")),
    ],
)
def test_a_key_phrase_is_not_found_across_punctuation(text: str, words: tuple[str, ...]) -> None:
    def found(text: str) -> bool:
        return any(tuple(w.lower() for w in m.words) == words for m in _lexicon.matches(text))

    assert not found(text)
    assert found(text.replace(".", "").replace(",", "").replace(" —", ""))


# everyday words of several senses: the focus check may read the entry's sense, a search query never gets it


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("есть ли мыло в туалете", "мыло"),
        ("можно оставить вещи в ящике стола", "ящике"),
        ("какая программа дмс", "программа"),
        ("на левом мониторе полосы", "левом"),
        ("подхватил вирус, что делать", "вирус"),
        ("упал в офисе, кому сообщить", "упал"),
        ("какая температура в переговорке", "температура"),
        ("свистни, когда будешь на месте", "свистни"),
        ("попал в аварию по дороге на работу", "аварию"),
        ("нужен переводчик на встречу с клиентом", "переводчик"),
        ("где взять личную карточку", "карточку"),
        ("где руководство по настройке", "руководство"),
        ("для бизнеса", "бизнеса"),
    ],
)
def test_an_everyday_word_of_several_senses_stays_out_of_the_search_query(text: str, word: str) -> None:
    assert word not in {before for before, _ in _lexicon_changes(text, "Сотрудник пишет в техподдержку.")}, text


def test_an_everyday_word_keeps_its_entry_for_the_focus_check() -> None:
    [mail] = [m for m in _lexicon.matches("пришло на мыло") if m.words == ("мыло",)]
    assert mail.phrases == ("почта",) and not mail.query


def test_the_object_decides_what_putting_means() -> None:
    collection = "Сотрудник пишет в техподдержку."
    assert _lexicon_changes("как поставить vpn", collection) == [("поставить", "установить")]
    # a car is parked, not installed; the phrase with the object wins over the verb
    assert _lexicon_changes("где поставить машину у офиса", collection) == [
        ("поставить машину", "парковка"),
        ("поставить машину", "парковочное место"),
    ]
    assert _found("куда машину поставить")[("машину", "поставить")] == ("парковка", "парковочное место")
    informed = _found("надо поставить в известность шефа")[("поставить", "в", "известность")]
    assert informed == ("предупредить", "сообщить")


def test_abbreviations_and_nicknames_of_other_words_are_not_entries() -> None:
    assert _lexicon.matches("адрес эл почты") == []  # «эл.» is «электронный»
    assert _lexicon.matches("когда альфа версия") == []  # the Greek letter; the bank is «Альфа-Банк»
    assert _found("карта альфа банка")[("альфа", "банка")] == ("банк",)
    assert "usb-накопитель" not in _found("можно воткнуть зарядку")[("воткнуть",)]
    assert _lexicon.matches("на бугре") == []  # abroad only in «за бугром», «за бугор», «из-за бугра»
    assert "за границей" in _found("работать за бугром")[("за", "бугром")]
