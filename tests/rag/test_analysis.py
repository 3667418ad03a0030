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
