"""The English→Russian office glossary (``lexicon/english.txt``) as the first source of the documents' word for an
English term (``agentcore.rag._focus.english.glossary_spellings``), with the e5 model as the fallback."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import agentcore.rag._focus.english as english
from agentcore.rag._focus import check_focus
from agentcore.rag._focus.english import english_base_forms, glossary, russian_spellings

PASSWORD = "- Пароль меняется каждые 90 дней; за 7 дней до истечения приходит напоминание на почту."
PROBATION = "Испытательный срок длится 3 месяца."
SICK_PAY = "Больничный оплачивается с первого дня."


class _Embed:
    """A stand-in e5: every word gets the same unit vector (so each term's best lemma is within the margin), and
    the words it was asked for are kept."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def __call__(self, texts: list[str], kind: str) -> Any:
        self.asked.extend(texts)
        return np.ones((len(texts), 1))


def test_the_glossary_is_read_with_its_words_and_phrases() -> None:
    words, phrases = glossary()
    assert words["password"] == (("пароль",),)
    assert ("испытательный", "срок") in words["probation"]  # a phrase alternative: all its lemmas
    assert dict(phrases)[("sick", "leave")] == (("больничный",),)
    assert len(words) + len(phrases) >= 300


def test_plain_plurals_and_verb_forms_are_read_as_their_dictionary_form() -> None:
    assert "day" in english_base_forms("days")
    assert "expense" in english_base_forms("expenses")
    assert "policy" in english_base_forms("policies")
    assert "approve" in english_base_forms("approved")
    assert "lock" in english_base_forms("locked")
    assert "book" in english_base_forms("booking")
    assert "stop" in english_base_forms("stopped")
    assert english_base_forms("status") == ("status",)  # not a plural


def test_a_term_is_translated_through_the_glossary_first_and_the_model_still_read() -> None:
    embed = _Embed()
    found = russian_spellings(["passwords"], [PASSWORD], embed)
    assert found[0] == ("passwords", "пароль")  # the glossary's word, first
    # the e5 words too: an entry may lack the variant the answering sentence uses («меняется» for «change»)
    assert embed.asked[:1] == ["passwords"]
    assert len(found) > 1 and all(term == "passwords" for term, _ in found)


def test_a_phrase_entry_spells_each_of_its_words() -> None:
    found = russian_spellings(["sick", "leave"], [SICK_PAY], _Embed())
    assert ("sick", "больничный") in found
    assert ("leave", "больничный") in found  # «leave» alone is «отпуск», but «sick leave» is «больничный»


def test_a_word_the_glossary_lacks_or_the_passages_do_not_hold_goes_the_e5_path() -> None:
    embed = _Embed()
    found = russian_spellings(["zebra", "password"], [PROBATION], embed)
    assert embed.asked[:2] == ["zebra", "password"]  # «пароль» is in no passage: the model is asked for both
    assert {term for term, _ in found} == {"zebra", "password"}


def test_without_the_glossary_only_the_e5_path_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(english, "GLOSSARY_FIRST", False)
    embed = _Embed()
    russian_spellings(["passwords"], [PASSWORD], embed)
    assert embed.asked[:1] == ["passwords"]


def test_an_english_question_is_answered_by_the_sentence_e5_alone_misses() -> None:
    """«probation» has no single-word e5 neighbour in the sentence (the documents say «испытательный срок»): the
    glossary gives the phrase, whose lemmas the sentence holds."""
    heading = ["Онбординг — План на испытательный срок"]
    check = check_focus("how long is the probation period", [PROBATION], [PROBATION], headings=heading)
    assert check.answered == (True,)


def test_a_unit_of_time_before_an_adverb_is_what_how_many_counts() -> None:
    """«abroad» is «граница» by the glossary; read as the counted head the part asked a count of borders."""
    sentence = (
        "Работать из-за границы можно не более 30 календарных дней в году и только после согласования с "
        "руководителем и отделом информационной безопасности."
    )
    heading = ["Удалённая и гибридная работа — Работа из другой страны"]
    check = check_focus("how many days abroad are allowed", [sentence], [sentence], headings=heading)
    assert check.answered == (True,)


def test_the_glossary_word_the_supplying_sentence_uses_is_among_the_alternatives() -> None:
    """«change» is «сменить» in one passage and «меняться» in the one that answers: the entry lists both."""
    passages = [PASSWORD, "Временный пароль нужно сменить при первом входе."]
    check = check_focus("how often do I have to change my password", [PASSWORD], passages, headings=["Пароли"])
    assert check.answered == (True,)
