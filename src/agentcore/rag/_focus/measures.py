"""What a count question measures: money («сколько стоит»), a span of time («сколько дней», «через сколько»), a
lasting («сколько длится X»), a frequency («сколько раз в неделю»), people, or a count of a noun («сколько мест»)."""

from __future__ import annotations

import re
from typing import Literal

from agentcore.rag._focus.words import is_focus_word, is_function_word, is_genitive, is_known, is_modifier, lemma_of
from agentcore.text.morphology import parses as word_parses
from agentcore.text.morphology import pos_of

MEASURE_MUST_MATCH = True
"""Whether a count is supplied only by a figure of the measure asked: «сколько стоит» by an amount of money,
«сколько дней / сколько длится» by a span of time, «сколько человек / мест / паролей» by a figure counting that
noun — not by any figure of the sentence («10 парковочных мест» is no price of a place, «в течение 3 рабочих дней
проводится постмортем» no length of one)."""


_ASKS_MONEY_RE = re.compile(
    # «стоят», «стоил»: the plural and the past of «стоить» too (pymorphy3 reads «стоят» first as «стоять»)
    r"сколько\s+(?:\w+\s+)?(?:стои\w*|стоят|стоил\w*|плат\w*|заплат\w*|денег|рубл\w*|обойд\w*|вернут|компенсир\w*|"
    r"возмест\w*)|\bскок\w*\s+(?:\w+\s+)?(?:стои\w*|стоят|стоил\w*|плат\w*|денег)|во сколько обойд|\bстоимост\w*|"
    r"\bцен[аыуе]\b|"
    r"на какую сумму|как(?:ая|ую) сумм|до скольки (?:рубл|руб\b)",
    re.I,
)


LASTING_VERBS = r"длит\w*|дл[яи]тся|продолжа\w*|жив[её]т"
"""The verbs that say how long a thing lasts wherever they stand, as a regular-expression alternation (no anchors):
«длится», «длятся», «продолжается», «живёт» — the lexicon the question asking a lasting (:data:`_ASKS_LASTING_RE`),
the bound a sentence says a thing lasts until (:data:`LASTING_BOUND_RE`) and a span said with a verb and no figure
(:data:`LASTING_SPAN_VERBS`) share.  Each adds the verbs that say a lasting only there:

- the question: «идёт», «занимает», «действует», a word between or not («сколько обычно идёт») unless it is the
  noun counted («сколько человек идёт»: :data:`COUNTED_NOUNS_ASK_NO_LASTING`), and «сохраняется»,
  «остаётся в силе» only right after «сколько»: a word between is mostly the noun counted («сколько копий
  сохраняется» asks a count, «сколько раз сохраняется» a number of times).  Not «остаётся» alone: «сколько человек /
  мест / дней остаётся», «сколько остаётся дней отпуска» ask a remainder;
- the bound: «действует», «сохраняется», «остаётся», «работает» («полис действует до конца месяца»); not «продолжил»,
  «продолжение», «продолжительность» (an act or a noun: «продолжительность работ до конца месяца определяет
  руководитель»), nor «занимает», «идёт» («идёт до конца коридора» is a way, «занимает должность до окончания …» an
  office);
- the span: «продолж…» (the noun too: «продолжительностью в месяц»), «занимает», «сохраняется» («сохраняется
  неделю»); not «действует», «идёт», «остаётся» before a unit («действует второй год», «идёт 2025 год», «остаётся
  год до …» is no length).

«работать» is in the bound only: «до скольки работает», «сколько человек работает» ask a clock time and a count."""


_LASTING_WORDS_BETWEEN = 4
"""At most this many words between «сколько» and the verb of lasting it asks with (one clause: no punctuation)."""
_ASKS_LASTING_RE = re.compile(
    r"(?:сколько|скок\w*|скольк\w*)(?:(?P<between>(?:\s+[\w-]+){1,%d}?)?\s+"
    rf"(?P<verb>{LASTING_VERBS}|ид[её]т|идут|занима\w*|действу\w*)(?![\w-])|"
    r"\s+(?:сохраня\w*|оста[её]тся\s+в\s+силе))" % _LASTING_WORDS_BETWEEN,
    re.I,
)
"""A question asking how long a thing lasts (:data:`LASTING_VERBS`, with the question's own verbs); see
:func:`asks_lasting` for the words between «сколько» and the verb."""

