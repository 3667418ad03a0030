"""Clauses of a Russian sentence, and the predicate test they are cut by: one implementation for the claim guard
(:mod:`agentcore.rag._facts`: whose clause a number, a name or a negation belongs to) and the focus check
(:mod:`agentcore.rag._focus.owner`: whose clause gives a duration).

**The predicate test** (:func:`is_predicate`, :func:`has_predicate`): a word is a predicate when pymorphy3's most
likely reading of it is one of ``kinds`` — by default :data:`PREDICATE_POS` (a finite verb, a short participle, a
predicative, a short adjective: «длится», «запрещено», «можно», «обязательна»); a caller asking a narrower question
passes its own kinds (:data:`FINITE_VERB`: a subject's own verb; :data:`VERB_PREDICATES`: a clause's verb form, an
infinitive after a modal included).

**Two cutting policies** (:func:`clauses`), because the two readers ask different questions of a sentence:

* ``"coordinated"`` (the guard's: which statement a fact belongs to) — cut at «;» and line breaks, at a contrast
  («, а», «, но», «, однако», «, зато», «, тогда как», «, в то время как»), at a comma between two main clauses
  (:func:`main_clause`: a predicate — or a dash standing for it, «документация — в Confluence» — and no
  subordinating or relative word first: «где нет связи», «который …», «если …» belong to the clause around them),
  and at «и» / «, и» between two parts with a predicate each (coordinated infinitives under one «запрещено» —
  «записывать … и пересылать … запрещено» — are one clause).  Pieces are returned as cut (not stripped).
* ``"own_subject"`` (the focus check's: whose duration a sentence gives) — cut at «;» always, and at a comma or a
  spaced dash only when the piece after it opens with a subject of its own: a noun in the nominative (after an
  opening «а», «но», «и»…) followed by its finite verb or a predicate dash («Спринт заканчивается обзором,
  ретроспектива длится 1 час»; «…, а обзор — 1 час»).  An inserted phrase («Спринт, как правило, длится 2 недели»),
  a pronoun taking up the subject («…, он длится 2 недели») or a predicate dash after the subject («Продолжительность
  спринта — 2 недели») cuts nothing; nor does a noun of ``dependent_subjects`` without a genitive owner after it
  («…, продолжительность — 1 час»: the duration of the clause before).  Pieces are stripped.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from typing import Literal

from agentcore.text.morphology import morph_analyzer, parses, pos_of

__all__ = [
    "CLAUSE_OPENERS",
    "CONDITION_CLAUSE_PATTERN",
    "CONDITION_OPENERS",
    "CONDITION_OPENER_PATTERN",
    "CONTRAST_CONJUNCTIONS",
    "EXCEPTION_OPENERS",
    "FINITE_VERB",
    "PREDICATE_POS",
    "VERB_PREDICATES",
    "CutPolicy",
    "clauses",
    "has_predicate",
    "is_predicate",
    "main_clause",
    "opens_a_subordinate",
    "stands_alone",
    "without_clause_opener",
]

PREDICATE_POS = frozenset(("VERB", "PRTS", "PRED", "ADJS"))
"""A clause's predicate: a finite verb, a short participle, a predicative, a short adjective."""
FINITE_VERB = frozenset(("VERB",))
"""A subject's own verb."""
VERB_PREDICATES = frozenset(("VERB", "INFN", "PRTS", "PRED"))
"""A clause's verb form: a finite verb, an infinitive (after a modal: «можно заказать»), a short participle
(«заблокирован»), a predicative («можно», «нужно»)."""

CutPolicy = Literal["coordinated", "own_subject"]

_WORD_RE = re.compile(r"[а-яёa-z]+", re.IGNORECASE)

