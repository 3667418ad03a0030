"""Analytics intent accuracy and FAQ refusals on the labelled question sets, offline, per split.

    .venv/bin/python benchmarks/scrum_questions.py [--show-errors]

Sets and scoring: :mod:`agentcore.apps.scrum.question_eval` (``dev`` was tuned on, ``test`` never looked at).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from agentcore.apps.scrum.question_eval import analytics_figures, faq_figures, load

DATA = Path(__file__).resolve().parent.parent / "tests" / "apps" / "scrum" / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show-errors", action="store_true")
    args = parser.parse_args()
    analytics = load(DATA / "analytics_questions.jsonl")
    faq = load(DATA / "faq_questions.jsonl")
    print("split  analytics intent accuracy   FAQ refused / must   wrong refusals   glossary entry")
    for split in ("dev", "test", "all"):
        a_rows = [r for r in analytics if split in ("all", r["split"])]
        f_rows = [r for r in faq if split in ("all", r["split"])]
        a, f = analytics_figures(a_rows), faq_figures(f_rows)
        print(
            f"{split:<6} {a.accuracy:.3f} ({a.correct}/{a.total}){'':<12} {f.refused}/{f.must_refuse}{'':<15}"
            f"{f.wrongly_refused}/{f.answerable}{'':<12} {f.entry_correct}/{f.entry_labelled}"
        )
        if args.show_errors and split != "all":
            for question, expected, got in a.errors:
                print(f"    analytics: {question!r}: expected {expected}, got {got}")
            for question, problem in f.errors:
                print(f"    faq: {question!r}: {problem}")


if __name__ == "__main__":
    main()
