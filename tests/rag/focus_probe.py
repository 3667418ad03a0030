"""Probes shared by the focus-check tests: an embedder that finds nothing close in meaning, so a test sees the
lexical decision alone, and one question against one sentence through the public ``check_focus``."""

from __future__ import annotations

import numpy as np

from agentcore.rag import check_focus


def far_embed(texts: list[str], kind: str) -> np.ndarray:
    """An embedder that finds nothing close in meaning (the lexical decision alone)."""
    rows = np.zeros((len(texts), 4))
    rows[:, 0 if kind == "query" else 1] = 1.0
    return rows


def answers(question: str, sentence: str, heading: str = "") -> bool:
    """Whether ``sentence`` (under ``heading``) answers ``question`` by the focus check, meaning left out."""
    passage = f"{heading}\n{sentence}" if heading else sentence
    headings = [heading] if heading else []
    return not check_focus(question, [sentence], [passage], headings=headings, embed=far_embed).decline
