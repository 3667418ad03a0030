"""The noun tests of a supplying sentence: every noun of the part held (a yes/no part; a count or an amount part whose
verb may be paraphrased)."""

from __future__ import annotations

from collections.abc import Sequence

from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.words import is_focus_word, vocabulary_of

COUNT_NOUNS_SUFFICE = True
"""Whether a part asking for a count or an amount is answered by a supplying sentence holding every noun of the part
and :data:`MEANING_MIN_SHARE` of its terms (its verbs and modifiers may be paraphrased).  Measured on dev..dev5 and
devh (branch fd18): 2 false declines answered, nothing hallucinated; for time parts too it made 1 wrong answer and
1 hallucination, so not for them."""


def holds_every_noun(part: Part, texts: Sequence[str]) -> bool:
    """Whether the part has a noun (:func:`is_focus_word`) and ``texts`` hold every one of them."""
    return any(is_focus_word(t) for t in part.terms) and holds_nouns(part, texts)


YESNO_ALL_NOUNS = True
"""Whether a yes/no part is answered only by a sentence that holds (with its heading and the sentence before) every
noun of the part — measured on dev/dev2/dev3/dev4: one partial question fewer answered as a whole, nothing lost."""


def holds_nouns(part: Part, texts: Sequence[str]) -> bool:
    """Whether ``texts`` hold every noun among the part's subject terms (in any of its spellings)."""
    words, stems = vocabulary_of(texts)
    return all(part_matches(part, t, words, stems) for t in part.terms if is_focus_word(t))
