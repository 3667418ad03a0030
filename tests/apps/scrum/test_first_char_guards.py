"""The first-character lookaheads in front of the parser's patterns (:func:`agentcore.text.first_char.guarded`)
change no match: every guarded pattern of the parser's modules, and every literal gate's engine, finds what its
unguarded pattern finds on the development dailies — their texts, sentences and clauses (the derivation itself is
tested in ``tests/text/test_first_char.py``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from agentcore.apps.scrum import blocker_effect, blocker_reading, task_ids
from agentcore.apps.scrum.daily_parser import (
    all_clear,
    blocker_clauses,
    clauses,
    items,
    layout,
    lexicon,
    quality,
    reading,
    reference,
    work_kind,
)
from agentcore.text.first_char import guarded
from agentcore.text.literal_gate import LiteralGate

DATA = Path(__file__).parent / "data"
DEV_FILES = sorted(DATA.glob("dailies_people_dev*.jsonl"))  # development splits only, never a held-out one
_MODULES = (
    blocker_effect,
    blocker_reading,
    task_ids,
    blocker_clauses,
    clauses,
    items,
    layout,
    lexicon,
    quality,
    reading,
    all_clear,
    work_kind,
    reference,
)
_CLASS_END = "])(?:"


def _unguarded(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """The pattern :func:`guarded` was given, when ``pattern`` is one of its results."""
    source = pattern.pattern
    if not source.startswith("(?=[") or _CLASS_END not in source:
        return None
    inner = source[source.index(_CLASS_END) + len(_CLASS_END) : -1]
    return re.compile(inner, pattern.flags) if guarded(inner, pattern.flags) == source else None


def _pairs() -> dict[str, tuple[re.Pattern[str], re.Pattern[str]]]:
    pairs: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {}
    for module in _MODULES:
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern) and (plain := _unguarded(value)) is not None:
                pairs.setdefault(f"{module.__name__}.{name}", (plain, value))
            elif isinstance(value, LiteralGate):
                pairs.setdefault(f"{module.__name__}.{name}", (value.pattern, value._engine))
    return pairs


PAIRS = _pairs()


def _dev_texts() -> list[str]:
    texts: list[str] = []
    for path in DEV_FILES:
        for line in path.read_text("utf-8").splitlines():
            if line.strip():
                message = lexicon.readable(json.loads(line)["message"])
                texts.append(message)
                texts += [s for s in layout._SENTENCES.split(message) if s]
                texts += [c.text for c in clauses._split_clauses(message) if c.text]
    return list(dict.fromkeys(texts))


def test_the_parser_guards_its_scanned_patterns() -> None:
    """The patterns tried at every position of a text are guarded (a guard lost in an edit would only cost speed,
    so this names them)."""
    for name in ("_CLAUSE_SPLIT", "_ANY", "_SENTENCES", "_DEALT_WITH_RE", "NEGATED", "_MEANWHILE"):
        assert any(key.endswith(f".{name}") for key in PAIRS), name
    assert lexicon._YESTERDAY.startswith("(?=[") and lexicon._TODAY.startswith("(?=[")


@pytest.mark.parametrize(
    "name",
    [
        # session sp4: a piece joint that opens with ``\s*`` was tried at every position (``\s*`` matches nothing
        # anywhere), a hint of Cyrillic words searched in any case entered every alternative at every position
        "reading._PIECE_JOINT",
        "reading._PIECES",
        "reading._TOLD_OVER_HINT",
        "blocker_clauses._SPARING_PIECES",
        "blocker_clauses._ABSENCE_PIECES",
        "blocker_clauses._TASK_WAITS_HINT",
        "blocker_clauses._STOPPED_HINT",
        "blocker_clauses._DEPENDENCY_HINT",
        "all_clear._STATEMENT_JOINT",
        "work_kind._STATEMENTS",
        "clauses._CONTRAST",
        "clauses._STEP_HINT",
        "items._AFTER_FINISHING",
        # session sp4, step 3: scanned over the whole daily for its informative words
        "lexicon._OWN_SIDE",
        "lexicon._ASIDE_HINT",
        # session sp4, step 4: the rest of the scanned patterns a guard made cheaper on their recorded calls
        "blocker_effect._DUE_BY",
        "blocker_effect._DUE_HINT",
        "task_ids._CALLED_A_TASK",
        "clauses._ADJECTIVE",
        "reading._IF_ANY",
        "reference._EN_BACK",
    ],
)
def test_the_scanned_joints_and_hints_are_guarded(name: str) -> None:
    module, attribute = name.split(".")
    assert any(key.endswith(f".{module}.{attribute}") for key in PAIRS), name


def test_the_clause_split_asks_what_follows_a_space_first(dev_texts: list[str]) -> None:
    # session sp4: after a space the cut needs a time word (or «а/и/но …» and one): asked before the negative
    # lookahead that reads the time words again — a necessary condition, so the cuts are those without it
    asked = f"(?={clauses._TIME_AHEAD})"
    assert f"\\s+{asked}(?!" in clauses._CLAUSE_SPLIT.pattern
    assert clauses._TIME_AHEAD.startswith("(?=[")
    plain = re.compile(clauses._CLAUSE_SPLIT.pattern.replace(asked, ""), clauses._CLAUSE_SPLIT.flags)
    for text in dev_texts:
        assert [m.span() for m in clauses._CLAUSE_SPLIT.finditer(text)] == [m.span() for m in plain.finditer(text)]


def test_a_space_run_opens_with_one_space() -> None:
    # session sp4: a class first lets the engine skip to the next space; the runs are those of ``[^\S\n]{2,}``
    assert lexicon._SPACE_RUN.pattern.startswith("[^\\S\\n][")
    text = "a  b\t\tc \u00a0d\n\ne e"
    assert lexicon._SPACE_RUN.sub(" ", text) == re.sub(r"[^\S\n]{2,}", " ", text)


@pytest.fixture(scope="module")
def dev_texts() -> list[str]:
    return _dev_texts()


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_a_guarded_pattern_finds_what_its_pattern_finds(name: str, dev_texts: list[str]) -> None:
    plain, fast = PAIRS[name]
    for text in dev_texts:
        expected = [(m.span(), m.groups()) for m in plain.finditer(text)]
        assert [(m.span(), m.groups()) for m in fast.finditer(text)] == expected, text
        start = plain.match(text)
        assert (start and start.span()) == ((m := fast.match(text)) and m.span()), text
