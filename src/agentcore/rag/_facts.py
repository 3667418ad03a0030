"""The checkable facts of a sentence: quantities, times, proper names and negations — the deterministic guard.

A claim may share every word with its evidence and still be false: «отпуск — 21 день» against «28 календарных
дней», «не ранее» against «не позднее», «Ингосстрах» against «Полис-Гарант».  :func:`guard` checks that every fact
of a claim is present, and the same, in the evidence.  Normalisation makes equal facts compare equal:

* number words become digits («две» → 2, «полтора» → 1.5, «полгода» → 6 месяцев, «полчаса» → 30 минут), a
  compound as one number in any case («сорока пяти» → 45), an ordinal too before a month or «числа» («двадцать
  пятого марта» → «25 марта»);
* weeks become days («две недели» = «14 дней»), and abbreviations are expanded («3 р.д.» = «3 рабочих дня»);
* thousands written with spaces are one number («38 000 ₽» = 38000 ₽);
* a unit or a qualifier («рабочих», «календарных») the claim gives must match the evidence's; one the claim leaves
  out is not required;
* a negation belongs to the word after it: «не позднее» and «не ранее» are different facts; a claim that states
  without negation what the evidence negates («дни здоровья переносятся» / «не переносятся») conflicts with it;
  «не допускается», «не разрешается», «недопустимо» are a prohibition, as «нельзя» and «запрещено» are;
* a clause has a polarity — a permission («можно», «разрешено», «допускается», «не запрещено») or a prohibition
  («нельзя», «запрещено», «запрещается», «недопустимо», «не допускается») — read wherever the word stands in it
  («Мержить … можно» as «Можно мержить …»); a claim clause whose polarity differs from that of the evidence clause
  saying what it says (sharing most of its words) conflicts with it, and so does a word of the claim that clause
  negates, even when another clause of the evidence affirms it;
* a clause is a piece of a sentence cut at «;», at a contrast («, а», «, но», «, однако», «, зато»), at «и» between
  two predicates, and at a comma between two clauses of their own (each with a predicate or a dash for one, neither
  subordinate); an elliptical clause («, а схемы — в Miro», «, а в Kaiten») takes the predicate of the one before;
* a number, a time, a name or a negation belongs to its statement: present somewhere in the evidence is not enough
  when the evidence sentence (or clause) that says what the claim's clause says («первые N дней болезни оплачивает
  компания») gives another number, time or name, or no negation — the claim then restates that sentence with the
  fact changed, a conflict; a name belongs to its clause too — the evidence clause saying what the claim's clause
  says must hold it («Задачи ведутся в Miro» against «Задачи ведутся в Kaiten, а схемы рисуют в Miro» conflicts),
  and must not deny it («не в Miro, а в Kaiten»).

Pure functions over text, no model: fast enough to run on every claim of every answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from agentcore.rag._only_way import only_ways
from agentcore.text.clauses import PREDICATE_POS, clauses, has_predicate, is_predicate

__all__ = ["Facts", "GuardResult", "extract_facts", "guard", "normalise_numbers", "values_of"]

_NUMBER_WORDS = {
    "ноль": 0,
    "один": 1,
    "одна": 1,
    "одно": 1,
    "одну": 1,
    "одного": 1,
    "одной": 1,
    "два": 2,
    "две": 2,
    "двух": 2,
    "три": 3,
    "трёх": 3,
    "трех": 3,
    "четыре": 4,
    "четырёх": 4,
    "четырех": 4,
    "пять": 5,
    "пяти": 5,
    "шесть": 6,
    "шести": 6,
    "семь": 7,
    "семи": 7,
    "восемь": 8,
    "восьми": 8,
    "девять": 9,
    "девяти": 9,
    "десять": 10,
    "десяти": 10,
    "одиннадцать": 11,
    "двенадцать": 12,
    "пятнадцать": 15,
    "пятнадцати": 15,
    "двадцать": 20,
    "двадцати": 20,
    "тридцать": 30,
    "тридцати": 30,
    "сорок": 40,
    "пятьдесят": 50,
    "сто": 100,
    "полтора": 1.5,
    "полторы": 1.5,
    "пару": 2,
    "пара": 2,
    "дважды": 2,
    "трижды": 3,
    "однажды": 1,
}
_WORD_NUMBER_RE = re.compile(
    r"(?<![\w-])(" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")(?![\w-])", re.IGNORECASE
)
_ABBREVIATIONS = (
    (re.compile(r"\bр\.\s?д\.", re.IGNORECASE), "рабочих дней"),
    (re.compile(r"\bраб\.\s?дн?\.", re.IGNORECASE), "рабочих дней"),
    (re.compile(r"\bкал\.\s?дн?\.", re.IGNORECASE), "календарных дней"),
    (re.compile(r"\bтыс\.", re.IGNORECASE), "000"),
    (re.compile(r"\bмин\.", re.IGNORECASE), "минут"),
    (re.compile(r"\bч\.(?=\s|$)", re.IGNORECASE), "часов"),
    (re.compile(r"\bруб(?:\.|лей|ля|ль)?(?!\w)", re.IGNORECASE), "₽"),
    (re.compile(r"\bполгода\b", re.IGNORECASE), "6 месяцев"),
    (re.compile(r"\bсутки\b", re.IGNORECASE), "1 день"),
    (re.compile(r"\bполчаса\b", re.IGNORECASE), "30 минут"),
)
_THOUSANDS_RE = re.compile(r"(?<![\d.,:])(\d{1,3})(?:[  ](\d{3}))+(?![\d])")
_TIME_RE = re.compile(r"(?<![\d:])([01]?\d|2[0-3])[:.]([0-5]\d)(?![\d:])")
_QUANTITY_RE = re.compile(
    r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s*(%|₽|\$|€)?(?:\s*[-–—]?\s*(?:(рабоч\w*|календарн\w*|астрономическ\w*)\s+)?"
    r"([а-яёa-z]+))?",
    re.IGNORECASE,
)
_UNITS = {
    "дн": "день",
    "ден": "день",
    "сут": "день",
    "недел": "неделя",
    "месяц": "месяц",
    "мес": "месяц",
    "год": "год",
    "лет": "год",
    "час": "час",
    "минут": "минута",
    "секунд": "секунда",
    "раз": "раз",
    "процент": "%",
    "рубл": "₽",
    "символ": "символ",
    "попыт": "попытка",
    "человек": "человек",
    "мест": "место",
    "очк": "очко",
    "одобрен": "одобрение",
    "числ": "число",
    "январ": "январь",
    "феврал": "февраль",
    "март": "март",
    "апрел": "апрель",
    "ма": "май",
    "июн": "июнь",
    "июл": "июль",
    "август": "август",
    "сентябр": "сентябрь",
    "октябр": "октябрь",
    "ноябр": "ноябрь",
    "декабр": "декабрь",
    "квартал": "квартал",
    "этаж": "этаж",
    "конфигурац": "конфигурация",
    "лимит": "лимит",
    "заявк": "заявка",
    "задач": "задача",
    "шаг": "шаг",
    "спринт": "спринт",
    "story": "очко",
    "points": "очко",
    "gb": "гб",
    "гб": "гб",
}
# A negation and its word stand on one line: a heading ending in «нет» does not negate the line below it.
# «никогда» negates on its own only when no «не» follows («никогда не просит» is negated by its «не»).
_NEGATION_RE = re.compile(
    r"(?<![\w-])(не|ни|нет|нельзя|запрещ\w*|без|никогда(?=[ \t\u00a0]+(?!(?:не|ни)(?![\w-]))))[ \t\u00a0]+"
    r"([а-яёa-z]+)",
    re.IGNORECASE,
)
_INFINITIVE_RE = re.compile(r"(?<![\w-])([а-яё]{3,}(?:ть|ться|чь|чься))(?![\w-])", re.IGNORECASE)
# A permission and a prohibition, wherever they stand in their clause («Можно мержить…», «Мержить … можно»); «не»
# before one turns it into the other («не допускается», «не запрещено»).
_PERMISSIONS = frozenset(
    (
        *("можно", "разрешено", "разрешена", "разрешены", "разрешён", "разрешен", "разрешается", "разрешаются"),
        *("допускается", "допускаются", "допустимо", "допустим", "допустима", "допустимы"),
        *("позволено", "позволяется", "позволяются", "вправе"),
    )
)
_PROHIBITIONS = frozenset(
    (
        *("нельзя", "запрещено", "запрещена", "запрещены", "запрещён", "запрещен", "запрещается", "запрещаются"),
        *("недопустимо", "недопустим", "недопустима", "недопустимы", "воспрещается", "воспрещено"),
    )
)
_NEGATORS = frozenset(("не", "ни", "нет", "без", "нельзя"))
# A prohibition standing alone («передавать пароли нельзя», «… запрещаются»): a prohibition word, or «не» before a
# permission word («не допускается», «не вправе») — the same lists the clause polarity reads.
_BARE_NEGATION_RE = re.compile(
    r"(?<![\w-])("
    + "|".join(sorted(_PROHIBITIONS, key=len, reverse=True))
    + r"|не\s+(?:"
    + "|".join(sorted(_PERMISSIONS, key=len, reverse=True))
    + r"))(?![\w-])",
    re.IGNORECASE,
)
_ADJECTIVE_RE = re.compile(r"(?:ых|их|ой|ый|ий|ая|яя|ое|ее|ые|ие|ого|его|ую|юю)$", re.IGNORECASE)
_DIGITS_RE = re.compile(r"\d+(?:[.,]\d+)?")
_RANGE_GAP_RE = re.compile(r"\s*(?:[-–—,]|до|или|и|либо)?\s*", re.IGNORECASE)
# Where a clause ends: the scope of a number or a negation is its clause, not the whole sentence.
_CLAUSE_END_RE = re.compile(r"[,;:—–()\n.!?]")
# Clauses of an evidence sentence: a dash between numbers («2–3 дня») and a decimal point split nothing.
_EVIDENCE_CLAUSE_RE = re.compile(r"[,;:()]|\.(?!\d)|\s[—–]\s")
_SENTENCE_END_RE = re.compile(r"[.!?;](?=\s)|\n")
_DIGITS_ANYWHERE_RE = re.compile(r"\d")
_NAME_RE = re.compile(
    r"«([^»]{2,60})»|\b([A-Za-z][A-Za-z0-9.+#_-]*[A-Za-z0-9])\b|(?<=[\s(])([А-ЯЁ][а-яё]+(?:-[А-ЯЁ]?[а-яё]+)?)"
)
_EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_WORD_RE = re.compile(r"[а-яёa-z]+", re.IGNORECASE)
_SENTENCE_RE = re.compile(r"(?<=[.!?;])\s+|\n+")
# Capitalised words that are not names (sentence openers inside a line, list labels).
_COMMON_CAPITALISED = frozenset(
    [
        "если",
        "когда",
        "после",
        "перед",
        "для",
        "при",
        "это",
        "эти",
        "этот",
        "эта",
        "так",
        "также",
        "но",
        "однако",
        "чтобы",
        "можно",
        "нужно",
        "нельзя",
        "все",
        "всё",
        "каждый",
        "в",
        "во",
        "на",
        "с",
        "со",
        "по",
        "до",
        "от",
        "из",
        "за",
        "к",
        "у",
        "о",
        "об",
        "и",
        "а",
        "или",
        "не",
        "ни",
        "да",
        "нет",
        "ваш",
        "ваша",
        "ваши",
        "мы",
        "вы",
        "он",
        "она",
        "они",
    ]
)
# Latin tokens that are units or markup, not names.
_LATIN_NOISE = frozenset(
    [
        "gb",
        "mb",
        "kb",
        "ms",
        "s",
        "min",
        "h",
        "md",
        "to",
        "be",
        "or",
        "and",
        "the",
        "a",
        "an",
        "of",
        "in",
        "on",
        "at",
        "for",
        "is",
        "are",
    ]
)


# Words after a number that say nothing of what it counts.
_SKIP_AFTER = frozenset("до после в во на за и или с со по от из к у не чем числа раза раз".split())  # noqa: SIM905


@dataclass(frozen=True)
class Quantity:
    """A number with what it counts: ``value`` normalised (weeks → days), ``unit`` (``""`` when none follows),
    ``qualifier`` («рабоч» / «календарн» / ``""``)."""

    value: float
    unit: str = ""
    qualifier: str = ""
    counts: frozenset[str] = field(default=frozenset(), compare=False)
    """Stems of the words right after the number (the unit and qualifier aside): what it counts («дня здоровья»)."""
    context: frozenset[str] = field(default=frozenset(), compare=False)
    """Stems of the content words of the number's clause (of its sentence when the clause has fewer than two): the
    statement the number belongs to."""
    clause: frozenset[str] = field(default=frozenset(), compare=False)
    """Stems of the content words of the number's clause alone."""

    @property
    def named(self) -> str:
        """The quantity as :attr:`GuardResult.missing` and :func:`values_of` name it: its value and unit («25 март»,
        «45 день»), the value alone when no unit follows."""
        return f"{_format(self.value)} {self.unit}".strip()


