"""Analytics intent accuracy and FAQ refusals on the labelled question sets, offline, per split.

    .venv/bin/python benchmarks/scrum_questions.py [--show-errors] [--dev-only]

Sets and scoring: :mod:`agentcore.apps.scrum.question_eval` (``dev`` was tuned on, ``test`` never looked at).
``analytics_questions_dev2.jsonl`` (split ``dev2``, session dlg) is a second development set of 40 fresh analytics
questions; ``--dev-only`` prints the development splits alone (``test`` neither scored nor printed).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from agentcore.apps.scrum.question_eval import analytics_figures, faq_figures, load

DATA = Path(__file__).resolve().parent.parent / "tests" / "apps" / "scrum" / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--dev-only", action="store_true", help="development splits only (dev, dev2)")
    args = parser.parse_args()
    analytics = load(DATA / "analytics_questions.jsonl") + load(DATA / "analytics_questions_dev2.jsonl")
    faq = load(DATA / "faq_questions.jsonl")
    print("split  analytics intent accuracy   FAQ refused / must   wrong refusals   glossary entry")
    for split in ("dev", "dev2") if args.dev_only else ("dev", "dev2", "test", "all"):
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
