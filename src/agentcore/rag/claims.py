"""Claim-level grounding of an answer: split it into claims, check each against its evidence, show only what holds.

An answer — written by a model or quoted by the extractive answerer — is split into **claims**: sentences, list
items and table rows (:func:`read_claims`, which also reads every citation form models write, see
:mod:`agentcore.rag._markers`).  Each claim gets a status (:func:`check_claims`):

* ``supported`` — a passage it cites holds it: most of its content terms are there (the lexical score of
  :class:`~agentcore.rag.citations.LexicalJudge`) **and** the deterministic guard passes — every number, date,
  amount, duration, percentage, time, proper name and negation of the claim is present and the same in the passage
  (:func:`agentcore.rag._facts.guard`).  Failing its own citations, any other passage of the run that holds it
  supports it, and the claim's citation is re-pointed there;
* ``contradicted`` — a passage speaks of the same thing (the lexical score passes) but states a different fact;
* ``unsupported`` — otherwise.

The guard runs whatever judges.  A model judge (when a model is configured) is asked only about the claims the
guard passed and may only downgrade them; a judge reply that cannot be read is ignored, with a warning, and of a
reply read in part the well-formed verdicts stand (its «no» downgrades) and the flawed entries are ignored, with a
warning.

:func:`render_claims` writes what the user sees: the supported claims only, each once (a claim that says nothing
an earlier shown claim does not — «Кроме того: <the same sentence>» — is not shown again), each ending with its
citation, renumbered 1..k by first use with one number per source section (document + section title), and — when a
part of the question is not in the documents — one closing line «В документах не нашлось: …» naming that part.  A
removed claim is never named (it goes to ``removed``); when every part of the question is answered, removing a
claim adds no closing line.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from agentcore.rag._analysis import Analyzer, get_analyzer
from agentcore.rag._facts import guard, normalise_numbers, values_of
from agentcore.rag._markers import read_lines, sentence_citations
from agentcore.rag.citations import ComposedContext, Passage, Verdicts
from agentcore.text.clauses import without_clause_opener

__all__ = [
    "LAYOUT",
    "MISSING_PREFIX",
    "CheckedClaim",
    "Claim",
    "ClaimReport",
    "RenderedAnswer",
    "check_claims",
    "read_claims",
    "refinement_words",
    "render_claims",
]

logger = logging.getLogger("agentcore.rag.claims")

Status = Literal["supported", "unsupported", "contradicted"]
MISSING_PREFIX = "В документах не нашлось:"
SUPPORT_THRESHOLD = 0.6
JUDGE_MISSING = "судья-модель: не следует"
"""What a claim the model judge downgraded is missing (no fact of the claim: the judge names none)."""
_WINDOW = 3  # evidence sentences the guard reads: the ones sharing most terms with the claim
LAYOUT = ("heading", "header")
"""Line kinds that are layout, not claims: a Markdown heading and a table's header row (never checked; shown while
something under them is)."""


@dataclass(frozen=True)
class Claim:
    """One claim of an answer.

    Attributes:
        text: the claim without citation markers.
        citations: the context passages it cites (1-based numbers of the context).
        line: the answer line it stands on (claims of one line are rendered together).
        prefix: the list marker of its line (``"1."``, ``"•"``) or ``""``.
        kind: ``sentence``, ``item`` (a list item), ``row`` (a table row) or ``lead`` (a line announcing a list);
            the layout kinds ``heading`` (a Markdown heading) and ``header`` (a table's header row) are no claims.
        clause: 0 for a sentence (or its first clause); ``k`` for the ``k``-th clause after it of a sentence whose
            clauses cite different sources (each clause is a claim, see :func:`agentcore.rag._markers.cited_clauses`).
    """

    text: str
    citations: tuple[int, ...] = ()
    line: int = 0
    prefix: str = ""
    kind: str = "sentence"
    clause: int = 0


@dataclass(frozen=True)
class CheckedClaim:
    """A claim with its verdict: ``status``, the passages that support it (``sources``: context numbers, possibly
    re-pointed), the best lexical ``score``, what the guard found missing, and who decided (``guard``, ``judge``)."""

    claim: Claim
    status: Status
    sources: tuple[int, ...] = ()
    score: float = 0.0
    missing: tuple[str, ...] = ()
    repointed: bool = False
    decided_by: str = "guard"
    judged: float | None = None
    """The model judge's best score of the claim on its ``sources`` (``None``: no model judged it) — what the shown
    answer's coverage reuses rather than asking the judge again (review finding 8, ``rag.trust.shown_coverage``)."""

    def to_dict(
        self, numbering: dict[int, int] | None = None, passages: dict[int, Passage] | None = None
    ) -> dict[str, Any]:
        """The documented ``metadata.claims`` entry: ``claim``, ``status``, ``supported``, ``citations`` (the
        numbers the user sees, when ``numbering`` is given), ``score``, ``missing``, ``repointed``, and the
        supporting passage's ``evidence_id`` / ``evidence_title`` (when ``passages`` are given)."""
        shown = [numbering[s] for s in self.sources if s in numbering] if numbering else list(self.sources)
        evidence = passages.get(self.sources[0]) if passages and self.sources else None
        return {
            "evidence_id": evidence.id if evidence else None,
            "evidence_title": evidence.title if evidence else None,
            "claim": self.claim.text,
            "status": self.status,
            "supported": self.status == "supported",
            "citations": list(dict.fromkeys(shown)),
            "score": round(self.score, 4),
            "missing": list(self.missing),
            "repointed": self.repointed,
            "decided_by": self.decided_by,
        }


@dataclass
class ClaimReport:
    """Every claim checked, the passages they were checked against, warnings for the trace, and the answer's layout
    lines (headings, table header rows: :data:`LAYOUT`), which are not claims."""

    claims: list[CheckedClaim]
    passages: dict[int, Passage]
    warnings: list[str] = field(default_factory=list)
    layout: list[Claim] = field(default_factory=list)

    @property
    def supported(self) -> list[CheckedClaim]:
        """The supported claims."""
        return [c for c in self.claims if c.status == "supported"]

    @property
    def removed(self) -> list[CheckedClaim]:
        """The claims that are not supported."""
        return [c for c in self.claims if c.status != "supported"]


def read_claims(answer: str, context: ComposedContext | None = None) -> list[Claim]:
    """The claims of ``answer`` with the context passages each cites (every marker form, see
    :mod:`agentcore.rag._markers`; a trailing «Источники: …» block is not part of the answer)."""
    from agentcore.rag.answer import is_item_label
    from agentcore.text.sentences import split_sentences

    claims: list[Claim] = []
    for number, line in enumerate(read_lines(answer, context)):
        if line.kind in ("row", "lead", *LAYOUT):
            claims.append(Claim(line.text, line.citations or line.paragraph, number, line.prefix, line.kind))
            continue
        first, newline, code = line.raw.partition("\n")
        pieces = split_sentences(first)
        parts = sentence_citations(pieces, context)
        if line.kind == "item" and len(parts) > 1 and is_item_label(parts[0][0]) and not parts[1][2]:
            # «- **Суточные.** 700 ₽ за каждый день …»: an item's label names what its sentence is about and says
            # nothing by itself — one claim with the sentence, or that sentence is read without its subject
            (label, cited, _), (text, more, clause) = parts[0], parts[1]
            parts = [(f"{label} {text}", tuple(dict.fromkeys(cited + more)), clause), *parts[2:]]
        for position, (text, cited, clause) in enumerate(parts):
            if code and position == len(parts) - 1:
                text += newline + code  # a list item's code lines stay below it
            # a claim without a marker of its own cites what its paragraph's «Источник: …» line names
            claims.append(Claim(text, cited or line.paragraph, number, line.prefix, line.kind, clause))
    return claims


# ------------------------------------------------------------------------------------------- support
def _evidence_window(claim: str, passage: Passage, analyzer: Analyzer) -> str:
    """The title and the passage sentences sharing most terms with ``claim`` (the guard reads these, not the whole
    passage, so a number stated elsewhere in it does not vouch for the claim)."""
    from agentcore.text.sentences import split_sentences

    terms = analyzer.term_set(claim)
    units = [s for line in passage.text.splitlines() for s in split_sentences(line) if s.strip()]
    ranked = sorted(units, key=lambda s: -len(terms & analyzer.term_set(s)))
    return passage.title + "\n" + "\n".join(ranked[:_WINDOW])


def _lexical(claim: str, passage: Passage, analyzer: Analyzer) -> float:
    terms = analyzer.term_set(claim)
    if not terms:
        return 1.0 if claim.strip(" .:;-") == "" else 0.0
    found = analyzer.term_set(f"{passage.title}\n{passage.text}")
    return len(terms & found) / len(terms)


def _verdict(claim: Claim, passage: Passage, analyzer: Analyzer) -> tuple[float, bool, tuple[str, ...], bool]:
    """(lexical score, guard passed, what is missing, conflict) of ``claim`` against one passage."""
    score = _lexical(claim.text, passage, analyzer)
    if score < SUPPORT_THRESHOLD:
        return score, False, (), False
    result = guard(claim.text, _evidence_window(claim.text, passage, analyzer))
    return score, result.ok, result.missing, result.conflict


async def check_claims(
    claims: Sequence[Claim],
    context: ComposedContext,
    *,
    pool: Sequence[Passage] = (),
    judge: Any | None = None,
    analyzer: Analyzer | None = None,
) -> ClaimReport:
    """Decide ``supported`` / ``unsupported`` / ``contradicted`` for every claim (see the module docstring).

    Args:
        claims: from :func:`read_claims`.
        context: the numbered passages the claims cite.
        pool: the run's other passages (not in ``context``); a claim they support is re-pointed to them and they
            get numbers after the context's.
        judge: a model judge (:class:`~agentcore.rag.citations.LLMJudge`) or ``None``; it can only downgrade.
    """
    analyzer = analyzer or get_analyzer()
    passages: dict[int, Passage] = {p.index: p for p in context.passages}
    known = {p.id for p in context.passages}
    extra = [p for p in pool if p.id not in known]
    for offset, passage in enumerate(extra, start=len(passages) + 1):
        passages[offset] = Passage(
            offset, passage.id, passage.doc_id, passage.title, passage.text, passage.source, passage.score
        )
    checked: list[CheckedClaim] = []
    for claim in claims:
        if claim.kind not in LAYOUT:
            checked.append(_check_one(claim, passages, analyzer))
    report = ClaimReport(checked, passages, layout=[c for c in claims if c.kind in LAYOUT])
    if judge is not None and getattr(judge, "name", "lexical") != "lexical":
        await _apply_judge(report, judge)
    return report


def _check_one(claim: Claim, passages: dict[int, Passage], analyzer: Analyzer) -> CheckedClaim:
    cited = [passages[n] for n in claim.citations if n in passages]
    best_score, conflict = 0.0, False
    best_missing: tuple[str, ...] = ()
    for passage in cited:
        score, ok, missing, clash = _verdict(claim, passage, analyzer)
        if ok:
            return CheckedClaim(claim, "supported", (passage.index,), score)
        if score > best_score or (score == best_score and missing):
            best_score, best_missing = score, missing
        conflict = conflict or clash
    # Not held by what it cites: any other passage of the run that holds it takes the citation.
    others = sorted(
        (p for p in passages.values() if p.index not in claim.citations),
        key=lambda p: -_lexical(claim.text, p, analyzer),
    )
    for passage in others[:6]:
        score, ok, missing, clash = _verdict(claim, passage, analyzer)
        if ok:
            return CheckedClaim(claim, "supported", (passage.index,), score, repointed=True)
        if score >= SUPPORT_THRESHOLD and missing and not best_missing:
            best_missing = missing
        conflict = conflict or clash
        best_score = max(best_score, score)
    status: Status = "contradicted" if conflict else "unsupported"
    return CheckedClaim(claim, status, (), best_score, best_missing)


async def _apply_judge(report: ClaimReport, judge: Any) -> None:
    """Ask the model judge about the supported claims; a ``no`` downgrades, an unreadable reply is ignored.

    A judge with a strict ``verdicts`` method (:class:`~agentcore.rag.citations.LLMJudge`) is asked through it: its
    failures raise and its junk replies come back as ``None``, so both are ignored here with a warning — never
    replaced by another judge's scores.  A judge with only ``judge`` is asked through that."""
    indices = [i for i, c in enumerate(report.claims) if c.status == "supported"]
    if not indices:
        return
    items = []
    for i in indices:
        claim = report.claims[i]
        items.append(
            (claim.claim.text, [f"{report.passages[n].title}\n{report.passages[n].text}" for n in claim.sources])
        )
    strict = getattr(judge, "verdicts", None)
    try:
        reply = await (strict(items) if strict is not None else judge.judge(items))
    except Exception as exc:  # a judge failure never decides anything: the guard's verdicts stand
        unreadable = isinstance(exc, ValueError) or hasattr(exc, "raw_output")  # a reply that does not parse
        what = "ответ судьи-модели не удалось разобрать" if unreadable else "судья-модель не ответил"
        report.warnings.append(f"{what}, его ответ не учтён: {type(exc).__name__}")
        logger.warning("claims // Model judge failed, ignored: %s", exc)
        return
    rows, flaws = (reply.rows, reply.flaws) if isinstance(reply, Verdicts) else (reply, ())
    if not _well_formed(rows, items):
        report.warnings.append("ответ судьи-модели не удалось разобрать, он не учтён")
        logger.warning("claims // Model judge reply cannot be read, ignored: %r", reply)
        return
    if flaws:  # the well-formed verdicts stand (a «no» downgrades), the flawed entries are ignored
        report.warnings.append(f"ответ судьи-модели разобран не весь, не учтён: {'; '.join(flaws)}")
        logger.warning("claims // Model judge reply partly ignored: %s", "; ".join(flaws))
    threshold = float(getattr(judge, "threshold", 0.5))
    for i, row in zip(indices, rows, strict=True):
        if row is None:
            continue
        old, best = report.claims[i], max(row, default=0.0)
        if best < threshold:
            report.claims[i] = CheckedClaim(
                old.claim, "unsupported", (), old.score, (JUDGE_MISSING,), old.repointed, "judge", best
            )
        else:
            report.claims[i] = replace(old, judged=best)


def _well_formed(reply: Any, items: Sequence[tuple[str, Sequence[str]]]) -> bool:
    """A row per item (``None``: that claim unjudged), each a score in [0, 1] per evidence text."""
    if not isinstance(reply, list) or len(reply) != len(items):
        return False
    for row, (_, evidence) in zip(reply, items, strict=True):
        if row is None:
            continue
        if not isinstance(row, list) or len(row) != len(evidence):
            return False
        if not all(isinstance(x, int | float) and not isinstance(x, bool) and 0.0 <= x <= 1.0 for x in row):
            return False
    return True


# ------------------------------------------------------------------------------------------ rendering
def refinement_words(
    claims: Sequence[CheckedClaim], known: AbstractSet[str], analyzer: Analyzer | None = None
) -> list[str]:
    """The words of unsupported ``claims`` a refinement query searches for: the words (longer than two letters)
    whose terms the run's passages lack (not all in ``known``), in order, once each — never a value the guard
    rejected.  A value the guard found false or absent (a number with its unit, a time, a name, a negation, a
    qualifier: :attr:`CheckedClaim.missing`) is not searched for and so is not written to the trace as the search's
    query (review F11: «… за 5 дней …» sent «5 дней» to the search, while a removed claim's text goes only to
    ``metadata.removed_claims``); nor is a value of the claims (a number with its unit, a time, a name) the passages
    lack, which the guard did not get to read.  Number words are read as digits first («сорок пять» is «45»)."""
    analyzer = analyzer or get_analyzer()
    rejected = analyzer.term_set(" ".join(m for c in claims for m in c.missing if m != JUDGE_MISSING))
    # a value of the claim no passage holds is absent too, also when the guard never read the claim (its words
    # too far from every passage: «… начинается 25 марта …» has no ``missing``)
    for claim in claims:
        for value in values_of(claim.claim.text):
            if not analyzer.term_set(value) <= known:
                rejected |= analyzer.term_set(value)
    words: list[str] = []
    for claim in claims:
        for word in re.findall(r"[\w-]+", normalise_numbers(claim.claim.text)):
            terms = analyzer.term_set(word)
            if len(word) > 2 and terms and not terms <= known and not terms & rejected:
                words.append(word)
    return list(dict.fromkeys(words))


@dataclass(frozen=True)
class RenderedAnswer:
    """What the user sees.

    Attributes:
        text: the supported claims with their citations ``[k]`` and, when needed, the closing line; ``""`` when no
            claim survives (the caller declines).
        sources: the cited passages in the order of their new numbers 1..k (one per document section).
        numbering: context number → shown number.
        removed: the claims not shown (for ``metadata.removed_claims``).
        missing: the parts of the question named in the closing line.
    """

    text: str
    sources: list[Passage]
    numbering: dict[int, int]
    removed: list[CheckedClaim]
    missing: list[str]

    @property
    def answered(self) -> bool:
        """Whether any claim survived."""
        return bool(self.text)


def render_claims(report: ClaimReport, *, missing: Sequence[str] = (), removed_hint: str = "") -> RenderedAnswer:
    """The supported claims of ``report`` as the answer (see the module docstring).

    Clauses of one sentence shown together keep their joint («…числа [1], а отпускные … [2].»); a clause shown
    alone is a sentence of its own.  Table rows stay table rows; a heading or a table's header row is shown while a
    claim under it is.  A source section cited through several of its chunks is listed once, with the text of every
    cited chunk (the claim under its number is in the listed passage).

    Args:
        missing: the parts of the question the documents do not answer (named in the closing line).
        removed_hint: a part of the question to name when claims were removed and ``missing`` is empty (the
            caller knows which part they answered); without it, a removal alone adds no closing line.
    """
    kept = _without_repeats(report.supported)
    numbering, sources = _numbered_sources(kept, report.passages)
    shown = {id(c) for c in kept}
    position = {id(c): i for i, c in enumerate(report.claims)}
    lines: dict[int, list[str]] = {}
    prefixes: dict[int, str] = {}
    for checked in kept:
        claim, i = checked.claim, position[id(checked)]
        marks = "".join(f"[{k}]" for k in dict.fromkeys(numbering[n] for n in checked.sources))
        after = claim.clause > 0 and id(report.claims[i - 1]) in shown
        following = report.claims[i + 1] if i + 1 < len(report.claims) else None
        before = following is not None and following.claim.clause > 0 and id(following) in shown
        lines.setdefault(claim.line, []).append(_shown_claim(claim, marks, after=after, before=before))
        prefixes[claim.line] = claim.prefix
    _add_layout(report, lines, prefixes)
    _unnumber_broken_lists(prefixes)
    body = [f"{prefixes[n]} {' '.join(parts)}".strip() for n, parts in sorted(lines.items())]
    removed = report.removed
    named = list(dict.fromkeys(m for m in missing if m))
    if not named and removed and removed_hint:
        named = [removed_hint]
    if body and named:
        body.append(f"{MISSING_PREFIX} {'; '.join(named)}.")
    return RenderedAnswer("\n".join(body) if kept else "", sources, numbering, removed, named)


def removed_part(question: str, report: ClaimReport) -> str:
    """The words of ``question`` naming what only removed claims spoke of — its subject words (``subject_terms``)
    that a claim the guard or the judge removed holds and no shown claim's text holds (a section heading answers
    nothing) — in the question's own words («квартальную премию» of «Когда перечисляют отпускные и квартальную
    премию?» when the premium's claim was removed); ``""`` when the removal left no such word.  Never the removed
    claim's text: that goes only to ``removed``."""
    from agentcore.rag._focus.parts import subject_terms
    from agentcore.text.message import question_of

    question = question_of(question)  # a message's context names no part of the question
    lost_claims = [c for c in report.removed if c.decided_by != "focus"]
    if not lost_claims or not report.supported:
        return ""
    analyzer = get_analyzer()
    shown = set().union(*(analyzer.term_set(c.claim.text) for c in report.supported))
    lost = set().union(*(analyzer.term_set(c.claim.text) for c in lost_claims)) - shown
    subjects = set().union(*(analyzer.term_set(t) for t in subject_terms(question)), set())
    runs: list[list[str]] = [[]]
    for word in re.findall(r"[\w-]+", question):
        terms = analyzer.term_set(word)
        if terms and terms <= lost and terms & subjects:
            runs[-1].append(word)
        elif runs[-1]:
            runs.append([])
    return ", ".join(" ".join(run) for run in runs if run)


def _numbered_sources(
    kept: Sequence[CheckedClaim], passages: dict[int, Passage]
) -> tuple[dict[int, int], list[Passage]]:
    """Context number → shown number (1..k by first use, one per document section), and the listed sources: each
    section's first cited chunk, holding the text and the ids (``section_ids``) of every chunk of the section the
    shown claims cite (so the passage listed, and a link to it, holds every claim citing its number)."""
    numbering: dict[int, int] = {}
    section_number: dict[tuple[str, str], int] = {}
    chunks: list[list[Passage]] = []
    for checked in kept:
        for n in checked.sources:
            if n in numbering:
                continue
            passage = passages[n]
            key = (passage.doc_id, passage.title)
            if key not in section_number:
                chunks.append([])
                section_number[key] = len(chunks)
            if all(p.id != passage.id for p in chunks[section_number[key] - 1]):
                chunks[section_number[key] - 1].append(passage)
            numbering[n] = section_number[key]
    sources = [
        replace(cited[0], text="\n".join(p.text for p in cited), section_ids=tuple(p.id for p in cited))
        if len(cited) > 1
        else cited[0]
        for cited in chunks
    ]
    return numbering, sources


_JOINT_RE = re.compile(r"\s*([,;:—–-]+)\s*$")


def _shown_claim(claim: Claim, marks: str, *, after: bool, before: bool) -> str:
    """``claim`` as shown with its markers: joined to the clause ``before`` which it stands (and the clause it
    follows, ``after``) of its sentence, or as a sentence of its own; a table row as a table row."""
    from agentcore.rag.answer import with_marker

    text = claim.text
    if claim.clause and not after:  # «а отпускные …» shown without the clause it continued
        text = without_clause_opener(text)
        text = text[:1].upper() + text[1:]
    if before:
        joint = _JOINT_RE.search(text)
        body, mark = (text[: joint.start()], joint.group(1)) if joint else (text, ",")
        return f"{body} {marks}{mark}" if marks else f"{body}{mark}"
    if claim.kind == "row":
        return f"| {text} {marks} |" if marks else f"| {text} |"
    return with_marker(text, marks, item=claim.kind == "item").strip() if marks else text


def _add_layout(report: ClaimReport, lines: dict[int, list[str]], prefixes: dict[int, str]) -> None:
    """The headings and table header rows of ``report.layout`` with a shown claim under them, added to ``lines``:
    a heading's part runs to the next heading of its level or above, a header row's table to its last row."""
    shown = set(lines)
    kinds = {c.claim.line: c.claim.kind for c in report.claims} | {c.line: c.kind for c in report.layout}
    headings = [(c.line, len(c.text) - len(c.text.lstrip("#"))) for c in report.layout if c.kind == "heading"]
    for item in report.layout:
        if item.kind == "heading":
            level = len(item.text) - len(item.text.lstrip("#"))
            end = min((line for line, other in headings if line > item.line and other <= level), default=10**9)
            under = any(item.line < line < end for line in shown)
            rendered = item.text
        else:
            end = item.line + 1
            while kinds.get(end) == "row":
                end += 1
            under = any(item.line < line < end for line in shown)
            cells = item.text.count("|") + 1
            rendered = f"| {item.text} |\n|" + " --- |" * cells
        if under:
            lines[item.line] = [rendered]
            prefixes[item.line] = ""


_CONNECTIVES = "кроме того также ещё помимо этого кроме этого итак напомним повторим"


def _without_repeats(claims: Sequence[CheckedClaim]) -> list[CheckedClaim]:
    """``claims`` without those that repeat an earlier one: every content term (connectives such as «кроме того»
    aside) and every negation of the claim is in one earlier claim."""
    from agentcore.rag._facts import extract_facts

    analyzer = get_analyzer()
    connectives = analyzer.term_set(_CONNECTIVES)
    kept: list[tuple[CheckedClaim, set[str], frozenset[str]]] = []
    for checked in claims:
        text = checked.claim.text
        terms, negations = analyzer.term_set(text) - connectives, extract_facts(text).negations
        if terms and any(terms <= seen and negations <= denied for _, seen, denied in kept):
            continue
        kept.append((checked, terms, negations))
    return [checked for checked, _, _ in kept]


def _unnumber_broken_lists(prefixes: dict[int, str]) -> None:
    """Numbered lines shown with a gap («1.», «3.» once step 2 was removed) or not starting at «1.» get a bullet
    instead of their numbers: a step number is shown only with the steps before it.  Numbered lines shown one after
    another are one list; a shown line without a number ends it."""
    runs: list[list[int]] = [[]]
    for line in sorted(prefixes):
        if re.fullmatch(r"\d{1,2}[.)]", prefixes[line]):
            runs[-1].append(line)
        elif runs[-1]:
            runs.append([])
    for run in runs:
        found = [int(prefixes[line][:-1]) for line in run]
        if found != list(range(1, len(found) + 1)):
            for line in run:
                prefixes[line] = "•"
