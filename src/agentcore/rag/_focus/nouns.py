"""The noun tests of a supplying sentence: every noun of the part held (a yes/no part; a count or an amount part whose
verb may be paraphrased)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.words import WORD_RE, is_focus_word, lemma_of, vocabulary_of
from agentcore.text.morphology import parses as word_parses

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


SUBJECT_BLOCKS_MEANING = True
"""Whether a supplying sentence taken by meaning (the e5 bridge) must hold the part's grammatical subject — a noun
in the nominative — when some passage of the run names it: «сколько story points закрывает один разработчик» is not
answered by the velocity of a team, nor «может ли разработчик состоять в двух командах» by what a scrum master does."""


def subject_nouns(part: Part) -> list[str]:
    """The part's subject terms that stand in the nominative in its text (see :func:`_subject_nouns`)."""
    return list(_subject_nouns(part))


@lru_cache(maxsize=4096)
def _subject_nouns(part: Part) -> tuple[str, ...]:
    """The part's subject terms that stand in the nominative in its text (pymorphy3's first reading), unless a
    reading takes them for an accusative, or they name the kind of value a «какой X» part asks."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None:
        return ()
    from agentcore.rag._focus.asked_noun import asked_noun

    kind = asked_noun(part, slot=True)  # «какая почта»: the kind of value asked, not its subject
    found = []
    for word in WORD_RE.findall(part.text):
        if lemma_of(word.lower().replace("ё", "е")) not in part.terms:
            continue  # a question word, a function word: no subject (and no parse to pay for)
        parses = word_parses(word.lower())
        first = parses[0]
        if "NOUN" not in first.tag or "nomn" not in first.tag or first.normal_form not in part.terms:
            continue
        # only a nominative no reading takes for an object («ноуты», «клиники»: nominative or accusative)
        if any("accs" in p.tag for p in parses if p.normal_form == first.normal_form) or first.normal_form == kind:
            continue
        found.append(first.normal_form)
    return tuple(found)


def holds_subject(part: Part, texts: Sequence[str], passages_vocabulary: tuple[set[str], set[str]]) -> bool:
    """Whether ``texts`` hold every subject noun of the part (:func:`subject_nouns`) that some passage names."""
    named = [t for t in _subject_nouns(part) if part_matches(part, t, *passages_vocabulary)]
    if not named:
        return True
    words, stems = vocabulary_of(texts)
    return all(part_matches(part, t, words, stems) for t in named)
