"""Blocker statements inside a daily: which clause states a blocker, which says there is none («блокеров нет»,
«Блокеры: -»), the blocker's own words and task.  What a blocker *means* (negation, criticality) is
:mod:`agentcore.apps.scrum.blocker_reading`."""

from __future__ import annotations

import re
from typing import Any

from agentcore.apps.scrum.blocker_effect import DELIVER, _tags, complete_stop, stakes_missed, without_denied_stops
from agentcore.apps.scrum.blocker_reading import (
    _STILL,
    EFFECT_GATE,
    NEGATED,
    NEGATOR_WORD,
    NONE_ADVERB,
    UNREAL,
    asserted,
    criticality,
    is_negated,
    meanwhile_span,
    remedy_in,
    stated,
)
from agentcore.apps.scrum.daily_parser.layout import (
    _BULLET,
    _EMOJI_SECTION,
    _HEADER,
    _LEADING_SYMBOLS,
    _SENTENCES,
    _typo_none,
)
from agentcore.apps.scrum.daily_parser.lexicon import (
    _ABSENCE,
    _BLOCKER_WORDS,
    _BLOCKER_WORDS_FULL,
    _BLOCKER_WORDS_RE,
    _FILLER,
    _ID,
    _TODAY,
    _TODAY_RE,
    _URL_RE,
    _WORD,
    _YESTERDAY,
    _YESTERDAY_RE,
    _clean,
    _content_words,
    _verb_section,
    _wordset,
    readable,
)
from agentcore.apps.scrum.schemas import MAX_TEXT_CHARS
from agentcore.apps.scrum.task_ids import current_prefixes, task_ids_in
from agentcore.apps.scrum.trouble_owner import another_is_stopped, opens_with_another
from agentcore.text.first_char import compile_guarded
from agentcore.text.literal_gate import LiteralGate, folded
from agentcore.text.morphology import parses
from agentcore.text.reading_memo import per_reading
from agentcore.util.truncate import truncate

# After «блокеров нет» only the end of the statement or a word that cannot be what is missing may follow:
# «блокер нет доступов к стенду» names a blocker.
_STATEMENT_END = (
    r"(?!\s+(?!(?:пока|вроде|вообще|совсем|никаких|и|а|но|вчера|сегодня|завтра|today|yesterday|so\s+far)\b)\w)"
)
# One English modifier of the noun a «no» quantifies («real», «major», «new», «big»), or none; not «longer» («no longer
# blockers» is no phrase people write, but «no longer» negates a verb).
_EN_MODIFIER = r"(?:(?!longer\b)[a-z]+\s+)?"
_NO_BLOCKERS_RE = re.compile(
    r"(?:\b(?:бл[оа]к[еи]р\w*|бл[оа]ков|бл(?:оер|кер|окр)\w*|blockers?|проблем\w*|препятстви\w*|затык\w*|помех\w*|"
    r"стопп?ер\w*)\s*(?:[:—–-]\s*)?"
    rf"(?:{NONE_ADVERB}\s*,?\s*){{0,2}}"
    r"(?:нет|нету|отсутству\w*|none|no|не\s+(?:вижу|предвижу|наблюда\w*|ожида\w*)|никаких|ноль)\b"
    + _STATEMENT_END
    + ")"
    r"|(?:\b(?:нет|без|no|not\s+any)\s+(?:new\s+|other\s+|more\s+)?(?:бл[оа]к[еи]р\w*|blockers?|impediments?|проблем\w*|"
    r"препятстви\w*|затык\w*|помех\w*|стопп?ер\w*)\b)|\bblocked\s+by\s+nothing\b"
    # English puts any modifier between the quantifier and the noun: «no real blockers», «no major issues»
    rf"|\b(?:no|not\s+any)\s+{_EN_MODIFIER}(?:blockers|impediments|issues|problems)\b"
    r"|(?:ничего\s+не\s+(?:блокирует|мешает))|(?:блок[еи]р\w*\s+не\s+(?:вижу|наблюда\w*|ожида\w*))",
    re.IGNORECASE,
)
_NO_BLOCKERS_GATE = LiteralGate(_NO_BLOCKERS_RE)


def _no_blockers_in(text: str) -> re.Match[str] | None:
    """``_NO_BLOCKERS_RE.search(text)``, behind its literal pre-check (searched on every clause)."""
    return _NO_BLOCKERS_GATE.search(text)


