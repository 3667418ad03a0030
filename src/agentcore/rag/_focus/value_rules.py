"""The tests of a part that asks for a value (a number, a time, a person, a service, a name, a yes/no): **one**
shown sentence must supply it.  :mod:`agentcore.rag._focus.check` lists them in the order they run.

Three kinds, each a small function:

* *supplier filters* ``(reading, part, suppliers, i) -> bool`` keep shown sentence ``i`` among the suppliers;
* *answers* ``(reading, part, suppliers) -> bool`` — the first that holds answers the part;
* *vetoes* ``(reading, part, suppliers) -> bool`` — an answered part stays answered only if every veto holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from agentcore.rag._focus.compounds import COMPOUNDS_MUST_HOLD, holds_compounds
from agentcore.rag._focus.conditions import ignores_an_absence, misses_a_circumstance
from agentcore.rag._focus.context import document_opening, own_section
from agentcore.rag._focus.directions import reverse_direction
from agentcore.rag._focus.figures import times_of_modifiers_only
from agentcore.rag._focus.frames import states_another_case
from agentcore.rag._focus.lacks import without_nouns
from agentcore.rag._focus.meaning import close_in_meaning, draws_closer, draws_towards
from agentcore.rag._focus.nouns import (
    COUNT_NOUNS_SUFFICE,
    SUBJECT_BLOCKS_MEANING,
    YESNO_ALL_NOUNS,
    holds_every_noun,
    holds_nouns,
    holds_subject,
)
from agentcore.rag._focus.other_subject import USED_NOUNS_BLOCK_MEANING, answers_another_subject, lacks_used_noun
from agentcore.rag._focus.owner import LASTING_MUST_BE_OWNED, figures_of_another_name, owns_lasting
from agentcore.rag._focus.parts import part_matches, term_share, who_act
from agentcore.rag._focus.qualifiers import (
    AskedCase,
    misses_the_conditions_figure,
    other_time_relation,
    passive_without_a_doer,
    replaces_the_case,
    states_another_circumstance,
)
from agentcore.rag._focus.reading import PartReading, Reading
from agentcore.rag._focus.supplies import supplies_asked
from agentcore.rag._focus.thresholds import MEANING_MIN_SHARE
from agentcore.rag._focus.words import (
    drop_words,
    is_focus_word,
    is_modifier,
    is_plain_noun,
    vocabulary_of,
    without_terms,
)
from agentcore.rag._focus.yesno import (
    YESNO_SUBJECT_IN_SENTENCE,
    held_share,
    noun_attributes,
    reverses_the_roles,
    speaks_to,
    supplies_the_yesno,
)

PARAPHRASE_NOUNS = True
"""Whether a noun no passage uses may be read as a paraphrase by :func:`close_in_meaning`'s relative test."""
MODIFIERS_MUST_DRAW = True
"""Whether an adjective or participle no passage uses must draw the question towards its supplying sentence."""
MODIFIERS_BY_LEXICON_HELD = True
"""Whether a modifier the passages use in another spelling the query repair or the colloquial lexicon gives for it
(«новеньких» → «новичков») is exempt from :data:`MODIFIERS_MUST_DRAW`: the documents do use it, so it is neither a
paraphrase to doubt nor a thing they lack."""


