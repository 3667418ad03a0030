"""Query router: pick BM25, dense or hybrid retrieval for a query by explainable rules.

Rules, first match wins (the decision's ``reason`` names the rule and the evidence):

1. a quoted phrase (``"..."``, ``«...»``, ``„...“``) → ``bm25`` — the user wants those exact words;
2. an identifier or code (``TASK-12``, ``ERR_42``, ``v2``, ``3DS``, ``INC0042``) → ``bm25`` — embeddings blur
   such tokens, exact term match does not;
3. a long question (≥ :data:`LONG_QUERY_WORDS` words) with no rare tokens (no digits, Latin words, acronyms or
   capitalised names) → ``dense`` — a paraphrase, where meaning matters more than the exact words;
4. otherwise → ``hybrid`` (BM25 and dense fused with RRF).

Without an embedder every query goes to ``bm25`` and the reason says so.
"""

from __future__ import annotations

import re

from agentcore.rag.models import RouteDecision

LONG_QUERY_WORDS = 8

_QUOTED_RE = re.compile(r"\"([^\"]{2,})\"|«([^»]{2,})»|„([^“”]{2,})[“”]|“([^”]{2,})”")
_CODE_RES = (
    re.compile(r"\b[A-Za-z]+[-_]\d+[A-Za-z0-9]*\b"),  # TASK-12, ERR_42
    re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b"),  # ERR_TIMEOUT
    re.compile(r"\b(?=\w*\d)(?=\w*[^\W\d_])\w+\b"),  # letters mixed with digits: v2, 3DS, INC0042, 2ФА
)
_WORD_RE = re.compile(r"\w+")
_ACRONYM_RE = re.compile(r"^[A-ZА-ЯЁ]{2,}$")
_LATIN_RE = re.compile(r"[A-Za-z]")


def _rare_tokens(query: str) -> list[str]:
    rare: list[str] = []
    words = _WORD_RE.findall(query)
    for position, word in enumerate(words):
        if any(ch.isdigit() for ch in word) or _LATIN_RE.search(word) or _ACRONYM_RE.match(word):
            rare.append(word)
        elif position > 0 and word[:1].isupper():
            rare.append(word)  # a capitalised word inside the sentence: a name
    return rare


def router_select(query: str, dense_available: bool = True) -> RouteDecision:
    """Decide which retriever answers ``query``.

    Args:
        query: the user's question.
        dense_available: whether an embedder is configured; when false the answer is always ``bm25``.

    Returns:
        the mode and the rule that fired (English), e.g. ``RouteDecision("bm25", "identifier or code in the
        query: TASK-12")``.
    """
    decision = _decide(query)
    if not dense_available and decision.mode != "bm25":
        return RouteDecision("bm25", f"dense retrieval unavailable (no embedder configured); {decision.reason}")
    return decision


def _decide(query: str) -> RouteDecision:
    quoted = _QUOTED_RE.search(query)
    if quoted:
        phrase = next(group for group in quoted.groups() if group)
        return RouteDecision("bm25", f"quoted phrase needs exact match: «{phrase.strip()}»")
    for pattern in _CODE_RES:
        code = pattern.search(query)
        if code:
            return RouteDecision("bm25", f"identifier or code in the query: {code.group(0)}")
    words = _WORD_RE.findall(query)
    rare = _rare_tokens(query)
    if len(words) >= LONG_QUERY_WORDS and not rare:
        return RouteDecision("dense", f"long question ({len(words)} words) without rare tokens: likely a paraphrase")
    if rare:
        return RouteDecision("hybrid", f"rare tokens ({', '.join(rare[:3])}) plus free text: fuse BM25 and dense")
    return RouteDecision("hybrid", f"short question ({len(words)} words): fuse BM25 and dense")
