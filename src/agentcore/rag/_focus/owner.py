"""Whose lasting a sentence gives: «сколько длится X» is answered by a duration said of X («Спринт длится 2 недели»,
«Продолжительность спринта — 2 недели», «спринты двухнедельные»), not by one of another thing that names X only as
its dependent («это пятница второй недели спринта, … продолжительность — 1 час» is the retrospective's hour)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentcore.rag._focus.measures import measure_asked
from agentcore.rag._focus.parts import Part
from agentcore.rag._focus.words import WORD_RE, is_plain_noun, term_matches, vocabulary_of

LASTING_MUST_BE_OWNED = True
"""Whether a lasting part («сколько длится X») is supplied only by a sentence that names X as the owner of its
duration — or, when the sentence does not name X, whose sentence before or heading does."""


_DURATION_NOUNS = frozenset({"продолжительность", "длительность", "длина", "срок", "период", "время"})
"""Nouns whose genitive is the owner of a duration («продолжительность спринта»)."""


_SKIPPED_POS = frozenset({"ADJF", "PRTF", "NUMR", "ADJS"})
"""Words between a governing noun and its genitive («второй недели спринта», «конце каждого спринта»)."""


def owns_lasting(part: Part, units: Sequence[str]) -> bool:
    """Whether ``units`` (a supplying sentence first, then its context: heading, sentence before, list lead-in) say
    the duration of the thing ``part`` asks the lasting of.

    The thing is the part's first plain noun term.  The nearest unit that names it decides: the sentence itself, else
    its context.  It owns the duration unless every mention there is a genitive governed by another noun («в конце
    спринта», «ретроспектива спринта») or by a preposition («после спринта») — a duration noun's genitive
    («продолжительность спринта») is its owner.  A part asking no lasting, or a thing no unit names (a paraphrase),
    is not judged here (``True``)."""
    if not LASTING_MUST_BE_OWNED:
        return True
    measure = measure_asked(part.text)
    if measure is None or measure[0] != "lasting":
        return True
    thing = next((t for t in part.terms if is_plain_noun(t)), None)
    if thing is None:
        return True
    sentence, *context = units
    verdict = _owner_in(thing, [sentence])
    if verdict is None:
        verdict = _owner_in(thing, context)
    return verdict is not False


def _owner_in(thing: str, texts: Sequence[str]) -> bool | None:
    """``True``: a text names ``thing`` as an owner; ``False``: the texts name it only as another word's
    dependent; ``None``: they do not name it."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    named = False
    for text in texts:
        tokens = [m.group() for m in WORD_RE.finditer(text or "")]
        for index, token in enumerate(tokens):
            if not term_matches(thing, *vocabulary_of([token])):
                continue
            named = True
            if morph is None or not _is_dependent(morph, tokens, index):
                return True
    return False if named else None


def _is_dependent(morph: object, tokens: Sequence[str], index: int) -> bool:
    """Whether ``tokens[index]`` is a genitive governed by the noun or preposition before it (modifiers skipped)."""
    word = tokens[index].lower().replace("ё", "е")
    if not re.fullmatch(r"[а-я-]+", word):
        return False
    parses = morph.parse(word)  # type: ignore[attr-defined]
    if "gent" not in parses[0].tag:
        return False
    for before in reversed(tokens[:index]):
        low = before.lower().replace("ё", "е")
        if not re.fullmatch(r"[а-я-]+", low):
            return False
        parse = morph.parse(low)[0]  # type: ignore[attr-defined]
        pos = str(parse.tag.POS)
        if pos in _SKIPPED_POS:
            continue
        if pos == "PREP":
            return True
        return pos == "NOUN" and parse.normal_form not in _DURATION_NOUNS
    return False
