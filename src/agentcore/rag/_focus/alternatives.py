"""Other spellings of a part's terms that the passages' own words suggest: the search's query repair (typos, layout
slips, Russian spellings of English terms) and the colloquial lexicon (chat words → the documents' words)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from agentcore.rag._focus.english import (
    in_latin_phrase,
    is_english,
    names_a_thing,
    russian_spellings,
    spelling_lemmas,
    unspelled,
)
from agentcore.rag._focus.parts import Part, subject_terms
from agentcore.rag._focus.words import (
    WORD_RE,
    common_prefix,
    compound_parts,
    is_compound_element,
    lemma_of,
    lemmas_in_context,
    stem_of,
    term_matches,
    unprefixed,
    vocabulary_of,
)


def with_alternatives(parts: Sequence[Part], texts: Sequence[str]) -> list[Part]:
    """``parts`` with the other spellings of their terms that the words of ``texts`` suggest: the query repair of
    the search (:mod:`agentcore.rag._query_repair`) run against the passages' own words — a layout slip, a typo, a
    Russian spelling of an English term («велосити» → «velocity»), a chat word («ноут» → «ноутбук», «за свой
    счёт» → «без сохранения зарплаты»)."""
    from agentcore.rag import _lexicon
    from agentcore.rag._query_repair import Vocabulary, repair_query

    vocabulary = _repair_vocabulary(tuple(texts), Vocabulary) if texts else None
    result = []
    for part in parts:
        pairs: list[tuple[str, tuple[str, ...]]] = []
        lexical: list[tuple[str, tuple[str, ...]]] = []
        # the colloquial lexicon: «залочат» may be found as «заблокировать», «шеф» as «руководитель»
        for match in _lexicon.matches(part.text):
            for word in match.words:
                term = lemma_of(word)
                if term in part.terms:
                    lexical.extend((term, lemmas) for lemmas in map(subject_terms, match.phrases) if lemmas)
        changes = repair_query(part.text, vocabulary).changes if vocabulary is not None else ()
        for rule, before, after in changes:
            if rule == "lexicon":
                continue  # read above, as colloquial
            lemmas = subject_terms(after) or tuple(lemma_of(w) for w in WORD_RE.findall(after))
            if not lemmas:
                continue
            for word in WORD_RE.findall(before):
                term = lemma_of(word)
                if term in part.terms:
                    pairs.append((term, lemmas))
        if CONTEXT_CHOOSES_THE_LEMMA and texts:
            pairs.extend(_readings_in_context(part, texts))
        pairs.extend(_compound_spellings(part, texts))
        if ENGLISH_BY_MEANING and is_english(part.text):
            pairs.extend(_english_spellings(part, texts))
        elif ENGLISH_WORDS_IN_RUSSIAN:
            pairs.extend(_english_spellings(part, texts, plain_only=True))
        if RUSSIAN_BY_MEANING and texts and not is_english(part.text):
            lexical.extend(_russian_neighbours(part, texts, pairs + lexical))
        colloquial = tuple(dict.fromkeys(p for p in lexical if p not in pairs))
        if pairs or colloquial:
            part = replace(part, alternatives=tuple(dict.fromkeys(pairs)), colloquial=colloquial)
        result.append(part)
    return result


CONTEXT_CHOOSES_THE_LEMMA = True
"""Whether a question word whose first pymorphy3 reading is a lemma the run's texts do not use is read as another
of its readings that they do (:func:`agentcore.rag._focus.words.lemmas_in_context`): «еду» is «еда» first, but
«ехать» where the passages speak of going; a word the dictionary does not know is guessed («ретру» →
«ретереть»), and then its own stem, which the texts may share («ретро»), stands for it."""


def _readings_in_context(part: Part, texts: Sequence[str]) -> list[tuple[str, tuple[str, ...]]]:
    """For each subject term of ``part`` the texts do not use, the other readings of the question's word for it
    that they do (:func:`agentcore.rag._focus.words.lemmas_in_context`: «еду» → «ехать», «ретру» as written)."""
    words, stems = vocabulary_of(texts)
    found: list[tuple[str, tuple[str, ...]]] = []
    for word in WORD_RE.findall(part.text):
        term = lemma_of(word)
        if term in part.terms:
            found.extend((term, (reading,)) for reading in lemmas_in_context(word, words, stems))
    return found


ENGLISH_BY_MEANING = True
"""Whether an English part's terms the passages do not hold get the passages' Russian lemmas that translate them
(:func:`agentcore.rag._focus.english.russian_spellings`) as other spellings."""


ENGLISH_LABELS_ARE_NOT_WORDS = True
"""Whether a plain term of an English part (not written as a name or a code) gets the passages' Russian translations
even when some passage writes it in Latin: an English word in a Russian document is a label or a name («Work In
Progress», «Review», «stop starting, start finishing»), not the common word the question uses — «how long can I work
from abroad» asks about «Работать из-за границы можно не более 30 календарных дней», and read as the kanban label
only, «work» was a term another document held, and the sentence was refused as answering another subject."""

ENGLISH_WORDS_IN_RUSSIAN = True
"""Whether the English words of a Russian part («какие у нас core hours?») get the same translations as an English
part's terms: a word the asker borrows names the same thing in the documents' Russian («hours» / «час»).  Only a
word written plainly — a word written as a name or a code («MBA», «PSM», «Outline») names a thing of its own."""


def _english_spellings(
    part: Part, texts: Sequence[str], *, plain_only: bool = False
) -> list[tuple[str, tuple[str, ...]]]:
    """The Russian lemmas of ``texts`` that translate the English terms of ``part`` the texts do not hold
    («version» → «версия»): the same documents' words the query repair gives a Russian spelling of an English term,
    the other way round.  ``plain_only``: not the terms written as a name or a code in the part (a Russian part's
    borrowed names)."""
    if not texts:
        return []
    terms = unspelled(part.terms, texts)
    if not plain_only:
        if ENGLISH_LABELS_ARE_NOT_WORDS:
            # «how long can I work from abroad»: «Work In Progress» in the kanban article is no «работать»
            terms = [t for t in part.terms if t in terms or not names_a_thing(t, part.text)]
        return [(term, spelling_lemmas(spelling)) for term, spelling in russian_spellings(terms, texts)]
    plain = [t for t in terms if not names_a_thing(t, part.text)]
    # A lone English word among Russian ones is often a label the documents write in Latin too («колонка testing»:
    # «Testing» is a column), so only its Russian spelling is it; a borrowed phrase («core hours») is translated.
    phrase = [t for t in plain if in_latin_phrase(t, part.text)]
    alone = [t for t in plain if t not in phrase]
    pairs = russian_spellings(phrase, texts) + russian_spellings(alone, texts, by_meaning=False)
    return [(term, spelling_lemmas(spelling)) for term, spelling in pairs]


def _compound_spellings(part: Part, texts: Sequence[str]) -> list[tuple[str, tuple[str, ...]]]:
    """A compound and its two words written apart spell the same thing: a compound term of the part is found as
    both its words («видеосвязь» in «связь по видео»), and two terms of the part as a compound of the texts that is
    written of them («видео связь» in «с видеосвязью») — never one of them alone (:func:`compound_parts`)."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for term in part.terms:
        parts = compound_parts(term)
        if parts is not None:
            found.append((term, parts))
    elements = tuple(t for t in part.terms if is_compound_element(t))
    if len(part.terms) < 2 or not texts or not elements:
        return found
    words, _ = vocabulary_of(texts)
    for word in sorted(w for w in words if w.startswith(elements)):
        parts = compound_parts(word)
        if parts is None or parts[0] not in part.terms:
            continue
        head = [t for t in part.terms if t != parts[0] and term_matches(t, {parts[1]}, {stem_of(parts[1])})]
        if head:
            lemma = (lemma_of(word),)
            found.extend([(parts[0], lemma), *((t, lemma) for t in head)])
    return found