@dataclass(frozen=True)
class Facts:
    """The checkable facts of a text."""

    quantities: tuple[Quantity, ...] = ()
    times: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    negations: frozenset[str] = frozenset()
    negated_words: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()
    negation_contexts: tuple[tuple[str, frozenset[str]], ...] = ()
    """Each negation with the content-word stems of its clause (as :attr:`Quantity.context`)."""
    name_contexts: tuple[tuple[str, frozenset[str]], ...] = ()
    """Each name with the content-word stems of its clause."""
    time_contexts: tuple[tuple[str, frozenset[str]], ...] = ()
    """Each time («12:00») with the content-word stems of its clause."""


@dataclass(frozen=True)
class GuardResult:
    """Whether every fact of a claim is in the evidence; ``missing`` names the facts that are not; ``conflict`` is
    true when the evidence states the same thing differently (another number for the same unit, a flipped
    negation) — a contradiction rather than a gap."""

    ok: bool
    missing: tuple[str, ...] = field(default_factory=tuple)
    conflict: bool = False


def _stem(word: str) -> str:
    from agentcore.rag._analysis import get_analyzer

    word = word.lower().replace("ё", "е")
    terms = get_analyzer().terms(word)
    return terms[0] if terms else word


def _unit(word: str) -> str:
    word = word.lower().replace("ё", "е")
    for prefix in sorted(_UNITS, key=len, reverse=True):
        if word.startswith(prefix) and (prefix != "ма" or word in ("май", "мая", "мае")):
            return _UNITS[prefix]
    return ""