@dataclass
class Suppliers:
    """The shown sentences that supply a part's value (by index into :attr:`Reading.shown`).

    Attributes:
        units: per sentence that gives the value, what it is read with (:meth:`Reading.unit`).
        shares: per such sentence, the share of the part's subject terms its unit holds.
        candidates: those still kept after the supplier filters (narrowed as they run).
    """

    units: dict[int, list[str]]
    shares: dict[int, float]
    candidates: list[int]

    @classmethod
    def of(cls, reading: Reading, p: PartReading) -> Suppliers:
        """The shown sentences giving the value ``p`` asks for by something the question does not already say
        (:func:`supplies_asked`: the 3 of «кто оплачивает первые 3 дня» supplies nothing)."""
        part = p.part
        given = [
            i
            for i, s in enumerate(reading.shown)
            if supplies_asked(part.asks, s, reading.question, part)
            or (
                part.asks == "person"
                and ELLIPSIS_TAKES_THE_PERSON_BEFORE
                and continues_the_subject(s)
                and supplies_asked(part.asks, reading.before(i), reading.question, part)
            )
        ]
        units = {i: reading.unit(i) for i in given}
        share = held_share if part.asks == "yesno" and YESNO_SUBJECT_IN_SENTENCE else term_share
        return cls(units, {i: share(part, units[i]) for i in given}, given)

    def held(self, share: float) -> list[int]:
        """The candidates whose unit holds at least ``share`` of the part's subject terms."""
        return [i for i in self.candidates if self.shares[i] >= share]


ELLIPSIS_TAKES_THE_PERSON_BEFORE = True
"""Whether a sentence with no subject of its own — it opens with a finite verb: «Собирает список изменений, …,
принимает решение о выпуске и об откате» after «Релиз-менеджер — назначается на каждый спринт …» — supplies the
person the sentence before it names to a part asking who («кто решает откатывать ли релиз»): the verb's subject is
that person (:func:`continues_the_subject`)."""


def continues_the_subject(sentence: str) -> bool:
    """Whether ``sentence`` opens with a finite verb in the third person (pymorphy3's first reading): its subject is
    the one named before («Собирает список изменений …», «Проводит встречу …» is no such: it names «скрам-мастер»
    after the verb — any sentence naming a person supplies it itself).  «Был / была / было / были» opens a passive or
    a statement of being («Был введён новый регламент …»), whose subject follows: no continuation."""
    from agentcore.text.morphology import parses as word_parses

    words = re.findall(r"[А-Яа-яЁё]+", sentence)
    if not words:
        return False
    readings = word_parses(words[0].lower())
    if not readings or readings[0].normal_form == "быть":
        return False
    tag = readings[0].tag
    return "VERB" in tag and "indc" in tag and ("3per" in tag or "past" in tag)


SupplierFilter = Callable[[Reading, PartReading, Suppliers, int], bool]
"""Keeps shown sentence ``i`` among the suppliers (or among the sentences a test by meaning may take)."""
ValueTest = Callable[[Reading, PartReading, Suppliers], bool]
"""An answer (the part is answered when it holds) or a veto (an answered part stays answered only if it holds)."""


# --- supplier filters ---------------------------------------------------------------------------------------------


