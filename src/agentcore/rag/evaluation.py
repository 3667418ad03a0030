"""Retrieval quality on a labelled query set: nDCG@k (graded, linear gain as in trec_eval) and Recall@k.

Metrics are computed over documents: a run's chunk hits are collapsed to the ranked list of distinct doc ids
(first occurrence wins).  Queries without relevant documents (type ``unanswerable``) are left out of the means.

Eval file format (JSON list)::

    {"id": "q01", "query": "...", "type": "keyword|paraphrase|multihop|unanswerable", "relevant": {"doc-id": 1..3}}
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class EvalQuery:
    """One labelled query."""

    id: str
    query: str
    type: str
    relevant: dict[str, int]


def load_eval_set(path: Path) -> list[EvalQuery]:
    """Read an eval file.

    Raises:
        OSError, ValueError (bad JSON or missing fields).
    """
    data = json.loads(path.read_text("utf-8"))
    if not isinstance(data, list):
        raise ValueError("eval set must be a JSON list")
    return [
        EvalQuery(str(item["id"]), str(item["query"]), str(item.get("type", "")), dict(item.get("relevant") or {}))
        for item in data
    ]


def unique_docs(doc_ids: Iterable[str]) -> list[str]:
    """Doc ids in first-seen order."""
    return list(dict.fromkeys(doc_ids))


def dcg(gains: Sequence[float]) -> float:
    """Discounted cumulative gain with linear gains: ``Σ g_i / log2(i + 1)``, ranks from 1."""
    return sum(gain / math.log2(rank + 1) for rank, gain in enumerate(gains, start=1))


def ndcg_at_k(ranked: Sequence[str], relevant: dict[str, int], k: int = 10) -> float:
    """nDCG@k of a ranked doc list against graded judgements (0 when nothing is relevant)."""
    ideal = dcg(sorted(relevant.values(), reverse=True)[:k])
    if ideal <= 0:
        return 0.0
    return dcg([relevant.get(doc, 0) for doc in ranked[:k]]) / ideal


def recall_at_k(ranked: Sequence[str], relevant: dict[str, int], k: int = 10) -> float:
    """Share of relevant docs found in the first ``k`` (0 when nothing is relevant)."""
    wanted = {doc for doc, grade in relevant.items() if grade > 0}
    if not wanted:
        return 0.0
    return len(wanted & set(ranked[:k])) / len(wanted)


@dataclass
class RunScores:
    """Mean metrics of one retrieval configuration, overall and per query type."""

    ndcg: float
    recall: float
    by_type: dict[str, tuple[float, float]] = field(default_factory=dict)
    per_query: dict[str, tuple[float, float]] = field(default_factory=dict)


def evaluate(queries: Sequence[EvalQuery], search: Callable[[str], Sequence[str]], k: int = 10) -> RunScores:
    """Score ``search`` (query → ranked doc ids, e.g. from chunk hits) on the answerable queries."""
    per_query: dict[str, tuple[float, float]] = {}
    by_type_lists: dict[str, list[tuple[float, float]]] = {}
    for query in queries:
        if not query.relevant:
            continue
        ranked = unique_docs(search(query.query))
        scores = (ndcg_at_k(ranked, query.relevant, k), recall_at_k(ranked, query.relevant, k))
        per_query[query.id] = scores
        by_type_lists.setdefault(query.type, []).append(scores)
    values = list(per_query.values())

    def mean(items: list[tuple[float, float]], index: int) -> float:
        return sum(item[index] for item in items) / len(items) if items else 0.0

    by_type = {kind: (mean(items, 0), mean(items, 1)) for kind, items in sorted(by_type_lists.items())}
    return RunScores(mean(values, 0), mean(values, 1), by_type, per_query)


def engine_search(engine: Any, mode: str | None, depth: int = 50, **kwargs: Any) -> Callable[[str], list[str]]:
    """A ``search`` callable for :func:`evaluate` over a :class:`~agentcore.rag.engine.RagEngine`."""

    def run(query: str) -> list[str]:
        return [hit.doc_id for hit in engine.search(query, depth, mode=mode, **kwargs)]

    return run
