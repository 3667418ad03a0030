"""Re-selection: when the focus check leaves a part of the question unanswered, offer it other sentences of the hit
sections (issue 18, false declines).

The extractive composer (:mod:`agentcore.rag.answer`) chooses the sentences of a hit section that share most of the
question's words; the focus check (:mod:`agentcore.rag._focus`) then asks whether a shown sentence *answers* each
part.  The two disagree often: the composer quotes «Доступ к рабочим системам выдаётся по заявке…» for «кто
согласует доступ к продовым серверам», the check rejects it, and the sentence naming who approves stands two
sentences below in the same section.  :func:`reselection_candidates` ranks, for each part left unanswered, the other
sentences and list items of the sections the answer cites (then of the context's first passages) — a sentence that
gives the kind of value the part asks for first, then by the share of the part's subject terms it holds with its
section's heading — and returns a few of them as answer lines citing their passage.  :func:`answers_more` says
whether the focus check, given one more sentence, answers strictly more parts and none fewer, and
:func:`holds_what_it_adds` whether the sentence holds each part it adds word for word (the weak-evidence standard:
the focus check's paraphrase tests are what near misses pass by) — a part asking a value only.

Nothing here decides an answer: a candidate is shown only through :func:`agentcore.rag.trust.trusted_answer`, so it
passes the claim guard like any claim, and the focus check's rules are unchanged (it is only given better
candidates).  The number of candidates is bounded (:data:`RESELECT_CANDIDATES`), each costing one focus check.
"""

from __future__ import annotations

from collections.abc import Sequence

from agentcore.rag._evidence import lexically_answered
from agentcore.rag._focus import SLOT_ASKS, FocusCheck, supplies_asked, term_share
from agentcore.rag.answer import quotable_lines, with_marker
from agentcore.rag.citations import ComposedContext
from agentcore.text.message import question_of

__all__ = [
    "RESELECT_CANDIDATES",
    "RESELECT_PASSAGES",
    "answers_more",
    "holds_what_it_adds",
    "reselection_candidates",
]

RESELECT_PASSAGES = 3
"""How many passages the candidates come from: those the answer cites first, then the context's first ones."""

RESELECT_CANDIDATES = 4
"""How many extra sentences the focus check is offered at most (one focus check each)."""

RESELECT_PER_PART = 2
"""How many candidates one unanswered part contributes at most (the best ranked for it)."""


def reselection_candidates(
    question: str,
    focus: FocusCheck,
    context: ComposedContext,
    cited: Sequence[int],
    shown: Sequence[str],
) -> list[str]:
    """Answer lines (``"• text [n]."`` for a list item, ``"text [n]."`` for a sentence) that may answer the parts
    ``focus`` leaves unanswered, best first, at most :data:`RESELECT_CANDIDATES`.

    Args:
        cited: the context numbers the answer's claims cite, in order (their sections are searched first).
        shown: the texts already shown (never offered again).
    """
    question = question_of(question)  # the value a part asks is read from the asking sentences of a message
    order = [n for n in dict.fromkeys(cited) if context.get(n) is not None]
    order += [p.index for p in context.passages if p.index not in order]
    known = {_plain(text) for text in shown}
    lines: list[tuple[str, str, bool, int]] = []  # (text, heading, item, passage)
    for number in order[:RESELECT_PASSAGES]:
        passage = context.get(number)
        assert passage is not None
        for text, item in quotable_lines(passage.text):
            if _plain(text) not in known:
                known.add(_plain(text))
                lines.append((text, passage.title, item, number))
    ranked: list[list[int]] = []
    for part, answered in zip(focus.parts, focus.answered, strict=True):
        if answered:
            continue
        scored = []
        for k, (text, heading, _, _) in enumerate(lines):
            share = term_share(part, [heading, text])
            gives = part.asks not in SLOT_ASKS or supplies_asked(part.asks, text, question, part)
            if share > 0 and gives:
                scored.append((-share, k))
        ranked.append([k for _, k in sorted(scored)[:RESELECT_PER_PART]])
    chosen: list[int] = []
    for position in range(RESELECT_PER_PART):  # round robin over the parts: each gets its best first
        for per_part in ranked:
            if position < len(per_part) and per_part[position] not in chosen:
                chosen.append(per_part[position])
    out = []
    for k in chosen[:RESELECT_CANDIDATES]:
        text, _, item, number = lines[k]
        marked = with_marker(text, f"[{number}]")
        out.append(f"• {marked}" if item else marked)
    return out


def holds_what_it_adds(
    before: FocusCheck, after: FocusCheck, sentences: Sequence[str], headings: Sequence[str]
) -> bool:
    """Whether every part ``after`` answers and ``before`` did not asks a value and is held by one of the added
    ``sentences`` (with its ``headings``) word for word — stricter than the standard of weak evidence
    (:func:`agentcore.rag._evidence.lexically_answered`: every subject term but a bare number, at least two — a verb
    too).  The composer did not choose these sentences: the focus check's paraphrase tests (a shared stem, the e5
    cosine) are what a near miss passes by («подрядчикам дни здоровья положены?» by the sentence on employees' days;
    «кто назначает наставника» by what the mentor does, the verb being exempt on weak evidence), so a re-selected
    sentence must say the part itself.  A part asking no value (a procedure, a
    definition) is answered by the composer's steps or defining sentence, never by one re-selected sentence."""
    gained = [
        part for part, was, now in zip(before.parts, before.answered, after.answered, strict=True) if now and not was
    ]
    return all(
        part.asks in SLOT_ASKS
        and lexically_answered(FocusCheck((part,), (True,)), sentences, headings, verbs_may_differ=False)
        for part in gained
    )


def answers_more(before: FocusCheck, after: FocusCheck) -> bool:
    """Whether ``after`` answers every part ``before`` answers and at least one more (the same parts)."""
    if len(before.parts) != len(after.parts):
        return False
    pairs = list(zip(before.answered, after.answered, strict=True))
    return all(b <= a for b, a in pairs) and any(a and not b for b, a in pairs)


def _plain(text: str) -> str:
    """``text`` compared as words (case, punctuation and spacing ignored)."""
    return " ".join("".join(ch.lower() if ch.isalnum() else " " for ch in text).split())
