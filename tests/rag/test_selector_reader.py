"""The interaction reader's cross-fitting (``benchmarks/answer_selector_reader.py``, ``answer_selector_train.Reader``):
no score the selector is fitted or tested on may come from a reader that saw the left-out split."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import numpy as np

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _module(name: str) -> Any:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    return importlib.import_module(name)


def _question(train: Any, split: str, n: int = 3) -> Any:
    record = {"id": f"{split}-q", "split": split, "category": "answerable", "rules_outcome": "correct"}
    return train.Question(record, [f"s{k}" for k in range(n)], np.zeros((n, 2)), np.zeros(n))


def test_the_selector_never_reads_a_reader_that_saw_the_left_out_split_or_the_questions_own() -> None:
    train = _module("answer_selector_train")
    folds = {"a": 0, "b": 1, "c": 0}
    reader = train.Reader(folds, {}, {})
    # the left-out question itself and a training question of the same fold: the reader without that fold
    assert reader.excluded(_question(train, "a"), "a") == (0,)
    assert reader.excluded(_question(train, "c"), "a") == (0,)
    # a training question of another fold: the reader without both folds
    assert reader.excluded(_question(train, "b"), "a") == (0, 1)
    # fitted on every split: a development question reads its out-of-fold reader, a fresh one the full reader
    assert reader.excluded(_question(train, "b"), None) == (1,)
    assert reader.excluded(_question(train, "dev36"), None) == ()
    assert reader.excluded(_question(train, "dev36"), "a") == (0,)


def test_the_reader_columns_are_the_logit_its_margin_and_the_drafts_best() -> None:
    train = _module("answer_selector_train")
    question = _question(train, "a")
    reader = train.Reader({"a": 0}, {(0,): {"a-q": np.array([0.5, 2.0, -1.0])}}, {"a-q": np.array([1, 0, 1], bool)})
    columns = reader.columns(question, (0,))
    assert columns[:, 0].tolist() == [0.5, 2.0, -1.0]
    assert columns[:, 1].tolist() == [-1.5, 0.0, -3.0]
    assert columns[:, 2].tolist() == [0.5, 0.5, 0.5]  # the draft quotes the first and the third


def test_the_reader_learns_a_pair_signal_and_stops_early_on_whole_splits() -> None:
    reader = _module("answer_selector_reader")
    rng = np.random.default_rng(0)
    dim = 8
    questions = rng.standard_normal((40, dim)).astype(np.float32)
    questions /= np.linalg.norm(questions, axis=1, keepdims=True)
    pairs = {}
    for i in range(40):
        sentences = rng.standard_normal((6, dim)).astype(np.float32)
        sentences[0] = questions[i] + 0.1 * sentences[0]  # the positive lies next to its question
        sentences /= np.linalg.norm(sentences, axis=1, keepdims=True)
        pairs[i] = reader.Pairs(sentences, np.array([1.0, 0, 0, 0, 0, 0]), np.zeros(6, bool))
    kind = reader.Kind(hidden=4, rank=2, epochs=5, early=True, rate=1e-2, batch=32)
    model = reader.fit(kind, questions, pairs, list(range(40)), lambda i: f"s{i % 10}")
    logits = [model.logits(questions[i], pairs[i].sentences) for i in range(40)]
    assert np.mean([z.argmax() == 0 for z in logits]) > 0.9
