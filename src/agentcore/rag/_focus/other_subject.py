"""The qualifier / other-subject rule: a sentence lacking a term of the part that only another retrieved document
(or another section of its own document) uses answers that other subject, not the question."""

from __future__ import annotations

from collections.abc import Sequence

from agentcore.rag._focus import english_yesno
from agentcore.rag._focus.circumstances import MONTHS
from agentcore.rag._focus.context import document_part
from agentcore.rag._focus.english import is_english
from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.qualifiers import recipients
from agentcore.rag._focus.words import (
    WORD_RE,
    is_focus_word,
    is_modifier,
    is_plain_noun,
    is_predicate_word,
    lemma_of,
    vocabulary_of,
)
from agentcore.rag._focus.yesno import ENGLISH_SUBJECT_BY_WORD_ORDER, compares_figure, compares_unit, yesno_subject

USED_NOUNS_BLOCK_MEANING = True
"""Whether the e5 paraphrase test is closed to a sentence lacking a noun of the part that the passages use."""


def lacks_used_noun(part: Part, texts: Sequence[str], section: Sequence[str]) -> bool:
    """Whether a noun of ``part`` is missing from ``texts`` but used by ``section``."""
    if not section:
        return False
    words, stems = vocabulary_of(texts)
    section_words, section_stems = vocabulary_of(section)
    return any(
        is_plain_noun(t)
        and not part_matches(part, t, words, stems)
        and part_matches(part, t, section_words, section_stems)
        for t in part.terms
    )


def answers_another_subject(
    part: Part, shown: Sequence[str], shown_headings: Sequence[str], index: int, passages: Sequence[str]
) -> bool:
    """Whether a term of ``part`` missing from sentence ``index`` (with its heading and the sentence before) belongs
    to another retrieved document that holds at least as many of the part's terms as the sentence's own document:
    the question is then about that document's subject, or about neither, and the sentence answers something else
    (only when that one document uses the term: a word several documents use, «заявка», marks no subject)."""
    if not passages or not part.terms:
        return False
    before = shown[index - 1] if index and shown_headings[index - 1] == shown_headings[index] else ""
    unit = [shown[index], shown_headings[index], before]
    words, stems = vocabulary_of(unit)
    missing = [
        t
        for t in part.terms
        if not part_matches(part, t, words, stems) and not compared_with_its_limit(part, t, shown[index])
    ]
    own = {document_part(h) for h in shown_headings[index].splitlines() if h.strip()}
    if not missing or not own:
        return False
    by_document: dict[str, list[str]] = {}
    for text in passages:
        by_document.setdefault(document_part(text.partition("\n")[0]), []).append(text)

    def held(texts: Sequence[str]) -> set[str]:
        found_words, found_stems = vocabulary_of(texts)
        return {t for t in part.terms if part_matches(part, t, found_words, found_stems)}

    own_held = held([*unit, *(t for d in own for t in by_document.get(d, []))])
    others = {doc: held(texts) for doc, texts in by_document.items() if doc not in own}
    subject_held = GRAMMATICAL_SUBJECT_NAMES_THE_DOCUMENT and holds_the_grammatical_subject(part, words, stems)
    for_whom = recipients(part.text) if subject_held else set()
    for term in missing:
        if ONLY_THINGS_MARK_DOCUMENTS and not marks_a_subject(part, term):
            continue
        if term in for_whom:
            continue  # «новичку … полис ДМС»: the sentence names what the part is about; «новичку» says for whom
        holders = [doc for doc, terms in others.items() if term in terms]
        # a word many documents use («заявка») marks no subject; one only another document uses does
        if len(holders) == 1 and len(others[holders[0]]) >= len(own_held):
            if (
                subject_held
                and not names_the_part_subject(part, others[holders[0]])
                and qualifies_the_subject(part, term)
            ):
                continue  # the sentence names what the part is about, the other document does not
            return True
    if not SECTIONS_MARK_SUBJECTS:
        return False
    # the same within one document: a qualifier of the question («подменный», «по уходу за ребёнком») that only
    # another retrieved section uses, that section holding at least as many of the part's terms, makes the
    # sentence one about the document's other case («до 5 рабочих дней» of additional equipment is no term for a
    # replacement laptop)
    by_section: dict[str, list[str]] = {}
    for text in passages:
        by_section.setdefault(text.partition("\n")[0].strip(), []).append(text)
    own_sections = {h.strip() for h in shown_headings[index].splitlines() if h.strip()}
    own_section_held = held([*unit, *(t for s in own_sections for t in by_section.get(s, []))])
    # (a document's lead — a title without a section — summarises all its cases and marks none; a verb is
    # paraphrased too often to mark one)
    sections = {
        title: held(texts)
        for title, texts in by_section.items()
        if title not in own_sections and document_part(title) in own and document_part(title) != title
    }
    for term in missing:
        if not (is_focus_word(term) or is_modifier(term)):
            continue
        holders = [title for title, terms in sections.items() if term in terms]
        if len(holders) == 1 and len(sections[holders[0]]) > len(own_section_held):
            return True
    return False


FIGURES_COMPARED_MARK_NO_SUBJECT = True
"""Whether a figure of a yes/no part, and the unit it is said in, that the sentence compares with the limit it states
(:func:`agentcore.rag._focus.yesno.compares_figure`, :func:`~agentcore.rag._focus.yesno.compares_unit`) is no term
the sentence lacks: «хочу в августе уйти на 3 недели, отпустят» is answered by «… не более чем на 14 календарных дней
подряд», and the «недели» another section of the article says («за 2 недели до …») does not make the question one
about that section — the yes/no's supplier filter compares them the same way
(:func:`agentcore.rag._focus.yesno.supplies_the_yesno`)."""