COUNTED_NOUNS_ASK_NO_LASTING = True
"""Whether a noun «сколько» counts, standing between it and a verb of lasting, makes the question a count, not a
lasting: «сколько человек идёт на обучение», «сколько мест занимает парковка» ask how many people and places (the
noun is the subject of the verb, in the genitive «сколько» takes), where «сколько длится обучение», «сколько обычно
идёт обучение» (an adverb between) ask a lasting.  A unit of time between keeps the lasting: «сколько дней длится
обучение», «сколько времени занимает» ask its length in that unit."""

SUBJECTS_BEFORE_THE_VERB_ASK_A_LASTING = True
"""Whether a noun between «сколько» and a verb of lasting that is the verb's subject — in the nominative, agreeing
with the verb in number — is the thing whose lasting is asked, not a noun «сколько» counts: «сколько занятия
длятся», «сколько встречи длятся» («занятия» is also a genitive singular, but a plural verb agrees with the
nominative plural only; the count is «сколько занятий длится»), «сколько ретро длится» (an indeclinable noun),
«сколько испытательный срок длится» (a modifier before it), «сколько у нас длится спринт» (a phrase a preposition
governs is no noun counted either).  The noun «сколько» counts is the first one no preposition governs; only a
genitive that no nominative reading of the verb's number explains is counted (a noun of people always is:
«сколько человек идёт»)."""


def asks_lasting(text: str) -> re.Match[str] | None:
    """The words of ``text`` that ask how long a thing lasts (:data:`_ASKS_LASTING_RE`), or ``None`` — also when a
    word between «сколько» and the verb is the noun it counts (:data:`COUNTED_NOUNS_ASK_NO_LASTING`,
    :data:`SUBJECTS_BEFORE_THE_VERB_ASK_A_LASTING`)."""
    match = _ASKS_LASTING_RE.search(text)
    if match is None or not COUNTED_NOUNS_ASK_NO_LASTING or not match.group("between"):
        return match
    between = match.group("between").split()
    if not SUBJECTS_BEFORE_THE_VERB_ASK_A_LASTING:
        if len(between) > 1:
            return None  # one word between, as the question was read before
        low = between[0].lower().replace("ё", "е")
        lemma = lemma_of(low)
        if lemma in _TIME_UNIT_LEMMAS or not re.fullmatch(r"[а-я-]+", low):
            return match
        counted = lemma in PEOPLE_LEMMAS or (is_focus_word(lemma) and is_known(low) and is_genitive(low))
        return None if counted else match
    return None if _counts_a_noun(between, match.group("verb")) else match


def _counts_a_noun(between: list[str], verb: str) -> bool:
    """Whether the words ``between`` «сколько» and a verb of lasting hold the noun «сколько» counts: the first noun
    no preposition governs (modifiers, adverbs, particles and pronouns passed over) is a noun of people, or a known
    genitive with no nominative reading in the verb's number (:data:`SUBJECTS_BEFORE_THE_VERB_ASK_A_LASTING`); a unit
    of time asks the lasting in it, and a Latin or chat word is the subject."""
    number = _verb_number([*between, verb])
    governed = False
    for word in between:
        low = word.lower().replace("ё", "е")
        if not re.fullmatch(r"[а-я-]+", low):
            return False  # «сколько sprint длится»: a name is the subject
        lemma = lemma_of(low)
        if lemma in _TIME_UNIT_LEMMAS:
            return False  # «сколько дней длится», «сколько по времени идёт»
        pos = pos_of(low)
        if pos == "PREP":
            governed = True
            continue
        if pos not in ("NOUN", "NPRO") and is_known(low):
            continue  # «обычно», «испытательный», «наша», «будут»
        if governed:
            governed = False
            continue  # «у нас», «по английскому»: a phrase a preposition governs
        if pos == "NPRO":
            continue
        if lemma in PEOPLE_LEMMAS:
            return True
        if not is_known(low):
            return False  # a chat noun: the subject, as before
        return is_genitive(low) and not _nominative_in(low, number)
    return False


