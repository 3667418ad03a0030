"""Numbered citations: composing a context from hits, and citation coverage of an answer.

**Citation coverage** (ALCE-style citation recall, Gao et al. 2023): the answer is split into sentences as the claim
check splits it (``claims.read_claims``, every marker form of ``_markers``; a trailing ``Источники: [1] …`` list is
not part of it, but cites its sources for the sentences without a marker of their own); a sentence is *supported*
when at least one passage it cites supports it; coverage = supported sentences / all sentences.  A sentence citing
nothing, or only numbers the context does not have, is unsupported; an answer without sentences has coverage 0.

*Support* is judged by a :class:`SupportJudge`:

* :class:`LexicalJudge` (offline, deterministic): the share of the sentence's content terms (Snowball stems, stop
  words out) found in the passage, halved when a number of the sentence is missing from it; supported at
  ``>= 0.6``.  A sentence copied from the passage scores 1.0; a paraphrase may score lower than it deserves.
* :class:`LLMJudge` (a real provider): one structured-output call per answer asks the model which cited passages
  support each sentence (an entailment judgement, as ALCE's NLI model does); for coverage any failure or junk reply
  falls back to the lexical judge, while the claim check ignores such a reply with a warning (``LLMJudge.verdicts``).

:func:`judge_for` picks the LLM judge for a real provider and the lexical one for the offline provider.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel, Field

from agentcore.rag._analysis import Analyzer, get_analyzer
from agentcore.rag._numbered import Wording, read_numbered
from agentcore.rag.models import Hit

__all__ = [
    "CONTEXT_CHARS_PER_PASSAGE",
    "AnswerSentence",
    "ComposedContext",
    "CoverageReport",
    "LLMJudge",
    "LexicalJudge",
    "Passage",
    "SentenceSupport",
    "SupportJudge",
    "answer_sentences",
    "citation_coverage",
    "cited_extractive_answer",
    "compose_context",
    "judge_for",
]

logger = logging.getLogger("agentcore.rag.citations")

CONTEXT_CHARS_PER_PASSAGE = 1500
MAX_PASSAGES = 8
_CITATION_RE = re.compile(r"\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]")
_SOURCES_RE = re.compile(r"^\s*(?:\*\*)?(?:источники|sources)(?:\*\*)?\s*:", re.IGNORECASE | re.MULTILINE)
_WORDLESS_RE = re.compile(r"^[\W_]*$")
_NUMBER_RE = re.compile(r"\d+(?:[.,]\d+)?")


# --------------------------------------------------------------------------------------------- context
@dataclass(frozen=True, slots=True)
class Passage:
    """A numbered piece of context: ``[index]`` in answers refers to it."""

    index: int
    id: str
    doc_id: str
    title: str
    text: str
    source: str = ""
    score: float = 0.0
    section_ids: tuple[str, ...] = ()
    """Every chunk a listed source stands for, in order, when a section is cited through several of its chunks
    (``claims.render_claims`` lists it once, with their text); empty for one chunk (see :attr:`ids`)."""

    @property
    def ids(self) -> tuple[str, ...]:
        """The chunk ids whose text this passage holds (``(id,)`` for one chunk): what a link to it opens."""
        return self.section_ids or (self.id,)

    @classmethod
    def from_hit(cls, index: int, hit: Hit) -> Passage:
        """Passage ``index`` made from a search hit."""
        return cls(index, hit.id, hit.doc_id, hit.title, hit.text, hit.source, hit.score)

    def as_hit(self) -> Hit:
        """The passage as a hit ranked ``index`` (so answer builders keep the numbering)."""
        return Hit(self.id, self.doc_id, self.title, self.text, self.score, self.source, self.index)


@dataclass(frozen=True)
class ComposedContext:
    """Passages numbered from 1, in the order given."""

    passages: tuple[Passage, ...] = ()

    def get(self, index: int) -> Passage | None:
        """Passage ``index`` (1-based), or ``None``."""
        return self.passages[index - 1] if 1 <= index <= len(self.passages) else None

    def render(self, chars_per_passage: int = CONTEXT_CHARS_PER_PASSAGE) -> str:
        """``[n] title (id)`` followed by the text of each passage (cut to ``chars_per_passage``)."""
        from agentcore.util.truncate import truncate

        return "\n\n".join(
            f"[{p.index}] {p.title} ({p.id})\n{truncate(p.text, chars_per_passage)}" for p in self.passages
        )

    def hits(self) -> list[Hit]:
        """The passages as hits ranked by their number."""
        return [p.as_hit() for p in self.passages]


def compose_context(hits: Sequence[Hit], max_passages: int = MAX_PASSAGES) -> ComposedContext:
    """Number ``hits`` from 1 (first occurrence of an id wins), keeping at most ``max_passages``."""
    seen: set[str] = set()
    passages: list[Passage] = []
    for hit in hits:
        if hit.id in seen:
            continue
        seen.add(hit.id)
        passages.append(Passage.from_hit(len(passages) + 1, hit))
        if len(passages) >= max_passages:
            break
    return ComposedContext(tuple(passages))


# ------------------------------------------------------------------------------------------ sentences
@dataclass(frozen=True, slots=True)
class AnswerSentence:
    """A sentence of an answer: its text without markers and the passage numbers it cites."""

    text: str
    citations: tuple[int, ...] = ()


def _markers(text: str) -> tuple[int, ...]:
    found: list[int] = []
    for match in _CITATION_RE.finditer(text):
        found.extend(int(n) for n in re.split(r"\s*[,;]\s*", match.group(1)))
    return tuple(dict.fromkeys(found))


# A space before a punctuation mark is closed up (a removed marker left it: «текст [1].» → «текст .»), but only
# before a mark that ends a word — followed by a space, the end or a closing quote/bracket —, never before a word
# that starts with a dot (a file type in «Файл `.conf`» whose code marks were removed: «Файл .conf»).
_SPACE_BEFORE_MARK_RE = re.compile(r"\s+([.,;:!?…]+)(?=\s|$|[»\"')\]])")


def close_up(text: str) -> str:
    """``text`` with runs of whitespace made single spaces and no space before a word-final punctuation mark."""
    return _SPACE_BEFORE_MARK_RE.sub(r"\1", " ".join(text.split())).strip()


def _without_markers(text: str) -> str:
    return close_up(_CITATION_RE.sub("", text))


def answer_sentences(answer: str) -> list[AnswerSentence]:
    """The sentences of ``answer`` with their citations.

    A trailing ``Источники:`` / ``Sources:`` list is not part of the answer; lines are split first (list items are
    sentences of their own; an indented line continues the line above it), then sentences
    (:func:`agentcore.text.sentences.split_sentences`: razdel, a «…» quotation kept whole); a fragment holding only
    markers (``[2]`` after a full stop) adds them to the sentence before it.
    """
    from agentcore.text.sentences import split_sentences

    sources = _SOURCES_RE.search(answer)
    body = answer[: sources.start()] if sources else answer
    lines: list[str] = []
    for line in body.splitlines():
        if line[:1].isspace() and line.strip() and lines and lines[-1].strip():
            lines[-1] += " " + line.strip()  # an indented line continues its item (e.g. the item's code)
        else:
            lines.append(line)
    sentences: list[AnswerSentence] = []
    for line in lines:
        for piece in split_sentences(line):
            text, cited = _without_markers(piece), _markers(piece)
            if _WORDLESS_RE.match(text):
                if cited and sentences:
                    last = sentences[-1]
                    sentences[-1] = AnswerSentence(last.text, tuple(dict.fromkeys(last.citations + cited)))
                continue
            sentences.append(AnswerSentence(text, cited))
    return sentences


# ------------------------------------------------------------------------------------------- judges
class SupportJudge(Protocol):
    """Judges whether evidence texts support claims."""

    name: str
    threshold: float

    async def judge(self, items: Sequence[tuple[str, Sequence[str]]]) -> list[list[float]]:
        """For each ``(claim, evidence texts)`` a support score in [0, 1] per evidence text."""
        ...


class LexicalJudge:
    """Support = share of the claim's content terms present in the evidence (numbers must match).

    Args:
        analyzer: the lexical analyzer (the shared stemming one by default).
        threshold: the score from which a claim counts as supported.
    """

    name = "lexical"

    def __init__(self, analyzer: Analyzer | None = None, threshold: float = 0.6) -> None:
        self.analyzer = analyzer or get_analyzer()
        self.threshold = threshold

    def score(self, claim: str, evidence: str) -> float:
        """The support score of ``claim`` by ``evidence`` in [0, 1]."""
        terms = self.analyzer.term_set(claim)
        if not terms:
            return 0.0
        found = self.analyzer.term_set(evidence)
        share = len(terms & found) / len(terms)
        numbers = set(_NUMBER_RE.findall(claim))
        if numbers - set(_NUMBER_RE.findall(evidence)):
            share *= 0.5  # a figure the evidence does not state is the typical unsupported claim
        return share

    async def judge(self, items: Sequence[tuple[str, Sequence[str]]]) -> list[list[float]]:
        """Scores for every claim and evidence text."""
        return [[self.score(claim, text) for text in evidence] for claim, evidence in items]


class _PairVerdict(BaseModel):
    claim: int = Field(description="номер утверждения")
    supported_by: list[int] = Field(description="номера фрагментов, которые подтверждают утверждение")


class SupportJudgement(BaseModel):
    """Какие фрагменты подтверждают каждое утверждение."""

    verdicts: list[_PairVerdict]


_CLAIMS = Wording("утверждение", "фрагменты", "оценено")
"""The words of the reply's flaws («утверждение 1: фрагменты [9] вне списка», «утверждение 2 оценено дважды»)."""

