"""What a Russian CRM request names, read without the portal: the deal, company or contact it is about (by title,
company or person, quoted or not), the stage it wants, the employee it assigns — and whether it is a question.

The names are returned as written; :func:`stems` turns them into the forms a ``%`` (LIKE) filter finds in any case
(«Вектором» → ``вектор``, «Смирновой» → ``смирнов``, «Кузнецову» → ``кузнецов``) with pymorphy3: the common
prefix of the word and its dictionary form.  :mod:`~agentcore.apps.crm.resolve` looks the names up on the portal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from agentcore.text.morphology import morph_analyzer

__all__ = ["Mentions", "find_mentions", "imperatives", "is_question", "lemmas", "stems", "word_kind"]

_QUOTE = r"«([^»]+)»|\"([^\"]+)\"|“([^”]+)”"
_WORD = re.compile(r"[A-Za-zА-Яа-яЁё0-9][\w-]*")
# Words that end a name written without quotes («сделку Вектор в стадию …», «сделку Ромашки на 300 тыс.»).
_NAME_STOP = frozenset(
    {
        *("в", "во", "на", "до", "и", "а", "но", "или", "из", "за", "к", "ко", "от", "о", "об", "про", "же", "ли"),
        *("с", "со", "по", "для", "у", "при", "через", "после", "перед", "под", "над"),
        *("стадию", "стадия", "стадии", "этап", "этапа", "этапе", "сумму", "сумма", "суммы", "бюджет", "ответственным"),
        *("ответственного", "ответственный", "ответственная", "сегодня", "завтра", "послезавтра", "пожалуйста"),
        *("это", "эту", "этой", "этот", "её", "ее", "его", "их", "мне", "нам", "теперь", "сейчас", "срочно", "плиз"),
        *("сделку", "сделки", "сделка", "сделке", "сделок", "компании", "компанию", "компания", "контакт", "контакта"),
        *("контакту", "клиента", "клиенту", "клиент", "руб", "рублей", "р", "тыс", "млн", "к", "какая", "какой"),
        *("какие", "сколько", "кто", "где", "когда", "что", "чем", "там", "тут", "вообще", "уже", "ещё", "еще"),
        *("задачу", "задача", "позвонить", "созвониться", "встречу", "название", "дату", "закрытия", "дата"),
        *("все", "всех", "мои", "мою", "новую", "новая", "новой", "текущую", "текущей", "последнюю", "этим"),
        *("телефон", "телефону", "телефоном", "телефона", "номер", "номеру", "номером", "номера", "почте", "почтой"),
        *("последней", "последний", "последняя", "последние", "последних", "созданную", "созданная", "созданной"),
        *("созданные", "созданных", "добавленную", "заведённую", "заведенную", "самую", "самая", "самой"),
        *("как", "стоит", "стоят", "висит", "находится", "сейчас", "есть", "был", "была", "было", "будет", "у"),
    }
)
_PREPOSITIONS = frozenset({"по", "с", "со", "для", "у", "от", "к", "ко", "про", "о", "об"})
_DEAL = r"сделк\w*"
_COMPANY = r"(?:компани\w*|фирм\w*|организаци\w*|клиент\w*)"
_CONTACT = r"контакт\w*"
_STAGE_WORD = r"(?:стади\w*|этап\w*|колонк\w*)"
_ASSIGN = re.compile(
    r"(?:ответственн\w*|назнач\w*|поручи\w*|передай\w*|перекинь\w*|исполнител\w*)",
    re.IGNORECASE,
)
_INTERROGATIVES = frozenset(
    {
        *("какой", "какая", "какое", "какие", "какую", "каком", "какой-то", "каков", "какова", "сколько", "когда"),
        *("кто", "где", "чей", "чья", "чьё", "чьи", "почему", "зачем", "ли", "разве", "неужели", "откуда", "куда"),
        *("кому", "кем", "что", "чего", "чему", "чём", "каких", "какими", "каким"),
    }
)
_POLITE = re.compile(
    r"\b(?:можешь|можете|сможешь|сможете|можно|могли\s+бы|мог\s+бы|могла\s+бы|не\s+мог\w*\s+бы|будь\s+добр\w*)\b"
)


@dataclass
class Mentions:
    """The names one message gives (each as written) and where it points."""

    deal: str | None = None
    deal_quoted: bool = False
    company: str | None = None
    contact: str | None = None
    stage: str | None = None
    person: str | None = None
    # «последнюю созданную сделку», «последние 3 контакта», «самую новую компанию»: the kind asked for newest
    # first (``deal`` / ``contact`` / ``company``), how many, and the words as written.
    newest: tuple[str, int, str] | None = None
    # «найди контакт +7 900 111-22-33», «компания с телефоном 8 495 …»: the phone as written and whose it is.
    phone: tuple[str, str] | None = None
    extra: dict[str, str] = field(default_factory=dict)

    def any(self) -> bool:
        return any((self.deal, self.company, self.contact, self.stage, self.person))


@lru_cache(maxsize=4096)
def _parses(word: str) -> tuple[tuple[str, str], ...]:
    morph = morph_analyzer()
    if morph is None:
        return ()
    return tuple((p.normal_form, str(p.tag)) for p in morph.parse(word.lower()))


def lemmas(text: str) -> list[str]:
    """The dictionary form of each word (the most likely reading)."""
    out = []
    for word in _WORD.findall(text):
        parses = _parses(word)
        out.append(parses[0][0] if parses else word.lower())
    return out


# The commands people type most, for reading them with one typo («Перведи», «удпли», «поминяй»).
_COMMON_COMMANDS = {
    **dict.fromkeys(("переведи", "перемести", "передвинь"), "перевести"),
    "поменяй": "поменять",
    "измени": "изменить",
    "удали": "удалить",
    "создай": "создать",
    "назначь": "назначить",
    "поставь": "поставить",
    "покажи": "показать",
    "добавь": "добавить",
    "заведи": "завести",
    "перенеси": "перенести",
    "обнови": "обновить",
    "переименуй": "переименовать",
}


def _one_edit(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` differ by one inserted, deleted or replaced letter."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i + (len(a) == len(b)) :] == b[i + 1 :]


def imperatives(text: str) -> set[str]:
    """Infinitives of the verbs in ``text`` that can be read as an imperative or an infinitive («удали» →
    ``удалить``, «поставь» → ``поставить``; «поставка» is a noun and gives nothing).  A word unknown to the
    dictionary one letter away from a common command counts as that command («Перведи» → ``перевести``)."""
    found: set[str] = set()
    for word in _WORD.findall(text):
        low = word.lower()
        if len(low) >= 5 and not _known(low):
            typo = {v for k, v in _COMMON_COMMANDS.items() if _one_edit(low, k)}
            if typo:
                found.update(typo)
                continue
        for lemma, tag in _parses(word):
            if ("VERB" in tag and "impr" in tag) or tag.startswith("INFN"):
                found.add(lemma)
                break
    return found


@lru_cache(maxsize=4096)
def _known(word: str) -> bool:
    morph = morph_analyzer()
    return True if morph is None else bool(morph.word_is_known(word))


def is_question(text: str) -> bool:
    """True for a question about data («на какой стадии сделка …?», «какая сумма у сделки 1?»), False for a request,
    also a polite one phrased as a question («можешь поменять сумму …?», «поменяй сумму, ок?»)."""
    low = text.lower().strip()
    if _POLITE.search(low):
        return False
    words = [w.lower() for w in _WORD.findall(low)]
    asks = "?" in low or any(w in _INTERROGATIVES for w in words)
    if not asks:
        return False
    verbs = {w for w in words if any("VERB" in tag and "impr" in tag for _, tag in _parses(w))}
    # «удали сделку 3?» is a request with a question mark
    return not (verbs and not any(w in _INTERROGATIVES for w in words))


def stems(name: str) -> list[str]:
    """Search forms of the words of a name: each word cut to what it shares with its dictionary form (at least three
    letters), so a LIKE filter finds «Вектор» from «Вектором» and «Смирнова» from «Смирновой»."""
    out = []
    for word in _WORD.findall(name):
        low = word.lower()
        parses = _parses(low)
        lemma = parses[0][0] if parses else low
        common = 0
        for a, b in zip(low, lemma, strict=False):
            if a != b:
                break
            common += 1
        stem = low[: max(common, 3)] if common >= 3 else low
        if len(low) > 4 and common == len(low) and len(lemma) == len(low) and re.search(r"[аяыиоуеё]$", low):
            stem = low[:-1]  # «Ромашка» also matches «Ромашки»: drop the vowel ending of a nominative
        out.append(stem)
    return out


def _quoted_after(text: str, noun: str) -> str | None:
    match = re.search(rf"{noun}\s+(?:(?:с|под)\s+названием\s+)?(?:{_QUOTE})", text, re.IGNORECASE)
    if match is None:
        return None
    return next(g for g in match.groups() if g is not None).strip() or None


def word_kind(word: str) -> str | None:
    """``name``, ``surname`` or ``patronymic`` for a word of a person's name (its most likely such reading)."""
    for _, tag in _parses(word):
        if "Name" in tag:
            return "name"
        if "Surn" in tag:
            return "surname"
        if "Patr" in tag:
            return "patronymic"
    return None


