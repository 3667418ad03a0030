"""A pre-check in front of a costly regular expression, derived from the expression itself: the literal pieces one
of which every match must contain.

Python's engine tries every alternative of a long alternation at every position of a text; most clauses of a daily
hold none of the words an alternation looks for.  :class:`LiteralGate` reads the pattern's parse tree and collects,
for each top-level alternative, a literal string any match of it contains (the most selective one it can prove); a
text that holds none of them cannot match, and the regex is not run.  Derived mechanically, the pre-check cannot drift
from the pattern it guards: a new alternative brings its own literal, or — when it has none (``\\w+``, ``[а-яё]``) —
the gate admits every text.

Matching is compared on :func:`folded` text: lower case, and the few characters Python's ``IGNORECASE`` equates with
another besides the lower-case mapping («ſ» and «s», «ᲀ» and «в», «ς» and «σ») written as one, so a literal the
engine matches in any case is found by ``in``.
"""

from __future__ import annotations

import itertools
import re
import re._casefix as _casefix
import re._constants as _c
import re._parser as _parser
from collections.abc import Callable
from typing import Any

from agentcore.text.first_char import compile_guarded
from agentcore.text.reading_memo import per_reading

_MAX_VARIANTS = 32
"""Most strings one literal piece may expand to (``бл[оа]к[еи]р`` is four); beyond it the piece is split."""


def _fold_table() -> dict[int, int | None]:
    table: dict[int, int | None] = {0x0307: None}  # «İ».lower() is «i» + U+0307; the engine's fold is plain «i»
    for char, others in _casefix._EXTRA_CASES.items():
        canonical = min((char, *others))
        for code in (char, *others):
            if code != canonical:
                table[code] = canonical
    return table


_FOLD = _fold_table()
_TO_FOLD = re.compile("[" + "".join(re.escape(chr(code)) for code in sorted(_FOLD)) + "]")


@per_reading()
def folded(text: str) -> str:
    """``text`` as the gates compare it: lower case, each set of characters ``IGNORECASE`` equates written as one.
    Dropping U+0307 may only add matches of a literal, never remove one, so a gate stays a necessary condition.
    Remembered while one text is read (:mod:`agentcore.text.reading_memo`): the rules fold the same clause often."""
    lowered = text.lower()
    # the table's characters are rare: a scan for them is far cheaper than a translation of every text
    return lowered.translate(_FOLD) if _TO_FOLD.search(lowered) else lowered


Strings = frozenset[str]


def _exact(op: Any, av: Any) -> Strings | None:
    """The strings one parse-tree node matches, when they are few and fixed (a literal, ``[еи]``, ``(?:у|ем)``)."""
    if op is _c.LITERAL:
        return frozenset({folded(chr(av))})
    if op is _c.IN:
        if not all(member_op is _c.LITERAL for member_op, _ in av):
            return None
        return frozenset(folded(chr(code)) for _, code in av)
    if op is _c.SUBPATTERN:
        return _exact_sequence(av[3].data)
    if op is _c.BRANCH:
        found = _each_alternative(av[1], _exact_sequence)
        return found if found is not None and len(found) <= _MAX_VARIANTS else None
    return None


def _exact_sequence(items: list[tuple[Any, Any]]) -> Strings | None:
    result: Strings = frozenset({""})
    for op, av in items:
        if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue  # zero-width: the strings on both sides stay adjacent
        strings = _exact(op, av)
        if strings is None or len(result) * len(strings) > _MAX_VARIANTS:
            return None
        result = frozenset(a + b for a, b in itertools.product(result, strings))
    return result


def _score(strings: Strings) -> tuple[int, int]:
    """How selective a set of required strings is: the shortest string first, then fewer strings."""
    return min(len(s) for s in strings), -len(strings)


def _required(op: Any, av: Any) -> Strings | None:
    """Strings one of which every match of one node contains (``None``: no such set is known)."""
    if op is _c.SUBPATTERN:
        return _required_sequence(av[3].data)
    if op is _c.ATOMIC_GROUP:
        return _required_sequence(av.data)
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
        low, _, body = av
        return _required_sequence(body.data) if low >= 1 else None
    if op is _c.BRANCH:
        return _each_alternative(av[1], _required_sequence)
    return None


def _each_alternative(
    alternatives: list[Any], read: Callable[[list[tuple[Any, Any]]], Strings | None]
) -> Strings | None:
    """The union of what ``read`` finds in every alternative of a branch (``None`` when one of them gives none)."""
    found: set[str] = set()
    for alternative in alternatives:
        strings = read(alternative.data)
        if strings is None:
            return None
        found |= strings
    return frozenset(found)


