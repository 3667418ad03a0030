"""Features of a learned answer selector: how likely each candidate sentence of a run's passages holds the answer.

The focus rules (:mod:`agentcore.rag._focus`) decide to answer or decline by hand-written tests; each round of
them fixed its own development split and about half of fresh data.  This module reads the same signals as
**features** of every candidate sentence — the e5 cosine of the question to the sentence (its margin to the best
one, and the best of its section), the share of the question's subject terms the sentence (with its heading and
the sentence before) holds, whether it gives the kind of value asked (the focus rules' own tests as binary
features), the passage's rank, the sentence's place, the searcher's verdicts, terms no passage holds, and whether
the rules show it — for a logistic regression (``benchmarks/answer_selector_train.py``) fitted on the development
splits' key facts (:func:`labels`: a sentence holding a key fact of an answerable question is positive, every
sentence of an unanswerable question is negative).

A measurement, not shipped: in leave-one-split-out cross-validation the selector did not beat the focus rules
(``docs/research.md``, *A learned answer selector*), so ``agentcore ask`` does not run it.  It reads the rules'
private tests (:mod:`agentcore.rag._focus`) as features; ``tests/rag/test_selector_features.py`` keeps this
script working when they change.  Deterministic: the same question and passages give the same features.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from answer_selector_gate import GATE_FEATURES
from answer_selector_terms import TERM_FEATURES, kb_lexicon, russian_lemmas, term_signals, word_vectors
from research_answer_eval import holds, normalise

__all__ = ["BASE_FEATURES", "FEATURES", "Candidate", "candidates", "features", "labels", "shown_in"]

FEATURES: tuple[str, ...] = (
    "bias",
    "cos_sentence",
    "cos_section",
    "cos_margin",
    "share_context",
    "share_sentence",
    "holds_all",
    "supplies",
    "slot_question",
    "procedure_question",
    "definition_question",
    "strong_value",
    "rank_inverse",
    "position_inverse",
    "searcher_answerable",
    "searcher_confidence",
    "hard_lack",
    "soft_lack",
    "absent_share",
    "elsewhere_share",
    "terms_inverse",
    *TERM_FEATURES,
    "rules_shown",
    "rules_answered",
    *GATE_FEATURES,
)
"""The features, in the order of the matrix columns (:data:`TERM_FEATURES`: what the question's terms the candidate
lacks are, ``answer_selector_terms.py``; :data:`GATE_FEATURES`: which gate of the run declined,
``answer_selector_gate.py``)."""
RULES_FEATURES = ("rules_shown", "rules_answered", *GATE_FEATURES)
"""The features that read the focus rules' own decision (left out for the selector alone)."""
BASE_FEATURES = tuple(f for f in FEATURES if f not in TERM_FEATURES and f not in GATE_FEATURES)
"""The features of the first attempts (``sel18``, ``sel21``): without the term signals and the gate."""

_TRAILING_RE = re.compile(r"[\s.!?…:;,]+$")


@dataclass(frozen=True)
class Candidate:
    """A sentence, list item or table row of a passage, as the selector reads it.

    Attributes:
        text: the text as quoted (no Markdown emphasis).
        heading: the title of its section.
        before: the sentence before it in its paragraph (a table row: the table's header row), or ``""``.
        rank: its passage's place in the run's context (0 = first).
        position: its place in the passage (0 = first).
    """

    text: str
    heading: str
    before: str
    rank: int
    position: int


def candidates(passages: Sequence[tuple[str, str]]) -> list[Candidate]:
    """Every sentence, list item and table row of ``passages`` (``(title, text)`` in the run's order) that could
    answer: a table's header row and a sentence that only announces («Ниже описано, как …») are left out."""
    from agentcore.rag._focus import announces
    from agentcore.rag.answer import _units, clean_markdown

    found: list[Candidate] = []
    for rank, (title, text) in enumerate(passages):
        units = _units(text)
        header = {u.block: clean_markdown(u.text) for u in units if u.role == "header"}
        previous: dict[int, str] = {}
        for unit in units:
            quoted = clean_markdown(unit.text)
            if unit.role == "header" or announces(quoted):
                continue
            before = header.get(unit.block, "") if unit.role == "row" else previous.get(unit.block, "")
            if not unit.marker and not unit.role:
                previous[unit.block] = quoted
            found.append(Candidate(quoted, title, before, rank, unit.position))
    return found


def labels(found: Sequence[Candidate], category: str, key_facts: Sequence[str]) -> Any:
    """1 for a candidate holding a key fact (any «|» alternative, as the answer evaluation reads it) of an
    answerable or partial question, else 0; every candidate of an unanswerable question is 0."""
    import numpy as np

    facts = [] if category == "unanswerable" else list(key_facts)
    return np.array([float(any(holds(c.text, fact) for fact in facts)) for c in found], dtype=np.float64)


def shown_in(sentence: str, answer: str) -> bool:
    """Whether ``answer`` (as shown, with citation markers) quotes ``sentence`` (its words, in order)."""
    body = _TRAILING_RE.sub("", normalise(sentence))
    return bool(body) and body in normalise(answer)


Embed = Callable[[list[str], str], Any]


