"""A stronger interaction reader of a question against a sentence over the e5 vectors (issue 18, ``sel41``).

``answer_selector_interaction.py`` (stop 40) showed that a logistic regression over the pair interaction
``[q ⊙ s, |q − s|, q · s]`` ranks the rules' false declines above their correct declines (out-of-fold AUC 0.623)
where the cosine does not (0.498).  This script makes that reader stronger and hands its out-of-fold scores to the
selector (``answer_selector_train.py --reader``):

* **what is scored** — besides a question's best pair over every candidate sentence of its run's passages
  (``best``), the sentences of the rules' own extractive *draft* (``draft``: the candidates the draft quotes, shown
  or thrown away; the best pair when the draft quotes none): the rules decline a right draft half the time
  (stop 40), so the reader's verdict on the draft is the one a rescue needs;
* **the scorer of a pair** — :data:`MODELS`: the logistic regression of stop 40 (``logistic``), a one-hidden-layer
  MLP over the same features (``mlp``), and the MLP plus a low-rank bilinear ``q·U·Vᵀ·s`` (``mlp+bilinear``), all
  numpy, minibatch Adam, positives weighted up to the negatives' mass; the MLPs stop early on an inner fold (the
  training splits' own fifth, whole splits) and keep their best step there;
* **labels** — as before: a sentence holding a key fact (any «|» alternative) of an answerable or partial question
  is positive, every sentence of an unanswerable question negative (``answer_selector_features.labels``).

Protocol: five folds of whole splits (a split's fold: its place in the sorted split names, modulo 5); a question is
only ever scored by a model that never saw its split.  The fresh splits ``dev36``/``dev37`` (:data:`FRESH`) are never
fitted on or chosen on here: they are scored by a model fitted on every development split, for the one fresh check.

``--scores OUT`` writes the cross-fitted pair scores the selector's leave-one-split-out needs (a pickle): for every
set ``E`` of excluded folds in ``{}, {f}, {f, g}`` the logits of every candidate of every question (fresh included)
under the model fitted on the development folds outside ``E``.  The selector, leaving out split ``s`` of fold ``f``,
reads the left-out questions' scores from ``{f}`` and a training question of fold ``g ≠ f`` from ``{f, g}`` — so no
score the selector is fitted or tested on came from a model that saw ``s``.

    PYTHONPATH=src .venv/bin/python benchmarks/answer_selector_reader.py --runs runs.json [--models mlp]
        [--scores /tmp/reader_scores.pickle --model mlp]

Figures (stop 41: main ``d9f2d5a``'s runs, ``/work/notes/sel/runs.json``; 1,942 development questions in 37 splits,
34,540 pairs, the draft quotes a candidate in 1,939), out of fold — AUC of the question score between the rules' false
and correct declines · answerable and unanswerable · the rules' right answers and hallucinations:

=====================  ==========================  ==========================
scorer                 best pair                   the draft's best pair
=====================  ==========================  ==========================
cosine                 0.500 · 0.672 · 0.556       0.479 · 0.672 · 0.547
logistic               **0.625** · 0.732 · 0.658   0.581 · **0.746** · 0.652
mlp (32 hidden)        0.617 · 0.733 · 0.661       0.575 · 0.740 · 0.645
mlp + bilinear (r 16)  0.618 · 0.730 · **0.662**   0.582 · 0.742 · 0.654
=====================  ==========================  ==========================

Neither the hidden layer nor the bilinear term reads more than the logistic regression (within ±0.01 of it), and
the draft's sentences separate the false declines *less* well than the best pair (0.58 against 0.62): a false
decline's draft often lacks the key fact (104 of the 215 development false declines with a draft; 111 hold it),
which the best pair over the passages may still find.  On the question a rescue asks — of the rules' declines with a
draft, the right drafts above the correctly declined questions — the draft's logistic score reaches an AUC of
0.681 (best pair 0.656); but with 111 right drafts among 789 declines, the top 10, 20, 50 declines by that score
would add 7, 17, 46 to the cost (a hallucination costs 2, a rescue gains 1): no threshold of the reader alone
rescues at a profit.  Added to the selector (``answer_selector_train.py --reader``; leave-one-split-out over the 37
splits, cost 2·wrong + 2·hallucinated + false declines, the rules' 382): terms + rules + reader veto 382, rescue
387, vote 387, replace 530 (without the reader: 383, 384, 385, 524; the MLP reader: 382, 384, 382, 543) — the bar
(≤ 318) missed by 64.  Pre-registered (commit ``ddb501b``) and scored once on ``dev36`` + ``dev37``: identical to the
rules on every row (60/4/28/4, cost 44).  See docs/research.md (stop 41).
"""

