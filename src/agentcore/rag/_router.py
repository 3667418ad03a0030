"""Query router: pick the first-stage retriever for a query by explainable rules.

Rules, first match wins (the decision's ``reason``, in Russian, names the rule and the evidence):

1. an identifier or code (``TASK-12``, ``ERR_42``, ``ERR_TIMEOUT``, ``v2``, ``3DS``, ``INC0042``) → ``bm25`` —
   embeddings blur such tokens, exact term match does not;
2. otherwise → ``hybrid`` (BM25 and dense fused with RRF).

Measured on the labelled eval set (``benchmarks/rag_eval.py``), with the passage ranker on top: rule 1 lifts
keyword and multi-part questions (nDCG@10 0.927 vs 0.911 for always-hybrid on keyword questions).  Two earlier
rules were dropped because they lost to always-hybrid: quoted phrases → BM25 (BM25 has no phrase queries, so
quotes bought nothing) and long questions without rare words → dense (paraphrases scored lower than with hybrid).

Without an embedder every query goes to ``bm25`` and the reason says so.
"""

from __future__ import annotations

import re

from agentcore.rag.models import RouteDecision

_CODE_RES = (
    re.compile(r"\b[A-Za-z]+[-_]\d+[A-Za-z0-9]*\b"),  # TASK-12, ERR_42
    re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b"),  # ERR_TIMEOUT
    re.compile(r"\b(?=\w*\d)(?=\w*[^\W\d_])\w+\b"),  # letters mixed with digits: v2, 3DS, INC0042, 2ФА
)
_WORD_RE = re.compile(r"\w+")


def router_select(query: str, dense_available: bool = True) -> RouteDecision:
    """Decide which retriever answers ``query``.

    Args:
        query: the user's question.
        dense_available: whether an embedder is configured; when false the answer is always ``bm25``.

    Returns:
        the mode and the rule that fired, e.g. ``RouteDecision("bm25", "идентификатор или код в запросе:
        TASK-12 — нужно точное совпадение")``.
    """
    decision = _decide(query)
    if not dense_available and decision.mode != "bm25":
        return RouteDecision("bm25", f"плотные векторы не настроены (нет эмбеддера), поэтому bm25; {decision.reason}")
    return decision


def _decide(query: str) -> RouteDecision:
    for pattern in _CODE_RES:
        code = pattern.search(query)
        if code:
            return RouteDecision("bm25", f"идентификатор или код в запросе: {code.group(0)} — нужно точное совпадение")
    words = len(_WORD_RE.findall(query))
    reason = f"обычный вопрос (слов: {words}), без кодов: BM25 и векторный поиск, объединённые RRF"
    return RouteDecision("hybrid", reason)
