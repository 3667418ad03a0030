"""The direction a question and a sentence give a movement or a transfer: where from and where to, read by the
preposition and case that govern each noun («из дома до офиса» / «поездку до дома»).

A rule for the way home is not the rule for the way from home: a sentence that names as the goal what the question
names as the source (or the reverse) states the other direction, however many words it shares.  A sentence that
names both ways («до вокзала или аэропорта и обратно») states both.
"""

from __future__ import annotations

import re

from agentcore.text.morphology import parses as word_parses

DIRECTIONS_MUST_AGREE = True
"""Whether a sentence giving the reverse direction of the question's is no supplier (:func:`reverse_direction`)."""

_WORD_RE = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё-]*")
_SOURCE = {"из": {"gent"}, "изо": {"gent"}, "от": {"gent"}, "с": {"gent"}, "со": {"gent"}}
_GOAL = {"до": {"gent"}, "к": {"datv"}, "ко": {"datv"}, "в": {"accs"}, "во": {"accs"}, "на": {"accs"}}
_BOTH_WAYS_RE = re.compile(r"\bобратно\b|\bтуда и сюда\b|\bв обе стороны\b", re.I)
_MODIFIER_POS = frozenset({"ADJF", "PRTF", "NUMR"})


def _ends(text: str, prepositions: dict[str, set[str]]) -> set[str]:
    """The nouns ``text`` governs by one of ``prepositions`` in one of its cases (modifiers between them skipped):
    a noun read in another case is another relation («с коллегой», «в офисе»)."""
    words = [w.lower().replace("ё", "е") for w in _WORD_RE.findall(text)]
    found = set()
    for k, word in enumerate(words):
        cases = prepositions.get(word)
        if cases is None:
            continue
        for following in words[k + 1 :]:
            readings = word_parses(following)
            if not readings:
                break
            pos = str(readings[0].tag.POS)
            if pos in _MODIFIER_POS:
                continue
            if pos == "NOUN":
                lemma = readings[0].normal_form
                if any(r.normal_form == lemma and str(r.tag.case) in cases for r in readings if r.tag.POS == "NOUN"):
                    found.add(lemma.replace("ё", "е"))
            break
    return found


def sources(text: str) -> set[str]:
    """Where from: the nouns after «из», «от», «с» in the genitive."""
    return _ends(text, _SOURCE)


def goals(text: str) -> set[str]:
    """Where to: the nouns after «до» (genitive), «к» (dative), «в», «на» (accusative)."""
    return _ends(text, _GOAL)


def reverse_direction(question_part: str, sentence: str) -> bool:
    """Whether ``sentence`` names as its goal a noun the part names only as its source, or as its source one the part
    names only as its goal, when the part names both ends of its way («сколько возмещают за такси из дома до офиса
    утром» / «Такси после 22:00 … — до 1500 ₽ за поездку до дома»).  A sentence naming both ways
    (:data:`_BOTH_WAYS_RE`) is kept."""
    if not DIRECTIONS_MUST_AGREE or _BOTH_WAYS_RE.search(sentence):
        return False
    asked_from, asked_to = sources(question_part), goals(question_part)
    # only a route the part names whole, from one end to the other: one end alone is often a place or a time in
    # another relation («ходить в офис» / «работает из офиса минимум 2 дня в неделю»)
    if not asked_from or not asked_to:
        return False
    stated_from, stated_to = sources(sentence), goals(sentence)
    return bool(
        ((asked_from - asked_to) & (stated_to - stated_from)) or ((asked_to - asked_from) & (stated_from - stated_to))
    )