CONTRAST_CONJUNCTIONS: tuple[str, ...] = ("а", "но", "однако", "зато", "тогда как", "в то время как")
"""The conjunctions of a contrast: one list for the cut of the ``"coordinated"`` policy («…, а …»), the contrast a
piece opens with (:func:`stands_alone`) and the conjunctions a coordinated clause opens with
(:data:`CLAUSE_OPENERS`)."""
_CONTRAST_PATTERN = "|".join(r"\s+".join(conjunction.split()) for conjunction in CONTRAST_CONJUNCTIONS)
CLAUSE_OPENERS: tuple[str, ...] = ("а также", "и", *CONTRAST_CONJUNCTIONS)
"""The conjunctions a coordinated clause opens with («…, а ретроспектива — 1 час», «…, и …», «…, а также …»): what
the ``"own_subject"`` policy reads past to the clause's subject, and what a clause shown without the one before it
loses (:func:`without_clause_opener`: the claim check's rendering and its coverage's claim keys)."""
_CLAUSE_OPENER_RE = re.compile(
    r"^(?:" + "|".join(r"\s+".join(opener.split()) for opener in CLAUSE_OPENERS) + r")\s+", re.IGNORECASE
)

# -- the "coordinated" policy
_HARD_CLAUSE_RE = re.compile(r";|\n")
_CONTRAST_RE = re.compile(rf",\s+(?:{_CONTRAST_PATTERN})(?![\w-])", re.IGNORECASE)
_AND_RE = re.compile(r",?\s+и\s+", re.IGNORECASE)
_ELLIPSIS_RE = re.compile(r"\w\s+[—–]\s+\w")  # «документация — в Confluence»: a dash stands for the verb
_SUBORDINATE_RE = re.compile(
    r"(?:где|куда|откуда|когда|если|что|чтобы|котор\w*|как|пока|хотя|поскольку|потому|чем|кто|чей|чья|чьи|зачем"
    r"|почему|будто|словно|даже|особенно|включая|кроме|например|то)$"
)

# -- the "own_subject" policy
_CLAUSE_BREAK_RE = re.compile(r"\s*;\s*|,\s*|\s+[—–]\s+")
"""Where a new clause may begin: «;», a comma, a spaced dash."""


def without_clause_opener(text: str) -> str:
    """``text`` without the conjunction it opens with as a coordinated clause (:data:`CLAUSE_OPENERS`: «а отпускные
    …» → «отпускные …», «а также …», «зато …»); ``text`` as it is when it opens with none."""
    return _CLAUSE_OPENER_RE.sub("", text, count=1)


def is_predicate(word: str, kinds: AbstractSet[str] = PREDICATE_POS) -> bool:
    """Whether pymorphy3's most likely reading of ``word`` (as written; callers lower-case it) is one of ``kinds``."""
    return pos_of(word) in kinds


def has_predicate(text: str, *, also: AbstractSet[str] = frozenset(), kinds: AbstractSet[str] = PREDICATE_POS) -> bool:
    """Whether a word of ``text`` is a predicate (:func:`is_predicate`) or one of ``also`` (lower-case words that
    are predicates whatever pymorphy3 reads: the guard's permission and prohibition words)."""
    return any(word in also or is_predicate(word, kinds) for word in _WORD_RE.findall(text.lower()))


