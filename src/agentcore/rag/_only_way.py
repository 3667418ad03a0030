"""A rule's only way — «только после согласования с руководителем», «только по заявке на вынос», «только через
корпоративный VPN» — read once for its two readers (review finding 13: each had its own copy):

* the claim guard (:func:`agentcore.rag._facts.as_only_way`): a claim «без X … нельзя» restates the evidence's
  «только <preposition> X» and is checked positively;
* the focus check (:func:`agentcore.rag._focus.conditions.ignores_an_absence`): a sentence stating a rule's only way
  speaks of the absence a question sets («можно ли вынести монитор без заявки?» — «нет, только по заявке»).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

EXCLUSIVE_WORDS = ("только", "лишь", "исключительно")
"""The words making what follows the only way; after «не» they widen it instead («не только по заявке»)."""
_ONLY_WAY_RE = re.compile(
    r"(?<![\w-])(?P<only>" + "|".join(EXCLUSIVE_WORDS) + r")(?![\w-])"
    r"(?:\s+(?P<prep>после|по|через|при|с|со)(?![\w-]))?"
    r"(?P<what>(?:\s+[\w-]+){0,3})",
    re.I,
)
"""An exclusive word, the preposition of the way when one follows, and up to three words after them."""
_NEGATED_RE = re.compile(r"(?<![\w-])не\s+$", re.I)
"""«не» right before the exclusive word: «не только по заявке», «не исключительно через VPN» widen the way — the
thing is one way among others, so its absence is no answer «нет» (rv3 finding 1)."""


@dataclass(frozen=True)
class OnlyWay:
    """One «только …» of a text.

    Attributes:
        prep: the preposition of the way («после», «по», «через», «при», «с», «со»), as written; ``""`` when none
            follows the exclusive word («только сотрудники»).
        words: up to three words after it, as written (none when punctuation follows).
    """

    prep: str
    words: tuple[str, ...]


def only_ways(text: str) -> list[OnlyWay]:
    """Every «только / лишь / исключительно» of ``text`` not negated by a «не» before it, with its preposition and the
    words after it."""
    return [
        OnlyWay(m.group("prep") or "", tuple(m.group("what").split()))
        for m in _ONLY_WAY_RE.finditer(text)
        if not _NEGATED_RE.search(text, 0, m.start())
    ]
