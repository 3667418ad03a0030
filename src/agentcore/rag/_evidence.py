"""Whether sentences answer a question **by its own words** — the standard for evidence the searcher found weak.

The searcher's calibrated answerability (:func:`agentcore.rag._ranking.answerability`) reads the top passage as a
whole; a passage below its threshold may still hold the one sentence that answers («как часто встречаться с
бадди»: «Встречи с наставником — не реже раза в неделю»), and declining then is a false decline decided before the
sentence check could look.  Weak evidence is not trusted as strong evidence is, though: a short off-topic question
(«когда корпоратив», «кто наш бухгалтер») finds some sentence holding its one word, and the focus check's
paraphrase tests (a stem shared by different words, the e5 cosine) are what a wrong topic passes by.  So below the
threshold an answer stands only when the focus check answers it **and** every part it answers is answered lexically:
the part has at least :data:`MIN_TERMS` subject terms and one shown sentence (with the headings of the sections it
cites) holds every one of them — by word, lemma or exact stem (a verb also by the noun of its root), or by a spelling
the query repair or the colloquial lexicon gives for it — never by a shared prefix or by meaning alone.

Two kinds of term are exempt (:data:`VERBS_AND_FIGURES_MAY_DIFFER`), as the focus check exempts them: a verb, which a
rule's sentence paraphrases («бизнес-класс можно взять?» / «бизнес-класс допускается»; «во сколько уходить» /
«закончить»), and a bare number, the asker's own figure («лечу часов 8» / «дольше 6 часов»), with its unit
(«2 тыщи»).  The sentence must still hold every other term of the part, and at least :data:`MIN_TERMS` of its terms.
"""

from __future__ import annotations

from collections.abc import Sequence

from agentcore.rag._focus import FocusCheck, Part, is_verb, stem_of, vocabulary_of
from agentcore.rag._focus.yesno import figure_units

__all__ = ["MIN_TERMS", "VERBS_AND_FIGURES_MAY_DIFFER", "VERB_STEM", "lexically_answered"]

MIN_TERMS = 2
"""A part of fewer subject terms says too little to be matched on weak evidence (one word finds some sentence)."""
VERB_STEM = 5
"""Letters a verb's stem and a noun's stem of one root must have (shorter ones begin too many unrelated words)."""


VERBS_AND_FIGURES_MAY_DIFFER = True
"""Whether a shown sentence may lack a verb or a bare number of the part (see the module docstring): verbs are
paraphrased too often to be required (:func:`agentcore.rag._focus.lacks.lacks_focus` does not count them either) and
the documents state limits, not the asker's amount or hours (:data:`agentcore.rag._focus.lacks.FIGURES_ARE_NO_NAMES`).
The nouns, adjectives, names and codes stay required, so the sentence is still about the question's subject."""


def _may_differ(term: str, units: tuple[str, ...], *, verbs: bool = True) -> bool:
    # a figure's unit («2 тыщи», «на три недели») is a measure compared with the rule's limit, as the figure is
    return VERBS_AND_FIGURES_MAY_DIFFER and (term.isdigit() or term in units or (verbs and is_verb(term)))


def _holds(term: str, words: set[str], stems: set[str]) -> bool:
    stem = stem_of(term)
    if term in words or stem in stems:
        return True
    # a verb of the question and the noun of the sentence of one root, the one stem wholly the other's beginning
    # («встречаться» / «встречи», «оформить» / «оформление») — not two nouns sharing a beginning («визитки» /
    # «визита»)
    return (
        is_verb(term)
        and len(stem) >= VERB_STEM
        and any(len(s) >= VERB_STEM and (s.startswith(stem) or stem.startswith(s)) for s in stems)
    )


def _holds_part(part: Part, words: set[str], stems: set[str], *, verbs: bool = True) -> bool:
    held = [
        _holds(term, words, stems)
        or any(lemmas and all(_holds(x, words, stems) for x in lemmas) for lemmas in part.alternatives_of(term))
        for term in part.terms
    ]
    units = figure_units(part)
    required = all(ok or _may_differ(term, units, verbs=verbs) for term, ok in zip(part.terms, held, strict=True))
    return required and sum(held) >= MIN_TERMS


def lexically_answered(
    focus: FocusCheck, shown: Sequence[str], shown_headings: Sequence[str], *, verbs_may_differ: bool = True
) -> bool:
    """Whether every part ``focus`` answers is answered by one ``shown`` sentence holding all its subject terms
    (see the module docstring); ``False`` when no part is answered.

    Args:
        focus: :func:`agentcore.rag._focus.check_focus` of the question on ``shown``.
            Its parts carry the other spellings of their terms (query repair, colloquial lexicon).
        shown: the sentences the user would see; ``shown_headings`` per sentence, the titles it cites.
        verbs_may_differ: ``False`` — a verb of the part must be held too (the standard of a sentence the composer
            did not choose, :mod:`agentcore.rag._reselect`: «кто назначает наставника» is not answered by what the
            mentor does).
    """
    answered = [part for part, ok in zip(focus.parts, focus.answered, strict=True) if ok]
    if not answered:
        return False
    units = [vocabulary_of([sentence, heading]) for sentence, heading in zip(shown, shown_headings, strict=True)]
    return all(
        len(part.terms) >= MIN_TERMS
        and any(_holds_part(part, words, stems, verbs=verbs_may_differ) for words, stems in units)
        for part in answered
    )
