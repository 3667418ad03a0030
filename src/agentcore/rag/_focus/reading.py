"""What the focus check's tests read, computed once: the shown sentences with their context (:class:`Reading`, one
per check) and a part with the subject terms no passage uses (:class:`PartReading`, one per part)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from agentcore.rag._focus.context import list_lead_in, sentence_before
from agentcore.rag._focus.lacks import lacks_focus
from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.values import announces
from agentcore.rag._focus.words import is_place_name, lemma_of, vocabulary_of
from agentcore.rag._focus.yesno import YESNO_SUBJECT_IN_SENTENCE, compares_figure

PLACES_UNDER_A_GENERAL_RULE = True
"""Whether a place the question names and no text of the run does («отель в Казани», «командировка в Ереван») leaves
a part asking a number or a time: the documents state such a value for a class of places («в других городах», «для
зарубежных поездок»), never per town, so the town is where the asker is, not what the part is about — as an adverb
of circumstance is (:data:`agentcore.rag._focus.parts.ADVERBS_NAME_NO_SUBJECT`).  Only when a shown sentence itself
names a place (its values differ by place: «до 7000 ₽ … в Москве и Санкт-Петербурге и до 5000 ₽ … в других
городах»): a rule that names none («У бизнес-центра есть 10 парковочных мест») may be the office's only, and a
town there is another subject.  A place a passage names stays a term; a yes/no keeps it (whether a thing holds
*there* is what it asks); a part keeps at least :data:`PLACE_PART_MIN_TERMS` other terms."""
PLACE_ASKS = frozenset({"number", "time"})
PLACE_PART_MIN_TERMS = 2

LEAD_IN_NAMES_ITEMS = True
"""Whether a list item is read with its list's lead-in line («Задача считается готовой (Done), если:») for the
share of the part's subject terms it holds, as a prose sentence is read with the sentence before it."""


@dataclass(frozen=True)
class Reading:
    """The shown sentences of one check and what every test reads of them.

    Attributes:
        question: the question as asked.
        shown: the sentences the user would see, less those that only announce content (:func:`announces`).
        shown_headings: per shown sentence, the titles of the sections it cites (``"\\n"``-joined).
        passages: every passage text of the run (``title\\ntext``).
        vocabulary: the words and stems of the passages, the headings and the shown sentences (of the headings and
            the shown sentences alone when there are no passages): a term none of them holds is one the documents
            lack.
        min_coverage: the share of a part's subject terms a sentence (or a section) must hold.
        semantic: the e5 cosine that stands in for the share (``None``: lexical only).
        embed: ``embed(texts, kind) -> np.ndarray``, or ``None`` for the local e5 embedder.
        soft_margin: added to ``semantic`` when one of a part's nouns is a soft lack.
    """

    question: str
    shown: tuple[str, ...]
    shown_headings: tuple[str, ...]
    passages: tuple[str, ...]
    vocabulary: tuple[set[str], set[str]]
    min_coverage: float
    semantic: float | None
    embed: Any | None
    soft_margin: float
    _before: dict[int, str] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(
        cls,
        question: str,
        shown: Sequence[str],
        passages: Sequence[str],
        headings: Sequence[str],
        shown_headings: Sequence[str] | None,
        **settings: Any,
    ) -> Reading:
        """The reading of ``shown``: without ``shown_headings`` aligned with it, every sentence is read with all
        ``headings``; sentences that only announce content are dropped (with their headings)."""
        if shown_headings is None or len(shown_headings) != len(shown):
            shown_headings = ["\n".join(headings)] * len(shown)
        kept = [(s, h) for s, h in zip(shown, shown_headings, strict=True) if not announces(s)]
        texts = tuple(s for s, _ in kept)
        vocabulary = vocabulary_of([*passages, *headings, *texts]) if passages else vocabulary_of([*texts, *headings])
        return cls(
            question=question,
            shown=texts,
            shown_headings=tuple(h for _, h in kept),
            passages=tuple(passages),
            vocabulary=vocabulary,
            **settings,
        )

    def before(self, i: int) -> str:
        """The sentence before shown sentence ``i`` in its passage's paragraph (found once per check)."""
        if i not in self._before:
            self._before[i] = sentence_before(self.shown[i], self.shown_headings[i], self.passages)
        return self._before[i]

    def previous(self, i: int) -> str:
        """The shown sentence before sentence ``i`` when it cites the same section, else ``""``."""
        return self.shown[i - 1] if i and self.shown_headings[i - 1] == self.shown_headings[i] else ""

    def with_context(self, i: int) -> list[str]:
        """Sentence ``i``, its heading, the shown sentence before it in its section and the sentence before it in
        its passage: what names the subject of a sentence quoted from the middle of a section («Справку 2-НДФЛ …
        можно заказать.  Справки готовятся в течение 3 рабочих дней.»)."""
        return [self.shown[i], self.shown_headings[i], self.previous(i), self.before(i)]

    def unit(self, i: int) -> list[str]:
        """:meth:`with_context`, and for a list item its list's lead-in line (which names every item's subject).
        The sentence comes first (:func:`agentcore.rag._focus.owner.owns_lasting` reads it before its context)."""
        lead_in = list_lead_in(self.shown[i], self.shown_headings[i], self.passages) if LEAD_IN_NAMES_ITEMS else ""
        return [*self.with_context(i), lead_in]

    @property
    def names_places(self) -> bool:
        """Whether a shown sentence names a place («в Москве и Санкт-Петербурге»): its values then differ by place."""
        return any(is_place_name(lemma_of(w.lower())) for s in self.shown for w in re.findall(r"[А-Яа-яЁё-]{3,}", s))

    def lacking(self, part: Part) -> list[str]:
        """The subject terms of ``part`` that no passage, heading or shown sentence holds."""
        words, stems = self.vocabulary
        return [t for t in part.terms if not part_matches(part, t, words, stems)]


