"""What of an answer the user may see: the one answer-trust pipeline of every surface that answers from passages.

The research agent (``agentcore ask``, ``POST /research``, the SSE ``final``, ``/v1``) and the RAG service
(``POST /search``, the assistant's ``rag_search``) show an answer only through :func:`trusted_answer`:

1. the answer is split into claims (:func:`agentcore.rag.claims.read_claims`: sentences, list items, table rows,
   every citation form);
2. each claim is checked against the passages it cites, else the other passages (:func:`~agentcore.rag.claims.
   check_claims`: the lexical score and the deterministic guard; a model judge, when given, may only downgrade);
3. the supported claims are checked against the question (:func:`agentcore.rag._focus.check_focus`): an answer to
   another question is declined, and the parts of the question no shown claim answers are named — after a
   re-selection (:mod:`agentcore.rag._reselect`): a part left unanswered is offered a few other sentences of the
   hit sections, ranked for it, and one that makes the (unchanged) check answer more parts is added as a claim, the
   answer with it checked again from step 1;
4. on weak evidence (the searcher's calibrated verdict ``answerable is False``) an answer stands only when every part
   it answers is held word for word by one shown sentence (:func:`agentcore.rag._evidence.lexically_answered`);
5. the supported claims are rendered (:func:`~agentcore.rag.claims.render_claims`): each with its citation, numbered
   1..k by first use, and the closing line «В документах не нашлось: …» when a part is missing.  No claim left — the
   caller declines («В базе знаний нет ответа…»).

The caller decides what to do with the warnings (an unreadable judge reply) and the verdicts: the research agent
writes them to its trace, the RAG service into its response (:meth:`TrustedAnswer.metadata`).

:func:`answer_search` is the RAG service's answer to one search (``POST /search``, ``agentcore rag search``): the
extractive draft of the hits (the selection the research agent's ``compose_context`` drafts with), or a model's
answer, through :func:`trusted_answer`, then a trailing «Источники: [1] …» line naming the cited sections (the
seed's client prints only the answer text, so its markers must resolve there).

:func:`checked_restatement` holds a restatement of a shown answer — a structured answer's field, written by one more
model call (``/v1`` ``response_format``, a forced ``tool_choice``) — to the same check, with the shown answer's
claims as the only evidence (:func:`shown_evidence`): what the shown answer does not hold is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from agentcore.rag._evidence import lexically_answered
from agentcore.rag._focus import FocusCheck, check_focus
from agentcore.rag._focus.parts import describe
from agentcore.rag._focus_judge import FocusRuling, rule_focus
from agentcore.rag._reselect import answers_more, holds_what_it_adds, reselection_candidates
from agentcore.rag.answer import decline
from agentcore.rag.citations import (
    ComposedContext,
    CoverageReport,
    LexicalJudge,
    LLMJudge,
    Passage,
    SupportJudge,
    citation_coverage,
    cited_extractive_answer,
    compose_context,
)
from agentcore.rag.claims import (
    MISSING_PREFIX,
    CheckedClaim,
    Claim,
    ClaimReport,
    RenderedAnswer,
    check_claims,
    read_claims,
    removed_part,
    render_claims,
)
from agentcore.rag.models import SearchResult
from agentcore.text.clauses import without_clause_opener

__all__ = [
    "SOURCES_LABEL",
    "Restatement",
    "SearchAnswer",
    "TrustedAnswer",
    "answer_search",
    "checked_restatement",
    "claim_metadata",
    "claims_shown",
    "removed_entry",
    "shown_coverage",
    "shown_evidence",
    "trusted_answer",
]

SOURCES_LABEL = "Источники:"
"""The line after a search answer naming its cited sections («Источники: [1] Отпуск; [2] Зарплата.»)."""

RESELECT = True
"""Whether a part the focus check leaves unanswered is offered other sentences of the hit sections
(:mod:`agentcore.rag._reselect`; issue 18: the composer's sentence was rejected while the answering one stood beside
it)."""

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
        why: per part of ``focus``, why the rules leave it unanswered (``""`` when answered; :func:`~agentcore.rag.
            _focus.check.why_not`) — read by the check itself only for the focus judge (:attr:`_Check.why`), else
            ``None``.
    """

    report: ClaimReport
    rendered: RenderedAnswer
    focus: FocusCheck
    weak: bool
    why: tuple[str, ...] | None = None

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
    reselect: bool = False,
    focus_judge: bool = True,
) -> TrustedAnswer:
    """Check ``answer`` to ``question`` claim by claim (see the module docstring) and render what may be shown.

    Args:
        answer: the answer (a model's, or the extractive draft) citing ``context``'s passages.
        context: the numbered passages the answer cites.
        pool: other passages found for the question (a claim they hold is re-pointed to them).
        judge: a model judge that may downgrade supported claims, or ``None`` (the deterministic guard alone).
        answerable: the searcher's verdict on the evidence; ``False`` holds the answer to the lexical standard.
        reselect: ``answer`` is the extractive composer's draft of ``context``: a part the focus check leaves
            unanswered may be answered by another sentence of the hit sections (:mod:`agentcore.rag._reselect`).  A
            model's answer is not re-selected: what it claims is checked, never completed by quotes.
        focus_judge: with a model ``judge`` (:class:`~agentcore.rag.citations.LLMJudge`), whether the model reads
            the question against the supported sentences after the rules (:func:`_focus_judged`; the setting
            ``RAG_FOCUS_JUDGE``).  Never called with the lexical judge or none: offline answers are the rules'.
    """
    model = judge.gateway if focus_judge and isinstance(judge, LLMJudge) else None
    check = _Check(question, context, pool=pool, judge=judge, answerable=answerable, why=model is not None)
    trusted = await _reselected(check, answer, reselect=reselect)
    if model is None:
        return trusted
    return await _focus_judged(check, trusted, model)


