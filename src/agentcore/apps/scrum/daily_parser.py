"""The offline DAILY parser: Russian (and mixed English) free text → seed 3.2's structure, by rules.

It is not a language model.  What it understands:

* sections by headers («Вчера:», «Сегодня —», «Планы:», «Блокеры:», «Yesterday/Today/Blockers:») or by words in
  free order («вчера закрыл TASK-12, сегодня начну TASK-15»), with common typos («вчира», «севодня», «блокир»);
  without a time word a clause goes by its verb (past tense → yesterday, future or plans → today);
* task ids like ``ABC-123`` (any case), one work item per id;
* blockers by keywords («блокер», «жду», «не могу», «нет доступа», «мешает», «упал», …); a blocker is critical
  when it says so («срочно», «критично», «блокер», «не могу», …) unless it says it is not («не критично»);
  «блокеров нет» counts as a stated answer;
* the five quality levels; a clarifying question when a blocker names no task.

:func:`merge_clarification` folds the answer to that question into the previous daily.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from agentcore.apps.scrum.blocker_reading import (
    NEGATED,
    NONE_ADVERB,
    PAST_WAIT,
    RESOLVED,
    WORKAROUND,
    criticality,
    is_negated,
    meanwhile_span,
)
from agentcore.apps.scrum.schemas import MAX_ITEMS, MAX_MESSAGE_CHARS, MAX_TEXT_CHARS
from agentcore.apps.scrum.task_ids import task_ids_in, without_task_ids
from agentcore.util.truncate import truncate

Section = Literal["yesterday", "today", "blockers"]

MAX_PARSED_CHARS = MAX_MESSAGE_CHARS
"""The parser reads at most this many characters of a text; the rest is ignored.  Every path a person uses
(CLI, HTTP, Telegram) rejects a longer message before it reaches the parser, with «Сообщение длиннее 4000
символов…» (HTTP: 422), so the cap only bounds direct callers: some rules cost more than linear time on a
pathological text, and a cap keeps any input to the cost of a 4,000-character one."""

__all__ = [
    "MAX_PARSED_CHARS",
    "ParsedDaily",
    "daily_verdict",
    "declines_task",
    "grade",
    "merge_clarification",
    "parse",
    "parse_daily",
    "task_ids_in",
]


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


def _swaps(word: str) -> str:
    """``word`` with two neighbouring letters swapped, every way, as a regex alternation: typos of a time word."""
    return "|".join(sorted({word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(1, len(word) - 1)}))


_YESTERDAY = (
    r"вч[еи]р\w*|вчр\w*|вчеоа|вчра|вчеа|yesterday|в\s+пятницу|на\s+прошлой\s+неделе|за\s+прошлый\s+день|сделано|done|"
    r"по\s+вчера|yday|ystd|" + _swaps("вчера")
)
_TODAY = (
    r"сег[оа]дн\w*|сев[оа]дн\w*|сиг[оа]дн\w*|с[её]дня|сення|today|планы?|планах|в\s+планах|план\s+на\s+день|"
    r"на\s+сегодня|todo|to\s+do|plans?|в\s+работе|in\s+progress|wip|завтра|сег[оа]?дн[яи]|сегодя|сегдоня|сегоня|"
    r"сегдня|севоня|сигодня|сёдня|сегодн|сгодня|сеодня|егодня|" + _swaps("сегодня")
)
_BLOCKER_WORDS = (
    r"блок[еи]р\w*|блокир\w*|блокеры|blockers?|blocked|impediments?|препятстви\w*|проблем\w*|затык\w*|"
    r"стопп?ер\w*|блакер\w*|блокры|" + r"бл(?:оер|кер|окр|оекр|окре)\w*"  # one letter missing or swapped
)
# Symbols that open a line instead of a header: ✅ done, 🔜 planned, ⛔ blocked.
_EMOJI_SECTION: dict[str, Section] = {
    **dict.fromkeys("✅✔☑👍🟢✓", "yesterday"),
    **dict.fromkeys("🔜🎯➡👉⏳🛠🔧🟡📅🔨⏭", "today"),
    **dict.fromkeys("⛔🚧🚫❌🔴🆘🔥🧱🙅⚠🛑", "blockers"),
}
_LEADING_SYMBOLS = re.compile(r"^[^\w\s#(«\"\[]+\s*")
# At most three words after the header's own («План на сегодня», «Итоги за вчера»): the time words can be split in
# several ways («на сегодня» is «на» + «сегодня» or one phrase), and an unbounded repetition backtracks over every
# split of a long run of them (30 «на сегодня» took hours).
_SECTION_TAIL = rf"(?:\s+(?:на|for|{_YESTERDAY}|{_TODAY})){{0,3}}"
# «Вчера сделал:», «Сегодня сделаю:» — a header with its verb
_HEADER_VERB = r"(?:\s+(?:сделал[аи]?|сделано|делал[аи]?|успел[аи]?|сделаю|буду\s+делать|планирую|делаю))?"
_HEADER = re.compile(
    r"^\s*(?:(?:(?:что\s+(?:сделал[аи]?|делал[аи]?)|итоги?|результаты?|summary)\s+)?(?:за|на|for)\s+)?"
    rf"(?:(?P<y>(?:{_YESTERDAY}){_SECTION_TAIL}{_HEADER_VERB}|y|что\s+(?:сделал[аи]?|сделано)|из\s+сделанного|"
    r"сделанное)|"
    rf"(?P<t>(?:{_TODAY}){_SECTION_TAIL}{_HEADER_VERB}|t|doing|next(?:\s+up)?|в\s+процессе|in\s+process|"
    r"что\s+(?:буду|будем|планирую|собираюсь)(?:\s+делать)?)|"
    rf"(?P<b>{_BLOCKER_WORDS}|b|(?:что\s+)?(?:мешает|блокирует|тормозит)))"
    r"\s*(?:[:：]|—|–|-(?!\w)|=>|->|[^\w\s#(«\"\[,.;!?]+)\s*",
    re.IGNORECASE,
)
# A header alone on its line, without a colon («Вчера», «📌 Сегодня», «Блокеры»).
_HEADER_ALONE = re.compile(
    rf"^\s*(?:(?P<y>{_YESTERDAY})|(?P<t>{_TODAY})|(?P<b>{_BLOCKER_WORDS}))\s*[:：]?\s*$", re.IGNORECASE
)
_URL_RE = re.compile(r"https?://\S+", re.IGNORECASE)
_KEY_LIKE = re.compile(r"^[a-z][a-z0-9_]*-\d+$")
_SECTION_WORD = re.compile(rf"(?:{_YESTERDAY}|{_TODAY}|{_BLOCKER_WORDS})", re.IGNORECASE)
_BLOCKER_WORDS_FULL = re.compile(_BLOCKER_WORDS, re.IGNORECASE)
_BLOCKER_WORDS_RE = re.compile(rf"\b(?:{_BLOCKER_WORDS})", re.IGNORECASE)
_YESTERDAY_RE = re.compile(rf"\b(?:{_YESTERDAY})\b", re.IGNORECASE)
_TODAY_RE = re.compile(rf"\b(?:{_TODAY})\b", re.IGNORECASE)
# After «блокеров нет» only the end of the statement or a word that cannot be what is missing may follow:
# «блокер нет доступов к стенду» names a blocker.
_STATEMENT_END = (
    r"(?!\s+(?!(?:пока|вроде|вообще|совсем|никаких|и|а|но|вчера|сегодня|завтра|today|yesterday|so\s+far)\b)\w)"
)
_NO_BLOCKERS_RE = re.compile(
    r"(?:\b(?:бл[оа]к[еи]р\w*|бл[оа]ков|бл(?:оер|кер|окр)\w*|blockers?|проблем\w*|препятстви\w*|затык\w*)\s*(?:[:—–-]\s*)?"
    rf"(?:{NONE_ADVERB}\s*,?\s*){{0,2}}"
    r"(?:нет|нету|отсутству\w*|none|no|не\s+(?:вижу|предвижу|наблюда\w*|ожида\w*)|никаких|ноль)\b"
    + _STATEMENT_END
    + ")"
    r"|(?:\b(?:нет|без|no|not\s+any)\s+(?:new\s+|other\s+|more\s+)?(?:бл[оа]к[еи]р\w*|blockers?|impediments?|проблем\w*|"
    r"препятстви\w*|затык\w*)\b)|\bblocked\s+by\s+nothing\b"
    r"|(?:ничего\s+не\s+(?:блокирует|мешает))|(?:блок[еи]р\w*\s+не\s+(?:вижу|наблюда\w*|ожида\w*))",
    re.IGNORECASE,
)
# The author's own word that nothing blocks them at all («блокеров нет», «но блокеров нет», «Блокеры: нет», «ничего не
# блокирует», «no blockers»): narrower than :data:`_NO_BLOCKERS_RE` — «без проблем», «не блокер» speak of one thing.
_ALL_CLEAR_RE = re.compile(
    r"\b(?:бл[оа]к[еи]р(?:ов|ы)|бл[оа]ков|бл(?:оер|кер|окр)(?:ов|ы)|blockers)\s*(?:[:—–-]\s*)?"
    rf"(?:{NONE_ADVERB}\s*,?\s*){{0,2}}(?:нет|нету|нэт|отсутствуют|none|no|ноль)\b"
    + _STATEMENT_END
    + r"|\b(?:нет|без|no|not\s+any)\s+(?:new\s+|other\s+|more\s+|новых\s+)?"
    r"(?:бл[оа]к[еи]р(?:ов)?|blockers|impediments)\b|\bничего\s+не\s+(?:блокирует|блочит)\b|\bnothing\s+(?:is\s+)?blocking\b|\bblocked\s+by\s+nothing\b",
    re.IGNORECASE,
)
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
_BLOCKER_RE = re.compile(
    r"\b(?:блок[еи]р\w*|блокир\w*|заблокир\w*|blocker\w*|blocked|block(?:s|ing)?|impediment\w*|жд(?:у|ем|[её]м)|"
    r"ожида(?:ю|ем)|жду|не\s+мо(?:гу|жем|жет)|не\s+получа\w*|нет\s+доступ\w*|без\s+доступ\w*|мешает|мешают|"
    r"упал[аи]?|лежит|сломал\w*|сломан\w*|не\s+работает|не\s+работают|застрял\w*|завис(?:ла|ло|ли|ает|ают)?|waiting|stuck|"
    r"проблем\w*|затык\w*|не\s+хватает|нет\s+прав|срочно\s+нуж\w+|стоп|без\s+(?:него|неё|нее|них|этого)|"
    r"уп[её]рс\w*|упира\w*|висит|не\s+отвеча\w*|не\s+да[её]т|не\s+дают|не\s+(?:вы)?дали|недоступ\w*|истек\w*|истёк\w*|"
    r"(?:надо|нужно|придётся|придется)\s+(?:до)?ждать\w*|дождаться|других\s+задач\s+(?:у\s+меня\s+)?нет|"
    r"can'?t|cannot|waiting\s+(?:on|for)|(?:is|are|went|goes)\s+down|outage|nobody\s+can|no\s+one\s+can|"
    r"unable\s+to|невозможно|простаива\w*|(?:работа|вс[её]|разработка)\s+встал\w*|не\s+проход\w+)\b"
    rf"|\b{_MISSING_AFTER}",
    re.IGNORECASE,
)
# Words that state a blocker whatever else the clause says …
_STRONG_BLOCKER_RE = re.compile(
    r"\b(?:блок[еи]р\w*|блокир\w*|заблокир\w*|blocker\w*|blocked|impediment\w*|жд(?:у|ем|[её]м)|ожида(?:ю|ем)|"
    r"не\s+мо(?:гу|жем)|нет\s+доступ\w*|без\s+доступ\w*|мешает|мешают|не\s+хватает|нет\s+прав|срочно\s+нуж\w+|"
    r"waiting|can'?t|cannot)\b",
    re.IGNORECASE,
)
# … while a failure («падал», «не работает», «проблема») is the day's work when it was dealt with or is being fixed:
# «починил PAY-3, там падал вебхук», «сегодня чиню баг, где не работает возврат».
_DEALT_WITH_RE = re.compile(
    r"\b(?:починил\w*|пофиксил\w*|исправил\w*|поднял\w*|решил[аи]?|разобрал\w*|закрыл\w*|устранил\w*|"
    r"fixed|resolved|чиню|чинить|починю|фикшу|фиксю|фикс|фиксить|исправлю|исправляю|исправлять|разбираюсь|разберусь|"
    r"разбирал(?:ся|ась|ись|а|и)?|"
    r"разбираться|поправлю|поправить|буду\s+чинить|"
    r"падал[аио]?|лежал[аио]?|не\s+работал[аио]?|зависал[аио]?|висел[аио]?|тормозил[аио]?|ломал[аио]?|"
    r"was|were)\b",
    re.IGNORECASE,
)


def _states_blocker(text: str, context: str = "") -> bool:
    """Whether a clause outside a «Блокеры:» list states a blocker (see :data:`_DEALT_WITH_RE`); ``context`` is the
    rest of its statement («…, буду чинить»)."""
    if _STRONG_BLOCKER_RE.search(text):
        return True
    return bool(_BLOCKER_RE.search(text)) and not _DEALT_WITH_RE.search(f"{text} {context}")


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
    will plan planning going todo doing working starting continuing finishing"""
)
_NOT_VERBS = _wordset(
    """материал сигнал канал потенциал интервал терминал функционал персонал финал оригинал журнал арсенал
    капитал генерал отдел раздел предел тоннел туннел портал ритуал скандал фестивал минимал нормал формал
    тотал пробел модул ревью код-ревью интервью"""
)
_PAST_SUFFIX = re.compile(r"^[а-яё]{3,}(?:ил|ал|ял|ел|ыл|ул|ол)(?:а|и|ся|ась|ись|ось)?$")
_CLARIFY_NO_TASK = re.compile(
    r"без\s+задачи|не\s+относится|ни\s+к\s+какой|нет\s+задачи|не\s+знаю|общий\s+блокер|no\s+task|"
    r"к\s+задаче\s+не\s+привяз\w*|не\s+привязан\w*",
    re.IGNORECASE,
)
# «нет», «больше нет», «none really»: an adverb may stand before or after the «none».
_NOTHING = re.compile(
    rf"^(?:{NONE_ADVERB}\s*,?\s*){{0,2}}(?:нет|нету|нэт|none|no|nope|nothing|n/a|-|—|отсутствуют|ничего|никаких|"
    rf"ноль|не\s+(?:вижу|предвижу|наблюда\w*|ожида\w*|имею)|вс[её]\s+(?:ок|ok|окей|хорошо|норм\w*|гладко|"
    rf"в\s+порядке|по\s+плану)|all\s+(?:good|clear|fine)|nothing\s+(?:blocking|so\s+far))"
    rf"(?:\s+{NONE_ADVERB})?\s*(?:[,.;!—–-]|$)",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-zА-Яа-яЁё0-9]+(?:-[A-Za-zА-Яа-яЁё0-9]+)*")