def compared_with_its_limit(part: Part, term: str, sentence: str) -> bool:
    """Whether ``term`` is a figure, or a figure's unit, of a yes/no ``part`` that ``sentence`` compares with the
    limit it states (:data:`FIGURES_COMPARED_MARK_NO_SUBJECT`)."""
    if not FIGURES_COMPARED_MARK_NO_SUBJECT or part.asks != "yesno":
        return False
    return compares_figure(part, term, sentence) or compares_unit(part, term, sentence)


GRAMMATICAL_SUBJECT_NAMES_THE_DOCUMENT = True
"""Whether the one a rule is for — a person of the part in a bare dative
(:func:`agentcore.rag._focus.qualifiers.recipients`: «новичку», «сотруднику») — marks another document's subject only
when the sentence does not name the part's grammatical subject (:func:`agentcore.rag._focus.yesno.yesno_subject`: its
nouns in a direct case no preposition governs): «новичку с какого числа начнёт действовать полис ДМС» is about the
policy, which «Полис действует с 1-го числа месяца, следующего за окончанием испытательного срока» names — not about
the onboarding article, the one that says «новичок».  A noun under a preposition names the case («после увольнения»,
«у VPN», «по уходу за ребёнком») and still marks another document's subject, as does every term within one document
(:data:`SECTIONS_MARK_SUBJECTS`).  A part with no subject read keeps the rule as before."""


OTHER_DOCUMENT_MUST_NAME_THE_SUBJECT = True
"""Whether another document marks the part's subject only when it names the part's grammatical subject
(:func:`agentcore.rag._focus.yesno.yesno_subject`) too, when the sentence names it: «сгорают ли неиспользованные дни
здоровья в конце года» is about the health days «Дни здоровья не переносятся на следующий год» names, not about the
vacation article, whose «неиспользованный» qualifies another thing (it never says «здоровье»).  A sentence that
does not name the part's subject keeps the rule as before («сколько стоит корпоративный английский для
родственников» is still not answered by the price of insurance for relatives)."""


def names_the_part_subject(part: Part, held: set[str]) -> bool:
    """Whether the terms ``held`` by another document include every noun of the part's grammatical subject (always,
    without :data:`OTHER_DOCUMENT_MUST_NAME_THE_SUBJECT`)."""
    return not OTHER_DOCUMENT_MUST_NAME_THE_SUBJECT or set(yesno_subject(part)) <= held


QUALIFIERS_ONLY_OF_THE_SUBJECT = True
"""Whether :data:`OTHER_DOCUMENT_MUST_NAME_THE_SUBJECT` spares only a term that qualifies the part's subject — a
modifier right before one of its nouns («*неиспользованные* дни здоровья») — and not a word of a circumstance the
part adds («можно взять день здоровья *на испытательном сроке*»: «испытательный» qualifies «срок», a prepositional
phrase).  A circumstance only another document speaks of is a condition the sentence does not state: the
unconditional rule («можно взять день здоровья без больничного листа») says nothing of it, and the other document is
where the condition is spoken of, whether or not it names the subject."""


def qualifies_the_subject(part: Part, term: str) -> bool:
    """Whether ``term`` is a modifier standing right before a noun of the part's grammatical subject
    (:func:`agentcore.rag._focus.yesno.yesno_subject`), other modifiers between allowed — of an English part, a word
    of the subject's noun phrase before its head (:func:`agentcore.rag._focus.english_yesno.subject_modifiers`: «is
    *sick* leave paid») — (always, without :data:`QUALIFIERS_ONLY_OF_THE_SUBJECT`)."""
    if not QUALIFIERS_ONLY_OF_THE_SUBJECT:
        return True
    if ENGLISH_SUBJECT_BY_WORD_ORDER and is_english(part.text):
        # Russian morphology reads no English modifier: the words of the subject's noun phrase before its head are
        return term in english_yesno.subject_modifiers(part.text, part.terms)
    subject = set(yesno_subject(part))
    words = [w.lower().replace("ё", "е") for w in WORD_RE.findall(part.text)]
    for k, word in enumerate(words):
        if lemma_of(word) != term or not is_modifier(word):
            continue
        for after in words[k + 1 :]:
            if lemma_of(after) in subject:
                return True
            if not is_modifier(after):
                break
    return False


def holds_the_grammatical_subject(part: Part, words: set[str], stems: set[str]) -> bool:
    """Whether the vocabulary ``words`` / ``stems`` holds every noun of the part's grammatical subject (``False`` for a
    part with none read)."""
    subject = yesno_subject(part)
    return bool(subject) and all(part_matches(part, t, words, stems) for t in subject)


SECTIONS_MARK_SUBJECTS = True
"""Whether :func:`answers_another_subject` also reads the sections of the sentence's own document."""

ONLY_THINGS_MARK_DOCUMENTS = True
"""Whether a term marks another document's subject only when it names a thing (:func:`marks_a_subject`): «уходим
раньше» in «в предпраздничный день на сколько раньше уходим» is said in the vacation article's words too, and «в
июле» is in the payroll dates, but neither makes the question one about those documents."""


def marks_a_subject(part: Part, term: str) -> bool:
    """Whether ``term`` of ``part`` may name a document's subject: not a word the question writes as a verb, a
    comparative or an adverb (:func:`is_predicate_word` — what is done and when, said in every document's words),
    nor a month's name (a date the question is set on); a name or a code always may."""
    if term in MONTHS:
        return False
    written = [w for w in WORD_RE.findall(part.text) if lemma_of(w.lower().replace("ё", "е")) == term]
    return not written or not all(is_predicate_word(w) for w in written)