_JUDGE_SYSTEM = (
    "Ты проверяешь, подтверждаются ли утверждения фрагментами текста. Утверждение подтверждено фрагментом, "
    "если всё сказанное в нём прямо следует из этого фрагмента; частичное совпадение или догадка — не "
    "подтверждение. Для каждого утверждения перечисли номера подтверждающих фрагментов (пустой список, если таких нет)."
)


class LLMJudge:
    """Support judged by the model in one structured-output call (step ``rag.support``).

    Two ways to ask it:

    * :meth:`verdicts` — the strict one the claim check uses (:func:`agentcore.rag.claims.check_claims`): a call
      that fails raises; of a reply that parses, the well-formed verdicts are kept and each flawed entry (a claim
      or passage number out of range, a claim judged twice, a claim not judged) is ignored and named
      (:class:`Verdicts`); a reply with no verdict to read is ``None``.  The claim check applies the kept
      downgrades, keeps the deterministic guard's verdicts for the rest and puts a warning in the report (the
      trace);
    * :meth:`judge` — the lenient one of citation coverage and ``verify``: on any failure or flawed reply it falls
      back to ``fallback`` (the lexical judge).

    Args:
        gateway: the LLM gateway (``parse`` is used).
        fallback: the judge :meth:`judge` uses when the call fails or its reply is junk.
        passage_chars: how much of each evidence text the model reads.
    """

    name = "llm"
    threshold = 0.5

    def __init__(self, gateway: Any, fallback: SupportJudge | None = None, passage_chars: int = 800) -> None:
        self.gateway = gateway
        self.fallback = fallback or LexicalJudge()
        self.passage_chars = passage_chars

    async def verdicts(self, items: Sequence[tuple[str, Sequence[str]]]) -> Verdicts | None:
        """Scores 1.0 (supported) or 0.0 per claim and evidence text, as far as the reply can be read: a flawed
        entry is ignored and named in :attr:`Verdicts.flaws`, the well-formed ones stand (the judge may only
        downgrade, so its explicit «not supported» is never thrown away with a flaw elsewhere); ``None`` when no
        verdict can be read.

        Raises:
            whatever the gateway raises (a provider failure, a reply that does not parse).
        """
        from agentcore.llm.models import LLMMessage, LLMRequest

        if not any(evidence for _, evidence in items):
            return Verdicts([[] for _ in items])
        blocks = []
        for i, (claim, evidence) in enumerate(items, start=1):
            passages = "\n".join(f"  [{j}] {text[: self.passage_chars]}" for j, text in enumerate(evidence, start=1))
            blocks.append(f"Утверждение {i}: {claim}\nФрагменты:\n{passages or '  (нет)'}")
        messages = [
            LLMMessage(role="system", content=_JUDGE_SYSTEM),
            LLMMessage(role="user", content="\n\n".join(blocks)),
        ]
        result = await self.gateway.parse(
            LLMRequest(messages=messages, step="rag.support", temperature=0), SupportJudgement
        )
        return _read_verdicts(result, items)

    async def judge(self, items: Sequence[tuple[str, Sequence[str]]]) -> list[list[float]]:
        """Scores 1.0 (supported) or 0.0 per claim and evidence text; the fallback's scores when the call fails or
        the reply is junk."""
        try:
            read = await self.verdicts(items)
        except Exception as exc:  # any provider or parse failure: the lexical judge is always available
            logger.warning("support // LLM judge failed, using the lexical judge: %s", exc)
            return await self.fallback.judge(items)
        scores = None if read is None or read.flaws else [row for row in read.rows if row is not None]
        if scores is None or len(scores) != len(items):
            logger.warning("support // LLM judge reply answers other questions, using the lexical judge")
            return await self.fallback.judge(items)
        return scores


