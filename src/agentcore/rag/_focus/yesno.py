"""The predicate test of a yes/no part: a supplying sentence speaks to what the part asks, not only to its subject."""

from __future__ import annotations

from typing import Any

from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.vectors import cached_local
from agentcore.rag._focus.words import drop_words, is_verb, vocabulary_of


def speaks_to(part: Part, sentence: str, heading: str, semantic: float | None, embed: Any | None) -> bool:
    """Whether ``sentence`` itself speaks to what a yes/no ``part`` asks, not only to its subject.

    It does when it holds the part's verb (the predicate: «голосует», «оплачивают») or one of the part's terms
    that its section heading does not already name (the heading names the subject).  A sentence holding none of the
    part's terms does not.  Otherwise (the subject named, the predicate not: «Владелец продукта отвечает за бэклог»
    for «голосует ли владелец продукта») the rest of the part — the predicate and object it does not repeat — must
    draw the question towards the sentence (e5, as for a noun no passage uses): the sentence is at least as close to
    the whole part as to the part without those words («Подменный ноутбук выдаётся …» for «ноут сдох, дадут ли
    временный»).  A sentence that only names the subject («Полис ДМС получают все сотрудники
    …» for «чистку зубов по ДМС оплачивают?») says neither yes nor no.  Without a model (or ``semantic`` ``None``)
    the word test alone decides.  A part of one term asks nothing besides it."""
    if len(part.terms) < 2:
        return True
    words, stems = vocabulary_of([sentence])
    held = [t for t in part.terms if part_matches(part, t, words, stems)]
    verbs = [t for t in part.terms if is_verb(t)]
    heading_words, heading_stems = vocabulary_of([heading])
    beyond = [t for t in held if not part_matches(part, t, heading_words, heading_stems)]
    if any(t in held for t in verbs) or beyond:
        return True
    if semantic is None or not held:
        return False
    without = drop_words(part.text, [t for t in part.terms if t not in held])
    if not without.strip() or without == part.text:
        return False
    try:
        if embed is None:
            embed = cached_local
        queries = embed([part.text, without], "query")
        vector = embed([sentence], "passage")[0]
    except Exception:  # no local model: the word test stands
        return False
    return float(queries[0] @ vector) >= float(queries[1] @ vector)