# The author's own word that nothing blocks them at all («блокеров нет», «но блокеров нет», «Блокеры: нет», «ничего не
# блокирует», «no blockers»): narrower than :data:`_NO_BLOCKERS_RE` — «без проблем», «не блокер» speak of one thing.
_ALL_CLEAR_RE = compile_guarded(
    r"\b(?:бл[оа]к[еи]р(?:ов|ы)|бл[оа]ков|бл(?:оер|кер|окр)(?:ов|ы)|blockers|помех|стопп?еров)\s*(?:[:—–-]\s*)?"
    rf"(?:{NONE_ADVERB}\s*,?\s*){{0,2}}(?:нет|нету|нэт|отсутствуют|none|no|ноль)\b"
    + _STATEMENT_END
    + r"|\b(?:нет|без|no|not\s+any)\s+(?:new\s+|other\s+|more\s+|новых\s+)?"
    r"(?:бл[оа]к[еи]р(?:ов)?|blockers|impediments)\b"
    rf"|\b(?:no|not\s+any)\s+{_EN_MODIFIER}(?:blockers|impediments|issues|problems)\b"
    r"|\bничего\s+не\s+(?:блокирует|блочит)\b|\bnothing\s+(?:is\s+)?blocking\b|\bblocked\s+by\s+nothing\b",
    re.IGNORECASE,
)
# Under a «Блокеры:» header, a plural «none» opening the line, whatever follows it: «отсутствуют как класс», «none
# whatsoever», «никаких, всё по плану» — unless the rest names a trouble (:data:`_BLOCKER_RE`).
_NONE_FIRST = re.compile(r"^\W*(?:отсутствуют|none|nope|nothing|никаких|ноль)\b", re.IGNORECASE)
# A clause that only says the member cannot work, naming no cause and no task («Сегодня: ничего не могу делать»).
_INABILITY_ONLY = re.compile(
    r"^\W*(?:(?:я|пока|вообще|совсем|сегодня|today|так\s+что|поэтому)\s+)*"
    r"(?:ничего\s+не\s+могу(?:\s+(?:делать|сделать))?|не\s+могу\s+(?:ничего\s+)?(?:делать|работать)|"
    r"работать\s+не\s+могу|стою|простаиваю|can'?t\s+(?:do\s+anything|work)|(?:i'?m\s+)?(?:stuck|idle))\W*$",
    re.IGNORECASE,
)
_COMMA = re.compile(r"\s*,\s*")
# «доступа к S3 нет», «прав на запись нет»: the missing thing before «нет» (not «с доступом проблем нет»).
_MISSING_AFTER = r"(?:доступ\w*|прав\b|ключ(?:а|ей)\b)\s+(?:(?!проблем|блок)[^\s,.;]+\s+){0,6}?(?:нет|нету)\b"
# What stops the work whatever it is called: «без тестового доступа не начну», «VPN не пускает», «в гитлаб не попасть»,
# «иконки нужны, их пока нет» — the member cannot start or reach what the work needs.
_STOPS_WORK = (
    r"не\s+начн[уё]\w*|без\s+(?:[^\s,.;]+\s+){1,5}?(?:не\s+(?:начн[уё]\w*|начать|могу|смогу|сможем|получится|"
    r"проверить|протестировать|запустить|сделать|закончить|продолжить|сдвинуться|двинуться|выкатить|собрать)|никак)|"
    r"не\s+пуска\w*|не\s+пустил\w*|не\s+(?:попасть|зайти|подключиться|залогиниться|достучаться)\b"
)
_BLOCKER_RE = re.compile(
    # one word boundary for every alternative (one per alternative cost twice as much); «лежит» after «где» is where a
    # thing is kept («где лежит инструкция?»), not a system down (session qv2)
    r"\b(?:(?:блок[еи]р\w*|блокир\w*|заблокир\w*|blocker\w*|blocked|block(?:s|ing)?|impediment\w*|жд(?:у|ем|[её]м)|"
    r"ожида(?:ю|ем)|жду|не\s+мо(?:гу|жем|жет|гут)|не\s+получа\w*|нет\s+доступ\w*|без\s+доступ\w*|мешает|мешают|"
    r"упал[аи]?|(?<!где\s)(?<!где-то\s)лежит|сломал\w*|сломан\w*|не\s+работает|не\s+работают|застрял\w*|завис(?:ла|ло|ли|ает|ают)?|waiting|stuck|"
    r"проблем\w*|затык\w*|не\s+хватает|нет\s+прав|срочно\s+нуж\w+|стоп|без\s+(?:него|неё|нее|них|этого)|"
    r"уп[её]рс\w*|уп[её]рл\w*|упира\w*|висит|не\s+отвеча\w*|не\s+да[её]т|не\s+дают|не\s+(?:вы)?дали|недоступ\w*|истек\w*|истёк\w*|"
    r"(?:надо|нужно|придётся|придется)\s+(?:до)?ждать\w*|дождаться|других\s+задач\s+(?:у\s+меня\s+)?нет|"
    r"can'?t|cannot|waiting\s+(?:on|for)|(?:is|are|went|goes)\s+down|outage|nobody\s+can|no\s+one\s+can|"
    r"unable\s+to|невозможно|простаива\w*|(?:работа|вс[её]|разработка)\s+встал\w*|не\s+проход\w+)\b"
    rf"|{_MISSING_AFTER}|(?:{_STOPS_WORK})"
    # the member asks for help: «нужна помощь с настройкой CI», «need help with the migration» — a call the member
    # cannot answer alone (not «помощь не нужна», «кому нужна помощь — пишите»: the negation and the offer lead)
    r"|(?<!не\s)(?<!кому\s)\b(?:нуж(?:ен|на|ны|но)|требуется|понадобится)\s+(?:\S+\s+)?помощ\w*"
    r"|(?<!not\s)(?<!don't\s)(?<!dont\s)\b(?:I\s+|we\s+)?need\s+(?:some\s+|a\s+bit\s+of\s+|your\s+)?help\b"
    # a need someone has not met: «нужен доступ к Sentry», «аналитик не ответил», «стенд отваливается»
    r"|нуж(?:ен|на|ны|но)\s+доступ\w*|отвал(?:ива|ил)\w*"
    # a resource run out: «закончилось место на стейдже», «кончилась квота», «нет места на диске»
    r"|(?:за)?кончил(?:ось|ся|ась|ись)\s+(?:\S+\s+)?(?:мест|памят|квот|лимит|лицензи|диск|баланс|токен)\w*"
    r"|нет\s+места\b"
    # a work input missing: «нет тестовых данных», «нет макетов», «нет апрува»
    r"|нет\s+(?:\w+\s+)?(?:данных|ключ\w*|стенд\w*|макет\w*|дизайн\w*|документаци\w*|спек\w*|требовани\w*|ответа|"
    r"апрува|аппрува|лицензи\w*|сертификат\w*|окружени\w*|сервер\w*)\b"
    # the work slowed: «долго собирается проект», «медленно грузится стенд», «стенд тормозит»
    r"|(?:долго|медленно)\s+(?:\S+\s+)?(?:собира|работа|грузит|загружа|деплои|проход|отвеча|компилир)\w*|тормоз(?:ит|ят)\b"
    r"|поломал\w*|\bневозможн\w*|\bis\s+(?:gone|dead|broken)\b"
    # English: a need, a failure, slowness, silence
    r"|need\s+(?:\w+\s+)?access\b|\bneed\s+(?:\S+\s+){1,3}?from\s+\w+|\bнуж(?:ен|на|ны|но)\s+(?:\S+\s+){1,3}?от\s+\w+"
    r"|(?<!never\s)(?<!not\s)(?:crashed|keeps\s+crashing|is\s+crashing|is\s+failing|keeps\s+failing|fails|is\s+offline|"
    r"went\s+offline|"
    r"is\s+unavailable|broke)\b|\bis\s+(?:very\s+|really\s+|super\s+|so\s+)?slow\b"
    r"|no\s+(?:answer|reply|response)\s+(?:yet\s+)?from\b"
    # a third party has not delivered: «аналитик пока не ответил», «партнёры не прислали» (not «я не ответил Пете»)
    r"|(?:аналитик|дизайнер|заказчик|клиент|партн[её]р|банк|бэк|фронт|админ|девопс|безопасник|юрист|продакт|"
    r"менеджер|лид|тимлид|поддержк|саппорт|вендор|подрядчик|архитектор|владел)\w*\s+(?:\S+\s+){0,2}?"
    r"(?:пока\s+|ещё\s+|еще\s+|до\s+сих\s+пор\s+|так\s+и\s+)?не\s+(?:ответил|прислал|выдал|согласовал|подтвердил|"
    r"предоставил|дал)\w*"
    r"|не\s+(?:ответили|прислали|выдали|согласовали|подтвердили|предоставили)\b"
    # urgency beside what is missing or failing: «горит! нет сертификата», «P0 — шлюз отвечает ошибкой»
    r"|(?:срочн\w*|критичн\w*|asap|urgent\w*|горит|P0|пожар\w*|(?:highest|top)\s+priority)\W+(?:[^.;!?]{0,40}?\s)?"
    r"(?:нет\s+\w+|нуж(?:ен|на|ны|но)\b|need\w*\b|помощь|ошибк\w*|errors?\b|returns\s+\d{3}|[45]\d\d\b)"
    r"|(?:их|его|её|ее)\s+(?:пока\s+|ещё\s+|еще\s+|до\s+сих\s+пор\s+)?(?:нет|нету)\b"
    r")",
    re.IGNORECASE,
)
# Words that state a blocker whatever else the clause says …
_STRONG_BLOCKER_RE = re.compile(
    r"\b(?:блок[еи]р\w*|блокир\w*|заблокир\w*|blocker\w*|blocked|impediment\w*|жд(?:у|ем|[её]м)|ожида(?:ю|ем)|"
    r"не\s+мо(?:гу|жем)|нет\s+доступ\w*|без\s+доступ\w*|мешает|мешают|не\s+хватает|нет\s+прав|срочно\s+нуж\w+|"
    r"waiting|can'?t|cannot)\b"
    rf"|\b(?:{_STOPS_WORK})",
    re.IGNORECASE,
)
# … while a failure («падал», «не работает», «проблема») is the day's work when it was dealt with or is being fixed:
# «починил PAY-3, там падал вебхук», «сегодня чиню баг, где не работает возврат».
_DEALT_WITH_RE = compile_guarded(
    r"\b(?:починил\w*|пофиксил\w*|исправил\w*|поднял\w*|решил[аи]?|разобрал\w*|закрыл\w*|устранил\w*|"
    r"fixed|resolved|чиню|чинить|починю|фикшу|фиксю|фикс|фиксить|исправлю|исправляю|исправлять|разбираюсь|разберусь|"
    r"разбирал(?:ся|ась|ись|а|и)?|разбираю|расследую|тушу|investigating|debugging|fixing|починить|исправить|"
    r"пофиксить|поправить|"
    r"разбираться|поправлю|поправить|буду\s+чинить|"
    r"падал[аио]?|лежал[аио]?|не\s+работал[аио]?|зависал[аио]?|висел[аио]?|тормозил[аио]?|ломал[аио]?|"
    r"was|were|solved|sorted\s+(?:it|that|this)|figured\s+(?:it\s+)?out|worked\s+around|победил\w*|"
    r"обош(?:ёл|ел|ла|ли))\b"
    # the trouble is over by what it is now: «долго собирался проект, поставил кэш, теперь сборка 2 минуты»
    r"|\bтеперь\s+(?!уже\b|ещё\b|еще\b|вообще\b|совсем\b)(?:\S+\s+){0,2}?(?:\d+\s*(?:мин|сек|с\b|ms|мс)|быстр\w*|работает|норм\w*|ок\b|в\s+порядке|летает)",
    re.IGNORECASE,
)


