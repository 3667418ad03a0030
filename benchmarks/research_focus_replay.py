"""Replay the focus check of recorded offline ``ask`` runs under the current code (issue 18): which answered rows a
change of the focus rules would decline, in minutes instead of a whole ``devall``.

The inputs are recorded once by ``benchmarks/research_decline_why.py <dev files> --all-rows --calls calls.jsonl``
(the last ``check_focus`` call of every question, and whether the run answered).  Every row the recorded run
answered is checked again with the code on ``PYTHONPATH``; a row the check now declines is listed — a hallucinated
answer removed (an unanswerable row) or a new decline (an answerable or partial row, a correct or a wrong answer at
record time).  The replay is exact for a change that only restricts the focus check (a declined part stays declined,
an answered row whose every part is now declined is declined by the service); a change that loosens it, or any
change of the searcher, the composer or the claim check, needs the agent itself (``research_answer_eval.py`` on every
development split).

``--accepted`` prints, for every unanswerable row the check still answers, each answered part and the test that
accepted it (the first of ``VALUE_ANSWERS`` or ``SECTION_ANSWERS`` that holds): which rule lets a near miss through.

    PYTHONPATH=src .venv/bin/python benchmarks/research_focus_replay.py calls.jsonl tests/data/answer_eval_dev*.json \
        [--rows] [--accepted]

Never on a held-out file: the eval files are read only for the rows' categories and splits, and a held-out name is
refused.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from agentcore.rag._focus import check as check_module

OLDER = {"dev", "devh", "devh2", *(f"dev{i}" for i in range(2, 17))}
"""The 18 older development splits (totalled apart from the newer ones)."""


ACCEPTED: list[tuple[str, str, str]] = []
"""The parts the current check answers, with the test that accepted each (filled by :func:`_traced`)."""


def _traced(verdict_of: Any) -> Any:
    """``check.answers_value`` / ``answers_by_section`` that record the accepting test of the check's own
    :class:`PartVerdict` (the decision is the check's, not a copy of it)."""

    def traced(reading: Any, p: Any) -> bool:
        verdict = verdict_of(reading, p)
        if verdict.answered:
            ACCEPTED.append((p.part.asks, p.part.text, verdict.accepted_by))
        return bool(verdict.answered)

    return traced


def load_rows(paths: list[Path]) -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for path in paths:
        if "holdout" in path.name or "heldout" in path.name:
            raise SystemExit(f"{path.name}: held-out data is never replayed")
        for row in json.loads(path.read_text("utf-8")):
            if row["split"] != "test":  # answer_eval.json's test split is held out
                rows[row["id"]] = row
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("calls", type=Path, help="research_decline_why.py --all-rows --calls output")
    parser.add_argument("evals", type=Path, nargs="+", help="the development files the calls were recorded on")
    parser.add_argument("--rows", action="store_true", help="print every row that moved")
    parser.add_argument("--accepted", action="store_true", help="the test accepting each still-answered near miss")
    args = parser.parse_args()
    rows = load_rows(args.evals)
    if args.accepted:
        check_module.answers_value = _traced(check_module.value_verdict)  # type: ignore[assignment]
        check_module.answers_by_section = _traced(check_module.section_verdict)  # type: ignore[assignment]
    moved: Counter[tuple[str, str]] = Counter()
    accepted: Counter[str] = Counter()
    for line in args.calls.open(encoding="utf-8"):
        call = json.loads(line)
        row = rows.get(call["id"])
        if row is None or not call["answered"] or call["focus_call"] is None:
            continue
        ACCEPTED.clear()
        focus = check_module.check_focus(*call["focus_call"]["args"], **call["focus_call"]["kwargs"])
        group = "older" if row["split"] in OLDER else row["split"]
        unanswerable = row["category"] == "unanswerable"
        if focus.decline:
            kind = "hallucination removed" if unanswerable else f"new decline ({row['category']})"
        elif unanswerable:
            kind = "hallucination kept"
            for asks, text, test in ACCEPTED:
                accepted[test] += 1
                if args.accepted:
                    print(f"{row['id']:7} accepted by {test:38} {asks:9} {text}")
        else:
            continue
        moved[(group, kind)] += 1
        if args.rows and kind != "hallucination kept":
            print(f"{row['id']:7} {kind:28} {row['question']}")
    for (group, kind), count in sorted(moved.items()):
        print(f"{group:7} {kind:28} {count:4d}")
    if args.accepted:
        for test, count in accepted.most_common():
            print(f"accepted near misses: {count:3d} {test}")


if __name__ == "__main__":
    main()