from __future__ import annotations

import argparse
import itertools
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

from answer_selector_features import candidates, labels, shown_in  # noqa: E402
from answer_selector_interaction import auc, pair_features  # noqa: E402

FOLDS = 5
FRESH = ("dev36", "dev37")
"""The fresh splits: never fitted on or chosen on; scored once by the model fitted on every development split."""
SEED = 41


@dataclass
class Pairs:
    """The candidate pairs of one recorded question.

    Attributes:
        sentences: the candidates' ``passage:`` vectors (rows).
        labels: 1.0 for a candidate holding a key fact, else 0.0.
        draft: whether the run's draft quotes the candidate.
    """

    sentences: np.ndarray
    labels: np.ndarray
    draft: np.ndarray


def load(runs: Sequence[dict[str, Any]]) -> tuple[np.ndarray, dict[int, Pairs]]:
    """The questions' ``query:`` vectors and, per question with candidates, its :class:`Pairs`."""
    from agentcore.llm import embed_local_array
    from agentcore.rag._focus.vectors import cached_local

    questions = embed_local_array([r["question"] for r in runs], "query")
    pairs: dict[int, Pairs] = {}
    for i, run in enumerate(runs):
        found = candidates([(p["title"], p["text"]) for p in run.get("passages", [])])
        if not found:
            continue
        draft = run.get("draft") or ""
        pairs[i] = Pairs(
            np.asarray(cached_local([c.text for c in found], "passage"), dtype=np.float32),
            labels(found, run["category"], run["key_facts"]),
            np.array([bool(draft) and shown_in(c.text, draft) for c in found], dtype=bool),
        )
    return questions, pairs


# -- the scorers of a pair ---------------------------------------------------------------------------------------


@dataclass
class Model:
    """A fitted pair scorer: ``logit = relu(xn · W1 + b1) · w2 + b2 + (q·U)·(s·V) + xn · w`` (the parts a kind
    does not use are zero-sized)."""

    mean: np.ndarray
    scale: np.ndarray
    w: np.ndarray
    b: float
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    u: np.ndarray
    v: np.ndarray

    def logits(self, question: np.ndarray, sentences: np.ndarray) -> np.ndarray:
        x = (pair_features(question, sentences) - self.mean) / self.scale
        out = x @ self.w + self.b
        if self.w1.size:
            out = out + np.maximum(x @ self.w1 + self.b1, 0.0) @ self.w2
        if self.u.size:
            out = out + ((sentences @ self.v) * (question @ self.u)).sum(1)
        return np.asarray(out, dtype=np.float64)


@dataclass(frozen=True)
class Kind:
    """How a scorer is fitted: hidden units (0: none), bilinear rank (0: none), epochs, early stopping."""

    hidden: int
    rank: int
    epochs: int
    early: bool
    l2: float = 1e-4
    rate: float = 3e-3
    batch: int = 512


MODELS: dict[str, Kind] = {
    "logistic": Kind(0, 0, 12, early=False, l2=1e-3),
    "mlp": Kind(32, 0, 30, early=True),
    "mlp+bilinear": Kind(32, 16, 30, early=True),
}


def _stack(qv: np.ndarray, pairs: dict[int, Pairs], rows: Sequence[int]) -> tuple[np.ndarray, ...]:
    """Pair features, labels, and the question and sentence vectors of ``rows``' candidates."""
    x = np.vstack([pair_features(qv[i], pairs[i].sentences) for i in rows]).astype(np.float32)
    y = np.concatenate([pairs[i].labels for i in rows]).astype(np.float32)
    q = np.vstack([np.repeat(qv[i][None, :], len(pairs[i].labels), 0) for i in rows]).astype(np.float32)
    s = np.vstack([pairs[i].sentences for i in rows]).astype(np.float32)
    return x, y, q, s


