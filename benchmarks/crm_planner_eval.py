"""Accuracy of the offline CRM planner on the labelled sales-manager requests, judged by the portal's state.

    .venv/bin/python benchmarks/crm_planner_eval.py [--split dev|test|all] [--show-failures]

Each request runs as a dialog against a fresh demo fake portal over HTTP (the «да» turn included when the agent asks
for confirmation); see :mod:`agentcore.apps.crm.planner_eval`.  Prints per-split accuracy and, with
``--show-failures``, what went wrong in each wrong case (only look at dev failures while tuning).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
from pathlib import Path

from agentcore.apps.crm.planner_eval import evaluate, load_cases

DATA = Path(__file__).resolve().parents[1] / "tests" / "apps" / "crm" / "data" / "planner_requests.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test", "all"), default="all")
    parser.add_argument("--show-failures", action="store_true")
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    cases = [c for c in load_cases(args.data) if args.split == "all" or c.split == args.split]
    outcomes = asyncio.run(evaluate(cases))
    for split in ("dev", "test"):
        chosen = [o for o in outcomes if o.case.split == split]
        if chosen:
            right = sum(o.ok for o in chosen)
            print(f"{split}: {right}/{len(chosen)} = {right / len(chosen):.1%}")
    if args.show_failures:
        for outcome in outcomes:
            if not outcome.ok:
                print(f"\n[{outcome.case.split} {outcome.case.id}] {outcome.case.message}")
                for problem in outcome.problems:
                    print(f"  - {problem}")
                if outcome.replies:
                    print("  reply:", outcome.replies[-1].replace("\n", " | ")[:300])


if __name__ == "__main__":
    main()
