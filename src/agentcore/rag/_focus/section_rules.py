"""The tests of a part that asks for no single value (a procedure, a definition, a list): the shown sentences of
**one section** answer it together — the steps of one list, never words gathered from unrelated sections.
:mod:`agentcore.rag._focus.check` lists them in the order they run.

Two kinds, each ``(reading, part, section) -> bool``: *requirements* (every one must hold) and *answers* (the first
that holds answers the part).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from agentcore.rag._focus.asked_noun import ASKED_NOUN_MUST_BE_NAMED, names_asked_noun
from agentcore.rag._focus.compounds import names_another_phrase
from agentcore.rag._focus.lacks import without_nouns
from agentcore.rag._focus.parts import asked_act, part_matches, term_share
from agentcore.rag._focus.qualifiers import AskedCase, replaces_the_case
from agentcore.rag._focus.reading import PartReading, Reading
from agentcore.rag._focus.thresholds import MEANING_MIN_SHARE
from agentcore.rag._focus.value_rules import PARAPHRASE_NOUNS, draws_the_unused_noun, means_the_part
from agentcore.rag._focus.values import gives_asked
from agentcore.rag._focus.words import vocabulary_of
from agentcore.text.clauses import CONDITION_OPENER_PATTERN


@dataclass(frozen=True)
class Section:
    """The section of shown sentences that holds most of a part's subject terms.

    Attributes:
        heading: its title(s) (``None``: nothing is shown).
        sentences: its shown sentences, in order.
        share: the share of the part's subject terms they hold with the heading.
    """

    heading: str | None
    sentences: tuple[str, ...]
    share: float

    @classmethod
    def best(cls, reading: Reading, p: PartReading) -> Section:
        """The section whose sentences (with its heading) hold most of ``p``'s terms; the first of equals."""
        sections: dict[str, list[str]] = {}
        for sentence, heading in zip(reading.shown, reading.shown_headings, strict=True):
            sections.setdefault(heading, []).append(sentence)
        best = max(sections.items(), key=lambda item: term_share(p.part, [*item[1], item[0]]), default=None)
        if best is None:
            return cls(None, (), 0.0)
        return cls(best[0], tuple(best[1]), term_share(p.part, [*best[1], best[0]]))

    @property
    def texts(self) -> list[str]:
        """Its sentences and its heading."""
        return [*self.sentences, self.heading] if self.heading is not None else []


SectionTest = Callable[[Reading, PartReading, Section], bool]


# --- requirements -------------------------------------------------------------------------------------------------


def gives_what_is_asked(reading: Reading, p: PartReading, section: Section) -> bool:
    """Rejects a section that does not give the kind of answer asked: a procedure is answered by what is done (an
    imperative, a finite verb, an infinitive after «можно / нужно»), not by a definition («Командировка — поездка по
    заданию компании …») (:func:`gives_asked`)."""
    sentences = section.sentences if section.heading is not None else reading.shown
    return gives_asked(p.part.asks, "\n".join(sentences), p.part.text)


def names_the_asked_things(reading: Reading, p: PartReading, section: Section) -> bool:
    """Rejects a section that never names the things a «какие X» question lists when a passage does: «какие клиники
    входят в ДМС» is not answered by a sentence on the DMS app, however close in meaning (:func:`names_asked_noun`,
    :data:`ASKED_NOUN_MUST_BE_NAMED`).  Only here: a part asking a value reads «какой X» as the kind of value
    («какая почта», «в какие дни»)."""
    if not ASKED_NOUN_MUST_BE_NAMED or section.heading is None:
        return True
    return names_asked_noun(p.part, section.texts, reading.vocabulary)


def keeps_the_case(reading: Reading, p: PartReading, section: Section) -> bool:
    """Rejects a section every shown sentence of which speaks of a neighbouring case, not the part's: «больничный по
    уходу за мамой как оформить» is not answered by «Больничный по уходу за заболевшим ребёнком оформляется так же»,
    «зимой есть ограничение на длинный отпуск?» not by the summer's limit (:func:`replaces_the_case`)."""
    if section.heading is None or not section.sentences:
        return True
    asked = AskedCase.of(p.part, reading.vocabulary)
    return not all(replaces_the_case(asked, sentence) for sentence in section.sentences)


def names_the_asked_act(reading: Reading, p: PartReading, section: Section) -> bool:
    """Rejects, for «что нужно + infinitive» («что нужно взять с собой в первый день», «что необходимо указать в
    заявке»), a section that never names the act whose object is asked (:func:`asked_act`, in any form the focus
    check matches: «взять», «возьмите»): the steps of the first day are no list of what to take along, however many
    of the part's other words they share.  «что нужно сделать» asks any step and needs none
    (:data:`ACTS_MUST_BE_NAMED`)."""
    act = asked_act(p.part) if ACTS_MUST_BE_NAMED else None
    if act is None:
        return True
    texts = section.texts if section.heading is not None else list(reading.shown)
    words, stems = vocabulary_of(texts)
    # the act itself, not the colloquial lexicon's everyday equivalents («взять» ~ «получить»: what the first day
    # gives is not what to take along)
    return part_matches(p.plain, act, words, stems)