# What a task is about, told with trouble words: the content of a check («проверил, что без доступа пользователь
# видит заглушку»), a thing described by what it blocks («заглушка, которая блокирует повторную отправку»), a
# feature named by the noun («блокировка аккаунта после 5 попыток»), a metric that moved («отток упал на 3%»), a
# purpose («чтобы …»).
# Left out when deciding whether a clause states a blocker, like a scenario.
_ABOUT_THE_WORK = compile_guarded(
    r"\b(?:проверил[аи]?|проверяю|проверим|протестировал[аи]?|тестирую|убедил(?:ся|ась|ись)|checked|verified|tested|"
    r"made\s+sure)\s*,?\s*(?:что|that)\b[^;.!?—]*"
    r"|,?\s*\bкотор(?:ый|ая|ое|ые|ую|ой|ых)\s+(?:не\s+)?(?:блокиру\w+|запреща\w+|не\s+да[её]т|не\s+дают|не\s+пуска\w+|"
    r"отклоня\w+|отсека\w+|ограничива\w+)[^,;.]*"
    r"|\bблокировк\w*"
    # a purpose: «настроил, чтобы после трёх попыток аккаунт блокировался»
    r"|\b(?:чтобы|чтоб|so\s+that)\b[^;.!?—]*"
    r"|\b(?:упал[аои]?|снизил(?:ся|ась|ось|ись)|просел[аио]?|вырос(?:ла|ло|ли)?|dropped|fell|went\s+(?:down|up))\s+"
    r"(?:на|by|до|to)\s+~?\d",
    re.IGNORECASE,
)
_ABOUT_THE_WORK_HINT = compile_guarded(
    r"\b(?:провер|протест|тестир|убедил|checked|verified|tested|made\s+sure|котор|блокировк|"
    r"упал|снизил|просел|вырос|dropped|fell|went|чтоб|so\s+that)",
    re.IGNORECASE,
)
_BLOCKER_GATE = LiteralGate(_BLOCKER_RE)
_STRONG_GATE = LiteralGate(_STRONG_BLOCKER_RE)

# «nothing» as the subject of what should function: «ничего не работает на стенде», «nothing builds on CI», «nothing
# is loading» — everything fails, a trouble.  Russian doubles the negation, so the verb is the one after «не», read in
# the third person by morphology (a first-person verb — «ничего не жду», «ничего не могу» — makes «ничего» its object,
# read by the other rules); English puts a present verb (or «is/are» + «-ing») right after «nothing».  A verb that
# names a trouble itself («ничего не мешает», «nothing blocks», «nothing is broken») or has the member as its object
# («nothing stops me», «ничего меня не держит») denies a trouble instead.
_NOTHING_SUBJECT = frozenset(("ничего", "ничто", "nothing"))
_MEMBER_OBJECT = frozenset(("меня", "мне", "нас", "нам", "me", "us"))
_BE_NOW = frozenset(("is", "are"))
_NOT_VERBS_IN_S = frozenset(("this", "thus", "yes", "its", "his", "has", "was", "does", "as", "is", "us", "plus"))
_SUBJECT_GAP = 3
"""How many words («у меня пока») may stand between «ничего» and the «не» of its verb."""


# Two readings of a dependency by clause structure and morphology (session scrum28), for the verbs no list above has:
# «без <чего-то> не <глагол>» — the member will not do something without it («без прайса не закончу», «без ключа
# не выкачу»): «без», then within a few words a negated perfective verb (any verb, by pymorphy3; an imperfective
# present is a habit or a rule: «без тестов не мержу»); and someone else has not
# delivered — a noun in the nominative (a person, a team or a department, not «я»/«мы») and a negated verb of
# delivering in the past («маркетинг до сих пор не дал тексты», «поставщик так и не скинул прайс»).
# The literal pre-check is built from the verbs' stems (a lemma without «-ть»: «присла» starts «прислал»), so a verb
# added to the one list is never skipped here.
_DEPENDENCY_HINT = compile_guarded(
    r"\bбез\b|\bне\s+(?:" + "|".join(sorted(lemma[:-2] for lemma in DELIVER)) + ")", re.IGNORECASE
)
_WITHOUT_REACH = 6
_SUBJECT_REACH = 5


def _verb_tags(word: str) -> bool:
    """Whether ``word`` can be a perfective verb or infinitive — what the member will not get done («не закончу», «не
    выкачу», «не сдать») — not an imperfective present, a habit or a rule («без тестов не мержу»)."""
    return any(("VERB" in tag or "INFN" in tag) and "perf" in tag for tag in _tags(word))


def dependency_unmet(text: str) -> bool:
    """Whether ``text`` tells a dependency that stops the member (see above): «без прайса поставщика не закончу»,
    «маркетинг до сих пор не дал тексты для CINE-17».  Behind a literal pre-check: most clauses have neither
    «без» nor a negated verb of delivering."""
    if not _DEPENDENCY_HINT.search(text):
        return False
    words = [w.lower() for w in _WORD.findall(text)]
    for i, word in enumerate(words):
        if word == "без":
            ahead = words[i + 1 : i + 1 + _WITHOUT_REACH]
            if any(w == "не" and k + 1 < len(ahead) and _verb_tags(ahead[k + 1]) for k, w in enumerate(ahead)):
                return True
        elif word == "не" and i + 1 < len(words) and _past_delivery(words[i + 1]):
            subject = words[max(0, i - _SUBJECT_REACH) : i]
            if any(_nominative_noun(w) for w in subject) and not {"я", "мы"}.intersection(subject):
                return True
    return False


def _past_delivery(word: str) -> bool:
    return any(parse.normal_form in DELIVER and "past" in parse.tag.grammemes for parse in parses(word))


def _nominative_noun(word: str) -> bool:
    """Whether ``word`` can be a noun in the nominative («маркетинг», «поставщик», «юристы»)."""
    tags = _tags(word) if word[:1].isalpha() and not word[:1].isascii() else ()
    return any({"NOUN", "nomn"} <= tag for tag in tags)


def nothing_works(text: str) -> bool:
    """Whether a statement of ``text`` says that nothing functions (see above): «ничего не собирается», «nothing
    works on staging» — a trouble, not a statement that there is none."""
    return any(reading == _FAILS for _piece, reading in _nothing_readings(text))


def nothing_denies(text: str) -> bool:
    """Whether ``text`` says that nothing is in trouble — «nothing» the subject of a verb of trouble: «nothing is
    broken», «nothing blocks me», «ничего не сломалось», «ничего меня не держит» — and no other of its statements
    names a trouble («nothing is broken, but I wait for a review» keeps its wait)."""
    readings = _nothing_readings(text)
    if not any(reading == _DENIES for _piece, reading in readings):
        return False
    return not any(reading == _FAILS or (reading != _DENIES and _names_trouble(piece)) for piece, reading in readings)