def _is_person_word(word: str) -> bool:
    """A first name, surname or patronymic: any reading when capitalised, the most likely one when not."""
    parses = _parses(word)
    readings = parses if word[:1].isupper() else parses[:1]
    return any(("Name" in tag or "Surn" in tag or "Patr" in tag) for _, tag in readings)


def _words_after(
    text: str, noun: str, *, limit: int = 4, people_only: bool = False, exclude: frozenset[str] = frozenset()
) -> str | None:
    """The name written without quotes after ``noun`` («сделку Вектор в стадию …» → «Вектор»)."""
    for match in re.finditer(rf"\b{noun}\b", text, re.IGNORECASE):
        words = _WORD.findall(text[match.end() :])
        taken: list[str] = []
        for index, word in enumerate(words):
            low = word.lower()
            if index == 0 and low in _PREPOSITIONS:
                continue
            if low in _NAME_STOP or low.isdigit() or re.fullmatch(r"\d[\d\s.,]*", low) or word in exclude:
                break
            if low.startswith("ответствен") or (imperatives(word) and not word[0].isupper()):
                break
            if people_only and not (word[:1].isupper() or _is_person_word(word.capitalize())):
                break
            taken.append(word)
            if len(taken) >= limit:
                break
        if taken:
            return " ".join(taken)
    return None