def _verb_number(words: list[str]) -> str | None:
    """The grammatical number of the last finite verb among ``words`` («длятся» → ``"plur"``), or ``None``."""
    for word in reversed(words):
        low = word.lower().replace("ё", "е")
        for parse in word_parses(low)[:1] if re.fullmatch(r"[а-я-]+", low) else ():
            if "VERB" in parse.tag and parse.tag.number:
                return str(parse.tag.number)
    return None


def _nominative_in(word: str, number: str | None) -> bool:
    """Whether ``word`` may be a nominative noun of grammatical ``number`` (any for ``None``): the subject of a verb
    in that number.  An indeclinable noun has every case: its most likely reading decides («ретро» a nominative, «мб»
    a genitive plural — a unit counted)."""
    nouns = [p for p in word_parses(word) if "NOUN" in p.tag]
    if nouns and "Fixd" in nouns[0].tag:
        return "nomn" in nouns[0].tag
    return any("nomn" in p.tag and (number is None or str(p.tag.number) == number) for p in nouns)


_ASKS_WAIT_RE = re.compile(r"(?:сколько|скок\w*)\s+(?:\w+\s+)?(?:ждать|жд[её]т\w*|готов\w*|дела\w*)", re.I)


_TIME_UNIT_LEMMAS = frozenset(
    {"день", "сутки", "неделя", "месяц", "год", "час", "минута", "секунда", "полгода", "время"}
)
"""Units of a span of time; «время» too: «сколько времени», «сколько по времени идёт» ask a span, not a count of
«времени»."""


_MONEY_LEMMAS = frozenset(
    {"рубль", "руб", "деньга", "деньги", "суточные", "суточный", "бюджет", "компенсация", "процент"}
)
"""Nouns of an amount: money, and a share («при скольких процентах ошибок» is answered by «превышает 2%»)."""


PEOPLE_LEMMAS = frozenset({"человек", "народ", "люди", "сотрудник", "участник", "народу"})


_COUNTED_RE = re.compile(
    r"(?P<quantifier>сколько|скок\w*|скольк\w*)\s+(?P<words>(?:[а-яёa-z-]+\s+){0,2}[а-яёa-z-]+)", re.I
)


RATES_NAME_NO_SPAN = True
"""Whether «в / за / на» + a unit of time right after «сколько» («суточные за границей скока в день», «сколько за
ночь в гостинице») reads as a rate per that unit, not as a span asked: «2500 ₽ в день» supplies it, where a span
reading wanted a figure of days and declined every sentence."""
_RATE_PREPOSITIONS = frozenset({"в", "во", "за", "на"})
_RATE_UNIT_LEMMAS = _TIME_UNIT_LEMMAS | {"ночь"}
"""The units of time a rate is counted per: «за ночь» too (a hotel's price), though a night is no unit of a span."""

GOVERNED_NOUNS_ARE_NOT_COUNTED = True
"""Whether a noun right after «в / за / на» past «сколько» is never the noun it counts: «сколько» counts a bare
genitive («сколько мест», «сколько человек»), and a noun a preposition governs is the rate's denominator («обед с
клиентом скока на человека»: money per person, not a count of people — «до 3000 ₽ на человека» supplies it) or what
the amount is for.  :data:`RATES_NAME_NO_SPAN` read this for units of time only; a person after «на» was read as a
count of people and every sentence giving money was refused.  Likewise a rate per a unit of time
(:data:`RATES_NAME_NO_SPAN`) asks an amount per that unit even after «на / за сколько»: «гостиница на сколько за
ночь» is no span (read so, «до 7000 ₽ за ночь» was refused)."""


COUNT_FORM = r"скольк(?:ими|им)\b"
"""The instrumental and dative forms of «сколько» («со сколькими коллегами», «к скольким врачам»): a count of the
noun they agree with, never a time — «со скольки», «до скольки», «к скольки» (the genitive) ask one."""