# A statement that only says the trouble before it does not touch the member: the member as the object of a negated
# verb, the trouble as an anaphoric «это/оно/it» or left out — «но меня это не стопорит», «нам это не мешает», «it
# doesn't slow me down».  Read by structure: a few words, one of them the member (:data:`_MEMBER_OBJECT`), a negator,
# the verb after it in the third person (morphology) or English «doesn't/does not» + a verb; no other content.
# The object may also be the member's work or everything — «на наши задачи не влияет», «на работу не влияет»,
# «it doesn't block anything», «not affecting my tasks» (session sb, dev28): then the verb must be one of effect on
# the work (by its lemma, :data:`_EFFECT_LEMMAS`; English by its stem), as «работу не принимают» is a trouble.
_ANAPHORA = frozenset(("это", "оно", "она", "он", "they", "it", "that", "this"))
_LINKS = frozenset(
    ("но", "а", "и", "but", "and", "пока", "вообще", "особо", "сильно", "really", "much", "so", "поэтому", "так", "что")
)
_SPARING_MAX_WORDS = 7
_MEMBER_WORK = _wordset(
    "мой мою моё мое мои моих моим моей наш нашу наше наши наших нашим нашей my our работа работу работе задачи "
    "задачу задача задач задачам спринт спринту ничего ничему work tasks task anything progress sprint"
)
_EFFECT_PREPOSITIONS = _wordset("на к on to")
_EFFECT_LEMMAS = _wordset(
    "влиять повлиять затрагивать затронуть касаться коснуться мешать помешать блокировать заблокировать тормозить "
    "затормозить задерживать задержать сказываться сказаться отражаться отразиться стопорить застопорить "
    "останавливать остановить относиться"
)
_EN_EFFECT = ("affect", "impact", "block", "touch", "slow", "hold", "stop", "delay", "concern")
_EN_NEGATED = {("doesn", "t"): "doesn't", ("don", "t"): "doesn't", ("isn", "t"): "doesn't", ("won", "t"): "doesn't"}


def spares_member(text: str) -> bool:
    """Whether ``text`` has a statement that only says its trouble does not touch the member (see above), which
    denies the trouble beside it as «но это не мешает» does: «тесты на CI идут по 40 минут, но меня это не
    стопорит»."""
    lower = text.lower()
    if not _MEMBER_WORD.search(lower):
        return False  # most clauses: the member is no object in them
    return any(_spares(_WORD.findall(piece)) for piece in _SPARING_PIECES.split(lower))


_MEMBER_WORD = compile_guarded(
    r"\b(?:меня|мне|нас|нам|me|us|мо[йюеёи]\w*|наш\w*|my|our|работ[аеу]|задач\w*|ничего|ничему|anything|work|"
    r"tasks?|progress|sprint|спринт[уа]?)\b"
)
_SPARING_PIECES = compile_guarded(r"\s*[,;]\s*|\s+[—–-]\s+|\s+(?=(?:но|but)\s)")


def _spares(words: list[str]) -> bool:
    if not words or len(words) > _SPARING_MAX_WORDS:
        return False
    member = bool(_MEMBER_OBJECT.intersection(words))
    if not member and not _MEMBER_WORK.intersection(words):
        return False
    rest = [
        w
        for w in words
        if w not in _MEMBER_OBJECT and w not in _ANAPHORA and w not in _LINKS and w not in _MEMBER_WORK
        and not (w in _EFFECT_PREPOSITIONS and not member)
    ]  # fmt: skip
    if tuple(rest[:2]) in _EN_NEGATED:  # the words split at the apostrophe
        rest = [_EN_NEGATED[(rest[0], rest[1])], *rest[2:]]
    if rest[:2] in (["does", "not"], ["is", "not"], ["will", "not"]):
        rest = ["doesn't", *rest[2:]]
    if rest[:1] == ["не"] and len(rest) == 2:
        tags = _tags(rest[1])
        if not (tags and "VERB" in tags[0] and "3per" in tags[0]):
            return False
        return member or any(p.normal_form in _EFFECT_LEMMAS for p in parses(rest[1]))
    if rest[:1] in (["doesn't"], ["doesnt"], ["dont"], ["not"]) and len(rest) in (2, 3):
        # «it doesn't block me», «doesn't slow me down», «not affecting my tasks»
        return (member and rest[0] != "not") or rest[1].startswith(_EN_EFFECT)
    return False


def denial_only(text: str) -> bool:
    """Whether a clause only denies the trouble before it: «…, но это не мешает», «…, но жить можно»
    (:data:`_DENIAL_ONLY`), «…, но меня это не стопорит» (:func:`spares_member`)."""
    return bool(_DENIAL_ONLY.match(text)) or _spares(_WORD.findall(text.lower()))


_FAILS, _DENIES = "fails", "denies"


def _nothing_readings(text: str) -> list[tuple[str, str]]:
    """Each statement of ``text`` (between commas and dashes) with what its «nothing» says: :data:`_FAILS`,
    :data:`_DENIES` or ``""``; ``[]`` for a text without «nothing» (most)."""
    lower = text.lower()
    if "ничего" not in lower and "ничто" not in lower and "nothing" not in lower:
        return []
    readings = []
    for piece in _ABSENCE_PIECES.split(lower):
        words = _WORD.findall(piece)
        said = (_nothing_says(words, i) for i, word in enumerate(words) if word in _NOTHING_SUBJECT)
        readings.append((piece, next((reading for reading in said if reading), "")))
    return readings


def _nothing_says(words: list[str], subject: int) -> str:
    """What the negative pronoun at ``subject`` says as the subject of its verb (see :func:`nothing_works`):
    :data:`_FAILS`, :data:`_DENIES` or ``""`` (no verb it is the subject of)."""
    if words[subject] == "nothing":
        rest = words[subject + 1 : subject + 4]
        if rest[:1] and rest[0] in _BE_NOW:
            predicate = rest[:2] if len(rest) > 1 else []  # «is working», «is broken»
        elif rest and len(rest[0]) > 3 and rest[0].endswith("s") and rest[0] not in _NOT_VERBS_IN_S:
            predicate = rest[:1]  # «works», «builds», «blocks»
        else:
            return ""
        if not predicate:
            return ""
        after = rest[len(predicate) : len(predicate) + 1]
        working = predicate[-1].endswith("ing") or len(predicate) == 1
    else:
        negator = next(
            (j for j in range(subject + 1, min(len(words), subject + 2 + _SUBJECT_GAP)) if words[j] == "не"), None
        )
        if negator is None or negator + 1 >= len(words):
            return ""
        verb = words[negator + 1]
        tags = _tags(verb)
        first = tags[0] if tags else frozenset()
        if "VERB" not in first or not ("3per" in first or ("past" in first and "neut" in first)):
            return ""  # «ничего не жду», «ничего не могу»: «ничего» is the object of the member's verb
        predicate = [verb]
        after = words[subject + 1 : negator] + words[negator + 2 : negator + 3]
        working = "3per" in first
    # a verb of trouble («мешает», «blocks», «is broken», «сломалось») or the member as its object («nothing stops me»)
    # with «nothing» denies a trouble; a verb of functioning in the present («works», «не собирается») fails
    if _BLOCKER_RE.search(" ".join(predicate)) or _MEMBER_OBJECT.intersection(after):
        return _DENIES
    return _FAILS if working else ""


# The task itself waits: «MAP-41 ждёт ключ от Яндекс.Карт», «задача ждёт макеты», «the PR is waiting on QA» (dev25).
# Apart from :data:`_BLOCKER_RE` and behind a pre-check on the verb: the task before it is costly to try at every word.
_TASK_WAITS_HINT = compile_guarded(r"жд[её]т|ждут|ожидают|ожидает|waits|is\s+waiting", re.IGNORECASE)
_TASK_WAITS = re.compile(
    rf"(?:{_ID}|\bзадач[аи]|\bтаск[аи]?|\bтикет|\bветка|\bMR|\bPR|\bпулл?-?реквест)\s+"
    r"(?:(?:пока|ещё|еще|всё\s+ещё|до\s+сих\s+пор)\s+)?(?:ждёт|ждет|ждут|ожида(?:ет|ют)|waits|is\s+waiting)\b",
    re.IGNORECASE,
)