EXCEPTION_OPENERS: tuple[str, ...] = ("за исключением случаев", "кроме случаев")
"""The words that open an exception («за исключением случаев, когда …», «кроме случаев, когда …»): the rule holds
for the *negation* of the clause after them — «положен всем, за исключением случаев, когда сотрудник не прошёл
испытательный срок» is the rule of those who did pass it.  They open a subordinate clause and make a sentence
conditional (:data:`CONDITION_OPENERS`), but they open no condition clause (:data:`CONDITION_CLAUSE_PATTERN`): read
as one, its polarity comes out inverted."""
CONDITION_OPENERS: tuple[str, ...] = (
    "если",
    "при условии",
    "в случае",
    "в случаях",
    "в том случае",
    "в тех случаях",
    *EXCEPTION_OPENERS,
)
"""The words that open a condition or an exception («если …», «при условии(, что) …», «в случае(, если) …», «в том
случае, если …», «за исключением случаев, когда …»): one list for the clause cutter (:func:`opens_a_subordinate`), the
focus check's own-condition test (:mod:`agentcore.rag._focus.qualifiers`) and its consequence test
(:mod:`agentcore.rag._focus.section_rules`); its conditional openers (not :data:`EXCEPTION_OPENERS`) build the
condition and situation clauses (:data:`CONDITION_CLAUSE_PATTERN`, :mod:`agentcore.rag._focus.frames`).  All but
«если» open a clause only with a subordinating word after them («в случае, если …»); before a noun they make a phrase
(«в случае болезни»)."""
CONDITION_OPENER_PATTERN = "|".join(r"\s+".join(opener.split()) for opener in CONDITION_OPENERS)
""":data:`CONDITION_OPENERS` as a regular-expression alternation (no anchors, no word boundaries)."""
CONDITION_CLAUSE_PATTERN = (
    r"если|(?:"
    + "|".join(
        r"\s+".join(opener.split()) for opener in CONDITION_OPENERS if " " in opener and opener not in EXCEPTION_OPENERS
    )
    + r")\s*,?\s+(?:если|когда|что)"
)
"""The words that open a condition *clause*, as a regular-expression alternation (no anchors, no word boundaries):
«если», or another conditional opener of :data:`CONDITION_OPENERS` with its subordinating word after it, a comma
between or not («в случае, если», «при условии что», «в тех случаях, когда») — not the opener before a noun («в случае
болезни»: a phrase, no clause), and not an exception (:data:`EXCEPTION_OPENERS`: «за исключением случаев, когда …»
states the rule of the opposite case).  The focus check reads a condition's clause after it, with the clause's own
polarity."""
_COMPOUND_LEADS: tuple[tuple[str, ...], ...] = (
    *(tuple(opener.split()) for opener in CONDITION_OPENERS if " " in opener),
    ("после", "того"),
    ("до", "того"),
    ("перед", "тем"),
    ("прежде", "чем"),
    ("с", "тех", "пор"),
    ("по", "мере", "того"),
    ("так",),
    ("для", "того"),
    ("несмотря", "на", "то"),
    ("вместо", "того"),
)
"""The words before the subordinating word of a compound conjunction («после того как», «прежде чем», «так как»,
«для того чтобы», «несмотря на то что») — and of a condition opener («при условии, что»)."""
_NOT_A_CONDITION = frozenset({("так", "что"), ("так", "чтобы")})
"""A lead + subordinating word that opens a consequence or a purpose, not a condition («так что …», «так чтобы …»):
the clause stands alone if it has a predicate, so an unsupported consequence is not glued onto the supported rule
before it (rv4 finding 1, as before 088e1e3; «с тем чтобы …» is no lead for the same reason)."""
_LEADING_PARTICLES = frozenset({"только", "лишь", "именно", "даже", "особенно"})
"""Particles that may stand before a subordinating word without making the clause a main one («только если …»)."""
_CONTRAST_OPENER_RE = re.compile(rf"^(?:{_CONTRAST_PATTERN})(?![\w-])", re.I)
_CONTRAST_WORDS = frozenset(conjunction for conjunction in CONTRAST_CONJUNCTIONS if " " not in conjunction)
_COORDINATING = frozenset({"а", "но", "и", "или", "либо", "однако", "зато"})


def _subordinate_words(words: list[str]) -> bool:
    """Whether ``words`` open with a subordinating or relative word, after particles or not, or with a compound
    conjunction (:data:`_COMPOUND_LEADS` + a subordinating word: «в случае если», «после того как»)."""
    while len(words) > 1 and words[0] in _LEADING_PARTICLES:
        words = words[1:]
    if not words:
        return False
    if _SUBORDINATE_RE.match(words[0]):
        return True
    return any(
        tuple(words[: len(lead)]) == lead
        and len(words) > len(lead)
        and bool(_SUBORDINATE_RE.match(words[len(lead)]))
        and tuple(words[: len(lead) + 1]) not in _NOT_A_CONDITION
        for lead in _COMPOUND_LEADS
    )