def _stage_phrase(text: str) -> str | None:
    match = None
    for candidate in re.finditer(rf"(\w+\s+)?{_STAGE_WORD}\s+(?:{_QUOTE}|(.+))$", text, re.IGNORECASE):
        before = (candidate.group(1) or "").strip().lower()
        if before not in _INTERROGATIVES:  # «на какой стадии сделка …?» names no stage
            match = candidate
        break
    if match is not None:
        groups = match.groups()[1:]
        phrase = next((g for g in groups if g is not None), "").strip(" .!?,")
        phrase = re.split(r"\s*(?:[,;]|\bи\s+(?:назнач|поставь|измени|поменяй))", phrase, maxsplit=1)[0]
        return phrase or None
    if re.search(rf"\b(?:{'|'.join(_INTERROGATIVES)})\s+{_STAGE_WORD}", text, re.IGNORECASE):
        return None
    if match is None:
        match = re.search(
            r"\b(?:переведи|перемести|передвинь|перекинь|двинь|сдвинь|переключи)\w*\b.*?\b(?:в|на)\s+(?:"
            + _QUOTE
            + r"|(.+))$",
            text,
            re.IGNORECASE,
        )
    if match is None:
        match = re.search(
            r"\b(?:в|на)\s+(?:" + _QUOTE + r"|(.+?))\s+(?:переведи|перемести|передвинь|перекинь)\w*[\s.!]*$",
            text,
            re.IGNORECASE,
        )
    if match is None:
        return None
    phrase = next(g for g in match.groups() if g is not None).strip(" .!?,")
    phrase = re.split(r"\s*(?:[,;]|\bи\s+(?:назнач|поставь|измени|поменяй))", phrase, maxsplit=1)[0]
    return phrase or None


def _person_run(words: list[str]) -> list[str]:
    """The first run of person-name words (capitalised, a first name, surname or patronymic) in ``words``."""
    run: list[str] = []
    for word in words:
        if _is_person_word(word) or (run and word[:1].isupper() and word.isalpha()):
            run.append(word)
            if len(run) == 3:
                break
        elif run:
            break
    return run


_ENTITY_NOUN = re.compile(rf"^(?:{_DEAL}|{_COMPANY}|{_CONTACT})$", re.IGNORECASE)


