"""The figure patterns — numbers, times, spans, durations, money, frequencies, clock times, ages, phone numbers — and
whether a sentence holds the figure of the measure, the attribute or the bound a count part asks."""

from __future__ import annotations

import re

from agentcore.rag._focus.measures import (
    LASTING_BOUND_RE,
    LASTING_BOUNDS_ANSWER,
    LASTING_SPAN_VERBS,
    PEOPLE_LEMMAS,
    Measure,
)
from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.words import WORD_RE, lemma_of, term_matches, vocabulary_of
from agentcore.text.morphology import VERB_FORMS, pos_of

_CARDINAL = (
    r"(?:один|одна|одну|одного|одной|одном|одним|два|две|двух|три|трех|трёх|четыре|четырех|четырёх|пять|пяти|шесть|"
    r"шести|семь|семи|восемь|восьми|девять|девяти|десять|десяти|двадцать|двадцати|тридцать|тридцати|полтора|полутора|"
    r"одному|одними|двум|двумя|трем|трём|тремя|четырем|четырём|четырьмя|пятью|шестью|восемью|девятью|десятью)"
)
"""A figure written as a word, in any case («в течение одного рабочего дня», «за один рабочий день»)."""


_WHOLE_NUMBER = r"(?<!\d)\d++"
"""The number grammar of the figure patterns: a number starts at its first digit and is taken whole (possessive).
Tried from every digit with backtracking into the digits, a pattern whose next parts also take digits cost
quadratic or cubic time on a run of digits (07468b3)."""
_DAY_KIND = r"(?:(?:календарн|рабоч)\w*\s+)?"
"""«календарных», «рабочих» between a figure and its unit of days."""
_SPAN_UNIT = r"(?:минут|мин\b|час|сут|дн|день|недел|месяц|год|лет|секунд)"
"""A unit of a span of time (its word's stem: ``\\w*`` follows)."""
_BEFORE_UNIT = r"[\s\u00a0–-]*"
"""What stands between a figure and the rest of its span: spaces, a no-break space, a dash."""


NUMBER_RE = re.compile(
    rf"\d|\b(?:{_CARDINAL}|"
    r"полгода|неделю|месяц|раз в|дважды|ежегодно|ежедневно|каждый|каждую)\b",
    re.I,
)


TIME_RE = re.compile(
    rf"\b{_CARDINAL}\s+{_DAY_KIND}(?:дн|день|недел|месяц|час|минут|сут)|"
    rf"\d{{1,2}}[:.]\d{{2}}|{_WHOLE_NUMBER}(?:-?го)?\s*(?:[-–]\s*\d+\s*)?{_DAY_KIND}"
    r"(?:дн|день|недел|месяц|час|минут|лет|год|числ|январ|феврал|март|апрел|ма[йя]|июн|июл|август|сентябр|октябр|"
    r"ноябр|декабр)|\b(?:понедельник|вторник|сред[аыу]|четверг|пятниц|суббот|воскресень|январ|феврал|март|"
    r"апрел|ма[йя]|июн|июл|август|сентябр|октябр|ноябр|декабр|после|через|перед|сразу|в течение|накануне|"
    r"в тот же (?:рабочий )?день|в день|заранее|в конце|в начале|до конца|к концу|до начала|к началу)",
    re.I,
)


_MONEY_RE = re.compile(
    r"\d[\d\s\u00a0]*(?:[.,]\d+)?\s*(?:₽|руб|р\.|тыс|к\b|%|процент)|\bбесплатн|\bза сч[её]т компании|"
    r"\bполностью\b|\bполовин",
    re.I,
)


SPAN_RE = re.compile(
    rf"(?:{_WHOLE_NUMBER}(?:[.,]\d+)?|\b{_CARDINAL}\b|\bнескольк\w+){_BEFORE_UNIT}(?:\d+[\s\u00a0]*)?(?:\w+\s+)?"
    rf"{_SPAN_UNIT}\w*|\bполгода\b|"
    rf"\b(?:{LASTING_SPAN_VERBS}|на|течение|за|через)\s+(?:\w+\s+)?(?:недел[юи]|месяц|сутки|год|час|минуту)\b|"
    r"\b(?:двух|трех|трёх|одно)?недельн\w*|\b(?:двух|трех|трёх)?месячн\w*",
    re.I,
)


_DEADLINE_BEFORE_RE = re.compile(r"(?:в течение|не позднее(?: чем)?(?: за| через)?|\bза|\bчерез|\bдо)\s*$", re.I)


_FREQUENCY_RE = re.compile(
    r"\d+\s*раз|\bраза?\s+в\b|\bдважды|\bтрижды|\bежедневн|\bеженедельн|\bежемесячн|\bежегодн|\bкажд\w+", re.I
)
"""A frequency: «2 раза», «раз в квартал», «не реже раза в неделю», «дважды», «ежегодно», «каждую среду»."""

