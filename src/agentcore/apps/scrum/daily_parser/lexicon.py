"""The parser's words and text primitives: time words (with their typos), blocker words, past/future verbs,
fillers, the id pattern of the clause rules, content words, and the length the parser reads
(:data:`MAX_PARSED_CHARS`, :func:`readable`)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from agentcore.apps.scrum.schemas import MAX_MESSAGE_CHARS
from agentcore.apps.scrum.task_ids import current_prefixes, task_ids_in
from agentcore.text.first_char import compile_guarded, guarded
from agentcore.text.literal_gate import LiteralGate
from agentcore.text.morphology import morph_analyzer, parses
from agentcore.text.reading_memo import per_reading

Section = Literal["yesterday", "today", "blockers"]

MAX_PARSED_CHARS = MAX_MESSAGE_CHARS
"""The parser reads at most this many characters of a text; the rest is ignored.  Every path a person uses
(CLI, HTTP, Telegram) rejects a longer message before it reaches the parser, with «Сообщение длиннее 4000
символов…» (HTTP: 422), so the cap only bounds direct callers: some rules cost more than linear time on a
pathological text, and a cap keeps any input to the cost of a 4,000-character one."""


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


def _swaps(word: str) -> str:
    """``word`` with two neighbouring letters swapped, every way, as a regex alternation: typos of a time word."""
    return "|".join(sorted({word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(1, len(word) - 1)}))


# The time words as one group behind a lookahead on their first letters (:func:`~agentcore.text.first_char.guarded`):
# they are tried at every word of every clause, and at most words the first letter already rules them all out.
_YESTERDAY = guarded(
    r"вч[еи]р\w*|вчр\w*|вчеоа|вчра|вчеа|yesterday|в\s+пятницу|на\s+прошлой\s+неделе|за\s+прошлый\s+день|сделано|done|"
    r"по\s+вчера|yday|ystd|" + _swaps("вчера"),
    re.IGNORECASE,
)
_TODAY = guarded(
    r"сег[оа]дн\w*|сев[оа]дн\w*|сиг[оа]дн\w*|с[её]дня|сення|today|планы?|планах|в\s+планах|план\s+на\s+день|"
    r"на\s+сегодня|todo|to\s+do|plans?|в\s+работе|in\s+progress|wip|завтра|сег[оа]?дн[яи]|сегодя|сегдоня|сегоня|"
    r"сегдня|севоня|сигодня|сёдня|сегодн|сгодня|сеодня|егодня|" + _swaps("сегодня"),
    re.IGNORECASE,
)
_BLOCKER_WORDS = guarded(
    r"блок[еи]р\w*|блокир\w*|блокеры|blockers?|blocked|impediments?|препятстви\w*|проблем\w*|затык\w*|"
    r"стопп?ер\w*|stoppers?|блакер\w*|блокры|" + r"бл(?:оер|кер|окр|оекр|окре)\w*",  # one letter missing or swapped
    re.IGNORECASE,
)
_URL_RE = re.compile(r"https?://\S+", re.IGNORECASE)
_KEY_LIKE = re.compile(r"^[a-z][a-z0-9_]*-\d+$")
_SECTION_WORD = re.compile(rf"(?:{_YESTERDAY}|{_TODAY}|{_BLOCKER_WORDS})", re.IGNORECASE)
_BLOCKER_WORDS_FULL = re.compile(_BLOCKER_WORDS, re.IGNORECASE)
_BLOCKER_WORDS_RE = re.compile(rf"\b(?:{_BLOCKER_WORDS})", re.IGNORECASE)
_YESTERDAY_RE = re.compile(rf"\b(?:{_YESTERDAY})\b", re.IGNORECASE)
_TODAY_RE = re.compile(rf"\b(?:{_TODAY})\b", re.IGNORECASE)


_PAST_VERBS = _wordset(
    """сделал доделал закрыл закончил завершил пофиксил починил исправил выкатил задеплоил смержил смёржил
    влил отревьюил ревьюил протестировал проверил написал дописал добавил реализовал разобрал разобрался
    настроил обновил подготовил провел провёл поправил отладил запустил собрал изучил переписал отрефакторил
    начал продолжил работал занимался делал фиксил тестировал созвонился обсудил помог сдал отдал перевел
    перевёл залил мержил мерджил разработал внедрил оформил описал прошел прошёл закоммитил запушил ресерчил
    исследовал сверстал посмотрел глянул согласовал ответил синхронизировался поднял развернул замержил
    готово готов готова готовы закрыт закрыта закрыто сделано завершено
    fixed finished closed merged deployed reviewed tested implemented wrote did done completed worked wrapped
    shipped added updated refactored investigated debugged migrated"""
)
_FUTURE_WORDS = _wordset(
    """буду будем планирую планируем собираюсь начну начнем начнём займусь возьму возьмусь продолжу продолжаю
    доделаю закончу закрою сделаю посмотрю проверю протестирую напишу допишу исправлю поправлю выкачу задеплою
    отревьюю разберусь хочу нужно надо план планы планах будет постараюсь попробую запланировал запланировано
    делаю работаю пишу тестирую ревьюю занимаюсь продолжаю беру
    will plan planning going todo doing working starting continuing finishing next"""
)
_NOT_VERBS = _wordset(
    """материал сигнал канал потенциал интервал терминал функционал персонал финал оригинал журнал арсенал
    капитал генерал отдел раздел предел тоннел туннел портал ритуал скандал фестивал минимал нормал формал
    тотал пробел модул ревью код-ревью интервью"""
)
_PAST_SUFFIX = re.compile(r"^[а-яё]{3,}(?:ил|ал|ял|ел|ыл|ул|ол)(?:а|и|ся|ась|ись|ось)?$")
_WORD = re.compile(r"[A-Za-zА-Яа-яЁё0-9]+(?:-[A-Za-zА-Яа-яЁё0-9]+)*")
_FILLER = _wordset(
    """и а но да нет ну вот ещё еще также тоже потом затем же все всё так как что это по на в во с со к ко
    ок ok окей okay без у о об от до за из для над под при про через ничего пока особо вроде вообще то самое тот та те -
    and or the a an to of on in at by for with then also too"""
)
# Words that say only that something is absent: «нет», «никаких», «ноль», «пусто», «ни одного», «none», «nothing»,
# «0».  A statement of them and blocker words alone says there is no blocker, whatever their order or number
# («проблем никаких», «blocked by nothing», «Мешает: ничего»).
_ABSENCE = _wordset(
    """нет нету нэт никаких никакие никакого никакой ничего ничто ноль нуль пусто пустота ни одного одной
    отсутствуют отсутствует отсутствие none no nope nothing nil zero nada 0"""
)
_GENERIC = _wordset(
    """задача задачи задачу задачами задач таска таски таску таск тасками работа работу работаю работаем
    делаю делать делаем буду будем занимаюсь спринт спринту спринта"""
)
_ID = r"(?:[A-Za-z][A-Za-z0-9_]{0,19}-\d{1,9}|[\w.-]+/[\w.-]+#\d{1,9}|#\d{1,9})"
_LEAD = re.compile(
    r"^(?:[\s,;:—–\-•*>]+|(?:и|а|но|однако|также|ещё|еще|потом|затем|ну|да|плюс|зато|заодно)\b\s*)+", re.IGNORECASE
)
_TRAIL = re.compile(r"[\s,;:—–\-.!?]+$")


_TRAIL_CHARS = ",;:—–-.!?"


@per_reading()
def _clean(text: str) -> str:
    """``text`` without the link words and punctuation that lead into it or trail it (remembered while one daily is
    read: the rules clean the same clause again and again)."""
    text = _LEAD.sub("", text.strip())
    # what :data:`_TRAIL` removes, without a regex scan of the whole text (``str.rstrip()`` strips what ``\s`` matches)
    while True:
        stripped = text.rstrip().rstrip(_TRAIL_CHARS)
        if stripped == text:
            return text.strip()
        text = stripped


@per_reading(current_prefixes)
def _content_words(text: str) -> tuple[str, ...]:
    """Words that carry content: not headers, time words, fillers, numbers, task ids or URLs (remembered while one
    daily is read, with the team's prefixes that decide what is a task id)."""
    if "://" in text:
        text = _URL_RE.sub(" ", text)
    known = current_prefixes()
    return tuple([form for word in _WORD.findall(text) if (form := _content_form(word, known))])


@lru_cache(maxsize=8192)
def _content_form(word: str, known: frozenset[str] = frozenset()) -> str:
    """``word`` in lower case when it carries content (:func:`_is_content`), else ``""`` (kept per word as written
    and the team's tracker prefixes ``known``, which make «opera-41» a task id in a team with ``OPERA`` keys)."""
    lower = word.lower()
    if "-" in word and _KEY_LIKE.match(lower) and task_ids_in(word, known):
        return ""  # a task id as written: «OPERA-41» is one, «opera-41» (the browser) is not (session scrum29)
    return lower if _is_content(lower, known) else ""


@lru_cache(maxsize=8192)
def _is_content(lower: str, known: frozenset[str] = frozenset()) -> bool:
    """Whether a (lower-case) word carries content (the vocabulary repeats, so the answer is kept)."""
    if lower in _FILLER or len(lower) < 2 or lower.isdigit() or (_KEY_LIKE.match(lower) and task_ids_in(lower, known)):
        return False
    if _YESTERDAY_RE.fullmatch(lower) or _TODAY_RE.fullmatch(lower):
        return False
    return not _BLOCKER_WORDS_FULL.fullmatch(lower)


def _verb_section(text: str) -> Section | None:
    """Yesterday for a past-tense verb, today for a future/plan word; the first one found decides."""
    for word in _WORD.findall(text.lower()):
        if word in _FUTURE_WORDS:
            return "today"
        if word in _PAST_VERBS:
            return "yesterday"
        if word not in _NOT_VERBS and _PAST_SUFFIX.match(word):
            return "yesterday"
    return None


def tells_doing_now(text: str) -> bool:
    """Whether ``text`` has a verb of what the member is doing now (present tense, first person singular), which
    makes a clause with no time word of its own today's work whatever the verb: «PAY-13 начинаю», «берусь за
    PAY-14» (dev26)."""
    return any(_doing_now(word) for word in _CYRILLIC.findall(text.lower()))


@lru_cache(maxsize=8192)
def _doing_now(lower: str) -> bool:
    """Whether ``lower``'s most likely reading is a verb in the present tense, first person singular."""
    readings = parses(lower)
    return bool(readings) and {"VERB", "pres", "1per", "sing"} <= readings[0].tag.grammemes and _known(lower)


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by at most one insertion, deletion, substitution or swap of neighbours."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
        )
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def _starts_section(text: str) -> bool:
    return bool(_YESTERDAY_RE.match(text) or _TODAY_RE.match(text))