# The lemmas of the cardinal and ordinal number words a compound is made of, read through pymorphy3 in any case
# («сорока пяти», «двадцать пятого»); «один» is left to the table (its plural «одни» means «only»).
_UNITS_LEMMAS = ("два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять")
_TEENS_LEMMAS = (
    "десять",
    "одиннадцать",
    "двенадцать",
    "тринадцать",
    "четырнадцать",
    "пятнадцать",
    "шестнадцать",
    "семнадцать",
    "восемнадцать",
    "девятнадцать",
)
_TENS_LEMMAS = ("двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят", "восемьдесят", "девяносто")
_HUNDREDS_LEMMAS = ("сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот", "восемьсот", "девятьсот")
_CARDINAL_LEMMAS = {
    **{w: i + 2 for i, w in enumerate(_UNITS_LEMMAS)},
    **{w: i + 10 for i, w in enumerate(_TEENS_LEMMAS)},
    **{w: (i + 2) * 10 for i, w in enumerate(_TENS_LEMMAS)},
    **{w: (i + 1) * 100 for i, w in enumerate(_HUNDREDS_LEMMAS)},
}
_ORDINAL_LEMMAS = {
    **{
        w: i + 1
        for i, w in enumerate(
            ("первый", "второй", "третий", "четвёртый", "пятый", "шестой", "седьмой", "восьмой", "девятый")
        )
    },
    **{
        w: i + 10
        for i, w in enumerate(
            (
                "десятый",
                "одиннадцатый",
                "двенадцатый",
                "тринадцатый",
                "четырнадцатый",
                "пятнадцатый",
                "шестнадцатый",
                "семнадцатый",
                "восемнадцатый",
                "девятнадцатый",
            )
        )
    },
    **{
        w: (i + 2) * 10
        for i, w in enumerate(
            (
                "двадцатый",
                "тридцатый",
                "сороковой",
                "пятидесятый",
                "шестидесятый",
                "семидесятый",
                "восьмидесятый",
                "девяностый",
            )
        )
    },
    "сотый": 100,
}
_NUMBER_RUN_RE = re.compile(r"(?<![\w-])[а-яё]+(?:\s+[а-яё]+)*(?![\w-])", re.IGNORECASE)
_NUMBER_STEM_RE = re.compile(r"(?:од|дв|тр|чет|пят|шест|сем|сед|вос|девя|дес|сор|ст|сот|перв|втор)")
_MONTHS = ("январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь")
_DATE_UNITS = frozenset((*_MONTHS, "ноябрь", "декабрь", "число"))  # a date: a month's or «числа»


@lru_cache(maxsize=8192)
def _number_word(word: str) -> tuple[int, bool] | None:
    """The value of a cardinal or ordinal number word (lower-case, any case form) and whether it is ordinal."""
    from agentcore.text.morphology import parses

    if not _NUMBER_STEM_RE.match(word):  # most words: no morphology look-up
        return None
    if word in _NUMBER_WORDS:
        value = _NUMBER_WORDS[word]
        return (int(value), False) if value == int(value) and word in _COMPOSABLE else None
    for parse in parses(word.replace("ё", "е")) or parses(word):
        tag = str(parse.tag)
        lemma = parse.normal_form.replace("ё", "е")
        if "NUMR" in tag and lemma in _CARDINAL_LEMMAS:
            return _CARDINAL_LEMMAS[lemma], False
        if "Anum" in tag and "Apro" not in tag:
            for name, value in _ORDINAL_LEMMAS.items():
                if name.replace("ё", "е") == lemma:
                    return value, True
    return None


# the table's words that may be a part of a compound (not «пару», «дважды», «полтора», «ноль»)
_COMPOSABLE = frozenset(w for w, v in _NUMBER_WORDS.items() if v == int(v) and v >= 1) - {
    "пару",
    "пара",
    "дважды",
    "трижды",
    "однажды",
}


def _joins(last: int, value: int) -> bool:
    """Whether ``value`` may follow the compound part ``last``: «сто» + «двадцать», «двадцать» + «пять»."""
    if 10 <= last <= 19:
        return False
    order = 10 ** (len(str(last)) - 1)
    return order > 1 and last % order == 0 and value < order


def _number_run(match: re.Match[str]) -> str:
    """A run of words with every compound number in it as one number in digits («сорок пять» → «45», «двадцать
    пятого марта» → «25 марта»); an ordinal ends a compound, and one alone is read only before a month or «числа»
    («первого апреля» → «1 апреля», «в первый день» stays).  The other words are left to the table."""
    parts = re.split(r"(\s+)", match.group(0))  # words at even places, the spaces between them at odd ones
    tokens = parts[::2]
    out: list[str] = []
    i = 0
    while i < len(tokens):
        read = _number_word(tokens[i].lower())
        j = i + 1
        if read is not None:
            total, ordinal = read
            last = total
            while not ordinal and j < len(tokens):
                nxt = _number_word(tokens[j].lower())
                if nxt is None or not _joins(last, nxt[0]):
                    break
                last, ordinal = nxt
                total += last
                j += 1
            date = j < len(tokens) and _unit(tokens[j]) in _DATE_UNITS
            # a single word: the table reads a cardinal; a lone ordinal stays a word unless a date
            if j - i > 1 or (ordinal and date):
                out.append(str(total))
                if j < len(tokens):
                    out.append(parts[2 * j - 1])
                i = j
                continue
        out.append(tokens[i])
        if i + 1 < len(tokens):
            out.append(parts[2 * i + 1])
        i += 1
    return "".join(out)


