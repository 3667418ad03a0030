"""Whose lasting a sentence gives: «сколько длится X» is answered by a duration said of X («Спринт длится 2 недели»,
«Продолжительность спринта — 2 недели», «спринты двухнедельные»), not by one of another thing that names X only as
its dependent («это пятница второй недели спринта, … продолжительность — 1 час» is the retrospective's hour)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentcore.rag._focus.english import head_lemma, is_english, russian_spellings, spelled_as
from agentcore.rag._focus.english import measure_of as english_measure
from agentcore.rag._focus.figures import SPAN_RE
from agentcore.rag._focus.measures import measure_asked
from agentcore.rag._focus.parts import Part
from agentcore.rag._focus.words import WORD_RE, is_plain_noun, term_matches, vocabulary_of
from agentcore.text.clauses import clauses
from agentcore.text.morphology import parses as word_parses
from agentcore.text.morphology import pos_of

LASTING_MUST_BE_OWNED = True
"""Whether a lasting part («сколько длится X») is supplied only by a sentence that names X as the owner of its
duration — or, when the sentence does not name X, whose sentence before or heading does."""


_DURATION_NOUNS = frozenset({"продолжительность", "длительность", "длина", "срок", "период", "время"})
"""Nouns whose genitive is the owner of a duration («продолжительность спринта»); without one, a clause they open
(«…, продолжительность — 1 час») is the duration of the clause before (not cut off it)."""


_SKIPPED_POS = frozenset({"ADJF", "PRTF", "NUMR", "ADJS"})
"""Words between a governing noun and its genitive («второй недели спринта», «конце каждого спринта»)."""


def owns_lasting(part: Part, units: Sequence[str]) -> bool:
    """Whether ``units`` (a supplying sentence first, then its context: heading, sentence before, list lead-in) say
    the duration of the thing ``part`` asks the lasting of.

    The thing is the part's first plain noun term.  The nearest unit that names it decides: the sentence itself, else
    its context.  It owns the duration unless every mention there is a genitive governed by another noun («в конце
    спринта», «ретроспектива спринта») or by a preposition («после спринта») — a duration noun's genitive
    («продолжительность спринта») is its owner.  In a sentence of several clauses (cut where a clause has its own
    subject: :func:`agentcore.text.clauses.clauses`, ``"own_subject"``) the thing must stand in a clause that gives
    a duration («Спринт заканчивается обзором, ретроспектива длится 1 час» gives no
    sprint's length).  A part asking no lasting, or a thing no unit names (a paraphrase), is not judged here
    (``True``)."""
    if not LASTING_MUST_BE_OWNED:
        return True
    english = is_english(part.text)
    measure = english_measure(part) if english else measure_asked(part.text)
    if measure is None or measure[0] != "lasting":
        return True
    thing = next((t for t in part.terms if is_plain_noun(t)), None)
    if thing is None:
        return True
    if english:
        # «sprint» is looked for as the Russian word the units spell it with («спринт»), which Russian grammar reads
        spelled = russian_spellings([thing], units)
        thing = head_lemma(spelled[0][1]) if spelled else spelled_as(part, thing)
    sentence, *context = units
    verdict = _owner_in(thing, [sentence])
    if verdict is not None and CLAUSES_BOUND_OWNERS:
        # the sentence names the thing: it owns a duration of its own clause, not one another clause gives
        # («Спринт заканчивается обзором, ретроспектива длится 1 час»)
        pieces = clauses(sentence, "own_subject", dependent_subjects=_DURATION_NOUNS)
        lasting = [c for c in pieces if SPAN_RE.search(c)]
        if len(pieces) > 1 and lasting:
            verdict = _owner_in(thing, lasting) is True
    if verdict is True and RELATIVE_CLAUSES_OWN_THEIR_SPANS and not _spans_outside_foreign_clauses(thing, sentence):
        verdict = False
    if verdict is None:
        verdict = _owner_in(thing, context)
    return verdict is not False


CLAUSES_BOUND_OWNERS = True
"""Whether the thing a lasting part asks about must stand in the clause of the sentence that gives the duration."""

RELATIVE_CLAUSES_OWN_THEIR_SPANS = True
"""Whether a span of time inside a relative clause whose «который» is not its subject — «на которой», «которую»,
«в котором»: the clause has a subject and a predicate of its own — is that predicate's span, not the lasting of the
noun the clause describes: «планёрка — короткая встреча, на которой они сверяют прогресс и планируют работу на
ближайшие сутки» says how far ahead the work is planned, not how long the meeting lasts, where «встреча, которая
длится 15 минут» (the relative word its subject) and «встреча, на которой команда планирует работу, длится 15
минут» (the span outside the clause) give the meeting's own length.  A clause naming the thing as its owner («…, на
которой демо длится 10 минут» for the demo) keeps its span."""

_RELATIVE_CLAUSE_RE = re.compile(
    r",\s*(?:(?P<preposition>[а-яё]{1,4})\s+)?(?P<pronoun>котор[а-яё]+)\b(?P<rest>[^,;]*)", re.I
)


def _spans_outside_foreign_clauses(thing: str, sentence: str) -> bool:
    """Whether ``sentence`` gives a span of time outside its relative clauses of another subject
    (:data:`RELATIVE_CLAUSES_OWN_THEIR_SPANS`) — or holds no span inside one either (nothing to judge)."""
    foreign: list[tuple[int, int]] = []
    for match in _RELATIVE_CLAUSE_RE.finditer(sentence):
        readings = word_parses(match.group("pronoun").lower().replace("ё", "е"))
        subject = not match.group("preposition") and bool(readings) and "nomn" in readings[0].tag
        clause = match.group("pronoun") + match.group("rest")
        if subject or not SPAN_RE.search(clause) or _owner_in(thing, [match.group("rest")]) is True:
            continue
        foreign.append(match.span())
    if not foreign:
        return True
    rest = sentence
    for start, end in reversed(foreign):
        rest = rest[:start] + " " * (end - start) + rest[end:]
    return bool(SPAN_RE.search(rest))


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
    parses = word_parses(word)
    if "gent" not in parses[0].tag:
        return False
    for before in reversed(tokens[:index]):
        low = before.lower().replace("ё", "е")
        if not re.fullmatch(r"[а-я-]+", low):
            return False
        pos = pos_of(low)
        if pos in _SKIPPED_POS:
            continue
        if pos == "PREP":
            return True
        return pos == "NOUN" and word_parses(low)[0].normal_form not in _DURATION_NOUNS
    return False


BRACKETED_FIGURES_ARE_THE_NAMES = True
"""Whether a figure in brackets right after a name belongs to that name (:func:`figures_of_another_name`)."""

_BRACKETED_RE = re.compile(
    r"(?P<name>(?:[A-Za-z][\w.+-]*\s+)*[A-Za-z0-9][\w.+-]*[\"″”]?)\s*\((?P<inner>[^()]*\d[^()]*)\)"
)
"""A figure in brackets and the name right before them (its Latin words and a size: «MacBook Pro 14"»)."""
_LATIN_WORD_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*")


def figures_of_another_name(part: Part, sentence: str) -> bool:
    """Whether every figure ``sentence`` gives stands in brackets right after a Latin name that is not one the part
    names, while the part names another Latin name the sentence holds: «Разработчики выбирают MacBook Pro 14" (32 ГБ
    памяти) или Lenovo ThinkPad T14 …» gives the memory of the MacBook, not of the ThinkPad «сколько памяти в
    thinkpad» asks about — a value in brackets describes the thing before them."""
    if not BRACKETED_FIGURES_ARE_THE_NAMES:
        return False
    asked = {t.lower() for t in part.terms if _LATIN_WORD_RE.fullmatch(t)}
    lower = sentence.lower()
    if not asked or not any(re.search(rf"(?<![\w]){re.escape(t)}", lower) for t in asked):
        return False
    bracketed = list(_BRACKETED_RE.finditer(sentence))
    if not bracketed:
        return False
    outside = _BRACKETED_RE.sub(lambda m: m.group("name"), sentence)
    if re.search(r"\d", re.sub(r"[A-Za-z][\w.+-]*\d[\w.+-]*|\d+[\"″”]", " ", outside)):
        return False  # a figure of its own outside the brackets
    return all(not any(word.lower() in asked for word in _LATIN_WORD_RE.findall(m.group("name"))) for m in bracketed)
