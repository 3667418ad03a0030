"""A one-character pre-check in front of a long alternation, derived from the alternation itself.

Python's engine tries every alternative of ``(?:вч[еи]р\\w*|сегодня|today|…)`` at every position it is asked about;
at most positions the very first character already rules them all out.  :func:`first_chars` reads the pattern's
parse tree and collects the characters any match can start with; :func:`guarded` puts them in front as a lookahead
(``(?=[всtд…])(?:…)``), so a position whose character is none of them costs one class test instead of one attempt per
alternative.  The lookahead is compiled with the same flags as the alternation (``IGNORECASE`` folds a class exactly
as it folds the literals it came from), and it is only a necessary condition: what matches is unchanged.  When some
alternative may start with any character (``.``, ``[^…]``) or match the empty string, there is no set and the
alternation is returned without a guard.
"""

from __future__ import annotations

import re
import re._constants as _c
import re._parser as _parser
from typing import Any

_MAX_RANGE = 512
"""Largest character range a guard lists (``[а-яё]`` is 32); a wider one gives no guard."""

_ZERO_WIDTH = (_c.AT, _c.ASSERT, _c.ASSERT_NOT)


_CATEGORIES = {
    _c.CATEGORY_SPACE: r"\s",
    _c.CATEGORY_NOT_SPACE: r"\S",
    _c.CATEGORY_DIGIT: r"\d",
    _c.CATEGORY_NOT_DIGIT: r"\D",
    _c.CATEGORY_WORD: r"\w",
    _c.CATEGORY_NOT_WORD: r"\W",
}

Members = set[str]
"""Members of a character class as pattern source: an escaped character or a category (``\\s``)."""


def _node(op: Any, av: Any) -> tuple[Members, bool] | None:
    """``(first characters, may match empty)`` of one parse-tree node, or ``None`` when the set is not known."""
    if op is _c.LITERAL:
        return {re.escape(chr(av))}, False
    if op is _c.IN:
        chars: Members = set()
        for member_op, member_av in av:
            if member_op is _c.LITERAL:
                chars.add(re.escape(chr(member_av)))
            elif member_op is _c.RANGE and member_av[1] - member_av[0] < _MAX_RANGE:
                chars.update(re.escape(chr(code)) for code in range(member_av[0], member_av[1] + 1))
            elif member_op is _c.CATEGORY and member_av in _CATEGORIES:
                chars.add(_CATEGORIES[member_av])
            else:
                return None  # a negated class, a wide range
        return chars, False
    if op is _c.SUBPATTERN:
        _group, add_flags, del_flags, body = av
        return None if add_flags or del_flags else _sequence(body.data)
    if op is _c.BRANCH:
        chars, empty = set(), False
        for alternative in av[1]:
            found = _sequence(alternative.data)
            if found is None:
                return None
            chars |= found[0]
            empty = empty or found[1]
        return chars, empty
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
        low, _high, body = av
        found = _sequence(body.data)
        return None if found is None else (found[0], found[1] or low == 0)
    return None


def _sequence(items: list[tuple[Any, Any]]) -> tuple[Members, bool] | None:
    chars: Members = set()
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue  # a boundary or a look-around consumes nothing: the next node's character is the first
        found = _node(op, av)
        if found is None:
            return None
        chars |= found[0]
        if not found[1]:
            return chars, False
    return chars, True


def first_chars(alternation: str, flags: int = 0) -> frozenset[str] | None:
    """The class members (escaped characters as written in the pattern, before case folding, and categories such as
    ``\\s``) one of which every match of ``alternation`` starts with, or ``None`` when they are not known (``.``, a
    negated class, a wide range, or a match may be empty)."""
    found = _sequence(_parser.parse(alternation, flags).data)
    if found is None or found[1]:
        return None
    return frozenset(found[0])


def guarded(alternation: str, flags: int = 0) -> str:
    """``alternation`` as one group behind a lookahead on its :func:`first_chars` (see the module docstring), to be
    compiled with ``flags``; without a known set, the group alone."""
    chars = first_chars(alternation, flags)
    if chars is None:
        return f"(?:{alternation})"
    listed = "".join(sorted(chars))
    return f"(?=[{listed}])(?:{alternation})"


def compile_guarded(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)`` behind the lookahead of :func:`guarded`: the same matches, found faster by a
    search that most positions of a text fail at their first character."""
    return re.compile(guarded(pattern, flags), flags)