# One space first, then the rest of the run: a pattern that opens with a character class lets the engine skip to the
# next space at once, where ``[^\S\n]{2,}`` is tried at every position (session sp4; the same runs).
_SPACE_RUN = re.compile(r"[^\S\n][^\S\n]+")


def readable(message: str) -> str:
    """The part of ``message`` the parser reads: its first :data:`MAX_PARSED_CHARS` characters, each run of spaces
    (tabs, no-break spaces) within a line read as one space."""
    message = message[:MAX_PARSED_CHARS] if len(message) > MAX_PARSED_CHARS else message
    if "<" in message or "[" in message:
        message = _PLACEHOLDER.sub(_blank_instruction, message)
    if "tb" in message or "TB" in message:
        message = _NOT_YET_WRITTEN.sub("", message)
    return _SPACE_RUN.sub(" ", message)


# A section's value saying it is still to be written («Yesterday: TBD», «Today: TBA»): the section is not answered
# yet, so nothing is said of that day (dev26); «N/A» (not applicable) is an answer and stays.
_NOT_YET_WRITTEN = re.compile(r"(?<=:)[ \t]*(?:tbd|tba)[ \t.!]*$", re.IGNORECASE | re.MULTILINE)


# A template's instruction left in brackets as a section's value: «Вчера: <что сделал>», «Today: [fill in]» — no
# answer (dev25 probes); a bracket that holds anything else («[x] PAY-1», «[PAY-1]», a link) stays.
_PLACEHOLDER = re.compile(
    r"(?<=:)[ \t]*(?:<[^<>\n]{0,60}>|\[[^\[\]\n]{0,60}\](?!\())[ \t]*$",
    re.MULTILINE,
)
_PLACEHOLDER_WORDS = re.compile(
    r"что|заполн|опиш|описа|введи|укажи|впиши|здесь|сюда|tbd|todo|your|what|fill|describe|enter|insert|here",
    re.IGNORECASE,
)