def _task_waits(text: str) -> bool:
    """Whether ``text`` says a task itself waits (see :data:`_TASK_WAITS`), or that another party is silent or has not
    delivered (:data:`_OTHERS_SILENT`)."""
    return bool(_TASK_WAITS_HINT.search(text) and _TASK_WAITS.search(text)) or bool(_OTHERS_SILENT_GATE.search(text))


# Another party silent or not delivering, a work input not ready (probed in session scrum): «банк молчит по HR-2»,
# «аналитик игнорит вопросы», «дизайн для HR-2 не готов», «the vendor still hasn't sent the keys», «on hold until
# legal approves», «still no word from the client» — a wait (not the member's own «HR-2 не готов, доделываю», not
# «I haven't sent the report»).
_OTHERS_SILENT = compile_guarded(
    r"\b(?:молч(?:ит|ат)|игнор(?:ит|ят|ирует|ируют))\b"
    r"|\b(?:дизайн\w*|макет\w*|api|апи|бэк\w*|спек\w*|тз|требовани\w*|данны\w*|стенд\w*|окружени\w*|ключ\w*)\s+"
    r"(?:\S+\s+){0,3}?(?:ещё\s+|еще\s+|пока\s+|до\s+сих\s+пор\s+)?не\s+готов\w*"
    r"|(?<!\bi\s)(?<!\bwe\s)\b(?:hasn'?t|haven'?t|has\s+not|have\s+not)\s+(?:yet\s+)?(?:sent|replied|answered|approved|"
    r"delivered|provided|granted|given|shared|responded)\b"
    r"|\bon\s+hold\s+(?:until|till|pending|waiting)\b"
    r"|\bno\s+(?:word|news|reply|answer|response|feedback)\s+(?:yet\s+)?from\b",
    re.IGNORECASE,
)
_OTHERS_SILENT_GATE = LiteralGate(_OTHERS_SILENT)


@per_reading(current_prefixes)
def _names_trouble(text: str) -> bool:
    """Whether ``text`` names a trouble: a blocker word (:data:`_BLOCKER_RE`), what a critical blocker does
    (:data:`~agentcore.apps.scrum.blocker_reading.EFFECT`), each behind its literal pre-check (one folding of the text
    for both), or that nothing functions (:func:`nothing_works`); remembered while one daily is read (a memo of one
    reading: the same clause is asked about several times)."""
    lowered = folded(text)
    return bool(
        _BLOCKER_GATE.search(text, lowered)
        or EFFECT_GATE.holds(text, lowered)
        or _task_waits(text)
        or nothing_works(text)
        or stakes_missed(text)  # «релиз 1 декабря уезжает»: the stakes lost, by the lemmas of the verbs
        or dependency_unmet(text)  # «без прайса не закончу», «маркетинг не дал тексты»
    )


@per_reading(current_prefixes)
def _states_blocker(text: str, context: str = "") -> bool:
    """Whether a clause outside a «Блокеры:» list states a blocker (see :data:`_DEALT_WITH_RE`); ``context`` is the
    rest of its statement («…, буду чинить»).  Remembered like :func:`_names_trouble`: :func:`parse` asks twice."""
    return _reads_as_blocker(text, context)


# The member's own act of blocking (session scrum, dev25): «заблокировал спам-аккаунты по CMS-32», «блокирую старые
# токены», «забанил ботов» — a verb of blocking that opens its statement (after a time word or a task id at most),
# in the first person or the singular past with no subject of its own (Russian leaves «я» out), and no member as its
# object («меня заблокировали», «нам заблочили доступ» are troubles) is work done, not a blocker.
_BLOCKING_HINT = re.compile(r"бло(?:кир|ч)|бан", re.IGNORECASE)
_BLOCKING_LEMMAS = _wordset("заблокировать блокировать заблочить блочить забанить")
_ACT_PIECES = re.compile(r"[,;:]|\s[—–-]\s")
_MEMBER_OBJECTS = _wordset("меня мне нас нам наш наша наше наши нашу нашего нашей наших мой мою моё мои моего моей")


def _members_blocking(piece: str) -> bool:
    """Whether ``piece`` (one statement) opens with the member's own act of blocking (see above)."""
    words = [w.lower() for w in _WORD.findall(piece)]
    lead = [w for w in words if not (_YESTERDAY_RE.fullmatch(w) or _TODAY_RE.fullmatch(w))]
    if not lead or _MEMBER_OBJECTS.intersection(words) or task_ids_in(lead[0]):
        return False
    return any(
        parse.normal_form in _BLOCKING_LEMMAS
        and "VERB" in parse.tag.grammemes
        and ("1per" in parse.tag.grammemes or {"past", "sing"} <= parse.tag.grammemes)
        for parse in parses(lead[0])
    )


def without_members_blocking(text: str) -> str:
    """``text`` with each statement that tells the member's own act of blocking blanked (see above)."""
    if not _BLOCKING_HINT.search(text):
        return text  # most clauses
    pieces = _ACT_PIECES.split(text)
    if not any(_members_blocking(piece) for piece in pieces):
        return text
    return " ".join(" " * len(piece) if _members_blocking(piece) else piece for piece in pieces)


# A colleague's trouble told as news (session sb, dev28): «у Кати тоже проблемы со стендом, но это другое», «у
# дизайнеров горит релиз лендинга» — the statement opens with another owner (:mod:`~agentcore.apps.scrum.trouble_owner`)
# and the member is touched nowhere in the clause: the member not in its first statement (what is the member's may be
# its object: «Пете нужен доступ к моему репо» — the member provides), and no later statement
# where the member (a first-person word or verb) meets a trouble («…, поэтому не могу протестировать», «…, жду»);
# nobody the member is among stops («…, вся команда стоит»); and it is no wait for what the other owes («у бэка не
# готов API» is the member's wait: :func:`_task_waits`, :func:`dependency_unmet`).
_OTHERS_HINT = re.compile(r"^\W*(?:(?:\w+\W+){0,2}?у\s|(?:\w+\W+){0,2}?[а-яё]+(?:е|и|ам|ям|у|ю)\b)", re.IGNORECASE)
_TEAM_WIDE = _wordset("все всех вся весь всей никто никого ни everyone everybody nobody")
# A literal pre-check for another person in the state of being stopped (:func:`another_is_stopped`).
_STOPPED_HINT = compile_guarded(
    r"заблокирован|застрял|застряв|жд[её]т|ждут|простаива|blocked|stuck|waiting", re.IGNORECASE
)


def _first_person(words: list[str]) -> bool:
    return bool(_MEMBER_WORDS.intersection(words) or _MEMBER_OBJECTS.intersection(words)) or any(
        "1per" in tags[0] for tags in (_tags(w) for w in words) if tags
    )


# Others wait for what the member owes them (English; Russian «фронт ждёт мою ручку» is read by the subject already):
# «the mobile team is waiting on my endpoint», «QA is waiting for my build» — the member is the one waited on.
_WAIT_ON_MEMBER = compile_guarded(
    r"^\W*(?!i\b|we\b)(?:[\w'-]+\s+){1,4}?(?:is|are)\s+(?:still\s+)?waiting\s+(?:on|for)\s+(?:my|our|me|us)\b",
    re.IGNORECASE,
)