def normalise_numbers(text: str) -> str:
    """``text`` with abbreviations expanded, number words as digits and thousands joined («38 000» → «38000»)."""
    for pattern, replacement in _ABBREVIATIONS:
        text = pattern.sub(replacement, text)
    text = _NUMBER_RUN_RE.sub(_number_run, text)
    text = _WORD_NUMBER_RE.sub(lambda m: _format(_NUMBER_WORDS[m.group(1).lower()]), text)
    return _THOUSANDS_RE.sub(lambda m: m.group(0).replace(" ", "").replace("\u00a0", ""), text)


def _format(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


_NE_PREFIXED_RE = re.compile(r"(?<![\w-])(не)([а-яё]{4,})(?![\w-])", re.IGNORECASE)


@lru_cache(maxsize=8192)
def _negated_by_prefix(word: str) -> bool:
    """Whether ``word`` (lower-case, «не» + rest) is the negation of its rest written as one word: a short adjective
    or predicative whose lemma is «не» + the lemma of a short-adjective reading of the rest («необязательно» =
    «не обязательно», «невозможно», «неважно»); «необходимо» (rest «обходимо»: a participle of «обходить»),
    «неделя», «немного» are not."""
    from agentcore.text.morphology import parses

    rest = word[2:]
    mine = {str(p.normal_form) for p in parses(word) if p.tag.POS == "ADJS"}
    theirs = {"не" + str(p.normal_form) for p in parses(rest) if p.tag.POS == "ADJS"}
    return bool(mine & theirs)


def _split_prefix_negations(text: str) -> str:
    """``text`` with each predicative negated by its prefix written as «не» + the word («Предупреждать
    необязательно» → «Предупреждать не обязательно»), so a claim and its evidence read the same negation however
    it is spelt.  The permission and prohibition words («недопустимо») keep their own polarity."""

    def split(match: re.Match[str]) -> str:
        word = match.group(0).lower().replace("ё", "е")
        if word in _POLARITY_WORDS or not _negated_by_prefix(word):
            return match.group(0)
        return f"{match.group(1)} {match.group(2)}"

    return _NE_PREFIXED_RE.sub(split, text)


@lru_cache(maxsize=4096)
def extract_facts(text: str) -> Facts:
    """The facts of ``text`` (see the module docstring)."""
    plain = _split_prefix_negations(text.replace("\u00a0", " "))
    times = frozenset(f"{int(h)}:{m}" for h, m in _TIME_RE.findall(plain))
    time_contexts = tuple(
        (f"{int(t.group(1))}:{t.group(2)}", _clause_words(plain, t.start(), t.end(), figure=True))
        for t in _TIME_RE.finditer(plain)
    )
    without_times = _TIME_RE.sub(" ", plain)
    normal = normalise_numbers(without_times)
    quantities: list[Quantity] = []
    spans: list[tuple[int, int]] = []
    for match in _QUANTITY_RE.finditer(normal):
        raw, sign, qualifier, word = match.groups()
        value = float(raw.replace(",", "."))
        unit = sign or (_unit(word) if word else "")
        clause_end = _CLAUSE_END_RE.search(normal, match.end())
        tail = normal[match.end() : min(match.end() + 40, clause_end.start() if clause_end else len(normal))]
        if not unit and word and _ADJECTIVE_RE.search(word):
            # «3 оплачиваемых дня», «5 неверных попыток»: the unit follows one adjective
            following = _WORD_RE.findall(tail)[:1]
            unit = _unit(following[0]) if following else ""
        if unit == "неделя":
            value, unit = value * 7, "день"
        after = _WORD_RE.findall(tail)[:2]  # what it counts is in its clause («5 дней, заявку…»: not «заявку»)
        counts = frozenset(
            stem for w in after if len(w) > 2 and (stem := _stem(w)) and not _unit(w) and w.lower() not in _SKIP_AFTER
        )
        context = _clause_words(normal, match.start(), match.end(), figure=True)
        clause = _around(normal, match.start(), match.end(), _CLAUSE_END_RE)
        quantities.append(Quantity(value, unit, (qualifier or "")[:6].lower(), counts, context, clause))
        spans.append((match.start(), match.end()))
    for i in range(len(quantities) - 2, -1, -1):
        # a range or a list («от 30 до 45 очков», «2–3 дня», «2 или 3 раза»): the last number's unit is theirs
        digits = _DIGITS_RE.match(normal, spans[i][0])
        gap = normal[digits.end() if digits else spans[i][1] : spans[i + 1][0]]
        if not quantities[i].unit and quantities[i + 1].unit and _RANGE_GAP_RE.fullmatch(gap):
            quantities[i] = replace(quantities[i], unit=quantities[i + 1].unit, qualifier=quantities[i + 1].qualifier)
    negations: set[str] = set()
    negated: set[str] = set()
    contexts: list[tuple[str, frozenset[str]]] = []
    for match in _NEGATION_RE.finditer(plain):
        particle, word = match.groups()
        if particle.lower() == "не" and word.lower().replace("ё", "е") in _POLARITY_WORDS:
            continue  # «не допускается» is a prohibition, «не запрещено» a permission: the clause's polarity
        stem = _stem(word)
        negation = f"не {stem}" if particle.lower() in ("не", "ни", "нет", "никогда") else f"нельзя {stem}"
        negations.add(negation)
        negated.add(stem)
        contexts.append((negation, _clause_words(plain, match.start(), match.start(2))))
    for match in _BARE_NEGATION_RE.finditer(plain):
        if re.search(r"(?<![\w-])не\s+$", plain[: match.start()], re.IGNORECASE):
            continue  # «не запрещено»: a permission (read by the clause's polarity)
        negations.add("нельзя")
        contexts.append(("нельзя", _clause_words(plain, match.start(), match.end())))
        # «передавать пароли нельзя», «отключать их запрещено»: the prohibited act comes before the word — the
        # same fact as «нельзя передавать», «запрещено отключать» (the infinitives of its sentence before it)
        for verb in _INFINITIVE_RE.findall(_sentence_before_match(plain, match.start())):
            stem = _stem(verb)
            negations.add(f"нельзя {stem}")
            negated.add(stem)
            contexts.append((f"нельзя {stem}", _clause_words(plain, match.start(), match.end())))
    names: set[str] = set()
    name_contexts: list[tuple[str, frozenset[str]]] = []
    for found, start, end in _name_spans(plain):
        names.add(found)
        name_contexts.append((found, _clause_words(plain, start, end)))
    names.update(e.lower() for e in _EMAIL_RE.findall(plain))
    words = frozenset(_stem(w) for w in _WORD_RE.findall(plain))
    return Facts(
        tuple(quantities),
        times,
        frozenset(n for n in names if n),
        frozenset(negations),
        frozenset(negated),
        words,
        tuple(contexts),
        tuple(name_contexts),
        time_contexts,
    )


def _name_spans(plain: str) -> list[tuple[str, int, int]]:
    """The proper names of ``plain`` (normalised: stems, or a code as written) with where each stands."""
    spans = []
    for match in _NAME_RE.finditer(plain):
        quoted, latin, capital = match.groups()
        name = quoted or latin or capital
        if capital and re.search(r"(?:^|[.!?:;•\n]|\d[.)])\s*$", plain[: match.start()]):
            continue  # a capital that opens a sentence or an item is no name
        if latin and (latin.lower() in _LATIN_NOISE or len(latin) < 2):
            continue
        if capital and capital.lower() in _COMMON_CAPITALISED:
            continue
        if latin and re.search(r"\d", latin):
            found = latin.lower()  # a code («P1», «v3.14.0», «ERR-104»): every character counts
        else:
            found = " ".join(_stem(w) for w in _WORD_RE.findall(name)) or name.lower()
        spans.append((found, match.start(), match.end()))
    return spans


def _sentence_before_match(text: str, end: int) -> str:
    """The part of ``text``'s sentence that comes before ``end`` (from the last sentence end before it)."""
    head = text[:end]
    ends = list(_SENTENCE_END_RE.finditer(head))
    return head[ends[-1].end() :] if ends else head


def _content_words(text: str) -> frozenset[str]:
    from agentcore.rag._analysis import get_analyzer

    stop = get_analyzer().stopwords
    found = (w.lower().replace("ё", "е") for w in _WORD_RE.findall(text))
    return frozenset(_stem(w) for w in found if len(w) > 2 and w not in stop)


def _clause_words(text: str, start: int, end: int, *, figure: bool = False) -> frozenset[str]:
    """The content words of the clause around ``text[start:end]`` (that span left out); those of its sentence
    (up to «.», «!», «?», «;» — where the evidence is split too) when the clause holds fewer than two.  For a
    ``figure`` (a number or a time) the sentence's clauses that state a figure of their own are left out: a claim
    joining two statements («Обед с 13:00 до 14:00, рабочий день заканчивается в 18:00») must not read one
    statement's figure with the other statement's words."""
    words = _around(text, start, end, _CLAUSE_END_RE)
    if len(words) >= 2:
        return words
    if not figure:
        return _around(text, start, end, _SENTENCE_END_RE)
    left = max((m.end() for m in _SENTENCE_END_RE.finditer(text, 0, start)), default=0)
    right_end = _SENTENCE_END_RE.search(text, end)
    right = right_end.start() if right_end else len(text)
    masked = text[:start] + " " * (end - start) + text[end:]  # the span's own «:» or digits split nothing
    kept: list[str] = []
    position = left
    for piece in _CLAUSE_END_RE.split(masked[left:right]):
        piece_start, position = position, position + len(piece) + 1
        if piece_start <= start <= piece_start + len(piece) or not _DIGITS_ANYWHERE_RE.search(piece):
            kept.append(piece)
    return _content_words(" ".join(kept))


def _around(text: str, start: int, end: int, boundary: re.Pattern[str]) -> frozenset[str]:
    left = max((m.end() for m in boundary.finditer(text, 0, start)), default=0)
    right = boundary.search(text, end)
    return _content_words(text[left:start] + " " + text[end : right.start() if right else len(text)])


def _quantity_found(quantity: Quantity, evidence: Facts) -> bool:
    for other in evidence.quantities:
        if other.value != quantity.value:
            continue
        if quantity.unit and other.unit != quantity.unit:
            continue  # a unit the claim gives must be the evidence's («1111 час» is not «по номеру 1111»)
        if quantity.qualifier and other.qualifier and quantity.qualifier != other.qualifier:
            continue
        return True
    return False


def _quantity_conflicts(quantity: Quantity, evidence: Facts) -> bool:
    """The evidence gives another value (or qualifier) for the same unit."""
    if not quantity.unit:
        return False
    return any(
        o.unit == quantity.unit
        and (o.value != quantity.value or (quantity.qualifier and o.qualifier and o.qualifier != quantity.qualifier))
        for o in evidence.quantities
    )


_WITHOUT_RE = re.compile(r"(?<![\w-])без\s+(?P<what>(?:[\w-]+\s*){1,3})", re.I)
_CLAIM_CLAUSE_RE = re.compile(r"[^,;:.!?—–]+")
_PROHIBITION_OR_NOT_RE = re.compile(
    r"(?<![\w-])(?:нельзя|запрещено|запрещается|недопустимо|невозможно|не\s+допускается|"
    # «не» of the predicate, not of a bound («не более 30 дней», «не позднее чем за …»)
    r"не(?!\s+(?:более|менее|больше|меньше|позднее|позже|ранее|раньше|свыше)(?![\w-])))(?![\w-])\s*",
    re.I,
)


def as_only_way(claim: str, evidence: str) -> str:
    """``claim`` read positively where it states, by «без X … нельзя / не …», what the evidence states as the rule's
    only way «только после / по / через X» (review F18): «Без согласования с руководителем работать из-за границы
    нельзя» says what «Работать из-за границы можно … только после согласования с руководителем» says, so it is
    checked as «… работать из-за границы только после согласования с руководителем».  Only the clause holding «без»
    loses its negation, only when that clause negates or prohibits (a clause permitting what the absence forbids,
    «Без согласования … можно», stays as it is and conflicts), and only when one of the first words after «без»
    shares a stem with the words after «только <preposition>» in the evidence; any other claim is returned
    unchanged."""
    ways = [(way.prep, {_stem(w) for w in way.words}) for way in only_ways(evidence) if way.prep and way.words]
    if not ways or not _WITHOUT_RE.search(claim):
        return claim

    def rewrite(clause: re.Match[str]) -> str:
        text = clause.group(0)
        without = _WITHOUT_RE.search(text)
        if without is None:
            return text
        stems = {_stem(w) for w in without.group("what").split()}
        prep = next((prep for prep, what in ways if stems & what), None)
        # only the predicate «без» belongs to loses its negation: a coordinated one («… не переносится и компенсация
        # не выплачивается») keeps its own and is checked as stated
        start, end = _piece_around(text, without.start())
        piece = text[start:end]
        if prep is None or not _PROHIBITION_OR_NOT_RE.search(piece):
            return text  # no such rule, or a claim permitting what the rule's absence forbids
        at = without.start() - start
        positive = f"{piece[:at]}только {prep} {piece[at + len('без') :].lstrip()}"
        return text[:start] + _PROHIBITION_OR_NOT_RE.sub("", positive) + text[end:]

    return _CLAIM_CLAUSE_RE.sub(rewrite, claim)


def _piece_around(text: str, position: int) -> tuple[int, int]:
    """The span of the coordinated clause of ``text`` (``clauses(…, "coordinated")``: «и» between two predicates
    cuts) holding ``position``; the whole text if none does."""
    offset = 0
    for piece in clauses(text, "coordinated", also=PREDICATE_WORDS):
        start = text.find(piece, offset)
        if start < 0:
            break
        offset = start + len(piece)
        if start <= position < offset:
            return start, offset
    return 0, len(text)


def guard(claim: str, evidence: str) -> GuardResult:
    """Check that every number, time, proper name and negation of ``claim`` is present and the same in
    ``evidence`` (a claim restating the evidence's only way by its absence is read positively: :func:`as_only_way`)."""
    claim = as_only_way(claim, evidence)
    mine, theirs = extract_facts(claim), extract_facts(evidence)
    missing: list[str] = []
    conflict = False
    texts = [s for s in _SENTENCE_RE.split(evidence) if s.strip()]
    sentences = [extract_facts(s) for s in texts]
    for quantity in mine.quantities:
        if not _quantity_found(quantity, theirs):
            missing.append(quantity.named)
            conflict = conflict or _quantity_conflicts(quantity, theirs)
        elif quantity.counts and not any(
            _quantity_found(quantity, sentence) and quantity.counts & sentence.words for sentence in sentences
        ):
            # the number is there, but it counts something else («10 рабочих дней болезни» ≠ «10 дней здоровья»)
            missing.append(quantity.named)
            conflict = True
        elif _said_elsewhere(
            quantity.context,
            [s for s in sentences if _quantity_found(quantity, s)],
            [s for s in sentences if not _quantity_found(quantity, s) and _counts_in(quantity.unit, s)],
        ):
            # the number is there, but the sentence the claim restates gives another one («первые 3 дня болезни
            # оплачивает компания» / the claim's «первые 10 дня…», 10 taken from another rule)
            missing.append(quantity.named)
            conflict = True
        elif _restated_without(quantity, sentences):
            # the sentence the claim's clause restates gives no such number: the number is another statement's
            # («Работа сверх нормы компенсируется отгулом…» / the claim's «… компенсируется отпуском 28 дней»)
            missing.append(quantity.named)
        elif _swapped_in_sentence(quantity, texts):
            # one sentence holds both numbers, and the claim's clause is the other number's («больше 4 часов, …
            # пересечение не менее 3 часов» / the claim's «… не менее 4 часов»)
            missing.append(quantity.named)
            conflict = True
    for quantity in _repeated_beyond(mine.quantities, sentences):
        # the claim states a number twice where the sentence holding it states it once and another number beside
        # it («вернул 401 или 403» / the claim's «403 или 403»)
        missing.append(quantity.named)
        conflict = True
    for time in mine.times - theirs.times:
        missing.append(time)
        conflict = conflict or bool(theirs.times)
    for time, context in mine.time_contexts:
        holding = [s for s in sentences if time in s.times]
        others = [s for s in sentences if time not in s.times and s.times]
        if time not in missing and holding and _said_elsewhere(context, holding, others):
            missing.append(time)  # the time is there, for another event of the passage
            conflict = True
    for name in mine.names:
        if name not in theirs.names and not _name_in_words(name, theirs):
            missing.append(name)
    for name, context in mine.name_contexts:
        holds = [name in s.names or _name_in_words(name, s) for s in sentences]
        holding = [s for s, held in zip(sentences, holds, strict=True) if held]
        others = [s for s, held in zip(sentences, holds, strict=True) if not held and s.names]
        # (no sentence holding it: a quotation the sentence split cut — the whole evidence holds it, that stands)
        if name not in missing and holding and _said_elsewhere(context, holding, others):
            # the name is there, but the sentence the claim restates names another («проект в Jira» → «в GigaChat»)
            missing.append(name)
            conflict = True
    conflict = _add_new(missing, _names_out_of_clause(claim, evidence)) or conflict
    for negation in mine.negations - theirs.negations:
        missing.append(negation)
        conflict = True
    for negation, context in mine.negation_contexts:
        with_it = [s for s in sentences if negation in s.negations]
        without = [s for s in sentences if negation not in s.negations]
        if negation in theirs.negations and _said_elsewhere(context, with_it, without):
            missing.append(negation)  # the evidence negates something else; the sentence the claim restates does not
            conflict = True
    # The claim states, without negation, what the evidence negates («переносятся» / «не переносятся»).
    flipped = (theirs.negated_words - mine.negated_words) & mine.words
    for word in sorted(flipped):
        if len(word) < 3:
            continue  # a negated preposition («не по плану») says nothing about the preposition
        if word in theirs.words and _affirmed(word, evidence):
            continue  # the evidence also affirms it elsewhere
        missing.append(f"не {word}")
        conflict = True
    # «бесплатно» where the sentence restated says «за свой счёт», «на испытательном сроке» where it says «после
    # испытательного срока»
    conflict = _add_new(missing, _qualifier_clashes(claim, texts)) or conflict
    # a permission against the prohibition of the clause the claim restates, or the reverse, wherever each stands in
    # its clause; a word that clause negates, even when another clause states it
    conflict = _add_new(missing, _polarity_clashes(claim, evidence)) or conflict
    return GuardResult(not missing, tuple(missing), conflict)


def _add_new(missing: list[str], found: Iterable[str]) -> bool:
    """Append to ``missing`` each value of ``found`` it does not hold yet, in order; whether ``found`` named any (a
    conflict, whether new or not)."""
    named = False
    for value in found:
        if value not in missing:
            missing.append(value)
        named = True
    return named


def values_of(text: str) -> tuple[str, ...]:
    """The values of ``text`` the guard checks, named as :attr:`GuardResult.missing` names them: each number with
    its unit («25 март», «45 день»), each time («9:00»), each name."""
    facts = extract_facts(text)
    quantities = (q.named for q in facts.quantities)
    return (*quantities, *sorted(facts.times), *sorted(facts.names))


def _repeated_beyond(quantities: tuple[Quantity, ...], sentences: list[Facts]) -> list[Quantity]:
    """The quantities ``quantities`` state more often than any evidence sentence does, where a sentence holding
    them states another number of the same unit."""
    found = []
    for quantity in dict.fromkeys(quantities):
        times = quantities.count(quantity)
        if times < 2:
            continue
        holding = [s for s in sentences if _quantity_found(quantity, s)]
        most = max((sum(_quantity_found(quantity, Facts((o,))) for o in s.quantities) for s in holding), default=0)
        other = any(o.unit == quantity.unit and o.value != quantity.value for s in holding for o in s.quantities)
        if holding and most < times and other:
            found.append(quantity)
    return found


def _swapped_in_sentence(quantity: Quantity, texts: list[str]) -> bool:
    """Whether every evidence sentence holding ``quantity`` holds it in a clause that shares at least two words
    fewer with the claim's clause than another clause of it stating another number of the same unit."""
    if len(quantity.clause) < 2:
        return False
    swapped = False
    for text in texts:
        clauses = [extract_facts(c) for c in _EVIDENCE_CLAUSE_RE.split(text) if c.strip()]
        holding = [c for c in clauses if _quantity_found(quantity, c)]
        if not holding:
            continue
        others = [c for c in clauses if not _quantity_found(quantity, c) and _counts_in(quantity.unit, c)]
        held = max(len(quantity.clause & c.words) for c in holding)
        if max((len(quantity.clause & c.words) for c in others), default=0) < held + 2:
            return False
        swapped = True
    return swapped


def _counts_in(unit: str, facts: Facts) -> bool:
    """Whether ``facts`` hold a number of ``unit`` (``""``: a bare number)."""
    return any(o.unit == unit for o in facts.quantities)


def _said_elsewhere(context: frozenset[str], holding: list[Facts], others: list[Facts]) -> bool:
    """Whether one of ``others`` (evidence sentences without the fact) shares more of ``context`` than every sentence
    ``holding`` the fact: the claim's clause restates that sentence, so the fact was taken from another statement."""
    if not context:
        return False
    held = max((len(context & s.words) for s in holding), default=0)
    return max((len(context & s.words) for s in others), default=0) > held


def _restated_without(quantity: Quantity, sentences: list[Facts]) -> bool:
    """Whether an evidence sentence without ``quantity`` shares at least two words of the claim clause around it and
    more than every sentence holding it: the clause restates that sentence, which gives no such number."""
    holding = [s for s in sentences if _quantity_found(quantity, s)]
    if not holding:
        return False  # the number found only across sentences (a split quotation): the whole evidence stands
    held = max(len(quantity.context & s.words) for s in holding)
    rival = max((len(quantity.context & s.words) for s in sentences if not _quantity_found(quantity, s)), default=0)
    return rival >= 2 and rival > held


# Who pays: «бесплатно» against «за свой счёт» / «платно».
_PAYMENT_RE = re.compile(
    r"\b(?P<free>бесплатн\w*|безвозмездн\w*|за\s+сч[её]т\s+(?:компании|работодателя))"
    r"|\b(?P<own>за\s+(?:свой|собственный|личный)\s+сч[её]т|за\s+сч[её]т\s+сотрудника|платн\w*)",
    re.IGNORECASE,
)
# Where a rule stands in time against a period: before it, during it, after it («после испытательного срока»);
# «на» only with the locative («на испытательном сроке», not «заявление на отпуск»).
_PERIOD_RE = re.compile(
    r"\b(?:(?P<before>до|перед)|(?P<after>после|по\s+(?:окончании|истечении|завершении))"
    r"|(?P<during>во\s+время|в\s+период|на\s+(?:время|период)|(?P<on>на)))\s+(?P<noun>[а-яё]+(?:\s+[а-яё]+)?)",
    re.IGNORECASE,
)


def _qualifiers(text: str) -> dict[tuple[str, frozenset[str]], str]:
    """The payment (``("free" | "own", ∅)``) and period (``("before" | "after" | "during", stems)``) qualifiers
    of ``text``, each with its words."""
    from agentcore.text.morphology import parses

    found: dict[tuple[str, frozenset[str]], str] = {}
    for match in _PAYMENT_RE.finditer(text):
        found.setdefault(("free" if match.group("free") else "own", frozenset()), match.group(0).lower())
    for match in _PERIOD_RE.finditer(text):
        noun = match.group("noun")
        if match.group("on") and not any(
            {"loct", "loc2"} & set(p.tag.grammemes) for p in parses(noun.split()[0].lower())
        ):
            continue  # «заявление на отпуск»: a purpose, not a time
        stems = _content_words(noun)
        if stems:
            kind = "before" if match.group("before") else "after" if match.group("after") else "during"
            found.setdefault((kind, stems), match.group(0).lower())
    return found


def _qualifier_clashes(claim: str, texts: list[str]) -> list[str]:
    """The claim's payment or period qualifiers that the evidence sentence it restates (the one sharing most of
    its words, at least two) gives otherwise — and nowhere as the claim does."""
    mine = _qualifiers(claim)
    if not mine:
        return []
    words = _content_words(claim)
    scored = [(len(words & _content_words(t)), t) for t in texts]
    best = max(scored, key=lambda x: x[0], default=(0, ""))
    if best[0] < 2:
        return []
    theirs = _qualifiers(best[1])
    found: list[str] = []
    for (kind, stems), phrase in mine.items():
        payment = kind in ("free", "own")
        same = [k for k, s in theirs if (k in ("free", "own")) == payment and (payment or s & stems)]
        if same and kind not in same:
            found.append(phrase)
    return found


def _name_in_words(name: str, facts: Facts) -> bool:
    if re.search(r"\d", name):
        return False  # a code is only found as itself
    parts = name.split()
    return bool(parts) and all(p in facts.words for p in parts)


def _affirmed(stem: str, text: str) -> bool:
    """Whether ``text`` uses a word of ``stem`` without a negation right before it."""
    tokens = _WORD_RE.findall(text.lower())
    return any(_stem(token) == stem and (i == 0 or tokens[i - 1] not in _NEGATORS) for i, token in enumerate(tokens))


# ------------------------------------------------------------------------------------ clauses and polarity
_POLARITY_WORDS = frozenset(w.replace("ё", "е") for w in _PERMISSIONS | _PROHIBITIONS)
# Clauses are cut by agentcore.text.clauses («coordinated»: «;», contrasts, commas between main clauses, «и» between
# two predicates), the permission and prohibition words read as predicates whatever pymorphy3 reads.
PREDICATE_WORDS = _PERMISSIONS | _PROHIBITIONS
"""Words read as a clause's predicate whatever pymorphy3 reads (the permission and prohibition words)."""
_VERB_OR_PREDICATE = PREDICATE_POS | {"INFN"}
"""The words that say what a clause does (its ``predicate`` stems): a predicate or an infinitive."""
_NAME_NEGATED_RE = re.compile(
    r"(?<![\w-])(?:не|ни)\s+(?:(?:в|во|на|с|со|у|к|ко|по|для|из|от|через|про|о|об)\s+)?$", re.IGNORECASE
)


@dataclass(frozen=True)
class _Clause:
    """One clause of a text: its content-word stems (``words``; an elliptical clause — «а схемы — в Miro», «а в
    Kaiten» — has the predicate of the clause before it, and all that clause's words when it has none of its own
    besides a name), its names, the names it negates («не в Miro»), its polarity (``"permit"``, ``"forbid"`` or
    ``""``), and the stems it negates and states."""

    words: frozenset[str]
    names: frozenset[str]
    negated_names: frozenset[str]
    polarity: str
    negated: frozenset[str]
    affirmed: frozenset[str]
    predicate: frozenset[str]


def _polarity(tokens: list[str]) -> str:
    """``"permit"`` / ``"forbid"`` for a clause's tokens with a permission / prohibition word; ``""`` without one
    or with both."""
    found = set()
    for i, token in enumerate(tokens):
        if token in _PERMISSIONS or token in _PROHIBITIONS:
            kind = "permit" if token in _PERMISSIONS else "forbid"
            if i and tokens[i - 1] == "не":
                kind = "forbid" if kind == "permit" else "permit"
            found.add(kind)
    return found.pop() if len(found) == 1 else ""


@lru_cache(maxsize=4096)
def _clauses(text: str) -> tuple[_Clause, ...]:
    """The clauses of ``text``, sentence by sentence."""

    result: list[_Clause] = []
    for sentence in _SENTENCE_RE.split(_split_prefix_negations(text.replace("\u00a0", " "))):
        previous: _Clause | None = None
        for piece in clauses(sentence, "coordinated", also=PREDICATE_WORDS):
            tokens = [t.lower().replace("ё", "е") for t in _WORD_RE.findall(piece)]
            facts = extract_facts(piece)
            name_words = {w for n in facts.names for w in n.split()}
            own = _content_words(piece) - _polarity_stems()
            negated: set[str] = set()
            affirmed: set[str] = set()
            for i, token in enumerate(tokens):
                if len(token) < 3 or token in _NEGATORS:
                    continue
                (negated if i and tokens[i - 1] in ("не", "ни", "без") else affirmed).add(_stem(token))
            negated_names = frozenset(
                found for found, start, _ in _name_spans(piece) if _NAME_NEGATED_RE.search(piece[:start])
            )
            predicate = frozenset(_stem(t) for t in tokens if is_predicate(t, _VERB_OR_PREDICATE)) - _polarity_stems()
            polarity = _polarity(tokens)
            words = frozenset(own)
            if previous is not None and not own:  # «… не нужно и нельзя»: the words of the clause before
                words |= previous.words - {w for n in previous.names for w in n.split()}
            elif previous is not None and not has_predicate(piece, also=PREDICATE_WORDS):
                words |= previous.predicate  # «а схемы — в Miro»: «ведутся» is this clause's too
                if not own - name_words:  # «а в Kaiten»: all of the clause before, but its names
                    words |= previous.words - {w for n in previous.names for w in n.split()}
                polarity = polarity or previous.polarity
                predicate = predicate or previous.predicate
            clause = _Clause(
                words,
                facts.names,
                negated_names,
                polarity,
                frozenset(negated),
                frozenset(affirmed),
                predicate,
            )
            result.append(clause)
            previous = clause
    return tuple(result)


@lru_cache(maxsize=1)
def _polarity_stems() -> frozenset[str]:
    return frozenset(_stem(w) for w in _PERMISSIONS | _PROHIBITIONS)


def _restating(clause: _Clause, evidence: tuple[_Clause, ...]) -> _Clause | None:
    """The evidence clause that says what ``clause`` says: the one sharing most of its words (at least two, or all
    of a clause of one word) — of those sharing as many, the one stating a permission or a prohibition; ``None``
    when none does, or when such clauses permit and prohibit."""
    scored = sorted(((len(clause.words & c.words), c) for c in evidence), key=lambda x: -x[0])
    if not scored or scored[0][0] < min(2, len(clause.words)) or not scored[0][0]:
        return None
    tied = [c for score, c in scored if score == scored[0][0]]
    stated = [c for c in tied if c.polarity]
    if len({c.polarity for c in stated}) > 1:
        return None  # two clauses say it as much, one permitting, one prohibiting: no one reading
    return stated[0] if stated else tied[0]


def _polarity_clashes(claim: str, evidence: str) -> list[str]:
    """What ``claim`` states with another polarity than the evidence clause restating it: a permission where it
    prohibits or the reverse («Мержить … можно» / «… запрещено»), or a word it negates («не переносятся»)."""
    theirs = _clauses(evidence)
    found: list[str] = []
    for clause in _clauses(claim):
        best = _restating(clause, theirs)
        if best is None:
            continue
        if clause.polarity and best.polarity and clause.polarity != best.polarity:
            found.append("нельзя" if best.polarity == "forbid" else "можно")
        if len(clause.words & best.words) < 2:
            continue  # one shared word («Подключается, но …» / «Если VPN не подключается»): no restatement to negate
        for stem in sorted(best.negated & clause.affirmed - clause.negated):
            found.append(f"не {stem}")
    return found


def _names_out_of_clause(claim: str, evidence: str) -> list[str]:
    """The names of ``claim`` the evidence states in another clause than the one saying what the claim's clause
    says: a name belongs to its clause.  For each name of a claim clause, the evidence clauses holding it must
    share as many of that clause's other words as any evidence clause naming something else does, or any clause
    naming nothing that shares two of them («Отпуск согласует руководитель в Kaiten» / «Отпуск согласует
    руководитель, заявление оформляется в Kaiten») («Задачи ведутся
    в Miro» / «Задачи ведутся в Kaiten, а схемы рисуют в Miro»: the clause about tasks names Kaiten), and must not
    all deny it («Задачи ведутся не в Miro, а в Kaiten»)."""
    theirs = _clauses(evidence)
    found: list[str] = []
    for clause in _clauses(claim):
        for name in clause.names:
            holding = [c for c in theirs if name in c.names]
            if not holding:
                continue  # a name the evidence lacks is the guard's «missing», not this
            context = clause.words - {w for n in clause.names for w in n.split()}
            held = max(len(context & c.words) for c in holding)
            # a clause naming something else outweighs the holders by one shared word; a clause naming nothing
            # must restate the claim clause (two shared words) — «Отпуск согласует руководитель, заявление
            # оформляется в Kaiten»: the approval names no system, so «согласует … в Kaiten» is not said
            rival = max(
                (
                    shared
                    for c in theirs
                    if name not in c.names and ((shared := len(context & c.words)) >= 2 or c.names)
                ),
                default=0,
            )
            if context and rival > held:
                found.append(name)
            elif name not in clause.negated_names and all(name in c.negated_names for c in holding):
                found.append(f"не {name}")
    return found
