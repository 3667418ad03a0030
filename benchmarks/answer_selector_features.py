"""Features of the learned answer selector for its measurement: the package's own (:mod:`agentcore.rag._selector`,
one implementation — ``agentcore ask`` runs the same code), plus the training labels from key facts.

:func:`labels`: a sentence holding a key fact of an answerable question is positive, every sentence of an
unanswerable question is negative (``benchmarks/answer_selector_train.py`` fits and measures the selector).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from research_answer_eval import holds

from agentcore.rag._selector import FEATURES, RULES_FEATURES, Candidate, candidates, features, shown_in

__all__ = ["FEATURES", "RULES_FEATURES", "Candidate", "candidates", "features", "labels", "shown_in"]


def labels(found: Sequence[Candidate], category: str, key_facts: Sequence[str]) -> Any:
    """1 for a candidate holding a key fact (any «|» alternative, as the answer evaluation reads it) of an
    answerable or partial question, else 0; every candidate of an unanswerable question is 0."""
    import numpy as np

    facts = [] if category == "unanswerable" else list(key_facts)
    return np.array([float(any(holds(c.text, fact) for fact in facts)) for c in found], dtype=np.float64)