_PER_PERIOD_RE = re.compile(
    r"\b(?:в|за)\s+(?:календарн\w+\s+)?(?:год|году|квартал|месяц|неделю|сутки|день)\b|\bв\s+год\b", re.I
)
"""A period a count is given per («в году», «в календарный год», «в неделю»)."""

COUNTS_PER_PERIOD_ARE_FREQUENCIES = True
"""Whether a count given per period («В году доступно 3 оплачиваемых дня здоровья») answers a frequency asked
(«сколько раз в году можно взять день здоровья»): N things a year is N times a year.  An amount of money per period
(«40 000 ₽ в календарный год») counts no times."""


def _counts_per_period(blanked: str) -> bool:
    """Whether ``blanked`` gives a count (a figure that is no amount of money) and a period it is given per."""
    if not COUNTS_PER_PERIOD_ARE_FREQUENCIES or not _PER_PERIOD_RE.search(blanked):
        return False
    return bool(re.search(rf"\d|\b{_CARDINAL}\b", _MONEY_RE.sub(" ", blanked), re.I))


_TIMES_RE = re.compile(rf"\d|\b{_CARDINAL}\b|\b(?:дважды|трижды|однажды)\b", re.I)
"""A count of times once spans, amounts, dates and clock times are taken out («после 5 неверных попыток», «один
раз»)."""


_DATE_RE = re.compile(
    r"\d{1,2}(?:-?го)?\s+(?:числ|январ|феврал|март|апрел|ма[йя]|июн|июл|август|сентябр|октябр|ноябр|декабр)\w*", re.I
)


_FIGURE_RE = re.compile(rf"\d+(?:[.,]\d+)?|\b{_CARDINAL}\b|\b(?:трет|половин|четверт)\w*|\bпар[ауы]\b|\bвсе\b", re.I)


_ASKS_MAX_RE = re.compile(r"\bмаксим\w*|\bнаибольш\w*|\bпредельн\w*|\bсамое большее", re.I)


_ASKS_MIN_RE = re.compile(r"\bминим\w*|\bнаименьш\w*|\bхотя бы\b|\bсамое меньшее", re.I)


_MAX_BOUND_RE = re.compile(
    rf"\bне (?:более|больше|длиннее|дольше|выше|позднее|свыше)\b|\bмаксим\w*|\bдо\s+(?:\d|{_CARDINAL}\b)|"
    r"\bне превыша\w*|\bпредел\w*|\bлимит\w*",
    re.I,
)


_MIN_BOUND_RE = re.compile(r"\bне (?:менее|меньше|короче|ниже|раньше|реже)\b|\bминим\w*|\bот\s+\d|\bхотя бы\b", re.I)


_ATTRIBUTES: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    # the attribute a question asks («какая длина пароля», «размер MR», «объём диска») and what in a sentence
    # states it: the attribute's own word or its units
    (re.compile(r"\bдлин\w*", re.I), re.compile(r"\bдлин\w*|\bсимвол|\bзнак|\bстрок|\bдлит|\bпродолж", re.I)),
    (re.compile(r"\bразмер\w*", re.I), re.compile(r"\bразмер|\bстрок|\bсимвол|[КМГТ]Б\b|\bбайт", re.I)),
    (re.compile(r"\bобъ[её]м\w*", re.I), re.compile(r"\bобъ[её]м|[КМГТ]Б\b|байт|\bлитр", re.I)),
    (re.compile(r"\bскорост\w*", re.I), re.compile(r"\bскорост|бит/с|\bбит\b|Мбит|Гбит", re.I)),
    (re.compile(r"\bвес\b|\bвесит", re.I), re.compile(r"\bвес|\bкг\b|\bграмм|\bкилограмм", re.I)),
)


def holds_attribute(part_text: str, blanked: str) -> bool:
    """Whether ``blanked`` states the attribute the part asks for, when it names one («какая длина пароля» is not
    answered by «Пароль меняется каждые 90 дней», nor «какой размер MR» by «лимит — 3 merge request'а»)."""
    return all(states.search(blanked) for asks, states in _ATTRIBUTES if asks.search(part_text))


def opposite_bound(part_text: str, blanked: str) -> bool:
    """Whether the part asks one bound («какая максимальная длина») and the sentence gives only the other («не
    менее 12 символов»): a minimum is no answer to a maximum, nor the reverse."""
    if _ASKS_MAX_RE.search(part_text) and not _ASKS_MIN_RE.search(part_text):
        return bool(_MIN_BOUND_RE.search(blanked)) and not _MAX_BOUND_RE.search(blanked)
    if _ASKS_MIN_RE.search(part_text) and not _ASKS_MAX_RE.search(part_text):
        return bool(_MAX_BOUND_RE.search(blanked)) and not _MIN_BOUND_RE.search(blanked)
    return False


