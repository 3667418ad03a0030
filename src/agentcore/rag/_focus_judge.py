"""The model's reading of the question against the shown sentences — the focus judge (issue 18).

The focus check (:func:`agentcore.rag._focus.check_focus`) decides by the question's words: a sentence answers a part
when it holds enough of the part's terms, or lies close to it by the e5 embedder.  A chat word or a paraphrase
(«привозят» for «пополняются», «сидим» for «находится») misses both, and the check throws away a sentence that holds
the answer; stop 40 measured that half of the rules' false declines are such (``docs/research.md``).  No offline
signal tells them from real near misses — it takes a reader of the question against the sentence.  With a model
configured (:class:`~agentcore.rag.citations.LLMJudge`, a real provider), that reader is asked, in one
structured-output call (step ``rag.focus``, temperature 0):

* for each part the rules leave unanswered **only for the question's terms** (:data:`TERM_REASONS`: no answer test
  held — the term share and the meaning tests fell short), which of the numbered guard-supported sentences answer
  it directly — a part the model answers with a sentence becomes answered (*rescued*);
* for each part the rules answered, the same — a part the model says no sentence answers becomes unanswered
  (*downgraded*).

A part the rules left unanswered for another reason (a value of the wrong kind, another subject, a reason not given,
a qualifier, a condition…) is not asked about: those are readings of the sentence, not of words.  The model only
ever chooses among the sentences the claim guard supported; a claim the guard (or the claim judge) failed is never
numbered, so it can never be shown.  A reply that cannot be read, or a provider failure, leaves the rules' verdict
with a warning; a flawed entry (a part or a sentence number out of range, a part listed twice) is ignored and named,
the well-formed entries stand — as the claim judge's (:func:`agentcore.rag.claims.check_claims`).

Offline (the lexical judge, or none) nothing here runs: :func:`agentcore.rag.trust.trusted_answer` calls it only with
an :class:`~agentcore.rag.citations.LLMJudge`, and the setting ``RAG_FOCUS_JUDGE=false`` turns it off.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

from agentcore.rag._numbered import Wording, read_numbered

__all__ = ["FOCUS_STEP", "TERM_REASONS", "FocusJudgement", "FocusRuling", "rule_focus"]

logger = logging.getLogger(__name__)

FOCUS_STEP = "rag.focus"
"""The gateway step of the focus judge's call."""

TERM_REASONS = frozenset({"no answer test", "no section answer"})
"""The reasons of :func:`agentcore.rag._focus.check.why_not` that say a part failed only for the question's terms:
a sentence gives the value asked and passed every filter (another subject, the qualifiers, the conditions…), or a
section passed every requirement, but neither the term share nor the tests by meaning held."""

_PARTS = Wording("часть", "предложения", "оценена")
"""The words of the reply's flaws («часть 1: предложения [9] вне списка», «часть 2 оценена дважды»)."""


class _PartSentences(BaseModel):
    part: int = Field(description="номер части вопроса")
    sentences: list[int] = Field(
        description="номера предложений, которые прямо отвечают на эту часть (пустой список, если таких нет)"
    )


class FocusJudgement(BaseModel):
    """Какие предложения отвечают на каждую часть вопроса."""

    parts: list[_PartSentences]


_FOCUS_SYSTEM = (
    "Ты проверяешь, отвечают ли предложения из документов на вопрос пользователя. Предложение отвечает на часть "
    "вопроса, если прямо даёт то, о чём она спрашивает (число, срок, место, человека, порядок действий, да или нет), "
    "пусть и другими словами: разговорные слова и синонимы вопроса не мешают. Предложение о другом предмете, другом "
    "случае или только на близкую тему — не ответ. Для каждой части вопроса перечисли номера отвечающих предложений "
    "(пустой список, если таких нет)."
)


@dataclass(frozen=True)
class FocusRuling:
    """The focus judge's verdict, applied to the rules'.

    Attributes:
        answered: per part of the question, whether it is answered (the rules' verdict where the model said nothing).
        rescued: the parts the rules left unanswered and the model answered.
        downgraded: the parts the rules answered and the model said no sentence answers.
        named: per rescued part, the sentences (0-based, in the order given) the model said answer it.
        warnings: for the trace — the call failed, the reply could not be read, entries ignored.
        asked: whether the model was called.
    """

    answered: tuple[bool, ...]
    rescued: tuple[int, ...] = ()
    downgraded: tuple[int, ...] = ()
    named: dict[int, tuple[int, ...]] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    asked: bool = False