_FILLER = _wordset(
    """и а но да нет ну вот ещё еще также тоже потом затем же все всё так как что это по на в во с со к ко
    ок ok окей okay без у о об от до за из для над под при про через ничего пока особо вроде вообще то самое тот та те -
    and or the a an to of on in at by for with then also too"""
)
_GENERIC = _wordset(
    """задача задачи задачу задачами задач таска таски таску таск тасками работа работу работаю работаем
    делаю делать делаем буду будем занимаюсь спринт спринту спринта"""
)
_ID = r"(?:[A-Za-z][A-Za-z0-9_]{0,19}-\d{1,9}|[\w.-]+/[\w.-]+#\d{1,9}|#\d{1,9})"
# «…, TASK-1» / «… (TASK-1)» / «… — TASK-1» at the end of a blocker: the id goes to related_task_id
_TRAILING_ID = re.compile(rf"\s*(?:[,;—–]|\s-)\s*\(?{_ID}\)?\s*$|\s*\({_ID}\)\s*$")
_LEAD = re.compile(
    r"^(?:[\s,;:—–\-•*>]+|(?:и|а|но|однако|также|ещё|еще|потом|затем|ну|да|плюс|зато|заодно)\b\s*)+", re.IGNORECASE
)
_TRAIL = re.compile(r"[\s,;:—–\-.!?]+$")
_SENTENCES = re.compile(r"(?:\r?\n)+|(?<=[.!?…])\s+|;\s*|(?<=\S)\.$|\s+[/|]\s+(?![A-Za-z][\w]*-\d|#\d)")
_BULLET = re.compile(r"^\s*(?:[-*•–—]|\d{1,2}[.)])\s+")
_CLAUSE_SPLIT = re.compile(
    rf"(?:,\s*|\s+—\s+|\s+–\s+|\s+(?!(?:{_YESTERDAY}|{_TODAY})\s*(?:$|[.!?]|\s(?:and|и|or|или)\b)))"
    rf"(?:(?:а|и|но|однако|зато)\s+)?(?=(?:{_YESTERDAY}|{_TODAY})\b)"
    r"|,\s*(?=(?:блок[еи]р\w*|blocker|blocked|жд(?:у|ем)|не\s+мо(?:гу|жем)|нет\s+доступ|мешает|упал|простаива\w*|"
    r"уп[её]рс\w*|упира\w*|застрял\w*|stuck|не\s+хватает|отвалил\w*|сломал(?:ся|ась|ось|ись)|"
    r"вс[её]\s+(?:упало|лежит)|работа\s+встала|без\s+\w+\s+работать)\b)"
    # a wait a few words into the clause («…, после обеда жду созвон»): the clause before it is the day's work
    r"|,\s*(?=(?:[^\s,.;]+\s+){1,3}(?:жд(?:у|ем|[её]м)|ожида(?:ю|ем))\b)"
    r"|,\s*(?=был[аио]?\s+(?:блок|затык|проблем))"
    r"|,\s*(?=вс[её]\s+(?:ок|ok|окей|хорошо|норм\w*|гладко|ровно|в\s+порядке|по\s+плану)\b)"
    r"|,\s*(?:а\s+|и\s+|потом\s+|затем\s+)?(?=(?:(?:после\s+обеда|с\s+утра|утром|вечером|днём|днем)\s+)?"
    r"(?:планирую|буду|начну|займусь|собираюсь|возьму|продолжу|дальше|"
    r"беру|берусь|начинаю|приступаю|сажусь|"
    r"сделал|закрыл|доделал|закончил|завершил|пофиксил|починил|исправил|выкатил|смержил|протестировал|проверил)\b)"
    # English: «Did PAY-1, doing PAY-2, blocked by …»
    r"|,\s*(?:and\s+)?(?=(?:doing|working\s+on|will|going\s+to|planning|starting|continuing|finishing|did|finished|"
    r"fixed|closed|merged|wrapped\s+up)\b)"
    # another task set against the one before: «сегодня PAY-2 пилю, а PAY-3 стоит — жду ответ»
    rf"|,\s*а\s+(?={_ID}\b)"
    # more of the day, not this task: «CAL-8 события, ещё созвон с клиентом», «…, заодно посмотрел дашборд»
    r"|,\s*(?=(?:а\s+|и\s+)?(?:ещё|еще|также|плюс|заодно)\s+(?!не\b))"
    r"|,?\s+(?:но|однако|but)\s+|,\s*а\s+(?=(?:сегодня|вчера|today|yesterday)\b)|,\s*(?:а|и)\s+(?:ещё|еще|также)\s+",
    re.IGNORECASE,
)