def _required_sequence(items: list[tuple[Any, Any]]) -> Strings | None:
    """The most selective set any match of a sequence must contain one of: a run of consecutive fixed pieces (their
    concatenations) or a set one node requires."""
    candidates: list[Strings] = []
    run: Strings = frozenset({""})
    for op, av in items:
        if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue
        strings = _exact(op, av)
        if strings is not None and len(run) * len(strings) <= _MAX_VARIANTS:
            run = frozenset(a + b for a, b in itertools.product(run, strings))
            continue
        if run != {""}:
            candidates.append(run)
        run = strings if strings is not None else frozenset({""})
        if strings is None:
            inner = _required(op, av)
            if inner is not None:
                candidates.append(inner)
    if run != {""}:
        candidates.append(run)
    candidates = [c for c in candidates if "" not in c]
    return max(candidates, key=_score) if candidates else None


def required_literals(pattern: re.Pattern[str]) -> Strings | None:
    """Folded strings one of which every match of ``pattern`` contains, or ``None`` when some alternative has none."""
    return _required_sequence(_parser.parse(pattern.pattern, pattern.flags).data)


def _trie(literals: Strings | set[str]) -> dict[str, Any]:
    """The characters of ``literals`` as nested dicts, one level a character; ``""`` marks where a literal ends."""
    trie: dict[str, Any] = {}
    for literal in literals:
        node = trie
        for char in literal:
            node = node.setdefault(char, {})
        node[""] = {}
    return trie


def any_of(literals: Strings) -> re.Pattern[str]:
    """A case-sensitive pattern that finds a text holding any of ``literals``: their trie («бл(?:ок|ак)…»), cut where a
    shorter literal ends (a text holding the longer one holds it too), so the engine tries a few branches per
    position, not one per literal."""
    trie = _trie(literals)

    def branches(node: dict[str, Any]) -> str:
        if "" in node:
            return ""
        parts = [re.escape(char) + branches(child) for char, child in sorted(node.items())]
        return parts[0] if len(parts) == 1 else f"(?:{'|'.join(parts)})"

    return re.compile(branches(trie))


