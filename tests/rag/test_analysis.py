from __future__ import annotations

import pytest

from agentcore.rag import Analyzer
from agentcore.rag._analysis import raw_tokens


def test_identifiers_are_kept_whole_and_lowercased() -> None:
    terms = Analyzer().terms("Статус задачи TASK-12 и ошибки ERR_42, версия v2")
    assert "task-12" in terms
    assert "err_42" in terms
    assert "v2" in terms
    assert "12" not in terms


def test_russian_word_forms_share_a_stem() -> None:
    analyzer = Analyzer()
    assert analyzer.terms("отпуска") == analyzer.terms("отпуском") == analyzer.terms("отпуск")
    assert analyzer.terms("сотрудников") == analyzer.terms("сотрудник")


def test_stop_words_and_single_letters_dropped_numbers_kept() -> None:
    terms = Analyzer().terms("Сколько дней и в какой срок: 28")
    assert terms == ["дне", "срок", "28"]


def test_yo_is_folded_and_english_is_stemmed() -> None:
    analyzer = Analyzer()
    assert analyzer.terms("ёлка") == analyzer.terms("елка")
    assert analyzer.terms("deployments running") == ["deploy", "run"]


def test_raw_tokens_keep_case_insensitive_order() -> None:
    assert raw_tokens("Привет, TASK-7!") == ["привет", "task-7"]


def test_lemma_morphology_uses_dictionary_forms() -> None:
    analyzer = Analyzer("lemma")
    assert analyzer.terms("отпуска сотрудников") == ["отпуск", "сотрудник"]
    assert analyzer.name != Analyzer("stem").name


def test_unknown_morphology_rejected() -> None:
    with pytest.raises(ValueError):
        Analyzer("snowball")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("ПО", ["по"]),
        ("IT", ["it"]),
        ("Q&A", ["q&a"]),
        ("Какое ПО установлено?", ["по", "установл"]),
        ("Где скачать ПО для VPN?", ["скача", "по", "vpn"]),
        ("IT-отдел", ["it", "отдел"]),
        ("R&D и Q&A сессии", ["r&d", "q&a", "сесс"]),
    ],
)
def test_upper_case_acronyms_that_are_stop_words_in_lower_case_are_terms(text: str, terms: list[str]) -> None:
    """Tryout 28, the D17 note: «ПО», «IT», «Q&A» asked alone had no term left after stop words and were never
    answerable; written in capitals they are abbreviations, not the preposition «по» or the pronoun «it»."""
    assert Analyzer().terms(text) == terms


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("по правилам", ["правил"]),
        ("it is", []),
        ("КАК ОФОРМИТЬ ОТПУСК", ["оформ", "отпуск"]),  # a question typed with caps lock
        ("Важно: НЕ ДЕЛАЙТЕ ЭТОГО", ["важн", "дела"]),  # shouting inside mixed text
        ("ДА", []),
        ("НЕТ", []),
        ("ГДЕ?", []),
    ],
)
def test_stop_words_in_capitals_that_are_not_acronyms_stay_dropped(text: str, terms: list[str]) -> None:
    assert Analyzer().terms(text) == terms


def test_the_analyzer_version_changes_with_the_acronym_rule() -> None:
    """Collections indexed with the old rules rebuild BM25 on load (the manifest stores the analyzer's name)."""
    assert Analyzer().name == "ru-en-stem-v4"
