"""The paraphrase supplier: the candidate sentence that gives the value a part asks for and is closest to it in
meaning, when no sentence matches by words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agentcore.rag._focus.lacks import lacks_focus
from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.supplies import supplier_scores
from agentcore.rag._focus.thresholds import SEMANTIC_MIN_COSINE
from agentcore.rag._focus.vectors import cached_local, vector_at_hand
from agentcore.rag._focus.words import vocabulary_of


def semantic_supplier(
    part: Part,
    question: str,
    candidates: Sequence[tuple[str, str]],
    threshold: float = SEMANTIC_MIN_COSINE,
    embed: Any | None = None,
) -> int | None:
    """The candidate that gives the value ``part`` asks for and is closest in meaning to it (e5 cosine at least
    ``threshold``), for a paraphrase no sentence matches by words; ``None`` without one (or without the model).
    Only the :data:`MAX_SEMANTIC_CANDIDATES` that hold most of the part's terms are embedded (each costs an e5
    pass), and none that holds none of them."""
    scored = supplier_scores(part, question, candidates)
    if not scored:
        return None
    # The deterministic reading decides first: a name or code the question turns on that no candidate mentions
    # («Miro», «MBA») is declined by :func:`check_focus` whatever the cosine, so nothing is embedded for it.
    words, stems = vocabulary_of([text for pair in candidates for text in pair])
    hard, _soft = lacks_focus(part, [t for t in part.terms if not part_matches(part, t, words, stems)])
    if hard:
        return None
    ranked = sorted((i for i, (share, *_) in scored.items() if share > 0), key=lambda i: (-scored[i][0], i))
    indices = ranked[:MAX_SEMANTIC_CANDIDATES]
    if embed is None:
        # A sentence whose vector is already at hand (shipped with the bundled knowledge base, or cached) costs no
        # e5 pass: it competes whatever its word share — a paraphrase («залочат учётку» / «учётная запись
        # блокируется») shares few words with the question.
        indices += [i for i in ranked[MAX_SEMANTIC_CANDIDATES:] if vector_at_hand(candidates[i][0])][
            :MAX_FREE_CANDIDATES
        ]
    if not indices:
        return None
    try:
        embed = embed or cached_local
        query = embed([part.text], "query")
        vectors = embed([candidates[i][0] for i in indices], "passage")
    except Exception:  # no local model: no paraphrase match
        return None
    scores = vectors @ query[0]
    best = int(scores.argmax())
    return indices[best] if float(scores[best]) >= threshold else None


MAX_SEMANTIC_CANDIDATES = 4


MAX_FREE_CANDIDATES = 16
