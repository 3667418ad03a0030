"""The analytics routing on the development question sets (session dlg): the fresh dev2 set (40 questions in varied
phrasing, labelled blind before any code ran on it) and the original set's dev split. The test split is not read."""

from __future__ import annotations

from pathlib import Path

from agentcore.apps.scrum.question_eval import analytics_figures, load

DATA = Path(__file__).parent / "data"


def test_fresh_phrasings_are_routed_and_the_dev_split_does_not_drop() -> None:
    dev2 = analytics_figures(load(DATA / "analytics_questions_dev2.jsonl"))
    assert dev2.total == 40 and dev2.accuracy >= 0.95, dev2.errors  # 0.600 (24/40) before session dlg
    forecasts = [r for r in load(DATA / "analytics_questions_dev2.jsonl") if r["label"] == "FORECAST"]
    assert analytics_figures(forecasts).accuracy == 1.0  # 2/13 before
    dev = analytics_figures([r for r in load(DATA / "analytics_questions.jsonl") if r["split"] == "dev"])
    assert dev.total == 40 and dev.accuracy == 1.0, dev.errors