@dataclass(frozen=True)
class _Check:
    """What every check of one run's answers reads besides the answer — the arguments of :func:`trusted_answer`
    that :func:`_checked` (the draft, the draft with re-selected sentences) and :func:`_focus_judged` share.

    Attributes:
        why: whether the focus check also records why each part is unanswered (:attr:`TrustedAnswer.why`): only
            when the focus judge will read it, so an offline check runs exactly as it always did.
    """

    question: str
    context: ComposedContext
    pool: Sequence[Passage] = ()
    judge: Any | None = None
    answerable: bool | None = None
    why: bool = False


async def _reselected(check: _Check, answer: str, *, reselect: bool) -> TrustedAnswer:
    """Steps 1–5 of the module docstring on ``answer``, with the re-selection of step 3 when ``reselect``."""
    question, context = check.question, check.context
    trusted = await _checked(check, answer)
    if not (reselect and RESELECT) or all(trusted.focus.answered):
        return trusted
    # The focus check left a part unanswered: offer it the other sentences of the hit sections, ranked for that
    # part (agentcore.rag._reselect), and keep those that make it answer more parts; the answer with them goes
    # through the whole check again (each added sentence is a claim like any other).
    report = trusted.report
    # the claims the guard supports (on a decline the focus check marked them «не отвечает на вопрос»)
    supported = [c for c in report.claims if c.status == "supported" or c.decided_by == "focus"]
    if not supported:  # the guard's decline, not the focus check's: the draft stated nothing the passages hold
        return trusted
    texts, headings, shown_headings = _shown(supported, report)
    passages = [f"{p.title}\n{p.text}" for p in report.passages.values()]
    cited = [n for c in report.claims for n in (c.sources or c.claim.citations)]
    focus, added = trusted.focus, list[str]()
    candidates = reselection_candidates(question, focus, context, cited, texts)
    if focus.decline:  # the draft's sentences answered nothing: the added ones replace them (below)
        texts, headings, shown_headings = [], [], []
    for line in candidates:
        checked = await check_claims(read_claims(line, context), context)
        if not checked.claims or any(c.status != "supported" for c in checked.claims):
            continue
        more, more_headings, more_shown = _shown(checked.claims, checked.passages)
        widened = check_focus(
            question,
            [*texts, *more],
            passages,
            headings=[*headings, *more_headings],
            shown_headings=[*shown_headings, *more_shown],
        )
        if answers_more(focus, widened) and holds_what_it_adds(focus, widened, more, more_shown):
            focus, added = widened, [*added, line]
            texts, headings, shown_headings = (
                [*texts, *more],
                [*headings, *more_headings],
                [*shown_headings, *more_shown],
            )
            if all(focus.answered):
                break
    if not added:
        return trusted
    # on a decline the draft's sentences are not shown beside the added ones (an answer about the question's section
    # that does not answer it)
    kept = [] if trusted.focus.decline else [answer.rstrip()]
    again = await _checked(check, "\n".join([*kept, *added]))
    if not (again.answered and answers_more(trusted.focus, again.focus)):
        return trusted
    if kept:
        return again
    # the draft's claims stay in the report, removed as «не отвечает на вопрос» (metadata.removed_claims)
    report = replace(again.report, claims=[*trusted.report.claims, *again.report.claims])
    return replace(again, report=report)