def _counted_cases(quantifier: str) -> frozenset[str] | None:
    """The cases of the noun a form of «сколько» counts: ``None`` for «сколько» / «скок» (nominative or accusative:
    the noun is in the genitive, :func:`is_genitive`); an inflected form's own cases, with which its noun agrees
    («сколькими коллегами» — instrumental, «скольким сотрудникам» — dative, «скольких задач» — genitive)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    low = quantifier.lower()
    if morph is None or not low.startswith("скольк") or low == "сколько":
        return None
    cases = frozenset(str(p.tag.case) for p in word_parses(low) if p.normal_form == "сколько" and p.tag.case)
    return None if not cases or cases & {"nomn"} else cases


def _agrees(word: str, cases: frozenset[str] | None) -> bool:
    """Whether ``word`` may be the noun a form of «сколько» counts (see :func:`_counted_cases`)."""
    if cases is None or not is_known(word):
        return is_genitive(word)
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    return morph is None or any(str(p.tag.case) in cases for p in word_parses(word)[:3])


LIMIT_CLIPPINGS_COUNT_NOTHING = True
"""Whether a clipping of «максимум / минимум / максимально / минимально» («макс», «мин», «максим») after «сколько» is
read as the limit asked, like the whole word, not as the noun counted: read as a count of «макс», a question asking
the most that is paid took no sum of money for its figure and every sentence giving the sum was refused."""
_LIMIT_WORDS = ("максимум", "минимум", "максимально", "минимально", "максимальный", "минимальный")
_LIMIT_CLIPPING_MIN = 3


def _names_a_limit(word: str) -> bool:
    """Whether ``word`` is «максимум», «минимум» or their adverb or adjective, whole or clipped to at least
    :data:`_LIMIT_CLIPPING_MIN` letters («макс», «мин») — see :data:`LIMIT_CLIPPINGS_COUNT_NOTHING`."""
    if word in ("максимум", "минимум"):
        return True
    if not LIMIT_CLIPPINGS_COUNT_NOTHING or len(word) < _LIMIT_CLIPPING_MIN:
        return False
    return any(whole.startswith(word) for whole in _LIMIT_WORDS)


LASTING_BOUNDS_ANSWER = True
"""Whether «сколько действует / длится X» is answered by the bound a verb of lasting says it lasts until — the end
of a period or of another event («полис действует до конца месяца, в котором сотрудник уволился», «сохраняется до
окончания испытательного срока») — and not only by a span with a figure: the bound is how long it lasts.  Only after
such a verb (up to three words between): «подайте заявку до конца месяца» is the deadline of another act.  A bound
by a figure («до 5 рабочих дней») is a span already; a date is not read here."""
LASTING_BOUND_RE = re.compile(
    rf"(?<![\w-])(?:{LASTING_VERBS}|действу\w*|сохраня\w*|оста[её]тся|работа\w*)\s+(?:[\w-]+\s+){{0,3}}?"
    r"(?:до|по)\s+(?:самого\s+)?(?:конца|окончания|истечения|завершения)\s+[а-яё]+",
    re.I,
)


LASTING_SPAN_VERBS = rf"{LASTING_VERBS}|продолж\w*|занима\w*|сохраня\w*"
"""The verbs before a unit of time that say a span without a figure («длится неделю», «занимает месяц», «живёт час»,
«сохраняется неделю»; :data:`agentcore.rag._focus.figures.SPAN_RE`): :data:`LASTING_VERBS` with the span's own."""


Measure = tuple[Literal["money", "span", "lasting", "frequency", "times", "count", "people"], str]

TIMES_ARE_COUNTED = True
"""Whether «сколько раз» (not «раз в …») is supplied only by a figure that is no span of time, no amount and no clock
time: «сколько раз можно переносить отпуск» is not answered by «если остаток превышает 28 дней», nor «сколько раз за
3 года можно поменять ноут» by «Ноутбуки обновляются раз в 3 года»."""