_REPAIR_VOCABULARIES: dict[tuple[str, ...], Any] = {}


def _repair_vocabulary(texts: tuple[str, ...], vocabulary_class: Any) -> Any:
    found = _REPAIR_VOCABULARIES.get(texts)
    if found is None:
        if len(_REPAIR_VOCABULARIES) > 256:
            _REPAIR_VOCABULARIES.clear()
        found = _REPAIR_VOCABULARIES[texts] = vocabulary_class.of(list(texts))
    return found


RUSSIAN_BY_MEANING = True
"""Whether a Russian term of a part that no word of the run's texts matches (by lemma, stem, derivation, aspect, the
lexicon) gets the texts' lemmas closest to it by the e5 model as other spellings (:func:`_russian_neighbours`):
«переход» / «перейти», «блокнуть» / «блокироваться», «учеба» / «обучение», «выдать» / «выдача».  They count as
the colloquial lexicon's words do — for the term share only; the tests by meaning read the part without them."""

RUSSIAN_WORD_MIN_COSINE = 0.93
"""e5 cosine (``query:`` lemma vs ``query:`` lemma) from which a lemma of the texts stands for a Russian term.
Single-word vectors put a word's co-hyponyms close as well as its derivatives and synonyms: on a probe of general
pairs (not questions) derivatives and synonyms scored 0.85–0.97 («переход» / «перейти» 0.97, «учеба» / «обучение»
0.94, «заявка» / «заявление» 0.94, «утеря» / «потеря» 0.91, «урок» / «занятие» 0.89) and the near misses the
focus check must keep apart up to 0.92 («дизайнер» / «разработчик» 0.92, «суббота» / «воскресенье» 0.92,
«декрет» / «отпуск» 0.91, «немецкий» / «английский» 0.89): the threshold takes only what lies above every near
miss."""
RUSSIAN_WORD_SHARED_BEGINNING = 4
"""… and only a lemma that begins with the same letters as the term (this many): the e5 model confirms a kinship the
letters suggest («заявка» / «заявление», «полный» / «полностью»; two letters past a prefix: «продовой» is no
«продлевать»), it does not stand alone —
single-word vectors also put a hypernym («россия» / «страна» 0.93, «директор» / «руководитель» 0.95), a word of
another sense («труд» / «работа» 0.93: «охрана труда») and an unrelated verb («позвать» / «показывать» 0.96) above
the threshold; on the development splits these made three unanswerable questions answered."""
RUSSIAN_WORD_MAX_SPELLINGS = 2
"""At most this many lemmas (the closest, within :data:`~agentcore.rag._focus.english.WORD_MARGIN` of the best) are
taken for one term."""


