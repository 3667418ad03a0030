"""Reciprocal Rank Fusion (Cormack, Clarke, Büttcher 2009): ``score(d) = Σ_lists w / (k + rank(d))``.

Ranks start at 1 and ``k`` defaults to 60, the convention of Elasticsearch and OpenSearch: a document ranked 1st
in one list and 3rd in another scores ``1/61 + 1/63``.  (Qdrant's server-side RRF counts ranks from 0, so the
same fusion there needs ``k + 1``.)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

DEFAULT_RRF_K = 60


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[K]],
    k: int = DEFAULT_RRF_K,
    weights: Sequence[float] | None = None,
    limit: int | None = None,
) -> list[tuple[K, float]]:
    """Fuse ranked lists of ids.

    Args:
        rankings: each list holds ids best first (an id repeated within one list counts at its first rank).
        k: the rank constant (≥ 1).
        weights: one weight per list (default 1 each).
        limit: keep this many fused results (default all).

    Returns:
        ``[(id, score), ...]`` best first; ties keep the order in which ids were first seen.

    Raises:
        ValueError: ``k < 1`` or ``weights`` of the wrong length.
    """
    if k < 1:
        raise ValueError("RRF k must be >= 1")
    if weights is not None and len(weights) != len(rankings):
        raise ValueError("one weight per ranking is required")
    scores: dict[K, float] = {}
    for index, ranking in enumerate(rankings):
        weight = 1.0 if weights is None else weights[index]
        seen: set[K] = set()
        for rank, item in enumerate(ranking, start=1):
            if item in seen:
                continue
            seen.add(item)
            scores[item] = scores.get(item, 0.0) + weight / (k + rank)
    fused = sorted(scores.items(), key=lambda pair: -pair[1])  # stable: first-seen order breaks ties
    return fused if limit is None else fused[:limit]