async def _focus_judged(check: _Check, trusted: TrustedAnswer, gateway: Any) -> TrustedAnswer:
    """``trusted`` with the model's reading of the question (:mod:`agentcore.rag._focus_judge`): one call, after the
    rules and the re-selection, so at most one per answer.  The rules' reasons per part are those the check that
    decided ``trusted`` recorded (``check.why``: :attr:`TrustedAnswer.why`) — the focus check runs once.

    The sentences offered are the claims the guard supported: those shown, and those the focus check removed as
    «не отвечает на вопрос».  A rescued part's sentences are shown (a claim the rules removed comes back supported,
    ``decided_by: "judge"``; a shown one is marked so too); a downgraded part is named in the closing line, and
    no part left answered removes every shown claim (``decided_by: "judge"``).  On weak evidence only downgrades
    are asked (the lexical standard refuses a part the rules could not match by its words); an answer removed for
    weak evidence is left as it is.  The call's warnings go to the report (the trace)."""
    if trusted.why is None:
        raise ValueError("the focus judge reads the reasons the check recorded: check with why=True")
    report, rules = trusted.report, trusted.focus
    if trusted.weak:
        return trusted
    offered = [c for c in report.claims if c.status == "supported" or c.decided_by == "focus"]
    if not offered:
        return trusted
    ruling = await rule_focus(
        gateway,
        check.question,
        [p.text for p in rules.parts],
        rules.answered,
        trusted.why,
        [(" / ".join(report.passages[n].title for n in c.sources), c.claim.text) for c in offered],
        rescue=check.answerable is not False,
    )
    if not ruling.asked:
        return trusted
    claims = _ruled_claims(report.claims, offered, ruling)
    report = replace(report, claims=claims, warnings=[*report.warnings, *ruling.warnings])
    missing = tuple(describe(p) for p, ok in zip(rules.parts, ruling.answered, strict=True) if not ok)
    focus = replace(trusted.focus, answered=ruling.answered, missing=missing)
    rendered = render_claims(report, missing=focus.missing, removed_hint=removed_part(check.question, report))
    return TrustedAnswer(report, rendered, focus, trusted.weak, trusted.why)


def _ruled_claims(
    claims: Sequence[CheckedClaim], offered: Sequence[CheckedClaim], ruling: FocusRuling
) -> list[CheckedClaim]:
    """The claims after the focus judge's ``ruling`` on the ``offered`` ones (see :func:`_focus_judged`)."""
    named = {id(offered[j]) for sentences in ruling.named.values() for j in sentences}
    declined = not any(ruling.answered)
    out = []
    for c in claims:
        if declined and c.status == "supported":
            c = replace(c, status="unsupported", missing=(OFF_QUESTION,), decided_by="judge")
        elif not declined and id(c) in named:
            c = replace(c, status="supported", missing=(), decided_by="judge")
        out.append(c)
    return out


def _shown(
    claims: Sequence[CheckedClaim], passages: Mapping[int, Passage] | ClaimReport
) -> tuple[list[str], list[str], list[str]]:
    """The texts of ``claims``, the titles of the sections they cite (one per citation) and, per claim, those titles
    on lines — what :func:`check_focus` reads as shown."""
    titles = passages.passages if isinstance(passages, ClaimReport) else passages
    texts = [c.claim.text for c in claims]
    headings = [titles[n].title for c in claims for n in c.sources]
    shown_headings = ["\n".join(titles[n].title for n in c.sources) for c in claims]
    if isinstance(passages, ClaimReport):
        # a table row is read with its table's header row (layout, not a claim: «Приоритет | … | Реакция | …» says
        # what the row's cells are), once per table, before the table's first row read
        header_of = _table_headers(passages)
        read: set[int] = set()
        with_headers: list[tuple[str, str]] = []
        for c, text, titled in zip(claims, texts, shown_headings, strict=True):
            header = header_of.get(c.claim.line)
            if header is not None and header.line not in read:
                read.add(header.line)
                with_headers.append((header.text, titled))
            with_headers.append((text, titled))
        texts, shown_headings = [t for t, _ in with_headers], [h for _, h in with_headers]
    return texts, headings, shown_headings


