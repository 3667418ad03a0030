"""Whether a text gives the kind of value a part asks for (a number, a time, a person, a service, a name, the steps of
a procedure), and the sentences that only announce content given elsewhere."""

from __future__ import annotations

import re

from agentcore.rag._focus.figures import NUMBER_RE, TIME_RE
from agentcore.rag._focus.parts import Asks
from agentcore.text.morphology import parses as word_parses

# A role, a department or the company as a doer (the nominative: «компания оплачивает проезд»); not a business
# trip («командировка» begins as «команда» does).
ROLE_WORDS = re.compile(
    r"руководител|директор|менеджер|инженер|мастер|владел|координатор|наставник|бухгалтери|техподдержк|отдел|"
    r"\bhr\b|команд(?!ировк)|\bкомпания\b|разработчик|дежурн|офис-менеджер|ресепшен|сотрудник|тимлид|ревьюер|автор|лид",
    re.I,
)


_NAME_RE = re.compile(r"«[^»]+»|\b[A-Za-z][A-Za-z0-9.@_-]+|(?<!^)(?<![.!?]\s)\b[А-ЯЁ][а-яё]{2,}|\d{3,4}\b|@\w+")


CONTACT_RE = re.compile(r"\S+@\S+\.\w+|https?://\S+|\b[\w-]+\.(?:ru|com|org|net)\b", re.I)


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


_REQUIRED = (
    r"нуж(?:ен|н[аоы])|надо|необходим(?!ост)\w*|следует|долж(?:ен|н[аоы])|требу\w*|требова(?:л\w*|ть|ться)|"
    r"обязательн\w*|обязан[аоы]?"
)
REQUIREMENT_RE = re.compile(rf"(?<![\w-])(?:{_REQUIRED})(?![\w-])", re.I)
"""A word stating a requirement («нужно», «нужен», «необходима», «следует», «должен», «требуется», «обязательно»,
«обязан») — the short forms as whole words, not a noun of the same beginning («должность», «обязанность»; rv4
finding 6): a step of a procedure (:func:`_acts`), or the answer «нет, нужно …» to a permission asked without the
thing (:func:`agentcore.rag._focus.conditions.states_it_required`)."""
_MODAL_RE = re.compile(rf"(?<![\w-])(?:можно|нельзя|стоит|{_REQUIRED})(?![\w-])", re.I)


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
        tag = word_parses(word.lower())[0].tag
        if "VERB" in tag and not {"быть", "являться"} & {word_parses(word.lower())[0].normal_form}:
            return True
        if ("INFN" in tag or "PRTS" in tag) and modal:
            return True
        if "PRTS" in tag:  # «оформлен», «согласовано»: a passive statement of what is done
            return True
    return False


_SERVICE_WORD_RE = re.compile(r"\b(?:портал|приложени|почт|бот|телефон|номер)\w*", re.I)


_ASKS_PLACE_RE = re.compile(r"(?<![\w-])(?:где|куда|откуда)(?![\w-])", re.I)
# A place said with a preposition of place: «на кухне 3 этажа», «во дворе», «у ресепшена», «в переговорной «Волга»»,
# «на третьем этаже» — the answer to «где» / «куда» that names no service, person or contact (tryout 28 D13: «Где
# кофе-машина?» was declined though «Кофе-машина стоит на кухне 3 этажа» was shown).  Up to two words (a number, an
# adjective) may stand between the preposition and the place's noun.
PLACE_RE = re.compile(
    r"(?<![\w-])(?:в|во|на|у|из|около|возле|напротив|рядом\s+с|за|под|над)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:этаж|кухн|офис|кабинет|комнат|переговорн|здани|корпус|двор|холл|ресепшен|приёмн|приемн|столов|склад|"
    r"подвал|парковк|улиц|зал|коридор|вход|лифт|шкаф|стойк|помещени|лобби|буфет|кафе|библиотек|серверн|архив|"
    r"подъезд|крыльц|вестибюл|гардероб|кладов|хранилищ|сейф|ящик|полк|тумб)\w*",
    re.I,
)


def gives_asked(asks: Asks, text: str, part_text: str = "") -> bool:
    """Whether ``text`` gives what a part asks for."""
    if asks in ("service", "name") and not _ASKS_CONTACT_RE.search(part_text):
        # an e-mail, a URL or a role («HR») names no insurer, no VPN, no version
        text = LEGAL_NAME_RE.sub(" ", ROLE_WORDS.sub(" ", CONTACT_RE.sub(" ", text)))
    if asks == "name":
        return bool(_NAME_VALUE_RE.search(text))
    if asks == "procedure":
        return _acts(text)
    if asks == "number":
        return bool(NUMBER_RE.search(text))
    if asks == "time":
        return bool(TIME_RE.search(text))
    if asks == "person":
        return bool(ROLE_WORDS.search(text) or _NAME_RE.search(text))
    if asks == "service":
        # whole words: «бот» is a service, «работы» is not; «где взять ключ» is answered by who gives it
        if _ASKS_CONTACT_RE.search(part_text) and ROLE_WORDS.search(text):
            return True
        if _ASKS_PLACE_RE.search(part_text) and PLACE_RE.search(text):
            return True
        return bool(_NAME_RE.search(text) or _SERVICE_WORD_RE.search(text))
    return True


LEGAL_NAME_RE = re.compile(r"\b(?:ООО|АО|ПАО|ЗАО|ИП)\s+«[^»]+»")