async def rule_focus(
    gateway: Any,
    question: str,
    parts: Sequence[str],
    answered: Sequence[bool],
    why: Sequence[str],
    sentences: Sequence[tuple[str, str]],
    *,
    rescue: bool = True,
) -> FocusRuling:
    """Ask the model which of ``sentences`` answer each part in play (see the module docstring).

    Args:
        gateway: the LLM gateway (``parse`` is used).
        parts: the question's parts, as the focus check read them.
        answered: the rules' verdict per part.
        why: per part, why the rules leave it unanswered (``""`` when answered; :func:`~agentcore.rag._focus.check.
            why_not`).
        sentences: the guard-supported sentences, as ``(section title, text)``.
        rescue: whether an unanswered part may be rescued (``False`` on weak evidence: the lexical standard there
            refuses a part the rules could not match by its words, so only downgrades are asked for).

    Returns:
        the rules' verdict when no part is in play (no call) or the model's reply cannot be used; otherwise the
        verdict with the model's rescues and downgrades.
    """
    from agentcore.llm.models import LLMMessage, LLMRequest

    rules = tuple(answered)
    in_play = [i for i, ok in enumerate(rules) if ok or (rescue and why[i] in TERM_REASONS)]
    if not in_play or not sentences:
        return FocusRuling(rules)
    listed = "\n".join(f"{k}. {parts[i]}" for k, i in enumerate(in_play, start=1))
    shown = "\n".join(
        f"[{k}] {f'({title}) ' if title else ''}{text}" for k, (title, text) in enumerate(sentences, start=1)
    )
    messages = [
        LLMMessage(role="system", content=_FOCUS_SYSTEM),
        LLMMessage(role="user", content=f"Вопрос: {question}\n\nЧасти вопроса:\n{listed}\n\nПредложения:\n{shown}"),
    ]
    try:
        result = await gateway.parse(LLMRequest(messages=messages, step=FOCUS_STEP, temperature=0), FocusJudgement)
    except Exception as exc:  # a failure never decides anything: the rules' verdict stands
        unreadable = isinstance(exc, ValueError) or hasattr(exc, "raw_output")
        what = (
            "ответ модели о частях вопроса не удалось разобрать"
            if unreadable
            else "модель не ответила о частях вопроса"
        )
        logger.warning("focus // Model focus judge failed, ignored: %s", exc)
        return FocusRuling(rules, warnings=(f"{what}, ответ не учтён: {type(exc).__name__}",), asked=True)
    read = _read(result, len(in_play), len(sentences))
    if read is None:
        logger.warning("focus // Model focus judge reply cannot be read, ignored: %r", result)
        return FocusRuling(
            rules, warnings=("ответ модели о частях вопроса не удалось разобрать, он не учтён",), asked=True
        )
    replies, flaws = read
    warnings = (f"ответ модели о частях вопроса разобран не весь, не учтено: {'; '.join(flaws)}",) if flaws else ()
    if flaws:
        logger.warning("focus // Model focus judge reply partly ignored: %s", "; ".join(flaws))
    verdict, rescued, downgraded, named = list(rules), [], [], {}
    for k, i in enumerate(in_play):
        reply = replies[k]
        if reply is None:
            continue
        if rules[i] and not reply:
            verdict[i] = False
            downgraded.append(i)
        elif not rules[i] and reply:
            verdict[i] = True
            rescued.append(i)
            named[i] = reply
    return FocusRuling(tuple(verdict), tuple(rescued), tuple(downgraded), named, warnings, asked=True)


def _read(result: Any, parts: int, sentences: int) -> tuple[list[tuple[int, ...] | None], list[str]] | None:
    """Per part asked, the sentences (0-based) the reply names (``None``: no well-formed entry for it), and the
    flaws — :func:`agentcore.rag._numbered.read_numbered`'s contract: an entry whose part or any sentence number is
    out of range or of a wrong type is ignored and named; a part listed twice gets the union of its entries (one
    flaw); a part not listed is named.  ``None`` when no entry can be read."""
    read = read_numbered(getattr(result, "parts", None), "part", "sentences", [sentences] * parts, _PARTS)
    return None if read is None else (list(read.named), list(read.flaws))
