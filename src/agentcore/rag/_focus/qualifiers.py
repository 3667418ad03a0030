"""A question's restricting qualifier that the supplying sentence replaces by another: «гибридным сотрудникам» is not
answered by «Полностью удалённым сотрудникам …», «учебный отпуск» not by «ежегодный оплачиваемый отпуск …».

A *qualifier* here is an adjective or participle before a noun of the question («учебный отпуск»).  The sentence
names the same noun with its own, different qualifier and does not hold the question's: it states the rule of a
neighbouring case (another role, kind, period) that the documents give, not the one asked about.  The noun without
any qualifier in the sentence («отпуск составляет …») is a general rule and is not rejected here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentcore.rag._focus.words import term_matches, vocabulary_of

QUALIFIERS_MUST_AGREE = True
"""Whether a sentence that qualifies a noun of the question otherwise than the question does is no supplier."""

_WORD_RE = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё-]*")
_QUALIFIER_POS = frozenset({"ADJF", "PRTF"})
_SKIPPED_POS = frozenset({"ADVB", "CONJ"})
"""Between a qualifier and its noun: «полностью удалённым сотрудникам», «ежегодный оплачиваемый отпуск»."""


def _tagged(text: str) -> list[tuple[str, str, str]]:
    """``(lemma, part of speech, case)`` of each Russian word of ``text`` (the first pymorphy3 parse)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None:
        return []
    out = []
    for word in _WORD_RE.findall(text):
        parse = morph.parse(word.lower().replace("ё", "е"))[0]
        out.append((parse.normal_form.replace("ё", "е"), str(parse.tag.POS), str(parse.tag.case)))
    return out


def qualified_nouns(text: str) -> dict[str, set[str]]:
    """Per noun lemma of ``text``, the lemmas of the qualifiers (not pronouns: «какой», «свой») that precede it."""
    tagged = _tagged(text)
    found: dict[str, set[str]] = {}
    for k, (lemma, pos, _case) in enumerate(tagged):
        if pos != "NOUN":
            continue
        found.setdefault(lemma, set())
        j = k - 1
        while j >= 0 and tagged[j][1] in _QUALIFIER_POS | _SKIPPED_POS:
            if tagged[j][1] in _QUALIFIER_POS and not _is_pronoun(tagged[j][0]):
                found[lemma].add(tagged[j][0])
            j -= 1
    return found


def _is_pronoun(lemma: str) -> bool:
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    return morph is not None and any("Apro" in p.tag for p in morph.parse(lemma)[:1])


def replaces_a_qualifier(question_part: str, terms: Sequence[str], sentence: str) -> bool:
    """Whether ``sentence`` names a noun of ``question_part`` with other qualifiers only and does not hold the part's
    own qualifier of that noun.  Only a qualifier among the part's subject ``terms`` counts: «максимальный размер»
    names what is asked (a slot word), not a case.  Its heading is not read: «Удалённая и гибридная работа»
    qualifies the work, and «Полностью удалённым сотрудникам …» still speaks of other employees than «гибридным»."""
    if not QUALIFIERS_MUST_AGREE:
        return False
    asked = {noun: qs & set(terms) for noun, qs in qualified_nouns(question_part).items() if qs & set(terms)}
    if not asked:
        return False
    stated = qualified_nouns(sentence)
    words, stems = vocabulary_of([sentence])
    for noun, qualifiers in asked.items():
        others = stated.get(noun, set()) - qualifiers
        if others and not any(term_matches(q, words, stems) for q in qualifiers):
            return True
    return False
