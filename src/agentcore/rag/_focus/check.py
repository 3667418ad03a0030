"""The focus check: whether the shown sentences answer each part of the question (see :mod:`agentcore.rag._focus`)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agentcore.rag._focus.alternatives import with_alternatives
from agentcore.rag._focus.asked_noun import ASKED_NOUN_MUST_BE_NAMED, names_asked_noun
from agentcore.rag._focus.compounds import COMPOUNDS_MUST_HOLD, holds_compounds
from agentcore.rag._focus.context import list_lead_in, own_section, sentence_before
from agentcore.rag._focus.lacks import lacks_focus, without_nouns
from agentcore.rag._focus.meaning import close_in_meaning, draws_towards
from agentcore.rag._focus.nouns import (
    COUNT_NOUNS_SUFFICE,
    SUBJECT_BLOCKS_MEANING,
    YESNO_ALL_NOUNS,
    holds_every_noun,
    holds_nouns,
    holds_subject,
)
from agentcore.rag._focus.other_subject import USED_NOUNS_BLOCK_MEANING, answers_another_subject, lacks_used_noun
from agentcore.rag._focus.owner import LASTING_MUST_BE_OWNED, owns_lasting
from agentcore.rag._focus.parts import Part, describe, part_matches, question_parts, term_share
from agentcore.rag._focus.supplies import SLOT_ASKS, supplies_asked
from agentcore.rag._focus.thresholds import FOCUS_MIN_COVERAGE, MEANING_MIN_SHARE, SEMANTIC_MIN_COSINE
from agentcore.rag._focus.values import announces, gives_asked
from agentcore.rag._focus.words import drop_words, is_modifier, vocabulary_of, without_terms
from agentcore.rag._focus.yesno import speaks_to

SOFT_LACK_MARGIN = 0.04
"""Added to the e5 cosine a part needs when one of its nouns is a soft lack (no passage uses it)."""
PARAPHRASE_NOUNS = True
"""Whether a noun no passage uses may be read as a paraphrase by :func:`close_in_meaning`'s relative test."""


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
) -> FocusCheck:
    """Whether the ``shown`` sentences answer each part of ``question``.

    A part that asks for a value (a number, a time, a person, a service, a yes/no) is answered only by **one**
    sentence that supplies it: the value is in that sentence — and is not a word or number of the question
    itself — and the sentence, with the heading of the section it cites, holds the part's subject terms.  Sentences
    that each hold half of it (a number about something else next to the subject named elsewhere) do not answer.
    Other parts (a procedure, a definition) are answered by the shown sentences together.

    Args:
        shown: the sentences the user would see.
        passages: every passage text of the run (a subject term none of them mentions is a focus they lack).
        headings: titles of the sections the shown sentences cite (their subject counts as said).
        shown_headings: per shown sentence, the titles of the sections it cites (aligned with ``shown``); without
            it every sentence is read with all ``headings``.
        min_coverage: share of a part's subject terms the shown text must hold.
        semantic: the e5 cosine that stands in for the term share (``None``: lexical only).
        embed: ``embed(texts, kind) -> np.ndarray`` (unit rows); the local e5 embedder by default.
    """
    parts = with_alternatives(question_parts(question), [*passages, *headings, *shown])
    if shown_headings is None or len(shown_headings) != len(shown):
        shown_headings = ["\n".join(headings)] * len(shown)
    kept = [(s, h) for s, h in zip(shown, shown_headings, strict=True) if not announces(s)]
    shown, shown_headings = [s for s, _ in kept], [h for _, h in kept]
    words, stems = vocabulary_of([*shown, *headings])
    all_words, all_stems = vocabulary_of([*passages, *headings, *shown]) if passages else (words, stems)
    answered: list[bool] = []
    # The sentence before a shown one is read by several tests of every part: found once per shown sentence.
    before = functools.cache(lambda i: sentence_before(shown[i], shown_headings[i], passages))
    missing: list[str] = []
    absent: list[str] = []
    for part in parts:
        lacking = [t for t in part.terms if not part_matches(part, t, all_words, all_stems)]
        absent.extend(lacking)
        hard, soft = lacks_focus(part, lacking)
        # the tests by meaning read the part as before the colloquial lexicon (see :attr:`Part.colloquial`)
        plain = part.plain()
        lacking_plain = [t for t in plain.terms if not part_matches(plain, t, all_words, all_stems)]
        hard_meaning, soft_meaning = lacks_focus(plain, lacking_plain)
        if part.asks in SLOT_ASKS:
            candidates = [i for i, sentence in enumerate(shown) if supplies_asked(part.asks, sentence, question, part)]
            # the subject may be named by the sentence before, in the same section («Справку 2-НДФЛ … можно
            # заказать.  Справки готовятся в течение 3 рабочих дней.»)
            # — shown, or in the passage the sentence is quoted from
            units = {
                i: [
                    shown[i],
                    shown_headings[i],
                    shown[i - 1] if i and shown_headings[i - 1] == shown_headings[i] else "",
                    before(i),
                    # a list item's subject is named by its list's lead-in line
                    list_lead_in(shown[i], shown_headings[i], passages) if LEAD_IN_NAMES_ITEMS else "",
                ]
                for i in candidates
            }
            shares = {i: term_share(part, units[i]) for i in candidates}
            # a supplier whose document never names a term of the part that another retrieved document does
            # answers that other subject («сколько стоит корпоративный английский для родственников» is not
            # answered by the price of insurance for relatives)
            candidates = [
                i for i in candidates if not answers_another_subject(part, shown, shown_headings, i, passages)
            ]
            if COMPOUNDS_MUST_HOLD:
                # «день рождения компании» is not «рождение ребёнка … 5 календарных дней»: a time word heading a
                # noun phrase of the question is held only as that phrase
                candidates = [
                    i
                    for i in candidates
                    if holds_compounds(
                        part.text,
                        [shown[i], shown_headings[i], before(i)],
                    )
                ]
            if LASTING_MUST_BE_OWNED:
                # «сколько длится спринт» is not answered by «… второй недели спринта, … продолжительность — 1 час»:
                # a lasting is of the thing the sentence (or its context) names as the duration's owner
                candidates = [i for i in candidates if owns_lasting(part, units[i])]
            if part.asks == "yesno":
                candidates = [i for i in candidates if speaks_to(part, shown[i], shown_headings[i], semantic, embed)]
                if YESNO_ALL_NOUNS:
                    # a yes/no asks about a thing: a sentence lacking one of its nouns («такси» in «дают ли такси
                    # ночью на дежурстве») speaks of something else, however many other words it shares
                    candidates = [i for i in candidates if holds_nouns(part, [shown[i], shown_headings[i], before(i)])]
            ok = not hard and not soft and any(shares[i] >= min_coverage for i in candidates)
            if not ok and not hard and not soft and COUNT_NOUNS_SUFFICE and part.asks == "number":
                # «сколько стоит добавить маму в ДМС» by «родителей можно прикрепить … около 38 000 ₽»: a count or an
                # amount is of the things its nouns name, and its verb is most often the sentence's predicate in
                # other words («добавить» / «прикрепить», «заблочится» / «блокируется») — a supplying sentence
                # holding every noun of the part and half of its terms answers.  Not a time: «когда придут деньги»,
                # «во сколько привозят фрукты» ask when the verb's event happens, and a time of another event with
                # the same nouns («в течение 30 дней … создайте заявку») is no answer.
                ok = any(shares[i] >= MEANING_MIN_SHARE and holds_every_noun(part, units[i]) for i in candidates)
            close = [i for i in candidates if shares[i] >= MEANING_MIN_SHARE]
            if USED_NOUNS_BLOCK_MEANING:
                # a paraphrase stands for a word the documents do not use: a noun of the part that the sentence's
                # own section uses but the sentence (with its heading and the sentence before) lacks says the
                # sentence is about something else («объём диска» next to «32 ГБ памяти» in a section that speaks
                # of the disk elsewhere)
                close = [
                    i
                    for i in close
                    if not lacks_used_noun(
                        part,
                        [
                            shown[i],
                            shown_headings[i],
                            shown[i - 1] if i and shown_headings[i - 1] == shown_headings[i] else "",
                            before(i),
                        ],
                        own_section(shown_headings[i], passages),
                    )
                ]
            if SUBJECT_BLOCKS_MEANING:
                close = [i for i in close if holds_subject(part, units[i], (all_words, all_stems))]
            if not ok and close and not hard_meaning and semantic is not None:
                ok = close_in_meaning(
                    part.text,
                    [shown[i] for i in close],
                    semantic + (SOFT_LACK_MARGIN if soft_meaning else 0.0),
                    embed,
                )
            if not ok and soft_meaning and PARAPHRASE_NOUNS and semantic is not None:
                # one noun the passages never use, everything else of the part in the sentence: a paraphrase
                # when the sentence means it (:func:`close_in_meaning`'s relative test)
                rest = without_nouns(plain, lacking_plain)
                # the sentence itself holds the rest (the cosine below is the sentence's own, not its context's)
                whole = [i for i in candidates if term_share(rest, [shown[i], shown_headings[i]]) >= min_coverage]
                ok = bool(whole) and close_in_meaning(
                    part.text,
                    [shown[i] for i in whole],
                    2.0,
                    embed,
                    without=without_terms(part.text, lacking_plain),
                    relaxed=semantic,
                )
            # a modifier the lexicon reads as a word the passages use is neither (see MODIFIERS_BY_LEXICON_HELD)
            by_lexicon = [] if not MODIFIERS_BY_LEXICON_HELD else [t for t in lacking_plain if t not in lacking]
            modifiers = [t for t in lacking_plain if is_modifier(t) and t not in by_lexicon]
            if ok and modifiers and MODIFIERS_MUST_DRAW and semantic is not None:
                # «индивидуальное обучение английскому» next to «50% стоимости групповых занятий»: a modifier no
                # passage uses may be a paraphrase, or the very thing the documents lack — it must not pull the
                # question away from the supplying sentence
                pool = [shown[i] for i in candidates if shares[i] >= min_coverage] or [shown[i] for i in candidates]
                ok = draws_towards(part.text, drop_words(part.text, modifiers), pool, embed)
        else:
            # A procedure, a definition: the sentences of one section together (the steps of one list), never words
            # gathered from unrelated sections.
            sections: dict[str, list[str]] = {}
            for sentence, heading in zip(shown, shown_headings, strict=True):
                sections.setdefault(heading, []).append(sentence)
            best_section = max(sections.items(), key=lambda item: term_share(part, [*item[1], item[0]]), default=None)
            share = term_share(part, [*best_section[1], best_section[0]]) if best_section else 0.0
            # a procedure is answered by what is done (the steps), in the section that names it
            gives = gives_asked(part.asks, "\n".join(best_section[1] if best_section else shown), part.text)
            if ASKED_NOUN_MUST_BE_NAMED and best_section:
                # «какие клиники входят в ДМС» asks for the clinics: a section that never names them (a sentence on
                # the DMS app) is about something else, however close in meaning.  Only here — a part asking a
                # value reads «какой X» as the kind of value («какая почта», «в какие дни», «какую часть»).
                gives = gives and names_asked_noun(part, [*best_section[1], best_section[0]], (all_words, all_stems))
            ok = gives and share >= min_coverage and not hard and not soft
            if not ok and gives and not hard_meaning and semantic is not None and shown:
                # A paraphrase («апрувов» / «одобрений»): the part's meaning must be in a shown sentence, more
                # surely when one of its nouns is nowhere in the passages.
                ok = close_in_meaning(part.text, shown, semantic + (SOFT_LACK_MARGIN if soft_meaning else 0.0), embed)
            if not ok and gives and soft_meaning and PARAPHRASE_NOUNS and semantic is not None and best_section:
                rest = without_nouns(plain, lacking_plain)
                ok = term_share(rest, [*best_section[1], best_section[0]]) >= min_coverage and close_in_meaning(
                    part.text,
                    best_section[1],
                    2.0,
                    embed,
                    without=without_terms(part.text, lacking_plain),
                    relaxed=semantic,
                )
        answered.append(ok)
        if not ok:
            missing.append(describe(part))
    return FocusCheck(tuple(parts), tuple(answered), tuple(missing), tuple(dict.fromkeys(absent)))


MODIFIERS_MUST_DRAW = True
"""Whether an adjective or participle no passage uses must draw the question towards its supplying sentence."""
MODIFIERS_BY_LEXICON_HELD = True
"""Whether a modifier the passages use in another spelling the query repair or the colloquial lexicon gives for it
(«новеньких» → «новичков») is exempt from :data:`MODIFIERS_MUST_DRAW`: the documents do use it, so it is neither a
paraphrase to doubt nor a thing they lack."""
LEAD_IN_NAMES_ITEMS = True
"""Whether a list item is read with its list's lead-in line («Задача считается готовой (Done), если:») for the
share of the part's subject terms it holds, as a prose sentence is read with the sentence before it."""