_MAX_LISTED_IDS = 30
"""Most ids before one shared status (:data:`_POSTFIX_STATUS`): without a bound each of N listed ids would start a
scan over the rest of the list, N² steps for a pasted list of ids."""
# A status or a time word after the task («TASK-5 done, TASK-6 in progress», «Did CAL-21 yesterday», «doing PAY-2
# today»): moved to the front of its statement, where a section word stands, with the words before the task (the verb
# stays with its task).  A list of ids shares its status: «CAL-16 + CAL-17 done», «PAY-1, PAY-2 done» → «done PAY-1,
# PAY-2».
_POSTFIX_STATUS = re.compile(
    r"(^|[,;:]\s*)((?:[^\W\d_][\w'’]*\s+){0,3}?)"
    rf"((?:{_ID}\s*(?:,|\+|&|/|\bи\b|\band\b)\s*){{0,{_MAX_LISTED_IDS}}}{_ID})\s+(done|in\s+progress|wip|todo|today|yesterday|в\s+работе)"
    r"(?=\s*(?:[,;.(]|\s[—–-]\s|$))",
    re.IGNORECASE,
)
# «… TASK-15 блокер нет доступов» in a line without punctuation: the blocker starts a clause of its own …
_BLOCKER_HEAD = re.compile(r"\s+(?=(?:блок[еи]р(?:ы|ов)?|blockers?|blocked|impediments?)\b)", re.IGNORECASE)
# … unless the word before says there is none, or that one was dealt with («нет блокеров», «снял блокер»).
_NOT_BEFORE_BLOCKER = _wordset(
    """не нет нету без никаких ни no not any снял сняла сняли закрыл закрыла закрыли убрал убрала убрали решил
    решила решили обошёл обошел обошла новых других был была было были was a an the new other more had"""
)
# A clause that only says how urgent the blocker is («Блокеры: срочно!!! нет доступа»): it belongs to the next one.
_URGENCY_ONLY = re.compile(
    r"^\W*(?:очень\s+|совсем\s+|супер\s*)?(?:срочно|критично|важно|asap|urgent|горит)\W*$", re.IGNORECASE
)


# A clause that only greets or thanks («Всем привет!», «Доброе утро», «спасибо»): not work, not a blocker.
_COURTESY = re.compile(
    r"^\W*(?:(?:всем|коллеги|ребята|команда)\W+)?(?:привет\w*|здравствуйте|доброе\s+утро|добрый\s+(?:день|вечер)|"
    r"hi|hello|hey|good\s+morning|morning|салют|хай|спасибо|thanks|thank\s+you)"
    r"(?:\W+(?:всем|все|all|team|everyone|коллеги|ребята|команда))?\W*$",
    re.IGNORECASE,
)
# «Новых нет», «других нет», «больше нет» — the rest of a blocker statement: none besides those named.
_NONE_LEFT = re.compile(
    r"^\W*(?:а\s+|и\s+)?(?:новых|других|больше|иных|остальных|прочих|ещё|еще)\s+(?:блок[еи]р\w*\s+|проблем\s+)?"
    r"(?:нет|нету|не\s+вижу|не\s+было|none)\W*$",
    re.IGNORECASE,
)
# Who writes, before the daily itself («QA:», «Петя:», «Backend team:»): one or two words and a colon.
_LABEL = re.compile(r"^\s*[A-Za-zА-Яа-яЁё][\w.]{0,15}(?:\s+[\w.#/-]{1,30})?\s*:\s+")
# An aside that is neither work nor a blocker: a call for help, a condition («если кто знает СБП — буду рад
# подсказке», «кто в курсе, как …»).
_ASIDE = re.compile(
    r"^\W*(?:но\s+|а\s+|и\s+)?(?:если\s+(?:кто|кто-то|кто-нибудь|вдруг)\b|буду\s+(?:рад|благодар)\w*|"
    r"кто\s+(?:знает|в\s+курсе)\b|if\s+any(?:one|body)\b|any\s+help\b|"
    # «Всё ок», «в целом всё норм»: how things go, not a piece of work
    r"(?:в\s+целом\s+)?вс[её]\s+(?:ок|ok|окей|хорошо|норм\w*|гладко|ровно|в\s+порядке|по\s+плану)\W*$)",
    re.IGNORECASE,
)
# A condition on the plan told in a sentence after the task («Сегодня займусь PAY-2. Если успею, отдам в ревью»):
# more about that task, not a work item of its own.
_CONDITION = re.compile(r"^\W*(?:но\s+|а\s+|и\s+)?(?:если|if)\b", re.IGNORECASE)
_RISKS = re.compile(r"^\s*(?:риск(?:и|ов)?|risks?)\s*(?:[:：]|—|–|-(?!\w))", re.IGNORECASE)
# Where a blocker line turns to the day's work: «Блокер: банк молчит по PAY-3, но сегодня делаю PAY-2».
_SECTION_AFTER_BLOCKER = re.compile(
    r"(?:[,;]|\s[—–])\s*(?:(?:а|но|и|зато)\s+)?(?=(?:сегодня|вчера|today|yesterday|завтра)\b)", re.IGNORECASE
)


def _status_first(match: re.Match[str]) -> str:
    """The replacement of :data:`_POSTFIX_STATUS`: the status before the words that lead to the task, unless those
    already say when («вчера PAY-360 done» → «вчера done PAY-360»)."""
    start, lead, ids, status = match.groups()
    if _YESTERDAY_RE.search(lead) or _TODAY_RE.search(lead):
        return f"{start}{lead}{status} {ids}"
    return f"{start}{status} {lead}{ids}"


def _clauses_of(piece: str) -> list[str]:
    """``piece`` split at clause boundaries (:data:`_CLAUSE_SPLIT`), never inside parentheses: «DATA-310 done (был
    баг с падением джобы, пофиксил)» is one clause."""
    parts, start = [], 0
    for match in _CLAUSE_SPLIT.finditer(piece):
        before = piece[: match.start()]
        if before.count("(") > before.count(")") or match.end() <= start:
            continue
        lead = piece[start : match.start()].strip()
        if not match.group(0).strip() and not (task_ids_in(lead) or _starts_section(lead) or lead.endswith(":")):
            continue  # «стенд вчера падал»: a time word inside a statement, not a new one after a task
        parts.append(piece[start : match.start()])
        start = match.end()
    parts.append(piece[start:])
    return parts


_TOPIC = re.compile(rf"^\W*(?:по|для|в|на|on|for|in)\s+{_ID}\s*$", re.IGNORECASE)


