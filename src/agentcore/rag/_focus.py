"""What a question asks for, and whether the chosen sentences answer it — the decision to answer or decline.

The searcher's confidence says a passage is *about* the question; it does not say the sentences quoted from it
*answer* it (a sick-leave question answered with the first-vacation rule; «сколько попыток ввода пароля» with the
password-history rule).  So the decision is made on the sentences shown:

* the question is split into parts («… и …?», «…; …»), and each part's **focus** is read: what it asks for
  (``number`` — «сколько дней/раз»; ``time`` — «до скольки», «когда»; ``person`` — «кто», «к кому»;
  ``service`` — «какая страховая», «в каком сервисе», «где»; ``yesno`` — «… ли …»; ``procedure``;
  ``definition``; ``other``) and its **subject terms** (content words, pymorphy3 lemmas);
* a part is answered when the sentences shown (with the headings of the sections they cite) give what it asks for
  (a number, a time, a name…) and hold enough of its subject terms — matched by lemma or stem, or, for a paraphrase,
  by meaning: the e5 embedder's cosine between the part and its best sentence;
* a subject term that no passage of the run mentions at all («Miro», «границей») is a focus the documents lack: the
  part is not answered whatever the overlap of the rest.

:func:`check_focus` returns which parts are missing; all of them missing means decline.  The thresholds are
calibrated on the dev half of ``tests/data/answer_eval.json`` (``docs/rag.md``).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal

__all__ = [
    "FOCUS_MIN_COVERAGE",
    "SLOT_ASKS",
    "FocusCheck",
    "Part",
    "announces",
    "best_supplier",
    "check_focus",
    "question_parts",
    "semantic_supplier",
    "supplier_scores",
    "with_alternatives",
]

Asks = Literal["number", "time", "person", "service", "name", "yesno", "procedure", "definition", "other"]

FOCUS_MIN_COVERAGE = 0.67
"""Share of a part's subject terms one supplying sentence (with its heading), or one section's sentences, must hold
(calibrated on the development splits ``dev`` + ``dev2``: ``benchmarks/research_focus_calibrate.py``)."""
SEMANTIC_MIN_COSINE = 0.86
SOFT_LACK_MARGIN = 0.04
MEANING_MIN_SHARE = 0.5
"""A sentence the e5 cosine may accept as a paraphrase holds at least this share of the part's subject terms (with
its heading and the sentence before): a sentence holding fewer is close in meaning to the question's topic, not to
its question («сколько оплачиваемых дней можно отлежаться дома» is not answered by the 28 days of vacation).
Calibrated on dev/dev2/dev3/dev4: 0.5 removed one wrong answer and no correct one; above 0.5, dev2 lost 4 correct."""
PARAPHRASE_NOUNS = True
"""Whether a noun no passage uses may be read as a paraphrase by :func:`_close_in_meaning`'s relative test."""
"""e5 cosine (``query:`` part vs ``passage:`` sentence) that stands for a term overlap below the minimum."""

_PART_SPLIT_RE = re.compile(
    r"\?|;|\s[—–]\s|,\s*а\s+(?:также\s+)?|,?\s+и\s+(?=(?:что|как|сколько|когда|где|кто|куда|чем|почему|зачем|"
    r"какой|какая|какое|какие|каким|какую|можно|нужно|надо|до скольки|во сколько)\b|[а-яё]+\s+ли\b)|"
    r",?\s+а\s+(?=(?:что|как|сколько|когда|где|кто|куда|какой|какая|какое|какие|можно|если)\b)",
    re.IGNORECASE,
)
_ASKS: tuple[tuple[Asks, re.Pattern[str]], ...] = (
    # «до скольки рублей», «скок дней» (chat spelling of «сколько»): a count, though «до скольки» alone asks a time
    (
        "number",
        re.compile(r"скольк\w*\s+(?:рубл|₽|процент|штук|символ|раз\b|мест|человек|дн|недел|месяц)|\bскок\w*", re.I),
    ),
    (
        "time",
        re.compile(
            r"до скольки|во сколько|к скольки|со скольки|в какое время|до какого (?:времени|часа)|"
            r"\bкогда\b|какого числа|в какой день|в какие дни|до какого числа|какие сроки|в какой срок|"
            r"(?:до|во|к|с|со) котор\w+ час\w*|"
            # a noun phrase that names a time slot («часы работы техподдержки», «время реакции», «дата выплаты»)
            r"\bчасы работы|в какие часы|\bграфик работы|\bрежим работы|"
            r"\bврем[яенио]+\s+(?:реакци|начал|работ|выплат)|\bдат[аыу]\b",
            re.I,
        ),
    ),
    (
        "number",
        re.compile(
            r"\bсколько\b|скольк\w+|на сколько|какой (?:срок|лимит|размер|бюджет|процент)|"
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
            r"(?:страхов\w*|сервис\w*|приложени\w*|мессенджер\w*|бот\w*|почт\w*|адрес\w*|телефон\w*)\b.*\bкак(?:ая|ой|ое|ие)\b",
            re.I,
        ),
    ),
    ("definition", re.compile(r"что (?:такое|значит|означает)|кто так(?:ой|ая|ие)|\bзачем нуж", re.I)),
    # «как называется школа», «как зовут директора»: a name, not a procedure («как оформить»)
    ("name", re.compile(r"\bкак\s+(?:называ\w*|(?:его\s+|её\s+|ее\s+)?зовут|фамилия)\b", re.I)),
    # «какой VPN», «какая версия питона», «какое метро»: one thing asked by its name or value (not «какие
    # расходы», a list, nor «какой порядок», a procedure)
    ("name", re.compile(r"(?<![\w-])как(?:ой|ая|ое|ую|ом|ой|им)\b(?!\s+(?:порядок|образом|смысл)\b)", re.I)),
    (
        "procedure",
        re.compile(
            r"^\s*(?:а\s+)?как\b|что (?:делать|нужно сделать|надо сделать)|каков порядок|"
            r"какой порядок|как быть|что делать",
            re.I,
        ),
    ),
    ("yesno", re.compile(r"\bли\b|\bможно\b|\bнельзя\b|\bобязательно\b|\bнужно\b|\bнадо\b", re.I)),
)
# Words of a question that name no subject («подскажите», «нужно», «вообще»).
_QUESTION_WORDS = frozenset(
    """
    что кто где когда куда откуда почему зачем как какой какая какое какие каким какую каком какого каких скольки
    сколько ли можно нельзя нужно надо должен должна должны обязательно хотеть хотеть мочь быть делать сделать
    подсказать сказать узнать знать скажите подскажите пожалуйста плз плиз вообще вот это этот эта эти тот та
    мне меня мой моя мои я ты вы мы наш наша у нас компания компании компанию ромашка софт ооо порядок
    так такой такая такое сейчас уже ещё еще просто точно примерно реально именно какой-то какой-нибудь нибудь
    стоит получиться получается бывает есть нет да раз раза делается происходит нужен нужна нужны норм ок привет
    минимум максимум минимальный максимальный минималка максималка макс рубль рублей руб процент процентов
    скок скока скоко
    число время дата срок лимит размер стоимость сумма длина длительность длиться продолжаться составлять деньга деньги
    пока снова опять тоже также потом теперь иногда несколько звать называться
    """.split()  # noqa: SIM905 - a word list reads better as text
)
_CLOCK_WORDS = frozenset({"час", "часы"})
"""The slot of a question asking a time («до которого часа»), not one of its subject terms."""
_ROLE_WORDS = re.compile(
    r"руководител|директор|менеджер|инженер|мастер|владел|координатор|наставник|бухгалтери|техподдержк|отдел|"
    r"\bhr\b|команд|разработчик|дежурн|офис-менеджер|ресепшен|сотрудник|тимлид|ревьюер|автор|лид",
    re.I,
)
_NAME_RE = re.compile(r"«[^»]+»|\b[A-Za-z][A-Za-z0-9.@_-]+|(?<!^)(?<![.!?]\s)\b[А-ЯЁ][а-яё]{2,}|\d{3,4}\b|@\w+")
_CARDINAL = (
    r"(?:один|одна|одну|одного|одной|одном|одним|два|две|двух|три|трех|трёх|четыре|четырех|четырёх|пять|пяти|шесть|"
    r"шести|семь|семи|восемь|восьми|девять|девяти|десять|десяти|двадцать|двадцати|тридцать|тридцати|полтора|полутора)"
)
"""A figure written as a word, in any case («в течение одного рабочего дня», «за один рабочий день»)."""
_NUMBER_RE = re.compile(
    rf"\d|\b(?:{_CARDINAL}|"
    r"полгода|неделю|месяц|раз в|дважды|ежегодно|ежедневно|каждый|каждую)\b",
    re.I,
)
_TIME_RE = re.compile(
    rf"\b{_CARDINAL}\s+(?:(?:календарн|рабоч)\w*\s+)?(?:дн|день|недел|месяц|час|минут|сут)|"
    r"\d{1,2}[:.]\d{2}|(?<!\d)\d++(?:-?го)?\s*(?:[-–]\s*\d+\s*)?(?:(?:календарн|рабоч)\w*\s+)?"
    r"(?:дн|день|недел|месяц|час|минут|лет|год|числ|январ|феврал|март|апрел|ма[йя]|июн|июл|август|сентябр|октябр|"
    r"ноябр|декабр)|\b(?:понедельник|вторник|сред[аыу]|четверг|пятниц|суббот|воскресень|январ|феврал|март|"
    r"апрел|ма[йя]|июн|июл|август|сентябр|октябр|ноябр|декабр|после|через|перед|сразу|в течение|накануне|"
    r"в тот же (?:рабочий )?день|в день|заранее|в конце|в начале)",
    re.I,
)
_WORD_RE = re.compile(r"[A-Za-zА-Яа-яЁё][A-Za-zА-Яа-яЁё0-9-]*|\d+")


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

    def alternatives_of(self, term: str) -> list[tuple[str, ...]]:
        """The other spellings of ``term`` (the colloquial lexicon's words included)."""
        return [lemmas for name, lemmas in (*self.alternatives, *self.colloquial) if name == term]

    def plain(self) -> Part:
        """The part without the colloquial lexicon's words."""
        return replace(self, colloquial=()) if self.colloquial else self


