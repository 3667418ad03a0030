"""Answers from retrieved chunks: an extractive answer (no LLM) and the Russian prompt for an LLM answer.

The extractive answer splits the top chunks into sentences (razdel), scores each by the share of the question's
terms it contains (stems, so word forms match), keeps the best few in reading order and names the titles they
come from.  It never invents text: every sentence is copied from a chunk.
"""

from __future__ import annotations

from dataclasses import dataclass

from agentcore.rag.analysis import Analyzer, get_analyzer
from agentcore.rag.models import Hit

NO_ANSWER = "В базе знаний не нашлось ответа на этот вопрос."
MAX_SENTENCES = 3
MIN_SENTENCE_SCORE = 0.34  # a sentence must carry at least a third of the question's terms
CONTEXT_CHARS_PER_CHUNK = 1500


@dataclass(frozen=True, slots=True)
class ScoredSentence:
    """A sentence of a hit with the share of the question's terms it contains."""

    text: str
    score: float
    hit_rank: int
    position: int
    title: str


def _sentences(hits: list[Hit], query_terms: set[str], analyzer: Analyzer) -> list[ScoredSentence]:
    from razdel import sentenize

    found: list[ScoredSentence] = []
    for hit in hits:
        for position, piece in enumerate(sentenize(hit.text)):
            text = " ".join(piece.text.split())
            if len(text) < 3:
                continue
            terms = analyzer.term_set(text)
            score = len(query_terms & terms) / len(query_terms) if query_terms else 0.0
            found.append(ScoredSentence(text, score, hit.rank, position, hit.title))
    return found


def extractive_answer(
    question: str, hits: list[Hit], analyzer: Analyzer | None = None, max_sentences: int = MAX_SENTENCES
) -> str:
    """The best-matching sentences of ``hits`` followed by ``(Источники: title; ...)``.

    Returns:
        :data:`NO_ANSWER` when no sentence shares at least :data:`MIN_SENTENCE_SCORE` of the question's terms.
    """
    chosen = best_sentences(question, hits, analyzer, max_sentences)
    if not chosen:
        return NO_ANSWER
    titles = list(dict.fromkeys(s.title for s in chosen))
    return f"{' '.join(s.text for s in chosen)} (Источники: {'; '.join(titles)})"


def best_sentences(
    question: str, hits: list[Hit], analyzer: Analyzer | None = None, max_sentences: int = MAX_SENTENCES
) -> list[ScoredSentence]:
    """The sentences an extractive answer is made of: the best-scoring ones of ``hits``, in reading order.

    Empty when no sentence shares at least :data:`MIN_SENTENCE_SCORE` of the question's terms (no answer).
    ``hit_rank`` of each tells which hit it comes from.
    """
    analyzer = analyzer or get_analyzer()
    query_terms = analyzer.term_set(question)
    candidates = [s for s in _sentences(hits, query_terms, analyzer) if s.score >= MIN_SENTENCE_SCORE]
    # Best score first; among equals prefer the better-ranked chunk, then the earlier sentence.
    best = sorted(candidates, key=lambda s: (-s.score, s.hit_rank, s.position))[:max_sentences]
    return sorted(best, key=lambda s: (s.hit_rank, s.position))


SYSTEM_PROMPT = (
    "Ты — помощник, который отвечает на вопросы сотрудников по базе знаний компании. "
    "Отвечай по-русски, кратко и по существу, опираясь только на приведённые фрагменты. "
    "После утверждений указывай номер фрагмента-источника в квадратных скобках, например [1]. "
    "Если во фрагментах нет ответа, так и скажи: «В базе знаний нет ответа на этот вопрос» — и ничего не выдумывай."
)


def answer_messages(question: str, hits: list[Hit]) -> list[dict[str, str]]:
    """System and user messages asking an LLM to answer ``question`` from ``hits`` (numbered from 1)."""
    context = "\n\n".join(
        f"[{i}] {hit.title}\n{hit.text[:CONTEXT_CHARS_PER_CHUNK]}" for i, hit in enumerate(hits, start=1)
    )
    user = f"Фрагменты базы знаний:\n\n{context}\n\nВопрос: {question}"
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]