# Angle brackets are a template's slot, never how a person writes an answer: words alone in them («<если есть>»,
# «<your plan>») are the slot's instruction whatever they say; a number or a link in them (an id) stays (dev26).
_SLOT_CONTENT = re.compile(r"\d|/|https?:", re.IGNORECASE)


def _blank_instruction(match: re.Match[str]) -> str:
    """The replacement of :data:`_PLACEHOLDER`: nothing for an instruction or an empty bracket, the text otherwise."""
    bracket = match.group().strip()
    inside = bracket[1:-1]
    if not inside.strip() or _PLACEHOLDER_WORDS.search(inside):
        return ""
    return "" if bracket[0] == "<" and not _SLOT_CONTENT.search(inside) else match.group()


# A clause that only greets or thanks («Всем привет!», «Доброе утро», «спасибо»): not work, not a blocker.
_GREETING = (
    r"(?:привет\w*|здравствуйте|доброе\s+утро|добрый\s+(?:день|вечер)|доброе(?!\s*[^\W\d_])|hi|hello|hey|good\s+morning|morning|"
    r"салют|хай|"
    r"спасибо|thanks|thank\s+you)"
)
_COURTESY = re.compile(
    rf"^\W*(?:(?:всем|коллеги|ребята|команда)\W+)?{_GREETING}"
    r"(?:\W+(?:всем|все|all|team|everyone|коллеги|ребята|команда))?\W*$",
    re.IGNORECASE,
)
# Behind its literal gate (session sp4): the whole daily is scanned once for a greeting's words, case-sensitively.
_GREETING_HINT = LiteralGate(re.compile(rf"\b{_GREETING}\b", re.IGNORECASE))
# Where a greeting may end: «привет, живой», «Всем привет! На месте», «hello — here», and a pictograph people put
# where a full stop goes («Доброе утро ☀️ я на месте»: session qv2).
_COURTESY_PIECES = re.compile(r"[\n.!?;,:\u2600-\u27bf\U0001f300-\U0001faff]+\ufe0f?|\s+[—–-]\s+")
# Whom a greeting is said to, standing alone before or after it («Коллеги, привет!», «Hi team»): the address of the
# greeting, which informs of nothing either — a word of address or an animate noun in the nominative plural
# («Друзья, доброе утро»), by morphology.
_ADDRESS_WORDS = _wordset("всем все коллеги ребята ребят команда народ team all everyone folks guys")


