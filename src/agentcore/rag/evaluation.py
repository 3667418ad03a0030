"""Retrieval and answer quality on a labelled question set.

Metrics (means over questions; unanswerable questions only count in the decline rate):

* **nDCG@k** (graded, linear gain as in trec_eval) and **Recall@k** over documents: a run's chunk hits are collapsed
  to the ranked list of distinct doc ids (first occurrence wins);
* **MRR@k** over passages: ``1 / rank`` of the first chunk whose text holds one of the question's ``evidence``
  strings (0 when none of the first ``k`` does) — this is what tells «the definition ranks 4th» from «it ranks 1st»;
* **answered correctly** — the system did not decline and its first passage holds the evidence;
* **answer holds the evidence** — the system did not decline and the answer text it showed holds the evidence
  (what a user reads: a right first passage can still be quoted from the wrong sentence or list);
* **wrongly declined** — share of answerable questions the system declined;
* **declined** (unanswerable accuracy) — share of unanswerable questions the system declined;
* **complete** — for questions with ``answer_all`` (procedures): the answer text holds every listed step.

Evidence is matched on a normalised form of the text (:func:`match_form`: NFC, case, ``ё``, markdown marks and
whitespace ignored), so a label survives re-chunking.

Eval file format (JSON list)::

    {"id": "q01", "split": "dev|test", "type": "keyword|paraphrase|multihop|definition|procedure|quantity|unanswerable",
     "query": "...", "relevant": {"doc-id": 1..3}, "evidence": ["..."], "answer_all": ["...", ...]}
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from agentcore.text import normalize_text


@dataclass(frozen=True)
class EvalQuery:
    """One labelled question."""

    id: str
    query: str
    type: str
    relevant: dict[str, int]
    evidence: tuple[str, ...] = ()
    answer_all: tuple[str, ...] = ()
    split: str = ""

    @property
    def answerable(self) -> bool:
        """True when the knowledge base holds an answer (some document is relevant)."""
        return any(grade > 0 for grade in self.relevant.values())


def load_eval_set(path: Path) -> list[EvalQuery]:
    """Read an eval file.

    Raises:
        OSError, ValueError (bad JSON or missing fields).
    """
    data = json.loads(path.read_text("utf-8"))
    if not isinstance(data, list):
        raise ValueError("eval set must be a JSON list")
    return [
        EvalQuery(
            id=str(item["id"]),
            query=str(item["query"]),
            type=str(item.get("type", "")),
            relevant=dict(item.get("relevant") or {}),
            evidence=tuple(item.get("evidence") or ()),
            answer_all=tuple(item.get("answer_all") or ()),
            split=str(item.get("split", "")),
        )
        for item in data
    ]


_MARKUP_RE = re.compile(r"[`*_]+")


def match_form(text: str) -> str:
    """``text`` as evidence is matched: normalised Unicode, lower case, ``ё`` → ``е``, no markdown marks
    (`` ` ``, ``*``, ``_``), whitespace collapsed."""
    text = _MARKUP_RE.sub("", normalize_text(text).lower().replace("ё", "е"))
    return " ".join(text.split())


def holds_evidence(text: str, evidence: Iterable[str]) -> bool:
    """True when ``text`` contains at least one of the ``evidence`` strings (in :func:`match_form`)."""
    haystack = match_form(text)
    return any(match_form(item) in haystack for item in evidence)


def unique_docs(doc_ids: Iterable[str]) -> list[str]:
    """Doc ids in first-seen order."""
    return list(dict.fromkeys(doc_ids))


def dcg(gains: Sequence[float]) -> float:
    """Discounted cumulative gain with linear gains: ``Σ g_i / log2(i + 1)``, ranks from 1."""
    return sum(gain / math.log2(rank + 1) for rank, gain in enumerate(gains, start=1))


def ndcg_at_k(ranked: Sequence[str], relevant: dict[str, int], k: int = 10) -> float:
    """nDCG@k of a ranked doc list against graded judgements (0 when nothing is relevant)."""
    ideal = dcg(sorted(relevant.values(), reverse=True)[:k])
    if ideal <= 0:
        return 0.0
    return dcg([relevant.get(doc, 0) for doc in ranked[:k]]) / ideal


def recall_at_k(ranked: Sequence[str], relevant: dict[str, int], k: int = 10) -> float:
    """Share of relevant docs found in the first ``k`` (0 when nothing is relevant)."""
    wanted = {doc for doc, grade in relevant.items() if grade > 0}
    if not wanted:
        return 0.0
    return len(wanted & set(ranked[:k])) / len(wanted)


def reciprocal_rank(passages: Sequence[str], evidence: Sequence[str], k: int = 10) -> float:
    """``1 / rank`` of the first of ``passages`` (best first) holding the evidence, 0 if none of the first ``k``."""
    if not evidence:
        return 0.0
    for rank, text in enumerate(passages[:k], start=1):
        if holds_evidence(text, evidence):
            return 1.0 / rank
    return 0.0


class Passage(Protocol):
    """What the metrics read from a hit."""

    @property
    def doc_id(self) -> str: ...

    @property
    def text(self) -> str: ...


@dataclass(frozen=True)
class SystemAnswer:
    """What a question-answering system returned for one question.

    ``hits`` are ranked passages (at least ``k`` deep for the retrieval metrics); ``declined`` says the system
    answered «no answer in the knowledge base»; ``answer`` is the text it showed.
    """

    hits: Sequence[Passage]
    declined: bool = False
    answer: str = ""


@dataclass(frozen=True)
class QueryScores:
    """Scores of one question."""

    ndcg: float
    recall: float
    rr: float
    top1: bool
    declined: bool
    complete: bool | None
    answered: bool = False


@dataclass(frozen=True)
class Summary:
    """Means over a group of questions (``None`` where the group has no question of that kind)."""

    questions: int
    answerable: int
    ndcg: float | None
    recall: float | None
    mrr: float | None
    correct: float | None
    wrongly_declined: float | None
    declined: float | None
    complete: float | None
    answered: float | None = None

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return dict(vars(self))


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def summarize(queries: Sequence[EvalQuery], scores: dict[str, QueryScores]) -> Summary:
    """Aggregate per-question ``scores`` over ``queries``."""
    answerable = [scores[q.id] for q in queries if q.answerable and q.id in scores]
    unanswerable = [scores[q.id] for q in queries if not q.answerable and q.id in scores]
    complete = [float(s.complete) for s in answerable if s.complete is not None]
    return Summary(
        questions=len(answerable) + len(unanswerable),
        answerable=len(answerable),
        ndcg=_mean([s.ndcg for s in answerable]),
        recall=_mean([s.recall for s in answerable]),
        mrr=_mean([s.rr for s in answerable]),
        correct=_mean([float(s.top1 and not s.declined) for s in answerable]),
        wrongly_declined=_mean([float(s.declined) for s in answerable]),
        declined=_mean([float(s.declined) for s in unanswerable]),
        complete=_mean(complete),
        answered=_mean([float(s.answered) for s in answerable]),
    )


@dataclass
class Report:
    """Scores of one system on an eval set: overall, per split, per question type, per question."""

    overall: Summary
    by_split: dict[str, Summary] = field(default_factory=dict)
    by_type: dict[str, Summary] = field(default_factory=dict)
    per_query: dict[str, QueryScores] = field(default_factory=dict)

    # The names the first version of this module used (document-level metrics over answerable questions).
    @property
    def ndcg(self) -> float:
        """Mean nDCG@k over answerable questions."""
        return self.overall.ndcg or 0.0

    @property
    def recall(self) -> float:
        """Mean Recall@k over answerable questions."""
        return self.overall.recall or 0.0


def score_query(query: EvalQuery, result: SystemAnswer, k: int = 10) -> QueryScores:
    """Scores of one question given what the system returned."""
    ranked = unique_docs(hit.doc_id for hit in result.hits)
    passages = [hit.text for hit in result.hits]
    complete = None
    if query.answer_all:
        answer = match_form(result.answer)
        complete = not result.declined and all(match_form(step) in answer for step in query.answer_all)
    return QueryScores(
        ndcg=ndcg_at_k(ranked, query.relevant, k),
        recall=recall_at_k(ranked, query.relevant, k),
        rr=reciprocal_rank(passages, query.evidence, k),
        top1=bool(passages) and holds_evidence(passages[0], query.evidence),
        declined=result.declined,
        complete=complete,
        answered=not result.declined and bool(result.answer) and holds_evidence(result.answer, query.evidence),
    )


def evaluate_system(queries: Sequence[EvalQuery], system: Callable[[str], SystemAnswer], k: int = 10) -> Report:
    """Run ``system`` on every question and aggregate (see the module docstring for the metrics)."""
    per_query = {query.id: score_query(query, system(query.query), k) for query in queries}
    splits = sorted({q.split for q in queries if q.split})
    types = sorted({q.type for q in queries})
    return Report(
        overall=summarize(queries, per_query),
        by_split={s: summarize([q for q in queries if q.split == s], per_query) for s in splits},
        by_type={t: summarize([q for q in queries if q.type == t], per_query) for t in types},
        per_query=per_query,
    )


def evaluate(queries: Sequence[EvalQuery], search: Callable[[str], Sequence[Passage]], k: int = 10) -> Report:
    """Retrieval metrics of ``search`` (question → ranked hits), which never declines."""
    return evaluate_system(queries, lambda text: SystemAnswer(list(search(text))), k)


def engine_search(searcher: Any, mode: str | None, depth: int = 50, **kwargs: Any) -> Callable[[str], list[Any]]:
    """A ``search`` callable for :func:`evaluate` over a searcher (``searcher.search(query, top_k, mode=...)``)."""

    def run(query: str) -> list[Any]:
        return list(searcher.search(query, depth, mode=mode, **kwargs))

    return run
