"""``QAService``: one-shot retrieve-and-answer — the research agent's fallback when its step limit runs out.

Search once (the router picks the mode), number the hits, and answer from them: with a real provider the model
writes the answer from the numbered context (the Russian prompt of :mod:`agentcore.rag.answer`, citations ``[n]``);
on the offline provider, or when the model fails or answers nothing, the cited extractive answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from agentcore.apps.research.retrieval import Retriever
from agentcore.llm.models import LLMMessage, LLMRequest
from agentcore.rag.answer import answer_messages
from agentcore.rag.citations import ComposedContext, cited_extractive_answer, compose_context
from agentcore.trace.logs import step_logger

__all__ = ["QAResult", "QAService"]

logger = step_logger("qa", "agentcore.research.qa")

QA_TOP_K = 5


@dataclass(frozen=True)
class QAResult:
    """The answer (``None`` when the context holds none), its context, how it was made, the retrieval mode, and the
    searcher's verdict on the evidence (``answerable``, ``confidence``)."""

    answer: str | None
    context: ComposedContext
    source: Literal["llm", "extractive"]
    mode: str
    answerable: bool = True
    confidence: float | None = None


class QAService:
    """Retrieve and answer in one go.

    Args:
        retriever: the retrieval door.
        gateway: the LLM gateway (``None`` or the offline provider: extractive answers).
        top_k: how many hits to answer from.
    """

    def __init__(self, retriever: Retriever, gateway: Any | None = None, top_k: int = QA_TOP_K) -> None:
        self.retriever = retriever
        self.gateway = gateway
        self.top_k = top_k

    async def answer(self, question: str, collection: str | None = None) -> QAResult:
        """Answer ``question`` from ``collection`` (the active one by default).

        Raises:
            RetrievalError: the search failed (unknown or empty collection, invalid question).
        """
        result = await self.retriever.aretrieve(question, self.top_k, collection=collection)
        context = compose_context(result.hits, self.top_k)
        verdict = (result.answerable, result.confidence)
        if not result.answerable:  # the searcher found no strong evidence: no answer rather than a guess
            return QAResult(None, context, "extractive", result.mode, *verdict)
        provider = getattr(getattr(self.gateway, "provider", None), "name", "offline")
        if self.gateway is not None and provider != "offline" and context.passages:
            messages = [
                LLMMessage(role="system" if m["role"] == "system" else "user", content=m["content"])
                for m in answer_messages(question, context.hits())
            ]
            try:
                response = await self.gateway.request(LLMRequest(messages=messages, step="research.qa"))
                text = (response.content or "").strip()
                if text:
                    return QAResult(text, context, "llm", result.mode, *verdict)
            except Exception as exc:  # the extractive answer is always available
                logger.warning("answer // LLM answer failed, answering extractively: %s", exc)
        answer = cited_extractive_answer(question, context, trust_order=True)
        return QAResult(answer, context, "extractive", result.mode, *verdict)
