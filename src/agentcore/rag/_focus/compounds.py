"""Noun phrases a time word heads («день рождения», «день здоровья»): a supplying sentence holds such a phrase only
as that phrase, not as its two words apart."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from agentcore.rag._focus.parts import QUESTION_WORDS
from agentcore.rag._focus.words import WORD_RE, lemma_of
from agentcore.text.morphology import parses as word_parses

COMPOUNDS_MUST_HOLD = True
"""Whether a time word that heads a noun phrase of the part («день рождения», «день здоровья») is held by a
supplying sentence only as that phrase (both words, in a row, in the sentence, its heading or the sentence before)."""


_UNIT_HEADS = frozenset({"день", "неделя", "месяц", "год", "час", "минута"})


def _compounds(text: str) -> list[tuple[str, str]]:
    """The phrases of ``text`` a time word heads with a genitive noun after it: ``(«день», «рождение»)``."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None:
        return []
    words = WORD_RE.findall(text.lower())
    found = []
    for k, (left, right) in enumerate(itertools.pairwise(words)):
        if lemma_of(left) not in _UNIT_HEADS or lemma_of(right) in _UNIT_HEADS or len(right) < 4:
            continue
        if any(re.fullmatch(r"скольк\w*|скок\w*|несколько|\d+|доп", w) for w in words[max(0, k - 2) : k]):
            continue  # «сколько дней отпуска», «сколько доп дней»: the unit counted, not a phrase
        if k and words[k - 1] in ("в", "во", "на", "за", "через", "раз", "каждый", "каждую", "каждые"):
            continue  # «раз в неделю занятия»: a frequency or a span, not a phrase
        parse = word_parses(right)[0]
        if "NOUN" in parse.tag and "gent" in parse.tag and lemma_of(right) not in QUESTION_WORDS:
            found.append((lemma_of(left), lemma_of(right)))
    return found


def holds_compounds(part_text: str, texts: Sequence[str]) -> bool:
    """Whether ``texts`` hold every phrase :func:`_compounds` finds in ``part_text`` whose two words they both hold
    as that phrase, the two words in a row: both words held apart («рождении ребёнка … 5 календарных дней» for «день
    рождения») is another subject; a phrase the sentence does not hold whole is left to the term share (a paraphrase:
    «дата выплаты» for «день зарплаты»)."""
    phrases = _compounds(part_text)
    if not phrases:
        return True
    read = [[lemma_of(w) for w in WORD_RE.findall(text.lower())] for text in texts]
    pairs = {pair for found in read for pair in itertools.pairwise(found)}
    # both words in one text (not one in the heading, one in the sentence: «Зарплата …» over «… рабочий день»)
    apart = [phrase for phrase in phrases if any(set(phrase) <= set(found) for found in read)]
    return all(phrase in pairs for phrase in apart)


def names_another_phrase(part_text: str, texts: Sequence[str]) -> bool:
    """Whether ``texts`` name the time word of a phrase of ``part_text`` (:func:`_compounds`) only heading another
    phrase — with another genitive noun after it — and its own noun in none of them: «первый день болезни» for «день
    здоровья».  The section's own texts are read (its sentences and its own title): the phrase's noun only in the
    document's title is not the section's."""
    phrases = _compounds(part_text)
    if not phrases:
        return False
    found = [pair for text in texts for pair in _compounds(text)]
    read = {lemma_of(w) for text in texts for w in WORD_RE.findall(text.lower())}
    return any(
        noun not in read and any(head == other_head and noun != other for other_head, other in found)
        for head, noun in phrases
    )