def _is_address(piece: str) -> bool:
    """Whether ``piece`` is one word that only names whom the daily is said to (:data:`_ADDRESS_WORDS`, or an
    animate plural noun in the nominative: «Друзья», «Девочки»)."""
    words = _WORD.findall(piece)
    if len(words) != 1:
        return False
    lower = words[0].lower()
    if lower in _ADDRESS_WORDS:
        return True
    readings = parses(lower) if _CYRILLIC.fullmatch(lower) else ()
    return bool(readings) and {"NOUN", "anim", "plur", "nomn"} <= readings[0].tag.grammemes


def _without_courtesy(text: str, greets: bool = True, aside: bool = False) -> str:
    """``text`` without its pieces that only greet or thank (:data:`_COURTESY`) and the address of the greeting
    (``greets``), and without the words about the message, not the work (``aside``: :data:`_OWN_SIDE`, a promise
    to report later, :func:`_only_a_promise_to_report`)."""
    if aside:
        text = _OWN_SIDE.sub(" ", text)
    return " ".join(
        piece
        for piece in _COURTESY_PIECES.split(text)
        if not (greets and (_COURTESY.match(piece) or _is_address(piece)))
        and not (aside and _only_a_promise_to_report(piece))
    )


def _informative(text: str, words: tuple[str, ...] | None = None) -> int:
    """Content words that say something specific (not «задачи», «работаю», «буду делать», nor a word of a part of
    speech that informs of nothing — an interjection, a particle, an adjective, an adverb, a pronoun:
    :func:`_says_nothing` —, nor a greeting or thanks: «привет, живой» is no word); ``words`` are
    ``_content_words(text)`` when the caller has them already."""
    greets, aside = _GREETING_HINT.search(text) is not None, _ASIDE_HINT.search(text) is not None
    if greets or aside:
        text, words = _without_courtesy(text, greets, aside), None
    return sum(
        1
        for word in (_content_words(text) if words is None else words)
        if word not in _GENERIC and not _says_nothing(word)
    )