@dataclass(frozen=True)
class FocusCheck:
    """Which parts of the question the shown sentences answer.

    Attributes:
        parts: every part of the question.
        answered: per part, whether it is answered.
        missing: the parts not answered, as text for «В документах не нашлось: …».
        absent_terms: subject terms no passage mentions at all.
    """

    parts: tuple[Part, ...]
    answered: tuple[bool, ...]
    missing: tuple[str, ...] = ()
    absent_terms: tuple[str, ...] = field(default_factory=tuple)

    @property
    def decline(self) -> bool:
        """No part is answered."""
        return not any(self.answered)


@lru_cache(maxsize=65536)
def _lemma(word: str) -> str:
    from agentcore.text.morphology import morph_analyzer

    word = word.lower().replace("ё", "е")
    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я-]+", word):
        return word
    parses = morph.parse(word)
    # A participle that is also a plural-only noun («данные»: «дать» or «данные») is the noun: read as the verb it
    # would hold the predicate of «дадут ли …» in «на устройстве хранятся данные компании».
    noun = next((p for p in parses if "Pltm" in p.tag and "NOUN" in p.tag), None)
    if noun is not None and "PRTF" in parses[0].tag:
        return str(noun.normal_form).replace("ё", "е")
    return str(parses[0].normal_form).replace("ё", "е")


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    from agentcore.rag._analysis import get_analyzer

    terms = get_analyzer().terms(word)
    return terms[0] if terms else word.lower()


def _asks(text: str) -> Asks:
    for asks, pattern in _ASKS:
        if pattern.search(text):
            return asks
    return "other"


_ASKING_WORD_RE = re.compile(
    r"\b(?:что|чем|как\w*|кто|кого|кому|где|куда|откуда|когда|почему|зачем|скольк\w*|скок\w*|чей|чья|чьё|чьи)\b", re.I
)


def _states_an_act(text: str) -> bool:
    """Whether ``text``, with no question word, states an act in the present or future («чистку зубов по ДМС
    оплачивают», «косметологию покрывает страховка»): asked, it is a yes/no.  A past act («заболел в отпуске»,
    «потерял телефон») tells a situation, and asks what to do."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or _ASKING_WORD_RE.search(text):
        return False
    for word in re.findall(r"[А-Яа-яЁё]{3,}", text):
        tag = morph.parse(word.lower())[0].tag
        if "VERB" in tag and "indc" in tag and "past" not in tag:
            return True
    return False


_HOW_SLOT_RE = re.compile(r"\bкак\s+(?:быстро|долго|скоро|часто|рано|поздно)\b", re.I)


def _subject_terms(text: str) -> tuple[str, ...]:
    from agentcore.rag._analysis import get_analyzer

    stop = get_analyzer().stopwords
    terms = []
    # «как быстро», «как часто»: the adverb asks for the span or the frequency, it names no subject
    text = _HOW_SLOT_RE.sub(" ", text)
    for word in _WORD_RE.findall(text):
        low = word.lower().replace("ё", "е")
        lemma = _lemma(low)
        if low in stop or lemma in stop or low in _QUESTION_WORDS or lemma in _QUESTION_WORDS:
            continue
        if len(low) < 3 and not low.isdigit() and not re.fullmatch(r"[a-z0-9]+", low):
            continue
        if _is_function_word(low):
            continue  # «никто», «тем, кто», «чтобы»: a pronoun or a conjunction names no subject
        terms.append(lemma)
    return tuple(dict.fromkeys(terms))


@lru_cache(maxsize=65536)
def _is_function_word(word: str) -> bool:
    """Whether pymorphy3 reads ``word`` first as a pronoun noun, a conjunction, a particle, a preposition or an
    interjection."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я-]+", word):
        return False
    return str(morph.parse(word)[0].tag.POS) in {"NPRO", "CONJ", "PRCL", "PREP", "INTJ"}


def question_parts(question: str) -> list[Part]:
    """The parts of ``question`` with what each asks for and its subject terms; a part without subject terms is
    merged into the part before it («Сколько дней отпуска и как его оформить?» keeps «отпуска» for both)."""
    pieces = [p.strip(" ,.!") for p in _PART_SPLIT_RE.split(question) if p and p.strip(" ,.!")]
    parts: list[Part] = []
    for piece in pieces or [question]:
        terms = _subject_terms(piece)
        asks = _asks(piece)
        if not terms and parts:
            last = parts[-1]
            # «комп сам заблочится, если отойду? через скока»: the piece without terms says what is asked
            merged = asks if last.asks == "other" else last.asks
            parts[-1] = Part(f"{last.text}, {piece}", merged, last.terms)
            continue
        if asks == "time":
            # «до которого часа», «в какие часы»: the hour is what is asked, not a subject
            terms = tuple(t for t in terms if t not in _CLOCK_WORDS) or terms
        if asks == "number" and MEASURE_MUST_MATCH:
            # «сколько идёт», «сколько ждать»: the verb of lasting says what is asked (the measure, see
            # :func:`_measure`), not the subject
            slot = _measure_words(piece)
            terms = tuple(t for t in terms if t not in slot) or terms
        parts.append(Part(piece, asks, terms))
    if len(parts) > 1 and any(not p.terms for p in parts):
        parts = [p for p in parts if p.terms] or parts
    return [replace(p, asks="yesno") if p.asks == "other" and _states_an_act(p.text) else p for p in parts]


def _matches(term: str, words: set[str], stems: set[str]) -> bool:
    if term in words:
        return True
    # a verb and its reflexive («сдавать» / «сдаётся» → «сдаваться»)
    if term.endswith(("ть", "чь")) and f"{term}ся" in words:
        return True
    if term.endswith(("ться", "чься")) and term[:-2] in words:
        return True
    stem = _stem(term)
    if stem in stems:
        return True
    # A verb and its noun («оформ» / «оформлен»), a noun and its adjective («переговорк» / «переговорн»).
    if len(stem) >= 5 and any(
        len(s) >= 5 and _common_prefix(s, stem) >= max(5, min(len(s), len(stem)) - 1) for s in stems
    ):
        return True
    # The same verb with another prefix («заблокировало» / «блокируется», «приболел» / «заболели»).
    # A verb only across a prefix: «платить» is not «платформа» (neither has one); a clipped noun is its word
    # («ноут» / «ноутбук»).
    root = _unprefixed(stem)
    if len(root) >= 4:
        verb = _is_verb(term)
        return any(
            len(s) >= 5
            and (root != stem or _unprefixed(s) != s or not verb)
            and _common_prefix(_unprefixed(s), root) >= max(4, min(len(_unprefixed(s)), len(root)) - 1)
            for s in stems
        )
    return False


_PREFIX_RE = re.compile(r"^(?:пере|пред|при|про|раз|рас|под|над|об|от|вы|за|на|по|до|из|ис|у|с)(?=[а-я]{4})")


@lru_cache(maxsize=65536)
def _unprefixed(stem: str) -> str:
    """``stem`` without a leading verbal prefix (only Cyrillic stems keeping 4+ letters)."""
    return _PREFIX_RE.sub("", stem)


def _common_prefix(left: str, right: str) -> int:
    n = 0
    for a, b in zip(left, right, strict=False):
        if a != b:
            break
        n += 1
    return n


def _vocabulary(texts: Sequence[str]) -> tuple[set[str], set[str]]:
    """The words and lemmas, and the stems, of ``texts`` (each text's are read once and cached: the same sentences
    and passages are read for every part and every candidate)."""
    words: set[str] = set()
    stems: set[str] = set()
    for text in texts:
        text_words, text_stems = _text_vocabulary(text)
        words |= text_words
        stems |= text_stems
    return words, stems


@lru_cache(maxsize=16384)
def _text_vocabulary(text: str) -> tuple[frozenset[str], frozenset[str]]:
    words: set[str] = set()
    for w in _WORD_RE.findall(text):
        w = w.lower().replace("ё", "е")
        words.add(w)
        if "-" in w:  # «код-фриз» also says «код» and «фриз»
            words.update(p for p in w.split("-") if p)
    return frozenset({_lemma(w) for w in words} | words), frozenset(_stem(w) for w in words)