def _russian_neighbours(
    part: Part, texts: Sequence[str], known: Sequence[tuple[str, tuple[str, ...]]]
) -> list[tuple[str, tuple[str, ...]]]:
    """The lemmas of ``texts`` closest by meaning to each Cyrillic term of ``part`` that no word of ``texts``
    matches and no other spelling stands for (see :data:`RUSSIAN_BY_MEANING`)."""
    import re

    from agentcore.rag._focus.english import WORD_MARGIN, _neighbours, document_lemmas

    words, stems = vocabulary_of(texts)
    spelled = {term for term, _ in known}
    terms = tuple(
        t
        for t in part.terms
        if re.fullmatch(r"[а-я]{4,}", t) and t not in spelled and not term_matches(t, words, stems)
    )
    if not terms:
        return []
    lemmas = document_lemmas(texts)
    found = _neighbours(terms, lemmas, RUSSIAN_WORD_MIN_COSINE, WORD_MARGIN, RUSSIAN_WORD_MAX_SPELLINGS)
    return [(term, (lemma,)) for term, lemma in found if lemma != term and _shares_a_root_beginning(term, lemma)]


def _shares_a_root_beginning(term: str, lemma: str) -> bool:
    """Whether ``term`` and ``lemma`` begin with the same :data:`RUSSIAN_WORD_SHARED_BEGINNING` letters, two of them
    past a verbal prefix of ``term`` («за-яв-ка» / «за-яв-ление»; not «про-д-овой» / «про-д-левать»)."""
    shared = common_prefix(term, lemma)
    prefix = len(term) - len(unprefixed(term))
    return shared >= RUSSIAN_WORD_SHARED_BEGINNING and shared - prefix >= 2