class LiteralGate:
    """``pattern`` behind the pre-check of :func:`required_literals`: :meth:`search` is ``pattern.search`` and skips
    the engine on a text that holds none of the literals (it cannot match)."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.literals = required_literals(pattern)
        self._finder = any_of(self.literals) if self.literals else None
        # a text the gate admits is searched by the same pattern behind its first-character lookahead
        # (:func:`~agentcore.text.first_char.compile_guarded`): the same matches, most positions turned away at once
        self._engine = compile_guarded(pattern.pattern, pattern.flags)

    @property
    def engine(self) -> re.Pattern[str]:
        """The pattern behind its first-character guard: the same matches as :attr:`pattern`, found faster (for a
        caller that scans a text the gate already admitted, e.g. with ``finditer``)."""
        return self._engine

    def admits(self, folded_text: str) -> bool:
        """Whether a text (given :func:`folded`) may match; ``False`` proves it does not."""
        return self._finder is None or self._finder.search(folded_text) is not None

    def search(self, text: str, folded_text: str | None = None) -> re.Match[str] | None:
        """``pattern.search(text)``; ``folded_text`` is ``folded(text)`` when the caller has it already.  The
        pre-check of :meth:`admits` is written out here, folding ``text`` only when the caller has not (the rules
        ask ~30 gates a daily: two frames less a call is what a gate saves on a short clause)."""
        finder = self._finder
        if finder is not None and finder.search(folded(text) if folded_text is None else folded_text) is None:
            return None
        return self._engine.search(text)

    def match(self, text: str, folded_text: str | None = None) -> re.Match[str] | None:
        """``pattern.match(text)`` (a match at the start is a match somewhere: the same pre-check holds, written out
        as in :meth:`search`)."""
        finder = self._finder
        if finder is not None and finder.search(folded(text) if folded_text is None else folded_text) is None:
            return None
        return self._engine.match(text)

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str) -> str:
        """``pattern.sub(repl, text)``: a text the pattern cannot match comes back as it is."""
        return self._engine.sub(repl, text) if self.admits(folded(text)) else text


def _pieces(pattern: str) -> list[str]:
    """``pattern`` cut into its tokens: an escape (``\\b``), a character class (``[^]а-я]``), one character."""
    pieces, i = [], 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            pieces.append(pattern[i : i + 2])
            i += 2
            continue
        if char == "[":
            end = i + 1 + (pattern[i + 1 : i + 2] == "^")
            end += pattern[end : end + 1] == "]"
            while pattern[end] != "]":
                end += 2 if pattern[end] == "\\" else 1
            pieces.append(pattern[i : end + 1])
            i = end + 1
            continue
        pieces.append(char)
        i += 1
    return pieces


def alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a regular expression (outside groups and character classes)."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for piece in _pieces(pattern):
        depth += (piece == "(") - (piece == ")")
        if piece == "|" and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(piece)
    parts.append("".join(current))
    return parts


def _distributed(alternative: str) -> list[str]:
    """``alternative`` as the alternatives it stands for: ``P(?:A|B)S`` is ``PA S|PB S`` when ``P`` and ``S`` hold no
    group (``\\b(?:блок\\w*|стоп\\w*)``), read again in each; any other alternative as it is."""
    pieces = _pieces(alternative)
    depth, opened, closed = 0, [], []
    for index, piece in enumerate(pieces):
        if piece == "(":
            if depth == 0:
                opened.append(index)
            depth += 1
        elif piece == ")":
            depth -= 1
            if depth == 0:
                closed.append(index)
    if len(opened) != 1 or pieces[opened[0] + 1 : opened[0] + 3] != ["?", ":"]:
        return [alternative]
    head, body, tail = (
        "".join(pieces[: opened[0]]),
        "".join(pieces[opened[0] + 3 : closed[0]]),
        "".join(pieces[closed[0] + 1 :]),
    )
    if tail[:1] in ("*", "+", "?", "{"):
        return [alternative]  # a repeated group is no choice of one alternative
    inner = alternatives(body)
    if len(inner) == 1:
        return [alternative]
    return [flat for part in inner for flat in _distributed(head + part + tail)]


def _longest_of(literals: Strings | set[str]) -> str:
    """A pattern matching, where some of ``literals`` start, the longest of them: their trie, a branch optional (and
    tried first) where a literal ends; the branches of a node start with different characters, so one at most goes
    on."""
    trie = _trie(literals)

    def branches(node: dict[str, Any]) -> str:
        parts = [re.escape(char) + branches(child) for char, child in sorted(node.items()) if char]
        if not parts:
            return ""
        joined = f"(?:{'|'.join(parts)})"
        return f"{joined}?" if "" in node else joined

    return branches(trie)


class SplitGate(LiteralGate):
    """A :class:`LiteralGate` whose pattern (without capturing groups) also runs as groups of its alternatives, each
    group keyed by the literals its alternatives require: :meth:`holds` searches only the groups whose literals the
    text contains.  ``A|B|C`` matches a text when one of ``A``, ``B``, ``C`` matches it, so the answer is the
    pattern's; a long alternation tries all its alternatives at every position of a text it admits, a group only its
    own few."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        super().__init__(pattern)
        if pattern.groups:
            raise ValueError("a pattern with capturing groups cannot be run in parts")
        keyed: dict[Strings | None, list[str]] = {}
        for alternative in (a for top in alternatives(pattern.pattern) for a in _distributed(top)):
            literals = required_literals(re.compile(alternative, pattern.flags))
            keyed.setdefault(literals, []).append(alternative)
        self._always = [compile_guarded("|".join(parts), pattern.flags) for key, parts in keyed.items() if key is None]
        groups = [(key, compile_guarded("|".join(parts), pattern.flags)) for key, parts in keyed.items() if key]
        # each literal found in a text admits the groups of every literal it contains (those occur there too)
        every = {literal for key, _ in groups for literal in key}
        self._admitted = {
            literal: tuple(engine for key, engine in groups if any(other in literal for other in key))
            for literal in every
        }
        # at each position, the longest literal starting there (the shorter ones starting there are its prefixes)
        self._starts = re.compile(f"(?=({_longest_of(every)}))")

    def holds(self, text: str, folded_text: str | None = None) -> bool:
        """Whether ``pattern.search(text)`` finds a match."""
        if self._always and any(engine.search(text) for engine in self._always):
            return True
        if folded_text is None:
            folded_text = folded(text)
        if self._finder is not None and self._finder.search(folded_text) is None:
            return False  # no literal at all (most texts): one scan, stopped at the first literal found
        tried: set[re.Pattern[str]] = set()
        for found in self._starts.finditer(folded_text):
            for engine in self._admitted[found.group(1)]:
                if engine not in tried:
                    tried.add(engine)
                    if engine.search(text):
                        return True
        return False