def measure_asked(text: str) -> Measure | None:
    """What a count question measures: money («сколько стоит»), a span of time («сколько дней», «сколько
    ждать»), a lasting («сколько длится X»: a span that is X's length, not a deadline), a frequency («сколько
    раз»), people, or a count of a noun («сколько мест / паролей / символов» → ``("count", lemma)``); ``None``
    when it names none («сколько суточных» names money only by its noun, read as money too)."""
    if _ASKS_MONEY_RE.search(text):
        return ("money", "")
    if asks_lasting(text):
        return ("lasting", "")
    if _ASKS_WAIT_RE.search(text):
        return ("span", "")
    match = _COUNTED_RE.search(text)
    if match is None:
        return ("span", "") if _ASKS_SPAN_PREP_RE.search(text) else None
    cases = _counted_cases(match.group("quantifier"))
    previous = ""
    rate = False
    written = match.group("words").split()
    for k, word in enumerate(written):
        low = word.lower().replace("ё", "е")
        lemma = lemma_of(low)
        after, previous = previous, low
        if (
            RATES_NAME_NO_SPAN
            and GOVERNED_NOUNS_ARE_NOT_COUNTED
            and low in _RATE_PREPOSITIONS
            and k + 1 < len(written)
            and lemma_of(written[k + 1].lower().replace("ё", "е")) in _RATE_UNIT_LEMMAS
        ):
            continue  # «на сколько за ночь»: the preposition of a rate, read with its unit next
        if RATES_NAME_NO_SPAN and after in _RATE_PREPOSITIONS and lemma in _RATE_UNIT_LEMMAS:
            # «скока в день», «сколько за ночь»: a rate per unit of time — the unit is what it is counted per, not a
            # span asked; the measure is the noun's, if a word after names one
            rate = True
            continue
        governed = after in _RATE_PREPOSITIONS and (is_focus_word(lemma) or not is_known(low))
        if GOVERNED_NOUNS_ARE_NOT_COUNTED and governed:
            # «скока на человека», «сколько на сотрудника»: a noun a preposition governs is no genitive «сколько»
            # counts — the rate's denominator, or the purpose; the counted noun, if any, comes after
            continue
        if lemma == "раз":
            # «сколько раз в неделю» asks a frequency; «сколько раз можно ошибиться» a count of times — of anything
            # but a span of time or money («5 неверных попыток», not «переносится на следующий год»)
            if re.search(r"\bраз\w*\s+в\s+\w+", text, re.I):
                return ("frequency", "")
            return ("times", "") if TIMES_ARE_COUNTED else None
        if lemma in _TIME_UNIT_LEMMAS:
            return ("span", "")
        if lemma in _MONEY_LEMMAS:
            return ("money", "")
        if lemma in PEOPLE_LEMMAS:
            return ("people", lemma)
        preposition = pos_of(low) == "PREP" if GOVERNED_NOUNS_ARE_NOT_COUNTED else is_function_word(low)
        if preposition and _ASKS_SPAN_PREP_RE.search(text):
            # «за сколько до начала курса»: a span before an event — the noun after the preposition is no count (a
            # particle is no preposition: «на сколько за ночь максимум» asks the most per night)
            return ("span", "")
        if is_modifier(low) or is_function_word(low) or low in ("доп", "всего") or _names_a_limit(low):
            continue  # «сколько прошлых паролей», «сколько доп дней»: the counted noun comes after
        if _ASKS_SPAN_PREP_RE.search(text) and not is_known(low):
            return ("span", "")  # «на сколько залочат»: a chat verb, not a counted noun
        if GOVERNED_NOUNS_ARE_NOT_COUNTED and not is_known(low) and pos_of(low) == "VERB":
            break  # «скока на человека компенсят»: a chat verb (pymorphy3 guesses a finite verb) ends the noun group
        if (is_focus_word(lemma) or not is_known(low)) and re.fullmatch(r"[а-я-]+", lemma) and _agrees(low, cases):
            # «сколько мест», not «через сколько экран блокируется»; a chat noun the dictionary does not know
            # («сколько конфигов», «сколько тикетов»: pymorphy3 guesses an adjective) is the counted noun too; an
            # inflected «сколько» counts the noun it agrees with («со сколькими коллегами»)
            return ("count", lemma)
        break
    if rate and GOVERNED_NOUNS_ARE_NOT_COUNTED:
        return None  # «гостиница на сколько за ночь»: an amount per night, whatever preposition «сколько» follows
    # «через сколько», «за сколько», «на сколько залочат»: a span of time
    return ("span", "") if _ASKS_SPAN_PREP_RE.search(text) else None


