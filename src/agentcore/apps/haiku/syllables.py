"""Counting syllables and words in Russian text — the one measure every haiku is checked against.

Rules (exact, documented because the service reports these numbers):

* A syllable is a Cyrillic vowel letter: ``а е ё и о у ы э ю я`` in either case.  Russian spelling writes exactly
  one vowel letter per syllable, so the count is exact for Russian words.
* Everything else counts 0: consonants, ``ъ``/``ь``, punctuation, Latin letters and digits.  Text that is not
  written in Cyrillic (``love``, ``2024``) therefore has no syllables by this measure — the composers keep such
  text out of the lines they build.
* A word is a maximal run of Cyrillic or Latin letters; letter runs joined by hyphens (``иван-чай``,
  ``кое-где``) are one word.  Digits and punctuation are not words.
"""

from __future__ import annotations

import re

VOWELS = frozenset("аеёиоуыэюяАЕЁИОУЫЭЮЯ")

_LETTERS = "A-Za-zА-Яа-яЁё"
_WORD = re.compile(rf"[{_LETTERS}]+(?:-[{_LETTERS}]+)*")


def count_syllables(text: str) -> int:
    """Number of syllables in ``text``: the number of Cyrillic vowel letters in it."""
    return sum(1 for char in text if char in VOWELS)


def count_line_syllables(line: str) -> int:
    """Syllables in one haiku line (same rule as :func:`count_syllables`; named for the call sites)."""
    return count_syllables(line)


def words(text: str) -> list[str]:
    """The words of ``text`` in order (letter runs, hyphenated runs kept whole)."""
    return _WORD.findall(text)


def count_words(text: str) -> int:
    """Number of words in ``text`` (see :func:`words`)."""
    return len(words(text))
