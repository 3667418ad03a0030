"""The case a condition states: who does what in a condition clause of the question and of a supplying sentence.

A rule stated under a condition («Если пропуск потерян, … новый выдадут в течение одного рабочего дня») is the rule
of that case.  A question whose own condition speaks of the same thing with another act («если пропуск сломался») or
of the same act by another actor («ребёнок заболел во время моего отпуска» / «Если вы заболели во время ежегодного
отпуска …») asks another case, however many of its words the sentence holds: the two-thirds share of terms cannot
see it, because the one word that differs is the one that makes the question another question.

A clause is read by its syntax, not by a list of words: its *predicate* (the verbs, short participles and
gerunds — «потерян» is «потерять»), its *subject* (the nouns in the nominative that are not the predicate) and its
*things* (every other noun).  Only the two clauses are compared — the act and the actor of the condition, not the
rest of the sentence — and only when both name what they compare; a question whose condition names no actor («если
заболел») or a sentence with no condition of its own states nothing against it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.words import vocabulary_of
from agentcore.text.clauses import CONDITION_CLAUSE_PATTERN
from agentcore.text.morphology import parses as word_parses

CONDITION_FRAMES_MUST_AGREE = True
"""Whether a sentence stating its value under a condition of another act on the same thing, or of the same act by
another actor, than a condition of the question is no supplier (:func:`states_another_case`)."""

_WORD_RE = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё-]*")
_CLAUSE_START = r"(?:^|(?<=[\s,(—–-]))"
_CLAUSE_BODY = r"\b(?P<clause>[^,.;:?!—–()]*)"
CONDITION_CLAUSE_RE = re.compile(rf"{_CLAUSE_START}(?:{CONDITION_CLAUSE_PATTERN}){_CLAUSE_BODY}", re.I)
"""A condition clause up to the next punctuation, ``clause`` after its opener: «если …», «в случае, если …», «при
условии, что …» — every opener of :data:`agentcore.text.clauses.CONDITION_OPENERS` that opens a clause
(:data:`agentcore.text.clauses.CONDITION_CLAUSE_PATTERN`).  One pattern for the frames of a condition here and the
polarity of one (:func:`agentcore.rag._focus.qualifiers.opposite_condition`)."""
_VERB_POS = frozenset({"VERB", "INFN", "PRTS", "GRND"})
_PERSONAL = frozenset({"я", "ты", "вы", "мы", "сотрудник", "работник", "человек"})
"""Subjects that all name the asker, the employee the documents address («если я заболел» / «Если вы заболели»)."""


@dataclass(frozen=True)
class Frame:
    """A condition clause read by its syntax.

    Attributes:
        text: the clause.
        acts: the lemmas of its predicate (verbs, short participles, gerunds; a participle by its verb).
        subjects: the lemmas of the words that do the act: a noun or pronoun in the nominative that is animate,
            has no accusative form or stands before the predicate, and an adjective used as a noun right before
            the predicate («дежурный не подтвердил»); the personal ones all read «я».
        core: the lemmas of its inanimate nouns no preposition governs and that can be a subject or a direct
            object — the thing the act is done to or happens to («пропуск сломался», «потерял пропуск»); a place or
            a circumstance («в клинику», «без направления») is not, nor a person (what a person does is often
            said in other verbs: «не ответил на алерт» / «не подтвердил оповещение»).
    """

    text: str
    acts: frozenset[str]
    subjects: frozenset[str]
    core: frozenset[str]


def _verb_lemmas(word: str) -> set[str]:
    """The verbs ``word`` is a form of, when its first reading is a verb form or a short adjective that is also a
    short participle («потерян» → «потерять»); empty otherwise (a noun that a rarer reading makes a verb is a noun)."""
    readings = word_parses(word)
    if not readings:
        return set()
    first = str(readings[0].tag.POS)
    if first in _VERB_POS:
        return {r.normal_form.replace("ё", "е") for r in readings if str(r.tag.POS) in _VERB_POS}
    if first == "ADJS":
        return {r.normal_form.replace("ё", "е") for r in readings if str(r.tag.POS) == "PRTS"}
    return set()


def frame_of(clause: str) -> Frame:
    """The predicate, subjects and core nouns of ``clause`` (pymorphy3 readings, the first one's part of speech)."""
    acts: set[str] = set()
    subjects: set[str] = set()
    core: set[str] = set()
    governed = False  # a preposition was read and its noun not yet
    after_noun = False  # a noun was read and only its modifiers since: a genitive now depends on it
    words = [w.lower().replace("ё", "е") for w in _WORD_RE.findall(clause)]
    for k, word in enumerate(words):
        verbs = _verb_lemmas(word)
        if verbs:
            acts |= verbs
            governed = after_noun = False
            continue
        readings = word_parses(word)
        if not readings:
            continue
        first = readings[0]
        pos, lemma = str(first.tag.POS), first.normal_form.replace("ё", "е")
        same = [r for r in readings if r.normal_form == first.normal_form and str(r.tag.POS) == pos]
        cases = {str(r.tag.case) for r in same}
        if pos == "PREP":
            governed, after_noun = True, False
            continue
        if pos == "ADJF" and "Subx" in first.tag and "nomn" in cases and not governed:
            following = [w for w in words[k + 1 :] if w != "не"][:1]
            if following and _verb_lemmas(following[0]):
                subjects.add(lemma)
            continue
        if pos not in ("NOUN", "NPRO"):
            if pos not in ("ADJF", "PRTF", "NUMR"):
                after_noun = False
            continue
        was_governed, governed = governed, False
        dependent = after_noun and any(str(r.tag.case) == "gent" for r in same)
        after_noun = pos == "NOUN"
        if was_governed or dependent:  # «во время отпуска», «доля ошибок»
            continue
        if pos == "NPRO":
            if "nomn" in cases:
                subjects.add("я" if lemma in _PERSONAL else lemma)
            continue
        if ("nomn" in cases or "accs" in cases) and "anim" not in first.tag:
            core.add(lemma)
        if "nomn" in cases and ("anim" in first.tag or "accs" not in cases or not acts):
            subjects.add("я" if lemma in _PERSONAL else lemma)
    return Frame(clause, frozenset(acts), frozenset(subjects), frozenset(core))


_QUESTION_WORD_RE = re.compile(
    r"(?<![\w-])(?:кто|кого|кому|кем|что|чего|чему|когда|сколько|скольки|скольких|как|какой|какая|какое|какие|"
    r"каким|какого|какую|каких|где|куда|откуда|почему|зачем|чей|чья|чье|чьи|ли)(?![\w-])",
    re.I,
)
"""A question word: where a condition clause of an unpunctuated question ends («если дежурный не подтвердил p1 за 15
минут кому звонит бот»)."""


def question_conditions(text: str) -> list[Frame]:
    """The conditions a question part states: its condition clauses (:data:`CONDITION_CLAUSE_RE`: «если …», up to
    a question word), and a leading clause before a comma that reports a past event and asks nothing («ребёнок
    заболел во время моего отпуска, отпуск продлят?», «поменял пароль, через сколько …»)."""
    frames = [frame_of(_QUESTION_WORD_RE.split(m.group("clause"))[0]) for m in CONDITION_CLAUSE_RE.finditer(text)]
    head, comma, _rest = text.partition(",")
    if comma and not CONDITION_CLAUSE_RE.search(head) and not _QUESTION_WORD_RE.search(head):
        firsts = [word_parses(w.lower().replace("ё", "е"))[:1] for w in _WORD_RE.findall(head)]
        if any(str(r.tag.POS) == "VERB" and "past" in r.tag for first in firsts for r in first):
            frames.append(frame_of(head))
    return [f for f in frames if f.acts]


_SITUATION_RE = re.compile(rf"{_CLAUSE_START}(?:{CONDITION_CLAUSE_PATTERN}|когда){_CLAUSE_BODY}", re.I)
"""A situation clause of a question up to the next punctuation: a condition clause (:data:`CONDITION_CLAUSE_RE`:
«если чек потерял», «при условии, что …») or a «когда …» one («когда я на дежурстве»)."""


def situation_removed(text: str) -> str:
    """``text`` without its situation clauses (:data:`_SITUATION_RE`: «если …», «при условии, что …», «в случае,
    если …», «когда …», each up to the next punctuation or, in an
    unpunctuated question, up to a question word): the main clause that says what is asked («возместят такси после
    22, если чек потерял» → «возместят такси после 22, »)."""

    def cut(match: re.Match[str]) -> str:
        clause = match.group("clause")
        rest = _QUESTION_WORD_RE.split(clause, maxsplit=1)
        return clause[len(rest[0]) :] if len(rest) > 1 else ""

    return _SITUATION_RE.sub(cut, text)


def sentence_conditions(sentence: str) -> list[Frame]:
    """The condition clauses of a sentence (:data:`CONDITION_CLAUSE_RE`: «если …», «при условии, что …»), read as
    frames."""
    return [f for f in (frame_of(m.group("clause")) for m in CONDITION_CLAUSE_RE.finditer(sentence)) if f.acts]


def _said(part: Part, lemmas: frozenset[str], text: str) -> bool:
    words, stems = vocabulary_of([text])
    return any(part_matches(part, lemma, words, stems) for lemma in lemmas)


def _says_any(lemmas: frozenset[str], text: str) -> bool:
    words, stems = vocabulary_of([text])
    return any(part_matches(Part(text, "other", ()), lemma, words, stems) for lemma in lemmas)


def other_act(part: Part, asked: Frame, stated: Frame) -> bool:
    """Whether the two conditions speak of the same thing (a core noun of both) with other acts: no act of the
    question's condition is said by the sentence's, and no act of the sentence's by the question part («если пропуск
    сломался» / «Если пропуск потерян»)."""
    shared = asked.core & stated.core
    if not shared:
        return False
    return not _said(part, asked.acts, stated.text) and not _says_any(stated.acts, part.text)


def other_actor(part: Part, asked: Frame, stated: Frame) -> bool:
    """Whether the two conditions state the same act of other actors: an act of the question's condition is said
    by the sentence's, both name their subjects, the question's is not in the sentence's clause and the sentence's is
    nowhere in the question part («ребёнок заболел» /
    «Если вы заболели», «если рабочий сломался» / «Если ноутбук сломался»)."""
    if not asked.subjects or not stated.subjects or not _said(part, asked.acts, stated.text):
        return False
    if asked.subjects & stated.subjects:
        return False
    # the question may name the sentence's actor elsewhere and refer to it by an adjective («когда выдадут подменный
    # ноутбук, если рабочий сломался»)
    return not _said(part, asked.subjects - {"я"}, stated.text) and not _says_any(stated.subjects - {"я"}, part.text)


def states_another_case(part: Part, sentence: str) -> bool:
    """Whether ``sentence`` states its value under a condition of another case than a condition of ``part``: the
    same thing with another act (:func:`other_act`), or the same act by another actor (:func:`other_actor`)."""
    if not CONDITION_FRAMES_MUST_AGREE:
        return False
    asked = question_conditions(part.text)
    if not asked:
        return False
    stated = sentence_conditions(sentence)
    return any(other_act(part, a, s) or other_actor(part, a, s) for a in asked for s in stated)