def _split_before_blockers(sentence: str) -> list[str]:
    """``sentence`` cut before each blocker word that starts a new statement (see :data:`_BLOCKER_HEAD`)."""
    pieces, start = [], 0
    for match in _BLOCKER_HEAD.finditer(sentence):
        words = _WORD.findall(sentence[start : match.start()])
        if _TOPIC.match(sentence[start : match.start()]):
            continue  # «По HLP-24 блокер: …» — the task the blocker is about, not a statement of its own
        if words and words[-1].lower() not in _NOT_BEFORE_BLOCKER:
            pieces.append(sentence[start : match.start()])
            start = match.end()
    pieces.append(sentence[start:])
    return pieces


QUALITY_ORDER = ("EMPTY", "TOO_SHORT", "NO_TASKS_MENTIONED", "DETAIL_OK", "GREAT")


@dataclass
class _Clause:
    text: str
    sentence: int
    section: Section | None = None
    explicit: bool = False  # the section came from a header with a colon/dash
    lead: str = ""  # the header word («Блокер»), which may itself mark a blocker critical


@dataclass
class ParsedDaily:
    """What the parser found (before it becomes seed 3.2's dict)."""

    yesterday: list[dict[str, Any]] = field(default_factory=list)
    today: list[dict[str, Any]] = field(default_factory=list)
    blockers: list[dict[str, Any]] = field(default_factory=list)
    no_blockers_stated: bool = False
    content_words: int = 0
    informative_words: int = 0
    words: int = 0

    def task_ids(self) -> list[str]:
        ids = [item["task_id"] for item in self.yesterday + self.today if item["task_id"]]
        ids += [b["related_task_id"] for b in self.blockers if b["related_task_id"]]
        return list(dict.fromkeys(ids))


def _clean(text: str) -> str:
    text = _LEAD.sub("", text.strip())
    return _TRAIL.sub("", text).strip()


def _content_words(text: str) -> tuple[str, ...]:
    """Words that carry content: not headers, time words, fillers, numbers, task ids or URLs."""
    if "://" in text:
        text = _URL_RE.sub(" ", text)
    return tuple(lower for lower in (w.lower() for w in _WORD.findall(text)) if _is_content(lower))


@lru_cache(maxsize=8192)
def _is_content(lower: str) -> bool:
    """Whether a (lower-case) word carries content (the vocabulary repeats, so the answer is kept)."""
    if lower in _FILLER or len(lower) < 2 or lower.isdigit() or (_KEY_LIKE.match(lower) and task_ids_in(lower)):
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


_DASHES = re.compile(r"^\s*[-—–]+\s*$")
_MARKDOWN_HEADING = re.compile(r"^#{1,6}\s+")
_MENTION = re.compile(r"(?<![\w.@])@[\w.-]+")
_NONE_WORDS = ("нет", "нету", "none", "nope")


def _typo_none(text: str) -> bool:
    """Whether ``text`` is one word a letter away from «нет»/«none» («нетц», «нте», «nоne»): a typo of «none»."""
    word = text.strip(" .!,;").lower()
    if not 2 <= len(word) <= 5 or not word.isalpha():
        return False
    return any(_one_edit(word, none) for none in _NONE_WORDS)


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


_NEXT_TASKS_BLOCKER = re.compile(rf",\s*(?=(?:по|для|on|for)\s+{_ID}\b|{_ID}\s)", re.IGNORECASE)


def _own_task_parts(listed: str) -> list[str]:
    """A «Блокеры:» line cut where a blocker about another task begins («по EDU-48 нет доступа, по EDU-49 жду
    ревью»): a part is cut off only when both sides name a task of their own and the first says something of it
    («OPS-31, OPS-32 — Vault is down» is one blocker)."""
    parts, start = [], 0
    for joint in _NEXT_TASKS_BLOCKER.finditer(listed):
        before, after = listed[start : joint.start()], listed[joint.end() :]
        own_before, own_after = task_ids_in(before), task_ids_in(after)
        if own_before and own_after and own_after[0] not in own_before and _content_words(before):
            parts.append(before)
            start = joint.end()
    parts.append(listed[start:])
    return parts


def _split_clauses(message: str) -> list[_Clause]:
    clauses: list[_Clause] = []
    if "@" in message:
        message = _MENTION.sub("", message)  # «@petya», «@channel»: whom the daily addresses, not what it says
    for index, sentence in enumerate(_SENTENCES.split(message)):
        sentence = _header_typo(_MARKDOWN_HEADING.sub("", _BULLET.sub("", sentence or "")).strip())
        label = None if _HEADER.match(sentence) else _LABEL.match(sentence)  # «Блокеры: вчера …» is a header
        if label and (_HEADER.match(sentence[label.end() :]) or _starts_section(sentence[label.end() :])):
            rest = sentence[label.end() :]
            topic = sentence[: label.end()].rstrip(": ")
            time = _HEADER.match(rest) or re.match(rf"(?:{_YESTERDAY}|{_TODAY})\b", rest, re.IGNORECASE)
            if task_ids_in(topic) and time:
                # «По TRV-113: вчера закончил» — the task the statement is about: «вчера по TRV-113 закончил»
                sentence = f"{rest[: time.end()].rstrip()} {topic} {rest[time.end() :].lstrip()}"
            else:
                sentence = rest  # «QA: вчера …», «Петя: Вчера: …» — who writes, not what
        hint: Section | None = None
        if _DASHES.match(sentence):  # «• —» under «Блокеры»: a dash for «none», not a bullet without text
            clauses.append(_Clause("—", index))
            continue
        symbols = _LEADING_SYMBOLS.match(sentence)
        if symbols:
            hint = next((_EMOJI_SECTION[c] for c in symbols.group(0) if c in _EMOJI_SECTION), None)
            sentence = _BULLET.sub("", sentence[symbols.end() :]).strip()
        if not sentence or _COURTESY.match(sentence):
            continue
        if _RISKS.match(sentence):  # a risk is not an impediment: «Риски: PAY-2 может не влезть в спринт»
            continue
        alone = _HEADER_ALONE.match(sentence)
        if alone:
            section_alone: Section = "yesterday" if alone.group("y") else "today" if alone.group("t") else "blockers"
            clauses.append(_Clause("", index, section_alone, explicit=True, lead=alone.group("b") or ""))
            continue
        header = _HEADER.match(sentence)
        section: Section | None = None
        lead = ""
        if header is None and hint is not None:
            if hint == "blockers":
                clauses.append(_Clause(sentence, index, "blockers"))
                continue
            section = hint
        if header:
            section = "yesterday" if header.group("y") else "today" if header.group("t") else "blockers"
            lead = header.group("b") or ""
            body = sentence[header.end() :]
            if not body.strip():  # a header on its own line: the section of the lines below
                clauses.append(_Clause("", index, section, explicit=True, lead=lead))
                continue
            if section == "blockers":  # «Блокеры: жду ревью, нет стенда» — the whole line is blockers …
                tail = None if is_negated(body) else _SECTION_AFTER_BLOCKER.search(body)
                if tail and not (task_ids_in(body[tail.end() :]) or _verb_section(body[tail.end() :])):
                    tail = None  # «…, завтра релиз»: when it matters, not the day's work
                listed = body[: tail.start()] if tail else body
                for part in _own_task_parts(listed):
                    clauses.append(_Clause(part, index, section, explicit=True, lead=lead))
                if not tail:
                    continue
                body, section, header = body[tail.end() :], None, None  # … up to «…, но сегодня делаю PAY-2»
            sentence = body
        sentence = _POSTFIX_STATUS.sub(_status_first, sentence)
        parts = [p for piece in _split_before_blockers(sentence) for p in _clauses_of(piece) if p and p.strip()]
        for position, part in enumerate(parts):
            if _COURTESY.match(part):
                continue
            clauses.append(_Clause(part, index, section if position == 0 else None, explicit=bool(header)))
    return _merge_qualifiers(_merge_urgency(clauses))