def measure_words(text: str) -> frozenset[str]:
    """Lemmas of the words of ``text`` that name its measure: the verb of a lasting or a wait («идёт», «ждать»).
    The unit counted («дней») stays a subject term: a sentence giving the measure holds it anyway, and without it
    a part of few terms is answered by a sentence sharing one fewer (measured: dev and dev4 lost correct answers,
    devh gained a hallucination)."""
    found: set[str] = set()
    for match in (asks_lasting(text), _ASKS_WAIT_RE.search(text)):
        if match is not None:
            found.add(lemma_of(match.group().split()[-1].lower()))
    return frozenset(found)


# not an instrumental or dative «сколько»: «за сколькими задачами следит» counts tasks
_ASKS_SPAN_PREP_RE = re.compile(
    rf"\b(?:через|за|на)\s+(?!{COUNT_FORM})(?:скольк\w*|скок\w*)(?!\s+(?:раз|процент|рубл|человек))", re.I
)


CEILINGS_OF_ONE_UNIT = True
"""Whether «в пределах» before a unit of measure with no figure («в пределах месяца», «в пределах рабочего дня») is
the ceiling of one unit, as «в пределах 1 месяца» is — before, only a figure in digits or in words after it made a
ceiling («в пределах 14 дней», «в пределах двух недель»), and a unit alone was read as the noun «предел» of a place
or a scope («в пределах Москвы», «в пределах бюджета», which stay so)."""

CEILING_UNITS = frozenset(
    {"секунда", "минута", "час", "сутки", "день", "неделя", "месяц", "квартал", "полгода", "год", "рубль", "процент"}
)
"""Units of measure a ceiling states alone, as one of them («в пределах месяца», «в пределах суток»)."""

NUMBER_NOUNS = frozenset({"тысяча", "миллион", "миллиард", "сотня", "десяток"})
"""Nouns that are figures in words («в пределах тысячи рублей», «в пределах десятка километров»): pymorphy3 reads
them as nouns, not numerals."""

_CEILING_RE = re.compile(r"(?<![\w-])в\s+пределах\s+(?=(?P<next>[\w-]+)(?:\s+(?P<after>[\w-]+))?)", re.I)


def is_figure_word(word: str) -> bool:
    """Whether ``word`` is a figure: digits, a numeral («двух»), or a number noun (:data:`NUMBER_NOUNS`)."""
    low = word.lower().replace("ё", "е")
    return low[:1].isdigit() or (
        bool(re.fullmatch(r"[а-я-]+", low)) and (pos_of(low) == "NUMR" or lemma_of(low) in NUMBER_NOUNS)
    )


def is_unit_word(word: str) -> bool:
    """Whether ``word`` is a form of a unit of measure a ceiling may state alone (:data:`CEILING_UNITS`)."""
    low = word.lower().replace("ё", "е")
    return bool(re.fullmatch(r"[а-я-]+", low)) and lemma_of(low) in CEILING_UNITS


def ceilings(text: str) -> list[tuple[re.Match[str], bool]]:
    """Each «в пределах» of ``text`` that states a ceiling — before a figure (:func:`is_figure_word`), or, with
    :data:`CEILINGS_OF_ONE_UNIT`, before a unit of measure alone (an adjective between allowed: «в пределах рабочего
    дня») — with whether it is of one unit stated without a figure.  Not «в пределах Москвы»: a noun of a place or a
    scope."""
    found: list[tuple[re.Match[str], bool]] = []
    for match in _CEILING_RE.finditer(text):
        following, after = match.group("next"), match.group("after") or ""
        if is_figure_word(following):
            found.append((match, False))
        elif CEILINGS_OF_ONE_UNIT and (
            is_unit_word(following) or (pos_of(following.lower()) in ("ADJF", "PRTF") and is_unit_word(after))
        ):
            found.append((match, True))
    return found


def ceilings_with_figures(text: str) -> str:
    """``text`` with the figure «1» written before the unit a ceiling states alone («в пределах месяца» → «в пределах
    1 месяца»: :data:`CEILINGS_OF_ONE_UNIT`), for the readers of a figure and its unit."""
    for match, one_unit in reversed(ceilings(text)):
        if one_unit:
            text = f"{text[: match.end()]}1 {text[match.end() :]}"
    return text
