"""The focus check: whether the shown sentences answer each part of the question (see :mod:`agentcore.rag._focus`).

:func:`check_focus` reads the shown sentences once (:class:`~agentcore.rag._focus.reading.Reading`), each part once
(:class:`~agentcore.rag._focus.reading.PartReading`), and runs the tests listed below, in their order: the tests of
a part asking a value (:mod:`.value_rules`) or those of a part answered by a section (:mod:`.section_rules`).  Each
test is a small function whose docstring says what it rejects or accepts, and why.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agentcore.rag._focus import section_rules, value_rules
from agentcore.rag._focus.alternatives import with_alternatives
from agentcore.rag._focus.circumstances import without_circumstances
from agentcore.rag._focus.english import CROSS_LINGUAL_GAP, ENGLISH_MIN_COVERAGE, is_english
from agentcore.rag._focus.parts import Part, describe, part_matches, question_parts
from agentcore.rag._focus.present import asks_the_present
from agentcore.rag._focus.reading import PartReading, Reading
from agentcore.rag._focus.reasons import misses_the_reason
from agentcore.rag._focus.section_rules import Section, SectionTest
from agentcore.rag._focus.supplies import SLOT_ASKS
from agentcore.rag._focus.thresholds import FOCUS_MIN_COVERAGE, SEMANTIC_MIN_COSINE
from agentcore.rag._focus.value_rules import SupplierFilter, Suppliers, ValueTest
from agentcore.rag._focus.words import vocabulary_of
from agentcore.text.message import question_of

SOFT_LACK_MARGIN = 0.04
"""Added to the e5 cosine a part needs when one of its nouns is a soft lack (no passage uses it); read at each check
(``benchmarks/research_focus_calibrate.py`` sets it)."""

# --- the order of the tests (the one place that lists it) -------------------------------------------------------

SUPPLIER_FILTERS: tuple[SupplierFilter, ...] = (
    value_rules.about_its_own_subject,
    value_rules.holds_the_phrases,
    value_rules.owns_the_lasting,
    value_rules.owns_the_figure,
    value_rules.speaks_to_the_predicate,
    value_rules.states_the_asked_act,
    value_rules.keeps_the_doer,
    value_rules.holds_the_yesno_nouns,
    value_rules.keeps_the_qualifiers,
    value_rules.states_the_conditions_figure,
    value_rules.keeps_the_conditions_case,
    value_rules.keeps_the_conditions,
    value_rules.keeps_the_direction,
)
"""Which shown sentences that give a part's value may supply it (each filter narrows the previous one's)."""

MEANING_FILTERS: tuple[SupplierFilter, ...] = (
    value_rules.uses_the_sections_nouns,
    value_rules.holds_the_subject,
    value_rules.keeps_the_circumstance,
    value_rules.keeps_the_attributes,
    value_rules.times_its_own_event,
)
"""Which suppliers holding half of the part's terms the e5 bridge may take."""

VALUE_ANSWERS: tuple[ValueTest, ...] = (
    value_rules.one_sentence_holds_it,
    value_rules.counted_by_its_nouns,
    functools.partial(value_rules.close_in_meaning_to_a_supplier, close_filters=MEANING_FILTERS),
    value_rules.paraphrases_an_unused_noun,
)
"""A part asking a value is answered by the first of these that holds (cheap lexical tests before the e5 ones)…"""

VALUE_VETOES: tuple[ValueTest, ...] = (value_rules.modifiers_draw_towards_it,)
"""… unless one of these fails."""

SECTION_REQUIREMENTS: tuple[SectionTest, ...] = (
    section_rules.gives_what_is_asked,
    section_rules.names_the_asked_things,
    section_rules.keeps_the_case,
    section_rules.states_a_consequence,
    section_rules.names_the_asked_act,
    section_rules.keeps_the_phrases,
)
"""A part asking no value (a procedure, a definition) needs its best section to pass every one of these …"""

SECTION_ANSWERS: tuple[SectionTest, ...] = (
    section_rules.the_section_holds_it,
    section_rules.shown_close_in_meaning,
    section_rules.the_section_paraphrases_an_unused_noun,
)
"""… and one of these to hold."""


@dataclass(frozen=True)
class FocusCheck:
    """Which parts of the question the shown sentences answer.

    Attributes:
        parts: every part of the question.
        answered: per part, whether it is answered.
        missing: the parts not answered, as text for «В документах не нашлось: …».
        absent_terms: subject terms no passage mentions at all.
    """

    parts: tuple[Part, ...]
    answered: tuple[bool, ...]
    missing: tuple[str, ...] = ()
    absent_terms: tuple[str, ...] = field(default_factory=tuple)

    @property
    def decline(self) -> bool:
        """No part is answered."""
        return not any(self.answered)