@dataclass(frozen=True)
class Verdicts:
    """What a judge reply says that can be read: ``rows[i]`` scores claim ``i + 1``'s evidence (1.0 supported,
    0.0 not), ``None`` when no well-formed verdict judged it; ``flaws`` names the entries ignored."""

    rows: list[list[float] | None]
    flaws: tuple[str, ...] = ()


def _read_verdicts(result: Any, items: Sequence[tuple[str, Sequence[str]]]) -> Verdicts | None:
    """The well-formed verdicts of a :class:`SupportJudgement`, each flawed entry ignored and named
    (:func:`agentcore.rag._numbered.read_numbered`'s contract): a claim number out of range or of a wrong type,
    ``supported_by`` not a list or citing a passage out of range.  A claim judged twice gets the union of its
    entries' passages (one flaw).  ``None`` when no verdict can be read."""
    sizes = [len(evidence) for _, evidence in items]
    read = read_numbered(getattr(result, "verdicts", None), "claim", "supported_by", sizes, _CLAIMS)
    if read is None:
        return None
    rows = [
        None if cited is None else [1.0 if j in cited else 0.0 for j in range(size)]
        for cited, size in zip(read.named, sizes, strict=True)
    ]
    return Verdicts(rows, read.flaws)


def judge_for(gateway: Any | None) -> SupportJudge:
    """The LLM judge when ``gateway`` talks to a real provider, else the lexical judge."""
    provider = getattr(getattr(gateway, "provider", None), "name", "offline")
    if gateway is not None and provider not in ("offline", "scripted"):
        return LLMJudge(gateway)
    return LexicalJudge()