_CONTACT_RE = re.compile(r"\S+@\S+\.\w+|https?://\S+|\b[\w-]+\.(?:ru|com|org|net)\b", re.I)
_ASKS_CONTACT_RE = re.compile(
    r"куда|почт|адрес|e-?mail|мейл|писать|напис|связ|контакт|обращ|сайт|ссылк|портал|где", re.I
)
# A name or a value: «Полис-Гарант», WireGuard, 3.11, 51820, 80% — a duration («в течение 1 часа») is no name.
_NAME_VALUE_RE = re.compile(
    r"«[^»]+»|\b[A-Za-z][A-Za-z0-9.@_+-]*|(?<!^)(?<![.!?:]\s)\b[А-ЯЁ][а-яё]{2,}|"
    r"\d+(?:[.,:]\d+)?(?!\s*(?:-?х\s+)?(?:(?:календарн|рабоч)\w*\s+)?(?:час|минут|секунд|дн|день|недел|месяц|год|лет|раз)\w*)"
)
# A sentence that announces what follows («Ниже описано, как её оформить», «Подробности — в статье о …»)
# supplies nothing itself.
_ANNOUNCES_RE = re.compile(
    r"^\s*(?:ниже|далее)\b|\b(?:описан\w*|приведен\w*|перечислен\w*|рассказ\w*|объясн\w*|расскаж\w*|"
    r"опиш\w*)\s+(?:ниже|далее)\b|\bэт\w+ стать\w+ (?:объясня|описыва|рассказыва)|"
    r"^\s*(?:подробност\w*|подробнее)\b[^.]*\b(?:в|см\.?)\s+(?:стать|раздел)|"
    r"\bописан\w* в (?:отдельной|другой) стать|\bсм\.\s+(?:стать|раздел|ниже)",
    re.I,
)
_MODAL_RE = re.compile(r"\b(?:можно|нужно|надо|необходимо|следует|должн\w*|нельзя|стоит)\b", re.I)


def announces(sentence: str) -> bool:
    """Whether ``sentence`` only announces content given elsewhere («Ниже описано, как её оформить …»)."""
    return bool(_ANNOUNCES_RE.search(sentence))


def _acts(text: str) -> bool:
    """Whether ``text`` says what is done: a verb (imperative, finite, or an infinitive after «можно», «нужно»…)
    — a step of a procedure, not a definition («Командировка — поездка по заданию компании …»)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None:
        return True
    modal = bool(_MODAL_RE.search(text))
    for word in re.findall(r"[А-Яа-яЁё]{3,}", text):
        tag = morph.parse(word.lower())[0].tag
        if "VERB" in tag and not {"быть", "являться"} & {morph.parse(word.lower())[0].normal_form}:
            return True
        if ("INFN" in tag or "PRTS" in tag) and modal:
            return True
        if "PRTS" in tag:  # «оформлен», «согласовано»: a passive statement of what is done
            return True
    return False


_SERVICE_WORD_RE = re.compile(r"\b(?:портал|приложени|почт|бот|телефон|номер)\w*", re.I)


def _gives(asks: Asks, text: str, part_text: str = "") -> bool:
    """Whether ``text`` gives what a part asks for."""
    if asks in ("service", "name") and not _ASKS_CONTACT_RE.search(part_text):
        # an e-mail, a URL or a role («HR») names no insurer, no VPN, no version
        text = _LEGAL_NAME_RE.sub(" ", _ROLE_WORDS.sub(" ", _CONTACT_RE.sub(" ", text)))
    if asks == "name":
        return bool(_NAME_VALUE_RE.search(text))
    if asks == "procedure":
        return _acts(text)
    if asks == "number":
        return bool(_NUMBER_RE.search(text))
    if asks == "time":
        return bool(_TIME_RE.search(text))
    if asks == "person":
        return bool(_ROLE_WORDS.search(text) or _NAME_RE.search(text))
    if asks == "service":
        # whole words: «бот» is a service, «работы» is not; «где взять ключ» is answered by who gives it
        if _ASKS_CONTACT_RE.search(part_text) and _ROLE_WORDS.search(text):
            return True
        return bool(_NAME_RE.search(text) or _SERVICE_WORD_RE.search(text))
    return True


def check_focus(
    question: str,
    shown: Sequence[str],
    passages: Sequence[str] = (),
    *,
    headings: Sequence[str] = (),
    shown_headings: Sequence[str] | None = None,
    min_coverage: float = FOCUS_MIN_COVERAGE,
    semantic: float | None = SEMANTIC_MIN_COSINE,
    embed: Any | None = None,
) -> FocusCheck:
    """Whether the ``shown`` sentences answer each part of ``question``.

    A part that asks for a value (a number, a time, a person, a service, a yes/no) is answered only by **one**
    sentence that supplies it: the value is in that sentence — and is not a word or number of the question
    itself — and the sentence, with the heading of the section it cites, holds the part's subject terms.  Sentences
    that each hold half of it (a number about something else next to the subject named elsewhere) do not answer.
    Other parts (a procedure, a definition) are answered by the shown sentences together.

    Args:
        shown: the sentences the user would see.
        passages: every passage text of the run (a subject term none of them mentions is a focus they lack).
        headings: titles of the sections the shown sentences cite (their subject counts as said).
        shown_headings: per shown sentence, the titles of the sections it cites (aligned with ``shown``); without
            it every sentence is read with all ``headings``.
        min_coverage: share of a part's subject terms the shown text must hold.
        semantic: the e5 cosine that stands in for the term share (``None``: lexical only).
        embed: ``embed(texts, kind) -> np.ndarray`` (unit rows); the local e5 embedder by default.
    """
    parts = with_alternatives(question_parts(question), [*passages, *headings, *shown])
    if shown_headings is None or len(shown_headings) != len(shown):
        shown_headings = ["\n".join(headings)] * len(shown)
    kept = [(s, h) for s, h in zip(shown, shown_headings, strict=True) if not announces(s)]
    shown, shown_headings = [s for s, _ in kept], [h for _, h in kept]
    words, stems = _vocabulary([*shown, *headings])
    all_words, all_stems = _vocabulary([*passages, *headings, *shown]) if passages else (words, stems)
    answered: list[bool] = []
    missing: list[str] = []
    absent: list[str] = []
    for part in parts:
        lacking = [t for t in part.terms if not _part_matches(part, t, all_words, all_stems)]
        absent.extend(lacking)
        hard, soft = _lacks_focus(part, lacking)
        # the tests by meaning read the part as before the colloquial lexicon (see :attr:`Part.colloquial`)
        plain = part.plain()
        lacking_plain = [t for t in plain.terms if not _part_matches(plain, t, all_words, all_stems)]
        hard_meaning, soft_meaning = _lacks_focus(plain, lacking_plain)
        if part.asks in SLOT_ASKS:
            candidates = [i for i, sentence in enumerate(shown) if _supplies(part.asks, sentence, question, part)]
            # the subject may be named by the sentence before, in the same section («Справку 2-НДФЛ … можно
            # заказать.  Справки готовятся в течение 3 рабочих дней.»)
            # — shown, or in the passage the sentence is quoted from
            units = {
                i: [
                    shown[i],
                    shown_headings[i],
                    shown[i - 1] if i and shown_headings[i - 1] == shown_headings[i] else "",
                    _sentence_before(shown[i], shown_headings[i], passages),
                ]
                for i in candidates
            }
            shares = {i: _share(part, units[i]) for i in candidates}
            # a supplier whose document never names a term of the part that another retrieved document does
            # answers that other subject («сколько стоит корпоративный английский для родственников» is not
            # answered by the price of insurance for relatives)
            candidates = [
                i for i in candidates if not _answers_another_subject(part, shown, shown_headings, i, passages)
            ]
            if COMPOUNDS_MUST_HOLD:
                # «день рождения компании» is not «рождение ребёнка … 5 календарных дней»: a time word heading a
                # noun phrase of the question is held only as that phrase
                candidates = [
                    i
                    for i in candidates
                    if _holds_compounds(
                        part.text,
                        [shown[i], shown_headings[i], _sentence_before(shown[i], shown_headings[i], passages)],
                    )
                ]
            if part.asks == "yesno":
                candidates = [i for i in candidates if _speaks_to(part, shown[i], shown_headings[i], semantic, embed)]
                if YESNO_ALL_NOUNS:
                    # a yes/no asks about a thing: a sentence lacking one of its nouns («такси» in «дают ли такси
                    # ночью на дежурстве») speaks of something else, however many other words it shares
                    candidates = [
                        i
                        for i in candidates
                        if _holds_nouns(
                            part, [shown[i], shown_headings[i], _sentence_before(shown[i], shown_headings[i], passages)]
                        )
                    ]
            ok = not hard and not soft and any(shares[i] >= min_coverage for i in candidates)
            if not ok and not hard and not soft and COUNT_NOUNS_SUFFICE and part.asks == "number":
                # «сколько стоит добавить маму в ДМС» by «родителей можно прикрепить … около 38 000 ₽»: a count or an
                # amount is of the things its nouns name, and its verb is most often the sentence's predicate in
                # other words («добавить» / «прикрепить», «заблочится» / «блокируется») — a supplying sentence
                # holding every noun of the part and half of its terms answers.  Not a time: «когда придут деньги»,
                # «во сколько привозят фрукты» ask when the verb's event happens, and a time of another event with
                # the same nouns («в течение 30 дней … создайте заявку») is no answer.
                ok = any(shares[i] >= MEANING_MIN_SHARE and _holds_every_noun(part, units[i]) for i in candidates)
            close = [i for i in candidates if shares[i] >= MEANING_MIN_SHARE]
            if USED_NOUNS_BLOCK_MEANING:
                # a paraphrase stands for a word the documents do not use: a noun of the part that the sentence's
                # own section uses but the sentence (with its heading and the sentence before) lacks says the
                # sentence is about something else («объём диска» next to «32 ГБ памяти» in a section that speaks
                # of the disk elsewhere)
                close = [
                    i
                    for i in close
                    if not _lacks_used_noun(
                        part,
                        [
                            shown[i],
                            shown_headings[i],
                            shown[i - 1] if i and shown_headings[i - 1] == shown_headings[i] else "",
                            _sentence_before(shown[i], shown_headings[i], passages),
                        ],
                        _own_section(shown_headings[i], passages),
                    )
                ]
            if not ok and close and not hard_meaning and semantic is not None:
                ok = _close_in_meaning(
                    part.text,
                    [shown[i] for i in close],
                    semantic + (SOFT_LACK_MARGIN if soft_meaning else 0.0),
                    embed,
                )
            if not ok and soft_meaning and PARAPHRASE_NOUNS and semantic is not None:
                # one noun the passages never use, everything else of the part in the sentence: a paraphrase
                # when the sentence means it (:func:`_close_in_meaning`'s relative test)
                rest = _without_nouns(plain, lacking_plain)
                # the sentence itself holds the rest (the cosine below is the sentence's own, not its context's)
                whole = [i for i in candidates if _share(rest, [shown[i], shown_headings[i]]) >= min_coverage]
                ok = bool(whole) and _close_in_meaning(
                    part.text,
                    [shown[i] for i in whole],
                    2.0,
                    embed,
                    without=_without_terms(part.text, lacking_plain),
                    relaxed=semantic,
                )
            modifiers = [t for t in lacking_plain if _is_modifier(t)]
            if ok and modifiers and MODIFIERS_MUST_DRAW and semantic is not None:
                # «индивидуальное обучение английскому» next to «50% стоимости групповых занятий»: a modifier no
                # passage uses may be a paraphrase, or the very thing the documents lack — it must not pull the
                # question away from the supplying sentence
                pool = [shown[i] for i in candidates if shares[i] >= min_coverage] or [shown[i] for i in candidates]
                ok = _draws_towards(part.text, _drop_words(part.text, modifiers), pool, embed)
        else:
            # A procedure, a definition: the sentences of one section together (the steps of one list), never words
            # gathered from unrelated sections.
            sections: dict[str, list[str]] = {}
            for sentence, heading in zip(shown, shown_headings, strict=True):
                sections.setdefault(heading, []).append(sentence)
            best_section = max(sections.items(), key=lambda item: _share(part, [*item[1], item[0]]), default=None)
            share = _share(part, [*best_section[1], best_section[0]]) if best_section else 0.0
            # a procedure is answered by what is done (the steps), in the section that names it
            gives = _gives(part.asks, "\n".join(best_section[1] if best_section else shown), part.text)
            ok = gives and share >= min_coverage and not hard and not soft
            if not ok and gives and not hard_meaning and semantic is not None and shown:
                # A paraphrase («апрувов» / «одобрений»): the part's meaning must be in a shown sentence, more
                # surely when one of its nouns is nowhere in the passages.
                ok = _close_in_meaning(part.text, shown, semantic + (SOFT_LACK_MARGIN if soft_meaning else 0.0), embed)
            if not ok and gives and soft_meaning and PARAPHRASE_NOUNS and semantic is not None and best_section:
                rest = _without_nouns(plain, lacking_plain)
                ok = _share(rest, [*best_section[1], best_section[0]]) >= min_coverage and _close_in_meaning(
                    part.text,
                    best_section[1],
                    2.0,
                    embed,
                    without=_without_terms(part.text, lacking_plain),
                    relaxed=semantic,
                )
        answered.append(ok)
        if not ok:
            missing.append(_describe(part))
    return FocusCheck(tuple(parts), tuple(answered), tuple(missing), tuple(dict.fromkeys(absent)))


COMPOUNDS_MUST_HOLD = True
"""Whether a time word that heads a noun phrase of the part («день рождения», «день здоровья») is held by a
supplying sentence only as that phrase (both words, in a row, in the sentence, its heading or the sentence before)."""

_UNIT_HEADS = frozenset({"день", "неделя", "месяц", "год", "час", "минута"})


def _compounds(text: str) -> list[tuple[str, str]]:
    """The phrases of ``text`` a time word heads with a genitive noun after it: ``(«день», «рождение»)``."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None:
        return []
    words = _WORD_RE.findall(text.lower())
    found = []
    for k, (left, right) in enumerate(itertools.pairwise(words)):
        if _lemma(left) not in _UNIT_HEADS or _lemma(right) in _UNIT_HEADS or len(right) < 4:
            continue
        if any(re.fullmatch(r"скольк\w*|скок\w*|несколько|\d+|доп", w) for w in words[max(0, k - 2) : k]):
            continue  # «сколько дней отпуска», «сколько доп дней»: the unit counted, not a phrase
        if k and words[k - 1] in ("в", "во", "на", "за", "через", "раз", "каждый", "каждую", "каждые"):
            continue  # «раз в неделю занятия»: a frequency or a span, not a phrase
        parse = morph.parse(right)[0]
        if "NOUN" in parse.tag and "gent" in parse.tag and _lemma(right) not in _QUESTION_WORDS:
            found.append((_lemma(left), _lemma(right)))
    return found