def _person_phrase(text: str) -> str | None:
    """The employee a request assigns («назначь ответственным Ольгу Кузнецову», «Марию Соколову назначь …»)."""
    matches = list(_ASSIGN.finditer(text))
    if not matches:
        return None
    unquoted = re.sub(_QUOTE, " ", text)
    for match in _ASSIGN.finditer(unquoted):
        words = _WORD.findall(unquoted[match.end() :])
        cut = next((i for i, w in enumerate(words) if _ENTITY_NOUN.match(w)), len(words))
        after = _person_run(words[:cut])
        if after:
            return " ".join(after)
        if cut < len(words):  # «… по сделке Ромашка сервисный контракт Белова»: a person after the deal's name
            rest = words[cut + 1 :]
            start = next((i for i, w in enumerate(rest) if _is_person_word(w)), None)
            if start is not None:
                run = _person_run(rest[start:])
                if start > 0 or len(run) > 1:
                    return " ".join(run[1:] if start == 0 else run)
    for match in reversed(matches):
        before = _person_run(list(reversed(_WORD.findall(text[: match.start()]))))[:2]
        if before:
            return " ".join(reversed(before))
    match = matches[0]
    tail = re.search(r"(?:ответственн\w*|на)\s+([а-яё]{3,}(?:\s+[а-яё]{3,})?)\s*[.!]?$", text[match.start() :])
    if tail and all(any("Name" in t or "Surn" in t for _, t in _parses(w)) for w in tail.group(1).split()):
        return tail.group(1)
    return None


_COUNTS = {
    **dict.fromkeys(("два", "две", "двух"), 2),
    **dict.fromkeys(("три", "трёх", "трех"), 3),
    **dict.fromkeys(("четыре", "четырёх", "четырех"), 4),
    **dict.fromkeys(("пять", "пяти"), 5),
    **dict.fromkeys(("шесть", "шести"), 6),
    **dict.fromkeys(("семь", "семи"), 7),
    **dict.fromkeys(("восемь", "восьми"), 8),
    **dict.fromkeys(("девять", "девяти"), 9),
    **dict.fromkeys(("десять", "десяти"), 10),
}
_COUNT = r"(?:\d{1,3}|" + "|".join(_COUNTS) + r")"
_NEWEST_WORD = r"(?:последн\w*|новейш\w*|сам(?:ый|ая|ую|ой|ое|ые|ых|ым|ыми)\s+нов\w*)"
_MADE = r"(?:созданн\w*|создававш\w*|добавленн\w*|заведённ\w*|заведенн\w*|внесённ\w*|внесенн\w*)"
_KIND_NOUN = r"(сделк\w*|контакт\w*|компани\w*)"
_NEWEST = re.compile(
    rf"(?:\b(?P<n1>{_COUNT})\s+)?\b(?P<word>{_NEWEST_WORD})(?:\s+(?P<n2>{_COUNT}))?(?:\s+{_MADE})?\s+{_KIND_NOUN}"
    rf"|\b{_KIND_NOUN},?\s+(?:{_MADE}|которы\w+\s+(?:создал\w*|добавил\w*|завели))\s+(?:(?:позже\s+всех|"
    rf"последн\w*|недавно)\b)",
    re.IGNORECASE,
)
_PLURAL_NEWEST = re.compile(r"(?:ие|их|ими|ым|ые)$")
_DEFAULT_PLURAL = 10  # «последние сделки» without a number: as many as a list shows


def _newest(text: str) -> tuple[str, int, str] | None:
    """The kind a message asks for newest first, how many and the words (see :attr:`Mentions.newest`)."""
    unquoted = re.sub(_QUOTE, " ", text)
    match = _NEWEST.search(unquoted)
    if match is None:
        return None
    noun = (match.group(4) or match.group(5) or "").lower()
    kind = "deal" if noun.startswith("сделк") else "contact" if noun.startswith("контакт") else "company"
    number = match.group("n1") or match.group("n2")
    if number:
        count = int(number) if number.isdigit() else _COUNTS[number.lower()]
    else:
        word = (match.group("word") or "").lower()
        count = _DEFAULT_PLURAL if word and _PLURAL_NEWEST.search(word.split()[-1]) else 1
    if count < 1:
        return None
    return kind, min(count, 50), match.group(0).strip()


_PHONE = re.compile(r"(?<![\w+])\+?\d[\d\s()-]{8,16}\d(?!\w)(?!\s*(?:руб|р\.|₽|тыс|млн|к\b|%))", re.IGNORECASE)


