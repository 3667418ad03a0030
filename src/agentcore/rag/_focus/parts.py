"""The parts of a question: what each asks for (:data:`Asks`), its subject terms, and the share of them a text holds."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Literal

from agentcore.rag._asking import asks_for_steps, prohibits
from agentcore.rag._focus import english
from agentcore.rag._focus.coordination import coordinated_objects
from agentcore.rag._focus.english import is_english
from agentcore.rag._focus.measures import COUNT_FORM, MEASURE_MUST_MATCH, ceilings, measure_words
from agentcore.rag._focus.words import (
    DETERMINERS_NAME_NO_SUBJECT,
    VERBS_OF_MOTION_NAME_NO_SUBJECT,
    WORD_RE,
    is_circumstantial_adverb,
    is_determiner,
    is_function_word,
    is_verb,
    is_verb_of_motion,
    lemma_of,
    predicate_reading,
    term_matches,
    vocabulary_of,
)
from agentcore.rag._ranking import PROCEDURE_FILLER
from agentcore.text.clauses import CONDITION_OPENERS
from agentcore.text.morphology import parses as word_parses
from agentcore.text.morphology import pos_of

Asks = Literal["number", "time", "person", "service", "name", "yesno", "procedure", "definition", "other"]


_PART_SPLIT_RE = re.compile(
    r"\?|;|\s[—–]\s|,\s*а\s+(?:также\s+)?|,?\s+и\s+(?=(?:что|как|сколько|когда|где|кто|куда|чем|почему|зачем|"
    r"какой|какая|какое|какие|каким|какую|можно|нужно|надо|до скольки|во сколько)\b|[а-яё]+\s+ли\b|"
    # a question word after its preposition: «во сколько ретро и в какой доске клеим стикеры»
    r"(?:в|во|на|с|со|по|к|ко|у|о|об|за|из|от|для|через|при)\s+(?:как(?:ой|ая|ое|ие|ом|ую|им|их|ого|ому)|"
    r"ч[её]м|чему|кого|кому|котор\w+)\b)|"
    r",?\s+а\s+(?=(?:что|как|сколько|когда|где|кто|куда|какой|какая|какое|какие|можно|если)\b)",
    re.IGNORECASE,
)


TIME_BOUNDS_ASK_A_TIME = True
"""Whether a noun of time asked by «какой / который» after a preposition reads what the part asks: after a preposition
of a bound («с», «со», «начиная с», «после», «до», «к», «по») it asks the moment a period starts or ends — a time
(«с какого момента можно брать первый отпуск», «медстраховка с какого дня начинает действовать», «после какого
срока можно на удалёнку»), as «после чего» asks the event it follows; after a preposition of extent («в течение»,
«через», «за», «на») it asks a span — a number with a unit of time («в течение какого срока сдать отчёт», «через
какое время блокируется экран»).  Before, such a part was read as a yes/no by its modal («можно», «нужно»), as a
name by «какой», or as nothing.  The noun of time itself is the slot, not a subject term."""

_TIME_NOUN = r"(?:момент|дн[яюе]|день|дат|числ|месяц|год|недел|врем|срок|период|квартал|час)\w*"
_TIME_BOUND = (
    rf"(?<![\w-])(?:(?:(?:начиная\s+)?(?:с|со)|после|до|к|ко)\s+(?:как|котор)(?:ого|ому|ой|ую|ое|ом|ие|их|ий)|"
    # «по» bounds a period with the accusative («по какое число»); with the dative it means «according to» («по
    # какому времени быть на связи»: which time zone)
    r"по\s+(?:как|котор)(?:ое|ую|ой))\s+"
    rf"{_TIME_NOUN}|"
    r"\bпосле\s+чего\b"
)
_SPAN_ASKED = r"(?<![\w-])(?:в\s+течени[еи]|через|за|на)\s+как(?:ое|ой|ого|ую|ие)\s+(?:врем|срок|период)\w*"
_TIME_SLOT_RE = re.compile(rf"(?:как|котор)(?:ого|ому|ой|ую|ое|ом|ие|их|ий)\s+({_TIME_NOUN})", re.I)
_COMPOUND_PREPOSITIONS_RE = re.compile(r"(?<![\w-])(?:в\s+течени[еи]|начиная\s+(?=с\b|со\b))", re.I)
"""Prepositions of several words («в течение», «начиная с»): their noun and gerund name no subject."""
CONDITION_OPENERS_NAME_NO_SUBJECT = True
"""Whether the words of a condition opener of several words («при условии(, что)», «в случае(, если)», «в тех
случаях, когда», «за исключением случаев»: :data:`agentcore.text.clauses.CONDITION_OPENERS`) are no subject terms, as
«если» is none: they say that a condition follows, not what it is about — before, «сколько доплачивают при условии,
что стаж 5 лет» required «условие» of the sentence that states the rule for five years' service.  Before a noun they
are compound prepositions («в случае болезни»), and the noun stays a term."""
_CONDITION_OPENERS_RE = re.compile(
    r"(?<![\w-])(?:" + "|".join(r"\s+".join(o.split()) for o in CONDITION_OPENERS if " " in o) + r")(?![\w-])", re.I
)


CEILINGS_NAME_NO_SUBJECT = True
"""Whether «в пределах» before a figure («в пределах 5000 рублей», «в пределах пяти тысяч») or a unit alone («в
пределах месяца»: :data:`~agentcore.rag._focus.measures.CEILINGS_OF_ONE_UNIT`) is read as the ceiling it states — a
compound preposition, as «до 5000 рублей» and «не более 5000 рублей» are — and its noun «предел» is no subject term:
before, a yes/no «компенсируют обед в пределах 1000 рублей?» required «предел» of the sentence that states the limit
(«до 1000 ₽»).  Before a noun («в пределах Москвы») it keeps its word."""


def _ceilings_removed(text: str) -> str:
    """``text`` without «в пределах» before a figure in digits or in words or a unit of measure
    (:func:`~agentcore.rag._focus.measures.ceilings`, :data:`CEILINGS_NAME_NO_SUBJECT`)."""
    for match, _one_unit in reversed(ceilings(text)):
        text = f"{text[: match.start()]} {text[match.end() :]}"
    return text


_PHASE_VERBS = frozenset(
    (
        "начинать", "начать", "начинаться", "начаться", "заканчивать", "закончить", "заканчиваться", "закончиться",
        "кончаться", "кончиться", "завершаться", "завершиться", "стартовать",
    )
)  # fmt: skip
"""Verbs of a period's phase («начинает действовать», «дежурство начинается с какого момента»): in a part asking a
time they name the bound asked — the slot — as a verb of lasting does for «сколько длится»; the sentence states the
bound without them («Дежурство длится неделю: с понедельника 10:00 …», «Полис действует с 1-го числа …»)."""


_ASKS: tuple[tuple[Asks, re.Pattern[str]], ...] = (
    # «до скольки рублей», «скок дней» (chat spelling of «сколько»): a count, though «до скольки» alone asks a time
    (
        "number",
        re.compile(
            r"скольк\w*\s+(?:рубл|руб\b|₽|процент|штук|символ|раз\b|мест|человек|дн|недел|месяц)|\bскок\w*", re.I
        ),
    ),
    (
        "time",
        re.compile(
            # «со скольки» asks a time, «со сколькими коллегами» a count (:data:`COUNT_FORM`)
            # «во сколько обойдётся / стоит» asks a price (:data:`MONEY_IS_NO_TIME`)
            rf"(?:до|к|со) (?!{COUNT_FORM})скольки|во сколько(?!\s+(?:\w+\s+)?(?:обойд|обходит|стои))|в какое время|"
            r"до какого (?:времени|часа)|"
            r"\bкогда\b|какого числа|в какой день|в какие дни|до какого числа|какие сроки|в какой срок|"
            r"(?:до|во|к|с|со) котор\w+ час\w*|"
            # a noun phrase that names a time slot («часы работы техподдержки», «время реакции», «дата выплаты»)
            r"\bчасы работы|в какие часы|\bграфик работы|\bрежим работы|"
            # the bound of a period asked by its noun of time: «с какого момента», «начиная с какого дня», «после
            # какого срока», «по какое число» (:data:`TIME_BOUNDS_ASK_A_TIME`); «после чего» — the event it follows
            rf"{_TIME_BOUND}|"
            r"\bврем[яенио]+\s+(?:реакци|начал|работ|выплат)|\bдат[аыу]\b",
            re.I,
        ),
    ),
    (
        "number",
        re.compile(
            r"\bсколько\b|скольк\w+|на сколько|какой (?:срок|лимит|размер|бюджет|процент)|"
            # a span asked by its noun of time: «в течение какого срока», «через какое время»
            rf"{_SPAN_ASKED}|"
            # a threshold asked by a noun of measure in any case: «с какой длительности перелёта»
            r"как(?:ая|ой|ую|ое|ого) (?:длительност|продолжительност|возраст)\w*|"
            r"как(?:ая|ой|ие) (?:сумм|стоимост|компенсац|доплат|лимит)|как часто|как долго|как быстро|"
            r"сколько стоит|во что обойд|какая длин|какой длин|максимум|минимум|"
            # a noun phrase that names an amount («лимит на такси», «стоимость ДМС», «размер MR»)
            r"\bлимит\w*|\bстоимост\w*|\bразмер\w*|\bдлин[аеуы]\b|\bбюджет\w*|\bсуточн\w*|"
            r"как(?:ой|ая|ого|ую) (?:объ[её]м|вес|скорост|ширин|высот|площад)\w*",
            re.I,
        ),
    ),
    (
        "person",
        re.compile(
            r"^\s*кто\b(?!\s+так)|\bкто\s+(?!такой|такая|такие)|к кому|\bкому\b|с кем|у кого|"
            r"кто (?:отвечает|решает|согласует|проводит|может)",
            re.I,
        ),
    ),
    (
        "service",
        re.compile(
            r"как(?:ая|ой|ом|ую|ого) (?:страхов\w*|сервис\w*|приложени\w*|систем\w*|мессенджер\w*|"
            r"канал\w*|клиент\w*|программ\w*|инструмент\w*|менеджер\w* парол\w*|бот\w*|почт\w*|"
            r"адрес\w*|номер\w*|телефон\w*)|в каком (?:сервисе|приложении|разделе|канале|чате)|"
            r"\bгде\b|куда\b|через что|по какому (?:номеру|адресу|телефону)|"
            # each name from a word's start: «работу … какой порядок» holds «бот» inside a word and asks no service
            r"(?<![\w-])(?:страхов\w*|сервис\w*|приложени\w*|мессенджер\w*|бот\w*|почт\w*|адрес\w*|телефон\w*)\b"
            r".*\bкак(?:ая|ой|ое|ие)\b",
            re.I,
        ),
    ),
    ("definition", re.compile(r"что (?:такое|значит|означает)|кто так(?:ой|ая|ие)|\bзачем нуж|\bрасшифр", re.I)),
    # «как называется школа», «как зовут директора»: a name, not a procedure («как оформить»)
    ("name", re.compile(r"\bкак\s+(?:называ\w*|(?:его\s+|её\s+|ее\s+)?зовут|фамилия)\b", re.I)),
    # «какой VPN», «какая версия питона», «какое метро»: one thing asked by its name or value (not «какие
    # расходы», a list, nor «какой порядок», a procedure)
    ("name", re.compile(r"(?<![\w-])как(?:ой|ая|ое|ую|ом|ой|им)\b(?!\s+(?:порядок|образом|смысл)\b)", re.I)),
    (
        "procedure",
        re.compile(
            rf"^\s*(?:а\s+)?как\b|что {PROCEDURE_FILLER}(?:делать|нужно сделать|надо сделать)|каков порядок|"
            r"какой порядок|как быть|что делать|\bчто\s+для\s+этого\s+(?:нужно|надо)\b|\bпо\s+(?:шагам|порядку)\b|"
            # «как» and an infinitive opening a clause after the situation: «вылезла ERR-104 …, как чинить», also
            # past a pronoun or the moment (:data:`PROCEDURE_FILLER`: «как о нём сообщить», «что теперь делать»)
            rf"[,.:;]\s*(?:а\s+)?как\s+{PROCEDURE_FILLER}[а-яё]+(?:ть|ти|чь|ться|тись)\b",
            re.I,
        ),
    ),
    ("yesno", re.compile(r"\bли\b|\bможно\b|\bнельзя\b|\bобязательно\b|\bнужно\b|\bнадо\b", re.I)),
)


# Words of a question that name no subject («подскажите», «нужно», «вообще»).
QUESTION_WORDS = frozenset(
    """
    что кто где когда куда откуда почему зачем как какой какая какое какие каким какую каком какого каких скольки
    сколько ли можно нельзя нужно надо должен должна должно должны обязательно хотеть хотеть мочь быть делать сделать
    подсказать сказать узнать знать смочь суметь скажите подскажите пожалуйста плз плиз вообще вот это этот эта
    эти тот та мне меня мой моя мои я ты вы мы наш наша у нас компания компании компанию ромашка софт ооо порядок
    так такой такая такое сейчас уже ещё еще просто точно примерно реально именно какой-то какой-нибудь нибудь
    стоит получиться получается бывает есть нет да раз раза делается происходит нужен нужна нужны норм ок привет
    минимум максимум минимальный максимальный минималка максималка макс рубль рублей руб процент процентов
    скок скока скоко стоят стоил стоила стоило стоили обязан обязана обязано обязаны необходимо следует
    число время дата срок лимит размер стоимость сумма длина длительность длиться продолжаться составлять деньга деньги
    пока снова опять тоже также потом теперь иногда несколько называться
    """.split()  # noqa: SIM905 - a word list reads better as text
)


_CLOCK_WORDS = frozenset({"час", "часы"})
"""The slot of a question asking a time («до которого часа»), not one of its subject terms."""
_PART_OF_DAY = frozenset({"утро", "вечер"})
"""A part of the day right after the time asked («до скольки утра», «во сколько вечера») says which hours, not what
the question is about."""
_PART_OF_DAY_RE = re.compile(r"(?:скольки|сколько|котор\w+ час\w*)\s+(?:утра|вечера)\b", re.I)


@dataclass(frozen=True)
class Part:
    """One part of a question: its text, what it asks for, and its subject terms (lemmas)."""

    text: str
    asks: Asks
    terms: tuple[str, ...]
    alternatives: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Other spellings of a term the documents use (``(term, lemmas)``: all the lemmas must be found), from the
    query repair against the passages' own words: «ноут» → «ноутбук», «велосити» → «velocity»."""

    colloquial: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The documents' words for a colloquial term (:mod:`agentcore.rag._lexicon`: «залочат» → «заблокировать»),
    as ``alternatives``.  They count for the term share only: the paraphrase tests by meaning read the part
    without them (a word the passages never use stays a lack there), so the lexicon adds lexical evidence and
    loosens nothing else."""

    own_object: tuple[str, ...] = ()
    """The terms of the part's own object when it is one of coordinated objects of one predicate («квартальную
    премию» of «когда выплачивают отпускные и квартальную премию»): the predicate is the sibling part's too, so a
    sentence answering the sibling lies near this part by meaning — only a shown sentence holding these terms
    answers it (:func:`agentcore.rag._focus.check.check_focus`)."""

    def alternatives_of(self, term: str) -> list[tuple[str, ...]]:
        """The other spellings of ``term`` (the colloquial lexicon's words included)."""
        return [lemmas for name, lemmas in (*self.alternatives, *self.colloquial) if name == term]

    def plain(self) -> Part:
        """The part without the colloquial lexicon's words."""
        return replace(self, colloquial=()) if self.colloquial else self


RELATIVE_WORDS_ASK_NOTHING = True
"""Whether «когда», «где», «куда», «кто» that open a clause of the question's situation — a relative or a
conjunction, not a question word — are left out when reading what a part asks: «когда», «где», «куда» after a
question word or «ли» (the part already asks: «можно ли взять отгул, когда болеет ребёнок», «что делать, когда
заболел в отпуске», «сколько платят, когда работаешь в выходной», «можно ли работать из кафе, где нет wifi»), any of
them after a demonstrative it points back to («тем, кто на испытательном сроке», «там, где»), or opening the part
before a comma and a clause that asks («когда заболел в отпуске, что делать»).  Before, the first of them made the
part ask a time, a place or a person, and a sentence was taken only if it gave one.  Still asking: one before an
infinitive (a second question of its own: «как попасть к врачу, куда звонить»), «кто» after a question without a
demonstrative («что нужно для визы, кто оформляет»), and one after a verb of learning or telling — the question
asked indirectly («можно ли узнать, когда придёт зарплата»: :data:`_INDIRECT_QUESTION_HOSTS`)."""

_RELATIVE_CANDIDATE_RE = re.compile(r"(?<![\w-])(?:когда|где|куда|кто)(?![\w-])", re.I)
_ASKS_BEFORE_RE = re.compile(
    # not a pronoun after «не» («работать не на чем», «нечего»), nor «чем» of a comparison
    r"(?<![\w-])(?<!не\s)(?<!не\s\w\s)(?<!не\s\w\w\s)(?:ли|что|кто|кого|кому|где|куда|откуда|когда|почему|"
    r"зачем|как(?:ой|ая|ое|ие|ого|ому|ую|им|ом|их|ими)?|скольк\w*|скок\w*|чей|чья|чьё|чье|чьи)(?![\w-])",
    re.I,
)
_CORRELATIVES = frozenset(
    """
    тот того тому тем том та той ту те тех теми то там туда тогда оттуда все всех всем всеми каждый каждого
    каждому каждым любой любого любому любым
    """.split()  # noqa: SIM905 - a word list reads better as text
)
"""Demonstratives and quantifiers a relative clause points back to («тем, кто», «там, где», «тогда, когда», «всем,
кто»), as written (their lemmas are read otherwise: «тем» is first a form of «тема»)."""
_INDIRECT_QUESTION_HOSTS = frozenset(
    {
        "знать", "узнать", "сказать", "подсказать", "уточнить", "выяснить", "понять", "посмотреть", "проверить",
        "напомнить", "объяснить", "рассказать", "спросить",
    }
)  # fmt: skip
"""Verbs of learning or telling after which a question word asks indirectly («подскажите, когда …», «можно ли узнать,
где …»)."""


def _opens_an_infinitive_question(rest: str) -> bool:
    """Whether the clause ``rest`` (the words after a question word) begins with an infinitive, a particle or an
    adverb before it allowed: «куда звонить», «когда лучше идти» — a question of its own, not a relative clause."""
    for word in WORD_RE.findall(re.split(r"[,;:.!?]", rest, maxsplit=1)[0])[:3]:
        pos = pos_of(word.lower().replace("ё", "е"))
        if pos == "INFN":
            return True
        if pos not in ("ADVB", "PRCL", "COMP"):
            return False
    return False


def _without_relative_words(text: str) -> str:
    """``text`` with the relatives and conjunctions among «когда», «где», «куда», «кто» blanked
    (:data:`RELATIVE_WORDS_ASK_NOTHING`)."""
    if not RELATIVE_WORDS_ASK_NOTHING:
        return text
    found: list[re.Match[str]] = []
    for match in _RELATIVE_CANDIDATE_RE.finditer(text):
        before = text[: match.start()]
        words = WORD_RE.findall(before)
        previous = words[-1].lower().replace("ё", "е") if words else ""
        if previous and lemma_of(previous) in _INDIRECT_QUESTION_HOSTS:
            continue  # «узнать, когда …»: an indirect question
        if _opens_an_infinitive_question(text[match.end() :]):
            continue  # «…, куда звонить»: a second question of its own
        if previous in _CORRELATIVES:
            found.append(match)  # «тем, кто», «там, где»
        elif match.group().lower() != "кто" and _ASKS_BEFORE_RE.search(before):
            found.append(match)
        elif not before.strip(' ,.!«»"') or re.search(r"[,;:]\s*$", before):
            # opening the part or a clause: a relative clause when a later clause asks («когда заболел, что делать»)
            rest = text[match.end() :]
            comma = re.search(r"[,;:]", rest)
            later = _RELATIVE_CANDIDATE_RE.sub(" ", rest[comma.end() :]) if comma is not None else ""
            if _ASKS_BEFORE_RE.search(later):  # a question word of its own, not another of the four
                found.append(match)
    for match in reversed(found):
        text = f"{text[: match.start()]}{'_' * len(match.group())}{text[match.end() :]}"
    return text


def _asks(text: str) -> Asks:
    if is_english(text):
        return english.asks_of(text)  # type: ignore[return-value]
    text = _without_relative_words(text)
    asks = _asks_by_pattern(text)
    if QUESTION_WORDS_RULE_OUT_YESNO and asks in ("yesno", "other", "name") and not _PARTICLE_LI_RE.search(text):
        found = _WHAT_MUST_BE_DONE_RE.search(text)
        if found is not None and not prohibits(found.group()):
            return "procedure"  # «что нужно указать в заявке», «что должен делать дежурный»; not «что не нужно …»
        if asks == "yesno" and _asks_by_a_question_word(text):
            return "other"  # «какие документы нужно приложить»: a list asked, not whether
    return asks


def _asks_by_pattern(text: str) -> Asks:
    asks = _first_pattern(text)
    if asks in ("yesno", "other") and asks_for_steps(text):
        # «какие шаги нужно сделать», «какие действия»: the steps asked by their noun (issue 18, G8), read as the
        # composer reads them — never a count or a prohibition (review finding 7)
        return "procedure"
    return asks


def _first_pattern(text: str) -> Asks:
    for asks, pattern in _ASKS:
        if pattern.search(text):
            if asks == "number" and AMOUNT_NOUNS_ASK_YESNO and _asks_yesno_of_an_amount(text):
                return "yesno"
            return asks
    return "other"


QUESTION_WORDS_RULE_OUT_YESNO = True
"""Whether a modal predicate («нужно», «надо», «можно», «обязательно») makes a part a yes/no only when no question
word asks something in it: «что нужно взять с собой», «какие документы нужно приложить», «что надо делать при потере
пропуска» ask what, not whether — a question word (an interrogative pronoun in any case, before the modal) makes a
question of content, and «ли» alone keeps a yes/no («нужно ли», «правда ли, что нужно …»).  «что» with a modal of
necessity and an act asks what is to be done — a procedure (before, «что нужно сделать» alone was one, and «что нужно
делать», «что необходимо сделать», «что нужно указать» were yes/no questions)."""

_PARTICLE_LI_RE = re.compile(r"(?<![\w-])ли(?![\w-])", re.I)
_NECESSITY = r"(?:нужно|надо|необходимо|следует|требуется|придётся|придется|долж(?:ен|на|но|ны)|обязан[аоы]?)"
_WHAT_MUST_BE_DONE_RE = re.compile(
    rf"(?<![\w-])что\s+(?:[а-яё-]+\s+)?{PROCEDURE_FILLER}{_NECESSITY}\b"
    rf"(?:\s+(?:[а-яё-]+\s+)?{PROCEDURE_FILLER}(?P<act>[а-яё]+(?:ть|ти|чь|ться|тись))\b|"
    r"\s+(?:для|при|если|в\s+случае|чтобы)\b)",
    re.I,
)
"""«что» + a modal of necessity + an infinitive («что нужно сделать», «что необходимо указать», «что дежурный должен
делать»: a word may stand before the modal or the infinitive), or + the case it is needed for («что нужно для
оформления командировки», «что надо, если …»)."""
_GENERIC_ACTS = frozenset({"делать", "сделать", "предпринять", "предпринимать", "действовать"})


def asked_act(part: Part) -> str | None:
    """The act whose object a «что + modal + infinitive» part asks («что нужно взять с собой» → взять, «что
    необходимо указать в заявке» → указать), or ``None``: for another part, or for the procedure's own verbs («что
    нужно сделать»: any step answers)."""
    found = _WHAT_MUST_BE_DONE_RE.search(part.text) if QUESTION_WORDS_RULE_OUT_YESNO else None
    if found is None or found.group("act") is None:
        return None
    act = lemma_of(found.group("act").lower())
    return act if act in part.terms and act not in _GENERIC_ACTS else None


_WHO_RE = re.compile(r"(?<![\w-])кто(?![\w-])", re.I)
_WHO_MODALS = frozenset({"мочь", "должен", "должный", "обязан", "обязанный", "иметь", "хотеть", "уметь"})
_WHO_EMPTY_ACTS = frozenset({"быть", "являться", "стать", "делать", "сделать", "заниматься", "есть"})
_WHO_ACT_WITHIN = 4


def who_act(part: Part) -> str | None:
    """The act a «кто …» part asks the doer of — the first verb after «кто» within :data:`_WHO_ACT_WITHIN` words, or
    the infinitive after a modal («кто может подписать» → «подписать»): «кто зовёт заказчиков на демо» → «звать»,
    «кто проверяет чек» → «проверять» — or ``None`` (no «кто», no verb, a verb of being or doing in general, or one
    that is no subject term of the part)."""
    found = _WHO_RE.search(part.text)
    if found is None:
        return None
    words = [w.lower().replace("ё", "е") for w in WORD_RE.findall(part.text[found.end() :])][:_WHO_ACT_WITHIN]
    modal = False
    for word in words:
        pos = pos_of(word)
        lemma = lemma_of(word)
        if (pos in ("VERB", "PRTS") and lemma in _WHO_MODALS) or word in ("может", "должен", "должна", "обязан"):
            modal = True
            continue
        if pos in ("VERB", "PRTS") or (modal and pos == "INFN"):
            return lemma if lemma in part.terms and lemma not in _WHO_EMPTY_ACTS else None
        if pos in ("NOUN", "NPRO") and not modal and not is_function_word(word):
            return None  # «кто ответственный за …», «кто у нас тимлид»: no act asked
    return None


_INTERROGATIVE_RE = re.compile(
    r"(?<![\w-])(?:что|чего|чему|чем|ч[её]м|кто|кого|кому|кем|ком|где|куда|откуда|когда|почему|зачем|"
    r"как(?:ой|ая|ое|ие|ого|ому|ую|им|ом|их|ими)?|скольк\w*|скок\w*|чей|чья|чьё|чье|чьи)(?![\w-])",
    re.I,
)
_MODAL_CUE_RE = re.compile(r"(?<![\w-])(?:можно|нельзя|обязательно|нужно|надо)(?![\w-])", re.I)


def _asks_by_a_question_word(text: str) -> bool:
    """Whether a question word stands before the first modal of ``text`` in its clause (no comma between) and no «ли»
    asks a yes/no (:data:`QUESTION_WORDS_RULE_OUT_YESNO`): «какие справки можно заказать» — but not «можно не
    говорить, что ухожу», «заболел, можно ли …»."""
    if _PARTICLE_LI_RE.search(text):
        return False
    modal = _MODAL_CUE_RE.search(text)
    if modal is None:
        return False
    clause = re.split(r"[,:;]", text[: modal.start()])[-1]
    return bool(_INTERROGATIVE_RE.search(clause))


AMOUNT_NOUNS_ASK_YESNO = True
"""Whether a part that names an amount only by its noun («бюджет», «суточные», «лимит», «стоимость») and asks with
no question word, but by «ли», a modal («надо», «можно», «нужно») or a stated act («сгорает?»), is a yes/no: «за
суточные надо отчитываться чеками?» asks whether, not how much, and is answered by «Суточные … не требуют отчёта
чеками» — a sentence with no figure (read as an amount, every such sentence was refused)."""

_YESNO_CUE_RE = re.compile(r"\bли\b|\bможно\b|\bнельзя\b|\bобязательно\b|\bнужно\b|\bнадо\b", re.I)


def _asks_yesno_of_an_amount(text: str) -> bool:
    """Whether ``text``, read as asking an amount, names it by a noun only and asks a yes/no (see
    :data:`AMOUNT_NOUNS_ASK_YESNO`)."""
    if _ASKING_WORD_RE.search(text) or re.search(r"\bмаксим\w*|\bминим\w*", text, re.I):
        return False
    return bool(_YESNO_CUE_RE.search(text)) or _states_an_act(text)


_ASKING_WORD_RE = re.compile(
    r"\b(?:что|чего|чему|чем|ч[её]м|как\w*|кто|кого|кому|кем|где|куда|откуда|когда|почему|зачем|скольк\w*|скок\w*|"
    r"чей|чья|чьё|чьи)\b",
    re.I,
)
"""A question word — an interrogative pronoun in any of its cases («после чего блокируют учётку» asks, it states no
act)."""


def _states_an_act(text: str) -> bool:
    """Whether ``text``, with no question word, states an act in the present or future («чистку зубов по ДМС
    оплачивают», «косметологию покрывает страховка»): asked, it is a yes/no.  A past act («заболел в отпуске»,
    «потерял телефон») tells a situation, and asks what to do."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or _ASKING_WORD_RE.search(text):
        return False
    for word in re.findall(r"[А-Яа-яЁё]{3,}", text):
        tag = word_parses(word.lower())[0].tag
        if "VERB" in tag and "indc" in tag and "past" not in tag:
            return True
    return False


ADVERBS_NAME_NO_SUBJECT = True
"""Whether an adverb of circumstance in the question («вечером», «домой», «завтра»: :func:`is_circumstantial_adverb`)
is left out of a part's subject terms: it tells when or where the act happens, which the supplying sentence need not
repeat.  An adverb formed from an adjective («обычно», «срочно») stays a term."""

_HOW_SLOT_RE = re.compile(r"\bкак\s+(?:быстро|долго|скоро|часто|рано|поздно)\b", re.I)
_NAME_ASKED_RE = re.compile(
    r"\bкак\s+(?:(?:его|её|ее|их|тебя|вас)\s+)?зовут\b|\bкак\s+(?:его|её|ее|их)\s+звать\b", re.I
)
"""«как зовут директора», «как его звать»: a name asked — the verb is the slot, no subject.  Anywhere else «звать» is
an act like any other («кто зовёт заказчиков на обзор», «перед тем как звать ревьюеров»), and its term is the part's
predicate (:data:`NAMING_VERB_ONLY_IN_ITS_PHRASE`)."""
NAMING_VERB_ONLY_IN_ITS_PHRASE = True
"""Whether «звать» names no subject only in «как … зовут» (:data:`_NAME_ASKED_RE`); before it was one of the question
words everywhere, and «кто зовёт заказчиков на демо» kept no predicate: a sentence on who *shows* the result at the
review answered it."""

ANSWER_KIND_NAMES_NO_SUBJECT = True
"""Whether the words that name the kind of answer a part asks — the steps («по шагам», «пошагово», «по порядку»), a
difference («в чём разница», «разница между», «чем X отличается от Y»), the alternatives of a list («какие есть
варианты ноутов», «какие способы связаться с техподдержкой») — are left out of its subject terms, as «сумма», «срок»
are for a value: a section gives its steps, differences and options without naming them so («Порядок выпуска: 1.
…», «Обзор … проходит с внешними участниками. Ретроспектива … только внутри команды», «Разработчики выбирают
MacBook Pro 14" … или Lenovo ThinkPad T14 с Linux»).  «Какие
условия» stays a term: the composer does not yet find the list of conditions it asks for (dev15 rs047 turned from a
decline into a wrong answer)."""
_ANSWER_KIND_RE = re.compile(
    r"\bпо\s+(?:шагам|порядку|пунктам)\b|\bпошагово\b|\b(?:разниц|различи|отличи)\w*(?=\s+между\b)|"
    r"(?<=\bв\sч[её]м\s)\s*(?:разниц|различи|отличи)\w*|"
    # «какие есть варианты ноутов», «какие способы связаться»: the alternatives asked, not what they are of
    r"(?<=\bкаки[ех]\s)(?:есть\s+|бывают\s+)?(?:вариант|способ)\w*|"
    # «какие шаги нужно сделать», «какие действия», «какие этапы», «порядок действий»: the steps asked, not what
    # they are of (issue 18, G8); «расшифруй ЭЛН»: the expansion asked
    r"(?<=\bкаки[ех]\s)(?:(?:нужно|надо|мне)\s+)?(?:шаг|действи|этап)\w*|(?<=\bпорядок\s)(?:действи|шаг)\w*|"
    r"\bрасшифр\w*|\bрасшифровыва\w*|"
    # «как проходит обзор спринта»: the course of an event asked, the verb names no subject of it
    r"(?<=\bкак\s)проход(?:ит|ят)\b",
    re.I,
)
_DIFFERS_RE = re.compile(r"\bотлича\w*|\bразлича\w*", re.I)


def _answer_kind_removed(text: str) -> str:
    """``text`` without the words naming the kind of answer asked (:data:`ANSWER_KIND_NAMES_NO_SUBJECT`); «чем …
    отличается» loses its verb only after «чем» (the comparison asked)."""
    text = _ANSWER_KIND_RE.sub(" ", text)
    asks_difference = re.search(r"\bчем\b", text, re.I)
    if asks_difference:
        text = text[: asks_difference.end()] + _DIFFERS_RE.sub(" ", text[asks_difference.end() :])
    return text


_PREPOSITIONS_OF_PRONOUNS = frozenset({"о", "об", "обо", "в", "во", "на", "при", "по", "с", "со", "к", "ко", "у", "от"})


def _pronoun_after_preposition(word: str, before: str) -> bool:
    """Whether ``word``, after a preposition, is a personal pronoun written without «ё» («о нем» → «о нём»: pymorphy3
    reads «нем» as «немой»)."""
    if before not in _PREPOSITIONS_OF_PRONOUNS or not re.fullmatch(r"[а-яё]+", word):
        return False
    spellings = {word, *(word[:k] + "ё" + word[k + 1 :] for k, letter in enumerate(word) if letter == "е")}
    return any(pos_of(spelling) == "NPRO" for spelling in spellings)


def subject_terms(text: str) -> tuple[str, ...]:
    from agentcore.rag._analysis import get_analyzer

    stop = get_analyzer().stopwords
    terms = []
    adverbs: set[str] = set()
    # «как быстро», «как часто»: the adverb asks for the span or the frequency, it names no subject
    text = _HOW_SLOT_RE.sub(" ", text)
    # «как зовут»: the name asked (:data:`NAMING_VERB_ONLY_IN_ITS_PHRASE`)
    text = _NAME_ASKED_RE.sub(" ", text)
    if TIME_BOUNDS_ASK_A_TIME:
        text = _COMPOUND_PREPOSITIONS_RE.sub(" ", text)  # «в течение», «начиная с»: a preposition, no subject
    if CONDITION_OPENERS_NAME_NO_SUBJECT:
        text = _CONDITION_OPENERS_RE.sub(" ", text)  # «при условии, что», «в случае»: a condition follows, no subject
    if CEILINGS_NAME_NO_SUBJECT:
        text = _ceilings_removed(text)  # «в пределах 5000 рублей»: a ceiling, as «до 5000 рублей» is
    if ANSWER_KIND_NAMES_NO_SUBJECT:
        # «по шагам», «в чём разница», «чем … отличается»: the kind of answer asked, no subject
        text = _answer_kind_removed(text)
    for clause in _CLAUSE_RE.split(text):
        written = WORD_RE.findall(clause)
        previous = ""
        for word in written:
            raw, before, previous = word.lower(), previous, word.lower()
            low = raw.replace("ё", "е")
            lemma = lemma_of(low)
            if VERBS_OF_MOTION_NAME_NO_SUBJECT and not is_verb_of_motion(lemma):
                # «еду в командировку»: «еду» is first the noun «еда», but the verb «ехать» when it is the clause's
                # only predicate (and then the trip's destination names the subject: :func:`verbs_of_motion_with_
                # destination`)
                verb = predicate_reading(low, written)
                lemma = verb if verb is not None and is_verb_of_motion(verb) else lemma
            if low in stop or lemma in stop or low in QUESTION_WORDS or lemma in QUESTION_WORDS:
                continue
            if lemma == "звать" and not NAMING_VERB_ONLY_IN_ITS_PHRASE:
                continue
            if english.is_question_word(low):
                continue  # «what», «does», «my», «need»: an English question word names no subject either
            if len(low) < 3 and not low.isdigit() and not re.fullmatch(r"[a-z0-9]+", low) and not _names_a_thing(low):
                continue
            if is_function_word(low) or _pronoun_after_preposition(raw, before):
                continue  # «никто», «тем, кто», «чтобы», «о нём»: a pronoun or a conjunction names no subject
            if DETERMINERS_NAME_NO_SUBJECT and is_determiner(low):
                continue  # «каждый год», «весь год», «любого банка»: which or how many, not what
            terms.append(lemma)
            if ADVERBS_NAME_NO_SUBJECT and is_circumstantial_adverb(low):
                adverbs.add(lemma)
    # «техподдержка вечером до скольки отвечает»: an adverb of circumstance says when or where, not what the part is
    # about — unless the part has nothing else to be about
    return tuple(dict.fromkeys(t for t in terms if t not in adverbs)) or tuple(dict.fromkeys(terms))


SHORT_LEXICON_WORDS_NAME_A_SUBJECT = True
"""Whether a word of two letters the colloquial lexicon spells out («зп» — зарплата, «др» — день рождения, «тп» —
техподдержка, «пк» — компьютер) is a subject term like any other: a two-letter word is mostly a particle or a
preposition and names nothing, but these are chat abbreviations of things.  Dropped, «когда остальная часть зп» was
about «часть» alone, and any sentence giving a date of a part of anything answered it."""


def _names_a_thing(word: str) -> bool:
    """Whether ``word`` (lower case, shorter than three letters) is a chat abbreviation the colloquial lexicon spells
    out (:data:`SHORT_LEXICON_WORDS_NAME_A_SUBJECT`)."""
    from agentcore.rag import _lexicon

    return SHORT_LEXICON_WORDS_NAME_A_SUBJECT and (lemma_of(word),) in _lexicon.load()


def verbs_of_motion_with_destination(text: str) -> frozenset[str]:
    """The lemmas of the verbs of motion of ``text`` whose clause names where the motion goes — «в / во / на / за» and
    a noun in the accusative, «к / ко» and one in the dative, «до» and one in the genitive, the noun no unit of time
    («еду в командировку в ереван», «лечу за границу», «иду к врачу»): the destination then names the trip, and the
    verb is no subject term (:data:`~agentcore.rag._focus.words.VERBS_OF_MOTION_NAME_NO_SUBJECT`).  A verb of motion
    with no destination keeps its term: «куда бежать, если затопило рабочее место» asks where to turn, and without
    the verb the part's share of terms would let any sentence on workplaces answer it; «agentcore на винде пойдёт»
    («на» with the locative) asks whether it works."""
    found: set[str] = set()
    for clause in _CLAUSE_RE.split(text):
        written = [w.lower().replace("ё", "е") for w in WORD_RE.findall(clause)]
        verbs = set()
        for word in written:
            lemma = lemma_of(word)
            if not is_verb_of_motion(lemma):
                verb = predicate_reading(word, written)
                lemma = verb if verb is not None else lemma
            if is_verb_of_motion(lemma):
                verbs.add(lemma)
        if verbs and any(_is_destination(before, word) for before, word in pairwise(written)):
            found |= verbs
    return frozenset(found)


_DESTINATION_CASES = {"в": "accs", "во": "accs", "на": "accs", "за": "accs", "к": "datv", "ко": "datv", "до": "gent"}
_NOT_DESTINATIONS = frozenset(
    (
        "день", "сутки", "неделя", "месяц", "год", "час", "минута", "полгода", "время", "ночь", "выходной",
        "понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье", "сколько",
    )
)  # fmt: skip


def _is_destination(preposition: str, word: str) -> bool:
    """Whether ``word`` after ``preposition`` may be the goal of a motion: a noun in the case the preposition takes
    for a direction (see :func:`verbs_of_motion_with_destination`), not a unit of time or a day («на неделю», «в
    субботу»: when and how long)."""
    case = _DESTINATION_CASES.get(preposition)
    if case is None or not re.fullmatch(r"[а-я-]+", word) or lemma_of(word) in _NOT_DESTINATIONS:
        return False
    return any(str(p.tag.POS) == "NOUN" and p.tag.case == case for p in word_parses(word)[:3])


_CLAUSE_RE = re.compile(r"[,;:()]|\s[—–-]\s")
"""Where a clause of a question ends (its predicate is read within it: :func:`predicate_reading`)."""


OWN_ASK_KEEPS_ITS_PART = True
"""Whether a piece naming no subject of its own that asks another kind of value than the part before it («… и
сколько она длится» after «Кто проводит ретроспективу», «… и сколько длится» after «Как проходит дейли») is a part
of its own about the nouns of the part before — the thing its pronoun, or its ellipsis, stands for.  Before, it was
merged into the part before, which kept only its own kind: the duration went unasked, and a sentence giving another
event's duration («… планирование длится не больше 2 часов») stood beside the answer unchecked.  A piece after a
yes/no or an unclassified part still only says what that part asks («комп сам заблочится, если отойду? через
скока»)."""
UNITS_TAKE_THE_SUBJECT_BEFORE = True
"""Whether a count part naming nothing but its unit or its verb («и сколько дней», «… и сколько платят») takes the
subject terms of the part before it."""
PRONOUNS_TAKE_THE_SUBJECT_BEFORE = True
"""Whether a part naming nothing but its verb and a pronoun for the thing named before («… и как их ставят», «… и как
его оформить») takes the subject terms of the part before it, as a count naming only its unit does."""
_ANAPHORA_RE = re.compile(r"\b(?:его|её|ее|их|него|неё|нее|них|нему|ней|ним|нём|нем|это|этого|этим|этому|этом)\b", re.I)
_UNIT_TERMS = frozenset({"день", "неделя", "месяц", "год", "час", "минута", "раз", "рубль", "процент", "сутки"})


MONEY_IS_NO_TIME = True
"""«во сколько обойдётся», «во сколько стоит» ask a price, not a clock time (the money pattern of
:func:`agentcore.rag._focus.measures.measure_asked` reads them so): «сыну оформить дмс во сколько обойдётся»."""

SUPERLATIVES_ASK_THE_EXTREME = True
"""Whether a superlative in a part asking a count or a time («самая большая переговорка на сколько мест», «самое
позднее во сколько можно начать») is the slot — the extreme of the values, which the largest listed value or the
rule's limit states — not a subject: «самый» and its adjective are left out of the part's terms (and so out of the
modifiers that must draw the question towards its sentence)."""

_SUPERLATIVE_RE = re.compile(r"(?<![\w-])сам(?:ый|ая|ое|ые|ого|ой|ую|ых|ом|ым|ыми|ому)\s+([а-яё]+)", re.I)


def superlative_words(text: str) -> frozenset[str]:
    """The lemmas of «самый» and of the adjective or adverb it forms a superlative with in ``text``."""
    found: set[str] = set()
    for match in _SUPERLATIVE_RE.finditer(text):
        word = match.group(1).lower().replace("ё", "е")
        if pos_of(word) in {"ADJF", "ADJS", "COMP", "ADVB"}:
            found |= {"самый", lemma_of(word)}
    return frozenset(found)


def question_parts(question: str) -> list[Part]:
    """The parts of ``question`` with what each asks for and its subject terms; a part without subject terms is
    merged into the part before it («Сколько дней отпуска и как его оформить?» keeps «отпуска» for both)."""
    split = _PART_SPLIT_RE.split(question)
    if is_english(question):
        split = [piece for text in split if text for piece in english.PART_SPLIT_RE.split(text)]
    pieces = [p.strip(" ,.!") for p in split if p and p.strip(" ,.!")]
    objects = {piece: "" for piece in pieces}
    if not is_english(question):
        # «когда выплачивают отпускные и квартальную премию»: one part per coordinated object of the predicate
        objects = {part: own for piece in pieces for part, own in coordinated_objects(piece)}
        pieces = list(objects)
    parts: list[Part] = []
    for piece in pieces or [question]:
        terms = subject_terms(piece)
        asks = _asks(piece)
        if not terms and parts:
            last = parts[-1]
            if (
                OWN_ASK_KEEPS_ITS_PART
                and asks not in ("other", "yesno", last.asks)
                and last.asks not in ("other", "yesno")
            ):
                # «кто проводит ретроспективу и сколько она длится», «как проходит дейли и сколько длится»: a second
                # question of the thing named before — its nouns
                nouns = tuple(t for t in last.terms if not is_verb(t)) or last.terms
                parts.append(Part(piece, asks, nouns))
                continue
            # «комп сам заблочится, если отойду? через скока»: the piece without terms says what is asked
            merged = asks if last.asks == "other" else last.asks
            parts[-1] = Part(f"{last.text}, {piece}", merged, last.terms)
            continue
        if asks == "time":
            # «до которого часа», «в какие часы»: the hour is what is asked, not a subject
            terms = tuple(t for t in terms if t not in _CLOCK_WORDS) or terms
            if _PART_OF_DAY_RE.search(piece):
                terms = tuple(t for t in terms if t not in _PART_OF_DAY) or terms
            if TIME_BOUNDS_ASK_A_TIME:
                # «с какого момента», «дежурство начинается с какого момента»: the noun of time and the verb of
                # the period's phase name the bound asked
                slot = _PHASE_VERBS | {lemma_of(m.group(1).lower()) for m in _TIME_SLOT_RE.finditer(piece)}
                terms = tuple(t for t in terms if t not in slot) or terms
        if asks == "number" and TIME_BOUNDS_ASK_A_TIME and re.search(_SPAN_ASKED, piece, re.I):
            # «в течение какого срока», «через какое время»: the noun of time is the span asked
            spans = {lemma_of(m.group(1).lower()) for m in _TIME_SLOT_RE.finditer(piece)}
            terms = tuple(t for t in terms if t not in spans) or terms
        if SUPERLATIVES_ASK_THE_EXTREME and asks in ("number", "time"):
            # «самая большая переговорка на сколько мест», «самое позднее во сколько»: the extreme value asked
            terms = tuple(t for t in terms if t not in superlative_words(piece)) or terms
        if asks == "number" and MEASURE_MUST_MATCH:
            # «сколько идёт», «сколько ждать»: the verb of lasting says what is asked (the measure, see
            # :func:`measure_asked`), not the subject
            slot = measure_words(piece)
            terms = tuple(t for t in terms if t not in slot) or terms
        if VERBS_OF_MOTION_NAME_NO_SUBJECT and asks != "yesno":
            # «еду в командировку в ереван, за сколько подавать заявку»: the trip is named by where it goes
            motion = verbs_of_motion_with_destination(piece)
            terms = tuple(t for t in terms if t not in motion) or terms
        own = tuple(t for t in subject_terms(objects[piece]) if t in terms) if objects.get(piece) else ()
        parts.append(Part(piece, asks, terms, own_object=own))
    if len(parts) > 1 and any(not p.terms for p in parts):
        parts = [p for p in parts if p.terms] or parts
    if UNITS_TAKE_THE_SUBJECT_BEFORE:
        # «можно ли работать из другого города россии и сколько дней»: «сколько дней» names only the unit it counts
        # (and «декретный отпуск как оформить и сколько платят» only the verb) — its subject is the part before it,
        # not any sentence giving days or money
        parts = [
            replace(p, terms=tuple(dict.fromkeys((*parts[k - 1].terms, *p.terms))))
            if k and p.asks == "number" and p.terms and all(t in _UNIT_TERMS or is_verb(t) for t in p.terms)
            else p
            for k, p in enumerate(parts)
        ]
    if PRONOUNS_TAKE_THE_SUBJECT_BEFORE:
        # «что такое OKR и как их ставят»: «их» is the OKR of the part before — not any steps that «ставят» something
        parts = [
            replace(p, terms=tuple(dict.fromkeys((*(t for t in parts[k - 1].terms if t not in _UNIT_TERMS), *p.terms))))
            if k and p.terms and all(is_verb(t) for t in p.terms) and _ANAPHORA_RE.search(p.text)
            else p
            for k, p in enumerate(parts)
        ]
    return [replace(p, asks="yesno") if p.asks == "other" and _states_an_act(p.text) else p for p in parts]


def term_share(part: Part, texts: Sequence[str]) -> float:
    """Share of the part's subject terms that ``texts`` hold (a term or one of its other spellings)."""
    if not part.terms:
        return 1.0
    words, stems = vocabulary_of(texts)
    return sum(part_matches(part, t, words, stems) for t in part.terms) / len(part.terms)


def part_matches(part: Part, term: str, words: set[str], stems: set[str]) -> bool:
    if term_matches(term, words, stems):
        return True
    return any(lemmas and all(term_matches(x, words, stems) for x in lemmas) for lemmas in part.alternatives_of(term))


def describe(part: Part) -> str:
    """The part of the question as the closing line names it."""
    text = " ".join(part.text.split()).strip(" ,.?!")
    return text[:1].lower() + text[1:] if text else text
