"""Verification of an answer against the knowledge base (seed 002 ``verify``): per-claim support and a confidence.

Each claim (a sentence of the answer, citation markers removed) is searched for in the knowledge base on its own;
the judge (:mod:`agentcore.rag.citations`) scores how well the best evidence found supports it.  Unlike citation
coverage, verification does not trust the answer's own citations: a claim counts only if the knowledge base holds
evidence for it.

``confidence`` = the mean of the per-claim support scores (0 for an answer without claims), in [0, 1].
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agentcore.rag.citations import SupportJudge, answer_sentences
from agentcore.rag.models import Hit

__all__ = ["ClaimCheck", "Search", "VerifyReport", "verify_answer"]

Search = Callable[[str], Awaitable[Sequence[Hit]]]
"""``await search(claim)`` → evidence hits, best first."""

MAX_CLAIMS = 8


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """One claim: whether the knowledge base supports it, the score, and the best evidence chunk."""

    claim: str
    supported: bool
    score: float
    evidence_id: str | None = None
    evidence_title: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "claim": self.claim,
            "supported": self.supported,
            "score": round(self.score, 4),
            "evidence_id": self.evidence_id,
            "evidence_title": self.evidence_title,
        }


@dataclass(frozen=True)
class VerifyReport:
    """Per-claim results and the overall confidence."""

    confidence: float
    claims: list[ClaimCheck] = field(default_factory=list)
    judge: str = "lexical"

    @property
    def supported(self) -> int:
        """How many claims are supported."""
        return sum(c.supported for c in self.claims)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "confidence": round(self.confidence, 4),
            "supported": self.supported,
            "claims": [c.to_dict() for c in self.claims],
            "judge": self.judge,
        }


async def verify_answer(
    answer: str, search: Search, judge: SupportJudge, *, max_claims: int = MAX_CLAIMS
) -> VerifyReport:
    """Check every claim of ``answer`` (at most ``max_claims``, the first ones) against evidence from ``search``.

    Raises:
        whatever ``search`` raises (callers run this inside a tool, whose runner reports it).
    """
    claims = [s.text for s in answer_sentences(answer)][:max_claims]
    if not claims:
        return VerifyReport(0.0, [], judge.name)
    evidence = await asyncio.gather(*(search(claim) for claim in claims))
    items = [(claim, [f"{h.title}\n{h.text}" for h in hits]) for claim, hits in zip(claims, evidence, strict=True)]
    scores = await judge.judge(items)
    checks = []
    for claim, hits, row in zip(claims, evidence, scores, strict=True):
        if not row:
            checks.append(ClaimCheck(claim, False, 0.0))
            continue
        best = max(range(len(row)), key=lambda i: row[i])
        hit = hits[best]
        checks.append(ClaimCheck(claim, row[best] >= judge.threshold, row[best], hit.id, hit.title))
    confidence = sum(c.score for c in checks) / len(checks)
    return VerifyReport(confidence, checks, judge.name)
