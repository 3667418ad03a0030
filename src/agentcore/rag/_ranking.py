"""Second-stage ranking of retrieved passages: what kind of question it is, and which passage answers that kind.

First-stage retrieval (BM25 + dense, fused with RRF) finds the right *document* well; it often ranks the wrong
*passage* of it first — «Что такое спринт?» gets the sprint-length section, whose heading and text repeat
«спринт», before the lead that defines it.  This module reorders a pool of first-stage hits with a linear score
over explainable features:

* ``prior`` — the first-stage rank (``1 / log2(rank + 1)``), so the reorder moves a hit only on evidence;
* ``dense`` — cosine of query and passage relative to the best in the pool (for the default local model: full
  credit at the best cosine, none ``DENSE_WINDOW`` below it; for other embedders, whose cosine scale is unknown,
  min-max over the pool);
* ``lexical`` — share of the query's (IDF-weighted) terms found in the passage's title and text;
* ``heading`` — how well the passage's own heading matches the query (Dice over terms, subject terms for
  definitions): sections are written to answer the question their heading names;
* by question kind (:func:`question_kind`):
  - definition («что такое X», «кто такой X», «что значит X») — ``lead``: the passage opens a document whose
    title names X (the lead of an article defines its subject);
  - procedure («как сделать», «что делать») — ``steps``: the passage holds a numbered list;
  - quantity («сколько», «когда», «во сколько», «какой лимит») — ``number``: the passage states numbers.

The weights (:data:`WEIGHTS`) were fitted on the ``dev`` half of the labelled eval set
(``tests/rag/data/eval_set.json``) and checked on the held-out ``test`` half; numbers in ``docs/rag.md``.

The same signals give the **answerability** of a question (:func:`answerability`): the top passage's cosine
similarity plus a tenth of the IDF-weighted share of the query's words it contains (a word the collection never
uses counts as missing).  Below the threshold calibrated on the dev split the question is declined — «В базе
знаний нет ответа на этот вопрос» — instead of answered with a confident unrelated passage.

Cosine scales differ between embedders, so the dense window and the threshold are calibrated per embedder
(:data:`CALIBRATIONS`, the default local model ``e5-small-q4``); with another embedder, or BM25 alone, the
decision uses lexical coverage only (its own calibrated threshold).  ``AGENTCORE_RAG_MIN_CONFIDENCE`` overrides
the threshold.

Definition questions also tell the extractive answer which sentence to quote (:func:`defined_terms`: the words
before a definitional dash or «это» — «Спринт — это …», «Дейли, он же …, — встреча …»).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from agentcore.rag._analysis import Analyzer
from agentcore.rag.models import Chunk, Hit
from agentcore.text import normalize_text

if TYPE_CHECKING:
    from agentcore.rag._snapshot import CollectionSnapshot

QuestionKind = Literal["definition", "procedure", "quantity", "other"]

# Read on the question with its runs of spaces as one (:func:`_definition_match`), possessive (``*+``) where giving
# characters back finds nothing new, the subject up to its last word character: linear.  As ``^\W*…(?P<subject>.*?)
# \W*$|^\W*(?P<subject2>.+?)\s*(?:—|-)?\s*…`` on the raw text it was cubic in a run of spaces — 2,000 of them (the
# question cap) cost 253 s, and the thread ran on past every timeout.
_DEFINITION_RE = re.compile(
    r"^\W*+(?:а\s+|и\s+)?(?:что|кто)\s+(?:такое|такой|такая|такие|значит|означает|это|есть|считается)\b\s*[:—-]?\s*"
    r"(?P<subject>(?:.*\w)?)\W*$|^\W*+(?P<subject2>.+?)\s?+(?:[—-]\s?+)?(?:это\s)?что\s(?:такое|это)\W*$",
    re.IGNORECASE,
)
_QUANTITY_RE = re.compile(
    r"\b(?:сколько|скольки|когда|во\s+сколько|как\s+часто|как\s+долго|какого\s+числа|раз\s+в|"
    r"как(?:ой|ая|ое|ие|ова|ов)\s+(?:лимит|бюджет|размер|срок|сумма|стоимость|процент|минимальн\w*|максимальн\w*))\b",
    re.IGNORECASE,
)
PROCEDURE_FILLER = (
    r"(?:(?:мне|нам|ему|ей|им|его|её|ее|их|это|теперь|тогда|сейчас|вообще|же|дальше|с\s+(?:ним|ней|ними|этим)|"
    r"о\s+(?:н[её]м|ней|них)|об\s+этом|в\s+(?:этом|таком)\s+случае)\s+){0,2}"
)
"""Up to two words between the question word of a procedure and its verb that name no subject: the asker («что мне
делать»), the moment («что теперь делать»), or the thing told before, by a pronoun («что с ним делать», «как его
получить», «как о нём сообщить», «как это согласовать»).  Shared with the focus check's reading of a part
(:mod:`agentcore.rag._focus.parts`)."""
_PROCEDURE_RE = re.compile(
    r"^\W*(?:а\s+|и\s+)?(?:как(?!\s+(?:часто|долго|много|называется|зовут))\b|каким\s+образом\b)|"
    rf"\bчто\s+{PROCEDURE_FILLER}(?:делать|нужно\s+сделать|сделать)\b|\bчто\s+для\s+этого\s+(?:нужно|надо)\b|"
    r"\bкуда\s+(?:обращаться|обратиться|писать|идти|бежать)\b|"
    r"\bпорядок\b|\bпо\s+(?:шагам|порядку)\b|"
    # a clause after the situation told first: «вылезла ERR-104 при подключении, как чинить», «у меня блокер, как
    # о нём сообщить»
    rf"[,.:;]\s*(?:а\s+)?как\s+{PROCEDURE_FILLER}[а-яё]+(?:ть|ти|чь|ться|тись)\b",
    re.IGNORECASE,
)
_NUMBERED_RE = re.compile(r"^\s*\d{1,2}[.)]\s+\S", re.MULTILINE)
_SENTENCE_SPLIT_RE = re.compile(r"(?<=[.!?])\s+|\n+")
DEFINING_DASH = r"(?:[—–]|-(?=\s))"
"""A definitional dash, as a regular-expression group: an em or en dash, or a hyphen standing for one (a space after
it) — «Спринт — это …», «Дейли - встреча …».  With «это» it marks what defines the words before it: the sentences
:func:`defined_terms` reads, and a thing's defining sentence to the focus check
(:mod:`agentcore.rag._focus.reasons`)."""
_DEFINITION_SPLIT_RE = re.compile(rf"\s{DEFINING_DASH}\s|\bэто\b", re.IGNORECASE)
_NUMBER_RE = re.compile(r"\d")


def question_kind(query: str) -> QuestionKind:
    """The kind of answer ``query`` asks for (rules; ``other`` when none fits)."""
    text = normalize_text(query).strip()
    if _definition_match(text):
        return "definition"
    if _QUANTITY_RE.search(text):
        return "quantity"
    if _PROCEDURE_RE.search(text):
        return "procedure"
    return "other"


def _definition_match(text: str) -> re.Match[str] | None:
    """:data:`_DEFINITION_RE` on ``text`` with every run of spaces (line breaks too) read as one space."""
    return _DEFINITION_RE.match(" ".join(text.split()))


def definition_subject(query: str) -> str:
    """What a definition question asks about («Что такое спринт?» → «спринт»); ``""`` for other questions."""
    match = _definition_match(normalize_text(query))
    if match is None:
        return ""
    return (match.group("subject") or match.group("subject2") or "").strip()


@dataclass(frozen=True)
class QueryProfile:
    """A query analysed once for every passage of the pool."""

    text: str
    kind: QuestionKind
    terms: tuple[str, ...]
    subject_terms: frozenset[str]
    weights: dict[str, float]  # IDF-like weight per distinct term (0 for terms the collection does not know)

    @cached_property
    def distinct(self) -> frozenset[str]:
        """Distinct query terms."""
        return frozenset(self.terms)

    @cached_property
    def weight_total(self) -> float:
        """Sum of the distinct terms' weights (the denominator of the ``lexical`` feature)."""
        return sum(self.weights.get(t, 0.0) for t in self.distinct)

    @property
    def known_share(self) -> float:
        """IDF-weighted share of the query's terms that occur in the collection at all (1 when no term)."""
        total = sum(self._raw_weight(term) for term in self.distinct)
        return sum(self.weights.get(term, 0.0) for term in self.distinct) / total if total else 1.0

    def _raw_weight(self, term: str) -> float:
        weight = self.weights.get(term, 0.0)
        return weight if weight > 0 else UNKNOWN_TERM_WEIGHT


