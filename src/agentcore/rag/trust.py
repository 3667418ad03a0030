"""What of an answer the user may see: the one answer-trust pipeline of every surface that answers from passages.

The research agent (``agentcore ask``, ``POST /research``, the SSE ``final``, ``/v1``) and the RAG service
(``POST /search``, the assistant's ``rag_search``) show an answer only through :func:`trusted_answer`:

1. the answer is split into claims (:func:`agentcore.rag.claims.read_claims`: sentences, list items, table rows,
   every citation form);
2. each claim is checked against the passages it cites, else the other passages (:func:`~agentcore.rag.claims.
   check_claims`: the lexical score and the deterministic guard; a model judge, when given, may only downgrade);
3. the supported claims are checked against the question (:func:`agentcore.rag._focus.check_focus`): an answer to
   another question is declined, and the parts of the question no shown claim answers are named;
4. on weak evidence (the searcher's calibrated verdict ``answerable is False``) an answer stands only when every part
   it answers is held word for word by one shown sentence (:func:`agentcore.rag._evidence.lexically_answered`);
5. the supported claims are rendered (:func:`~agentcore.rag.claims.render_claims`): each with its citation, numbered
   1..k by first use, and the closing line «В документах не нашлось: …» when a part is missing.  No claim left — the
   caller declines («В базе знаний нет ответа…»).

The caller decides what to do with the warnings (an unreadable judge reply) and the verdicts: the research agent
writes them to its trace, the RAG service into its response (:meth:`TrustedAnswer.metadata`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from agentcore.rag._evidence import lexically_answered
from agentcore.rag._focus import FocusCheck, check_focus
from agentcore.rag.citations import ComposedContext, Passage
from agentcore.rag.claims import ClaimReport, RenderedAnswer, check_claims, read_claims, render_claims

__all__ = ["TrustedAnswer", "claim_metadata", "trusted_answer"]

OFF_QUESTION = "не отвечает на вопрос"
"""What a supported claim the focus check (or the weak-evidence standard) removed is missing."""


@dataclass(frozen=True)
class TrustedAnswer:
    """The checked answer.

    Attributes:
        report: every claim with its verdict (a claim the question's check removed is ``unsupported``, decided by
            ``focus``), the passages checked against and the warnings.
        rendered: what the user sees (``rendered.text == ""``: no claim survived, the caller declines).
        focus: the question's check of the supported claims (its ``missing`` parts are named in the closing line).
        weak: the evidence was weak (``answerable is False``) and the shown sentences do not hold the question's own
            words, so every claim was removed.
    """

    report: ClaimReport
    rendered: RenderedAnswer
    focus: FocusCheck
    weak: bool

    @property
    def answered(self) -> bool:
        """Whether any claim survived."""
        return self.rendered.answered

    def metadata(self) -> dict[str, Any]:
        """The claim fields of a response (:func:`claim_metadata` of this answer)."""
        return claim_metadata(self.report, self.rendered, answered=self.answered)


async def trusted_answer(
    question: str,
    answer: str,
    context: ComposedContext,
    *,
    pool: Sequence[Passage] = (),
    judge: Any | None = None,
    answerable: bool | None = None,
) -> TrustedAnswer:
    """Check ``answer`` to ``question`` claim by claim (see the module docstring) and render what may be shown.

    Args:
        answer: the answer (a model's, or the extractive draft) citing ``context``'s passages.
        context: the numbered passages the answer cites.
        pool: other passages found for the question (a claim they hold is re-pointed to them).
        judge: a model judge that may downgrade supported claims, or ``None`` (the deterministic guard alone).
        answerable: the searcher's verdict on the evidence; ``False`` holds the answer to the lexical standard.
    """
    report = await check_claims(read_claims(answer, context), context, pool=pool, judge=judge)
    shown = report.supported
    headings = [report.passages[n].title for c in shown for n in c.sources]
    texts = [c.claim.text for c in shown]
    shown_headings = ["\n".join(report.passages[n].title for n in c.sources) for c in shown]
    focus = check_focus(
        question,
        texts,
        [f"{p.title}\n{p.text}" for p in report.passages.values()],
        headings=headings,
        shown_headings=shown_headings,
    )
    # Evidence the searcher scored below its threshold (but at least its floor) is answered from only by the
    # question's own words: every answered part held whole by one shown sentence (agentcore.rag._evidence).
    weak = answerable is False and not focus.decline
    weak = weak and not lexically_answered(focus, texts, shown_headings)
    if focus.decline or weak:
        for i, c in enumerate(report.claims):
            if c.status == "supported":
                report.claims[i] = replace(c, status="unsupported", missing=(OFF_QUESTION,), decided_by="focus")
    rendered = render_claims(report, missing=focus.missing)
    return TrustedAnswer(report, rendered, focus, weak)


def claim_metadata(report: ClaimReport | None, rendered: RenderedAnswer | None, *, answered: bool) -> dict[str, Any]:
    """The documented claim fields of an answer (``docs/research.md``, ``docs/rag.md``).

    ``claims`` — every claim with ``status`` and the ``citations`` the user sees; ``removed_claims`` — the claims not
    shown (``claim``, ``status``, ``missing``); ``missing_parts`` — the parts of the question named in the closing
    line; ``grounded`` — an answer is shown and every shown claim is supported (only supported claims are shown).
    ``answered``: whether the answer shown is ``rendered``'s (not a decline).
    """
    numbering = rendered.numbering if rendered is not None and answered else {}
    return {
        "claims": [c.to_dict(numbering, report.passages) for c in report.claims] if report else [],
        "removed_claims": [
            {"claim": c.claim.text, "status": c.status, "missing": list(c.missing)} for c in report.removed
        ]
        if report
        else [],
        "missing_parts": list(rendered.missing) if rendered is not None and answered else [],
        "grounded": answered and report is not None,
    }