def others_trouble(text: str) -> bool:
    """Whether ``text`` (a clause outside a «Блокеры:» list) tells only another's trouble (see above)."""
    waits_on_member = _WAIT_ON_MEMBER.match(text) is not None
    stopped_hint = _STOPPED_HINT.search(text) is not None
    if not waits_on_member and not stopped_hint and not _OTHERS_HINT.match(text):
        return False  # most clauses
    split = [piece for piece in _SPARING_PIECES.split(text) if _WORD.search(piece)]
    pieces = [[w.lower() for w in _WORD.findall(piece)] for piece in split]
    if not pieces:
        return False
    stopped = stopped_hint and another_is_stopped(split[0], " ".join(split[1:]))
    if (
        not waits_on_member
        and not stopped
        and (not opens_with_another(pieces[0]) or _MEMBER_WORDS.intersection(pieces[0]))
    ):
        return False
    if stopped and _MEMBER_WORDS.intersection(pieces[0]):
        return False
    if any(_TEAM_WIDE.intersection(words) for words in pieces):
        return False
    if any(_first_person(words) and _names_trouble(" ".join(words)) for words in pieces[1:]):
        return False
    return not (_task_waits(text) or dependency_unmet(text))


def _reads_as_blocker(text: str, context: str) -> bool:
    # another's trouble is asked only of a clause that would state a blocker (few): the reading costs morphology
    return _reads_as_trouble(text, context) and not others_trouble(text)


def _reads_as_trouble(text: str, context: str) -> bool:
    main = asserted(without_members_blocking(text))  # the screening criticality shares (blocker_reading)
    strong = bool(_STRONG_GATE.search(main))
    if not strong and not _names_trouble(main):
        return False  # most clauses: no trouble at all, nothing about the work to leave out
    if _ABOUT_THE_WORK_HINT.search(main):
        main = _ABOUT_THE_WORK.sub(" ", main)
        strong = bool(_STRONG_GATE.search(main))
    if strong:
        return True
    return _names_trouble(main) and not _DEALT_WITH_RE.search(f"{text} {context}") and not UNREAL.search(text)


# A statement that only says something is absent.  Its words are of four kinds, all from the lexicon: absence
# (:data:`~agentcore.apps.scrum.daily_parser.lexicon._ABSENCE` and one-letter typos of «нет»/«none»), trouble (a
# blocker word or a word :func:`_names_trouble` reads — «проблем», «мешает», «жду», «blocked»), a denied perception
# or trouble («не вижу», «не жду», «не мешает» — but not «не могу», a trouble of its own), and words that name
# nothing (fillers, time words, the adverbs of :data:`NONE_ADVERB` — «кажется», «тоже», «больше»).  Any other word
# names what is missing or failing («нет доступа», «no access», «нет ответа от Пети»), and the statement is a blocker.
_NEGATORS = frozenset(("не", "not"))
_PERCEIVED = re.compile(r"вижу|предвижу|наблюда\w*|ожида\w*|предвидится|было|будет|имею|see|expect\w*|foresee", re.I)
_ADVERB = re.compile(NONE_ADVERB, re.IGNORECASE)
_ABSENCE_MAX_WORDS = 10


def _is_trouble_word(word: str) -> bool:
    return bool(_BLOCKER_WORDS_FULL.fullmatch(word) or _names_trouble(word))


def only_absence(text: str, *, about_blockers: bool) -> bool:
    """Whether ``text`` says only that there is nothing (see above): «проблем никаких», «блокеров, кажется, нет»,
    «blocked by nothing», «Что мешает: ничего», «нетц».  With ``about_blockers`` (a statement outside a «Блокеры:»
    list) it must also name what is absent as a trouble, so a bare «нет» answers nothing here."""
    words = _WORD.findall(text.lower())
    if not words or len(words) > _ABSENCE_MAX_WORDS:
        return False
    if not any(w in _ABSENCE or w in _NEGATORS or _typo_none(w) for w in words) or task_ids_in(text):
        return False  # most statements: no absence word at all, no word to weigh
    absent = trouble = False
    negator = ""
    for word in words:
        if negator:
            # «не жду», «не мешает», «не вижу» deny; «не могу», «не работает» are troubles themselves
            if not (_PERCEIVED.fullmatch(word) or _is_trouble_word(word)) or _BLOCKER_RE.match(f"{negator} {word}"):
                return False
            absent, negator = True, ""
        elif word in _NEGATORS:
            negator = word
        elif word in _ABSENCE or _typo_none(word):
            absent = True
        elif _is_trouble_word(word):
            trouble = True
        elif not (
            word in _FILLER or _ADVERB.fullmatch(word) or _YESTERDAY_RE.fullmatch(word) or _TODAY_RE.fullmatch(word)
        ):
            return False
    return absent and not negator and (trouble or not about_blockers)


_ABSENCE_PIECES = compile_guarded(r"\s*[,;]\s*|\s+[—–-]\s+")


def absence_piece(text: str) -> bool:
    """Whether a piece of ``text`` (between commas or dashes) says only that there is no blocker (:func:`only_absence`)
    and no other piece names a trouble: «сегодня CRM-402 импорт сделок, проблем никаких» — the work stays, no
    blocker; «жду ревью, а так проблем нет» keeps its wait."""
    pieces = [p for p in _ABSENCE_PIECES.split(text) if p.strip()]
    denied = [only_absence(p, about_blockers=True) for p in pieces]
    return any(denied) and not any(_names_trouble(p) for p, d in zip(pieces, denied, strict=True) if not d)


def without_absence(text: str) -> str:
    """``text`` without its pieces that say only that there is no blocker (:func:`absence_piece`)."""
    return ", ".join(p for p in _ABSENCE_PIECES.split(text) if p.strip() and not only_absence(p, about_blockers=True))


# A trouble told as over: a remedy in the past (:data:`~agentcore.apps.scrum.blocker_reading.RESOLVED` — «снят»,
# «починили», «resolved», «it's back») beside a trouble named only as a noun («блокер», «проблема») or in the past
# («падал», «had to wait»), and no trouble in the present («жду», «не работает») nor «ещё»/«снова» (``_STILL``).
_PAST_FORM = re.compile(r"[а-яё]+л(?:а|о|и|ся|ась|ось|ись)?|had|was|were|waited", re.IGNORECASE)


# An episode told in the past with a time before yesterday (session sb): «на прошлой неделе лежал стейдж», «last week
# we had an outage in billing» — news, over like a trouble with its remedy («вчера» is not enough: «стенд вчера
# падал» may still be down). The trouble nouns such an episode is told with count as named, not as a present trouble.
# Behind its literal gate (session sp4): a clause without one of its words is turned away by a case-sensitive scan of
# the folded text, most of them already folded by the gates before it.
_EARLIER = LiteralGate(
    re.compile(
        r"\b(?:на\s+прошлой\s+неделе|в\s+прошлый\s+раз|в\s+прошлом\s+спринте|позавчера|на\s+выходных|в\s+выходные|"
        r"\d+\s+(?:дня|дней)\s+назад|last\s+(?:week|time|sprint|month)|over\s+the\s+weekend|on\s+the\s+weekend|"
        r"\d+\s+days\s+ago|a\s+few\s+days\s+ago)\b",
        re.IGNORECASE,
    )
)
_EPISODE_NOUNS = _wordset(
    "outage outages incident incidents issue issues problem problems bug bugs downtime инцидент инциденты сбой сбои "
    "авария аварии проблема проблемы проблемой"
)