def opens_a_subordinate(segment: str) -> bool:
    """Whether ``segment`` opens with a subordinating or relative word («если …», «когда …», «который …»), after a
    particle or not («только если …», «даже когда …»), or with a compound conjunction («в случае, если …», «при
    условии что …», «после того как …»): a clause of the sentence around it, not one of its own."""
    return _subordinate_words(_WORD_RE.findall(segment.lower()))


def stands_alone(segment: str, *, also: AbstractSet[str] = frozenset()) -> bool:
    """Whether ``segment``, the rest of a sentence after a cut, reads as a statement of its own: a contrast («а
    отпускные — за три дня до отпуска», «но …»: its predicate may be the one before, left out) or a main clause
    (:func:`main_clause`) — not a subordinate clause («если сотрудник заболел», «при условии, что …», «но только
    если …»: a contrast word before a condition does not make it a statement) nor a phrase without a predicate («в
    случае болезни»), which say nothing without the clause they belong to, whatever follows them («если A, Y» stays
    with the claim before it).  After a contrast word, a subordinate clause followed by its own main clause («но
    если руководитель согласует, отпуск можно взять раньше») is a statement."""
    words = _WORD_RE.findall(segment.lower())
    contrast = bool(_CONTRAST_OPENER_RE.match(segment.strip()))
    contrast_word = contrast and bool(words) and words[0] in _CONTRAST_WORDS
    if _subordinate_words(words[1:] if contrast_word else words):
        # a plain condition keeps the rest with the claim before it, whatever follows («X [1], если A, Y [2]»: cut
        # after [1], X would be checked and shown without its condition — rv4 finding 1); only after a contrast word
        # («но если A, Y») does a main clause of its own make it a statement
        return contrast_word and _main_clause_follows(segment, also)
    return contrast or main_clause(segment, also=also)


def _main_clause_follows(segment: str, also: AbstractSet[str]) -> bool:
    """Whether a comma-delimited part of ``segment`` after its first is a main clause of its own (:func:`main_clause`,
    an opening correlative «то» dropped) not joined by a conjunction: the clause an opening subordinate clause belongs
    to («если …, (то) отпуск продлевается»)."""
    for part in segment.split(",")[1:]:
        words = _WORD_RE.findall(part.lower())
        if words[:2] == ["то", "есть"]:  # «то есть …» restates what is before it, no main clause
            continue
        if words and words[0] == "то":
            part = re.sub(r"^\s*то(?![\w-])", "", part, flags=re.I)
            words = words[1:]
        if words and words[0] not in _COORDINATING and main_clause(part, also=also):
            return True
    return False


def main_clause(segment: str, *, also: AbstractSet[str] = frozenset()) -> bool:
    """Whether a comma-delimited ``segment`` reads as a clause of its own: a predicate (or a dash standing for it),
    and no subordinating or relative word first."""
    words = _WORD_RE.findall(segment.lower())
    if not words or _SUBORDINATE_RE.match(words[0]):
        return False
    return has_predicate(segment, also=also) or bool(_ELLIPSIS_RE.search(segment))


def clauses(
    sentence: str,
    policy: CutPolicy,
    *,
    also: AbstractSet[str] = frozenset(),
    dependent_subjects: AbstractSet[str] = frozenset(),
) -> list[str]:
    """The clauses of ``sentence`` cut by ``policy`` (see the module docstring), non-empty, in order.

    Args:
        also: ``"coordinated"``: words read as predicates whatever pymorphy3 reads (:func:`has_predicate`).
        dependent_subjects: ``"own_subject"``: nouns (normal forms) that open a clause of their own only with a
            genitive owner after them.
    """
    if policy == "own_subject":
        return _own_subject_clauses(sentence, dependent_subjects)
    return [piece for block in _HARD_CLAUSE_RE.split(sentence) for piece in _coordinated(block, also)]


