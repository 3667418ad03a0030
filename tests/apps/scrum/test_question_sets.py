"""Floors on the labelled question sets (offline): analytics intent accuracy ≥ 0.95, FAQ refusals 15/15 with no
wrong refusal.  Figures per split: ``benchmarks/scrum_questions.py``."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from agentcore.apps.scrum.question_eval import analytics_figures, faq_figures, load

DATA = Path(__file__).resolve().parent / "data"


def test_the_sets_have_the_promised_shape() -> None:
    analytics = load(DATA / "analytics_questions.jsonl")
    faq = load(DATA / "faq_questions.jsonl")
    assert len(analytics) == 80 and len(faq) == 40
    assert sum(r["refuse"] for r in faq) == 15
    assert {r["split"] for r in analytics + faq} == {"dev", "test"}
    assert len({r["question"] for r in analytics}) == 80 and len({r["question"] for r in faq}) == 40
    labels = Counter(r["label"] for r in analytics)
    assert set(labels) == {
        "TEAM_OVERVIEW", "TEAM_RISKS", "WORKLOAD", "RELEASE_BLOCKERS",
        "TASK_STATUS", "MEMBER_STATUS", "FORECAST", "UNSUPPORTED",
    }  # fmt: skip


def test_analytics_intent_floor() -> None:
    rows = load(DATA / "analytics_questions.jsonl")
    overall = analytics_figures(rows)
    held_out = analytics_figures([r for r in rows if r["split"] == "test"])
    assert overall.accuracy >= 0.95, overall.errors
    assert held_out.accuracy >= 0.95, held_out.errors


def test_faq_refuses_all_it_must_and_nothing_else() -> None:
    figures = faq_figures(load(DATA / "faq_questions.jsonl"))
    assert (figures.refused, figures.must_refuse) == (15, 15), figures.errors
    assert figures.wrongly_refused == 0, figures.errors
    assert figures.entry_correct >= 0.8 * figures.entry_labelled