def features(
    question: str,
    found: Sequence[Candidate],
    *,
    answerable: bool | None,
    confidence: float | None,
    shown_answer: str = "",
    embed: Embed | None = None,
    gate: Sequence[str] = (),
    word_embed: Callable[[list[str]], Any] | None = word_vectors,
) -> Any:
    """The feature matrix (``len(found)`` × ``len(FEATURES)``, float64) of ``found`` for ``question``.

    Args:
        answerable: the searcher's verdict on the run's evidence (``None`` unknown).
        confidence: the searcher's best answerability confidence (``None`` unknown).
        shown_answer: the answer the focus rules would show (``""`` when they decline).
        embed: ``embed(texts, kind)`` → unit rows; the local e5 embedder (shipped sentence vectors, per-process
            cache) by default.  A failing embedder gives cosines of 0.
        gate: the run's declining gates (:data:`GATE_FEATURES` names set to 1; ``()`` when the rules answer or
            the gate is unknown).
        word_embed: ``word_embed(words)`` → unit ``query:`` rows of single words (the shipped lemma vectors, the
            rest embedded locally), for the missing terms' closest cosine; ``None``: that cosine is 0.
    """
    import numpy as np

    from agentcore.rag._focus import (
        SLOT_ASKS,
        lacks_focus,
        part_matches,
        question_parts,
        supplies_asked,
        supply_strength,
        term_share,
        vocabulary_of,
        with_alternatives,
    )

    matrix = np.zeros((len(found), len(FEATURES)), dtype=np.float64)
    if not found:
        return matrix
    texts = list(dict.fromkeys(t for c in found for t in (c.text, c.heading, c.before) if t))
    parts = with_alternatives(question_parts(question), texts) or []
    words, stems = vocabulary_of(texts)
    lacks = [lacks_focus(p, tuple(t for t in p.terms if not part_matches(p, t, words, stems))) for p in parts]
    hard_lack = any(hard for hard, _ in lacks)
    soft_lack = any(soft for _, soft in lacks)
    terms = [(p, t) for p in parts for t in p.terms]
    absent = sum(not part_matches(p, t, words, stems) for p, t in terms) / len(terms) if terms else 0.0
    everywhere = {p: term_share(p, texts) for p in parts}
    slot = any(p.asks in SLOT_ASKS for p in parts)
    procedure = any(p.asks == "procedure" for p in parts)
    definition = any(p.asks == "definition" for p in parts)
    cos_sentence = _cosines(question, found, embed)
    section: dict[int, float] = {}
    for candidate, cosine in zip(found, cos_sentence, strict=True):
        section[candidate.rank] = max(section.get(candidate.rank, -1.0), float(cosine))
    top_cosine = float(cos_sentence.max())
    rules_answered = bool(shown_answer.strip())
    column = {name: i for i, name in enumerate(FEATURES)}
    lexicon = kb_lexicon()
    for row, candidate in enumerate(found):
        best = (0.0, 0.0, 0.0, 0.0, 1.0, 0.0)  # share with context, alone, supplies, strength, 1/terms, elsewhere
        best_part = parts[0] if parts else None
        for part in parts:
            context_share = term_share(part, [candidate.text, candidate.heading, candidate.before])
            own_share = term_share(part, [candidate.text])
            supplies = 0.0
            strength = 0.0
            if part.asks in SLOT_ASKS and supplies_asked(part.asks, candidate.text, question, part):
                supplies, strength = 1.0, float(supply_strength(part.asks, candidate.text))
            score = (
                context_share,
                own_share,
                supplies,
                strength,
                1.0 / max(1, len(part.terms)),
                max(0.0, everywhere[part] - context_share),
            )
            if (score[2], score[0], score[1]) > (best[2], best[0], best[1]):
                best, best_part = score, part
        context_words, context_stems = vocabulary_of([candidate.text, candidate.heading, candidate.before])
        missing = (
            [t for t in best_part.terms if not part_matches(best_part, t, context_words, context_stems)]
            if best_part is not None
            else []
        )
        signals = term_signals(missing, russian_lemmas([candidate.text, candidate.heading]), lexicon, word_embed)
        values = {
            "bias": 1.0,
            "cos_sentence": cos_sentence[row],
            "cos_section": section[candidate.rank],
            "cos_margin": cos_sentence[row] - top_cosine,
            "share_context": best[0],
            "share_sentence": best[1],
            "holds_all": float(best[0] >= 1.0),
            "supplies": best[2],
            "slot_question": float(slot),
            "procedure_question": float(procedure),
            "definition_question": float(definition),
            "strong_value": best[3],
            "rank_inverse": 1.0 / (1 + candidate.rank),
            "position_inverse": 1.0 / (1 + candidate.position),
            "searcher_answerable": float(bool(answerable)),
            "searcher_confidence": float(confidence or 0.0),
            "hard_lack": float(hard_lack),
            "soft_lack": float(soft_lack),
            "absent_share": absent,
            "elsewhere_share": best[5],
            "terms_inverse": best[4],
            **dict(zip(TERM_FEATURES, signals, strict=True)),
            **{name: float(name in gate) for name in GATE_FEATURES},
            "rules_shown": float(rules_answered and shown_in(candidate.text, shown_answer)),
            "rules_answered": float(rules_answered),
        }
        for name, value in values.items():
            matrix[row, column[name]] = value
    return matrix


def _cosines(question: str, found: Sequence[Candidate], embed: Embed | None) -> Any:
    """e5 cosines of the question (``query:``) to each candidate (``passage:``; the shipped knowledge base's
    sentence vectors ship, so only the question is embedded)."""
    import numpy as np

    from agentcore.rag._focus import cached_local

    embed = embed or cached_local
    sentences = list(dict.fromkeys(c.text for c in found))
    try:
        query = embed([question], "query")[0]
        by_sentence = dict(zip(sentences, embed(sentences, "passage") @ query, strict=True))
    except Exception:  # no local model: no cosines
        return np.zeros(len(found))
    return np.array([float(by_sentence[c.text]) for c in found])