def keeps_the_phrases(reading: Reading, p: PartReading, section: Section) -> bool:
    """Rejects a section that names the time word heading a phrase of the part with another noun after it, and the
    part's noun nowhere but in its document's title: «Что сделать в первый день болезни» is not how to take «день
    здоровья», though its document is «Больничный и дни здоровья» — the document's title names what all its sections
    are about together, and this one is about another day (:func:`~agentcore.rag._focus.compounds.
    names_another_phrase`, :data:`SECTIONS_KEEP_THE_PHRASES`)."""
    if not SECTIONS_KEEP_THE_PHRASES or section.heading is None:
        return True
    own = [line.strip().partition(" — ")[2] or line.strip() for line in section.heading.splitlines()]
    return not names_another_phrase(p.part.text, [*section.sentences, *own])


SECTIONS_KEEP_THE_PHRASES = True
"""Whether a part answered by a section keeps its phrase headed by a time word (:func:`keeps_the_phrases`)."""


ACTS_MUST_BE_NAMED = True
"""Whether a procedure part asking the object of an act (:func:`names_the_asked_act`) needs a section naming it."""


ASKS_CONSEQUENCE_RE = re.compile(r"\bчто\s+(?:будет|бывает|произойд[её]т|случится|грозит|светит)\b", re.I)
"""A part asking what follows from a case («что будет, если не сдам отчёт вовремя», «что будет с задачей, которую не
доделали», «что грозит, если …»)."""
_CONDITION_RE = re.compile(rf"\b(?:{CONDITION_OPENER_PATTERN})\b|\bпри\s+[а-яё]|\bиначе\b|\bкогда\b", re.I)
"""A condition: an opener of :data:`agentcore.text.clauses.CONDITION_OPENERS`, any «при …», «иначе», «когда»."""


def states_a_consequence(reading: Reading, p: PartReading, section: Section) -> bool:
    """Rejects, for a part asking what follows from a case (:data:`ASKS_CONSEQUENCE_RE`), a section no shown sentence
    of which states a consequence — a sentence with a condition («если», «при …», «в случае», «когда», «иначе»): the
    rule itself is no answer to what happens when it is broken («что будет если не пройти ежегодный тест по иб до
    декабря» is not answered by «Повторное ежегодное обучение с тестом нужно пройти до 1 декабря», while «Если отчёт
    не сдан вовремя, невозвращённый аванс может быть удержан из зарплаты» answers «что будет если не сдам авансовый
    отчёт вовремя»)."""
    if not ASKS_CONSEQUENCE_RE.search(p.part.text):
        return True
    sentences = section.sentences if section.heading is not None else reading.shown
    return any(_CONDITION_RE.search(sentence) for sentence in sentences)


# --- answers ------------------------------------------------------------------------------------------------------


def the_section_holds_it(reading: Reading, p: PartReading, section: Section) -> bool:
    """Accepts when the section holds :attr:`Reading.min_coverage` of the part's subject terms and no term the
    documents lack bars it."""
    return section.share >= reading.min_coverage and not p.lacks


SECTION_MEANING_MIN_SHARE = True
"""Whether the section a paraphrase answers must hold :data:`MEANING_MIN_SHARE` of the part's subject terms, as a
sentence the e5 bridge takes for a value part must: a section holding fewer is close in meaning to the question's
topic, not to its question («как уйти в отпуск по уходу за ребенком до трех лет» is not answered by the steps of
«Как оформить отпуск», which hold only «отпуск»)."""


def shown_close_in_meaning(reading: Reading, p: PartReading, section: Section) -> bool:
    """Accepts a paraphrase («апрувов» / «одобрений»): a shown sentence within the e5 cosine of the part (more surely
    — plus :attr:`Reading.soft_margin` — when one of its nouns is nowhere in the passages), its section holding
    half the part's terms (:data:`SECTION_MEANING_MIN_SHARE`).  Never with a hard lack of the part read without the
    lexicon."""
    if p.hard_meaning or reading.semantic is None or not reading.shown:
        return False
    if SECTION_MEANING_MIN_SHARE and section.heading is not None and section.share < MEANING_MIN_SHARE:
        return False
    return means_the_part(reading, p, reading.shown)


def the_section_paraphrases_an_unused_noun(reading: Reading, p: PartReading, section: Section) -> bool:
    """Accepts a part with one noun no passage uses (a soft lack) when the section holds the rest of the part and
    the noun draws the question towards its sentences (:func:`close_in_meaning`'s relative test,
    :data:`PARAPHRASE_NOUNS`)."""
    if not p.soft_meaning or not PARAPHRASE_NOUNS or reading.semantic is None or section.heading is None:
        return False
    rest = without_nouns(p.plain, p.lacking_plain)
    return term_share(rest, section.texts) >= reading.min_coverage and draws_the_unused_noun(
        reading, p, section.sentences
    )