def holds_measure(measure: Measure, blanked: str, part: Part | None) -> bool:
    """Whether ``blanked`` (a sentence, the question's own figures blanked) holds a figure of ``measure``."""
    kind, noun = measure
    if kind == "money":
        return bool(_MONEY_RE.search(blanked))
    if kind == "frequency":
        return bool(_FREQUENCY_RE.search(blanked)) or _counts_per_period(blanked)
    if kind == "times":
        rest = _DATE_RE.sub(" ", CLOCK_RE.sub(" ", SPAN_RE.sub(" ", _MONEY_RE.sub(" ", blanked))))
        return bool(_TIMES_RE.search(rest))
    if kind in ("span", "lasting"):
        spans = list(SPAN_RE.finditer(blanked))
        if kind == "lasting":
            # «в течение 3 рабочих дней проводится постмортем» says when it is done, not how long it lasts
            spans = [
                m
                for m in spans
                if not _DEADLINE_BEFORE_RE.search(blanked[: m.start()])
                and not re.match(r"(?:за|через|течение)\b", m.group(), re.I)
            ]
        if kind == "lasting" and LASTING_BOUNDS_ANSWER and LASTING_BOUND_RE.search(blanked):
            return True  # «действует до конца месяца»: the bound it lasts until (measures.LASTING_BOUNDS_ANSWER)
        return bool(spans)
    tokens = [m for m in WORD_RE.finditer(blanked)]
    # a size («Монитор 27"») counts nothing, an amount («5000 ₽», «2%») counts its money or share
    figures = [
        i
        for i, m in enumerate(tokens)
        if _FIGURE_RE.fullmatch(m.group())
        and blanked[m.end() : m.end() + 1] not in ('"', "″", "”")
        and not (FIGURES_OF_MONEY_COUNT_NO_NOUN and _AMOUNT_SIGN_RE.match(blanked, m.end()))
    ]
    if kind == "people":
        heads = [i for i, m in enumerate(tokens) if lemma_of(m.group().lower()) in PEOPLE_LEMMAS]
        if any(re.match(r"(?:трет|половин|четверт)", tokens[i].group(), re.I) for i in figures):
            return True
    else:
        heads = [
            i
            for i, m in enumerate(tokens)
            if (
                part_matches(part, noun, *vocabulary_of([m.group()]))
                if part is not None
                else term_matches(noun, *vocabulary_of([m.group()]))
            )
        ]
    # the figure counts the noun: «5 последних паролей», «12 мест», «мест — 12» — not when a unit stands between
    # them: «истёк срок в 180 дней или конфигурация отозвана» counts days, not configurations
    units = {i for i, m in enumerate(tokens) if lemma_of(m.group().lower()) in _UNIT_LEMMAS}
    # «число слогов в каждой строке — 5–7–5»: a noun under «число / количество» is counted by a figure further on
    named = {h for h in heads if h and lemma_of(tokens[h - 1].group().lower()) in ("число", "количество")}
    return any(
        (
            0 < h - f <= 3
            and not units.intersection(range(f + 1, h))
            and not _clause_between(blanked, tokens, f, h)
            and _quantifies(tokens, f, h)
        )
        or (0 < f - h <= 2 and _names_before(tokens, h, f))
        or (h in named and f > h and not units.intersection(range(h + 1, f + 2)))
        for h in heads
        for f in figures
    )


FIGURES_COUNT_THEIR_OWN_NOUN = True
"""Whether a figure counts only the first noun after it (adjectives, participles and figures between skipped): «одна
из трёх ответственностей в скрам-команде» counts responsibilities, not teams, and «в течение 1 рабочего дня» days,
not developers (the adjective «рабочего» shares a root with «разработчик») — so neither answers «сколько команд /
разработчиков» (:func:`_quantifies`); and a word before a figure is the noun it counts only when it is a noun
(:func:`_names_before`: «работает с двумя командами» counts no developers)."""

_SKIPPED_BEFORE_THE_NOUN = frozenset({"ADJF", "PRTF", "NUMR"})
_UNIT_ABBREVIATION_RE = re.compile(r"[А-ЯЁ]{1,3}")
"""A unit written as a capital abbreviation («ГБ», «МБ», «КБ»)."""


def _names_before(tokens: list[re.Match[str]], h: int, f: int) -> bool:
    """Whether token ``h`` may be the noun a figure at token ``f`` after it gives the count of («мест — 12», «Старые
    пароли: запрещены 5 последних»): a noun (or a Latin name), not a verb — «скрам-мастер работает с двумя
    командами» counts teams, and «работает» only shares its root with «разработчик»
    (:data:`FIGURES_COUNT_THEIR_OWN_NOUN`)."""
    if not FIGURES_COUNT_THEIR_OWN_NOUN:
        return True
    word = tokens[h].group()
    return not re.search(r"[А-Яа-яЁё]", word) or pos_of(word.lower().replace("ё", "е")) == "NOUN"


