"""Which gate of an offline ``ask`` run declined a question, as features of the answer selector (issue 18, ``sel40``).

The inputs are the focus check's recorded calls (``benchmarks/research_decline_why.py --all-rows --calls F``: per
row its id, whether the run answered, and the last ``check_focus`` call's arguments).  A declined row's gate is read
by replaying that call with the check's own part verdicts traced (``_focus/check.py``: ``value_verdict``,
``section_verdict``), in the order the run decides:

* ``gate_before_focus`` — no focus check ran (the searcher's floor, no draft, no claim check);
* ``gate_filter`` / ``gate_no_value`` / ``gate_no_test`` / ``gate_veto`` / ``gate_section`` — the focus check
  declined, and a part failed by a supplier filter, by no shown sentence giving the value, by no answer test holding
  (value or section), by a veto, or by a section requirement (several parts may set several);
* ``gate_focus_other`` — the focus check declined by a test outside the part verdicts (the present moment, a reason
  not given, an English procedure, a coordinated object not held);
* ``gate_after_focus`` — the focus check answered, a later gate declined (weak evidence, claim guard, grounding).

An answered row has no gate.  The decisions are the check's own; only which test decided is read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = ["GATE_FEATURES", "gate_of", "gates_from_calls"]

GATE_FEATURES: tuple[str, ...] = (
    "gate_before_focus",
    "gate_filter",
    "gate_no_value",
    "gate_no_test",
    "gate_veto",
    "gate_section",
    "gate_focus_other",
    "gate_after_focus",
)


def _group(reason: str) -> str:
    """The :data:`GATE_FEATURES` name of a part verdict's reason (``PartVerdict.reason``)."""
    if reason.startswith("filter"):
        return "gate_filter"
    if reason.startswith("no shown sentence"):
        return "gate_no_value"
    if reason.startswith("veto"):
        return "gate_veto"
    if reason.startswith("section"):
        return "gate_section"
    if reason.startswith("no answer test") or reason.startswith("no section answer"):
        return "gate_no_test"
    return "gate_focus_other"


def gate_of(call: dict[str, Any]) -> tuple[str, ...]:
    """The gates (:data:`GATE_FEATURES` names) of one recorded call (``answered``, ``focus_call``); ``()`` when the
    run answered."""
    from agentcore.rag._focus import check as check_module

    if call.get("answered"):
        return ()
    if call.get("focus_call") is None:
        return ("gate_before_focus",)
    reasons: list[str] = []

    def traced(verdict_of: Any) -> Any:
        def verdict(reading: Any, p: Any) -> bool:
            result = verdict_of(reading, p)
            if not result.answered:
                reasons.append(result.reason)
            return bool(result.answered)

        return verdict

    saved = (check_module.answers_value, check_module.answers_by_section)
    check_module.answers_value = traced(check_module.value_verdict)
    check_module.answers_by_section = traced(check_module.section_verdict)
    try:
        focus = check_module.check_focus(*call["focus_call"]["args"], **call["focus_call"]["kwargs"])
    finally:
        check_module.answers_value, check_module.answers_by_section = saved
    if not focus.decline:
        return ("gate_after_focus",)
    return tuple(dict.fromkeys(_group(r) for r in reasons)) or ("gate_focus_other",)


def gates_from_calls(paths: Iterable[Path]) -> dict[str, tuple[str, ...]]:
    """Row id → its gates, from ``research_decline_why.py --calls`` files (the last record of an id wins)."""
    gates: dict[str, tuple[str, ...]] = {}
    for path in paths:
        for line in path.open(encoding="utf-8"):
            call = json.loads(line)
            gates[call["id"]] = gate_of(call)
    return gates