def fit(
    kind: Kind, qv: np.ndarray, pairs: dict[int, Pairs], rows: Sequence[int], split_of: Callable[[int], str]
) -> Model:
    """Fit ``kind`` on the candidates of ``rows``.  Early stopping: a fifth of the rows' splits (whole splits) is
    held out, the parameters of the step of least weighted validation loss are kept (checked once per epoch)."""
    rng = np.random.default_rng(SEED)
    rows = list(rows)
    validation: list[int] = []
    if kind.early:
        splits = sorted({split_of(i) for i in rows})
        held = set(rng.permutation(splits)[: max(1, len(splits) // 5)].tolist())
        validation = [i for i in rows if split_of(i) in held]
        rows = [i for i in rows if split_of(i) not in held]
    x, y, q, s = _stack(qv, pairs, rows)
    mean, scale = x.mean(0), x.std(0) + 1e-6
    x = (x - mean) / scale
    positive_weight = (len(y) - y.sum()) / max(float(y.sum()), 1.0)
    dim, d = x.shape[1], q.shape[1]
    params = {
        "w": np.zeros(dim, np.float32),
        "b": np.zeros(1, np.float32),
        "w1": (rng.standard_normal((dim, kind.hidden)) * np.sqrt(2.0 / dim)).astype(np.float32),
        "b1": np.zeros(kind.hidden, np.float32),
        "w2": (rng.standard_normal(kind.hidden) * 0.01).astype(np.float32),
        "u": (rng.standard_normal((d, kind.rank)) * 0.1).astype(np.float32),
        "v": (rng.standard_normal((d, kind.rank)) * 0.1).astype(np.float32),
    }
    moments = {k: (np.zeros_like(p), np.zeros_like(p)) for k, p in params.items()}

    def model_of(p: dict[str, np.ndarray]) -> Model:
        return Model(
            mean,
            scale,
            p["w"].copy(),
            float(p["b"][0]),
            p["w1"].copy(),
            p["b1"].copy(),
            p["w2"].copy(),
            p["u"].copy(),
            p["v"].copy(),
        )

    def loss_of(model: Model, rows_: Sequence[int]) -> float:
        total, mass = 0.0, 0.0
        for i in rows_:
            z = model.logits(qv[i], pairs[i].sentences)
            t = pairs[i].labels
            weight = np.where(t > 0, positive_weight, 1.0)
            total += float((weight * (np.logaddexp(0.0, z) - t * z)).sum())
            mass += float(weight.sum())
        return total / max(mass, 1.0)

    best: tuple[float, Model] | None = None
    step = 0
    for _epoch in range(kind.epochs):
        order = rng.permutation(len(y))
        for start in range(0, len(y), kind.batch):
            batch = order[start : start + kind.batch]
            xb, yb, qb, sb = x[batch], y[batch], q[batch], s[batch]
            weight = np.where(yb > 0, positive_weight, 1.0).astype(np.float32)
            z = xb @ params["w"] + params["b"][0]
            hidden = None
            if kind.hidden:
                hidden = np.maximum(xb @ params["w1"] + params["b1"], 0.0)
                z = z + hidden @ params["w2"]
            qu = qb @ params["u"] if kind.rank else None
            sv = sb @ params["v"] if kind.rank else None
            if qu is not None and sv is not None:
                z = z + (qu * sv).sum(1)
            residual = (1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0))) - yb) * weight / weight.sum()
            grads = {"w": xb.T @ residual, "b": np.array([residual.sum()], np.float32)}
            if hidden is not None:
                grads["w2"] = hidden.T @ residual
                dh = np.outer(residual, params["w2"]) * (hidden > 0)
                grads["w1"] = xb.T @ dh
                grads["b1"] = dh.sum(0)
            if qu is not None and sv is not None:
                grads["u"] = qb.T @ (residual[:, None] * sv)
                grads["v"] = sb.T @ (residual[:, None] * qu)
            step += 1
            for name, grad in grads.items():
                grad = grad + kind.l2 * params[name] if name != "b" else grad
                m, v = moments[name]
                m *= 0.9
                m += 0.1 * grad
                v *= 0.999
                v += 0.001 * grad * grad
                params[name] -= kind.rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        if validation:
            model = model_of(params)
            value = loss_of(model, validation)
            if best is None or value < best[0]:
                best = (value, model)
    return best[1] if best is not None else model_of(params)


# -- out of fold ---------------------------------------------------------------------------------------------------


def fold_of_splits(runs: Sequence[dict[str, Any]]) -> dict[str, int]:
    """A development split's fold (its place among the sorted development split names, modulo :data:`FOLDS`)."""
    names = sorted({r["split"] for r in runs if r["split"] not in FRESH})
    return {split: k % FOLDS for k, split in enumerate(names)}


def cross_fitted(
    kind: Kind,
    runs: Sequence[dict[str, Any]],
    qv: np.ndarray,
    pairs: dict[int, Pairs],
    excluded_sets: Sequence[frozenset[int]],
) -> dict[frozenset[int], dict[int, np.ndarray]]:
    """For each set of excluded folds, the logits of every question's candidates under ``kind`` fitted on the
    development questions of the other folds (fresh questions never fitted on)."""
    fold = fold_of_splits(runs)
    out: dict[frozenset[int], dict[int, np.ndarray]] = {}
    for excluded in excluded_sets:
        rows = [i for i in pairs if runs[i]["split"] in fold and fold[runs[i]["split"]] not in excluded]
        model = fit(kind, qv, pairs, rows, lambda i: str(runs[i]["split"]))
        out[excluded] = {i: model.logits(qv[i], pairs[i].sentences) for i in pairs}
        print(f"  fitted without folds {sorted(excluded)}: {len(rows)} questions", file=sys.stderr, flush=True)
    return out


