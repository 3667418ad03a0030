from __future__ import annotations

import pytest

from agentcore.rag import reciprocal_rank_fusion


def test_doc_at_ranks_one_and_three_scores_1_61_plus_1_63() -> None:
    fused = dict(reciprocal_rank_fusion([["a", "b", "c"], ["c", "x", "a"]], k=60))
    assert fused["a"] == pytest.approx(1 / 61 + 1 / 63)
    assert fused["a"] == pytest.approx(0.03227, abs=1e-5)
    assert fused["b"] == pytest.approx(1 / 62)


def test_order_limit_and_ties() -> None:
    fused = reciprocal_rank_fusion([["a", "b"], ["b", "a"], ["c"]], limit=2)
    assert [item for item, _ in fused] == ["a", "b"]  # a and b tie; first seen wins
    assert fused[0][1] == pytest.approx(1 / 61 + 1 / 62)


def test_weights_and_duplicates() -> None:
    fused = dict(reciprocal_rank_fusion([["a", "a", "b"], ["b"]], weights=[2.0, 1.0]))
    assert fused["a"] == pytest.approx(2 / 61)
    assert fused["b"] == pytest.approx(2 / 63 + 1 / 61)


def test_invalid_parameters() -> None:
    with pytest.raises(ValueError):
        reciprocal_rank_fusion([["a"]], k=0)
    with pytest.raises(ValueError):
        reciprocal_rank_fusion([["a"], ["b"]], weights=[1.0])