def _holds_compounds(part_text: str, texts: Sequence[str]) -> bool:
    """Whether ``texts`` hold every phrase :func:`_compounds` finds in ``part_text`` whose two words they both hold
    as that phrase, the two words in a row: both words held apart («рождении ребёнка … 5 календарных дней» for «день
    рождения») is another subject; a phrase the sentence does not hold whole is left to the term share (a paraphrase:
    «дата выплаты» for «день зарплаты»)."""
    phrases = _compounds(part_text)
    if not phrases:
        return True
    read = [[_lemma(w) for w in _WORD_RE.findall(text.lower())] for text in texts]
    pairs = {pair for found in read for pair in itertools.pairwise(found)}
    # both words in one text (not one in the heading, one in the sentence: «Зарплата …» over «… рабочий день»)
    apart = [phrase for phrase in phrases if any(set(phrase) <= set(found) for found in read)]
    return all(phrase in pairs for phrase in apart)


USED_NOUNS_BLOCK_MEANING = True
"""Whether the e5 paraphrase test is closed to a sentence lacking a noun of the part that the passages use."""


def _own_section(headings: str, passages: Sequence[str]) -> list[str]:
    """The passages whose title is one of ``headings`` (the sections a sentence cites)."""
    titles = {h.strip() for h in headings.splitlines() if h.strip()}
    return [p for p in passages if p.partition("\n")[0].strip() in titles]


def _lacks_used_noun(part: Part, texts: Sequence[str], section: Sequence[str]) -> bool:
    """Whether a noun of ``part`` is missing from ``texts`` but used by ``section``."""
    if not section:
        return False
    words, stems = _vocabulary(texts)
    section_words, section_stems = _vocabulary(section)
    return any(
        _is_plain_noun(t)
        and not _part_matches(part, t, words, stems)
        and _part_matches(part, t, section_words, section_stems)
        for t in part.terms
    )


@lru_cache(maxsize=65536)
def _is_plain_noun(term: str) -> bool:
    """Whether ``term`` is a noun that is no adjective too («диск», not «рабочий»: «рабочие ноуты»); a Latin name or a
    code counts as a noun."""
    from agentcore.text.morphology import morph_analyzer

    if not re.fullmatch(r"[а-я-]+", term):
        return True
    morph = morph_analyzer()
    if morph is None:
        return True
    parses = morph.parse(term)
    return str(parses[0].tag.POS) == "NOUN" and not any(str(p.tag.POS) == "ADJF" for p in parses)


COUNT_NOUNS_SUFFICE = True
"""Whether a part asking for a count or an amount is answered by a supplying sentence holding every noun of the part
and :data:`MEANING_MIN_SHARE` of its terms (its verbs and modifiers may be paraphrased).  Measured on dev..dev5 and
devh (branch fd18): 2 false declines answered, nothing hallucinated; for time parts too it made 1 wrong answer and
1 hallucination, so not for them."""


