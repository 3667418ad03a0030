"""The predicate test of a yes/no part: a supplying sentence speaks to what the part asks, not only to its subject."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from agentcore.rag._facts import normalise_numbers
from agentcore.rag._focus import english_yesno
from agentcore.rag._focus.english import is_english
from agentcore.rag._focus.frames import situation_removed
from agentcore.rag._focus.measures import ceilings_with_figures
from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.vectors import cached_local
from agentcore.rag._focus.words import (
    WORD_RE,
    drop_words,
    is_focus_word,
    is_verb,
    lemma_of,
    vocabulary_of,
)
from agentcore.text.morphology import parses as word_parses
from agentcore.text.morphology import pos_of
from agentcore.text.phrases import read_phrases


def speaks_to(part: Part, sentence: str, heading: str, semantic: float | None, embed: Any | None) -> bool:
    """Whether ``sentence`` itself speaks to what a yes/no ``part`` asks, not only to its subject.

    It does when it holds the part's verb (the predicate: «голосует», «оплачивают») or one of the part's terms
    that its section heading does not already name (the heading names the subject).  A sentence holding none of the
    part's terms does not.  Otherwise (the subject named, the predicate not: «Владелец продукта отвечает за бэклог»
    for «голосует ли владелец продукта») the rest of the part — the predicate and object it does not repeat — must
    draw the question towards the sentence (e5, as for a noun no passage uses): the sentence is at least as close to
    the whole part as to the part without those words («Подменный ноутбук выдаётся …» for «ноут сдох, дадут ли
    временный»).  A sentence that only names the subject («Полис ДМС получают все сотрудники
    …» for «чистку зубов по ДМС оплачивают?») says neither yes nor no.  Without a model (or ``semantic`` ``None``)
    the word test alone decides.  A part of one term asks nothing besides it."""
    if len(part.terms) < 2:
        return True
    words, stems = vocabulary_of([sentence])
    held = [t for t in part.terms if part_matches(part, t, words, stems)]
    verbs = [t for t in part.terms if is_verb(t)]
    heading_words, heading_stems = vocabulary_of([heading])
    beyond = [t for t in held if not part_matches(part, t, heading_words, heading_stems)]
    if any(t in held for t in verbs) or beyond:
        return True
    if semantic is None or not held:
        return False
    without = drop_words(part.text, [t for t in part.terms if t not in held])
    if not without.strip() or without == part.text:
        return False
    try:
        if embed is None:
            embed = cached_local
        queries = embed([part.text, without], "query")
        vector = embed([sentence], "passage")[0]
    except Exception:  # no local model: the word test stands
        return False
    return float(queries[0] @ vector) >= float(queries[1] @ vector)


YESNO_SUBJECT_IN_SENTENCE = True
"""Whether a yes/no part needs only its subject (:func:`yesno_subject`) in the supplying sentence itself (with its
heading and the sentence before): its other nouns may be named by the section's title or the document's opening
(«на ретро можно позвать директора» — «ретро» is the section's), and a figure of the question is compared with the
rule's figure the sentence states (:func:`compares_figure`) instead of being required verbatim.  Without a subject
read by morphology every noun of the part is required, as before."""


def yesno_subject(part: Part) -> tuple[str, ...]:
    """The subject of a yes/no part: its nouns in a direct case — a reading in the nominative or the accusative —
    that no preposition governs («бизнес класс оплатят?» → бизнес, класс; «до владивостока», «на ретро», «в
    велосити» are circumstances), and its Latin names outside a prepositional phrase («PO голосует в planning
    poker» → po).  Figures are compared, not named (:func:`compares_figure`).  With
    :data:`SUBJECT_FROM_THE_MAIN_CLAUSE` the nouns of a situation clause («если чек потерял», «когда я на дежурстве»)
    are no subject (:func:`situation_terms`)."""
    if ENGLISH_SUBJECT_BY_WORD_ORDER and is_english(part.text):
        return english_yesno.yesno_subject(part.text, part.terms)
    main = _main_clause(part)
    subject = _yesno_subject(main, part.terms) if main is not None else ()
    return subject or _yesno_subject(part.text, part.terms)


def _english_predicate(part: Part, term: str) -> bool:
    """Whether ``term`` is a verb or a predicative participle of an English yes/no part (:func:`agentcore.rag._focus.
    english_yesno.predicate_words`: «can I *bring* my dog», «is my laptop *taxed*»): a term, as a Russian verb is —
    the part's share and :func:`speaks_to` weigh it — but no noun the sentence or its context must name (every Latin
    word reads as a noun to :func:`~agentcore.rag._focus.words.is_focus_word`)."""
    return ENGLISH_SUBJECT_BY_WORD_ORDER and is_english(part.text) and term in english_yesno.predicate_words(part.text)


ENGLISH_SUBJECT_BY_WORD_ORDER = True
"""Whether an English yes/no's subject is read by English word order (:func:`agentcore.rag._focus.english_yesno.
yesno_subject`: the head of each noun phrase no preposition governs — «is my work laptop taxed» → laptop) instead of
by Russian morphology, which read every Latin word outside a Russian prepositional phrase as a subject noun («work»,
«laptop», «taxed»; «laptop», «home» of «can I take the laptop home»); its verbs and predicative participles are
no nouns :func:`supplies_the_yesno` requires (:func:`_english_predicate`)."""


def _main_clause(part: Part) -> str | None:
    """The part without its situation clauses (:func:`agentcore.rag._focus.frames.situation_removed`), or ``None``
    when it has none (or :data:`SUBJECT_FROM_THE_MAIN_CLAUSE` is off)."""
    if not SUBJECT_FROM_THE_MAIN_CLAUSE:
        return None
    main = situation_removed(part.text)
    return main if main != part.text else None


def situation_terms(part: Part) -> tuple[str, ...]:
    """The terms only a situation clause of the yes/no part names, when its main clause names a subject
    (:func:`yesno_subject`): «чек», «потерять» of «возместят такси после 22, если чек потерял».  They are the
    question's context, not what the answering sentence must hold."""
    main = _main_clause(part)
    if main is None or not _yesno_subject(main, part.terms):
        return ()
    words, stems = vocabulary_of([main])
    return tuple(t for t in part.terms if not part_matches(part, t, words, stems))


SUBJECT_FROM_THE_MAIN_CLAUSE = True
"""Whether a yes/no's subject is read from its main clause only (:func:`yesno_subject`): «возместят такси после 22,
если чек потерял» asks about «такси»; «чек» is the situation (:func:`situation_terms`), which the supplying
sentence need not name (the taxi rule does not; another sentence says «Без чека расход не компенсируется»).  A
sentence contradicting the situation is still rejected by the
conditions rules (:mod:`agentcore.rag._focus.conditions`, :mod:`agentcore.rag._focus.frames`).  A part whose main
clause names no subject (the whole question one unpunctuated «если …») keeps the whole part's reading."""


@lru_cache(maxsize=4096)
def _yesno_subject(text: str, terms: tuple[str, ...]) -> tuple[str, ...]:
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None:
        return ()
    found: list[str] = []
    governed = False  # a preposition governs the next noun, and the modifiers before it
    for word in WORD_RE.findall(text):
        low = word.lower().replace("ё", "е")
        if low.isdigit():
            governed = False
            continue
        if re.fullmatch(r"[a-z][a-z0-9-]*", low):
            if not governed and low in terms:
                found.append(low)
            continue  # a Latin phrase after a preposition («в planning poker») stays governed
        parses = word_parses(low)
        pos = pos_of(low)
        if pos == "PREP":
            governed = True
            continue
        if pos in ("ADJF", "PRTF", "NPRO", "ADJS", "NUMR", "Anum"):
            continue  # a modifier or a pronoun between the preposition and its noun
        if pos == "NOUN":
            lemma = parses[0].normal_form.replace("ё", "е")
            direct = any(("nomn" in p.tag or "accs" in p.tag) and "NOUN" in p.tag for p in parses)
            if not governed and direct and lemma in terms:
                found.append(lemma)
            governed = False
            continue
        governed = False
    return tuple(dict.fromkeys(found))


_PLACING_PREPOSITIONS = frozenset({"в", "во", "на"})


def noun_attributes(part: Part) -> dict[str, tuple[str, ...]]:
    """Per noun of the part, the terms (nouns and their modifiers) of the prepositional phrases that follow it as its
    attribute — that say which kind of it the part means: «отпуск по уходу за ребёнком» → {отпуск: (уход, ребёнок)},
    «скорость у VPN» → {скорость: (vpn,)}, «телефон с рабочей почтой» → {телефон: (рабочий, почта)}.  A chain of
    phrases belongs to the first noun; a verb, an adverb, a conjunction or a punctuation mark ends it («новичку с
    какого числа начнёт …»: «числа» is no term), and so does «в / во / на», which places the act rather than names a
    kind («лимит на такси в командировке»: the trip is the circumstance).  Only the part's terms count."""
    return dict(_noun_attributes(part.text, part.terms))


@lru_cache(maxsize=4096)
def _noun_attributes(text: str, terms: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    from agentcore.text.morphology import morph_analyzer

    if morph_analyzer() is None:
        return ()
    found: dict[str, list[str]] = {}
    head = ""  # the noun the phrase being read is an attribute of
    after_preposition = False
    for token in re.findall(r"[A-Za-zА-Яа-яЁё0-9][\w-]*|[^\w\s]", text):
        low = token.lower().replace("ё", "е")
        if not re.match(r"\w", low):
            head, after_preposition = "", False  # a comma, a dash: another phrase
            continue
        if re.fullmatch(r"[a-z][a-z0-9-]*", low):
            pos, lemma = "NOUN", low
        else:
            pos, lemma = pos_of(low), word_parses(low)[0].normal_form.replace("ё", "е")
        if pos == "PREP":
            # «в / во / на» place the act (a circumstance: «такси в командировке»), the others name the noun's kind
            after_preposition = bool(head) and low not in _PLACING_PREPOSITIONS
            if low in _PLACING_PREPOSITIONS:
                head = ""
            continue
        if pos in ("ADJF", "PRTF", "NUMR", "Anum") or low.isdigit():
            if after_preposition and head and lemma in terms:
                found.setdefault(head, []).append(lemma)  # a modifier inside the phrase («на критическую заявку»)
            continue
        if pos == "NOUN":
            if after_preposition and head:
                if lemma in terms:
                    found.setdefault(head, []).append(lemma)
            elif lemma in terms:
                head = lemma
            after_preposition = False
            continue
        head, after_preposition = "", False
    return tuple((h, tuple(dict.fromkeys(a))) for h, a in found.items())


_BOUND_FIGURE_RE = re.compile(
    r"\b(?:не\s+)?(?:более|больше|менее|меньше|дольше|короче|длиннее|позднее|раньше|выше|ниже|свыше|до|от|"
    r"максимум|минимум|в\s+течение|в\s+пределах|превыша\w*)\s+(?:чем\s+)?(?:(?:на|за|в)\s+)?(?P<figure>\d[\d\s\u00a0]*\d|\d)"
    r"(?:\s*[-–]\s*\d+)?\s*(?P<unit>[%₽]|[A-Za-zА-Яа-яЁё-]+(?:\s+[A-Za-zА-Яа-яЁё-]+)?)?",
    re.I,
)
"""A figure the sentence states as a limit («дольше 6 часов», «до 3000 ₽», «не менее 14 календарных дней»), or as
the threshold after which a rule holds («право на первый отпуск появляется через 6 месяцев работы», «после 5
неверных попыток»: :data:`THRESHOLDS_ARE_LIMITS`); «в течение 12 месяцев» states the span a rule holds for; «в
пределах 5000 рублей» is a ceiling, as «до 5000 рублей» is (and «в пределах месяца» one of one month:
:func:`_limits`)."""

_THRESHOLD_FIGURE_RE = re.compile(
    _BOUND_FIGURE_RE.pattern.replace("превыша\\w*)", "превыша\\w*|через|после|спустя)"), re.I
)


def _limits(sentence: str) -> list[re.Match[str]]:
    """The figures ``sentence`` states as a limit (:data:`_BOUND_FIGURE_RE`, and with :data:`THRESHOLDS_ARE_LIMITS`
    a threshold)."""
    pattern = _THRESHOLD_FIGURE_RE if THRESHOLDS_ARE_LIMITS else _BOUND_FIGURE_RE
    # «в пределах месяца»: the ceiling of one month (measures.CEILINGS_OF_ONE_UNIT)
    text = ceilings_with_figures(sentence)
    return list(pattern.finditer(normalise_numbers(text) if AMOUNT_WORDS_ARE_FIGURES else text))


AMOUNT_WORDS_ARE_FIGURES = True
"""Whether a word that is an amount by itself — «полгода» (6 months), «полчаса», «сутки», read by the claim guard's
number reading (:func:`agentcore.rag._facts.normalise_numbers`) — is a figure with its unit: in a yes/no part it is
compared with the limit a sentence states in the same measure («уволюсь через полгода …» with «в течение 12
месяцев»), not required as a noun, and a sentence's «не дольше полугода»-like limit is read as a figure too."""


THRESHOLDS_ARE_LIMITS = True
"""Whether «через / после / спустя N» is a limit a yes/no's figure is compared with: «я работаю 4 месяца, мне уже
положен отпуск?» is answered by «Право на первый отпуск появляется через 6 месяцев работы» (the answer shows the
rule, whichever side of it 4 falls) — before, the question's «4» was a noun the sentence lacked."""

_DAY_KIND_RE = re.compile(r"(?:календарн|рабоч)\w*\s+", re.I)


def _unit_of(words: str) -> str | None:
    """The lemma of the unit that follows a figure («часов» → час, «₽» → рубль), or ``None`` for none."""
    found = re.match(r"[%₽]|[A-Za-zА-Яа-яЁё-]+", _DAY_KIND_RE.sub("", words.strip()))
    first = found.group() if found else ""
    if first in ("₽", "р", "руб"):
        return "рубль"
    if first == "%":
        return "процент"
    if not first or not is_focus_word(lemma_of(first.lower())):
        return None
    return lemma_of(first.lower())


_MEASURES = {
    **dict.fromkeys(("секунда", "минута", "час"), "clock"),
    **dict.fromkeys(("день", "сутки", "неделя", "месяц", "полгода", "год"), "calendar"),
    **dict.fromkeys(("рубль", "тысяча", "тыща", "косарь"), "money"),
}
"""The units a figure is said in, by what they measure: «3 недели» and «14 календарных дней» are the same kind of
quantity (a calendar span), so a question's «3 недели» is compared with a rule's «не более 14 календарных дней»; a
clock span («6 часов») is another («лечу 7 дней» is not compared with it)."""

FIGURE_UNITS_ARE_COMPARED = True
"""Whether the unit noun of a figure in a yes/no part («на 3 недели», «на три недели», «2 тыщи») is read with its
figure — compared with the limit the sentence states in a unit of the same measure (:func:`compares_unit`) — rather
than required as a noun of the sentence: the rule says «14 календарных дней», not «недели»."""


def _same_measure(asked: str | None, stated: str | None) -> bool:
    """Whether units ``asked`` and ``stated`` measure the same thing (the same unit, or both of one kind in
    :data:`_MEASURES`); a figure asked without a unit takes any."""
    if asked is None or asked == stated:
        return True
    if AMOUNT_WORDS_ARE_FIGURES and asked not in _MEASURES and _amount_word(asked):
        asked = _unit_of(normalise_numbers(asked).split()[-1]) or asked  # «полчаса» → минута
    return stated is not None and _MEASURES.get(asked) is not None and _MEASURES.get(asked) == _MEASURES.get(stated)


def figure_units(part: Part) -> tuple[str, ...]:
    """The part's terms that are the unit of a figure it gives: the measure noun right after a number written in
    digits or in words, an adjective between them allowed («на 3 недели», «три недели», «2 тыщи», «на две
    календарные недели»)."""
    return _figure_units(part.text, part.terms)


@lru_cache(maxsize=4096)
def _figure_units(text: str, terms: tuple[str, ...]) -> tuple[str, ...]:
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    found: list[str] = []
    after_figure = False
    # «в пределах месяца»: a ceiling of one month, its unit compared as a figure's (measures.CEILINGS_OF_ONE_UNIT)
    for word in WORD_RE.findall(ceilings_with_figures(text)):
        low = word.lower().replace("ё", "е")
        if low.isdigit():
            after_figure = True
            continue
        if AMOUNT_WORDS_ARE_FIGURES and low in terms and _amount_word(low):
            found.append(low)  # «полгода», «сутки»: a figure and its unit in one word
            after_figure = False
            continue
        pos = pos_of(low) if morph is not None and re.fullmatch(r"[а-я-]+", low) else ""
        if pos == "NUMR":
            after_figure = True
            continue
        if after_figure and pos in ("ADJF", "PRTF"):
            continue
        if after_figure:
            lemma = lemma_of(low)
            if lemma in _MEASURES and lemma in terms:
                found.append(lemma)
        after_figure = False
    return tuple(dict.fromkeys(found))


def _amount_word(word: str) -> bool:
    """Whether ``word`` alone is an amount of a measure: the guard's number reading turns it into a figure with a
    unit of :data:`_MEASURES` («полгода» → «6 месяцев», «сутки» → «1 день»)."""
    read = re.fullmatch(r"\d+(?:[.,]\d+)?\s+(\S+)", normalise_numbers(word))
    return read is not None and _unit_of(read.group(1)) in _MEASURES


def compares_unit(part: Part, term: str, sentence: str) -> bool:
    """Whether ``term``, the unit of a figure of the part (:func:`figure_units`), is compared with a limit
    ``sentence`` states in a unit of the same measure («на 3 недели» with «не более чем на 14 календарных дней»)."""
    if not FIGURE_UNITS_ARE_COMPARED or term not in figure_units(part):
        return False
    return any(_same_measure(term, _unit_of(m.group("unit") or "")) for m in _limits(sentence))


def compares_figure(part: Part, term: str, sentence: str) -> bool:
    """Whether ``sentence`` states a limit that the figure ``term`` of a yes/no part is compared with: «лететь 7
    часов, бизнес класс оплатят?» is answered by «Бизнес-класс допускается для перелётов дольше 6 часов» (the
    answer shows the rule, whichever side of it 7 falls), «отпуск 10 дней» by «… не менее 14 календарных дней».
    The limit's unit must be the question figure's when the question gives one (a bare «за 1200» takes any)."""
    if not term.isdigit():
        return False
    asked = [m for m in re.finditer(rf"(?<!\d){term}(?!\d)\s*(\S+(?:\s+\S+)?)?", part.text)]
    units = {_unit_of(m.group(1) or "") for m in asked} or {None}
    for m in _limits(sentence):
        stated = _unit_of(m.group("unit") or "")
        if None in units or stated in units:
            return True
        if FIGURE_UNITS_ARE_COMPARED and any(_same_measure(unit, stated) for unit in units):
            return True
    return False


def names_the_subject(part: Part, texts: Sequence[str]) -> bool:
    """Whether ``texts`` (a sentence with its heading and context) name every noun of the yes/no part's subject
    (:func:`yesno_subject`); a part without a subject read by morphology is named by any text."""
    subject = yesno_subject(part)
    if not subject:
        return True
    words, stems = vocabulary_of(texts)
    return all(part_matches(part, t, words, stems) for t in subject)


def supplies_the_yesno(part: Part, texts: Sequence[str], context: Sequence[str]) -> bool:
    """Whether a yes/no part is supplied by ``texts`` (the sentence, its heading, the sentence before): every noun of
    :func:`yesno_subject` is in them, every other noun is in them or in ``context`` (the section's title, the
    document's opening), and a figure is in them or compared (:func:`compares_figure`, with ``texts[0]``, the
    sentence).  A noun only the part's situation clause names is not required (:func:`situation_terms`), nor one
    heading a prepositional phrase the sentence words otherwise (:func:`rewords_the_phrase`).  Without a subject
    every other noun must be in ``texts``."""
    words, stems = vocabulary_of(texts)
    subject = yesno_subject(part)
    nouns = [t for t in part.terms if is_focus_word(t) and not _english_predicate(part, t)]
    if not subject:
        return all(
            part_matches(part, t, words, stems)
            or compares_unit(part, t, texts[0])
            or rewords_the_phrase(part, t, texts[0])
            for t in nouns
        )
    wider = vocabulary_of([*texts, *context])
    situation = situation_terms(part)
    for t in nouns:
        if t in situation:
            continue  # the question's situation, not what the answer must name
        if part_matches(part, t, words, stems) or compares_unit(part, t, texts[0]):
            continue
        if t in subject:
            return False
        if t.isdigit():
            if not compares_figure(part, t, texts[0]):
                return False
        elif not part_matches(part, t, *wider) and not rewords_the_phrase(part, t, texts[0]):
            return False
    return True


PHRASES_MAY_BE_REWORDED = True
"""Whether a noun of a prepositional phrase of a yes/no part («без звонка на пульт») may be missing from a sentence
that words the same phrase otherwise — the same preposition governing another noun of the part's phrase with a noun
of its own in place of the missing one («без направления пульта»): :func:`rewords_the_phrase`.  The phrase is the
part's circumstance, said in the documents' words; its preposition and its other noun keep the case the same."""


def rewords_the_phrase(part: Part, term: str, sentence: str) -> bool:
    """Whether ``sentence`` words the prepositional phrase the noun ``term`` heads in the part in other words: a
    phrase of the sentence opened by the same preposition is headed by a noun that is no term of the part (the
    sentence's word in ``term``'s place) and holds another noun of the part's phrase — «пошла в клинику без звонка
    на пульт» / «Если вы обратились в клинику без направления пульта …».  ``term`` must head its phrase (the first
    noun after the preposition): a noun of a phrase nested in it names the kind of the head («во время отпуска за
    свой счёт»: «счёт» heads «за свой счёт», which the sentence «во время ежегодного отпуска» does not word at all).
    A phrase sharing only a modifier («для рабочих доков» / «для рабочих встреч») or only the preposition is no
    rewording, nor is a term outside any prepositional phrase (the subject must be named)."""
    if not PHRASES_MAY_BE_REWORDED:
        return False
    own = [(prep, lemmas) for prep, lemmas in _phrases(part.text) if lemmas[0] == term]
    if not own:
        return False
    sentence_phrases = _phrases(sentence)
    for prep, lemmas in own:
        others = [x for x in lemmas[1:] if x != term and x in part.terms]
        for their_prep, theirs in sentence_phrases:
            if their_prep != prep or _holds_a_term(part, theirs[0]):
                continue
            words, stems = vocabulary_of([" ".join(theirs[1:])])
            if any(part_matches(part, x, words, stems) for x in others):
                return True
    return False


def _holds_a_term(part: Part, lemma: str) -> bool:
    """Whether ``lemma`` is a spelling of one of the part's terms."""
    words, stems = vocabulary_of([lemma])
    return any(part_matches(part, t, words, stems) for t in part.terms)


@lru_cache(maxsize=4096)
def _phrases(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The prepositional phrases of ``text`` (:func:`agentcore.text.phrases.read_phrases`): per preposition that
    governs a noun, the lemmas of its nouns with those of the phrases nested in it («без звонка на пульт» → (без,
    (звонок, пульт)), (на, (пульт,))); a word that may be a modifier followed by another word of the phrase is its
    modifier, no noun of it («для рабочих доков» → (для, (док,)))."""
    reading = read_phrases(text)
    return tuple(
        (p.preposition, tuple(lemma_of(reading.tokens[k].word) for k in p.nouns)) for p in reading.phrases if p.nouns
    )


def held_share(part: Part, texts: Sequence[str]) -> float:
    """The share of a yes/no part's terms ``texts`` hold, a figure compared with the limit the first of them states
    (:func:`compares_figure`) counting as held; a term only its situation clause names (:func:`situation_terms`)
    is counted when held and left out when not (context, not a requirement)."""
    if not part.terms:
        return 1.0
    words, stems = vocabulary_of(texts)
    held = {
        t: part_matches(part, t, words, stems)
        or (bool(texts) and (compares_figure(part, t, texts[0]) or compares_unit(part, t, texts[0])))
        for t in part.terms
    }
    situation = situation_terms(part)
    counted = [t for t in part.terms if held[t] or t not in situation]
    return sum(held[t] for t in counted) / len(counted) if counted else 1.0


DOER_STAYS_THE_DOER = True
"""Whether a yes/no asking whether a thing does an act («техподдержка может попросить код 2FA?») is supplied only by a
sentence naming that thing as a doer — in the nominative, or in the instrumental of a passive («код запрашивается
техподдержкой») — not by one that names it only as an object or a place («попросите техподдержку перепривязать 2FA»,
«позвоните в техподдержку»): such a sentence says what the reader does with it, not what it does
(:func:`reverses_the_roles`)."""


def reverses_the_roles(part: Part, sentence: str) -> bool:
    """Whether ``sentence`` names the doer of the yes/no ``part``'s act — a subject noun (:func:`yesno_subject`) that
    stands in the nominative before the part's verb — only in another case than the nominative or the instrumental
    (:data:`DOER_STAYS_THE_DOER`).  A noun whose nominative and accusative are alike in the question («отдел») is
    never read as a doer: its case is not told by its form."""
    if not DOER_STAYS_THE_DOER or is_english(part.text):
        return False
    verbs = [t for t in part.terms if is_verb(t)]
    written = [w.lower().replace("ё", "е") for w in WORD_RE.findall(part.text)]
    verb = next((k for k, w in enumerate(written) if lemma_of(w) in verbs), None)
    if verb is None:
        return False
    sentence_words = [w.lower().replace("ё", "е") for w in WORD_RE.findall(sentence)]
    for noun in yesno_subject(part):
        doer = next((k for k, w in enumerate(written) if lemma_of(w) == noun and _nominative_only(w)), None)
        if doer is None or doer > verb:
            continue
        forms = [w for w in sentence_words if lemma_of(w) == noun]
        if forms and not any(_may_be_a_doer(w) for w in forms):
            return True
    return False


def _nominative_only(word: str) -> bool:
    """Whether ``word``'s readings as its first lemma are nominative and none accusative (an animate noun, a feminine
    one in «-а»): «техподдержка», «руководитель», not «отдел»."""
    readings = [p for p in word_parses(word) if p.normal_form == word_parses(word)[0].normal_form]
    cases = {str(p.tag.case) for p in readings if p.tag.case}
    return "nomn" in cases and "accs" not in cases


def _may_be_a_doer(word: str) -> bool:
    """Whether one of ``word``'s readings is nominative or instrumental (the doer of a passive)."""
    return any(p.tag.case in ("nomn", "ablt") for p in word_parses(word))