UNKNOWN_TERM_WEIGHT = 3.0
"""Weight of a query term the collection never uses (about the IDF of a rare word in a small collection)."""


def profile_query(query: str, snapshot: CollectionSnapshot, analyzer: Analyzer) -> QueryProfile:
    """Analyse ``query`` against ``snapshot``'s vocabulary."""
    terms = tuple(analyzer.terms(query))
    kind = question_kind(query)
    subject = frozenset(analyzer.terms(definition_subject(query))) if kind == "definition" else frozenset()
    weights = {term: snapshot.term_weight(term) for term in set(terms)}
    return QueryProfile(query, kind, terms, subject, weights)


@dataclass(frozen=True)
class PassageFeatures:
    """Features of one passage for one query (each in [0, 1])."""

    prior: float
    dense: float
    lexical: float
    heading: float
    lead: float
    steps: float
    number: float


@dataclass(frozen=True)
class Weights(PassageFeatures):
    """Weights of :class:`PassageFeatures` in the passage score (one per feature, same names)."""

    def score(self, features: PassageFeatures) -> float:
        """The weighted sum."""
        # Spelled out (same order as the fields, so the same float sum): it runs for every passage of every query.
        return (
            0
            + self.prior * features.prior
            + self.dense * features.dense
            + self.lexical * features.lexical
            + self.heading * features.heading
            + self.lead * features.lead
            + self.steps * features.steps
            + self.number * features.number
        )