# ------------------------------------------------------------------------------------------ coverage
@dataclass(frozen=True, slots=True)
class SentenceSupport:
    """One answer sentence: what it cites, whether a cited passage supports it, and the best support score."""

    text: str
    citations: tuple[int, ...]
    supported: bool
    score: float


@dataclass(frozen=True)
class CoverageReport:
    """Citation coverage of an answer (see the module docstring for the definition)."""

    coverage: float
    sentences: list[SentenceSupport] = field(default_factory=list)
    judge: str = "lexical"

    @property
    def supported(self) -> int:
        """How many sentences are supported."""
        return sum(s.supported for s in self.sentences)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "coverage": round(self.coverage, 4),
            "supported": self.supported,
            "sentences": len(self.sentences),
            "judge": self.judge,
            "unsupported": [s.text for s in self.sentences if not s.supported],
        }


async def citation_coverage(answer: str, context: ComposedContext, judge: SupportJudge) -> CoverageReport:
    """Citation coverage of ``answer`` whose markers refer to ``context``.

    The answer is read as the claim check reads it (:func:`agentcore.rag.claims.read_claims`: sentences, list items,
    table rows, and every marker form of :mod:`agentcore.rag._markers` — ``[1]``, ``[1, 3]``, ``[Источник 1]``,
    ``[id]``, ``(Источник: title)``), so coverage and the claims count the same sentences with the same citations.
    A trailing «Источники: [1] …» block cites its sources for every sentence that has no marker of its own."""
    from agentcore.rag._markers import parse_markers, strip_sources_block
    from agentcore.rag.claims import LAYOUT, read_claims

    listed = parse_markers(answer[len(strip_sources_block(answer, context)) :], context)[1]
    claims = [c for c in read_claims(answer, context) if c.kind not in LAYOUT]  # a heading states nothing
    sentences = [AnswerSentence(c.text, c.citations or listed) for c in claims]
    if not sentences:
        return CoverageReport(0.0, [], judge.name)
    cited = [[p for n in s.citations if (p := context.get(n)) is not None] for s in sentences]
    items = [(s.text, [f"{p.title}\n{p.text}" for p in passages]) for s, passages in zip(sentences, cited, strict=True)]
    scores = await judge.judge(items)
    checked = []
    for sentence, passages, row in zip(sentences, cited, scores, strict=True):
        best = max(row, default=0.0)
        supported = bool(passages) and best >= judge.threshold
        checked.append(SentenceSupport(sentence.text, tuple(p.index for p in passages), supported, best))
    coverage = sum(s.supported for s in checked) / len(checked)
    return CoverageReport(coverage, checked, judge.name)