def _table_headers(report: ClaimReport) -> dict[int, Claim]:
    """The line of each table row of ``report`` → its table's header row (a layout line), when it has one."""
    rows = {c.claim.line for c in report.claims if c.claim.kind == "row"}
    out: dict[int, Claim] = {}
    for header in (c for c in report.layout if c.kind == "header"):
        line = header.line + 1
        while line in rows:
            out[line] = header
            line += 1
    return out


async def _checked(check: _Check, answer: str) -> TrustedAnswer:
    """Steps 1–5 of the module docstring on ``answer`` (:func:`trusted_answer` without the re-selection)."""
    question, context = check.question, check.context
    report = await check_claims(read_claims(answer, context), context, pool=check.pool, judge=check.judge)
    texts, headings, shown_headings = _shown(report.supported, report)
    why: list[str] | None = [] if check.why else None
    focus = check_focus(
        question,
        texts,
        [f"{p.title}\n{p.text}" for p in report.passages.values()],
        headings=headings,
        shown_headings=shown_headings,
        why=why,
    )
    # Evidence the searcher scored below its threshold (but at least its floor) is answered from only by the
    # question's own words: every answered part held whole by one shown sentence (agentcore.rag._evidence).
    weak = check.answerable is False and not focus.decline
    weak = weak and not lexically_answered(focus, texts, shown_headings)
    if focus.decline or weak:
        for i, c in enumerate(report.claims):
            if c.status == "supported":
                report.claims[i] = replace(c, status="unsupported", missing=(OFF_QUESTION,), decided_by="focus")
    # a claim the guard removed may have been the only one answering a part the focus check counts as answered
    # (one part «отпускные и квартальную премию», a heading «Отпускные и премии»): its words are named
    rendered = render_claims(report, missing=focus.missing, removed_hint=removed_part(question, report))
    return TrustedAnswer(report, rendered, focus, weak, None if why is None else tuple(why))


async def shown_coverage(
    rendered: RenderedAnswer, judge: SupportJudge, report: ClaimReport | None = None
) -> CoverageReport:
    """The citation coverage of the answer the user sees (``rendered``): its claims — without the closing line
    «В документах не нашлось: …», which states no fact — with their shown markers ``[k]`` resolving to
    ``rendered.sources`` numbered 1..k.  The draft or a model's answer before the claim check has its own coverage;
    ``metadata.coverage`` describes what is shown (review F16: it reported the draft's, e.g. 0.67 for an answer
    whose one false sentence had been removed).  No claim shown: coverage 0.

    ``report``: the claim check of ``rendered`` — with a model ``judge``, the check's verdicts stand for the claims
    the judge judged there and the rest are read by the lexical judge, so the model is asked once per claim, by the
    check (review finding 8: the coverage asked it again about every shown claim)."""
    if not rendered.answered:
        return CoverageReport(0.0, [], judge.name)
    context = ComposedContext(tuple(replace(p, index=k) for k, p in enumerate(rendered.sources, start=1)))
    if report is not None and judge.name != "lexical":
        judge = _CheckedVerdicts(report, judge)
    return await citation_coverage(claims_shown(rendered.text), context, judge)


def _claim_key(text: str) -> tuple[str, ...]:
    """A claim's words, lower-case, without the conjunctions a clause shown alone loses («а отпускные …»:
    :func:`agentcore.text.clauses.without_clause_opener`, read off until none is left, so a claim and its shown text
    have one key)."""
    text = text.strip()
    while (bare := without_clause_opener(text)) != text:
        text = bare
    return tuple(w.casefold() for w in re.findall(r"\w+", text))


class _CheckedVerdicts:
    """A support judge answering from a claim check's model verdicts (:attr:`CheckedClaim.judged`), for the claims
    the model judged; the lexical judge's verdict (1.0 or 0.0 at its own threshold) for the others.  Never calls
    the model."""

    def __init__(self, report: ClaimReport, judge: SupportJudge) -> None:
        self.name = judge.name
        self.threshold = judge.threshold
        self._judged = {_claim_key(c.claim.text): c.judged for c in report.claims if c.judged is not None}
        self._lexical = LexicalJudge()

    async def judge(self, items: Sequence[tuple[str, Sequence[str]]]) -> list[list[float]]:
        rows = []
        for claim, evidence in items:
            known = self._judged.get(_claim_key(claim))
            if known is not None:
                rows.append([known] * len(evidence))
            else:
                lexical = self._lexical
                rows.append([float(lexical.score(claim, text) >= lexical.threshold) for text in evidence])
        return rows


