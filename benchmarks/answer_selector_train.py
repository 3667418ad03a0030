"""Fit a learned answer selector and measure it against the focus rules by leave-one-split-out cross-validation.

Input: the runs recorded by ``benchmarks/answer_selector_data.py`` (development splits only).  For every question
the candidate sentences of its run's passages get the selector's features (``answer_selector_features.py``); a
sentence holding a key fact of an answerable (or partial) question is positive, every sentence of an unanswerable
question negative.  A logistic regression (numpy, L2, Newton steps) is fitted for each of :data:`VARIANTS`: the
first attempts' features or with the term signals (``answer_selector_terms.py``), each without the features that
read the rules' own decision and declining gate (``alone``: the selector by itself) or with them (the gate needs
``--calls``: ``research_decline_why.py --all-rows --calls`` of the same code, ``answer_selector_gate.py``).

Evaluation, per left-out split (the model and its threshold fitted on the other splits only), replayed on the
recorded runs against the rules' own outcome on the same questions:

* ``replace`` — answer iff the best sentence's probability reaches the threshold, quoting the selector's sentences
  (verbatim: the claim guard passes them); correct when they hold every key fact;
* ``veto`` — the rules answer, unless the best sentence's probability is below the threshold (then decline);
* ``rescue`` — the rules' answer stands; a question the rules declined is answered from the selector's sentences
  when its best probability reaches the threshold;
* ``vote`` — ``veto`` and ``rescue`` together (two thresholds).

A question the searcher declined below its floor (no draft) stays declined in every mode.  The threshold is chosen
on the training splits by cost: wrong and hallucinated answers 2, false declines 1 (every threshold replayed at once
over arrays, :func:`replay`).

    PYTHONPATH=src .venv/bin/python benchmarks/answer_selector_train.py --runs /tmp/selector_runs.json \
        --calls calls.jsonl --cache /tmp/selector_questions.pickle [--splits]

Prints, per mode and left-out split, the rules' and the selector's correct / wrong / false decline / hallucinated
shares and the thresholds chosen on the other splits, then the weights fitted on every split, then every
variant and mode by its total leave-one-split-out cost.

``--reader SCORES`` (``sel41``) appends the interaction reader's cross-fitted candidate logits
(``answer_selector_reader.py --scores``; :data:`READER_FEATURES`) and adds :data:`READER_VARIANTS`.  The reader's
scores are cross-fitted on five folds of whole splits; leaving split ``s`` of fold ``f`` out, a question reads the
reader fitted without ``f`` (and without its own fold), so no reader the selector is fitted or scored with saw ``s``
(:class:`Reader`).

``--apply FRESH`` scores a selector fitted on ``--runs`` once on other recorded runs (a development file neither
the rules nor the selector were tuned on, recorded with ``answer_selector_data.py --eval``): for each variant and
mode the weights are fitted and the thresholds chosen on every ``--runs`` split, then replayed on ``FRESH``::

    PYTHONPATH=src .venv/bin/python benchmarks/answer_selector_train.py --runs /tmp/selector_runs.json
        --calls calls.jsonl --apply /tmp/selector_dev36.json --apply-calls calls36.jsonl --choice terms-alone/vote
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from answer_selector_features import (  # noqa: E402
    BASE_FEATURES,
    FEATURES,
    RULES_FEATURES,
    candidates,
    features,
    labels,
)
from answer_selector_gate import GATE_FEATURES, gates_from_calls  # noqa: E402
from answer_selector_terms import TERM_FEATURES  # noqa: E402
from research_answer_eval import holds  # noqa: E402

ANSWERED = ("correct", "wrong", "hallucinated")
BASE_ONLY = tuple(f for f in BASE_FEATURES if f not in ("bias", *RULES_FEATURES))
OUTCOMES = ("correct", "wrong", "false_decline", "hallucinated", "correct_decline")
COSTS = np.array([0.0, 2.0, 1.0, 2.0, 0.0])
"""The cost of each of :data:`OUTCOMES`: wrong and hallucinated answers 2, false declines 1."""
L2 = 1.0
MAX_SENTENCES = 3
SECOND_RATIO = 0.5
GRID = tuple(round(x, 3) for x in np.linspace(0.05, 0.95, 91))
MODES = ("replace", "veto", "rescue", "vote")
VARIANTS: dict[str, tuple[str, ...]] = {
    "base-alone": (*RULES_FEATURES, *TERM_FEATURES),
    "base+rules": (*TERM_FEATURES, *GATE_FEATURES),
    "terms-alone": RULES_FEATURES,
    "terms+rules": (),
}
"""Feature sets (name → the features left out): the first attempts' features (``base``) or with the term signals
(``terms``), each without (``alone``) or with the features reading the rules' decision and gate."""
READER_FEATURES: tuple[str, ...] = ("reader_pair", "reader_margin", "reader_draft")
"""With ``--reader`` (``answer_selector_reader.py --scores``, ``sel41``): the interaction reader's out-of-fold logit of
the candidate, its margin below the question's best candidate, and the best logit among the candidates the run's
draft quotes (the best candidate's when it quotes none) — appended after :data:`FEATURES`."""
READER_VARIANTS: dict[str, tuple[str, ...]] = {
    "terms+rules+reader": (),
    "terms-alone+reader": RULES_FEATURES,
    "reader+rules": (*BASE_ONLY, *TERM_FEATURES),
}
"""The variants with the reader's columns (``reader+rules``: the reader, the rules' decision and gate, the bias)."""
COLUMNS: tuple[str, ...] = FEATURES
"""The matrix columns in use: :data:`FEATURES`, plus :data:`READER_FEATURES` with ``--reader``."""


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


