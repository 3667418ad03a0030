"""The local e5 engine's wrapper: a question embedded alone a second time costs no model pass."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from agentcore.llm import _local_embeddings


class _CountingModel:
    """The engine's interface (``query``/``passage`` → rows), counting its passes."""

    def __init__(self) -> None:
        self.passes: list[tuple[str, list[str]]] = []

    def _rows(self, kind: str, texts: list[str]) -> Any:
        self.passes.append((kind, list(texts)))
        return [[float(len(t)), 1.0 if kind == "query" else 0.0] for t in texts]

    def query(self, texts: list[str]) -> Any:
        return self._rows("query", texts)

    def passage(self, texts: list[str]) -> Any:
        return self._rows("passage", texts)


@pytest.fixture
def model(monkeypatch: pytest.MonkeyPatch) -> _CountingModel:
    fake = _CountingModel()
    monkeypatch.setattr(_local_embeddings, "_model", lambda: fake)
    monkeypatch.setattr(_local_embeddings, "_QUERIES", type(_local_embeddings._QUERIES)())
    return fake


def test_a_question_embedded_again_is_looked_up(model: _CountingModel) -> None:
    first = _local_embeddings.embed_local_array(["сколько дней отпуска"], "query")
    first[0, 0] = -1.0  # a caller's change does not reach the remembered vector
    second = _local_embeddings.embed_local_array(["сколько дней отпуска"], "query")
    assert model.passes == [("query", ["сколько дней отпуска"])]
    assert second.shape == (1, 2) and second[0, 0] == len("сколько дней отпуска")


def test_passages_and_batches_always_reach_the_model(model: _CountingModel) -> None:
    for _ in range(2):
        _local_embeddings.embed_local_array(["текст"], "passage")
        _local_embeddings.embed_local_array(["а", "б"], "query")
    assert len(model.passes) == 4
    assert np.array_equal(_local_embeddings.embed_local_array(["а"], "query"), [[1.0, 1.0]])


def test_only_the_last_questions_are_remembered(model: _CountingModel, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_local_embeddings, "_QUERIES_LIMIT", 2)
    for text in ("один", "два", "три", "один"):
        _local_embeddings.embed_local_array([text], "query")
    assert [texts for _, texts in model.passes] == [["один"], ["два"], ["три"], ["один"]]