def check_focus(
    question: str,
    shown: Sequence[str],
    passages: Sequence[str] = (),
    *,
    headings: Sequence[str] = (),
    shown_headings: Sequence[str] | None = None,
    min_coverage: float = FOCUS_MIN_COVERAGE,
    semantic: float | None = SEMANTIC_MIN_COSINE,
    embed: Any | None = None,
    why: list[str] | None = None,
) -> FocusCheck:
    """Whether the ``shown`` sentences answer each part of ``question``.

    A part that asks for a value (a number, a time, a person, a service, a yes/no) is answered only by **one**
    sentence that supplies it: the value is in that sentence — and is not a word or number of the question
    itself — and the sentence, with the heading of the section it cites, holds the part's subject terms.  Sentences
    that each hold half of it (a number about something else next to the subject named elsewhere) do not answer.
    Other parts (a procedure, a definition) are answered by the shown sentences of one section together.

    Args:
        shown: the sentences the user would see.
        passages: every passage text of the run (a subject term none of them mentions is a focus they lack).
        headings: titles of the sections the shown sentences cite (their subject counts as said).
        shown_headings: per shown sentence, the titles of the sections it cites (aligned with ``shown``); without
            it every sentence is read with all ``headings``.
        min_coverage: share of a part's subject terms the shown text must hold.
        semantic: the e5 cosine that stands in for the term share (``None``: lexical only).
        embed: ``embed(texts, kind) -> np.ndarray`` (unit rows); the local e5 embedder by default.
        why: when given, filled with one entry per part — ``""`` for an answered part, else why it is not answered
            (:func:`why_not`).  The reason is read again only for the parts not answered and only when asked (the
            model's focus judge, :mod:`agentcore.rag._focus_judge`): without it the check runs as it always did.

    ``question`` may be a whole message: its parts are read from the sentences that ask
    (:func:`agentcore.text.message.question_of`; a short question reads as typed).
    """
    question = question_of(question)
    english = is_english(question)
    if english:
        min_coverage = max(min_coverage, ENGLISH_MIN_COVERAGE)
        if semantic is not None:
            semantic -= CROSS_LINGUAL_GAP  # an English question lies farther from every Russian sentence
    texts = [*passages, *headings, *shown]
    vocabulary = vocabulary_of(texts)
    parts = [without_circumstances(part, vocabulary) for part in with_alternatives(question_parts(question), texts)]
    reading = Reading.of(
        question,
        shown,
        passages,
        headings,
        shown_headings,
        min_coverage=min_coverage,
        semantic=semantic,
        embed=embed,
        soft_margin=SOFT_LACK_MARGIN,
    )
    answered: list[bool] = []
    missing: list[str] = []
    absent: list[str] = []
    for part in parts:
        p = PartReading.of(part, reading)
        absent.extend(p.lacking)
        # The moment of asking («Который час?») is in no document, whatever sentence supplies a time.
        # An English part asking no value (a procedure, a definition) is not answered: the draft reads the steps of
        # a procedure and the defining sentence by Russian words only.
        # A part asking why is answered only by a shown sentence giving a reason (the rule alone is not one).
        ok = (
            not asks_the_present(part)
            and not misses_the_reason(part, shown)
            and (
                answers_value(reading, p)
                if part.asks in SLOT_ASKS
                else not (english and is_english(part.text)) and answers_by_section(reading, p)
            )
        )
        if ok and part.own_object:
            # a coordinated object: the sibling's sentence shares the predicate and passes by meaning — the object
            # itself must be in a shown sentence or the heading it is shown under
            ok = _holds_its_own_object(part, parts, reading)
        answered.append(ok)
        if why is not None:
            why.append("" if ok else why_not(reading, p, shown, english=english))
        if not ok:
            missing.append(describe(part))
    return FocusCheck(tuple(parts), tuple(answered), tuple(missing), tuple(dict.fromkeys(absent)))


def _holds_its_own_object(part: Part, siblings: Sequence[Part], reading: Reading) -> bool:
    """Whether one shown sentence holds every term of the part's own object (:attr:`Part.own_object`) — by its word
    or lemma, or by another spelling of it the part carries (:func:`~agentcore.rag._focus.alternatives.
    with_alternatives`: the query repair, the colloquial lexicon, a compound written apart).

    The headings of the sections the sentence cites count too (a procedure's steps name their object only in their
    heading, «Больничный — Как оформить» over «Сообщите руководителю …»; the salary date is «• 25-го числа — аванс …»
    under «Зарплата и выплаты — Даты выплат») — unless the sentence itself names another of the coordinated objects
    (``siblings``): then it is that object's sentence, whatever else its heading names («Квартальная премия …» under
    «Отпускные и премии» does not say when the vacation pay is paid)."""

    def holds(p: Part, texts: Sequence[str]) -> bool:
        words, stems = vocabulary_of(texts)
        return all(part_matches(p, term, words, stems) for term in p.own_object)

    others = [p for p in siblings if p.own_object and p is not part and p.own_object != part.own_object]
    for sentence, heading in zip(reading.shown, reading.shown_headings, strict=True):
        if holds(part, [sentence]):
            return True
        if not any(holds(other, [sentence]) for other in others) and holds(part, [sentence, heading]):
            return True
    return False


