"""The labelled sales-manager requests, judged by the portal's state: a floor under the offline planner's accuracy
(figures in docs/crm.md; ``benchmarks/crm_planner_eval.py`` prints them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentcore.apps.crm.planner_eval import evaluate, judge, load_cases

DATA = Path(__file__).parent / "data" / "planner_requests.jsonl"


def test_the_set_is_large_split_and_covers_the_families() -> None:
    cases = load_cases(DATA)
    assert len(cases) >= 80
    assert {c.split for c in cases} == {"dev", "test"}
    reads = [c for c in cases if not c.expect]
    assert len(reads) >= 15  # questions and ambiguous names: nothing may change
    assert any("млн" in c.message for c in cases) and any("₽" in c.message for c in cases)


def test_judge_sees_unexpected_changes() -> None:
    before = {"deal": {"1": {"ID": "1", "OPPORTUNITY": "10.00"}}, "contact": {}, "company": {}, "task": {}}
    after = {"deal": {"1": {"ID": "1", "OPPORTUNITY": "20.00"}}, "contact": {}, "company": {}, "task": {}}
    assert judge(before, after, {}) == ["deal #1 изменена без причины: ['OPPORTUNITY']"]
    assert judge(before, after, {"deals": {"1": {"OPPORTUNITY": "20.00"}}}) == []
    assert judge(before, before, {"deleted": {"deal": [1]}}) == ["deal #1 не удалена"]


@pytest.mark.e2e
async def test_accuracy_floor() -> None:
    outcomes = await evaluate(load_cases(DATA))
    for split, floor in (("dev", 0.85), ("test", 0.75)):
        chosen = [o for o in outcomes if o.case.split == split]
        accuracy = sum(o.ok for o in chosen) / len(chosen)
        assert accuracy >= floor, (split, accuracy, [o.case.id for o in chosen if not o.ok])
    questions = [o for o in outcomes if not o.case.expect]
    assert all(o.ok for o in questions), [o.case.message for o in questions if not o.ok]  # never a write
