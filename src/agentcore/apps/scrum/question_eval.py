"""Figures of the analytics routing and the FAQ refusals on the labelled question sets (offline).

* ``tests/apps/scrum/data/analytics_questions.jsonl`` — 80 team-lead questions, each labelled with the intent the
  pipeline should end with: the seed's four, the backend's own (``TASK_STATUS``, ``MEMBER_STATUS``, ``FORECAST``)
  or ``UNSUPPORTED``; asked of the demo team (Анна, Борис, Глеб, Вера);
* ``tests/apps/scrum/data/faq_questions.jsonl`` — 40 FAQ questions, 15 of which must be refused (team rules,
  people management, off-topic); the answerable ones carry the glossary entry that should answer them.

Each row has ``split``: ``dev`` (rules were tuned on it) or ``test`` (never looked at while tuning).
``analytics_questions_dev2.jsonl`` (split ``dev2``, session dlg) holds 40 more development questions in varied
phrasing, written and labelled before the grammar reading of forecasts (:mod:`.question_grammar`).  Printed by
``benchmarks/scrum_questions.py``; floors guarded by ``tests/apps/scrum/test_question_sets.py``.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

REFUSAL_OPENINGS = ("Не могу ответить", "Я отвечаю только")
"""How a refusal starts (its first sentence says it is one)."""
DEMO_TODAY = date(2026, 3, 11)
DEMO_SPRINT_END = date(2026, 3, 15)


def load(path: Path) -> list[dict[str, Any]]:
    """The rows of a JSONL set."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def demo_members() -> list[Any]:
    """The demo team's members as records (the names the analytics questions use)."""
    from agentcore.apps.scrum.backend.demo import MEMBERS
    from agentcore.apps.scrum.backend.models import MemberInfo

    return [MemberInfo(slug, name, role, "demo", _id=i, _team_id=1) for i, (slug, name, role) in enumerate(MEMBERS)]


@dataclass
class IntentFigures:
    """Accuracy of the final analytics label and the confusions (``(expected, got) → count``)."""

    total: int = 0
    correct: int = 0
    confusions: Counter[tuple[str, str]] = field(default_factory=Counter)
    errors: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return self.correct / self.total if self.total else 0.0


def analytics_figures(rows: list[dict[str, Any]]) -> IntentFigures:
    """How often the offline pipeline ends with the labelled intent."""
    from agentcore.apps.scrum.backend.questions import classify

    members = demo_members()
    figures = IntentFigures()
    for row in rows:
        got = classify(row["question"], members, DEMO_TODAY, DEMO_SPRINT_END)
        figures.total += 1
        if got == row["label"]:
            figures.correct += 1
        else:
            figures.confusions[(row["label"], got)] += 1
            figures.errors.append((row["question"], row["label"], got))
    return figures


@dataclass
class FaqFigures:
    """Refusals where due, wrong refusals, and glossary entries found for the answerable questions."""

    must_refuse: int = 0
    refused: int = 0
    answerable: int = 0
    wrongly_refused: int = 0
    entry_labelled: int = 0
    entry_correct: int = 0
    errors: list[tuple[str, str]] = field(default_factory=list)


def faq_figures(rows: list[dict[str, Any]]) -> FaqFigures:
    """Ask every question of ``agent_process(mode="FAQ", api_url="offline")`` and score the answers."""
    from agentcore.apps.scrum.agent_core import agent_process
    from agentcore.apps.scrum.glossary import get_glossary

    figures = FaqFigures()
    glossary = get_glossary()
    for row in rows:
        answer = agent_process(
            mode="FAQ",
            payload={"message": row["question"]},
            backend_context={},
            client=None,  # type: ignore[arg-type]  # offline: no client
            api_url="offline",
            api_key="",
            model="",
        )["data"]
        refused = str(answer).startswith(REFUSAL_OPENINGS)
        if row["refuse"]:
            figures.must_refuse += 1
            figures.refused += refused
            if not refused:
                figures.errors.append((row["question"], "не отказал"))
            continue
        figures.answerable += 1
        if refused:
            figures.wrongly_refused += 1
            figures.errors.append((row["question"], "отказал зря"))
        if row.get("entry"):
            figures.entry_labelled += 1
            entry = glossary.best_entry(row["question"])
            figures.entry_correct += bool(entry and entry.doc_id == row["entry"])
    return figures