ASKS_THE_PRESENT = "asks the present"
NO_REASON_GIVEN = "no reason given"
ENGLISH_PROCEDURE = "english procedure"
OWN_OBJECT = "own object not held"


def why_not(reading: Reading, p: PartReading, shown: Sequence[str], *, english: bool) -> str:
    """Why :func:`check_focus` leaves part ``p`` unanswered, in the order it decides: :data:`ASKS_THE_PRESENT`,
    :data:`NO_REASON_GIVEN`, the reason of :func:`value_verdict` or :func:`section_verdict` (which test failed),
    :data:`ENGLISH_PROCEDURE`, else :data:`OWN_OBJECT` (the part's own object is in no shown sentence).  ``shown``:
    the check's shown sentences (those of ``reading`` lack the announcements)."""
    part = p.part
    if asks_the_present(part):
        return ASKS_THE_PRESENT
    if misses_the_reason(part, shown):
        return NO_REASON_GIVEN
    if part.asks in SLOT_ASKS:
        reason = value_verdict(reading, p).reason
    elif english and is_english(part.text):
        return ENGLISH_PROCEDURE
    else:
        reason = section_verdict(reading, p).reason
    return reason or OWN_OBJECT


@dataclass(frozen=True)
class PartVerdict:
    """How the check decided one part (the decision itself, and for tools that explain it, which test decided).

    Attributes:
        answered: whether the shown sentences answer the part.
        accepted_by: the name of the answer test that held (``None`` when none did).
        reason: why the part is not answered — ``"filter <name>"`` (a supplier filter emptied the suppliers),
            ``"no shown sentence gives the value asked"``, ``"no answer test"``, ``"veto <name>"``,
            ``"section <name>"`` (a section requirement failed), ``"no section answer"``; ``""`` when answered.
        best_share: the best term share among the suppliers left (value parts) or of the best section.
    """

    answered: bool
    accepted_by: str | None
    reason: str
    best_share: float


def _name(test: Any) -> str:
    """A test's function name (through a :func:`functools.partial`)."""
    return str(getattr(getattr(test, "func", test), "__name__", test))


def answers_value(reading: Reading, p: PartReading) -> bool:
    """Whether one shown sentence supplies the value part ``p`` asks for (:func:`value_verdict`)."""
    return value_verdict(reading, p).answered


def value_verdict(reading: Reading, p: PartReading) -> PartVerdict:
    """How part ``p``, asking a value, is decided: the suppliers narrowed by :data:`SUPPLIER_FILTERS`, then the first
    of :data:`VALUE_ANSWERS` that holds, unless a :data:`VALUE_VETOES` fails."""
    suppliers = Suppliers.of(reading, p)
    reason = "" if suppliers.candidates else "no shown sentence gives the value asked"
    for keep in SUPPLIER_FILTERS:
        before = bool(suppliers.candidates)
        suppliers.candidates = [i for i in suppliers.candidates if keep(reading, p, suppliers, i)]
        if before and not suppliers.candidates and not reason:
            reason = f"filter {_name(keep)}"
    best = max((suppliers.shares[i] for i in suppliers.candidates), default=0.0)
    held = next((test for test in VALUE_ANSWERS if test(reading, p, suppliers)), None)
    if held is None:
        return PartVerdict(False, None, reason or "no answer test", best)
    failed = next((veto for veto in VALUE_VETOES if not veto(reading, p, suppliers)), None)
    if failed is not None:
        return PartVerdict(False, _name(held), f"veto {_name(failed)}", best)
    return PartVerdict(True, _name(held), "", best)


def answers_by_section(reading: Reading, p: PartReading) -> bool:
    """Whether the shown sentences of one section answer part ``p`` (:func:`section_verdict`)."""
    return section_verdict(reading, p).answered


def section_verdict(reading: Reading, p: PartReading) -> PartVerdict:
    """How part ``p`` (a procedure, a definition) is decided: its best section must pass every
    :data:`SECTION_REQUIREMENTS`, and one of :data:`SECTION_ANSWERS` must hold."""
    section = Section.best(reading, p)
    failed = next((required for required in SECTION_REQUIREMENTS if not required(reading, p, section)), None)
    if failed is not None:
        return PartVerdict(False, None, f"section {_name(failed)}", section.share)
    held = next((test for test in SECTION_ANSWERS if test(reading, p, section)), None)
    if held is None:
        return PartVerdict(False, None, "no section answer", section.share)
    return PartVerdict(True, _name(held), "", section.share)