# Words about the message rather than the work (session qv2): whose side the author speaks for («no blockers on my
# side», «с моей стороны») and a promise to write more later — a piece whose only word that informs is a verb of
# reporting in the first person, with no object of its own («чуть позже напишу», «вечером отпишусь», «если что —
# сообщу»; «напишу тесты» keeps its object and stays).
_OWN_SIDE = compile_guarded(r"\b(?:on|from)\s+(?:my|our)\s+(?:side|end)\b|\bс\s+(?:моей|нашей|своей)\s+стороны\b", re.I)
_ASIDE_HINT = compile_guarded(r"side\b|end\b|сторон|напиш|отпиш|сообщ|расскаж|отчита", re.IGNORECASE)
_REPORT_LEMMAS = _wordset("написать отписаться отписать сообщить рассказать отчитаться")


def _only_a_promise_to_report(piece: str) -> bool:
    """Whether the only word of ``piece`` that informs is a verb of reporting in the first person (pymorphy3)."""
    told = [w for w in _content_words(piece) if w not in _GENERIC and not _says_nothing(w)]
    if len(told) != 1 or not _CYRILLIC.fullmatch(told[0]):
        return False
    readings = parses(told[0])
    return bool(readings) and readings[0].normal_form in _REPORT_LEMMAS and readings[0].tag.person == "1per"


