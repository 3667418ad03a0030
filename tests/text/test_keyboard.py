"""Keyboard layouts and transliteration (``agentcore.text._keyboard``)."""

from __future__ import annotations

import pytest

from agentcore.text import fix_layout, switch_layout, transliterate


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


@pytest.mark.parametrize(
    ("line", "fixed"),
    [
        ("ghbdtn", "привет"),
        ("rfr jajhvbnm jngecr?", "как оформить отпуск?"),
        ("ghbdtn как сменить пароль", "привет как сменить пароль"),
        ("rfr j,hfnbnmcz d nt[gjllth;re", "как обратиться в техподдержку"),  # short «d» → «в» beside long runs
        ("Vfcnth", "Мастер"),
    ],
)
def test_fix_layout(line: str, fixed: str) -> None:
    assert fix_layout(line) == fixed


@pytest.mark.parametrize("line", ["How do I set up the VPN?", "VPN", "Jira", "ok", "hello", "d", "TASK-12"])
def test_fix_layout_leaves_english_alone(line: str) -> None:
    assert fix_layout(line, frozenset({"the", "do", "i", "up"})) == line