# ------------------------------------------------------------------------------------------ drafting
PARTS_IN_ORDER = True
"""Whether a compound question whose every part has passages of its own search is answered part by part, in order."""


def cited_extractive_answer(
    question: str,
    context: ComposedContext,
    analyzer: Analyzer | None = None,
    max_sentences: int = 3,
    *,
    trust_order: bool = False,
    parts: Sequence[tuple[str, Sequence[str]]] = (),
) -> str | None:
    """An extractive answer whose sentences (and list items) carry ``[n]`` markers of their passages; ``None`` when
    nothing can be quoted.  The selection is :func:`agentcore.rag.answer.select_excerpts` — the one the RAG service's
    extractive answer uses (whole procedures, the defining sentence, line breaks kept); ``trust_order`` says whether
    the context's order is the searcher's ranking (see there).

    ``parts`` are the sub-questions of a compound question, each with the ids its own search ranked (best first):
    a part whose best passage in ``context`` the answer does not quote yet is answered too, on a line of its own,
    from its own passages (the fused order of a compound search may put two passages of one part first and leave
    another part without a sentence).
    """
    from agentcore.rag._focus import question_parts
    from agentcore.rag.answer import render_excerpts, select_excerpts, supplying_excerpts
    from agentcore.text.message import question_of

    def cite(excerpt: Any) -> str:
        return f"[{excerpt.hit.rank}]"

    owned = [[p for p in context.passages if p.id in set(ranked)] for _, ranked in parts]
    if PARTS_IN_ORDER and len(parts) >= 2 and all(owned) and len(question_parts(question_of(question))) >= 2:
        # a question of several parts (as the focus check reads it, not only as the search plan split it), every
        # part with passages of its own search: each part from its own, in the question's order — a selection by
        # the whole question's words quotes a sentence sharing words with two parts and answering neither («Подайте
        # заявление не позднее чем за 14 календарных дней …» for «сколько дней отпуска … как перенести отпуск»)
        excerpts = []
    else:
        excerpts = select_excerpts(question, context.hits(), analyzer, max_sentences, trust_order=trust_order)
    lines = [render_excerpts(excerpts, cite=cite)] if excerpts else []
    quoted = {(e.hit.id, e.unit.text) for e in excerpts}
    for query, ranked in parts:
        order = {passage_id: position for position, passage_id in enumerate(ranked)}
        own = sorted((p for p in context.passages if p.id in order), key=lambda p: order[p.id])
        if not own or any(passage_id == own[0].id for passage_id, _ in quoted):
            continue  # nothing of this part in the context, or its best passage is quoted already
        chosen = select_excerpts(query, [p.as_hit() for p in own], analyzer, max_sentences, trust_order=True)
        fresh = [e for e in chosen if (e.hit.id, e.unit.text) not in quoted]
        if fresh:
            lines.append(render_excerpts(fresh, cite=cite))
            quoted.update((e.hit.id, e.unit.text) for e in fresh)
            excerpts = [*excerpts, *fresh]
    if excerpts or trust_order:
        # A part that asks for a value no quoted sentence supplies: the sentence of the context that does.
        added = supplying_excerpts(question, context.hits(), excerpts)
        if added:
            lines.append(render_excerpts(added, cite=cite))
    return "\n".join(lines) or None