def told_over(text: str) -> bool:
    """Whether ``text`` tells its trouble as over (see above): «был блокер с сертификатом, уже снят», «блокер с
    правами вчера починили», «had a blocker with VPN but it's resolved now», «на прошлой неделе падал стейдж»; not
    «доступ выдали, но стенд не работает», not «сняли доступ к проду» (no trouble named: the removal is the
    trouble)."""
    earlier = not remedy_in(text) and _EARLIER.search(text) is not None
    if not (earlier or remedy_in(text)) or _STILL.search(text):
        return False
    named = False
    negator = ""
    for word in _WORD.findall(text.lower()):
        said = f"{negator} {word}" if negator else word
        negator = word if word in _NEGATORS else ""
        if _BLOCKER_WORDS_FULL.fullmatch(word) or (earlier and word in _EPISODE_NOUNS):
            named = True
        elif _names_trouble(said):
            if not _PAST_FORM.fullmatch(word):
                return False  # a trouble in the present
            named = True
    return named


# «нет», «больше нет», «none really»: an adverb may stand before or after the «none».
_NOTHING = re.compile(
    rf"^(?:{NONE_ADVERB}\s*,?\s*){{0,2}}(?:нет|нету|нэт|не|нема|none|no|nope|nada|nothing|n/a|-|—|отсутствуют|ничего|никаких|"
    rf"ноль|не\s+(?:вижу|предвижу|наблюда\w*|ожида\w*|имею)|вс[её]\s+(?:(?:идёт|идет|идут)\s+)?(?:ок|ok|окей|"
    rf"хорошо|норм\w*|гладко|в\s+порядке|по\s+плану)|all\s+(?:good|clear|fine)|nothing\s+(?:blocking|so\s+far|really)|"
    rf"пусто|ничего\s+такого|вс[её]\s+штатно|штатно|нет\s+никаких)"
    rf"(?:\s+{NONE_ADVERB})?\s*(?:[,.;!—–-]|$)",
    re.IGNORECASE,
)
# «…, TASK-1» / «… (TASK-1)» / «… — TASK-1» at the end of a blocker: the id goes to related_task_id
_TRAILING_ID = compile_guarded(rf"\s*(?:[,;—–]|\s-)\s*\(?{_ID}\)?\s*$|\s*\({_ID}\)\s*$")
# «Новых нет», «других нет», «больше нет» — the rest of a blocker statement: none besides those named.
_NONE_LEFT = re.compile(
    r"^\W*(?:а\s+|и\s+)?(?:новых|других|больше|иных|остальных|прочих|ещё|еще)\s+(?:блок[еи]р\w*\s+|проблем\s+)?"
    r"(?:нет|нету|не\s+вижу|не\s+было|none)\W*$",
    re.IGNORECASE,
)


# A clause that only denies that the trouble before it is a blocker («…, но это не мешает», «…, но это не блокер»).
_DENIAL_ONLY = re.compile(
    r"^\W*(?:но\s+|а\s+|и\s+)?(?:это\s+|оно\s+|он\s+|она\s+|пока\s+)?(?:(?:мне\s+|работе\s+)?(?:не|ничему\s+не)\s+"
    r"(?:мешает|блокирует|блокер\w*|критично|страшно|проблема)|not\s+(?:a\s+)?blocker|not\s+blocking|"
    # «…, но жить можно», «…, терпимо»: the trouble is bearable
    r"(?:жить|работать)\s+можно|можно\s+работать|терпимо|(?:i\s+can\s+)?live\s+with\s+it|"
    r"(?:меня|нас)\s+(?:это\s+)?не\s+касается|(?:it\s+)?does(?:n'?t|\s+not)\s+affect\s+(?:me|us))\W*$",
    re.IGNORECASE,
)


# A trouble told in the past («стенд вчера падал», «VPN глючил»): a blocker only if it is not over.
_PAST_TROUBLE = compile_guarded(
    r"\b(?:падал[аио]?|лежал[аио]?|не\s+работал[аио]?|тормозил[аио]?|глючил[аио]?|сбоил[аио]?)\b", re.IGNORECASE
)


_LEAD_IN = re.compile(rf"^\s*(?:{_BLOCKER_WORDS})(?!\s+(?:by|on)\b)\s*(?:[:—–-]\s*)?", re.IGNORECASE)


@per_reading()
def _blocker_text(text: str) -> str:
    """The blocker in the author's words, without the «Блокер:» lead-in and a trailing «, TASK-1» (remembered while
    one daily is read: the blocker readers ask it of the same clause more than once)."""
    head, sep, tail = text.partition(":")
    if sep and tail.strip() and _BLOCKER_WORDS_FULL.search(head):
        text = tail
    # «Блокер: …» loses its lead-in; «blocked by …» keeps its words.
    text = _LEAD_IN.sub("", text.strip())
    text = _TRAILING_ID.sub("", _clean(text))
    return truncate(_clean(text), MAX_TEXT_CHARS)


# Where one statement may end and the next begin inside a clause: a comma or a spaced dash (also clauses._turns).
_JOINT = re.compile(r",\s*|\s+[—–]\s+")
_LEAD_WORDS = 3
"""How far into a statement its verb may stand («после обеда займусь PAY-2», «потом пишу PAY-2»)."""
_NEGATOR = _wordset("не нет ни not no never")


def work_turn(text: str) -> int | None:
    """Where a blocker clause turns to the member's own work of today without a «meanwhile» word: before a comma or
    a dash and a statement that names a task of its own, no trouble and no negation, with a verb of today within
    :data:`_LEAD_WORDS` words («жду ревью PAY-1, потом пишу PAY-2», «…, в планах PAY-2»)."""
    if not any(char.isdigit() for char in text):
        return None
    joints = list(_JOINT.finditer(text))
    for number, joint in enumerate(joints):
        ends = joints[number + 1].start() if number + 1 < len(joints) else len(text)
        statement = text[joint.end() : ends]
        before = text[: joint.start()]
        if not task_ids_in(statement) or before.count("(") > before.count(")") or not _content_words(before):
            continue
        words = [word.lower() for word in _WORD.findall(statement)]
        if _NEGATOR.intersection(words) or _names_trouble(statement):
            continue
        if _verb_section(" ".join(words[:_LEAD_WORDS])) == "today":
            return joint.start()
    return None


# A task of the day named before a dash, then the blocker: «сегодня ORD-51 — жду ревью ORD-50 от Димы», «сегодня
# добиваю ORD-51 — жду ревью ORD-50» (the verb of the work before the task, not a negated one: session scrum31).
_WORK_THEN_BLOCKER = re.compile(
    rf"^\W*(?:(?:{_YESTERDAY}|{_TODAY})\s+(?:(?!(?:не|not)\b)[^\W\d_]+\s+){{0,2}})?(?:{_ID})\s*(?:[—–:]|\s-)\s+",
    re.IGNORECASE,
)


# The same blocker as before, named by reference: «тот же, что вчера», «всё тот же», «прежний», «same as yesterday».
_SAME_AS_BEFORE = re.compile(
    r"\b(?:(?:вс[её]\s+)?(?:тот|та|то|те)\s+же|такой\s+же|такая\s+же|прежн\w+|вчерашн\w+|(?:the\s+)?same)\b",
    re.IGNORECASE,
)