# Fitted on the dev split of the eval set (see the module docstring).
WEIGHTS = Weights(prior=1.0, dense=4.0, lexical=0.2, heading=0.5, lead=1.0, steps=0.75, number=0.5)


@dataclass(frozen=True)
class PassageInfo:
    """A passage analysed for second-stage ranking (computed once per snapshot, see
    :meth:`~agentcore.rag._snapshot.CollectionSnapshot.passage_info`)."""

    text_terms: frozenset[str]
    title_terms: frozenset[str]
    heading_terms: frozenset[str]
    defined_terms: frozenset[str]
    numbered: bool
    numbers: bool
    terms: frozenset[str] = field(init=False, repr=False, compare=False)
    """``text_terms | title_terms``, formed once here: forming it per passage per query was the largest part of
    the passage ranker's time (issue 18 G10 profile)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "terms", self.text_terms | self.title_terms)

    @classmethod
    def of(cls, chunk: Chunk, analyzer: Analyzer) -> PassageInfo:
        """Analyse ``chunk``."""
        return cls(
            text_terms=frozenset(analyzer.terms(chunk.text)),
            title_terms=frozenset(analyzer.terms(chunk.title)),
            heading_terms=frozenset(analyzer.terms(heading_of(chunk))),
            defined_terms=defined_terms(chunk.text, analyzer),
            numbered=bool(_NUMBERED_RE.search(chunk.text)),
            numbers=bool(_NUMBER_RE.search(chunk.text)),
        )


def heading_of(chunk: Chunk) -> str:
    """The passage's own heading: the last part of its section path, or its document's title for the lead."""
    return chunk.section.rsplit(" / ", 1)[-1] if chunk.section else chunk.doc_title


def defined_terms(text: str, analyzer: Analyzer, sentences: int = 3) -> frozenset[str]:
    """Terms that a definitional sentence of ``text`` defines: the words before «—» or «это» in one of the first
    ``sentences`` sentences of a paragraph, when that part is short (a name, not a clause)."""
    found: set[str] = set()
    for paragraph in re.split(r"\n\s*\n", text):
        for sentence in [s for s in _SENTENCE_SPLIT_RE.split(paragraph.strip()) if s][:sentences]:
            head = _DEFINITION_SPLIT_RE.split(sentence, maxsplit=1)
            if len(head) == 2 and 0 < len(head[0].split()) <= 12:
                found.update(analyzer.terms(head[0]))
    return frozenset(found)


def _dice(left: frozenset[str], right: frozenset[str]) -> float:
    return 2 * len(left & right) / (len(left) + len(right)) if left and right else 0.0


def dense_credit(cosine: float, cosines: Sequence[float], window: float | None) -> float:
    """The ``dense`` feature: 1 at the pool's best cosine, falling linearly to 0 at ``window`` below it; without a
    calibrated window, min-max over the pool."""
    best = max(cosines)
    if window is None:
        low = min(cosines)
        return (cosine - low) / (best - low) if best > low else 1.0
    return max(0.0, 1.0 - (best - cosine) / window)


def passage_features(
    profile: QueryProfile,
    snapshot: CollectionSnapshot,
    row: int,
    rank: int,
    dense: float,
    analyzer: Analyzer,
) -> PassageFeatures:
    """Features of passage ``row`` of ``snapshot`` at first-stage ``rank`` for the query ``profile``
    (``dense``: its :func:`dense_credit`, 0 without dense vectors)."""
    chunk = snapshot.chunks[row]
    info = snapshot.passage_info(row, analyzer)
    distinct = profile.distinct
    weight_total = profile.weight_total
    lexical = sum(profile.weights.get(t, 0.0) for t in distinct & info.terms) / weight_total if weight_total else 0.0
    focus = profile.subject_terms or distinct
    heading = _dice(focus, info.heading_terms)
    definition = profile.kind == "definition"
    return PassageFeatures(
        prior=1.0 / math.log2(rank + 1),
        dense=dense,
        lexical=lexical,
        heading=heading,
        lead=float(definition and not chunk.section and bool(profile.subject_terms & info.heading_terms)),
        steps=float(profile.kind == "procedure" and info.numbered),
        number=float(profile.kind == "quantity" and info.numbers),
    )


def rank_passages(
    profile: QueryProfile,
    snapshot: CollectionSnapshot,
    hits: Sequence[Hit],
    analyzer: Analyzer,
    cosines: Sequence[float] | None = None,
    embedder_name: str | None = None,
    weights: Weights = WEIGHTS,
) -> list[tuple[Hit, PassageFeatures, float]]:
    """``hits`` (first-stage order) rescored, best first: ``(hit, features, score)``.

    ``cosines`` are the query's cosine similarities with the hits (dense retrieval available), else ``None``;
    ``embedder_name`` selects the calibrated dense window.
    """
    window = calibration(embedder_name).dense_window
    scored = []
    for index, hit in enumerate(hits):
        row = snapshot.positions[hit.id]
        dense = dense_credit(cosines[index], cosines, window) if cosines else 0.0
        features = passage_features(profile, snapshot, row, hit.rank, dense, analyzer)
        scored.append((hit, features, weights.score(features)))
    scored.sort(key=lambda item: (-item[2], item[0].rank))
    return scored


def reranked_hits(scored: Sequence[tuple[Hit, PassageFeatures, float]], top_k: int | None = None) -> list[Hit]:
    """The hits of :func:`rank_passages` with new ranks and ``score`` = the passage score."""
    limit = len(scored) if top_k is None else top_k
    # Built field by field, not with dataclasses.replace (which reads every field by name: ~5x slower per hit).
    return [
        Hit(hit.id, hit.doc_id, hit.title, hit.text, float(score), hit.source, rank, "rerank", hit.start, hit.end)
        for rank, (hit, _, score) in enumerate(scored[:limit], start=1)
    ]


def coverage(profile: QueryProfile, info: PassageInfo) -> float:
    """IDF-weighted share of the query's distinct terms found in the passage; a term the collection never uses
    counts as missing with :data:`UNKNOWN_TERM_WEIGHT` (1 for a query without terms)."""
    distinct = profile.distinct
    total = sum(profile._raw_weight(term) for term in distinct)
    if not total:
        return 1.0
    return sum(profile.weights.get(term, 0.0) for term in distinct & info.terms) / total


@dataclass(frozen=True)
class AnswerabilityRule:
    """``confidence = cosine + coverage_weight * coverage`` (``cosine`` 0 without dense vectors); answerable when
    ``confidence >= threshold``; below it but at least ``floor``, *possibly* answerable: a caller that checks the
    sentences it shows may answer from them, by a stricter standard (:mod:`agentcore.rag._evidence`).  ``floor``
    ``None``: nothing below the threshold."""

    coverage_weight: float
    threshold: float
    dense: bool
    floor: float | None = None


@dataclass(frozen=True)
class Calibration:
    """What depends on an embedder's cosine scale: the ``dense`` feature's window (``None``: min-max over the pool)
    and the answerability rule."""

    dense_window: float | None
    answerability: AnswerabilityRule


# Thresholds calibrated on the dev split of the eval set (benchmarks/rag_eval.py --fit): among thresholds that
# decline at most 10 % of the answerable dev questions, the one that maximises (unanswerable declined - answerable
# declined).  The window: e5 cosines of related and unrelated Russian passages sit within ~0.1 of each other.
# The floor of the e5 rule (answer-level eval, dev splits only: benchmarks/research_answer_eval.py): the threshold
# declined answerable questions whose top passage scored 0.84–0.87 («как часто встречаться с бадди» 0.870) while
# the sentence check, held to the lexical standard below the threshold, answered none of the unanswerable ones
# between the floor and the threshold; questions off every topic score 0.77–0.87 too, so the floor only keeps the
# farthest out (a chat question about football scores 0.77).
LEXICAL_RULE = AnswerabilityRule(coverage_weight=1.0, threshold=0.318, dense=False)
CALIBRATIONS: dict[str, Calibration] = {
    "e5-small-q4": Calibration(0.15, AnswerabilityRule(coverage_weight=0.1, threshold=0.8736, dense=True, floor=0.80)),
}
UNCALIBRATED = Calibration(None, LEXICAL_RULE)


def calibration(embedder_name: str | None) -> Calibration:
    """The calibration of ``embedder_name`` (:data:`UNCALIBRATED` for an embedder without one, or none)."""
    return CALIBRATIONS.get(embedder_name or "", UNCALIBRATED)


@dataclass(frozen=True)
class Answerability:
    """Whether the top passage is strong enough evidence to answer from (``answerable``), or evidence a sentence
    check may still answer from (``possible``: at least the rule's floor; always when ``answerable``)."""

    confidence: float
    answerable: bool
    possible: bool = False


def answerability(
    profile: QueryProfile,
    info: PassageInfo,
    cosine: float | None,
    embedder_name: str | None,
    threshold: float | None = None,
) -> Answerability:
    """Decide whether to answer from the top passage (``info``, with query cosine ``cosine``).

    Args:
        embedder_name: selects the calibrated rule; an embedder without one (or no dense vectors) uses the
            lexical rule.
        threshold: overrides the rule's threshold (``AGENTCORE_RAG_MIN_CONFIDENCE``); the floor then moves by as
            much (it stays as far below the threshold as calibrated).

    A query without a term (stop words only: «да», «ну и?») is neither answerable nor possibly answerable.
    """
    rule = calibration(embedder_name).answerability if cosine is not None else LEXICAL_RULE
    confidence = (cosine if rule.dense and cosine is not None else 0.0) + rule.coverage_weight * coverage(profile, info)
    if not profile.distinct:
        # Nothing is asked: «да», «нет», «ну и?», «Где?» have no term once stop words are gone.  Coverage counts such a
        # query as fully covered and a short query's cosine is high against anything, so the top passage — any —
        # passed the threshold («да» was answered with the Definition of Done).
        return Answerability(confidence=round(confidence, 4), answerable=False, possible=False)
    # Lazy: the focus package is ~25 modules, loaded only when a search is scored (not when ranking is imported).
    from agentcore.rag._focus.english import CROSS_LINGUAL_GAP, is_english

    if rule.dense and cosine is not None and is_english(profile.text):
        # an English question lies farther from every Russian passage than the same question in Russian
        confidence += CROSS_LINGUAL_GAP
    limit = rule.threshold if threshold is None else threshold
    answerable = confidence >= limit
    floor = None if rule.floor is None else rule.floor + (limit - rule.threshold)
    possible = answerable or (floor is not None and confidence >= floor)
    return Answerability(confidence=round(confidence, 4), answerable=answerable, possible=possible)