def _holds_every_noun(part: Part, texts: Sequence[str]) -> bool:
    """Whether the part has a noun (:func:`_is_focus_word`) and ``texts`` hold every one of them."""
    return any(_is_focus_word(t) for t in part.terms) and _holds_nouns(part, texts)


YESNO_ALL_NOUNS = True
"""Whether a yes/no part is answered only by a sentence that holds (with its heading and the sentence before) every
noun of the part — measured on dev/dev2/dev3/dev4: one partial question fewer answered as a whole, nothing lost."""


def _holds_nouns(part: Part, texts: Sequence[str]) -> bool:
    """Whether ``texts`` hold every noun among the part's subject terms (in any of its spellings)."""
    words, stems = _vocabulary(texts)
    return all(_part_matches(part, t, words, stems) for t in part.terms if _is_focus_word(t))


def _speaks_to(part: Part, sentence: str, heading: str, semantic: float | None, embed: Any | None) -> bool:
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
    words, stems = _vocabulary([sentence])
    held = [t for t in part.terms if _part_matches(part, t, words, stems)]
    verbs = [t for t in part.terms if _is_verb(t)]
    heading_words, heading_stems = _vocabulary([heading])
    beyond = [t for t in held if not _part_matches(part, t, heading_words, heading_stems)]
    if any(t in held for t in verbs) or beyond:
        return True
    if semantic is None or not held:
        return False
    without = _drop_words(part.text, [t for t in part.terms if t not in held])
    if not without.strip() or without == part.text:
        return False
    try:
        if embed is None:
            embed = _cached_local
        queries = embed([part.text, without], "query")
        vector = embed([sentence], "passage")[0]
    except Exception:  # no local model: the word test stands
        return False
    return float(queries[0] @ vector) >= float(queries[1] @ vector)


@lru_cache(maxsize=65536)
def _is_verb(term: str) -> bool:
    """Whether ``term`` is a verb, or its participle or gerund (the predicate of a yes/no)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я-]+", term):
        return False
    return bool({"INFN", "VERB", "PRTF", "PRTS", "GRND"} & {str(p.tag.POS) for p in morph.parse(term)[:1]})


def _sentence_before(sentence: str, headings: str, passages: Sequence[str]) -> str:
    """The sentence before ``sentence`` in the same paragraph of the passage it is quoted from (a passage is
    ``title\ntext``; its title is one of ``headings``), or ``""``."""
    from agentcore.text.sentences import split_sentences

    titles = {h.strip() for h in headings.splitlines() if h.strip()}
    body = re.sub(r"[.!?…:;,\s]+$", "", sentence).strip()
    if not body or not titles:
        return ""
    for passage in passages:
        title, _, text = passage.partition("\n")
        if title.strip() not in titles or body not in text:
            continue
        for paragraph in re.split(r"\n\s*\n", text):
            pieces = split_sentences(" ".join(paragraph.split()))
            for k, piece in enumerate(pieces):
                if body in piece:
                    return pieces[k - 1] if k else ""
    return ""


def _document(title: str) -> str:
    """The document part of a section title («ДМС — ДМС для родственников» → «ДМС»)."""
    return re.split(r" — | / ", title.strip(), maxsplit=1)[0].strip()


def _answers_another_subject(
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
    words, stems = _vocabulary(unit)
    missing = [t for t in part.terms if not _part_matches(part, t, words, stems)]
    own = {_document(h) for h in shown_headings[index].splitlines() if h.strip()}
    if not missing or not own:
        return False
    by_document: dict[str, list[str]] = {}
    for text in passages:
        by_document.setdefault(_document(text.partition("\n")[0]), []).append(text)

    def held(texts: Sequence[str]) -> set[str]:
        found_words, found_stems = _vocabulary(texts)
        return {t for t in part.terms if _part_matches(part, t, found_words, found_stems)}

    own_held = held([*unit, *(t for d in own for t in by_document.get(d, []))])
    others = {doc: held(texts) for doc, texts in by_document.items() if doc not in own}
    for term in missing:
        holders = [doc for doc, terms in others.items() if term in terms]
        # a word many documents use («заявка») marks no subject; one only another document uses does
        if len(holders) == 1 and len(others[holders[0]]) >= len(own_held):
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
        if title not in own_sections and _document(title) in own and _document(title) != title
    }
    for term in missing:
        if not (_is_focus_word(term) or _is_modifier(term)):
            continue
        holders = [title for title, terms in sections.items() if term in terms]
        if len(holders) == 1 and len(sections[holders[0]]) > len(own_section_held):
            return True
    return False


SECTIONS_MARK_SUBJECTS = True
"""Whether :func:`_answers_another_subject` also reads the sections of the sentence's own document."""


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
    for index, (sentence, heading) in enumerate(candidates):
        if _supplies(part.asks, sentence, question, part):
            case = general and bool(_CASE_RE.search(sentence))
            found[index] = (_share(part, [sentence, heading]), _strength(part.asks, sentence), int(not case))
    return found


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


def _strength(asks: Asks, sentence: str) -> int:
    pattern = _STRONG.get(asks)
    return int(bool(pattern and pattern.search(sentence)))


def semantic_supplier(
    part: Part,
    question: str,
    candidates: Sequence[tuple[str, str]],
    threshold: float = SEMANTIC_MIN_COSINE,
    embed: Any | None = None,
) -> int | None:
    """The candidate that gives the value ``part`` asks for and is closest in meaning to it (e5 cosine at least
    ``threshold``), for a paraphrase no sentence matches by words; ``None`` without one (or without the model).
    Only the :data:`MAX_SEMANTIC_CANDIDATES` that hold most of the part's terms are embedded (each costs an e5
    pass), and none that holds none of them."""
    scored = supplier_scores(part, question, candidates)
    if not scored:
        return None
    # The deterministic reading decides first: a name or code the question turns on that no candidate mentions
    # («Miro», «MBA») is declined by :func:`check_focus` whatever the cosine, so nothing is embedded for it.
    words, stems = _vocabulary([text for pair in candidates for text in pair])
    hard, _soft = _lacks_focus(part, [t for t in part.terms if not _part_matches(part, t, words, stems)])
    if hard:
        return None
    ranked = sorted((i for i, (share, *_) in scored.items() if share > 0), key=lambda i: (-scored[i][0], i))
    indices = ranked[:MAX_SEMANTIC_CANDIDATES]
    if embed is None:
        # A sentence whose vector is already at hand (shipped with the bundled knowledge base, or cached) costs no
        # e5 pass: it competes whatever its word share — a paraphrase («залочат учётку» / «учётная запись
        # блокируется») shares few words with the question.
        indices += [i for i in ranked[MAX_SEMANTIC_CANDIDATES:] if _vector_at_hand(candidates[i][0])][
            :MAX_FREE_CANDIDATES
        ]
    if not indices:
        return None
    try:
        embed = embed or _cached_local
        query = embed([part.text], "query")
        vectors = embed([candidates[i][0] for i in indices], "passage")
    except Exception:  # no local model: no paraphrase match
        return None
    scores = vectors @ query[0]
    best = int(scores.argmax())
    return indices[best] if float(scores[best]) >= threshold else None


MAX_SEMANTIC_CANDIDATES = 4
MAX_FREE_CANDIDATES = 16


def _vector_at_hand(text: str) -> bool:
    return (text, "passage") in _VECTORS or _shipped(text) is not None


SLOT_ASKS: frozenset[Asks] = frozenset({"number", "time", "person", "service", "name", "yesno"})
"""What a part asks for that one sentence must supply (a value, or the subject a yes/no is about)."""


def _share(part: Part, texts: Sequence[str]) -> float:
    """Share of the part's subject terms that ``texts`` hold (a term or one of its other spellings)."""
    if not part.terms:
        return 1.0
    words, stems = _vocabulary(texts)
    return sum(_part_matches(part, t, words, stems) for t in part.terms) / len(part.terms)


def _part_matches(part: Part, term: str, words: set[str], stems: set[str]) -> bool:
    if _matches(term, words, stems):
        return True
    return any(lemmas and all(_matches(x, words, stems) for x in lemmas) for lemmas in part.alternatives_of(term))


