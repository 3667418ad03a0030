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


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"\b(?:блок\w*|стоп)\b|жду", [r"\bблок\w*\b", r"\bстоп\b", "жду"]),  # P(?:A|B)S is PAS|PBS
        (r"(?:a|(?:b|c)d)e", ["ae", "bde", "cde"]),  # read again in each part
        (r"(?:a|b)+c", [r"(?:a|b)+c"]),  # a repeated group is no choice of one
        (r"(?:a|b)(?:c|d)", [r"(?:a|b)(?:c|d)"]),  # two groups: left as it is
    ],
)
def test_distributed(pattern: str, expected: list[str]) -> None:
    from agentcore.text.literal_gate import _distributed, alternatives

    assert [flat for top in alternatives(pattern) for flat in _distributed(top)] == expected


def test_a_split_gate_answers_as_its_pattern() -> None:
    # session sp5: the alternatives run in groups keyed by their literals, only the groups a text holds literals of
    from agentcore.text.literal_gate import SplitGate

    pattern = re.compile(r"\b(?:прод\w*\s+(?:лежит|упал)|блокер\w*|релиз\s+сорван|стоп)\b|нет\s+доступа", re.IGNORECASE)
    gate = SplitGate(pattern)
    texts = [
        "Прод упал ночью",
        "ПРОДАКШЕН лежит",
        "продукт упал в цене?",
        "релиз сорван",
        "релиз не сорван",
        "стопка бумаг",
        "нет  доступа",
        "блокеров нет",
        "бла-блокер",
        "сорван прод",
        "",
    ]
    for text in texts:
        assert gate.holds(text) == bool(pattern.search(text)), text
    assert gate.holds("прод лежит") and not gate.holds("лежит прод")
    with pytest.raises(ValueError, match="capturing"):
        SplitGate(re.compile("(a)|b"))


def test_a_split_gate_finds_a_literal_inside_a_longer_one() -> None:
    # «блокер» found where «блокеры» starts admits the group of «блокер» too (the longest literal at a position)
    from agentcore.text.literal_gate import SplitGate

    gate = SplitGate(re.compile(r"блокеры\s+есть|блокер\s*:", re.IGNORECASE))
    assert gate.holds("Блокер: стенд") and gate.holds("блокеры есть") and not gate.holds("блокеры: нет есть")