def _quantifies(tokens: list[re.Match[str]], f: int, h: int) -> bool:
    """Whether the figure at token ``f`` counts token ``h`` after it: ``h`` is the first noun after the figure —
    adjectives, participles and figures between skipped («5 последних паролей», «1–2 человека», «10 парковочных
    мест»), and a unit's capital abbreviation («32 ГБ памяти»).  A Latin word («3 merge request'а») is a name
    pymorphy3 does not read: the figure may count it, as before (:data:`FIGURES_COUNT_THEIR_OWN_NOUN`)."""
    if not FIGURES_COUNT_THEIR_OWN_NOUN:
        return True
    for j in range(f + 1, h + 1):
        word = tokens[j].group()
        if not re.search(r"[А-Яа-яЁё]", word):
            if word.isdigit():
                continue
            return True
        if j < h and _UNIT_ABBREVIATION_RE.fullmatch(word):
            continue  # «32 ГБ памяти»: the figure counts the unit of the noun's measure
        pos = pos_of(word.lower().replace("ё", "е"))
        if j == h:
            return pos == "NOUN"
        if pos not in _SKIPPED_BEFORE_THE_NOUN:
            return False
    return False


FIGURES_OF_MONEY_COUNT_NO_NOUN = True
"""Whether a figure followed by a sign of money or a share («5000 ₽», «2%») and a figure a comma or a semicolon
parts from a noun after it count no noun: «выплачивается 5000 ₽, даже если инцидентов не было» is no count of
incidents."""

_AMOUNT_SIGN_RE = re.compile(r"\s?(?:₽|%|\$|€|руб\b|р\.)")


def _clause_between(text: str, tokens: list[re.Match[str]], f: int, h: int) -> bool:
    """Whether a comma, a semicolon or a colon stands between token ``f`` and token ``h`` (``f`` before ``h``)."""
    return FIGURES_OF_MONEY_COUNT_NO_NOUN and bool(re.search(r"[,;:]", text[tokens[f].end() : tokens[h].start()]))


_UNIT_LEMMAS = frozenset(
    {"минута", "час", "сутки", "день", "неделя", "месяц", "год", "секунда", "рубль", "процент", "раз"}
)
"""Units a figure counts when one follows it: the figure is then of that unit, not of a noun after it."""


PHONE_RE = re.compile(r"(?<![\d-])(?:\+?\d[\d\s()\u00a0-]{2,}\d)(?![\d-])")


PERSONAL_NAME_RE = re.compile(
    r"(?<![.!?]\s)(?<!^)\b[А-ЯЁ][а-яё]+\s+[А-ЯЁ][а-яё]+(?:ов|ев|ёв|ин|ын|ский|цкий|ова|ева|ина|ына|ская|цкая)\b|"
    r"\b[А-ЯЁ]\.\s?(?:[А-ЯЁ]\.\s?)?[А-ЯЁ][а-яё]{2,}"
)


CLOCK_RE = re.compile(
    r"\d{1,2}[:.]\d{2}|\b(?:в|с|до|к|после)\s+\d{1,2}\s*(?:час|ч\b)|\bполдень|\bполноч|\bкруглосуточн", re.I
)


AGE_RE = re.compile(r"\d+\s*(?:[-–]\s*\d+\s*)?(?:лет|год)|\bвозраст\w*\s+\d+|\bсовершеннолет", re.I)


DURATION_RE = re.compile(
    rf"(?:{_WHOLE_NUMBER}|\bодн\w+|\bдв\w+|\bтр\w+|\bпять|\bнесколько){_BEFORE_UNIT}(?:\w+\s+)?"
    rf"{_SPAN_UNIT}\w*|\bв тот же (?:рабочий )?день|\bсразу\b|"
    r"\bнемедленно",
    re.I,
)


def times_of_modifiers_only(sentence: str) -> bool:
    """Whether every clock time of ``sentence`` is said of a participle or gerund phrase — the time of another event
    than the sentence's own: «вход возможен только по заявке офис-менеджеру, поданной накануне до 17:00» gives when
    the request is filed, not when the office closes.  ``False`` when the sentence has no clock time."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    clocks = list(CLOCK_RE.finditer(sentence))
    if morph is None or not clocks:
        return False
    for clock in clocks:
        words = re.findall(r"[А-Яа-яЁё]+", sentence[: clock.start()])
        head = ""
        for word in reversed(words):
            pos = pos_of(word.lower())
            if pos in VERB_FORMS:
                head = pos
                break
        if head not in ("PRTF", "GRND"):
            return False
    return True
