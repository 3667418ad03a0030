"""Tests by meaning (e5 cosine): whether a shown sentence is close enough to a part, and whether words of the part
draw the question towards a sentence or away from it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agentcore.rag._focus.vectors import cached_local


def close_in_meaning(
    text: str,
    shown: Sequence[str],
    threshold: float,
    embed: Any | None,
    *,
    without: str | None = None,
    relaxed: float | None = None,
) -> bool:
    """Whether a shown sentence is within ``threshold`` (e5 cosine) of ``text``.

    ``without``: ``text`` with the nouns no passage uses removed (a soft lack).  Such a noun is then read as a
    paraphrase of the sentence's own word («расписание» / «график», «шеф» / «руководитель») when the sentence is
    within ``relaxed`` of ``text`` **and** the noun does not pull the question away from it — the sentence is at
    least as close to the whole question as to the question without the noun.  A noun naming something the
    sentence lacks («собаку к ДМС» next to the relatives' tariff, «индивидуальное» next to group lessons) makes
    the question less like the sentence, and the stricter ``threshold`` stays."""
    try:
        if embed is None:
            embed = cached_local
        query = embed([text], "query")
        sentences = embed(list(shown)[:8], "passage")
    except Exception:  # no local model: the lexical decision stands
        return False
    scores = sentences @ query[0]
    if float(scores.max()) >= threshold:
        return True
    if without is None or relaxed is None or not without.strip() or float(scores.max()) < relaxed:
        return False
    try:
        others = sentences @ embed([without], "query")[0]
    except Exception:
        return False
    return any(float(a) >= relaxed and float(a) >= float(b) for a, b in zip(scores, others, strict=True))


def draws_towards(text: str, without: str, shown: Sequence[str], embed: Any | None) -> bool:
    """Whether some ``shown`` sentence is at least as close (e5) to ``text`` as to ``without`` (``text`` less the
    words in question); without a model, ``True`` (the lexical decision stands)."""
    if not shown or not without.strip() or without == text:
        return True
    try:
        if embed is None:
            embed = cached_local
        queries = embed([text, without], "query")
        sentences = embed(list(shown)[:8], "passage")
    except Exception:
        return True
    return bool(((sentences @ queries[0]) >= (sentences @ queries[1])).any())


def draws_closer(text: str, without: str, sentence: str, embed: Any | None) -> bool:
    """Whether ``sentence`` is closer (e5, strictly) to ``text`` than to ``without`` (``text`` less the words in
    question): those words draw the question towards it.  Strict, so that a reading that tells nothing (no model, an
    embedder that finds nothing close) says no; without a model, ``False``."""
    if not without.strip() or without == text:
        return False
    try:
        if embed is None:
            embed = cached_local
        queries = embed([text, without], "query")
        vector = embed([sentence], "passage")[0]
    except Exception:
        return False
    return float(queries[0] @ vector) > float(queries[1] @ vector)