def _asyndetic(part: str, also: AbstractSet[str]) -> list[str]:
    """``part`` cut at the commas between two clauses of their own («Задачи ведутся в Kaiten, доски рисуют в
    Miro», «…, документация — в Confluence»); a comma of a list or around a subordinate clause cuts nothing."""
    segments = part.split(",")
    if len(segments) < 2:
        return [part]
    main = [main_clause(s, also=also) for s in segments]
    pieces, current = [], segments[0]
    for i in range(1, len(segments)):
        if main[i - 1] and main[i]:
            pieces.append(current)
            current = segments[i]
        else:
            current += "," + segments[i]
    return [*pieces, current]


def _coordinated(block: str, also: AbstractSet[str]) -> list[str]:
    """``block`` (no «;» nor line break) cut at contrasts, at commas between main clauses and at «и» between two
    parts with a predicate each."""
    pieces: list[str] = []
    for part in (p for contrast in _CONTRAST_RE.split(block) for p in _asyndetic(contrast, also)):
        joins = list(_AND_RE.finditer(part))
        start = 0
        for i, join in enumerate(joins):
            left = part[start : join.start()]
            right = part[join.end() : joins[i + 1].start() if i + 1 < len(joins) else len(part)]
            if has_predicate(left, also=also) and has_predicate(right, also=also):
                pieces.append(left)
                start = join.end()
        pieces.append(part[start:])
    return [p for p in pieces if p.strip()]


def _own_subject_clauses(sentence: str, dependent_subjects: AbstractSet[str]) -> list[str]:
    pieces: list[str] = []
    position = 0
    for match in _CLAUSE_BREAK_RE.finditer(sentence):
        rest = sentence[match.end() :]
        if ";" in match.group() or _has_own_subject(rest, dependent_subjects):
            pieces.append(sentence[position : match.start()])
            position = match.end()
    pieces.append(sentence[position:])
    return [p for p in (piece.strip() for piece in pieces) if p]


def _has_own_subject(text: str, dependent_subjects: AbstractSet[str]) -> bool:
    """Whether the clause-to-be at the start of ``text`` opens with a subject (a noun in the nominative, adjectives
    before it) followed by a finite verb or a predicate dash, before the next comma."""
    if morph_analyzer() is None:
        return False
    piece = re.split(r"[,;]", _CLAUSE_OPENER_RE.sub("", text.strip()), maxsplit=1)[0]
    tokens = re.findall(r"[А-Яа-яЁё-]+|[—–]|\S+", piece)
    subject: str | None = None
    for index, token in enumerate(tokens):
        if token in ("—", "–"):
            return subject is not None
        low = token.lower().replace("ё", "е")
        if not re.fullmatch(r"[а-я-]+", low):
            return False
        readings = parses(low)
        pos = pos_of(low)
        if subject is None:
            if pos in ("ADJF", "PRTF", "NUMR"):
                continue
            if pos != "NOUN" or not any("nomn" in p.tag for p in readings if str(p.tag.POS) == "NOUN"):
                return False
            subject = str(readings[0].normal_form)
            if subject in dependent_subjects and not _genitive_noun_after(tokens, index):
                return False
            continue
        if is_predicate(low, FINITE_VERB):
            return True
        if pos in ("ADJF", "PRTF", "NOUN", "ADVB"):
            continue  # the subject's words, an adverb before the verb
        return False
    return False


def _genitive_noun_after(tokens: list[str], index: int) -> bool:
    """Whether a noun in the genitive follows ``tokens[index]`` (its owner: «продолжительность обзора»)."""
    if index + 1 >= len(tokens) or not re.fullmatch(r"[а-яё-]+", tokens[index + 1].lower()):
        return False
    parse = parses(tokens[index + 1].lower())[0]
    return str(parse.tag.POS) == "NOUN" and "gent" in parse.tag
