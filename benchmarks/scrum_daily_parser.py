"""Per-field F1 of the offline DAILY parser on the labelled Russian dailies, and its speed.

Three sets (``tests/apps/scrum/data``): ``dailies.jsonl`` (46 dailies the parser rules were tuned on),
``dailies_heldout.jsonl`` (12 written afterwards and never used for tuning — the honest figure) and
``dailies_review.jsonl`` (16 messy dailies written in a review before the parser was fixed on them: its "before"
figure was honest, its current one guards the fixes).  Fields and the
matching rule are in :mod:`agentcore.apps.scrum.evaluation`.

Speed: the parser alone vs the whole ``agent_process(mode="DAILY", api_url="offline")`` round trip (input
validation, schema, structured-output validation), measured in the same run; the ratio is the contract's overhead.

    .venv/bin/python benchmarks/scrum_daily_parser.py [--show-errors]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from agentcore.apps.scrum.agent_core import agent_process
from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.apps.scrum.evaluation import evaluate, load_labelled

DATA = Path(__file__).resolve().parent.parent / "tests" / "apps" / "scrum" / "data"
FIELDS = (
    "yesterday",
    "today",
    "blockers",
    "blocker.critical",
    "blocker.related_task_id",
    "needs_clarification",
    "quality",
)


def _per_second(fn: object, texts: list[str], rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for text in texts:
            fn(text)  # type: ignore[operator]
    return rounds * len(texts) / (time.perf_counter() - start)


def main() -> None:
    cli = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cli.add_argument("--show-errors", action="store_true", help="list the dailies each field got wrong")
    args = cli.parse_args()

    print(f"{'set':<18} {'n':>3}  " + "  ".join(f"{f:>12}" for f in (f.split('.')[-1] for f in FIELDS)) + "  accuracy")
    texts: list[str] = []
    for name in ("dailies", "dailies_heldout", "dailies_review"):
        labelled = load_labelled(DATA / f"{name}.jsonl")
        texts += [item["message"] for item in labelled]
        report = evaluate(lambda message: parse_daily(message, "DEV"), labelled)
        scores = report.f1()
        row = "  ".join(f"{scores[f]:>12.3f}" for f in FIELDS)
        print(f"{name:<18} {report.total:>3}  {row}  {report.quality_accuracy:8.3f}")
        if args.show_errors:
            for field, ids in sorted(report.errors.items()):
                print(f"    {field}: {', '.join(ids)}")
    print("(fields: yesterday/today task ids, blocker detection, critical, related task id, clarification; quality is"
          " macro-F1 over the five levels, accuracy alongside)")

    def contract(message: str) -> dict:
        return agent_process(
            mode="DAILY",
            payload={"message": message, "role": "DEV", "daily_state": {"mode": "INITIAL", "quality_retries": 0}},
            backend_context={},
            client=None,  # type: ignore[arg-type]
            api_url="offline",
            api_key="",
            model="offline",
        )

    contract(texts[0])  # warm-up: imports, compiled schemas
    parser_rate = _per_second(lambda m: parse_daily(m, "DEV"), texts, 20)
    contract_rate = _per_second(contract, texts, 20)
    print(
        f"speed: parser {parser_rate:,.0f} dailies/s, agent_process offline {contract_rate:,.0f} dailies/s "
        f"(the contract costs {parser_rate / contract_rate:.1f}× the bare parser)"
    )


if __name__ == "__main__":
    main()