def build(records: Sequence[dict[str, Any]], gates: dict[str, tuple[str, ...]] | None = None) -> list[Question]:
    """Features and labels of every recorded question (``gates``: row id → its declining gates, for the rows the
    rules declined)."""
    questions = []
    for record in records:
        found = candidates([(p["title"], p["text"]) for p in record.get("passages", [])])
        answered = record["rules_outcome"] in ANSWERED
        shown = record["rules_answer"] if answered else ""
        matrix = features(
            record["question"],
            found,
            answerable=record.get("answerable"),
            confidence=record.get("confidence"),
            shown_answer=shown,
            gate=() if answered or gates is None else gates.get(record["id"], ()),
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


def outcome(question: Question, answered: bool, answer: str) -> str:
    record = question.record
    if not question.answerable:
        return "hallucinated" if answered else "correct_decline"
    if not answered:
        return "false_decline"
    return "correct" if all(holds(answer, fact) for fact in record["key_facts"]) else "wrong"


@dataclass
class Scored:
    """The questions of a set under one model, as arrays for replaying every threshold at once.

    ``top``: the best ``MAX_SENTENCES`` probabilities (−1 padded); ``answer``: the outcome code of answering with the
    top 1, 2, 3 sentences; ``decline`` and ``rules``: the codes of declining and of the rules' own outcome.
    """

    questions: list[Question]
    drafted: Any
    rules_answered: Any
    best: Any
    top: Any
    answer: Any
    decline: Any
    rules: Any


def score(questions: Sequence[Question], weights: Any) -> Scored:
    """:class:`Scored` of ``questions`` under ``weights``."""
    n = len(questions)
    top = np.full((n, MAX_SENTENCES), -1.0)
    answer = np.zeros((n, MAX_SENTENCES), dtype=int)
    for i, q in enumerate(questions):
        if not q.texts:
            answer[i, :] = OUTCOMES.index(outcome(q, False, ""))
            continue
        p = 1.0 / (1.0 + np.exp(-(q.matrix @ weights)))
        order = np.argsort(-p, kind="stable")[:MAX_SENTENCES]
        top[i, : len(order)] = p[order]
        for k in range(MAX_SENTENCES):
            picks = sorted(int(j) for j in order[: k + 1])
            answer[i, k] = OUTCOMES.index(outcome(q, True, " ".join(q.texts[j] for j in picks)))
    return Scored(
        list(questions),
        np.array([q.drafted for q in questions], dtype=bool),
        np.array([q.record["rules_outcome"] in ANSWERED for q in questions], dtype=bool),
        np.maximum(top[:, 0], 0.0),
        top,
        answer,
        np.array([OUTCOMES.index(outcome(q, False, "")) for q in questions], dtype=int),
        np.array([OUTCOMES.index(q.record["rules_outcome"]) for q in questions], dtype=int),
    )


def replay(scored: Scored, mode: str, low: float, high: float) -> Any:
    """The outcome codes of every question under ``mode`` (see the module docstring); a question without a draft
    keeps the rules' outcome."""
    floor = np.maximum(high, SECOND_RATIO * scored.best)
    k = np.maximum(1, (scored.top >= floor[:, None]).sum(axis=1))
    answered = scored.answer[np.arange(len(k)), k - 1]
    result = scored.rules.copy()
    if mode == "replace":
        result = np.where(scored.best >= high, answered, scored.decline)
    if mode in ("veto", "vote"):
        result = np.where(scored.rules_answered & (scored.best < low), scored.decline, result)
    if mode in ("rescue", "vote"):
        result = np.where(~scored.rules_answered & (scored.best >= high), answered, result)
    return np.where(scored.drafted, result, scored.rules)


def tally_codes(questions: Sequence[Question], codes: Any) -> dict[str, Any]:
    return tally([(q, OUTCOMES[int(c)]) for q, c in zip(questions, codes, strict=True)])


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


def choose(scored: Scored, mode: str) -> tuple[float, float]:
    """The thresholds of least cost on ``scored`` (the first on a tie: the lower, fewer declines)."""
    best: tuple[float, float, float] | None = None
    for low, high in thresholds(mode):
        value = float(COSTS[replay(scored, mode, low, high)].sum())
        if best is None or value < best[0]:
            best = (value, low, high)
    assert best is not None
    return best[1], best[2]


def stack(questions: Sequence[Question]) -> tuple[Any, Any]:
    rows = [q.matrix for q in questions if q.texts]
    labels = [q.labels for q in questions if q.texts]
    return np.vstack(rows), np.concatenate(labels)


Prepare = Callable[[Question, "str | None"], Question]
"""``prepare(question, left_out)``: the question as a model fitted without split ``left_out`` reads it (``None``: a
model fitted on every development split); the variant's columns dropped."""


def cross_validate(
    questions: Sequence[Question], modes: Sequence[str], prepare: Prepare
) -> dict[str, list[dict[str, Any]]]:
    """Leave-one-split-out: per mode, per left-out split, the rules' and the selector's counts and the thresholds
    chosen on the other splits."""
    splits = sorted({q.split for q in questions})
    report: dict[str, list[dict[str, Any]]] = {mode: [] for mode in modes}
    for left in splits:
        train = [prepare(q, left) for q in questions if q.split != left]
        test = [prepare(q, left) for q in questions if q.split == left]
        weights = fit(*stack(train))
        scored_train, scored_test = score(train, weights), score(test, weights)
        rules = tally([(q, q.record["rules_outcome"]) for q in test])
        for mode in modes:
            low, high = choose(scored_train, mode)
            learned = tally_codes(test, replay(scored_test, mode, low, high))
            report[mode].append({"split": left, "low": low, "high": high, "rules": rules, "selector": learned})
    return report


@dataclass
class Reader:
    """The interaction reader's cross-fitted candidate logits (``answer_selector_reader.py --scores``).

    ``scores[E][id]``: the logits of question ``id``'s candidates under the reader fitted without the development
    folds ``E``; ``folds``: a development split's fold; ``draft[id]``: which candidates the run's draft quotes.
    """

    folds: dict[str, int]
    scores: dict[tuple[int, ...], dict[str, Any]]
    draft: dict[str, Any]

    @classmethod
    def load(cls, path: Path) -> Reader:
        with path.open("rb") as handle:
            payload = pickle.load(handle)
        return cls(payload["folds"], payload["scores"], payload["draft"])

    def excluded(self, question: Question, left_out: str | None) -> tuple[int, ...]:
        """The folds whose reader may give ``question``'s columns when the selector leaves ``left_out`` out: never a
        reader that saw ``left_out`` or ``question``'s own split (``None``: the selector is fitted on every
        development split — a development question reads its fold's out-of-fold reader, a fresh one the reader
        fitted on every fold)."""
        own = self.folds.get(question.split)
        if left_out is None:
            return () if own is None else (own,)
        left = self.folds[left_out]
        return (left,) if own is None or own == left else tuple(sorted((left, own)))

    def columns(self, question: Question, excluded: tuple[int, ...]) -> Any:
        """The :data:`READER_FEATURES` columns of ``question``'s candidates."""
        if not question.texts:
            return np.zeros((0, len(READER_FEATURES)))
        logits = np.asarray(self.scores[excluded][question.record["id"]], dtype=np.float64)
        assert len(logits) == len(question.texts), "the reader read other candidates"
        quoted = np.asarray(self.draft[question.record["id"]], dtype=bool)
        draft = float(logits[quoted].max()) if quoted.any() else float(logits.max())
        return np.column_stack([logits, logits - logits.max(), np.full(len(logits), draft)])


def preparing(dropped: Sequence[str], reader: Reader | None) -> Prepare:
    """:data:`Prepare` of a variant: the reader's columns appended (when given), the ``dropped`` columns zeroed."""

    def prepare(question: Question, left_out: str | None) -> Question:
        if reader is not None:
            columns = reader.columns(question, reader.excluded(question, left_out))
            question = Question(question.record, question.texts, np.hstack([question.matrix, columns]), question.labels)
        return without(question, dropped)

    return prepare


def share(counts: dict[str, Any]) -> str:
    asked, unanswerable = max(1, counts["n_asked"]), max(1, counts["n_unanswerable"])
    return (
        f"{counts['correct'] / asked:.3f}/{counts['wrong'] / asked:.3f}/{counts['false_decline'] / asked:.3f}"
        f"/{counts['hallucinated'] / unanswerable:.3f}"
    )


def totals(rows: Sequence[dict[str, Any]], key: str) -> dict[str, int]:
    total: dict[str, int] = {}
    for row in rows:
        for name, value in row[key].items():
            total[name] = total.get(name, 0) + value
    return total


def print_report(mode: str, report: list[dict[str, Any]], per_split: bool) -> dict[str, int]:
    if per_split:
        print(f"\n== {mode}: left-out split — rules vs selector (correct/wrong/FD/halluc), thresholds")
        for row in report:
            limits = f"t={row['low']:.2f}/{row['high']:.2f}"
            print(f"{row['split']:6} {share(row['rules'])}  →  {share(row['selector'])}   {limits}")
    rules, learned = totals(report, "rules"), totals(report, "selector")
    print(
        f"{mode:8} rules {rules['correct']}/{rules['wrong']}/{rules['false_decline']}/{rules['hallucinated']} "
        f"cost {cost(rules):.0f} | selector {learned['correct']}/{learned['wrong']}/{learned['false_decline']}/"
        f"{learned['hallucinated']} cost {cost(learned):.0f}  ({share(rules)} → {share(learned)})"
    )
    return learned


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=Path, required=True)
    parser.add_argument("--calls", type=Path, nargs="*", default=[], help="research_decline_why.py --calls files")
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated names of VARIANTS")
    parser.add_argument("--splits", action="store_true", help="print every left-out split")
    parser.add_argument("--apply", type=Path, default=None, help="recorded runs of a fresh split to score once")
    parser.add_argument("--apply-calls", type=Path, nargs="*", default=[], help="the fresh split's --calls files")
    parser.add_argument("--choice", default=None, help="with --apply: 'variant/mode' chosen beforehand")
    parser.add_argument("--cache", type=Path, default=None, help="pickle of the built questions (read or written)")
    parser.add_argument("--reader", type=Path, default=None, help="answer_selector_reader.py --scores (sel41)")
    args = parser.parse_args()
    global COLUMNS
    reader = Reader.load(args.reader) if args.reader is not None else None
    variants_of = {**VARIANTS, **READER_VARIANTS} if reader is not None else dict(VARIANTS)
    if reader is not None:
        COLUMNS = (*FEATURES, *READER_FEATURES)
    records = json.loads(args.runs.read_text("utf-8"))
    assert not any(r["split"] == "test" or "holdout" in r["split"] for r in records), "held-out data"
    questions = _built(records, args.calls, args.cache)
    modes = args.modes.split(",")
    variants = args.variants.split(",")
    if args.apply is not None:
        fresh = json.loads(args.apply.read_text("utf-8"))
        assert not any(r["split"] == "test" or "holdout" in r["split"] for r in fresh), "held-out data"
        assert not {r["split"] for r in fresh} & {r["split"] for r in records}, "the fresh split was fitted on"
        fresh_questions = build(fresh, gates_from_calls(args.apply_calls))
        apply_fresh(
            questions, fresh_questions, modes, {v: preparing(variants_of[v], reader) for v in variants}, args.choice
        )
        return
    _, positive = stack(questions)
    print(f"{len(questions)} questions, {len(positive)} candidate sentences, {int(positive.sum())} positive")
    summary = []
    for name in variants:
        prepare = preparing(variants_of[name], reader)
        print(f"\n#### selector {name}", flush=True)
        report = cross_validate(questions, modes, prepare)
        for mode in modes:
            learned = print_report(mode, report[mode], args.splits)
            summary.append((cost(learned), name, mode))
        weights = fit(*stack([prepare(q, None) for q in questions]))
        print("weights fitted on every split:")
        for feature, weight in zip(COLUMNS, weights, strict=True):
            if feature not in variants_of[name]:
                print(f"  {feature:22} {weight:+.3f}")
    rules = tally([(q, q.record["rules_outcome"]) for q in questions])
    print(f"\nrules cost {cost(rules):.0f}; least LOSO cost first:")
    for value, name, mode in sorted(summary):
        print(f"  {value:6.0f}  {name} / {mode}")


