"""Keyboard layouts and transliteration (``agentcore.text.keyboard``)."""

from __future__ import annotations

import pytest

from agentcore.text.keyboard import switch_layout, transliterate


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("ghbdtn", "привет"), ("jngecr", "отпуск"), (",jkmybxysq", "больничный"), ("nt[gjllth;rf", "техподдержка"),
     ("Vfcnth", "Мастер"), ("'nj", "это")],
)  # fmt: skip
def test_english_layout_to_russian(typed: str, meant: str) -> None:
    assert switch_layout(typed, to="ru") == meant
    assert switch_layout(meant, to="en") == typed


def test_characters_without_a_counterpart_stay() -> None:
    assert switch_layout("ghbdtn 123 ?", to="ru") == "привет 123 ?"
    assert switch_layout("мзт-2", to="en") == "vpn-2"


def test_unknown_layout_is_an_error() -> None:
    with pytest.raises(ValueError, match="layout"):
        switch_layout("x", to="de")


@pytest.mark.parametrize(("word", "latin"), [("велосити", "velositi"), ("спринт", "sprint"), ("Дод", "dod")])
def test_transliterate(word: str, latin: str) -> None:
    assert transliterate(word) == latin
