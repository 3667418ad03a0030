"""Fit a learned answer selector and measure it against the focus rules by leave-one-split-out cross-validation.

Input: the runs recorded by ``benchmarks/answer_selector_data.py`` (development splits only).  For every question
the candidate sentences of its run's passages get the selector's features (``answer_selector_features.py``); a
sentence holding a key fact of an answerable (or partial) question is positive, every sentence of an unanswerable
question negative.  A logistic regression (numpy, L2, Newton steps) is fitted — once with every feature, once
without the two that read the rules' own decision (``alone``: the selector by itself).

Evaluation, per left-out split (the model and its threshold fitted on the other splits only), replayed on the
recorded runs against the rules' own outcome on the same questions:

* ``replace`` — answer iff the best sentence's probability reaches the threshold, quoting the selector's sentences
  (verbatim: the claim guard passes them); correct when they hold every key fact;
* ``veto`` — the rules answer, unless the best sentence's probability is below the threshold (then decline);
* ``rescue`` — the rules' answer stands; a question the rules declined is answered from the selector's sentences
  when its best probability reaches the threshold;
* ``vote`` — ``veto`` and ``rescue`` together (two thresholds).

A question the searcher declined below its floor (no draft) stays declined in every mode.  The threshold is chosen
on the training splits by cost: wrong and hallucinated answers 2, false declines 1.

    PYTHONPATH=src .venv/bin/python benchmarks/answer_selector_train.py --runs /tmp/selector_runs.json

Prints, per mode and left-out split, the rules' and the selector's correct / wrong / false decline / hallucinated
shares and the thresholds chosen on the other splits, then the weights fitted on every split.

``--apply FRESH`` scores a selector fitted on ``--runs`` once on other recorded runs (a development file neither
the rules nor the selector were tuned on, recorded with ``answer_selector_data.py --eval``): for each variant and
mode the weights are fitted and the thresholds chosen on every ``--runs`` split, then replayed on ``FRESH``::

    PYTHONPATH=src .venv/bin/python benchmarks/answer_selector_train.py --runs /tmp/selector_runs.json
        --apply /tmp/selector_dev6.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from answer_selector_features import FEATURES, RULES_FEATURES, candidates, features, labels  # noqa: E402
from research_answer_eval import holds  # noqa: E402

ANSWERED = ("correct", "wrong", "hallucinated")
L2 = 1.0
MAX_SENTENCES = 3
SECOND_RATIO = 0.5
GRID = tuple(round(x, 3) for x in np.linspace(0.05, 0.95, 91))
MODES = ("replace", "veto", "rescue", "vote")


@dataclass
class Question:
    record: dict[str, Any]
    texts: list[str]
    matrix: Any
    labels: Any

    @property
    def split(self) -> str:
        return str(self.record["split"])

    @property
    def answerable(self) -> bool:
        return self.record["category"] != "unanswerable"

    @property
    def drafted(self) -> bool:
        return bool(self.record.get("drafted"))


def build(records: Sequence[dict[str, Any]]) -> list[Question]:
    """Features and labels of every recorded question."""
    questions = []
    for record in records:
        found = candidates([(p["title"], p["text"]) for p in record.get("passages", [])])
        shown = record["rules_answer"] if record["rules_outcome"] in ANSWERED else ""
        matrix = features(
            record["question"],
            found,
            answerable=record.get("answerable"),
            confidence=record.get("confidence"),
            shown_answer=shown,
        )
        positive = labels(found, record["category"], record["key_facts"])
        questions.append(Question(record, [c.text for c in found], matrix, positive))
    return questions


def fit(matrix: Any, labels: Any, l2: float = L2, steps: int = 50) -> Any:
    """Logistic-regression weights (Newton steps, L2 on every weight but the bias)."""
    weights = np.zeros(matrix.shape[1])
    penalty = np.full(matrix.shape[1], l2)
    penalty[FEATURES.index("bias")] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(matrix @ weights)))
        gradient = matrix.T @ (p - labels) + penalty * weights
        hessian = (matrix * (p * (1 - p))[:, None]).T @ matrix + np.diag(penalty) + 1e-9 * np.eye(len(weights))
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-8:
            break
    return weights


def selected(question: Question, weights: Any, threshold: float) -> tuple[float, str]:
    """The best probability and the text of the sentences the selector quotes at ``threshold``."""
    if not question.texts:
        return 0.0, ""
    p = 1.0 / (1.0 + np.exp(-(question.matrix @ weights)))
    order = np.argsort(-p, kind="stable")
    best = float(p[order[0]])
    floor = max(threshold, SECOND_RATIO * best)
    picks = [int(i) for i in order[:MAX_SENTENCES] if p[i] >= floor] or [int(order[0])]
    return best, " ".join(question.texts[i] for i in sorted(picks))


def outcome(question: Question, answered: bool, answer: str) -> str:
    record = question.record
    if not question.answerable:
        return "hallucinated" if answered else "correct_decline"
    if not answered:
        return "false_decline"
    return "correct" if all(holds(answer, fact) for fact in record["key_facts"]) else "wrong"


def replay(question: Question, weights: Any, mode: str, low: float, high: float) -> str:
    """The outcome of ``question`` under ``mode`` (see the module docstring)."""
    rules = question.record["rules_outcome"]
    rules_answered = rules in ANSWERED
    if not question.drafted:
        return rules
    best, text = selected(question, weights, high)
    if mode == "replace":
        return outcome(question, best >= high, text)
    if mode in ("veto", "vote") and rules_answered:
        lowest, _ = selected(question, weights, low)
        return rules if lowest >= low else outcome(question, False, "")
    if mode in ("rescue", "vote") and not rules_answered and best >= high:
        return outcome(question, True, text)
    return rules


def tally(outcomes: Sequence[tuple[Question, str]]) -> dict[str, Any]:
    asked = [o for q, o in outcomes if q.answerable]
    unanswerable = [o for q, o in outcomes if not q.answerable]
    return {
        "n_asked": len(asked),
        "n_unanswerable": len(unanswerable),
        "correct": asked.count("correct"),
        "wrong": asked.count("wrong"),
        "false_decline": asked.count("false_decline"),
        "hallucinated": unanswerable.count("hallucinated"),
    }


def cost(counts: dict[str, Any]) -> float:
    return 2 * counts["wrong"] + 2 * counts["hallucinated"] + counts["false_decline"]


def thresholds(mode: str) -> list[tuple[float, float]]:
    if mode == "vote":
        return [(lo, hi) for lo in GRID[::5] for hi in GRID[::5] if lo <= hi]
    return [(t, t) for t in GRID]


def choose(train: Sequence[Question], weights: Any, mode: str) -> tuple[float, float]:
    """The thresholds of least cost on ``train`` (the lower on a tie: fewer declines)."""
    best: tuple[float, float, float] | None = None
    for low, high in thresholds(mode):
        value = cost(tally([(q, replay(q, weights, mode, low, high)) for q in train]))
        if best is None or value < best[0]:
            best = (value, low, high)
    assert best is not None
    return best[1], best[2]


def stack(questions: Sequence[Question]) -> tuple[Any, Any]:
    rows = [q.matrix for q in questions if q.texts]
    labels = [q.labels for q in questions if q.texts]
    return np.vstack(rows), np.concatenate(labels)


def cross_validate(questions: Sequence[Question], mode: str) -> list[dict[str, Any]]:
    splits = sorted({q.split for q in questions})
    report = []
    for left in splits:
        train = [q for q in questions if q.split != left]
        test = [q for q in questions if q.split == left]
        weights = fit(*stack(train))
        low, high = choose(train, weights, mode)
        rules = tally([(q, q.record["rules_outcome"]) for q in test])
        learned = tally([(q, replay(q, weights, mode, low, high)) for q in test])
        report.append({"split": left, "low": low, "high": high, "rules": rules, "selector": learned})
    return report


def share(counts: dict[str, Any]) -> str:
    asked, unanswerable = max(1, counts["n_asked"]), max(1, counts["n_unanswerable"])
    return (
        f"{counts['correct'] / asked:.3f}/{counts['wrong'] / asked:.3f}/{counts['false_decline'] / asked:.3f}"
        f"/{counts['hallucinated'] / unanswerable:.3f}"
    )


def print_report(mode: str, report: list[dict[str, Any]]) -> None:
    print(f"\n== {mode}: left-out split — rules vs selector (correct/wrong/FD/halluc), thresholds")
    total_rules: dict[str, int] = {}
    total_learned: dict[str, int] = {}
    for row in report:
        thresholds = f"t={row['low']:.2f}/{row['high']:.2f}"
        print(f"{row['split']:6} {share(row['rules'])}  →  {share(row['selector'])}   {thresholds}")
        for key, value in row["rules"].items():
            total_rules[key] = total_rules.get(key, 0) + value
        for key, value in row["selector"].items():
            total_learned[key] = total_learned.get(key, 0) + value
    print(f"{'all':6} {share(total_rules)}  →  {share(total_learned)}")
    print(
        f"       counts rules wrong {total_rules['wrong']} FD {total_rules['false_decline']} halluc "
        f"{total_rules['hallucinated']} | selector wrong {total_learned['wrong']} FD {total_learned['false_decline']}"
        f" halluc {total_learned['hallucinated']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=Path, required=True)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--alone", action="store_true", help="only the selector without the rules' features")
    parser.add_argument("--apply", type=Path, default=None, help="recorded runs of a fresh split to score once")
    args = parser.parse_args()
    records = json.loads(args.runs.read_text("utf-8"))
    assert not any(r["split"] == "test" or "holdout" in r["split"] for r in records), "held-out data"
    questions = build(records)
    if args.apply is not None:
        fresh = json.loads(args.apply.read_text("utf-8"))
        assert not any(r["split"] == "test" or "holdout" in r["split"] for r in fresh), "held-out data"
        assert not {r["split"] for r in fresh} & {r["split"] for r in records}, "the fresh split was fitted on"
        apply_fresh(questions, build(fresh), args.modes.split(","))
        return
    _, positive = stack(questions)
    print(f"{len(questions)} questions, {len(positive)} candidate sentences, {int(positive.sum())} positive")
    variants: list[tuple[str, Sequence[str]]] = [("alone", RULES_FEATURES)]
    if not args.alone:
        variants.insert(0, ("with the rules' features", ()))
    for name, dropped in variants:
        used = [without(q, dropped) for q in questions]
        print(f"\n#### selector {name}")
        for mode in args.modes.split(","):
            print_report(mode, cross_validate(used, mode))
        weights = fit(*stack(used))
        print("weights fitted on every split:")
        for feature, weight in zip(FEATURES, weights, strict=True):
            print(f"  {feature:22} {weight:+.3f}")


def apply_fresh(train: Sequence[Question], fresh: Sequence[Question], modes: Sequence[str]) -> None:
    """Fit on every ``train`` split, choose each mode's thresholds there, and score ``fresh`` once against the
    rules' own outcome on it (counts: correct, wrong, false decline, hallucinated)."""
    rules = tally([(q, q.record["rules_outcome"]) for q in fresh])

    def line(name: str, counts: dict[str, Any]) -> str:
        total = counts["wrong"] + counts["false_decline"] + counts["hallucinated"]
        return (
            f"{name:34} {share(counts)}  counts {counts['correct']}/{counts['wrong']}/{counts['false_decline']}"
            f"/{counts['hallucinated']}  wrong+FD+halluc {total}"
        )

    print(f"fresh: {len(fresh)} questions ({rules['n_asked']} answerable or partial, {rules['n_unanswerable']} not)")
    print(line("rules", rules))
    for name, dropped in (("alone", RULES_FEATURES), ("with the rules' features", ())):
        used = [without(q, dropped) for q in train]
        weights = fit(*stack(used))
        scored = [without(q, dropped) for q in fresh]
        for mode in modes:
            low, high = choose(used, weights, mode)
            outcomes = [(q, replay(q, weights, mode, low, high)) for q in scored]
            print(line(f"{mode}, {name} t={low:.2f}/{high:.2f}", tally(outcomes)))
            for question, result in outcomes:
                if result != question.record["rules_outcome"]:
                    print(f"    {question.record['id']} {question.record['rules_outcome']} → {result}")


def without(question: Question, dropped: Sequence[str]) -> Question:
    """``question`` with the ``dropped`` features' columns set to 0 (their weights then stay 0)."""
    matrix = question.matrix.copy()
    for name in dropped:
        matrix[:, FEATURES.index(name)] = 0.0
    return Question(question.record, question.texts, matrix, question.labels)


if __name__ == "__main__":
    main()
