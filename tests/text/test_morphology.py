"""Haiku themes and other short noun phrases put into the nominative."""

from __future__ import annotations

import pytest

from agentcore.text import morphology
from agentcore.text.morphology import to_nominative


@pytest.mark.parametrize(
    ("phrase", "case", "nominative"),
    [
        ("кота", "accs", "кот"),
        ("кота", None, "кот"),
        ("зиму", "accs", "зима"),
        ("весну", "accs", "весна"),
        ("зимней ночи", "loct", "зимняя ночь"),  # the case settles «ночи» (gent/loct)
        ("осени", "gent", "осень"),
        ("котах", "loct", "коты"),  # number kept
        ("рыжего кота", "accs", "рыжий кот"),
        ("кота и собаку", "accs", "кот и собака"),
        ("новом году", "loct", "новый год"),  # second locative
        ("Москве", "loct", "Москва"),  # capitals kept
        ("шум дождя", "accs", "шум дождя"),  # a dependent genitive stays
        ("8 марта", "datv", "8 марта"),  # so does a noun after a number
        ("котом", "ablt", "кот"),
        ("новому году", "datv", "новый год"),
        ("дом у моря", "accs", "дом у моря"),
        ("осенний лес", "accs", "осенний лес"),  # already nominative: as typed
        ("красивые цветы", "accs", "красивые цветы"),
        ("бежать", None, "бежать"),  # not a noun phrase
        ("kubernetes", None, "kubernetes"),
        ("", None, ""),
    ],
)
def test_to_nominative(phrase: str, case: str | None, nominative: str) -> None:
    assert to_nominative(phrase, case) == nominative


def test_unknown_case_is_an_error() -> None:
    with pytest.raises(ValueError, match="case"):
        to_nominative("кота", "dative")


def test_without_pymorphy3_the_phrase_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(morphology, "morph_analyzer", lambda: None)
    assert to_nominative("кота", "accs") == "кота"


def test_parses_are_read_once_per_word() -> None:
    """One cached ``parses(word)`` for every reader (session scrum31): the readings of a word, most likely first,
    analysed once — asking again returns the same readings, not a new analysis."""
    from agentcore.text import parses as exported

    first = morphology.parses("кота")
    assert first and first[0].normal_form == "кот"
    assert morphology.parses("кота") is first
    assert exported is morphology.parses


def test_parses_without_pymorphy3_are_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(morphology, "morph_analyzer", lambda: None)
    assert morphology.parses("собаками-без-кэша") == ()


def test_part_of_speech_helpers_read_the_first_reading() -> None:
    """One spelling of a part-of-speech check for every reader (session cq): the first reading's part of speech,
    the parts of speech of the first readings, and whether a word is a form of a verb."""
    assert morphology.pos_of("кота") == "NOUN"
    assert morphology.pos_of("оформить") == "INFN"
    assert morphology.pos_of("123") == ""  # no part of speech: a number
    assert "INFN" in morphology.pos_readings("оформить", 2)
    assert morphology.is_verb_form("голосует") and morphology.is_verb_form("оплаченный")
    assert not morphology.is_verb_form("отпуск")


def test_part_of_speech_without_pymorphy3_is_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(morphology, "morph_analyzer", lambda: None)
    assert morphology.pos_of("кошками-без-кэша") == ""
    assert morphology.pos_readings("кошками-без-кэша", 2) == frozenset()
    assert not morphology.is_verb_form("кошками-без-кэша")