def _built(records: Sequence[dict[str, Any]], calls: Sequence[Path], cache: Path | None) -> list[Question]:
    """:func:`build` of ``records``, read from (or written to) the ``cache`` pickle when given."""
    if cache is not None and cache.exists():
        with cache.open("rb") as handle:
            cached: list[Question] = pickle.load(handle)
        return cached
    questions = build(records, gates_from_calls(calls) if calls else None)
    if cache is not None:
        with cache.open("wb") as handle:
            pickle.dump(questions, handle)
    return questions


def apply_fresh(
    train: Sequence[Question],
    fresh: Sequence[Question],
    modes: Sequence[str],
    variants: dict[str, Prepare],
    choice: str | None,
) -> None:
    """Fit on every ``train`` split, choose each mode's thresholds there, and score ``fresh`` once against the
    rules' own outcome on it (counts: correct, wrong, false decline, hallucinated); ``choice`` marks the
    variant/mode fixed beforehand."""
    rules = tally([(q, q.record["rules_outcome"]) for q in fresh])

    def line(name: str, counts: dict[str, Any]) -> str:
        return (
            f"{name:44} {share(counts)}  counts {counts['correct']}/{counts['wrong']}/{counts['false_decline']}"
            f"/{counts['hallucinated']}  cost {cost(counts):.0f}"
        )

    print(f"fresh: {len(fresh)} questions ({rules['n_asked']} answerable or partial, {rules['n_unanswerable']} not)")
    print(line("rules", rules))
    for name, prepare in variants.items():
        used = [prepare(q, None) for q in train]
        weights = fit(*stack(used))
        scored_train = score(used, weights)
        scored = score([prepare(q, None) for q in fresh], weights)
        for mode in modes:
            low, high = choose(scored_train, mode)
            codes = replay(scored, mode, low, high)
            mark = "  <== chosen beforehand" if choice == f"{name}/{mode}" else ""
            print(line(f"{name} / {mode} t={low:.2f}/{high:.2f}", tally_codes(fresh, codes)) + mark)
            for question, code in zip(fresh, codes, strict=True):
                if OUTCOMES[int(code)] != question.record["rules_outcome"]:
                    print(f"    {question.record['id']} {question.record['rules_outcome']} → {OUTCOMES[int(code)]}")


def without(question: Question, dropped: Sequence[str]) -> Question:
    """``question`` with the ``dropped`` features' columns set to 0 (their weights then stay 0)."""
    matrix = question.matrix.copy()
    for name in dropped:
        matrix[:, COLUMNS.index(name)] = 0.0
    return Question(question.record, question.texts, matrix, question.labels)


if __name__ == "__main__":
    main()
