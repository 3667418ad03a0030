"""Per-field scores of a DAILY parser against labelled dailies (``tests/apps/scrum/data/dailies.jsonl``).

Each labelled daily has the expected ``yesterday``/``today`` task ids, blockers (text, ``critical``,
``related_task_id``), ``quality`` and ``needs_clarification``.  Scores are micro-averaged F1 over the set:

* ``yesterday``, ``today`` — task ids of the section;
* ``blockers`` — blocker detection: a predicted blocker matches an expected one when their word sets overlap by at
  least :data:`BLOCKER_MATCH` (Jaccard), one-to-one;
* ``blocker.critical`` — the ``critical=true`` class over matched blockers; an unmatched blocker marked critical
  (predicted or expected) counts as a false positive / negative;
* ``blocker.related_task_id`` — the linked task id of each expected blocker (a missed blocker misses its id);
* ``blocker_presence`` — per daily, the ``true`` class of «has at least one blocker»;
* ``task_ids`` — every task id the daily names anywhere (sections and blockers), as a set per daily;
* ``quality`` — macro F1 over the five levels (accuracy alongside);
* ``needs_clarification`` — the ``true`` class.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BLOCKER_MATCH = 0.5
QUALITIES = ("EMPTY", "TOO_SHORT", "NO_TASKS_MENTIONED", "DETAIL_OK", "GREAT")
Parser = Callable[[str], dict[str, Any]]
"""A daily text → seed 3.2's ``{"daily": ..., "clarification": ...}``."""


@dataclass
class Counts:
    """True positives, false positives, false negatives of one field."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, predicted: Iterable[Any], expected: Iterable[Any]) -> None:
        p, e = Counter(predicted), Counter(expected)
        self.tp += sum((p & e).values())
        self.fp += sum((p - e).values())
        self.fn += sum((e - p).values())

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        denominator = 2 * self.tp + self.fp + self.fn
        return 2 * self.tp / denominator if denominator else 1.0


@dataclass
class Report:
    """Scores per field, and the dailies each field got wrong (by id) for inspection."""

    counts: dict[str, Counts] = field(default_factory=dict)
    quality_confusion: Counter[tuple[str, str]] = field(default_factory=Counter)
    errors: dict[str, list[str]] = field(default_factory=dict)
    total: int = 0

    def f1(self) -> dict[str, float]:
        scores = {name: c.f1 for name, c in self.counts.items()}
        per_class = []
        for quality in QUALITIES:
            c = Counts()
            for (expected, predicted), n in self.quality_confusion.items():
                c.tp += n * (expected == quality and predicted == quality)
                c.fp += n * (expected != quality and predicted == quality)
                c.fn += n * (expected == quality and predicted != quality)
            if c.tp + c.fp + c.fn:
                per_class.append(c.f1)
        scores["quality"] = sum(per_class) / len(per_class) if per_class else 1.0
        return scores

    @property
    def quality_accuracy(self) -> float:
        right = sum(n for (e, p), n in self.quality_confusion.items() if e == p)
        return right / self.total if self.total else 1.0


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def _match(predicted: list[dict[str, Any]], expected: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """One-to-one pairs ``(predicted index, expected index)`` by best word overlap above the threshold."""
    scored = []
    for i, p in enumerate(predicted):
        for j, e in enumerate(expected):
            a, b = _words(p["text"]), _words(e["text"])
            jaccard = len(a & b) / len(a | b) if a | b else 0.0
            if jaccard >= BLOCKER_MATCH:
                scored.append((-jaccard, i, j))
    used_p: set[int] = set()
    used_e: set[int] = set()
    pairs = []
    for _, i, j in sorted(scored):
        if i not in used_p and j not in used_e:
            used_p.add(i)
            used_e.add(j)
            pairs.append((i, j))
    return pairs


def load_labelled(path: Path) -> list[dict[str, Any]]:
    """The labelled dailies (one JSON object per line)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def evaluate(parser: Parser, labelled: list[dict[str, Any]]) -> Report:
    """Score ``parser`` on ``labelled`` (see the module docstring)."""
    report = Report(counts={name: Counts() for name in _FIELDS})
    for item in labelled:
        expected = item["expected"]
        output = parser(item["message"])
        daily, clarification = output["daily"], output["clarification"]
        before = {name: (c.fp, c.fn) for name, c in report.counts.items()}
        for section in ("yesterday", "today"):
            report.counts[section].add({i["task_id"] for i in daily[section] if i["task_id"]}, set(expected[section]))
        predicted, wanted = daily["blockers"], expected["blockers"]
        pairs = _match(predicted, wanted)
        c = report.counts["blockers"]
        c.tp += len(pairs)
        c.fp += len(predicted) - len(pairs)
        c.fn += len(wanted) - len(pairs)
        for i, j in pairs:
            report.counts["blocker.critical"].add(
                ["critical"] if predicted[i]["critical"] else [], ["critical"] if wanted[j]["critical"] else []
            )
        # A critical blocker the parser invented, or one it missed, counts against `critical` too.
        matched_p = {i for i, _ in pairs}
        matched_e = {j for _, j in pairs}
        report.counts["blocker.critical"].fp += sum(
            1 for i, b in enumerate(predicted) if i not in matched_p and b["critical"]
        )
        report.counts["blocker.critical"].fn += sum(
            1 for j, b in enumerate(wanted) if j not in matched_e and b["critical"]
        )
        matched = dict((j, i) for i, j in pairs)
        links = report.counts["blocker.related_task_id"]
        for j, blocker in enumerate(wanted):
            got = predicted[matched[j]]["related_task_id"] if j in matched else None
            links.add([got] if got else [], [blocker["related_task_id"]] if blocker["related_task_id"] else [])
        for i, blocker in enumerate(predicted):
            if i not in {p for p, _ in pairs} and blocker["related_task_id"]:
                links.fp += 1
        report.counts["blocker_presence"].add(["yes"] if predicted else [], ["yes"] if wanted else [])
        report.counts["task_ids"].add(_all_ids(daily), _all_expected_ids(expected))
        report.counts["needs_clarification"].add(
            ["yes"] if clarification["needs_clarification"] else [], ["yes"] if expected["needs_clarification"] else []
        )
        report.quality_confusion[(expected["quality"], daily["quality"])] += 1
        report.total += 1
        for name, counts in report.counts.items():
            if (counts.fp, counts.fn) != before[name]:
                report.errors.setdefault(name, []).append(item["id"])
        if expected["quality"] != daily["quality"]:
            report.errors.setdefault("quality", []).append(item["id"])
    return report


def _all_ids(daily: dict[str, Any]) -> set[str]:
    ids = {i["task_id"] for section in ("yesterday", "today") for i in daily[section] if i["task_id"]}
    return ids | {b["related_task_id"] for b in daily["blockers"] if b["related_task_id"]}


def _all_expected_ids(expected: dict[str, Any]) -> set[str]:
    ids = set(expected["yesterday"]) | set(expected["today"])
    return ids | {b["related_task_id"] for b in expected["blockers"] if b["related_task_id"]}


_FIELDS = (
    "yesterday",
    "today",
    "task_ids",
    "blocker_presence",
    "blockers",
    "blocker.critical",
    "blocker.related_task_id",
    "needs_clarification",
)