@dataclass(frozen=True)
class PartReading:
    """One part of the question and the subject terms the documents lack, read twice: with the colloquial lexicon
    (the lexical tests) and without it (the tests by meaning, which read the part as before the lexicon — see
    :attr:`Part.colloquial`).

    Attributes:
        part: the part, with every spelling of its terms.
        plain: the part without the colloquial lexicon's words.
        lacking / lacking_plain: their subject terms no text of the run holds.
        hard / soft: :func:`lacks_focus` of ``part`` — a hard lack declines, a soft one asks for a paraphrase.
        hard_meaning / soft_meaning: the same of ``plain``.
    """

    part: Part
    plain: Part
    lacking: tuple[str, ...]
    lacking_plain: tuple[str, ...]
    hard: bool
    soft: bool
    hard_meaning: bool
    soft_meaning: bool

    @classmethod
    def of(cls, part: Part, reading: Reading) -> PartReading:
        """``part`` read against the vocabulary of ``reading`` (less a place no text names: see
        :data:`PLACES_UNDER_A_GENERAL_RULE`)."""
        lacking = reading.lacking(part)
        if PLACES_UNDER_A_GENERAL_RULE and part.asks in PLACE_ASKS and reading.names_places:
            places = {t for t in lacking if is_place_name(t)}
            rest = tuple(t for t in part.terms if t not in places)
            if places and len(rest) >= PLACE_PART_MIN_TERMS:
                part, lacking = replace(part, terms=rest), [t for t in lacking if t not in places]
        if part.asks == "yesno" and YESNO_SUBJECT_IN_SENTENCE:
            # the question's own figure, compared with the limit a shown sentence states, is not a thing they lack
            lacking = [t for t in lacking if not any(compares_figure(part, t, s) for s in reading.shown)]
        hard, soft = lacks_focus(part, lacking)
        plain = part.plain()
        lacking_plain = reading.lacking(plain)
        hard_meaning, soft_meaning = lacks_focus(plain, lacking_plain)
        return cls(part, plain, tuple(lacking), tuple(lacking_plain), hard, soft, hard_meaning, soft_meaning)

    @property
    def lacks(self) -> bool:
        """Whether a subject term no passage uses bars the lexical decision (a hard or a soft lack)."""
        return self.hard or self.soft