def out_of_fold(
    runs: Sequence[dict[str, Any]], scores: dict[frozenset[int], dict[int, np.ndarray]]
) -> dict[int, np.ndarray]:
    """Each development question's candidate logits from the model that left its fold out."""
    fold = fold_of_splits(runs)
    return {
        i: scores[frozenset({fold[runs[i]["split"]]})][i] for i in scores[frozenset({0})] if runs[i]["split"] in fold
    }


def question_scores(
    logits: dict[int, np.ndarray], pairs: dict[int, Pairs]
) -> tuple[dict[int, float], dict[int, float]]:
    """A question's best pair, and its draft's best pair (the best pair when the draft quotes no candidate)."""
    best = {i: float(z.max()) for i, z in logits.items()}
    draft = {i: float(z[pairs[i].draft].max()) if pairs[i].draft.any() else best[i] for i, z in logits.items()}
    return best, draft


def report(name: str, runs: Sequence[dict[str, Any]], score: dict[int, float]) -> str:
    """The three AUCs of ``answer_selector_interaction.py`` over the questions ``score`` holds."""

    def values(test: Callable[[dict[str, Any]], bool]) -> list[float]:
        return [v for i, v in score.items() if test(runs[i])]

    fd_cd = auc(
        values(lambda r: r["rules_outcome"] == "false_decline"),
        values(lambda r: r["rules_outcome"] == "correct_decline"),
    )
    ans = auc(values(lambda r: r["category"] != "unanswerable"), values(lambda r: r["category"] == "unanswerable"))
    right = auc(
        values(lambda r: r["rules_outcome"] == "correct"), values(lambda r: r["rules_outcome"] == "hallucinated")
    )
    return (
        f"{name:26} AUC false vs correct declines {fd_cd:.3f} · answerable vs unanswerable {ans:.3f} · "
        f"rules' correct vs hallucinated {right:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=Path, required=True, help="answer_selector_data.py --out")
    parser.add_argument("--models", default=",".join(MODELS), help="comma-separated names of MODELS to compare")
    parser.add_argument("--scores", type=Path, default=None, help="write the cross-fitted scores of --model here")
    parser.add_argument("--model", default="mlp", help="with --scores: the MODELS name to cross-fit")
    args = parser.parse_args()
    runs: list[dict[str, Any]] = json.loads(args.runs.read_text("utf-8"))
    if any("holdout" in r["split"] or r["split"] == "test" for r in runs):
        raise SystemExit("held-out rows are never read here")
    qv, pairs = load(runs)
    development = {i for i in pairs if runs[i]["split"] not in FRESH}
    print(
        f"{len(runs)} questions ({len(development)} development with candidates); "
        f"{sum(len(pairs[i].labels) for i in development)} pairs; draft quotes a candidate in "
        f"{sum(bool(pairs[i].draft.any()) for i in development)}"
    )
    singles = [frozenset({f}) for f in range(FOLDS)]
    cosine = {i: (pairs[i].sentences @ qv[i]).astype(np.float64) for i in development}
    for label, score in zip(("cosine best", "cosine draft"), question_scores(cosine, pairs), strict=True):
        print(report(label, runs, score))
    for name in args.models.split(","):
        oof = out_of_fold(runs, cross_fitted(MODELS[name], runs, qv, pairs, singles))
        for label, score in zip(("best", "draft"), question_scores(oof, pairs), strict=True):
            print(report(f"{name} {label}", runs, score), flush=True)
    if args.scores is not None:
        sets = [frozenset(), *singles, *(frozenset(p) for p in itertools.combinations(range(FOLDS), 2))]
        scores = cross_fitted(MODELS[args.model], runs, qv, pairs, sets)
        payload = {
            "model": args.model,
            "folds": fold_of_splits(runs),
            "ids": [r["id"] for r in runs],
            "scores": {tuple(sorted(e)): {runs[i]["id"]: z for i, z in s.items()} for e, s in scores.items()},
            "draft": {runs[i]["id"]: pairs[i].draft for i in pairs},
        }
        with args.scores.open("wb") as handle:
            pickle.dump(payload, handle)
        print(f"cross-fitted scores of {args.model} ({len(sets)} fits) written to {args.scores}")


if __name__ == "__main__":
    main()