def _supplies(asks: Asks, sentence: str, question: str, part: Part | str = "") -> bool:
    """Whether ``sentence`` gives what a part asks for by something the question does not already say: a number
    the question does not hold («кто оплачивает первые 3 дня» is no count of 3); a person or service the question
    does not name («кто наш генеральный директор» is not answered by «генеральный директор проводит …»), in any of
    its spellings («какой впн» is not answered by a sentence that only says «VPN»)."""
    part_text = part.text if isinstance(part, Part) else part
    if isinstance(part, Part) and part.alternatives:
        question = " ".join([question, *(w for _, lemmas in part.alternatives for w in lemmas)])
    blanked = _without_question_words(sentence, question, numbers_only=asks in ("number", "time"))
    if asks == "name" and _ASKS_PERSONAL_NAME_RE.search(part_text or question):
        # «как зовут директора»: a person's name («Иван Петров», «И. Петров»), not a role or a product
        return bool(_PERSONAL_NAME_RE.search(re.sub(r"«[^»]*»", " ", blanked)))
    if asks == "name" and _ASKS_PROPER_NAME_RE.search(part_text or question):
        # «как называется школа», «какая модель монитора»: a proper name — a figure («27"», «50%») names nothing
        blanked = re.sub(r"\d+(?:[.,:]\d+)?\S*", lambda m: " " * len(m.group()), blanked)
    if asks in ("service", "name") and _ASKS_PHONE_RE.search(part_text or question):
        # «какой номер техподдержки», «по какому телефону»: a phone number, not a portal or a role
        return bool(_PHONE_RE.search(blanked))
    if asks == "name" and isinstance(part, Part):
        return _names_near(part, sentence, blanked)
    if asks == "time" and _ASKS_CLOCK_RE.search(part_text or question):
        # «в какие часы», «часы работы»: a clock time, not a duration («4 часа» is no opening hour)
        return bool(_CLOCK_RE.search(blanked))
    if _ASKS_AGE_RE.search(part_text or question):
        # «до скольки лет», «с какого возраста»: an age, a figure of years («до 18 лет»), not any figure or time
        return bool(_AGE_RE.search(blanked))
    if asks == "number" and _ASKS_DURATION_RE.search(part_text or question):
        # «как быстро / как долго»: a span of time, not any figure («Телефон 1111» is no reaction time)
        return bool(_DURATION_RE.search(blanked))
    if asks == "number" and MEASURE_MUST_MATCH and _opposite_bound(part_text or question, blanked):
        return False
    if asks == "number" and MEASURE_MUST_MATCH and not _holds_attribute(part_text or question, blanked):
        return False
    if asks == "number" and MEASURE_MUST_MATCH:
        measure = _measure(part_text or question)
        if measure is not None:
            return _holds_measure(measure, blanked, part if isinstance(part, Part) else None)
    return _gives(asks, blanked, part_text or question)


MEASURE_MUST_MATCH = True
"""Whether a count is supplied only by a figure of the measure asked: «сколько стоит» by an amount of money,
«сколько дней / сколько длится» by a span of time, «сколько человек / мест / паролей» by a figure counting that
noun — not by any figure of the sentence («10 парковочных мест» is no price of a place, «в течение 3 рабочих дней
проводится постмортем» no length of one)."""