def _phone(text: str) -> tuple[str, str] | None:
    """The phone a request looks a contact or company up by, with the kind (``contact`` unless a company is meant)."""
    unquoted = re.sub(_QUOTE, " ", text)
    match = _PHONE.search(unquoted)
    if match is None or not 10 <= len(re.sub(r"\D", "", match.group(0))) <= 12:
        return None
    low = unquoted.lower()
    if not re.search(r"контакт|компани|клиент|телефон|номер", low):
        return None
    kind = "company" if re.search(r"компани|фирм|организаци", low) and "контакт" not in low else "contact"
    return match.group(0).strip(), kind


def find_mentions(text: str) -> Mentions:
    """The names in ``text`` (see the module docstring)."""
    found = Mentions()
    found.newest = _newest(text)
    found.phone = _phone(text)
    found.person = _person_phrase(text)
    person_words = frozenset((found.person or "").split())
    deal = _quoted_after(text, _DEAL)
    if deal:
        found.deal, found.deal_quoted = deal, True
    company = _quoted_after(text, _COMPANY) or _words_after(text, _COMPANY, limit=3)
    if company:
        found.company = company
    if company is None:
        legal = re.search(
            r"\b(?:ООО|АО|ЗАО|ПАО|ОАО|ИП)\s+(?:«([^»]+)»|\"([^\"]+)\"|([А-ЯЁA-Z][\w-]*(?:\s+[А-ЯЁA-Z][\w-]*)?))", text
        )
        for_name = re.search(r"\bдля\s+(?:«([^»]+)»|\"([^\"]+)\"|([А-ЯЁA-Z][\w-]+))", text)
        picked = legal or for_name
        if picked:
            company = next(g for g in picked.groups() if g is not None).strip()
            found.company = company
    contact = _quoted_after(text, _CONTACT) or _words_after(text, _CONTACT, limit=3, people_only=True)
    if contact:
        found.contact = contact
    if found.deal is None:
        unquoted = _words_after(text, _DEAL, exclude=person_words)
        if unquoted and not re.fullmatch(r"(?:№|#)?\d+", unquoted):
            found.deal = unquoted
    if found.deal is None and re.search(_DEAL, text, re.IGNORECASE):
        quotes = [
            next(g for g in m.groups() if g is not None)
            for m in re.finditer(_QUOTE, text)
            if not re.search(r"\b(?:в|на|во)\s*$", text[: m.start()], re.IGNORECASE)  # «переименуй в «Новое»»
        ]
        if quotes and not found.company and not found.contact:
            found.deal, found.deal_quoted = quotes[0].strip(), True
    if re.search(rf"{_STAGE_WORD}|\b(?:переведи|перемести|передвинь|перекинь|сдвинь)", text, re.IGNORECASE):
        found.stage = _stage_phrase(text)
    if not (found.deal or found.company or found.contact or found.newest or found.phone):
        found.deal = _bare_name(text, found)
    return found


def _bare_name(text: str, found: Mentions) -> str | None:
    """A name written with no noun before it — «Поменяй у Ромашки сумму на 300 000», «Поставь Вектору стадию
    выиграна» — so it is looked up (deal title, company, contact) instead of the request going to the deal shown
    last: a capitalised Cyrillic word inside the sentence that is not the stage or the employee it names.  Only when
    the message has no ``сделка`` / ``компания`` / ``контакт`` word (those name their objects themselves)."""
    unquoted = re.sub(_QUOTE, " ", text)
    if re.search(rf"{_DEAL}|{_COMPANY}|{_CONTACT}", unquoted, re.IGNORECASE):
        return None
    taken = set(_WORD.findall(" ".join(filter(None, (found.stage, found.person)))))
    for match in re.finditer(r"(?<![.!?]\s)(?<!^)\b([А-ЯЁ][а-яё]+(?:-[А-ЯЁ]?[а-яё]+)?)\b", unquoted.strip()):
        word = match.group(1)
        low = word.lower()
        if word in taken or low in _NAME_STOP or low.startswith(_CALENDAR) or imperatives(word):
            continue
        if any("Geox" in tag for _, tag in _parses(low)):  # «в Москве»: a place, not a client
            continue
        return word
    return None


_CALENDAR = (
    *("январ", "феврал", "март", "апрел", "мая", "май", "июн", "июл", "август", "сентябр", "октябр", "ноябр"),
    *("декабр", "понедельник", "вторник", "сред", "четверг", "пятниц", "суббот", "воскресен"),
)
