"""Suppliers: whether one sentence gives what a part asks for by something the question does not already say, and
how the supplying sentences rank (term share, strength of the value, generality of the rule)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentcore.rag._focus.english import is_english
from agentcore.rag._focus.english import measure_of as english_measure
from agentcore.rag._focus.figures import (
    _CARDINAL,
    AGE_RE,
    CLOCK_RE,
    DURATION_RE,
    PERSONAL_NAME_RE,
    PHONE_RE,
    holds_attribute,
    holds_measure,
    opposite_bound,
)
from agentcore.rag._focus.measures import COUNT_FORM, MEASURE_MUST_MATCH, measure_asked
from agentcore.rag._focus.names import names_near
from agentcore.rag._focus.owner import owns_lasting
from agentcore.rag._focus.parts import Asks, Part, term_share
from agentcore.rag._focus.thresholds import FOCUS_MIN_COVERAGE
from agentcore.rag._focus.values import gives_asked
from agentcore.rag._focus.words import WORD_RE, lemma_of, stem_of, vocabulary_of
from agentcore.rag._focus.yesno import names_the_subject


def best_supplier(
    part: Part, question: str, candidates: Sequence[tuple[str, str]], min_coverage: float = FOCUS_MIN_COVERAGE
) -> int | None:
    """The candidate sentence that supplies what ``part`` asks for (see :func:`check_focus`), or ``None``.

    ``candidates`` are ``(sentence, heading of its section)`` in the searcher's order: the one holding most of the
    part's subject terms wins, the earlier on a tie.  Only for parts that ask for a value (:data:`SLOT_ASKS`).
    """
    found = supplier_scores(part, question, candidates)
    best = max(found.items(), key=lambda item: (item[1], -item[0]), default=None)
    return None if best is None or best[1][0] < min_coverage else best[0]


def supplier_scores(
    part: Part, question: str, candidates: Sequence[tuple[str, str]]
) -> dict[int, tuple[float, int, int]]:
    """For each candidate ``(sentence, heading)`` that gives the value ``part`` asks for: ``(share of the part's
    subject terms it holds, strength of the value, generality)`` — a clock time or a date is a stronger answer to
    «когда» than a duration, a name or an address a stronger answer to «какой сервис» than a role; on a tie, the
    general rule answers a question that names no case before a rule for a case the question does not name
    («Летом … не более 14 календарных дней», «Более длинный летний отпуск согласуется с директором»)."""
    if part.asks not in SLOT_ASKS:
        return {}
    found: dict[int, tuple[float, int, int]] = {}
    general = not _CASE_RE.search(part.text)
    asked = vocabulary_of([part.text, question])
    yesno = part.asks == "yesno" and YESNO_SUPPLIER_NAMES_THE_SUBJECT
    for index, (sentence, heading) in enumerate(candidates):
        if supplies_asked(part.asks, sentence, question, part) and owns_lasting(part, [sentence, heading]):
            case = general and bool(_CASE_RE.search(sentence))
            generality = int(not case)
            if SECTION_NAMES_A_CASE:
                generality += int(_states_the_general_rule(heading, asked))
            if yesno:
                strength = int(names_the_subject(part, [sentence, heading]))
            else:
                strength = supply_strength(part.asks, sentence)
            found[index] = (term_share(part, [sentence, heading]), strength, generality)
    return found


YESNO_SUPPLIER_NAMES_THE_SUBJECT = True
"""Whether, of two sentences holding as many of a yes/no part's terms, the one that (with its heading and context)
names the part's subject — the thing the yes/no is about (:func:`agentcore.rag._focus.yesno.names_the_subject`) —
is the stronger supplier: the focus check rejects the other
(:func:`agentcore.rag._focus.value_rules.holds_the_yesno_nouns`), so a quoted sentence sharing as many words with
the question but speaking of another thing («Не покрываются … протезирование зубов …» for «имплантацию зубов дмс
покрывает?») must not keep the sentence that names it («Протезирование и имплантация не входят») out of the
answer.  A sentence that does not name it still supplies the part when none does (it may word the subject
otherwise: «без больничного листа» for «нужна ли справка»)."""


SECTION_NAMES_A_CASE = True
"""Whether, on a tie, a supplier from the opening of a document the question names, or from a section every word of
whose title the question says, ranks above one from a section whose title names something the question does not
(«Отпуск без сохранения зарплаты», «Летний период», «Неиспользованные дни»): the general rule is stated in the
opening («ежегодный оплачиваемый отпуск составляет 28 календарных дней»), a titled section states the rule for its
case («до 5 календарных дней отпуска без сохранения»).  Another document's opening gains nothing (the stand-up's
«стендап начинается в 10:15» is no general rule of the working day)."""


def _states_the_general_rule(heading: str, asked: tuple[set[str], set[str]]) -> bool:
    """Whether ``heading`` (its first line: «Document — Section») is the opening of a document whose title shares a
    word with the question, or a section whose title's words the question all says (``asked``: the question's words
    and stems)."""
    from agentcore.rag._focus.parts import subject_terms
    from agentcore.rag._focus.words import term_matches

    words, stems = asked
    title = heading.split("\n", 1)[0]
    if " — " not in title:
        return any(term_matches(term, words, stems) for term in subject_terms(title))
    section = title.split(" — ", 1)[1]
    terms = subject_terms(section)
    return bool(terms) and all(term_matches(term, words, stems) for term in terms)


_CASE_RE = re.compile(
    r"^\s*(?:если|при|кроме|летом|зимой|весной|осенью)\b|\b(?:летн|зимн)\w*|\bв этот период|\bболее длинн\w*|"
    r"\bза (?:рубежом|границей)|\bзарубежн\w*",
    re.I,
)
"""A sentence stating a rule for a case: a condition, a season, a trip abroad, a longer one."""


_STRONG = {
    "number": re.compile(r"\d"),  # a figure, not «ежегодно» or «каждый»
    "time": re.compile(
        r"\d{1,2}[:.]\d{2}|\d+(?:-?го)?\s+(?:числ|январ|феврал|март|апрел|ма[йя]|июн|июл|август|"
        r"сентябр|октябр|ноябр|декабр)|понедельник|вторник|сред[аыу]\b|четверг|пятниц",
        re.I,
    ),
    "service": re.compile(r"«[^»]+»|\b[A-Za-z][A-Za-z0-9.@_-]{2,}|@\w+|\b\d{3,4}\b"),
}


def supply_strength(asks: Asks, sentence: str) -> int:
    pattern = _STRONG.get(asks)
    return int(bool(pattern and pattern.search(sentence)))


SLOT_ASKS: frozenset[Asks] = frozenset({"number", "time", "person", "service", "name", "yesno"})
"""What a part asks for that one sentence must supply (a value, or the subject a yes/no is about)."""


def supplies_asked(asks: Asks, sentence: str, question: str, part: Part | str = "") -> bool:
    """Whether ``sentence`` gives what a part asks for by something the question does not already say: a number
    the question does not hold («кто оплачивает первые 3 дня» is no count of 3); a person or service the question
    does not name («кто наш генеральный директор» is not answered by «генеральный директор проводит …»), in any of
    its spellings («какой впн» is not answered by a sentence that only says «VPN»)."""
    part_text = part.text if isinstance(part, Part) else part
    if isinstance(part, Part) and part.alternatives:
        question = " ".join([question, *(w for _, lemmas in part.alternatives for w in lemmas)])
    if isinstance(part, Part) and part.asks == "person" and part.colloquial and PERSONS_NAMED_COLLOQUIALLY_ARE_OWN:
        question = " ".join([question, *(w for _, lemmas in part.colloquial for w in lemmas)])
    blanked = _without_question_words(sentence, question, numbers_only=asks in ("number", "time"))
    if asks == "name" and _ASKS_PERSONAL_NAME_RE.search(part_text or question):
        # «как зовут директора»: a person's name («Иван Петров», «И. Петров»), not a role or a product
        return bool(PERSONAL_NAME_RE.search(re.sub(r"«[^»]*»", " ", blanked)))
    if asks == "name" and _ASKS_PROPER_NAME_RE.search(part_text or question):
        # «как называется школа», «какая модель монитора»: a proper name — a figure («27"», «50%») names nothing
        blanked = re.sub(r"\d+(?:[.,:]\d+)?\S*", lambda m: " " * len(m.group()), blanked)
    if asks in ("service", "name") and _ASKS_PHONE_RE.search(part_text or question):
        # «какой номер техподдержки», «по какому телефону»: a phone number, not a portal or a role
        return bool(PHONE_RE.search(blanked))
    if asks == "name" and isinstance(part, Part):
        return names_near(part, sentence, blanked)
    if asks == "time" and _ASKS_CLOCK_RE.search(part_text or question):
        # «в какие часы», «часы работы»: a clock time, not a duration («4 часа» is no opening hour)
        return bool(CLOCK_RE.search(blanked))
    if _ASKS_AGE_RE.search(part_text or question):
        # «до скольки лет», «с какого возраста»: an age, a figure of years («до 18 лет»), not any figure or time
        return bool(AGE_RE.search(blanked))
    if asks == "number" and _ASKS_DURATION_RE.search(part_text or question):
        # «как быстро / как долго»: a span of time, not any figure («Телефон 1111» is no reaction time)
        return bool(DURATION_RE.search(blanked))
    if asks == "number" and MEASURE_MUST_MATCH and opposite_bound(part_text or question, blanked):
        return False
    if asks == "number" and MEASURE_MUST_MATCH and not holds_attribute(part_text or question, blanked):
        return False
    if asks == "number" and MEASURE_MUST_MATCH:
        english = isinstance(part, Part) and is_english(part.text)
        measure = english_measure(part) if english else measure_asked(part_text or question)
        if measure is not None:
            return holds_measure(measure, blanked, part if isinstance(part, Part) else None)
    return gives_asked(asks, blanked, part_text or question)


PERSONS_NAMED_COLLOQUIALLY_ARE_OWN = True
"""Whether a person the question names in a colloquial word is the question's own in the documents' words too
(the lexicon's spelling: «гендиректор» → «генеральный директор»): «кто проводит welcome-встречу если гендиректор в
отпуске» is not answered by «генеральный директор проводит welcome-встречу», as «кто наш генеральный директор» is
not."""


_ASKS_PHONE_RE = re.compile(r"\bномер\w*(?!\s+(?:заявк|тикет|ЭЛН|больничн|договор|карт|счет|счёт))|\bтелефон\w*", re.I)


_ASKS_PERSONAL_NAME_RE = re.compile(r"\bкак\s+(?:его|её|ее|их)?\s*(?:зовут|звать)\b|\bфамили\w*|\bимя\b|\bфио\b", re.I)


_ASKS_PROPER_NAME_RE = re.compile(r"\bкак\s+называ\w*|\bмодел\w*|\bмарк[аиуе]\b|\bназвани\w*", re.I)


_ASKS_CLOCK_RE = re.compile(
    rf"в как(?:ие|ое) (?:часы|время)|\bчасы работы|\bрежим работы|\bграфик работы|со (?!{COUNT_FORM})скольки|"
    r"до котор\w+ час|в котором часу|во сколько (?:начина|заканчива|открыва|закрыва|работа|приходи|проходит)",
    re.I,
)


_ASKS_AGE_RE = re.compile(r"\b(?:до|с|со|после)\s+скольк\w*\s+лет\b|\bсколько\s+лет\b|какого\s+возраста", re.I)


_ASKS_DURATION_RE = re.compile(r"\bкак\s+(?:быстро|долго|скоро)\b|за какое время|в течение какого", re.I)


QUESTION_NUMERALS_ARE_ITS_OWN = True
"""Whether a figure written as a word that the question says too — in any case or gender: «в одной истории» /
«одна подзадача», «у одного владельца» / «одна из трёх» — is the question's own number and supplies no count, as a
figure in digits the question holds does not («кто оплачивает первые 3 дня»)."""

_CARDINAL_WORD_RE = re.compile(rf"{_CARDINAL}", re.I)


def _cardinals(text: str) -> set[str]:
    """The lemmas of the figures ``text`` writes as words («одной» → «один», «двумя» → «два»)."""
    return {lemma_of(w.lower()) for w in WORD_RE.findall(text) if _CARDINAL_WORD_RE.fullmatch(w)}


def _without_question_words(sentence: str, question: str, *, numbers_only: bool = False) -> str:
    """``sentence`` with the numbers of ``question`` blanked out — in digits, or as words in any form
    (:data:`QUESTION_NUMERALS_ARE_ITS_OWN`) — and (unless ``numbers_only``) its words too (same lemma or stem)."""
    q_words, q_stems = vocabulary_of([question])
    q_cardinals = _cardinals(question) if QUESTION_NUMERALS_ARE_ITS_OWN else set()

    def blank(match: re.Match[str]) -> str:
        word = match.group().lower().replace("ё", "е")
        if word.isdigit():
            return " " * len(word) if word in q_words else match.group()
        if q_cardinals and _CARDINAL_WORD_RE.fullmatch(word) and lemma_of(word) in q_cardinals:
            return " " * len(word)
        if numbers_only:
            return match.group()
        if word in q_words or lemma_of(word) in q_words or stem_of(word) in q_stems:
            return " " * len(word)
        return match.group()

    return WORD_RE.sub(blank, sentence)