_ASKS_MONEY_RE = re.compile(
    r"сколько\s+(?:\w+\s+)?(?:стои\w*|плат\w*|заплат\w*|денег|рубл\w*|обойд\w*|вернут|компенсир\w*|возмест\w*)|"
    r"\bскок\w*\s+(?:\w+\s+)?(?:стои\w*|плат\w*|денег)|во сколько обойд|\bстоимост\w*|\bцен[аыуе]\b|"
    r"на какую сумму|как(?:ая|ую) сумм|до скольки рубл",
    re.I,
)
_MONEY_RE = re.compile(
    r"\d[\d\s\u00a0]*(?:[.,]\d+)?\s*(?:₽|руб|р\.|тыс|к\b|%|процент)|\bбесплатн|\bза сч[её]т компании|"
    r"\bполностью\b|\bполовин",
    re.I,
)
_ASKS_LASTING_RE = re.compile(
    r"(?:сколько|скок\w*|скольк\w*)\s+(?:\w+\s+)?(?:длит\w*|ид[её]т|продолжа\w*|занима\w*|действу\w*|живет|живёт)",
    re.I,
)
_ASKS_WAIT_RE = re.compile(r"(?:сколько|скок\w*)\s+(?:\w+\s+)?(?:ждать|жд[её]т\w*|готов\w*|дела\w*)", re.I)
_TIME_UNIT_LEMMAS = frozenset({"день", "сутки", "неделя", "месяц", "год", "час", "минута", "секунда", "полгода"})
_MONEY_LEMMAS = frozenset({"рубль", "деньга", "деньги", "суточные", "суточный", "бюджет", "компенсация"})
_PEOPLE_LEMMAS = frozenset({"человек", "народ", "люди", "сотрудник", "участник", "народу"})
_COUNTED_RE = re.compile(r"(?:сколько|скок\w*|скольк\w*)\s+((?:[а-яёa-z-]+\s+){0,2}[а-яёa-z-]+)", re.I)
_SPAN_RE = re.compile(
    rf"(?:(?<!\d)\d++(?:[.,]\d+)?|\b{_CARDINAL}\b|\bнескольк\w+)[\s\u00a0–-]*(?:\d+[\s\u00a0]*)?(?:\w+\s+)?"
    r"(?:минут|мин\b|час|сут|дн|день|недел|месяц|год|лет|секунд)\w*|\bполгода\b|"
    r"\b(?:длит\w*|продолж\w*|занима\w*|на|течение|за|через)\s+(?:\w+\s+)?(?:недел[юи]|месяц|сутки|год|час|минуту)\b|"
    r"\b(?:двух|трех|трёх|одно)?недельн\w*|\b(?:двух|трех|трёх)?месячн\w*",
    re.I,
)
_DEADLINE_BEFORE_RE = re.compile(r"(?:в течение|не позднее(?: чем)?(?: за| через)?|\bза|\bчерез|\bдо)\s*$", re.I)
_FREQUENCY_RE = re.compile(
    r"\d+\s*раз|\bраз\s+в\b|\bдважды|\bтрижды|\bежедневн|\bеженедельн|\bежемесячн|\bежегодн|\bкажд\w+", re.I
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


def _holds_attribute(part_text: str, blanked: str) -> bool:
    """Whether ``blanked`` states the attribute the part asks for, when it names one («какая длина пароля» is not
    answered by «Пароль меняется каждые 90 дней», nor «какой размер MR» by «лимит — 3 merge request'а»)."""
    return all(states.search(blanked) for asks, states in _ATTRIBUTES if asks.search(part_text))


def _opposite_bound(part_text: str, blanked: str) -> bool:
    """Whether the part asks one bound («какая максимальная длина») and the sentence gives only the other («не
    менее 12 символов»): a minimum is no answer to a maximum, nor the reverse."""
    if _ASKS_MAX_RE.search(part_text) and not _ASKS_MIN_RE.search(part_text):
        return bool(_MIN_BOUND_RE.search(blanked)) and not _MAX_BOUND_RE.search(blanked)
    if _ASKS_MIN_RE.search(part_text) and not _ASKS_MAX_RE.search(part_text):
        return bool(_MAX_BOUND_RE.search(blanked)) and not _MIN_BOUND_RE.search(blanked)
    return False


Measure = tuple[Literal["money", "span", "lasting", "frequency", "count", "people"], str]


def _measure(text: str) -> Measure | None:
    """What a count question measures: money («сколько стоит»), a span of time («сколько дней», «сколько
    ждать»), a lasting («сколько длится X»: a span that is X's length, not a deadline), a frequency («сколько
    раз»), people, or a count of a noun («сколько мест / паролей / символов» → ``("count", lemma)``); ``None``
    when it names none («сколько суточных» names money only by its noun, read as money too)."""
    if _ASKS_MONEY_RE.search(text):
        return ("money", "")
    if _ASKS_LASTING_RE.search(text):
        return ("lasting", "")
    if _ASKS_WAIT_RE.search(text):
        return ("span", "")
    match = _COUNTED_RE.search(text)
    if match is None:
        return ("span", "") if _ASKS_SPAN_PREP_RE.search(text) else None
    for word in match.group(1).split():
        low = word.lower().replace("ё", "е")
        lemma = _lemma(low)
        if lemma == "раз":
            # «сколько раз в неделю» asks a frequency; «сколько раз можно ошибиться» a count of anything
            return ("frequency", "") if re.search(r"\bраз\w*\s+в\s+\w+", text, re.I) else None
        if lemma in _TIME_UNIT_LEMMAS:
            return ("span", "")
        if lemma in _MONEY_LEMMAS:
            return ("money", "")
        if lemma in _PEOPLE_LEMMAS:
            return ("people", lemma)
        if _is_modifier(low) or _is_function_word(low) or low in ("доп", "максимум", "минимум", "всего"):
            continue  # «сколько прошлых паролей», «сколько доп дней»: the counted noun comes after
        if _ASKS_SPAN_PREP_RE.search(text) and not _is_known(low):
            return ("span", "")  # «на сколько залочат»: a chat verb, not a counted noun
        if _is_focus_word(lemma) and re.fullmatch(r"[а-я-]+", lemma) and _is_genitive(low):
            return ("count", lemma)  # «сколько мест», not «через сколько экран блокируется»
        break
    # «через сколько», «за сколько», «на сколько залочат»: a span of time
    return ("span", "") if _ASKS_SPAN_PREP_RE.search(text) else None


def _measure_words(text: str) -> frozenset[str]:
    """Lemmas of the words of ``text`` that name its measure: the verb of a lasting or a wait («идёт», «ждать»).
    The unit counted («дней») stays a subject term: a sentence giving the measure holds it anyway, and without it
    a part of few terms is answered by a sentence sharing one fewer (measured: dev and dev4 lost correct answers,
    devh gained a hallucination)."""
    found: set[str] = set()
    for pattern in (_ASKS_LASTING_RE, _ASKS_WAIT_RE):
        match = pattern.search(text)
        if match is not None:
            found.add(_lemma(match.group().split()[-1].lower()))
    return frozenset(found)


_ASKS_SPAN_PREP_RE = re.compile(r"\b(?:через|за|на)\s+(?:скольк\w*|скок\w*)(?!\s+(?:раз|процент|рубл|человек))", re.I)


@lru_cache(maxsize=65536)
def _is_known(word: str) -> bool:
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    return morph is None or not re.fullmatch(r"[а-я-]+", word) or bool(morph.word_is_known(word))


@lru_cache(maxsize=65536)
def _is_genitive(word: str) -> bool:
    """Whether pymorphy3 reads ``word`` as a genitive (or an unknown word: a chat word may be one)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я-]+", word):
        return True
    if not morph.word_is_known(word):
        return True
    return any("gent" in p.tag for p in morph.parse(word)[:3])


def _holds_measure(measure: Measure, blanked: str, part: Part | None) -> bool:
    """Whether ``blanked`` (a sentence, the question's own figures blanked) holds a figure of ``measure``."""
    kind, noun = measure
    if kind == "money":
        return bool(_MONEY_RE.search(blanked))
    if kind == "frequency":
        return bool(_FREQUENCY_RE.search(blanked))
    if kind in ("span", "lasting"):
        spans = list(_SPAN_RE.finditer(blanked))
        if kind == "lasting":
            # «в течение 3 рабочих дней проводится постмортем» says when it is done, not how long it lasts
            spans = [
                m
                for m in spans
                if not _DEADLINE_BEFORE_RE.search(blanked[: m.start()])
                and not re.match(r"(?:за|через|течение)\b", m.group(), re.I)
            ]
        return bool(spans)
    tokens = [m for m in _WORD_RE.finditer(blanked)]
    # a size («Монитор 27"») counts nothing
    figures = [
        i
        for i, m in enumerate(tokens)
        if _FIGURE_RE.fullmatch(m.group()) and blanked[m.end() : m.end() + 1] not in ('"', "″", "”")
    ]
    if kind == "people":
        heads = [i for i, m in enumerate(tokens) if _lemma(m.group().lower()) in _PEOPLE_LEMMAS]
        if any(re.match(r"(?:трет|половин|четверт)", tokens[i].group(), re.I) for i in figures):
            return True
    else:
        heads = [
            i
            for i, m in enumerate(tokens)
            if (
                _part_matches(part, noun, *_vocabulary([m.group()]))
                if part is not None
                else _matches(noun, *_vocabulary([m.group()]))
            )
        ]
    # the figure counts the noun: «5 последних паролей», «12 мест», «мест — 12»
    return any(0 < h - f <= 3 or 0 < f - h <= 2 for h in heads for f in figures)


_ASKS_PHONE_RE = re.compile(r"\bномер\w*(?!\s+(?:заявк|тикет|ЭЛН|больничн|договор|карт|счет|счёт))|\bтелефон\w*", re.I)
_PHONE_RE = re.compile(r"(?<![\d-])(?:\+?\d[\d\s()\u00a0-]{2,}\d)(?![\d-])")
_ASKS_PERSONAL_NAME_RE = re.compile(r"\bкак\s+(?:его|её|ее|их)?\s*(?:зовут|звать)\b|\bфамили\w*|\bимя\b|\bфио\b", re.I)
_PERSONAL_NAME_RE = re.compile(
    r"(?<![.!?]\s)(?<!^)\b[А-ЯЁ][а-яё]+\s+[А-ЯЁ][а-яё]+(?:ов|ев|ёв|ин|ын|ский|цкий|ова|ева|ина|ына|ская|цкая)\b|"
    r"\b[А-ЯЁ]\.\s?(?:[А-ЯЁ]\.\s?)?[А-ЯЁ][а-яё]{2,}"
)
_ASKS_PROPER_NAME_RE = re.compile(r"\bкак\s+называ\w*|\bмодел\w*|\bмарк[аиуе]\b|\bназвани\w*", re.I)
_ASKS_CLOCK_RE = re.compile(
    r"в как(?:ие|ое) (?:часы|время)|\bчасы работы|\bрежим работы|\bграфик работы|со скольки|"
    r"до котор\w+ час|в котором часу|во сколько (?:начина|заканчива|открыва|закрыва|работа|приходи|проходит)",
    re.I,
)
_CLOCK_RE = re.compile(
    r"\d{1,2}[:.]\d{2}|\b(?:в|с|до|к|после)\s+\d{1,2}\s*(?:час|ч\b)|\bполдень|\bполноч|\bкруглосуточн", re.I
)
_ASKS_AGE_RE = re.compile(r"\b(?:до|с|со|после)\s+скольк\w*\s+лет\b|\bсколько\s+лет\b|какого\s+возраста", re.I)
_AGE_RE = re.compile(r"\d+\s*(?:[-–]\s*\d+\s*)?(?:лет|год)|\bвозраст\w*\s+\d+|\bсовершеннолет", re.I)
_ASKS_DURATION_RE = re.compile(r"\bкак\s+(?:быстро|долго|скоро)\b|за какое время|в течение какого", re.I)
_DURATION_RE = re.compile(
    r"(?:(?<!\d)\d++|\bодн\w+|\bдв\w+|\bтр\w+|\bпять|\bнесколько)[\s\u00a0–-]*(?:\w+\s+)?"
    r"(?:минут|мин\b|час|сут|дн|день|недел|месяц|год|лет|секунд)\w*|\bв тот же (?:рабочий )?день|\bсразу\b|"
    r"\bнемедленно",
    re.I,
)


_LEGAL_NAME_RE = re.compile(r"\b(?:ООО|АО|ПАО|ЗАО|ИП)\s+«[^»]+»")
NAME_WINDOW = 4
"""Words between the thing a «какой X» question asks about and its name, when the sentence names X itself."""


def _names_near(part: Part, sentence: str, blanked: str) -> bool:
    """Whether ``sentence`` gives the name or value a «какой X» part asks for: a name not in the question (never
    the company's legal name, an e-mail or a role) — next to X when the sentence names X («страховая компания
    «Полис-Гарант»»), anywhere when X is named by its heading or the sentence before («Мы используем WireGuard»)."""
    blanked = _LEGAL_NAME_RE.sub(lambda m: " " * len(m.group()), blanked)
    if not _gives("name", blanked, part.text):
        return False
    head = _head_term(part)
    if head is None:
        return True
    tokens = [(m.start(), m.group()) for m in _WORD_RE.finditer(sentence)]
    at = [i for i, (_, w) in enumerate(tokens) if _part_matches(part, head, *_vocabulary([w]))]
    if not at:
        if not NAMES_OF_OTHER_NOUNS_EXCLUDED:
            return True
        # X named by the heading only: a name standing right after another noun names that noun («Гостевая сеть
        # Romashka-Guest» names a network, not the VPN the heading is about; «Мы используем WireGuard» names X)
        return _free_name(part, blanked)
    for i in at:
        lo, hi = tokens[max(0, i - NAME_WINDOW)][0], i + NAME_WINDOW + 1
        end = tokens[hi][0] if hi < len(tokens) else len(sentence)
        start, stop = tokens[i][0], tokens[i][0] + len(tokens[i][1])
        # the same phrase: no comma, colon, semicolon or bracket between X and its name («Wi-Fi Romashka-Corp,
        # VPN включать не нужно» names the network, not the VPN)
        left = re.split(r"[,;:()]", blanked[lo:start])[-1]
        right = re.split(r"[,;:()]", blanked[stop:end])[0]
        if _gives("name", _ROLE_WORDS.sub(" ", _CONTACT_RE.sub(" ", f"{left} {right}")), part.text):
            return True
    return False


NAMES_OF_OTHER_NOUNS_EXCLUDED = True


def _free_name(part: Part, blanked: str) -> bool:
    """Whether ``blanked`` holds a name (:func:`_gives`) whose run of name words does not stand right after a
    Cyrillic noun (an apposition to that noun)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    words = list(_WORD_RE.finditer(blanked))
    for k, match in enumerate(words):
        if not _gives("name", _ROLE_WORDS.sub(" ", _CONTACT_RE.sub(" ", match.group())), part.text):
            continue
        j = k
        # a run of name words («Wi-Fi Romashka-Corp») is one name: look before its first word
        while (
            j > 0
            and _gives("name", words[j - 1].group(), part.text)
            and not blanked[words[j - 1].end() : words[j].start()].strip(" ")
        ):
            j -= 1
        before = words[j - 1].group().lower() if j > 0 else ""
        gap = blanked[words[j - 1].end() : words[j].start()] if j > 0 else ""
        attached = (
            morph is not None
            and re.fullmatch(r"[а-яё-]+", before) is not None
            and not re.search(r"[,;:()—–«»|]", gap)
            and "NOUN" in morph.parse(before)[0].tag
        )
        if not attached:
            return True
    return False


def _head_term(part: Part) -> str | None:
    """The subject term right after «какой/какая…» («какой впн» → «впн»), if any."""
    match = re.search(r"(?<![\w-])как(?:ой|ая|ое|ую|ом|им)\s+(?:у\s+\w+\s+)?(\w[\w-]*)", part.text, re.I)
    if match is None:
        return None
    lemma = _lemma(match.group(1).lower())
    return lemma if lemma in part.terms else None


def _without_question_words(sentence: str, question: str, *, numbers_only: bool = False) -> str:
    """``sentence`` with the numbers of ``question`` blanked out, and (unless ``numbers_only``) its words too (same
    lemma or stem)."""
    q_words, q_stems = _vocabulary([question])

    def blank(match: re.Match[str]) -> str:
        word = match.group().lower().replace("ё", "е")
        if word.isdigit():
            return " " * len(word) if word in q_words else match.group()
        if numbers_only:
            return match.group()
        if word in q_words or _lemma(word) in q_words or _stem(word) in q_stems:
            return " " * len(word)
        return match.group()

    return _WORD_RE.sub(blank, sentence)


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
                term = _lemma(word)
                if term in part.terms:
                    lexical.extend((term, lemmas) for lemmas in map(_subject_terms, match.phrases) if lemmas)
        changes = repair_query(part.text, vocabulary).changes if vocabulary is not None else ()
        for rule, before, after in changes:
            if rule == "lexicon":
                continue  # read above, as colloquial
            lemmas = _subject_terms(after) or tuple(_lemma(w) for w in _WORD_RE.findall(after))
            if not lemmas:
                continue
            for word in _WORD_RE.findall(before):
                term = _lemma(word)
                if term in part.terms:
                    pairs.append((term, lemmas))
        colloquial = tuple(dict.fromkeys(p for p in lexical if p not in pairs))
        if pairs or colloquial:
            part = replace(part, alternatives=tuple(dict.fromkeys(pairs)), colloquial=colloquial)
        result.append(part)
    return result


_REPAIR_VOCABULARIES: dict[tuple[str, ...], Any] = {}


def _repair_vocabulary(texts: tuple[str, ...], vocabulary_class: Any) -> Any:
    found = _REPAIR_VOCABULARIES.get(texts)
    if found is None:
        if len(_REPAIR_VOCABULARIES) > 256:
            _REPAIR_VOCABULARIES.clear()
        found = _REPAIR_VOCABULARIES[texts] = vocabulary_class.of(list(texts))
    return found


def _lacks_focus(part: Part, lacking: Sequence[str]) -> tuple[bool, bool]:
    """(hard, soft): a name or code the question turns on that no passage mentions («Miro», «MBA»), or most of its
    nouns missing, is a hard lack — the part is not answered; one Cyrillic noun missing among others («границей»,
    but also a colloquial «апрув») is a soft lack — the part must then be close in meaning to a shown sentence.
    Verbs and adjectives are paraphrased too often («украли» / «кража») to count."""
    focus = [t for t in lacking if _is_focus_word(t)]
    if not focus:
        return False, False
    if any(re.fullmatch(r"[a-z0-9.-]+", t) for t in focus) or len(focus) >= max(2, len(part.terms)):
        return True, False
    nouns = [t for t in part.terms if _is_focus_word(t)]
    # The new thing a Russian question asks about usually comes last («… за границей», «… для пенсионеров»).
    return False, len(part.terms) <= 3 or (bool(nouns) and nouns[-1] in focus)


@lru_cache(maxsize=65536)
def _is_focus_word(term: str) -> bool:
    from agentcore.text.morphology import morph_analyzer

    if not re.fullmatch(r"[а-я-]+", term):
        return True  # a Latin name, a code, a number
    morph = morph_analyzer()
    if morph is None:
        return True
    return bool({"NOUN"} & {str(p.tag.POS) for p in morph.parse(term)[:1]})


def _close_in_meaning(
    text: str,
    shown: Sequence[str],
    threshold: float,
    embed: Any | None,
    *,
    without: str | None = None,
    relaxed: float | None = None,
) -> bool:
    """Whether a shown sentence is within ``threshold`` (e5 cosine) of ``text``.

    ``without``: ``text`` with the nouns no passage uses removed (a soft lack).  Such a noun is then read as a
    paraphrase of the sentence's own word («расписание» / «график», «шеф» / «руководитель») when the sentence is
    within ``relaxed`` of ``text`` **and** the noun does not pull the question away from it — the sentence is at
    least as close to the whole question as to the question without the noun.  A noun naming something the
    sentence lacks («собаку к ДМС» next to the relatives' tariff, «индивидуальное» next to group lessons) makes
    the question less like the sentence, and the stricter ``threshold`` stays."""
    try:
        if embed is None:
            embed = _cached_local
        query = embed([text], "query")
        sentences = embed(list(shown)[:8], "passage")
    except Exception:  # no local model: the lexical decision stands
        return False
    scores = sentences @ query[0]
    if float(scores.max()) >= threshold:
        return True
    if without is None or relaxed is None or not without.strip() or float(scores.max()) < relaxed:
        return False
    try:
        others = sentences @ embed([without], "query")[0]
    except Exception:
        return False
    return any(float(a) >= relaxed and float(a) >= float(b) for a, b in zip(scores, others, strict=True))


def _without_nouns(part: Part, lacking: Sequence[str]) -> Part:
    """``part`` without the ``lacking`` nouns among its subject terms."""
    drop = {t for t in lacking if _is_focus_word(t)}
    kept = tuple(t for t in part.terms if t not in drop)
    return replace(part, terms=kept or ("\u0000",))  # nothing else to hold: no sentence holds it


MODIFIERS_MUST_DRAW = True
"""Whether an adjective or participle no passage uses must draw the question towards its supplying sentence."""


@lru_cache(maxsize=65536)
def _is_modifier(term: str) -> bool:
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я-]+", term):
        return False
    return bool({"ADJF", "PRTF"} & {str(p.tag.POS) for p in morph.parse(term)[:1]})


def _drop_words(text: str, lemmas: Sequence[str]) -> str:
    """``text`` without the words whose lemma is in ``lemmas``."""
    drop = set(lemmas)
    kept = [w for w in re.findall(r"\S+", text) if _lemma(re.sub(r"^\W+|\W+$", "", w).lower()) not in drop]
    return " ".join(kept)


def _draws_towards(text: str, without: str, shown: Sequence[str], embed: Any | None) -> bool:
    """Whether some ``shown`` sentence is at least as close (e5) to ``text`` as to ``without`` (``text`` less the
    words in question); without a model, ``True`` (the lexical decision stands)."""
    if not shown or not without.strip() or without == text:
        return True
    try:
        if embed is None:
            embed = _cached_local
        queries = embed([text, without], "query")
        sentences = embed(list(shown)[:8], "passage")
    except Exception:
        return True
    return bool(((sentences @ queries[0]) >= (sentences @ queries[1])).any())


def _without_terms(text: str, lacking: Sequence[str]) -> str:
    """``text`` without the words whose lemma is one of the ``lacking`` nouns (:func:`_is_focus_word`)."""
    drop = {t for t in lacking if _is_focus_word(t)}
    kept = [w for w in re.findall(r"\S+", text) if _lemma(re.sub(r"^\W+|\W+$", "", w).lower()) not in drop]
    return " ".join(kept)


_VECTORS: dict[tuple[str, str], Any] = {}
_VECTORS_LIMIT = 8192
_SHIPPED: dict[str, Any] | None = None


def _shipped(text: str) -> Any | None:
    """The shipped ``passage:`` vector of a sentence of the bundled knowledge base (:mod:`agentcore.rag.default_kb`),
    or ``None``."""
    global _SHIPPED
    if _SHIPPED is None:
        from agentcore.rag.default_kb import load_bundled_sentence_vectors
        from agentcore.rag.embeddings import E5Embedder

        _SHIPPED = load_bundled_sentence_vectors(E5Embedder.name)
    if not _SHIPPED:
        return None
    from agentcore.rag.default_kb import sentence_key

    return _SHIPPED.get(sentence_key(text))


def _cached_local(texts: list[str], kind: str) -> Any:
    """The local e5 embedder with a per-text cache: only texts not seen before are embedded, in one batch; a
    sentence of the shipped knowledge base takes its shipped vector."""
    import numpy as np

    from agentcore.llm import embed_local_array

    if kind == "passage":
        for text in dict.fromkeys(texts):
            if (text, kind) not in _VECTORS and (vector := _shipped(text)) is not None:
                _VECTORS[(text, kind)] = vector
    missing = [t for t in dict.fromkeys(texts) if (t, kind) not in _VECTORS]
    if missing:
        if len(_VECTORS) > _VECTORS_LIMIT:
            _VECTORS.clear()
        for text, vector in zip(missing, embed_local_array(missing, kind), strict=True):  # type: ignore[arg-type]
            _VECTORS[(text, kind)] = vector
    return np.stack([_VECTORS[(t, kind)] for t in texts])


def _describe(part: Part) -> str:
    """The part of the question as the closing line names it."""
    text = " ".join(part.text.split()).strip(" ,.?!")
    return text[:1].lower() + text[1:] if text else text
