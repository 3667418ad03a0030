"""The first-character lookahead derived from a pattern (:mod:`agentcore.text.first_char`): which characters it
lists, when it gives up, and that a guarded pattern finds exactly what the pattern finds."""

from __future__ import annotations

import random
import re
import sys

import pytest

from agentcore.text.first_char import compile_guarded, first_chars, guarded


def test_the_first_characters_of_each_alternative_are_listed() -> None:
    assert first_chars(r"вч[еи]р\w*|today|сег") == frozenset({"в", "t", "с"})
    assert first_chars(r"\b(?:да|нет)\b") == frozenset({"д", "н"})  # a boundary consumes nothing
    assert first_chars(r"(?:а\s+)?сегодня") == frozenset({"а", "с"})  # an optional piece: what follows may start
    assert first_chars(r",\s*|\s+но\b") == frozenset({",", r"\s"})  # a category stays a category
    assert first_chars(r"[а-в]x") == frozenset({"а", "б", "в"})
    assert first_chars(r"(?<=\S)\.$|;") == frozenset({r"\.", ";"})  # a look-behind consumes nothing


@pytest.mark.parametrize("pattern", [r".x|y", r"[^a]b", r"a?", r"(?i:a)b", r"[\u0000-\uffff]x"])
def test_no_guard_when_the_first_character_is_not_a_known_set(pattern: str) -> None:
    assert first_chars(pattern) is None
    assert guarded(pattern) == f"(?:{pattern})"


def test_a_class_under_ignorecase_folds_as_the_literal_it_came_from() -> None:
    """The guard lists each first character as written; under ``IGNORECASE`` the engine must match a one-character
    class exactly where it matches the literal («s» and «ſ», «в» and «ᲀ», «k» and the Kelvin sign)."""
    everything = "".join(chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF)
    letters = "abcdefghijklmnopqrstuvwxyzабвгдеёжзийклмнопрстуфхцчшщъыьэюяABCZАЯЁ#,;.-"
    for char in letters:
        as_literal = [m.start() for m in re.finditer(re.escape(char), everything, re.IGNORECASE)]
        as_class = [m.start() for m in re.finditer(f"[{re.escape(char)}]", everything, re.IGNORECASE)]
        assert as_literal == as_class, char


_PATTERNS = [
    (r"\b(?:вч[еи]р\w*|сег[оа]дн\w*|today|в\s+планах)\b", re.IGNORECASE),
    (r",\s*(?=жду)|\s+(?:но|but)\s+|(?<=[.!?])\s+", re.IGNORECASE),
    (r"(?P<url>https?://\S+)|(?<![\w#])(?P<hash>#(?P<n>\d+))", re.IGNORECASE),
    (r"\s*(?:[,;—–]|\s-)\s*\(?[A-Z]+-\d+\)?\s*$", 0),
]


@pytest.mark.parametrize(("pattern", "flags"), _PATTERNS)
def test_a_guarded_pattern_finds_the_same_matches(pattern: str, flags: int) -> None:
    plain, fast = re.compile(pattern, flags), compile_guarded(pattern, flags)
    rng = random.Random(7)
    alphabet = "вчерасегоднятоdaybutнoжду ,.!?#12-PAYhttps://ſᲀİ\n"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(3000)]
    texts += ["Вчера PAY-1, сегодня PAY-2, но жду ревью", "ВЧЕРА done. Today #12 https://x.io/a", "в планах — PAY-3"]
    for text in texts:
        assert [(m.span(), m.groups()) for m in plain.finditer(text)] == [
            (m.span(), m.groups()) for m in fast.finditer(text)
        ], text
        assert plain.sub("|", text) == fast.sub("|", text)
        assert plain.split(text) == fast.split(text)
