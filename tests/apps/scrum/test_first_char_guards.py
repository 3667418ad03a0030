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
from agentcore.apps.scrum.daily_parser import blocker_clauses, clauses, items, layout, lexicon, quality, reading
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
