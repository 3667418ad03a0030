"""The literal pre-checks in front of the parser's costly patterns cannot change a result: a text the gate turns away
holds none of the literals every match needs, so the pattern finds nothing in it.

Checked two ways here (the derivation on small patterns is in ``tests/text/test_literal_gate.py``): the folding the
gates compare on, over every Unicode character the patterns' literals may match; and every gate against its pattern
on the development dailies — their texts, sentences and clauses, and every text the parser asks a gate about while
reading them."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from agentcore.apps.scrum import blocker_effect, blocker_reading
from agentcore.apps.scrum.daily_parser import blocker_clauses, clauses, lexicon, parse_daily, reading
from agentcore.apps.scrum.daily_parser.layout import _SENTENCES
from agentcore.apps.scrum.daily_parser.lexicon import readable
from agentcore.text.literal_gate import LiteralGate, SplitGate, any_of, folded

DATA = Path(__file__).parent / "data"
DEV_FILES = sorted(DATA.glob("dailies_people_dev*.jsonl"))  # development splits only, never a held-out one
GATES: dict[str, LiteralGate] = {}
"""Every gate the parser's modules hold, by where it is defined (an imported one is listed once)."""
for _module in (blocker_effect, blocker_reading, blocker_clauses, clauses, reading, lexicon):
    for _name, _gate in vars(_module).items():
        if isinstance(_gate, LiteralGate) and all(_gate is not g for g in GATES.values()):
            GATES[f"{_module.__name__}.{_name}"] = _gate


def _dev_messages() -> list[str]:
    return [json.loads(line)["message"] for path in DEV_FILES for line in path.read_text("utf-8").splitlines() if line]


def _dev_texts() -> list[str]:
    """Every dev daily, each of its sentences and each clause the parser cuts it into."""
    texts: list[str] = []
    for message in _dev_messages():
        texts.append(message)
        texts += [s for s in _SENTENCES.split(readable(message)) if s]
        texts += [c.text for c in clauses._split_clauses(readable(message)) if c.text]
    return list(dict.fromkeys(texts))


def test_the_folding_keeps_every_character_the_literals_match() -> None:
    """For each character the gated patterns are written with, every Unicode character ``IGNORECASE`` matches to it
    folds to the same string as it: a literal the engine finds in a text, ``in`` finds in the folded text."""
    everything = "".join(chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF)
    alphabet = {char for gate in GATES.values() for char in gate.pattern.pattern}
    checked = 0
    for char in sorted(alphabet):
        for match in re.finditer(re.escape(char), everything, re.IGNORECASE):
            assert folded(match.group()) == folded(char), (char, match.group())
            checked += 1
    assert checked > len(alphabet)  # «s» matches «ſ», «в» matches «ᲀ», … — not only themselves
    assert folded("ſᲀİ") == "sвi"


def test_the_trie_finds_a_text_exactly_when_it_holds_a_literal() -> None:
    texts = [folded(t) for t in _dev_texts()]
    for gate in GATES.values():
        assert gate.literals is not None
        finder = any_of(gate.literals)
        assert [bool(finder.search(t)) for t in texts] == [any(lit in t for lit in gate.literals) for t in texts]


@pytest.mark.parametrize("name", sorted(GATES))
def test_a_gate_turns_away_only_texts_its_pattern_does_not_match(name: str) -> None:
    """Over the dev dailies, their sentences and clauses: a text the gate turns away has no match, and the gated
    search returns the pattern's own match on every text; the gate turns some texts away (it is not vacuous)."""
    gate, turned_away = GATES[name], 0
    for text in _dev_texts():
        if not gate.admits(folded(text)):
            turned_away += 1
            assert gate.pattern.search(text) is None, text
        found, gated = gate.pattern.search(text), gate.search(text)
        assert (found and found.span()) == (gated and gated.span()), text
    assert turned_away > 0


def test_every_text_the_parser_asks_a_gate_about(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever piece of a clause the parser hands a gate while reading the dev dailies (a clause without its quotes,
    a blocker's text, a sentence), the gate turns it away only when its pattern finds nothing there."""
    asked: set[tuple[str, str]] = set()
    # a SplitGate (session sp5) is asked by ``holds`` — whether its pattern matches — as well as by the gate's methods
    for cls, method in ((LiteralGate, "search"), (LiteralGate, "match"), (LiteralGate, "sub"), (SplitGate, "holds")):
        original = getattr(cls, method)

        def recording(self: LiteralGate, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            text = args[-1] if len(args) == 2 and callable(args[0]) else args[0]
            asked.add((next(name for name, gate in GATES.items() if gate is self), text))
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(cls, method, recording)
    for message in _dev_messages():
        parse_daily(message, "DEV")
    monkeypatch.undo()
    turned_away = 0
    for name, text in asked:
        gate = GATES[name]
        if not gate.admits(folded(text)):
            turned_away += 1
            assert gate.pattern.search(text) is None, (name, text)
        if isinstance(gate, SplitGate):
            assert gate.holds(text) == (gate.pattern.search(text) is not None), (name, text)
    assert {name for name, _ in asked} == set(GATES)  # every gate is asked
    assert turned_away > 100


@pytest.mark.parametrize(
    "name",
    [
        # session sp4: hints of a few words, asked of texts most of which the gates before them folded already
        "agentcore.apps.scrum.blocker_reading._EAGER",
        "agentcore.apps.scrum.blocker_effect._BEARABLE",
        "agentcore.apps.scrum.daily_parser.blocker_clauses._EARLIER",
        "agentcore.apps.scrum.daily_parser.clauses._STEP_HINT",
        "agentcore.apps.scrum.daily_parser.lexicon._GREETING_HINT",
    ],
)
def test_the_few_word_hints_stand_behind_gates(name: str) -> None:
    assert name in GATES