def claims_shown(text: str) -> str:
    """A rendered answer without its closing line «В документах не нашлось: …» (no claim: nothing to check)."""
    return "\n".join(line for line in text.splitlines() if not line.startswith(MISSING_PREFIX)).strip()


def claim_metadata(report: ClaimReport | None, rendered: RenderedAnswer | None, *, answered: bool) -> dict[str, Any]:
    """The documented claim fields of an answer — the research agent's ``final.metadata`` and the RAG service's
    ``/search`` response (``docs/research.md``, ``docs/rag.md``).

    ``claims`` — every claim checked, in order, with its ``status`` and the ``citations`` the user sees; a claim not
    shown keeps its status but not its text (``None``) nor what is missing in it, and cites nothing;
    ``removed_claims`` — the claims not shown (``claim``, ``status``, ``missing``, ``decided_by``), the only place
    their text goes; ``missing_parts`` — the parts of the question named in the closing line; ``grounded`` — an answer
    is shown and every shown claim is supported (only supported claims are shown).
    ``answered``: whether the answer shown is ``rendered``'s (not a decline).
    """
    numbering = rendered.numbering if rendered is not None and answered else {}
    return {
        "claims": [_claim_entry(c, numbering, report.passages) for c in report.claims] if report else [],
        "removed_claims": [removed_entry(c) for c in report.removed] if report else [],
        "missing_parts": list(rendered.missing) if rendered is not None and answered else [],
        "grounded": answered and report is not None,
    }


def removed_entry(claim: CheckedClaim) -> dict[str, Any]:
    """The ``removed_claims`` entry of a claim not shown: ``claim``, ``status``, ``missing``, ``decided_by``."""
    return {
        "claim": claim.claim.text,
        "status": claim.status,
        "missing": list(claim.missing),
        "decided_by": claim.decided_by,
    }


def _claim_entry(claim: CheckedClaim, numbering: dict[int, int], passages: dict[int, Passage]) -> dict[str, Any]:
    """The ``claims`` entry of ``claim``; a claim not shown keeps its status but not its text (``None``) nor what is
    missing in it — both are in ``removed_claims`` — and cites nothing shown."""
    entry = claim.to_dict(numbering, passages)
    if claim.status != "supported":
        entry.update(claim=None, missing=[], citations=[])
    return entry


AnswerSource = Literal["llm", "extractive", "none"]


@dataclass(frozen=True)
class SearchAnswer:
    """The RAG service's answer to one search.

    Attributes:
        text: the supported claims with their citations, the closing line when a part is missing and the
            «Источники: …» line; or the decline naming the closest sections.
        source: who wrote the claims shown — ``llm``, ``extractive`` — or ``none`` (a decline).
        trusted: the claim check (``None`` when nothing was checked: no evidence, or nothing to quote).
    """

    text: str
    source: AnswerSource
    trusted: TrustedAnswer | None = None

    @property
    def sources(self) -> list[Passage]:
        """The cited sections, the ``k``-th is ``[k]`` of the text (none for a decline)."""
        return list(self.trusted.rendered.sources) if self.trusted is not None and self.source != "none" else []

    def metadata(self) -> dict[str, Any]:
        """:func:`claim_metadata` of the answer shown (a decline: its removed claims only) and ``citations`` — the
        cited sections as ``{"index", "id", "ids", "doc_id", "title"}``, ``index`` being the ``[k]`` of the text and
        ``ids`` every chunk of the section it cites (``id`` the first)."""
        trusted, answered = self.trusted, self.source != "none"
        meta = claim_metadata(
            trusted.report if trusted else None, trusted.rendered if trusted else None, answered=answered
        )
        meta["citations"] = [
            {"index": k, "id": p.id, "ids": list(p.ids), "doc_id": p.doc_id, "title": p.title}
            for k, p in enumerate(self.sources, start=1)
        ]
        return meta