def about_its_own_subject(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects a sentence whose document never names a term of the part that exactly one other retrieved document
    does: it answers that other subject («сколько стоит корпоративный английский для родственников» is not answered
    by the price of insurance for relatives) — :func:`answers_another_subject`."""
    return not answers_another_subject(p.part, reading.shown, reading.shown_headings, i, reading.passages)


def holds_the_phrases(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects a sentence holding the two words of a phrase a time word heads only apart: «день рождения компании»
    is not «рождение ребёнка … 5 календарных дней» (:func:`holds_compounds`, :data:`COMPOUNDS_MUST_HOLD`)."""
    if not COMPOUNDS_MUST_HOLD:
        return True
    return holds_compounds(p.part.text, [reading.shown[i], reading.shown_headings[i], reading.before(i)])


def owns_the_lasting(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects, for «сколько длится X», a duration of another thing: «… второй недели спринта, … продолжительность —
    1 час» is the retrospective's hour, not the sprint's (:func:`owns_lasting`, :data:`LASTING_MUST_BE_OWNED`)."""
    if not LASTING_MUST_BE_OWNED:
        return True
    return owns_lasting(p.part, suppliers.units[i])


def owns_the_figure(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects, for a count, a sentence whose every figure stands in brackets after another name than the part's:
    «MacBook Pro 14" (32 ГБ памяти) или Lenovo ThinkPad T14» gives no memory of the ThinkPad
    (:func:`figures_of_another_name`)."""
    return p.part.asks != "number" or not figures_of_another_name(p.part, reading.shown[i])


def speaks_to_the_predicate(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects, for a yes/no, a sentence that names the subject and not what is asked of it: «Полис ДМС получают все
    сотрудники» says neither yes nor no to «чистку зубов по ДМС оплачивают?» (:func:`speaks_to`)."""
    if p.part.asks != "yesno":
        return True
    return speaks_to(p.part, reading.shown[i], reading.shown_headings[i], reading.semantic, reading.embed)


def states_the_asked_act(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects, for «кто + verb», a sentence that does not state the act asked — neither the sentence itself nor its
    own section's title holds the verb (in any form, its noun, its aspect pair, or a word the lexicon gives for it),
    nor does the verb draw the question towards the sentence by meaning (a paraphrase of the act, e5):
    the person it names does something else («Обзор спринта — встреча …, на которой скрам-команда показывает …
    результат» is no answer to «кто зовёт заказчиков на обзор»; «Приложите фото чека» names nobody who checks it).
    The heading of the whole document, and the sentences around, say what the section is about, not who does what
    (:func:`~agentcore.rag._focus.parts.who_act`, :data:`WHO_MUST_DO_THE_ACT`)."""
    if p.part.asks != "person" or not WHO_MUST_DO_THE_ACT:
        return True
    act = who_act(p.part)
    if act is None:
        return True
    titles = [line.split(" — ")[-1] for line in reading.shown_headings[i].splitlines()]
    words, stems = vocabulary_of([reading.shown[i], *titles])
    if part_matches(p.part, act, words, stems):
        return True
    # the act in other words («платит» / «компания оплачивает»): the verb draws the question towards the sentence
    # (e5) — the sentence is closer to the part than to the part without it
    return reading.semantic is not None and draws_closer(
        p.part.text, drop_words(p.part.text, [act]), reading.shown[i], reading.embed
    )


WHO_MUST_DO_THE_ACT = True
"""Whether a part asking who does an act is supplied only by a sentence stating that act
(:func:`states_the_asked_act`)."""


def keeps_the_doer(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects, for a yes/no asking whether a thing does an act, a sentence that names the thing — itself or with
    the sentence before it — only as an object or a place, never as a doer: «попросите техподдержку перепривязать
    2FA» and «Если 2FA недоступна, позвоните в техподдержку …» say nothing of whether «техподдержка может попросить
    код 2FA» (:func:`reverses_the_roles`)."""
    if p.part.asks != "yesno":
        return True
    return not reverses_the_roles(p.part, f"{reading.shown[i]} {reading.before(i)}")


def holds_the_yesno_nouns(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects, for a yes/no, a sentence lacking one of its nouns: a yes/no asks about a thing, and «такси» missing
    from an answer to «дают ли такси ночью на дежурстве» means it speaks of something else, however many other words
    it shares (:data:`YESNO_ALL_NOUNS`).  Only its subject must be in the sentence; its other nouns may be named by
    the section's title or the document's opening, and its figure is compared with the rule's limit
    (:func:`agentcore.rag._focus.yesno.supplies_the_yesno`, :data:`YESNO_SUBJECT_IN_SENTENCE`)."""
    if p.part.asks != "yesno" or not YESNO_ALL_NOUNS:
        return True
    texts = [reading.shown[i], reading.shown_headings[i], reading.before(i)]
    if not YESNO_SUBJECT_IN_SENTENCE:
        return holds_nouns(p.part, texts)
    return supplies_the_yesno(p.part, texts, document_opening(reading.shown_headings[i], reading.passages))


def keeps_the_qualifiers(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects a sentence that names a noun of the part with another qualifier while the part's own is in none of
    its context: «гибридным сотрудникам компенсируют интернет?» is not answered by «Полностью удалённым сотрудникам
    компания компенсирует интернет — 1000 ₽», a neighbouring case the documents do cover — and likewise another
    season, day, code, governed person or filler of a slot of the part's noun («ключ от шкафчика» for «ключи от
    переговорок»; :func:`replaces_the_case`;
    :data:`agentcore.rag._focus.qualifiers.QUALIFIERS_MUST_AGREE`, ``CASES_MUST_AGREE``) — or, with its context, names a
    period of the part only before, during or after it where the part asks of another of the three («после
    испытательного срока» / «на весь испытательный срок»; :func:`other_time_relation`) — or, for «кто …», states the
    asked act in the passive with no doer («Каждому новичку назначается наставник из команды» for «кто назначает
    наставника»; :func:`passive_without_a_doer`).

    A sentence that holds the part's subject only with the sentence before it is rejected when that sentence speaks
    of another case (:data:`CONTEXT_MUST_KEEP_THE_CASE`): «Гибридным сотрудникам дома можно использовать второй
    монитор» borrows «стол» and «оплачивает» from «Полностью удалённым сотрудникам … оплачивает обустройство
    рабочего места (стол, …)», which is about other employees."""
    part = p.part
    # the sentence before names what the sentence speaks of; the heading, whose title names the whole document
    # («Офис и переговорные комнаты — Рабочие места»), does not say which of its things a sentence is about
    context = (reading.before(i),)
    heading = (reading.shown_headings[i],)  # names what a general word for a verb's object stands for
    asked = AskedCase.of(part, reading.vocabulary)
    if replaces_the_case(asked, reading.shown[i], context, heading):
        return False
    if part.asks == "person" and passive_without_a_doer(part.text, reading.shown[i]):
        return False
    if other_time_relation(part.text, part.terms, " ".join(suppliers.units[i])):
        return False
    if not CONTEXT_MUST_KEEP_THE_CASE:
        return True
    other_case = [text for text in (reading.previous(i), reading.before(i)) if text and replaces_the_case(asked, text)]
    if not other_case:
        return True
    own = vocabulary_of([reading.shown[i], reading.shown_headings[i]])
    elsewhere = vocabulary_of(other_case)
    # a noun of the part named only by the sentence about another case (a verb the list's first item says for all
    # its items — «P1 … — подтвердить оповещение …», «P2 … — в течение 1 часа» — is borrowed rightly)
    return not any(
        is_focus_word(t) and not part_matches(part, t, *own) and part_matches(part, t, *elsewhere) for t in part.terms
    )


def states_the_conditions_figure(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects a sentence that, with its context, names the thing a condition of the part sets a figure for and not
    that figure: «сколько платят по больничному если стаж 2 года» is not answered by «доплачивает до 100% среднего
    заработка …» after «размер зависит от страхового стажа» (:func:`misses_the_conditions_figure`)."""
    return not misses_the_conditions_figure(p.part.text, suppliers.units[i])


def keeps_the_conditions_case(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects a sentence that states its value under a condition of another case than a condition the part names:
    the same thing with another act («если пропуск сломался, через сколько выдадут новый» is not answered by «Если
    пропуск потерян, … новый выдадут в течение одного рабочего дня»), or the same act by another actor («ребёнок
    заболел во время моего отпуска, отпуск продлят?» not by «Если вы заболели во время ежегодного отпуска …, отпуск
    продлевается») — :func:`agentcore.rag._focus.frames.states_another_case`.  With :data:`CONDITION_OF_THE_CONTEXT`,
    the condition of the sentence before it counts as the sentence's own («Подменный ноутбук выдаётся в тот же
    рабочий день» after «Если ноутбук сломался, …»)."""
    texts = [reading.shown[i], reading.before(i)] if CONDITION_OF_THE_CONTEXT else [reading.shown[i]]
    return not any(text and states_another_case(p.part, text) for text in texts)


def keeps_the_conditions(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects a sentence that states its rule without a condition the part sets by a preposition or a negation:
    with its context it names no noun of a circumstance («после увольнения», «при переводе»), or it speaks of an
    absence («без согласования», «если не согласовали») neither by a negation beside it nor by making it the rule's
    only way — «работал ночью без согласования с руководителем, оплатят в двойном размере?» is not answered by «…
    она согласуется с руководителем заранее и оплачивается в двойном размере», while «возместят обед с клиентом без
    согласования?» is by «… только по предварительному согласованию с руководителем» (:mod:`agentcore.rag._focus.
    conditions`)."""
    if misses_a_circumstance(p.part, suppliers.units[i], reading.vocabulary):
        return False
    return not all(ignores_an_absence(p.part, text) for text in (reading.shown[i], reading.before(i)) if text)


def keeps_the_direction(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects a sentence naming as the goal of a way what the part names as its source, or the reverse: «сколько
    возмещают за такси из дома до офиса утром» is not answered by «Такси после 22:00 … — до 1500 ₽ за поездку до
    дома» (:func:`agentcore.rag._focus.directions.reverse_direction`)."""
    return not reverse_direction(p.part.text, reading.shown[i])


CONDITION_OF_THE_CONTEXT = True
"""Whether the condition of the sentence before a supplier counts as the supplier's own
(:func:`keeps_the_conditions_case`)."""


CONTEXT_MUST_KEEP_THE_CASE = True
"""Whether the subject a sentence borrows from the sentence before it counts only when that sentence is about the
part's case (see :func:`keeps_the_qualifiers`)."""


# --- filters of the sentences the tests by meaning may take -------------------------------------------------------


def uses_the_sections_nouns(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects, for a paraphrase, a sentence lacking a noun of the part that its own section uses: a paraphrase
    stands for a word the documents do not use, so «объём диска» next to «32 ГБ памяти», in a section that speaks of
    the disk elsewhere, is about something else (:func:`lacks_used_noun`, :data:`USED_NOUNS_BLOCK_MEANING`)."""
    if not USED_NOUNS_BLOCK_MEANING:
        return True
    section = own_section(reading.shown_headings[i], reading.passages)
    return not lacks_used_noun(p.part, reading.with_context(i), section)


def holds_the_subject(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects, for a paraphrase, a sentence lacking the part's grammatical subject when a passage names it:
    «сколько story points закрывает один разработчик» is not answered by a team's velocity
    (:func:`holds_subject`, :data:`SUBJECT_BLOCKS_MEANING`)."""
    if not SUBJECT_BLOCKS_MEANING:
        return True
    return holds_subject(p.part, suppliers.units[i], reading.vocabulary)


def keeps_the_circumstance(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects, for a paraphrase, a sentence that states its value under a condition of its own while a circumstance
    the part names («в командировке») is among the terms it lacks: «лимит на такси в командировке» is not answered by
    «Такси после 22:00, если вы задержались на работе …, — до 1500 ₽» (:func:`states_another_circumstance`)."""
    part = p.part
    # the sentence itself: the context may name the circumstance only to set it aside («Командировочные расходы
    # оформляются отдельно»)
    words, stems = vocabulary_of([reading.shown[i], reading.shown_headings[i]])
    missing = [t for t in part.terms if not part_matches(part, t, words, stems)]
    return not states_another_circumstance(part.text, missing, reading.shown[i])


def keeps_the_attributes(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects, for a paraphrase, a sentence naming a noun of the part without the attribute the part gives it — a
    prepositional phrase after it that says which kind of it is meant (:func:`noun_attributes`) — while the run's
    texts use the attribute's noun: «с какого момента можно уйти в отпуск по уходу за ребёнком» is not answered by
    «Летом … можно уйти в отпуск не более чем на 14 календарных дней» (another kind of leave), though it shares the
    words of the act, nor by «… рождение ребёнка … до 5 календарных дней отпуска» (the attribute is named by the noun
    its preposition governs, «уход», or a modifier of it) (:data:`ATTRIBUTES_NAME_THE_KIND`).  An attribute no text
    uses is a paraphrase the other tests weigh."""
    if not ATTRIBUTES_NAME_THE_KIND:
        return True
    part = p.part
    words, stems = vocabulary_of(suppliers.units[i])
    for head, attributes in noun_attributes(part).items():
        # the attribute is named by its first noun (the one the preposition governs) or a modifier before it: «по
        # уходу за ребёнком» by «уход», not by «ребёнок» alone («рождение ребёнка» is another case)
        first = next((k for k, a in enumerate(attributes) if is_plain_noun(a)), len(attributes) - 1)
        named = any(part_matches(part, a, words, stems) for a in attributes[: first + 1])
        if not part_matches(part, head, words, stems) or named:
            continue
        if any(is_focus_word(a) and part_matches(part, a, *reading.vocabulary) for a in attributes):
            return False
    return True


ATTRIBUTES_NAME_THE_KIND = True
"""Whether the e5 bridge is closed to a sentence naming a noun of the part without its attribute
(:func:`keeps_the_attributes`).  Needed once a bound of time is read as a time (:data:`agentcore.rag._focus.parts.
TIME_BOUNDS_ASK_A_TIME`): read as a yes/no, such a part met the all-nouns rule instead."""


def times_its_own_event(reading: Reading, p: PartReading, suppliers: Suppliers, i: int) -> bool:
    """Rejects, for a paraphrase of a part asking a time, a sentence whose every clock time is said of a participle
    phrase («… по заявке офис-менеджеру, поданной накануне до 17:00» for «по субботам офис во сколько закрывается»):
    the time of another event (:func:`times_of_modifiers_only`, :data:`TIMES_MUST_BE_THE_EVENTS`)."""
    if not TIMES_MUST_BE_THE_EVENTS or p.part.asks != "time":
        return True
    return not times_of_modifiers_only(reading.shown[i])


TIMES_MUST_BE_THE_EVENTS = True
"""Whether a paraphrase's clock times must be said of the sentence's own event, not of a participle phrase."""


# --- answers ------------------------------------------------------------------------------------------------------


def one_sentence_holds_it(reading: Reading, p: PartReading, suppliers: Suppliers) -> bool:
    """Accepts when a supplying sentence, with its context, holds :attr:`Reading.min_coverage` (0.67) of the part's
    subject terms and no term the documents lack bars it: the value and its subject in one sentence.  Sentences
    that each hold half of it (a number about something else next to the subject named elsewhere) do not answer."""
    return not p.lacks and bool(suppliers.held(reading.min_coverage))


def counted_by_its_nouns(reading: Reading, p: PartReading, suppliers: Suppliers) -> bool:
    """Accepts a count or an amount supplied by a sentence holding every noun of the part and half of its terms:
    its verb is most often the sentence's predicate in other words («сколько стоит добавить маму в ДМС» by
    «родителей можно прикрепить … около 38 000 ₽»).  Not a time: «когда придут деньги» asks when the verb's event
    happens, and a time of another event with the same nouns is no answer (:data:`COUNT_NOUNS_SUFFICE`)."""
    if p.lacks or not COUNT_NOUNS_SUFFICE or p.part.asks != "number":
        return False
    return any(holds_every_noun(p.part, suppliers.units[i]) for i in suppliers.held(MEANING_MIN_SHARE))


def close_in_meaning_to_a_supplier(
    reading: Reading, p: PartReading, suppliers: Suppliers, *, close_filters: tuple[SupplierFilter, ...] = ()
) -> bool:
    """Accepts a paraphrase («апрувов» / «одобрений»): a supplying sentence holding half of the part's terms
    (:data:`MEANING_MIN_SHARE`) and kept by ``close_filters`` is within the e5 cosine of the part (more surely —
    plus :attr:`Reading.soft_margin` — when one of its nouns is nowhere in the passages).  Never with a hard lack
    of the part read without the lexicon."""
    if p.hard_meaning or reading.semantic is None:
        return False
    close = [
        i for i in suppliers.held(MEANING_MIN_SHARE) if all(keep(reading, p, suppliers, i) for keep in close_filters)
    ]
    return bool(close) and means_the_part(reading, p, [reading.shown[i] for i in close])


def means_the_part(reading: Reading, p: PartReading, sentences: Sequence[str]) -> bool:
    """Whether one of ``sentences`` is within the e5 cosine of ``p``'s part — :attr:`Reading.semantic`, plus
    :attr:`Reading.soft_margin` when one of its nouns is nowhere in the passages: the test of a supplying sentence
    here and of a shown one (:func:`agentcore.rag._focus.section_rules.shown_close_in_meaning`).  Never without the e5
    bridge."""
    if reading.semantic is None:
        return False
    threshold = reading.semantic + (reading.soft_margin if p.soft_meaning else 0.0)
    return close_in_meaning(p.part.text, sentences, threshold, reading.embed)


def draws_the_unused_noun(reading: Reading, p: PartReading, sentences: Sequence[str]) -> bool:
    """Whether the nouns of ``p``'s part no passage uses draw it towards one of ``sentences``
    (:func:`close_in_meaning`'s relative test: the part against the part without them) — for a supplying sentence
    (:func:`paraphrases_an_unused_noun`) and a section
    (:func:`agentcore.rag._focus.section_rules.the_section_paraphrases_an_unused_noun`)."""
    return close_in_meaning(
        p.part.text,
        sentences,
        2.0,
        reading.embed,
        without=without_terms(p.part.text, p.lacking_plain),
        relaxed=reading.semantic,
    )


def paraphrases_an_unused_noun(reading: Reading, p: PartReading, suppliers: Suppliers) -> bool:
    """Accepts a part with one noun no passage uses (a soft lack) when a supplying sentence itself, with its
    heading, holds the rest of the part and means the part: the noun draws the question towards the sentence
    (:func:`close_in_meaning`'s relative test — «расписание» / «график»), and does not pull it away («собаку к ДМС»
    next to the relatives' tariff) (:data:`PARAPHRASE_NOUNS`)."""
    if not p.soft_meaning or not PARAPHRASE_NOUNS or reading.semantic is None:
        return False
    rest = without_nouns(p.plain, p.lacking_plain)
    # the sentence itself holds the rest (the cosine below is the sentence's own, not its context's)
    whole = [
        i
        for i in suppliers.candidates
        if term_share(rest, [reading.shown[i], reading.shown_headings[i]]) >= reading.min_coverage
    ]
    return bool(whole) and draws_the_unused_noun(reading, p, [reading.shown[i] for i in whole])


# --- vetoes -------------------------------------------------------------------------------------------------------


def modifiers_draw_towards_it(reading: Reading, p: PartReading, suppliers: Suppliers) -> bool:
    """Rejects an answer that an adjective or participle no passage uses pulls away from its supplying sentences:
    «индивидуальное обучение английскому» next to «50% стоимости групповых занятий» — the modifier may be a
    paraphrase, or the very thing the documents lack (:data:`MODIFIERS_MUST_DRAW`).  A modifier the passages use in a
    spelling the lexicon or the query repair gives («новеньких» → «новичков») is exempt
    (:data:`MODIFIERS_BY_LEXICON_HELD`)."""
    if not MODIFIERS_MUST_DRAW or reading.semantic is None:
        return True
    by_lexicon = [] if not MODIFIERS_BY_LEXICON_HELD else [t for t in p.lacking_plain if t not in p.lacking]
    modifiers = [t for t in p.lacking_plain if is_modifier(t) and t not in by_lexicon]
    if not modifiers:
        return True
    pool = [reading.shown[i] for i in suppliers.held(reading.min_coverage)] or [
        reading.shown[i] for i in suppliers.candidates
    ]
    return draws_towards(p.part.text, drop_words(p.part.text, modifiers), pool, reading.embed)