# Parts of speech that carry no information of their own (pymorphy3's tags): an interjection («ага», «угу», «ой»),
# a particle («ну», «вот», «же», «просто»), and the words that only qualify or stand in for something — an adjective
# («живой», «норм») or a participle used as one («отдохнувший»), an adverb («нормально», «по-старому»), a
# predicative («можно»), a pronoun («всё», «своё»), a numeral, a comparative («позже»).  What a daily informs of is
# named by its nouns and verbs (session scrum29).
_NO_INFORMATION = frozenset(
    {"INTJ", "PRCL", "ADJF", "ADJS", "PRTF", "ADVB", "PRED", "NPRO", "NUMR", "COMP", "PREP", "CONJ"}
)
_CYRILLIC = re.compile(r"[а-яё]+(?:-[а-яё]+)*")
# Nouns and verbs that say only that work goes on (session scrum31), by lemma, so every form counts: being busy at
# work («работаю», «тружусь», «кручусь»), going on or being able («идёт», «могу»), the plan, the news and the tasks in
# general («по плану», «новостей нет», «задачи»), being in process («в процессе», «прогресс есть»: dev25).  «всё
# идёт по плану», «тружусь потихоньку, новостей нет», «кручусь как могу», «норм, в процессе» inform of nothing; a
# verb whose object tells what was done stays («занимался документацией», «был на конференции»: the noun informs,
# the verb with it).  The parts of the day a time is told by («после обеда», «к вечеру», «с утра») say when, not what
# (session qv2).
_GENERIC_LEMMAS = _wordset(
    """работа работать поработать трудиться потрудиться крутиться вертеться идти мочь план новость дело задача таска
    таск спринт процесс прогресс двигаться продвигаться утро обед полдень вечер"""
)
# English has no morphology here: its closed classes and the words of status by list (session scrum31) — pronouns,
# determiners, prepositions and conjunctions, auxiliaries and modals, particles and adverbs of place, time and degree,
# the adjectives of a status («good», «fine», «same», «new»), the words that say only that work goes on («working»,
# «grinding», «tickets», «progressing», «moving forward», «on track», «no updates»), and the blocker words a «none» is
# said with («nothing blocking»); an adverb in «-ly» too; the chat's abbreviated discourse markers («tbh», «btw»,
# «imo», «atm»), «yday» and the adverbs of a later time («later», «soon»; session qv2).  «working on it», «all good,
# nothing new», «same old, grinding away» inform of nothing.
_ENGLISH_NOTHING = _wordset(
    """i me my mine we us our you your it its this that these those they them their he she his her everything
    something anything nothing everyone all any some same other another such
    am is are was were be been being have has had do does did will would can could should shall may might must
    not no yes here there now still yet again as so very just too quite pretty really much more less up down away
    along around over back off out today yesterday tomorrow usual usually
    ok okay fine good great well alright new old normal nice busy same
    work works working worked grind grinding keep keeping continue continuing going progress stuff things thing
    task tasks ticket tickets progressing moving forward making chugging plugging along track middle almost
    blocking blocked blocker tbd tba na update updates news yday
    tbh imo imho btw fyi afaik iirc atm later soon afterwards
    from to for with on in at of by about into onto over under after before since until than via per and or but"""
)


@lru_cache(maxsize=8192)
def _says_nothing(lower: str) -> bool:
    """Whether a (lower-case) word informs of nothing on its own: a Russian word whose most likely reading is of a
    part of speech that informs of nothing (:data:`_NO_INFORMATION`, read by the project's morphology) or whose lemma
    only says that work goes on (:data:`_GENERIC_LEMMAS`); an English word of a closed class or of status
    (:data:`_ENGLISH_NOTHING`, an adverb in «-ly»).  Other words, and every Russian word without pymorphy3, count."""
    if not _CYRILLIC.fullmatch(lower):
        return lower.isascii() and (lower in _ENGLISH_NOTHING or (len(lower) > 4 and lower.endswith("ly")))
    readings = parses(lower)
    if not readings or readings[0].normal_form in _GENERIC_LEMMAS:
        return bool(readings)
    if not _known(lower) and (spoken := _spoken_form_of(lower)) is not None:
        return _says_nothing(spoken)
    # a word the dictionary does not know has its part of speech guessed from its ending, and jargon borrowed into
    # Russian is a noun or a verb whatever its ending: «деплой» guessed an adjective still names the work (dev25)
    return readings[0].tag.POS in _NO_INFORMATION and _known(lower)


def _spoken_form_of(lower: str) -> str | None:
    """The dictionary word a short unknown word spells as it is spoken, if any: «о» written for «ё» («ничо» — «ничё»,
    «чо») or a clipped final vowel («тож» — «тоже», «ваще» aside); only a word of the closed classes that inform of
    nothing is returned, so jargon (a noun or a verb the dictionary lacks: «деплой», «мерж») keeps informing (dev26)."""
    if len(lower) > 4:
        return None
    candidates = [lower.replace("о", "ё")] if "о" in lower else []
    candidates += [lower + vowel for vowel in "еоаи"]
    for candidate in candidates:
        readings = parses(candidate)
        if readings and _known(candidate) and readings[0].tag.POS in _NO_INFORMATION:
            return candidate
    return None


def _known(lower: str) -> bool:
    """Whether the morphology's dictionary knows ``lower`` (not a reading guessed from its ending), a compound by its
    parts («живой-здоровый»)."""
    analyzer = morph_analyzer()
    return analyzer is None or all(analyzer.word_is_known(part) for part in lower.split("-") if part)
