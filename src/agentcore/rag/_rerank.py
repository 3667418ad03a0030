"""Reordering hits by a language model.

The local, deterministic second stage is part of every search (:mod:`agentcore.rag._ranking`, run by
:meth:`agentcore.rag.searcher.Searcher.retrieve`).  With a real provider configured, :func:`arerank` can ask the
model for a 0–10 relevance score per hit (structured output, step ``rag.rerank``); on the offline provider, or on
any error, the hits keep the order the local ranker gave them.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from pydantic import BaseModel, Field

from agentcore.rag.models import Hit

logger = logging.getLogger("agentcore.rag._rerank")

LLM_PASSAGE_CHARS = 600


def _ranked(hits: list[tuple[Hit, float]], top_k: int | None) -> list[Hit]:
    ordered = sorted(hits, key=lambda pair: (-pair[1], pair[0].rank))
    limit = len(ordered) if top_k is None else top_k
    return [
        replace(hit, score=float(score), rank=rank, retriever="rerank")
        for rank, (hit, score) in enumerate(ordered[:limit], start=1)
    ]


class PassageScore(BaseModel):
    """The LLM's relevance judgement of one numbered passage."""

    index: int = Field(description="номер фрагмента из списка")
    score: float = Field(ge=0, le=10, description="релевантность вопросу от 0 до 10")


class RerankJudgement(BaseModel):
    """Structured output of the LLM reranker."""

    scores: list[PassageScore]


def rerank_messages(query: str, hits: list[Hit]) -> list[dict[str, str]]:
    """The Russian prompt for LLM reranking (system + user message dicts)."""
    passages = "\n\n".join(f"[{i}] {hit.title}\n{hit.text[:LLM_PASSAGE_CHARS]}" for i, hit in enumerate(hits, start=1))
    system = (
        "Ты оцениваешь, насколько фрагменты базы знаний помогают ответить на вопрос. "
        "Для каждого фрагмента поставь оценку от 0 (не относится к вопросу) до 10 (прямо отвечает на вопрос). "
        "Верни оценки всех фрагментов по их номерам."
    )
    user = f"Вопрос: {query}\n\nФрагменты:\n{passages}"
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


async def llm_rerank(query: str, hits: list[Hit], gateway: Any, top_k: int | None = None) -> list[Hit]:
    """Reorder ``hits`` by LLM scores (``gateway.parse`` with :class:`RerankJudgement`, step ``rag.rerank``).

    Hits the model did not score keep their order after the scored ones.

    Raises:
        whatever the gateway raises (callers wanting a fallback use :func:`arerank`).
    """
    from agentcore.llm.models import LLMMessage, LLMRequest

    if not hits:
        return []
    messages = [LLMMessage(role=m["role"], content=m["content"]) for m in rerank_messages(query, hits)]
    judgement = await gateway.parse(LLMRequest(messages=messages, step="rag.rerank", temperature=0), RerankJudgement)
    scores: dict[int, float] = {}
    for item in judgement.scores:
        if 1 <= item.index <= len(hits):
            scores.setdefault(item.index, item.score)
    if not scores:
        raise ValueError("LLM reranker scored no passage")
    # Unscored hits get -1 so they follow every scored one, in their original order.
    return _ranked([(hit, scores.get(i, -1.0)) for i, hit in enumerate(hits, start=1)], top_k)


async def arerank(query: str, hits: list[Hit], gateway: Any | None = None, top_k: int | None = None) -> list[Hit]:
    """LLM rerank when ``gateway`` talks to a real provider; else, or on any error, ``hits`` as given (cut to
    ``top_k``) — they come from the searcher, already ordered by the local ranker."""
    provider = getattr(getattr(gateway, "provider", None), "name", "offline")
    if gateway is not None and provider != "offline" and hits:
        try:
            return await llm_rerank(query, hits, gateway, top_k)
        except Exception as exc:  # any provider/parse failure: the local order is always available
            logger.warning("rerank // LLM rerank failed, keeping the local order: %s", exc)
    return hits if top_k is None else hits[:top_k]
