"""The things a «какие X» question lists: its noun X must be named where the answer is given."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.words import is_focus_word, lemma_of, vocabulary_of

ASKED_NOUN_MUST_BE_NAMED = True
"""Whether a part asking «какие X» for a list (a part that asks no value: ``other``) is answered only by a section
that names X, when some passage of the run names X (otherwise X is a word the documents do not use, and the lack and
paraphrase rules decide).  Not for parts asking a value: there «какой X» names the kind of value («какая почта», «в
какие дни», «какую часть оплаты»), which the value itself gives — measured: required there, it declined three
correct answers on the development splits."""

_WHICH_RE = re.compile(
    r"(?<![\w-])как(?:ой|ая|ое|ие|их|им|ими|ую|ом|ого|ому)\s+((?:[а-яёa-z-]+\s+){0,2}[а-яёa-z-]+)", re.I
)


def asked_noun(part: Part, *, slot: bool = False) -> str | None:
    """The subject term a «какой / какие X» part asks about (the first noun after the question word, adjectives
    skipped: «какие клиники входят в ДМС» → «клиника»), or ``None``.  ``slot``: the noun even when it is no subject
    term («какая почта»: the kind of value asked)."""
    match = _WHICH_RE.search(part.text)
    if match is None:
        return None
    for word in match.group(1).split():
        lemma = lemma_of(word.lower().replace("ё", "е"))
        if (lemma in part.terms or slot) and is_focus_word(lemma):
            return lemma
    return None


def names_asked_noun(part: Part, texts: Sequence[str], passages_vocabulary: tuple[set[str], set[str]]) -> bool:
    """Whether ``texts`` name the noun the part asks about — ``True`` when it asks about none, or about a noun no
    passage names (``passages_vocabulary``: the words and stems of every passage of the run)."""
    noun = asked_noun(part)
    if noun is None or not part_matches(part, noun, *passages_vocabulary):
        return True
    return part_matches(part, noun, *vocabulary_of(texts))