def _blocker_from(text: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The blocker a clause states, and the work it says is done meanwhile («…, пока делаю PAY-16» → today)."""
    cut = meanwhile_span(text) or work_turn(text)
    own, meanwhile = (text[:cut], text[cut:]) if cut else (text, "")
    if not _content_words(own):
        own, meanwhile = text, ""
    # The author's words stay whole unless the meanwhile part is work on a task of its own.
    blocker = _blocker_text(own if task_ids_in(meanwhile) else text)
    # a link to the trouble is content: «Блокер: https://…/issues/123» names a blocker (tryout, session scrum31); so is
    # a reference to the one told before: «Блокер тот же, что вчера» (session sb)
    if not blocker or not (_content_words(blocker) or _URL_RE.search(blocker) or _SAME_AS_BEFORE.search(blocker)):
        return None
    ids = task_ids_in(own)
    topic = _WORK_THEN_BLOCKER.match(own)
    if topic and task_ids_in(own[topic.end() :]):
        # «сегодня ORD-51 — жду ревью ORD-50»: the blocker names its own task; the one before the dash is the work
        ids = task_ids_in(own[topic.end() :])
    critical, _ = criticality(text)
    work = [
        {"task_id": task_id, "summary": truncate(_clean(meanwhile), MAX_TEXT_CHARS)}
        for task_id in task_ids_in(meanwhile)
    ]
    return {"text": blocker, "critical": critical, "related_task_id": ids[0] if ids else None}, work


def only_a_risk(text: str) -> bool:
    """Whether ``text``, a line under a «Блокеры:» header, tells only a risk: the whole blocker is a scenario — a
    condition or a case («если бухгалтерия не пришлёт план счетов до среды, придётся переделывать», «when the API
    changes, …») — that asserts nothing about now (:func:`~agentcore.apps.scrum.blocker_reading.asserted` keeps
    nothing of it).  A risk is no impediment, under a header or not (session scrum28; the labelling rule's «a
    «Риски:» line is not an impediment»): the author addressed the section and named no blocker.  A condition that
    names a need unmet now with a stake after it («если сегодня не дадут доступ, сорвём сдачу») stays a blocker."""
    blocker = _blocker_text(text)
    # a scenario cut off leaves no words; a blocker with no words of its own (a link: «Блокер: https://…») is no risk
    return bool(_content_words(blocker)) and not _content_words(asserted(blocker))


_GIVEN = compile_guarded(
    r"\b(?:(?:вы|пре|от)?дал[иа]?|получил[аи]?|предоставил[иа]?|прислал[иа]?|продлил[иа]?|перевыпустил[иа]?|"
    r"восстановил[иа]?|got|granted|received|sent)\b",
    re.IGNORECASE,
)


def _only_none(text: str) -> bool:
    """Whether ``text`` opens with a «none» (:data:`_NOTHING`) and the rest names no blocker after all: «нет, всё ок»;
    not «никаких, только жду ревью»."""
    none = _NOTHING.match(text)
    return none is not None and not _names_trouble(text[none.end() :])


def says_none_listed(text: str) -> bool:
    """Whether ``text``, a line under a «Блокеры:» header (its header cut or not), says only that there is none:
    «-», «нет», «нетц», «Блокеры: нет», «отсутствуют как класс», «блокеров, кажется, нет»."""
    blocker = _blocker_text(text)
    return bool(
        _only_none(text)
        or _typo_none(text)
        # what was missing given or got, and no trouble: «доступ к S3 выдали», «ключи получил утром» — the blocker is
        # over (not «сняли доступ к проду»: a removal is the trouble)
        or (_GIVEN.search(blocker) is not None and remedy_in(blocker) and not _names_trouble(blocker))
        or (_NONE_FIRST.match(blocker) and not _names_trouble(text))
        or only_absence(blocker, about_blockers=False)
    )


def denies_blocker(text: str, *, listed: bool = False) -> bool:
    """Whether ``text``, a clause that speaks of a trouble, says it is no blocker: denied («не блокер», «ничего не
    жду», :func:`~agentcore.apps.scrum.blocker_reading.is_negated`), none («блокер: нет», «проблем никаких»,
    :func:`absence_piece`) or over («был блокер, уже снят», :func:`told_over`), or nothing is in trouble («nothing is
    broken», :func:`nothing_denies`).  ``listed``: a line under a «Блокеры:» header, where a «none» followed by a
    blocker lists that blocker («Блокеры: никаких, только жду ревью»); outside the list the all-clear covers a wait
    beside it («проблем нет, жду только окно на деплой»)."""
    return bool(
        is_negated(text)
        or (_only_none(_blocker_text(text)) if listed else _NOTHING.match(_blocker_text(text)))
        or absence_piece(text)
        or told_over(text)
        or nothing_denies(text)
        or trouble_denied(text)
        or spares_member(text)
        # a later statement that only denies the trouble before it is one: «CI is slow today, not an issue» (session
        # sb) — not «не критично», «not a big deal», which deny the weight of a blocker, not the blocker
        or any(_NOT_A_TROUBLE.match(piece) for piece in _SPARING_PIECES.split(text)[1:])
    )


_NOT_A_TROUBLE = re.compile(
    r"^\W*(?:but\s+|and\s+)?(?:(?:it'?s|that'?s|it\s+is|that\s+is)\s+)?(?:not\s+(?:an?\s+)?|no\s+)"
    r"(?:big\s+|real\s+|major\s+|huge\s+)?(?:issue|problem|blocker)\W*$",
    re.IGNORECASE,
)


_MEMBER_WORDS = _wordset("я меня мне мы нас нам i i'm im me we us")


def trouble_denied(text: str) -> bool:
    """Whether ``text`` names troubles (blocker words, :data:`_BLOCKER_RE`; effects, :data:`EFFECT`) and a negator
    denies each of them (:func:`~agentcore.apps.scrum.blocker_reading.stated` finds none): «прод не лежит», «релиз не
    под угрозой», «prod isn't down» — the screening criticality applies to the same effects — and the structure
    tells no other stop (:func:`~agentcore.apps.scrum.blocker_effect.complete_stop`)."""
    if not NEGATOR_WORD.search(text):
        return False  # no negator, nothing denied (most clauses)
    rest = without_denied_stops(text)
    if rest != text and _content_words(rest):
        # «деплой идёт по два часа, но вся команда не стоит»: the denied stop says the trouble before it stops no
        # one (not critical), not that there is none — the rest decides, as «но я не стою» keeps a wait.  When the
        # member denies being stopped and the rest names no trouble, the denial is the whole story: «the flaky test
        # isn't blocking me anymore, skipped it for now» (session scrum31)
        if _MEMBER_WORDS.intersection(w.lower() for w in _WORD.findall(text)) and not _names_trouble(rest):
            return True
        return trouble_denied(rest)
    lowered = folded(text)
    # each admitted pattern scanned behind its first-character guard (the same matches, most positions skipped)
    found = [
        gate.engine
        for gate, admitted in ((_BLOCKER_GATE, _BLOCKER_GATE.search), (EFFECT_GATE, EFFECT_GATE.holds))
        if admitted(text, lowered)
    ]
    if not found or any(stated(pattern, text) for pattern in found):
        return False
    return not complete_stop(text)  # a stake the patterns do not know («…, но демо срывается») is no denial


def no_blockers_stated(text: str) -> bool:
    """Whether ``text`` says there are no blockers («блокеров нет», «Блокеры: -», «не блокер», «🚧 нет») — by the
    readings the parser uses for a daily's clauses (:func:`says_none_listed`, :func:`denies_blocker`), for a text
    that is not a whole daily (the items of a model's answer)."""
    text = readable(text)
    if _no_blockers_in(text):
        return True
    for piece in _SENTENCES.split(text):
        piece = _BULLET.sub("", piece or "").strip()
        symbols = _LEADING_SYMBOLS.match(piece)
        hint = symbols and any(_EMOJI_SECTION.get(c) == "blockers" for c in symbols.group(0))
        if symbols:
            piece = piece[symbols.end() :]
        header = _HEADER.match(piece)
        if (hint or (header and header.group("b"))) and says_none_listed(piece[header.end() :] if header else piece):
            return True
        if (_names_trouble(piece) or _BLOCKER_WORDS_RE.search(piece)) and denies_blocker(piece):
            return True
        if NEGATED.search(piece):  # a denial in words of its own: «ничего не стопорит», «ни во что не упираюсь»
            return True
    return False