_QUALIFIER = re.compile(
    r"^\W*(?:но\s+|а\s+|и\s+)?(?:это\s+|уже\s+|пока\s+)?(?:не\s+(?:блокер\w*|срочно|критично|горит|мешает|страшно)|"
    r"уже\s+\w+|снят\w*|решили|починили|подняли|resolved|не\s+критично|несрочно|"
    r"(?:я\s+)?не\s+(?:стою|простаиваю)|(?:i'?m\s+)?not\s+(?:stuck|idle))\b",
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
_PAST_TROUBLE = re.compile(
    r"\b(?:падал[аио]?|лежал[аио]?|не\s+работал[аио]?|тормозил[аио]?|глючил[аио]?|сбоил[аио]?)\b", re.IGNORECASE
)


def _qualifies(clause: _Clause, previous: _Clause) -> bool:
    """Whether ``clause`` only qualifies the trouble in ``previous`` (see :func:`_merge_qualifiers`)."""
    text = clause.text.strip()
    if (
        previous.sentence != clause.sentence
        or clause.section is not None
        or not previous.text.strip()
        or task_ids_in(text)
    ):
        return False
    about_trouble = (
        previous.section == "blockers"
        or _BLOCKER_RE.search(previous.text)
        or PAST_WAIT.search(previous.text)
        or _PAST_TROUBLE.search(previous.text)
    )
    if _DENIAL_ONLY.match(text):  # a denial refers to the trouble before it, whatever words that used
        return bool(about_trouble or not (task_ids_in(previous.text) or _starts_section(previous.text.strip())))
    if not about_trouble:
        return False
    if _YESTERDAY_RE.match(text) or _TODAY_RE.match(text):
        # «ждал доступ к логам, но вчера выдали»: a time word opening a short resolution is no section of its own
        return bool(RESOLVED.search(text)) and len(_WORD.findall(text)) <= 4
    return bool(_QUALIFIER.match(text) or RESOLVED.search(text) or WORKAROUND.search(text))


# «других задач нет», «no other tasks»: said after a blocker, what it does to the member (they cannot go on).
_NO_OTHER_WORK = re.compile(
    r"^\W*(?:а\s+|и\s+|and\s+)?(?:(?:других|иных|больше)\s+задач\s+(?:у\s+меня\s+)?(?:нет|нету)|"
    r"(?:делать|взять)\s+больше\s+нечего|no\s+other\s+(?:tasks?|work)|nothing\s+else\s+to\s+do)\W*$",
    re.IGNORECASE,
)


def _merge_qualifiers(clauses: list[_Clause]) -> list[_Clause]:
    """Join a clause that only qualifies the blocker before it («…, но это не блокер», «…, уже снят», «…, но не
    срочно», «стенд тормозит, но это не мешает», «ждал доступ, но вчера выдали») with that blocker, so its negation,
    resolution or urgency applies to it."""
    merged: list[_Clause] = []
    for clause in clauses:
        previous = merged[-1] if merged else None
        if previous is not None and (
            _qualifies(clause, previous)
            or (_NO_OTHER_WORK.match(clause.text) and clause.section is None and _BLOCKER_RE.search(previous.text))
        ):
            previous.text = f"{previous.text.rstrip()}, {clause.text.strip()}"
            continue
        merged.append(clause)
    return merged


def _merge_urgency(clauses: list[_Clause]) -> list[_Clause]:
    """Join a clause that is only an urgency marker («срочно!!!») with the blocker before it («Блокер: нет стенда.
    Срочно!»), else with the clause after it («Блокеры: срочно!!! нет доступа»), unless that one opens a section of
    its own."""
    merged: list[_Clause] = []
    for clause in clauses:
        previous = merged[-1] if merged else None
        if (
            previous is not None
            and _URGENCY_ONLY.match(clause.text)
            and previous.text.strip()
            and (previous.section == "blockers" or _BLOCKER_RE.search(previous.text))
        ):
            previous.text = f"{previous.text.rstrip()} {clause.text.strip()}"
            continue
        if (
            previous is not None
            and _URGENCY_ONLY.match(previous.text)
            and clause.section is None
            and not _YESTERDAY_RE.match(clause.text.strip())
            and not _TODAY_RE.match(clause.text.strip())
        ):
            previous.text = f"{previous.text.strip()} {clause.text.strip()}"
            continue
        merged.append(clause)
    return merged


def _blocker_text(text: str) -> str:
    """The blocker in the author's words, without the «Блокер:» lead-in and a trailing «, TASK-1»."""
    head, sep, tail = text.partition(":")
    if sep and tail.strip() and re.search(_BLOCKER_WORDS, head, re.IGNORECASE):
        text = tail
    # «Блокер: …» loses its lead-in; «blocked by …» keeps its words.
    text = re.sub(
        rf"^\s*(?:{_BLOCKER_WORDS})(?!\s+(?:by|on)\b)\s*(?:[:—–-]\s*)?", "", text.strip(), flags=re.IGNORECASE
    )
    text = _TRAILING_ID.sub("", _clean(text))
    return truncate(_clean(text), MAX_TEXT_CHARS)


def _starts_section(text: str) -> bool:
    return bool(_YESTERDAY_RE.match(text) or _TODAY_RE.match(text))


def _blocker_from(text: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The blocker a clause states, and the work it says is done meanwhile («…, пока делаю PAY-16» → today)."""
    cut = meanwhile_span(text)
    own, meanwhile = (text[:cut], text[cut:]) if cut else (text, "")
    if not _content_words(own):
        own, meanwhile = text, ""
    # The author's words stay whole unless the meanwhile part is work on a task of its own.
    blocker = _blocker_text(own if task_ids_in(meanwhile) else text)
    if not blocker or not _content_words(blocker):
        return None
    ids = task_ids_in(own)
    critical, _ = criticality(text)
    work = [
        {"task_id": task_id, "summary": truncate(_clean(meanwhile), MAX_TEXT_CHARS)}
        for task_id in task_ids_in(meanwhile)
    ]
    return {"text": blocker, "critical": critical, "related_task_id": ids[0] if ids else None}, work


# A status moved before its task («PAY-5 done» → «done PAY-5»): it says something of the task, so it stays.
_STATUS = re.compile(r"^(?:done|сделано|wip|in\s+progress|в\s+работе|todo|to\s+do)\b", re.IGNORECASE)


# Another piece of the day in a line about a task — a meeting, an interview, a review of others' work, help to a
# colleague, mail («ORD-103 оплата, созвон с продактом», «AUTH-304 login page, code review for Max», «Вчера: ревью,
# ORD-111 тесты», «закрыл ORD-113, потом помогал Лене с деплоем»): an item of its own, without a task.
_OTHER_ACTIVITY = re.compile(
    r"^(?:(?:и|а|потом|затем|ещё|еще|также|and|then|also)\s+){0,2}"
    r"(?:(?:весь\s+день|полдня|пол\s+дня|утром|all\s+day|half\s+(?:a|the)\s+day)\s+(?:(?:на|в|on|in)\s+)?)?"
    r"(?:(?:провёл|провел|провела|был|была|ходил|ходила|сходил|сходила|разбирал|разбирала|attended|had)\s+"
    r"(?:(?:на|в|a|an|some|two|a\s+couple\s+of)\s+)?)?"
    r"(?:созвон\w*|встреч[аиуе]\w*|собес\w*|переписк\w*|синк\w*|sync\w*|инцидент\w*|разбор\w*\s+инцидент\w*|дежурн\w*|on-?call|"
    r"support\b|ретро\w*|демо\b|стендап\w*|дейли\b|планёрк\w*|планерк\w*|1[:-]1\b|"
    r"one-on-one|retro\w*|demo\b|standup\w*|собеседовани\w*|интервью|митинг\w*|планировани\w*|груминг\w*|"
    r"онбординг\w*|обучени\w*|воркшоп\w*|конференц\w*|дежурств\w*|саппорт\w*|почт[аеуы]\b|помога\w*|помог\b|"
    r"помощь\b|ревью\b|ревьюил\w*|код-?ревью\w*|code-review\w*|code\s+reviews?\b|reviews?\b|reviewed\b|reviewing\b|meetings?\b|calls?\b|"
    r"interviews?\b|helped\b|helping\b|mail\b|emails?\b)",
    re.IGNORECASE,
)
_SAME_AS = re.compile(
    r"^(?:тоже|то\s+же(?:\s+самое)?|так\s+же|аналогично|same(?:\s+as\s+yesterday)?|the\s+same|too)$", re.IGNORECASE
)
_ITEM_JOINT = re.compile(r",\s*|\s+(?:и|and)\s+", re.IGNORECASE)


def _other_activities(summary: str) -> tuple[str, list[str]]:
    """``summary`` without the pieces that are other work of the day (see :data:`_OTHER_ACTIVITY`), and those
    pieces; a piece that names a task, or one inside parentheses, stays."""
    cuts = [0]
    for joint in _ITEM_JOINT.finditer(summary):
        before = summary[: joint.start()]
        if before.count("(") == before.count(")"):
            cuts += [joint.start(), joint.end()]
    cuts.append(len(summary))
    pieces = [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts), 2)]
    other = [
        (start, end)
        for start, end in pieces
        if _OTHER_ACTIVITY.match(summary[start:end].strip()) and not task_ids_in(summary[start:end])
    ]
    if not other or len(other) == len(pieces):
        return summary, []
    kept = [summary[start:end] for start, end in pieces if (start, end) not in other]
    return ", ".join(p.strip() for p in kept if p.strip()), [_clean(summary[start:end]) for start, end in other]


def _items(text: str) -> list[dict[str, Any]]:
    summary = text.strip()
    if not _STATUS.match(summary):
        summary = _clean(_YESTERDAY_RE.sub("", summary, count=1) if _YESTERDAY_RE.match(summary) else summary)
        summary = _clean(_TODAY_RE.sub("", summary, count=1) if _TODAY_RE.match(summary) else summary)
    summary = _clean(summary)
    if _SAME_AS.match(summary):  # «сегодня то же самое»: said, without a task
        return [{"task_id": None, "summary": summary}]
    if not summary or (not _content_words(summary) and not task_ids_in(summary)):
        return []
    ids = task_ids_in(summary)
    others: list[str] = []
    if ids and _ITEM_JOINT.search(summary):
        summary, others = _other_activities(summary)
    summary = truncate(summary, MAX_TEXT_CHARS)
    items: list[dict[str, Any]] = [{"task_id": task_id, "summary": summary} for task_id in ids]
    items = items or [{"task_id": None, "summary": summary}]
    return items + [{"task_id": None, "summary": truncate(other, MAX_TEXT_CHARS)} for other in others]


def _merge_blocker_runs(clauses: list[_Clause]) -> list[_Clause]:
    """Join neighbouring clauses of one sentence that are both blockers («нет прав, не могу создать кластер»):
    the comma split exists to separate work from a blocker, not a blocker from its explanation."""
    merged: list[_Clause] = []
    for clause in clauses:
        previous = merged[-1] if merged else None
        if (
            previous is not None
            and previous.sentence == clause.sentence
            and clause.section is None
            and _BLOCKER_RE.search(previous.text)
            and _BLOCKER_RE.search(clause.text)
            and not _NO_BLOCKERS_RE.search(clause.text)
        ):
            previous.text = f"{previous.text.rstrip()}, {clause.text.strip()}"
            continue
        merged.append(clause)
    return merged


def readable(message: str) -> str:
    """The part of ``message`` the parser reads: its first :data:`MAX_PARSED_CHARS` characters."""
    return message[:MAX_PARSED_CHARS] if len(message) > MAX_PARSED_CHARS else message


def parse(message: str) -> ParsedDaily:
    """Split a daily into yesterday / today / blockers (see the module docstring); only the first
    :data:`MAX_PARSED_CHARS` characters are read."""
    key, message = message, readable(message)
    parsed = ParsedDaily(content_words=len(_content_words(message)), informative_words=_informative(message))
    parsed.no_blockers_stated = bool(_NO_BLOCKERS_RE.search(message))
    clauses = _merge_blocker_runs(_split_clauses(message))

    sticky: Section | None = None
    last: tuple[int, list[dict[str, Any]], list[dict[str, Any]]] | None = None  # the last items with an id
    sticky_explicit = False
    sticky_lead = ""
    sticky_alone = False
    inferred: list[dict[str, Any]] = []  # blockers read from a clause outside a «Блокеры:» section
    last_position = -1  # the clause that gave the last items with an id
    for position, clause in enumerate(clauses):
        text = clause.text.strip()
        following = clauses[position + 1] if position + 1 < len(clauses) else None
        context = (
            following.text
            if following is not None
            and following.sentence == clause.sentence
            and following.section is None
            and not _starts_section(following.text.strip())
            else ""
        )
        if clause.section is not None and clause.explicit:
            sticky, sticky_explicit, sticky_lead = clause.section, True, clause.lead
            sticky_alone = not text
        if not text:
            continue
        if (
            clause.section is None
            and sticky == "blockers"
            and sticky_explicit
            and sticky_alone
            and not _YESTERDAY_RE.match(text)
            and not _TODAY_RE.match(text)
        ):
            clause.section, clause.lead = "blockers", sticky_lead  # a line in the list under «Блокеры:»
        if (
            clause.section == "blockers"
            and (_NOTHING.match(text) or _NOTHING.match(_blocker_text(text)) or _typo_none(text))
        ) or (_NONE_LEFT.match(text)):
            parsed.no_blockers_stated = True  # «Блокеры: -», «…, уже решили. Новых нет»
            continue
        section = clause.section
        if section is None:
            lowered = text.lower()
            starts_y, starts_t = _YESTERDAY_RE.search(lowered), _TODAY_RE.search(lowered)
            if starts_y and (not starts_t or starts_y.start() < starts_t.start()):
                section = "yesterday"
            elif starts_t:
                section = "today"
            if section is not None:
                sticky, sticky_explicit = section, False
        if (
            section == "blockers"
            or _states_blocker(text, context)
            or PAST_WAIT.search(text)
            or NEGATED.search(text)
            or (_PAST_TROUBLE.search(text) and not task_ids_in(text))
        ) and (is_negated(text) or _NOTHING.match(_blocker_text(text))):
            parsed.no_blockers_stated = True  # «не блокер», «ничего не жду», «был блокер, уже снят»
            # «сегодня займусь PAY-61, ничего не мешает»: the work stays, only the blocker is denied.
            rest = _clean(NEGATED.sub("", text))
            if _BLOCKER_RE.search(rest):
                # «today PAY-2 refactoring, no blockers, just waiting on a review»: the denial covers the wait, the
                # work beside it stays.
                rest = _clean(", ".join(p for p in _COMMA.split(rest) if p.strip() and not _BLOCKER_RE.search(p)))
                if not task_ids_in(rest):
                    continue
            if section == "blockers" or not (task_ids_in(rest) or _starts_section(rest)):
                continue
            text = rest
        if _NO_BLOCKERS_RE.search(text):  # «…, блокеров нет»: keep what else the clause says
            text = _clean(_NO_BLOCKERS_RE.sub("", text))
            if not text or not (_content_words(text) or task_ids_in(text)):
                continue
        if _ASIDE.match(text) and not task_ids_in(text):
            continue
        if (
            _CONDITION.match(text)
            and clause.section is None
            and last is not None
            and last[0] == clause.sentence - 1
            and not task_ids_in(text)
        ):
            continue
        if _DENIAL_ONLY.match(text):  # «…, но работать можно» after work that named no trouble the parser knows
            parsed.no_blockers_stated = True
            continue
        if section == "blockers" or _states_blocker(text, context):
            self_blocker = _blocker_from(text)
            if self_blocker is not None:
                blocker, meanwhile = self_blocker
                parsed.blockers.append(blocker)
                planned = _PLANNED_THEN_STOPPED.match(text)
                if planned and section in ("yesterday", "today") and blocker["related_task_id"]:
                    # «сегодня EDU-55 — не могу начать, …»: EDU-55 is today's plan that the blocker stops
                    target_section = parsed.yesterday if section == "yesterday" else parsed.today
                    if blocker["related_task_id"] not in {i["task_id"] for i in target_section}:
                        target_section.append({"task_id": blocker["related_task_id"], "summary": planned.group(1)})
                if section != "blockers":
                    inferred.append(blocker)
                _add_meanwhile(parsed.today, meanwhile)
            continue
        if section is None:
            if sticky is not None and sticky_explicit and sticky != "blockers":
                section = sticky
            else:
                section = _verb_section(text) or (sticky if sticky != "blockers" else None) or "today"
        target = parsed.yesterday if section == "yesterday" else parsed.today
        items = _items(text)
        if (
            last is not None
            and last[0] == clause.sentence
            and last[1] is target
            and (_only_verbs(text) or (last_position == position - 1 and _continues(text, section)))
        ):
            # «API-640 — не работал ретрай, исправил»: a bare verb goes on with the item before it, not a new one
            for item in last[2]:
                item["summary"] = truncate(f"{item['summary']}, {_clean(text)}", MAX_TEXT_CHARS)
            continue
        target.extend(items)
        if any(item["task_id"] for item in items):
            last = (clause.sentence, target, items)
            last_position = position
    if inferred and _ALL_CLEAR_RE.search(message):
        # «жду ревью PAY-1. блокеров нет»: the author's explicit word outweighs a wait or a trouble the parser only
        # inferred from a clause outside a «Блокеры:» section — unless it stops the work (critical).
        parsed.blockers = [b for b in parsed.blockers if b["critical"] or not any(b is i for i in inferred)]
        parsed.no_blockers_stated = True
    _merge_inability(parsed)
    if len(_STATED) >= _STATED_MAX:
        _STATED.clear()
        _SHAPES.clear()
    _STATED[key] = parsed.no_blockers_stated
    items = parsed.yesterday + parsed.today
    _SHAPES[key] = (bool(parsed.yesterday), bool(parsed.today), any(i["task_id"] is None for i in items))
    return parsed


def _merge_inability(parsed: ParsedDaily) -> None:
    """«Сегодня: ничего не могу делать» beside a blocker with a cause («гитлаб упал») is that blocker's effect, not a
    blocker of its own: it goes, and the blockers it speaks of become critical (the member cannot go on)."""
    bare = [b for b in parsed.blockers if not b["related_task_id"] and _INABILITY_ONLY.match(b["text"])]
    causes = [b for b in parsed.blockers if not any(b is i for i in bare)]
    if bare and causes:
        parsed.blockers = causes
        for blocker in causes:
            blocker["critical"] = True


def _add_meanwhile(today: list[dict[str, Any]], meanwhile: list[dict[str, Any]]) -> None:
    """Work a blocker line names as going on meanwhile («…, пока делаю PAY-2») joins today's items; a task already
    planned keeps one item, which takes the mention's words when its own say nothing («сегодня PAY-2»)."""
    planned = {i["task_id"]: i for i in today}
    for item in meanwhile:
        known = planned.get(item["task_id"])
        if known is None:
            today.append(item)
        elif item["task_id"] and not _described(known) and _described(item):
            known["summary"] = truncate(f"{known['summary']}; {item['summary']}", MAX_TEXT_CHARS)


_MORE_OF_THE_DAY = re.compile(r"^(?:а\s+|и\s+)?(?:ещё|еще|также|плюс|заодно|also|plus)\b", re.IGNORECASE)


_PLANNED_THEN_STOPPED = re.compile(rf"^(?:{_YESTERDAY}|{_TODAY})\s+({_ID})\b", re.IGNORECASE)
_HEADER_WORD = re.compile(r"^\s*([A-Za-zА-Яа-яЁё]{4,10})\s*:")
_HEADER_WORDS = {"вчера": "Вчера", "сегодня": "Сегодня", "блокеры": "Блокеры", "today": "Today",
                 "yesterday": "Yesterday", "blockers": "Blockers"}  # fmt: skip


def _header_typo(sentence: str) -> str:
    """``sentence`` with a header word one letter off («Сеголня:», «Блокеоы:») written right."""
    word = _HEADER_WORD.match(sentence)
    if word is None or _HEADER.match(sentence):
        return sentence
    lower = word.group(1).lower()
    right = next((fixed for typo, fixed in _HEADER_WORDS.items() if _one_edit(lower, typo)), None)
    return f"{right}{sentence[word.end(1) :]}" if right else sentence


def _continues(text: str, section: str) -> bool:
    """Whether a clause without a task id right after a task's clause goes on with that task («HLP-15, fixed the
    timeout», «закрыл PAY-12, поправил валидацию суммы»): it names no time, no other activity of the day
    (:data:`_OTHER_ACTIVITY`) and no verb of the other section."""
    stripped = text.strip()
    if task_ids_in(stripped) or _starts_section(stripped) or _OTHER_ACTIVITY.match(stripped):
        return False
    if _MORE_OF_THE_DAY.match(stripped):  # «…, заодно посмотрел дашборд»: something else besides the task
        return False
    return _verb_section(stripped) in (None, section)


def _only_verbs(text: str) -> bool:
    """Whether a clause without a task id is only a verb or two («исправил», «буду чинить», «фикшу»)."""
    if task_ids_in(text):
        return False
    words = [w.lower() for w in _WORD.findall(text)]
    meaningful = [w for w in words if w not in _FILLER and w not in _VERB_FILLERS]
    return 0 < len(meaningful) <= 2 and all(_is_verb(w) for w in meaningful)


_VERB_FILLERS = _wordset("уже сам сама сами дальше быстро сейчас потом тоже утра утром вечером днём днем обеда сразу")
# Statuses that go on with the task before them («PAY-101 — WIP», «QA-380 passed»).
_STATUS_WORDS = _wordset(
    "done wip todo готово готов сделано progress passed failed merged closed testing работе ревью review"
)


def _is_verb(word: str) -> bool:
    return (
        word in _STATUS_WORDS
        or word in _PAST_VERBS
        or word in _FUTURE_WORDS
        or bool(_DEALT_WITH_RE.fullmatch(word))
        or (word not in _NOT_VERBS and bool(_PAST_SUFFIX.match(word)))
        or (len(word) > 4 and word.endswith(("ть", "ться", "шу", "жу", "ю")) and word not in _NOT_VERBS)
    )


def _informative(text: str) -> int:
    """Content words that say something specific (not «задачи», «работаю», «буду делать»)."""
    return sum(1 for word in _content_words(text) if word not in _GENERIC)


_TASK_NOUNS = _wordset(
    """задача задачи задачу задачей задачами задач таска таски таску таской таск тасками тикет тикета тикет
    спринт спринту спринта task ticket issue"""
)


# Nouns that name work in general: «задача TASK-7», «работа по TASK-7» say nothing of the task.  Verbs are not here:
# by the labelling rule (docs/scrum.md) any verb says what happens to the task, «делаю TASK-7» as much as the seed's
# own «начну TASK-15».
_NOT_DESCRIBING = _TASK_NOUNS | _wordset("работа работу работы работой")


def _described(item: dict[str, Any]) -> bool:
    """Whether a work item says something of its task besides the id (the labelling rule in docs/scrum.md): what
    was or will be done, with any verb («закрыл TASK-7», «делаю TASK-7»), what it is («TASK-7 — вёрстка») or its
    status («TASK-7 done», «TASK-7 — WIP»).  «TASK-7» alone after a header or a time word, or «задача TASK-7», is
    not described."""
    # «A/B», «CI/CD»: one word of its own, whose letters alone are too short to count
    text = _SLASHED.sub(r"\1\2", without_task_ids(item["summary"]))
    return any(_describes(w.lower()) for w in _WORD.findall(text))


_SLASHED = re.compile(r"\b([A-Za-zА-Яа-яЁё]{1,3})/([A-Za-zА-Яа-яЁё]{1,3})\b")


def _describes(word: str) -> bool:
    """Whether a (lower-case) word of an item says something of its task: not a filler, a task noun, a verb any
    task takes, a time word or a header («сегодня», «Блокеры») — but a status («done», «WIP», «в работе») does."""
    if len(word) < 2 or word.isdigit() or word in _FILLER or word in _NOT_DESCRIBING:
        return False
    if word in _STATUS_WORDS:
        return True
    return not (_YESTERDAY_RE.fullmatch(word) or _TODAY_RE.fullmatch(word) or _BLOCKER_WORDS_FULL.fullmatch(word))


def grade(parsed: ParsedDaily) -> str:
    """One of the five quality levels of seed 3.2.

    * EMPTY — not a word written;
    * TOO_SHORT — under two informative words and no task id, or bare task ids without both sections;
    * NO_TASKS_MENTIONED — no task id;
    * GREAT — yesterday and today both filled, every item tied to a task and described («TASK-7 — вёрстка»,
      «закрыл TASK-7»), every blocker tied to a task, blockers addressed (listed, or «блокеров нет»);
    * DETAIL_OK — the rest.
    """
    has_content = parsed.yesterday or parsed.today or parsed.blockers
    if parsed.words == 0 and not has_content:
        return "EMPTY"
    ids = parsed.task_ids()
    both_sections = bool(parsed.yesterday and parsed.today)
    if (parsed.informative_words < 2 and not ids) or (parsed.content_words == 0 and not both_sections):
        return "TOO_SHORT"
    if not ids:
        return "NO_TASKS_MENTIONED"
    items = parsed.yesterday + parsed.today
    # A task named twice («TASK-7 — вёрстка», later «делаю TASK-7») is described when one of its mentions is.
    described = {item["task_id"] for item in items if item["task_id"] and _described(item)}
    great = (
        parsed.yesterday
        and parsed.today
        and all(item["task_id"] in described for item in items)
        and (parsed.no_blockers_stated or parsed.blockers)
        and all(b["related_task_id"] for b in parsed.blockers)
    )
    return "GREAT" if great else "DETAIL_OK"


WEAK = frozenset({"EMPTY", "TOO_SHORT"})
"""Verdicts the backend answers with «Слишком общо…» (seed 4): no section question on top of that."""


def clarification_for(daily: dict[str, Any], quality: str = "DETAIL_OK", ask_missing: bool = True) -> dict[str, Any]:
    """The question to ask about ``daily``, or none.

    It names what is missing — today's plan, what was done (unless the daily is too weak to ask anything but a
    rewrite, ``EMPTY``/``TOO_SHORT``) — and the task of each blocker that names none.  It always ends with «?».
    ``ask_missing=False`` (an answer to a question already asked) asks only about blockers.
    """
    parts = []
    if ask_missing and quality not in WEAK:
        missing_y, missing_t = not daily["yesterday"], not daily["today"]
        if missing_y and missing_t:
            parts.append("В daily нет ни сделанного, ни плана: что ты сделал вчера и что планируешь сегодня?")
        elif missing_t:
            parts.append("В daily нет плана на сегодня: что планируешь сделать сегодня?")
        elif missing_y:
            parts.append("В daily не сказано, что сделано: что ты сделал вчера?")
    loose = [b for b in daily["blockers"] if not b.get("related_task_id")]
    known = [i["task_id"] for i in daily["today"] + daily["yesterday"] if i.get("task_id")]
    example = f" (например, {known[0]})" if known else ""  # an id the author wrote, never an invented one
    if len(loose) == 1:
        parts.append(
            f"К какой задаче относится блокер «{loose[0]['text']}»? Напиши её ID{example} — или это блокер без задачи?"
        )
    elif loose:
        texts = "; ".join(f"«{b['text']}»" for b in loose)
        parts.append(f"К каким задачам относятся блокеры: {texts}? Напиши ID по порядку{example} — или они без задачи?")
    if not parts:
        return {"needs_clarification": False, "question": ""}
    question = " ".join(parts)
    if len(question) > MAX_TEXT_CHARS:
        question = truncate(question, MAX_TEXT_CHARS - 1).rstrip("?") + "?"
    return {"needs_clarification": True, "question": question}


def daily_verdict(
    daily: dict[str, Any], message: str | None = None, ask_missing: bool = True, *, _parsed: ParsedDaily | None = None
) -> tuple[str, dict[str, Any]]:
    """``(quality, clarification)`` of a daily in seed 3.2's shape — the one verdict every path uses (offline
    parser, model answers, CLI, HTTP, Telegram), so the same daily gets the same verdict.

    ``message`` is the daily's text (its words count towards ``TOO_SHORT``); without it the items' own texts count.
    """
    texts = message
    if texts is None:
        texts = " ".join(
            [i["summary"] for i in daily["yesterday"] + daily["today"]] + [b["text"] for b in daily["blockers"]]
        )
    no_blockers = _stated(texts, message, _parsed)
    texts = readable(texts)
    parsed = ParsedDaily(
        yesterday=list(daily["yesterday"]),
        today=list(daily["today"]),
        blockers=list(daily["blockers"]),
        no_blockers_stated=no_blockers,
        content_words=len(_content_words(texts)),
        informative_words=_informative(texts),
        words=sum(1 for w in _WORD.findall(texts) if not _SECTION_WORD.fullmatch(w)),
    )
    quality = grade(parsed)
    return quality, clarification_for(daily, quality, ask_missing)


def _stated(texts: str, message: str | None, parsed: ParsedDaily | None) -> bool:
    """Whether blockers are addressed: the parser's own reading of ``message`` (one reading on every path)."""
    if message is None:
        return no_blockers_stated(texts)
    if parsed is not None:
        return parsed.no_blockers_stated
    known = _STATED.get(message)  # the verdict of a model's answer right after the parser read the same text
    return known if known is not None else parse(message).no_blockers_stated


_SHAPES: dict[str, tuple[bool, bool, bool]] = {}
"""``text_shape(message)`` of the texts read last (bounded, cleared with :data:`_STATED`)."""


def text_shape(message: str) -> tuple[bool, bool, bool]:
    """What the daily's own text holds, read by the parser: ``(said yesterday, said today, an item without a
    task)`` — for the verdict of a model's answer, which may leave out what the author wrote without an id."""
    shape = _SHAPES.get(message)
    if shape is None:
        parse(message)
        shape = _SHAPES[message]
    return shape


_STATED: dict[str, bool] = {}
"""``parse(message).no_blockers_stated`` of the texts read last (bounded), so the shared verdict does not read a
daily twice."""
_STATED_MAX = 512


def no_blockers_stated(text: str) -> bool:
    """Whether ``text`` says there are no blockers («блокеров нет», «Блокеры: -», «не блокер», «🚧 нет»)."""
    text = readable(text)
    if _NO_BLOCKERS_RE.search(text):
        return True
    for piece in _SENTENCES.split(text):
        piece = _BULLET.sub("", piece or "").strip()
        symbols = _LEADING_SYMBOLS.match(piece)
        hint = symbols and any(_EMOJI_SECTION.get(c) == "blockers" for c in symbols.group(0))
        if symbols:
            piece = piece[symbols.end() :]
        header = _HEADER.match(piece)
        if (hint or (header and header.group("b"))) and _NOTHING.match(piece[header.end() :] if header else piece):
            return True
        if (_BLOCKER_RE.search(piece) or _BLOCKER_WORDS_RE.search(piece)) and is_negated(piece):
            return True
        if NEGATED.search(piece):  # a denial in words of its own: «ничего не стопорит», «ни во что не упираюсь»
            return True
    return False


def _bounded(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``items`` without repeats, cut to the schema's :data:`MAX_ITEMS` (a pasted line must not make the output
    invalid)."""
    unique: dict[tuple[Any, ...], dict[str, Any]] = {}
    for item in items:
        unique.setdefault(tuple(sorted(item.items())), item)
    return list(unique.values())[:MAX_ITEMS]


def _finish(daily: dict[str, Any], ask_missing: bool = True) -> dict[str, Any]:
    """Seed 3.2's output for ``daily``: sections bounded, the clarification decided."""
    for section in ("yesterday", "today", "blockers"):
        daily[section] = _bounded(daily[section])
    return {"daily": daily, "clarification": clarification_for(daily, daily["quality"], ask_missing)}


def parse_daily(message: str, role: str) -> dict[str, Any]:
    """Seed 3.2's ``{"daily": ..., "clarification": ...}`` for a daily in INITIAL mode."""
    parsed = parse(message)
    daily = {
        "role": role,
        "yesterday": parsed.yesterday,
        "today": parsed.today,
        "blockers": parsed.blockers,
        "quality": "EMPTY",
    }
    output = _finish(daily)
    output["daily"]["quality"], output["clarification"] = daily_verdict(output["daily"], message, _parsed=parsed)
    return output


def merge_clarification(previous: dict[str, Any] | None, answer: str, role: str) -> dict[str, Any]:
    """Seed 3.2's output after the author answered a clarifying question (CLARIFICATION mode).

    With the previous daily: task ids in the answer go to the blockers that had none (in order when the counts
    match, else the first id to all); «без задачи» accepts them as they are; anything else asks again.  New
    sections in the answer («ещё сегодня …», «блокер: …») are added.  Without a previous daily the answer is
    parsed as a daily of its own.
    """
    if not previous:  # an answer without the daily it answers: read on its own, asked about its blockers only
        output = parse_daily(answer, role)
        output["clarification"] = clarification_for(output["daily"], output["daily"]["quality"], ask_missing=False)
        return output
    daily = {
        "role": role,
        "yesterday": [dict(i) for i in previous.get("yesterday", [])],
        "today": [dict(i) for i in previous.get("today", [])],
        "blockers": [dict(b) for b in previous.get("blockers", [])],
        "quality": previous.get("quality", "DETAIL_OK"),
    }
    loose = [b for b in daily["blockers"] if not b.get("related_task_id")]
    extra = parse(answer)
    missing_y, missing_t = not daily["yesterday"], not daily["today"]
    # A bare list of ids («TASK-1, TASK-2») answers the blocker question; words fill a missing section.
    fills = bool(extra.content_words) or not loose
    new_y, new_t = (list(extra.yesterday), list(extra.today)) if fills else ([], [])
    # The answer to «что планируешь сегодня?» needs no «сегодня» (and the one to «что сделал вчера?» no «вчера»).
    if missing_t and not missing_y and not _YESTERDAY_RE.search(answer):
        new_t, new_y = new_t + new_y, []
    elif missing_y and not missing_t and not _TODAY_RE.search(answer):
        new_y, new_t = new_y + new_t, []
    daily["yesterday"].extend(i for i in new_y if missing_y or (i["task_id"] and _YESTERDAY_RE.search(answer)))
    daily["today"].extend(i for i in new_t if missing_t or (i["task_id"] and _TODAY_RE.search(answer)))
    used = {i["task_id"] for i in new_y + new_t if i["task_id"]} if missing_y or missing_t else set()
    ids = [i for i in task_ids_in(answer) if i not in used]
    # Blockers the answer introduces as new ones (not an explanation of a pending one) are appended.
    if not loose:
        daily["blockers"].extend(extra.blockers)
    if loose and ids:
        pairs = zip(loose, ids, strict=False) if len(ids) == len(loose) else ((b, ids[0]) for b in loose)
        for blocker, task_id in pairs:
            blocker["related_task_id"] = task_id
    for blocker in loose:  # «…, без стенда не могу проверить интеграцию»: the explanation counts too
        blocker["critical"] = bool(blocker.get("critical")) or criticality(f"{blocker['text']}. {answer}")[0]
    quality, _ = daily_verdict(daily)
    daily["quality"] = max(str(daily["quality"]), quality, key=QUALITY_ORDER.index)
    output = _finish(daily, ask_missing=False)
    if declines_task(answer):
        output["clarification"] = {"needs_clarification": False, "question": ""}
    return output


def declines_task(answer: str) -> bool:
    """Whether an answer to «к какой задаче относится блокер?» says it belongs to none («без задачи»)."""
    return not task_ids_in(answer) and bool(_CLARIFY_NO_TASK.search(answer))
