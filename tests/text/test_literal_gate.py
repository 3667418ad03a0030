"""The literal pre-check derived from a pattern (:mod:`agentcore.text.literal_gate`): what it requires, and that a
pattern without literals is always searched.  The gates of the Scrum parser are checked against its dailies in
``tests/apps/scrum/test_literal_gate.py``."""

from __future__ import annotations

import re

import pytest

from agentcore.text.literal_gate import LiteralGate, required_literals


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"\bжд(?:у|ем)\b|нет\s+доступа", {"жду", "ждем", "доступа"}),  # the longest piece of each alternative
        (r"бл[оа]к[еи]р\w*", {"блокер", "блокир", "блакер", "блакир"}),  # a small class spells its variants
        (r"(?:очень\s+)?Срочно", {"срочно"}),  # an optional piece is no requirement; literals are folded
        (r"(?:ab)+c?|x(?<=x)y", {"ab", "xy"}),  # a repeat requires its body; a look-behind keeps x and y adjacent
        (r"\w+|нет", None),  # an alternative with no literal: the gate admits every text
        (r"(?:a|\w)b", {"b"}),
    ],
)
def test_required_literals(pattern: str, expected: set[str] | None) -> None:
    found = required_literals(re.compile(pattern, re.IGNORECASE))
    assert (None if found is None else set(found)) == expected


def test_a_pattern_without_literals_is_always_searched() -> None:
    gate = LiteralGate(re.compile(r"\w+"))
    assert gate.literals is None and gate.admits("") and gate.search("abc") is not None


def test_search_and_match_run_the_pre_check_in_their_own_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    # session sp4: the pre-check is written out in search/match (no admits() frame a call); same answers
    gate = LiteralGate(re.compile(r"блок[еи]р\w*|нет\s+доступа", re.IGNORECASE))

    def called(_folded: str) -> bool:
        raise AssertionError("admits() was called")

    monkeypatch.setattr(gate, "admits", called)
    assert gate.search("сегодня НЕТ ДОСТУПА к стенду") is not None
    assert gate.match("Блокер: стенд") is not None
    assert gate.search("закрыл задачу") is None
    assert gate.match("закрыл задачу", "закрыл задачу") is None