async def answer_search(
    question: str,
    result: SearchResult,
    answer: str | None = None,
    *,
    judge: Any | None = None,
    focus_judge: bool = True,
) -> SearchAnswer:
    """What the RAG service shows for ``question`` and its search ``result`` (see the module docstring).

    No evidence (no hit, or the searcher's verdict below even its floor: ``answerable`` and ``possible`` both false)
    is declined with the closest sections.  Otherwise the hits, numbered from 1, are the context; ``answer`` — a
    model's answer citing them as ``[n]`` — or, when it is ``None``, their extractive draft goes through
    :func:`trusted_answer` (on evidence below the threshold, by the lexical standard).  No claim surviving is a
    decline too.

    Args:
        judge: a model judge for the claims (with a model's answer), or ``None``.
        focus_judge: whether that model also reads the question against the supported sentences
            (:func:`trusted_answer`; the setting ``RAG_FOCUS_JUDGE``).
    """
    hits = result.hits
    if not hits or not (result.answerable or result.possible):
        return SearchAnswer(decline(hits), "none")
    context = compose_context(hits, len(hits))
    source: AnswerSource = "extractive" if answer is None else "llm"
    text = cited_extractive_answer(question, context, trust_order=True) if answer is None else answer
    if not text or not text.strip():
        return SearchAnswer(decline(hits), "none")
    trusted = await trusted_answer(
        question,
        text,
        context,
        judge=judge,
        answerable=result.answerable,
        reselect=answer is None,
        focus_judge=focus_judge,
    )
    if not trusted.answered:
        return SearchAnswer(decline(hits), "none", trusted)
    shown = SearchAnswer("", source, trusted)
    named = "; ".join(f"[{k}] {p.title}" for k, p in enumerate(shown.sources, start=1))
    return replace(shown, text=f"{trusted.rendered.text}\n{SOURCES_LABEL} {named}.")


# ------------------------------------------------------------------------------------- restatements
@dataclass(frozen=True)
class Restatement:
    """A restatement of a shown answer, checked.

    Attributes:
        text: the restatement with only the claims the shown answer holds (unchanged when it holds them all; ``""``
            when it holds none).
        removed: the dropped claims (:func:`removed_entry`, for ``metadata.removed_claims`` only — never shown).
    """

    text: str
    removed: list[dict[str, Any]]


def shown_evidence(shown: str, titles: Mapping[int, str] | None = None) -> ComposedContext:
    """The shown answer ``shown`` (its claims, which passed :func:`trusted_answer`, citing ``[k]``) as the evidence
    a restatement of it is checked against: passage ``k`` holds the shown claims citing ``[k]`` (titled
    ``titles[k]``), and one more passage the shown claims citing nothing (an uncited answer).  The closing line
    «В документах не нашлось: …» is no evidence (:func:`claims_shown`): it names what the answer lacks, so a
    restatement asserting it is not held (review rv2 F2).  The numbering is the shown one, so a restatement's
    ``[k]`` points where the shown answer's does."""
    titles = titles or {}
    claims = read_claims(claims_shown(shown))
    last = max((n for c in claims for n in c.citations), default=0)
    passages = [
        Passage(k, f"shown#{k}", f"shown-{k}", titles.get(k, ""), " ".join(c.text for c in claims if k in c.citations))
        for k in range(1, last + 1)
    ]
    uncited = " ".join(c.text for c in claims if not c.citations)
    passages.append(Passage(last + 1, f"shown#{last + 1}", f"shown-{last + 1}", "", uncited))
    return ComposedContext(tuple(passages))


async def checked_restatement(text: str, evidence: ComposedContext) -> Restatement:
    """``text`` with only the claims ``evidence`` (:func:`shown_evidence`) holds: each claim of ``text`` goes through
    :func:`~agentcore.rag.claims.check_claims` — the lexical score and the deterministic guard (every number, date,
    name and negation the same) — against the shown claims.  A text all of whose claims are held is returned as it
    is; otherwise its held claims, each with its citation, on their own lines."""
    from agentcore.rag.answer import with_marker

    report = await check_claims(read_claims(text, evidence), evidence)
    removed = [removed_entry(c) for c in report.removed]
    if not removed:
        return Restatement(text, [])
    lines: dict[int, list[str]] = {}
    for checked in report.supported:
        claim, cited = checked.claim, [n for n in checked.sources if n <= len(evidence.passages) - 1]
        marks = "".join(f"[{n}]" for n in dict.fromkeys(cited))
        lines.setdefault(claim.line, []).append(with_marker(claim.text, marks).strip() if marks else claim.text)
    kept = [f"{claim.prefix} {' '.join(lines[claim.line])}".strip() for claim in _first_of_lines(report)]
    return Restatement("\n".join(line for line in kept if line), removed)


def _first_of_lines(report: ClaimReport) -> list[Claim]:
    """One supported claim per answer line, in order (the line's prefix is rendered once)."""
    seen: dict[int, Claim] = {}
    for checked in report.supported:
        seen.setdefault(checked.claim.line, checked.claim)
    return [seen[n] for n in sorted(seen)]
