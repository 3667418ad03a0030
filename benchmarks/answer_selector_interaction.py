"""Does an interaction model over the e5 vectors read more of a question against a sentence than their cosine?
(issue 18, stop 40: the one learned signal the selectors of ``sel18``/``sel21``/``sel40`` did not try.)

Input: the runs recorded by ``benchmarks/answer_selector_data.py`` (development splits only; the script refuses a
held-out file the same way).  Every candidate sentence of a run's passages (``answer_selector_features.candidates``)
is a pair (question, sentence) with the e5 ``query:`` vector ``q`` of the question and the ``passage:`` vector ``s``
of the sentence (shipped for the bundled knowledge base).  Two scorers of a pair:

* ``cosine`` — ``q · s``, what the rules and the selectors read;
* ``interaction`` — a logistic regression over ``[q ⊙ s, |q − s|, q · s]`` (769 features, standardised, L2, Adam,
  positives weighted up to the negatives' mass), fitted on the pairs of four fifths of the splits and scored on the
  rest (five folds, whole splits per fold: a question is never scored by a model that saw its split).

A question's score is its best pair's.  Printed: the AUC of the question score between the rules' false declines and
their correct declines (the separation every selector lacked: ``sel40`` 0.555–0.604 *in-sample*), between
answerable and unanswerable questions, and between the rules' correct and hallucinated answers.

    PYTHONPATH=src .venv/bin/python benchmarks/answer_selector_interaction.py --runs /tmp/selector_runs.json

Stop 40 (1,942 rows, 37 splits, main ``fa80f0e``'s runs), out of fold: interaction 0.623 / 0.724 / 0.652 against the
cosine's 0.498 / 0.672 / 0.552.  A ranking signal, not yet a decision: see docs/research.md (stop 40).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from answer_selector_features import candidates, labels  # noqa: E402

FOLDS = 5
STEPS = 400
LEARNING_RATE = 0.05
L2 = 1e-3


def pair_features(question: np.ndarray, sentences: np.ndarray) -> np.ndarray:
    """``[q ⊙ s, |q − s|, q · s]`` for every sentence vector (rows of ``sentences``) against ``question``."""
    return np.hstack([sentences * question, np.abs(sentences - question), (sentences @ question)[:, None]])


def fit(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float, np.ndarray, np.ndarray]:
    """A logistic regression on standardised ``x`` (Adam, L2); returns weights, bias, mean and scale."""
    mean, scale = x.mean(0), x.std(0) + 1e-6
    xn = (x - mean) / scale
    weight = np.where(y > 0, (len(y) - y.sum()) / max(float(y.sum()), 1.0), 1.0)
    weight /= weight.mean()
    w, b = np.zeros(xn.shape[1]), 0.0
    m, v = np.zeros_like(w), np.zeros_like(w)
    for step in range(1, STEPS + 1):
        p = 1.0 / (1.0 + np.exp(-(xn @ w + b)))
        residual = (p - y) * weight
        grad = xn.T @ residual / len(y) + L2 * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= LEARNING_RATE * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        b -= LEARNING_RATE * float(residual.mean())
    return w, b, mean, scale


def auc(positive: Sequence[float], negative: Sequence[float]) -> float:
    """The probability that a positive scores above a negative (ties count half)."""
    pos, neg = np.asarray(positive)[:, None], np.asarray(negative)[None, :]
    return float((pos > neg).mean() + 0.5 * (pos == neg).mean())


def main() -> None:
    from agentcore.llm import embed_local_array
    from agentcore.rag._focus.vectors import cached_local

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=Path, required=True, help="answer_selector_data.py --out")
    args = parser.parse_args()
    runs: list[dict[str, Any]] = json.loads(args.runs.read_text("utf-8"))
    if any("holdout" in r["split"] or r["split"] == "test" for r in runs):
        raise SystemExit("held-out rows are never read here")
    questions = embed_local_array([r["question"] for r in runs], "query")
    pairs: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for i, run in enumerate(runs):
        found = candidates([(p["title"], p["text"]) for p in run.get("passages", [])])
        if found:
            pairs[i] = (
                cached_local([c.text for c in found], "passage"),
                labels(found, run["category"], run["key_facts"]),
            )
    fold_of = {split: k % FOLDS for k, split in enumerate(sorted({r["split"] for r in runs}))}
    interaction = np.full(len(runs), np.nan)
    cosine = np.full(len(runs), np.nan)
    for fold in range(FOLDS):
        train = [i for i in pairs if fold_of[runs[i]["split"]] != fold]
        x = np.vstack([pair_features(questions[i], pairs[i][0]) for i in train])
        w, b, mean, scale = fit(x, np.concatenate([pairs[i][1] for i in train]))
        for i in (i for i in pairs if fold_of[runs[i]["split"]] == fold):
            sentences = pairs[i][0]
            interaction[i] = float((((pair_features(questions[i], sentences) - mean) / scale) @ w + b).max())
            cosine[i] = float((sentences @ questions[i]).max())

    def rows(test: Any) -> list[int]:
        return [i for i in pairs if test(runs[i])]

    false_declines = rows(lambda r: r["rules_outcome"] == "false_decline")
    correct_declines = rows(lambda r: r["rules_outcome"] == "correct_decline")
    answerable = rows(lambda r: r["category"] != "unanswerable")
    unanswerable = rows(lambda r: r["category"] == "unanswerable")
    correct = rows(lambda r: r["rules_outcome"] == "correct")
    hallucinated = rows(lambda r: r["rules_outcome"] == "hallucinated")
    print(f"{len(runs)} questions; false declines {len(false_declines)}, correct declines {len(correct_declines)}")
    for name, score in (("interaction", interaction), ("cosine", cosine)):
        print(
            f"{name:12} AUC false vs correct declines {auc(score[false_declines], score[correct_declines]):.3f} · "
            f"answerable vs unanswerable {auc(score[answerable], score[unanswerable]):.3f} · "
            f"rules' correct vs hallucinated {auc(score[correct], score[hallucinated]):.3f}"
        )


if __name__ == "__main__":
    main()
