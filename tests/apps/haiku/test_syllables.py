"""The syllable and word counters: the measure every haiku is checked against."""

from __future__ import annotations

import pytest

from agentcore.apps.haiku.syllables import count_line_syllables, count_syllables, count_words, words


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Тихий пруд", 3),
        ("ёлка", 2),
        ("ЮЛА", 2),
        ("Ёж", 1),
        ("АЕЁИОУЫЭЮЯ аеёиоуыэюя", 20),
        ("Старый пруд. Прыгнула в воду лягушка", 11),
        ("вдрызг", 1),
        ("в", 0),
        ("подъезд, объём", 4),
        ("", 0),
        ("love 2024 !!! — …", 0),
        ("кот love", 1),
        ("иван-чай", 3),
    ],
)
def test_count_line_syllables(text: str, expected: int) -> None:
    assert count_line_syllables(text) == expected
    assert count_syllables(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Тихий пруд", 2),
        ("Старый пруд —\nлягушка прыгнула,\nвсплеск.", 5),
        ("иван-чай в саду", 3),
        ("кое-где", 1),
        ("cat и dog", 3),
        ("2024 — год", 1),
        ("", 0),
        ("  ,,, ", 0),
        ("Ёлка", 1),
    ],
)
def test_count_words(text: str, expected: int) -> None:
    assert count_words(text) == expected


def test_words_keeps_hyphenated_words_whole() -> None:
    assert words("Кое-где цветёт иван-чай.") == ["Кое-где", "цветёт", "иван-чай"]
