"""Whether a blocker stops the work completely, read from the structure of what it says, not from phrase lists.

The labelling rule (docs/scrum.md) calls a blocker critical when the member (or others) cannot go on at all.  A
statement — a piece of the blocker's text between commas, dashes or sentence ends — says so when it has, by word
class:

* a **negated ability** (a negator: «не», «нельзя», «невозможно», «cannot», «can't», «unable»; or a negative pronoun:
  «никто», «ничего», «ни один», «никак», «nothing», «nobody») together with a **totality** marker («вообще»,
  «совсем», «полностью», «всё», «at all», «completely», «anything»; a negative pronoun is one itself) — «тестить
  вообще нечего», «собрать ничего нельзя», «cannot do anything without them».  With a degree word alone
  («вообще», «совсем») the negated word must be an ability («могу», «можем», «получается», «can»): «админы вообще
  не отвечают» is a wait, not a stop;
* **nothing left to do**: «нечего» / «нечем» («прогонять нечего»), or «другой/остальной/other/else» with an
  absence word and no trouble word («других задач нет», «nothing else»; «других проблем нет» says the opposite);
* **everyone stopped**: a whole group of people (a negative pronoun about people — «никто», «ни у кого», «ни один
  студент», «nobody» — or «все/вся/весь/всех/all/every» with a people noun — «вся маркетинговая команда», «у всех
  пользователей») with a negator or «без»: «логи не пишутся ни у кого», «вся команда без данных»; or a negative
  «who» that is, by its case, the object or target of a negated failure: «прокси не пускает никого», «деплой никому
  не доступен» (not «никто», the actor; not «никого нет»; not whom a person cannot reach: «никого не могу найти»);
* **the stakes at risk**: the release, the demo, the sprint goal, a launch, a deadline or a hand-in beside a word of
  risk or stop («под угрозой», «срывается», «сорвём», «блокирует», «at risk», «miss», «blocks»), not negated:
  «срывается демо», «сорвём сдачу ведомостей», «блокирует цель спринта»; or, read by morphology (the lemma of
  each reading, so every tense, aspect and person counts), the stakes as the subject of a verb of loss — they go
  away, slip, burn or fall through («релиз накрывается», «запуск уедет на январь», «сроки горят», «демо съезжает»)
  — or a negated verb of reaching them («цель спринта не достигнем», «не успеем к релизу», «не можем выкатить
  релиз», «we can't ship the release»).

A statement whose negator denies a stop — a negator right before a verb of standing or waiting («вся команда не
стоит», «никто не ждёт», «команда не заблокирована», «the team is not blocked») — tells no stop, whatever group it
names (session scrum28: «вся команда не стоит» was read as the whole team blocked).

A bearable or partial effect («частично», «пока можно работать», «обходной путь», «workaround») is not critical by
structure, nor is a statement that denies urgency («не критично»); the caller checks the member's own work-around.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from agentcore.text.first_char import compile_guarded
from agentcore.text.literal_gate import LiteralGate
from agentcore.text.morphology import morph_analyzer, parses
from agentcore.text.reading_memo import per_reading


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_WORD = re.compile(r"[a-zа-яё0-9]+(?:['’][a-z]+)?", re.IGNORECASE)
# Where one statement of a blocker's text ends: «стенд мёртвый, тестить вообще нечего».
_PIECE_END = re.compile(r"[,;.!?:()—–]|\s-\s|\s(?:а|но|but)\s", re.IGNORECASE)
_PIECE_SPLIT = re.compile(f"({_PIECE_END.pattern})", re.IGNORECASE)

_NEGATORS = _words("не нельзя невозможно not cannot can't cant unable impossible без without")
# Negative pronouns: each negates and says «none at all» in one word.
_NEGATIVE_PRONOUNS = _words(
    "никто никого никому ничего ничто ничем никак никуда нигде нечего нечем nothing nobody none noone"
)
_PEOPLE_NEGATIVE = _words("никто никого никому nobody noone")
_DEGREE = _words(
    "вообще совсем полностью целиком наглухо намертво всё all completely totally entirely fully anything anyone anybody"
)
_ABILITY_PREFIXES = (
    "мог", "мож", "смог", "смож", "получа", "получит", "выход", "удаёт", "удает", "удаст", "can", "able",
)  # fmt: skip
_ABILITY_NEGATORS = _words("нельзя невозможно cannot can't cant unable impossible")
_NOTHING_LEFT = _words("нечего нечем негде некуда")  # nothing, nothing to do it with, nowhere to do it
_TELLING = _words("report add say share mention tell добавить сказать рассказать сообщить")
_OTHER = ("друг", "остальн", "other", "else")
_ABSENCE = _words("нет нету nothing no none")
_TROUBLE_PREFIXES = ("проблем", "блок", "затык", "помех", "problem", "issue", "block", "impediment")
_ALL = _words("все всё вся весь всех всей всю всем всеми all every everyone everybody whole")
_PEOPLE_PREFIXES = (
    "команд", "отдел", "пользовател", "клиент", "студент", "юзер", "покупател", "коллег", "разработчик",
    "тестировщик", "qa", "team", "user", "customer", "client", "people", "everyone", "everybody",
)  # fmt: skip
_STAKE_PREFIXES = (
    "релиз", "демо", "запуск", "дедлайн", "сдач", "release", "demo", "launch", "deadline",
    "зарплат", "выплат", "payroll",  # what people are owed: «зарплата сотрудникам под угрозой»
)  # fmt: skip
# risk, or the stop itself: the stakes «под угрозой», «срывается», «блокирует цель спринта», «blocks the release»
_RISK_PREFIXES = (
    "угроз", "срыва", "сорв", "risk", "jeopard", "miss", "провал",
    "блокир", "заблокир", "blocks", "blocking", "blocked",
    "gone", "lost", "doomed", "danger",  # «the sprint goal is gone», «the launch is in danger»
    "showstop", "стоппер", "stopper",  # «a showstopper for the launch», «стоппер для релиза» (session sb)
)  # fmt: skip
_NOT_BEFORE = _words("не not no")  # «не под угрозой», «not at risk»
# The stakes read by morphology (session scrum28): the lemma of a verb whose subject the stakes are and which says
# they are lost, moved or falling through — any tense, aspect or person («накрывается», «накрылся», «уедет»,
# «съезжает», «горят», «слетит»).
_STAKE_LOSS = _words(
    "накрыться накрываться уехать уезжать съехать съезжать поехать поплыть уплыть уплывать сдвинуться сдвигаться "
    "слететь слетать полететь сгореть гореть рухнуть рушиться провалиться проваливаться сорваться срываться "
    "отложиться откладываться перенестись переноситься задержаться задерживаться затянуться затягиваться сползти "
    "сползать застрять встать стоять висеть повиснуть горящий стопориться застопориться тормозиться"
)
# Reaching the stakes: negated, the stakes are missed («не достигнем», «не успеем», «не выкатим», «can't ship»).
_STAKE_REACH = _words(
    "успеть успевать достигнуть достичь достигать выпустить выпускать выкатить выкатывать сдать сдавать показать "
    "зарелизить релизить выполнить уложиться попасть запустить опубликовать закрыть закрывать довезти вытянуть "
    "ship make meet hit deliver release launch finish close"
)
_ENGLISH_LOSS = ("slip", "delay", "postpon", "pushed")  # «the release slips», «launch delayed»
_STAKE_EXTRA = (
    "срок",
    "открыти",
    "премьер",
    "презентаци",
    "выкатк",
    "вебинар",
    "webinar",
    "presentation",
    "pitch",
)  # «сроки горят», «открытие продаж накрывается»
# The stakes will not be («релиза не будет», «демо не состоится», «релиз не выйдет»).
_STAKE_EXIST = _words("быть состояться выйти получиться")
_REACH_NEGATORS = _words("не not cannot can't cant won't wont unable")
# A negator before a verb of standing or waiting denies the stop: «вся команда не стоит», «никто не ждёт».
_STOP_LEMMAS = _words("стоять встать простаивать ждать блокировать заблокировать застрять тормозить стопорить мешать")
_ENGLISH_STOPS = ("block", "stuck", "wait", "stand", "idle")
_SPRINT_GOAL = re.compile(r"\bцел[иьюея]\w*\s+спринта|\bsprint\s+goal", re.IGNORECASE)
# Behind its literal gate (session sp4): a clause without one of its words is turned away by a case-sensitive scan of
# the folded text, most of them already folded by the gates before it.
_BEARABLE = LiteralGate(
    re.compile(
        r"\b(?:частичн\w*|partial\w*|partly|обходн\w*|workaround\w*|work\s+around|(?:пока\s+)?можно\s+работать|"
        r"работать\s+можно|жить\s+можно|терпимо|не\s+критичн\w*|не\s+срочн\w*|некритичн\w*|несрочн\w*)",
        re.IGNORECASE,
    )
)

# The role of a «who» pronoun by its case (read by morphology): «никто» (nominative) is the one who does not act,
# «никого»/«никому» (accusative, dative) the one the failure reaches; after «ни» a preposition tells it:
# «ни у кого», «ни для кого» — the scope of a failure; «ни от кого», «ни с кем» — a source or partner (a wait).
_TARGET_CASES = frozenset({"accs", "datv"})
_SCOPE_PREPOSITIONS = frozenset({"у", "для"})
_WHO_FORMS = frozenset({"кого", "кому"})
_BE_FORMS = ("был", "быв", "буд", "есть")  # «не было никого» is nobody there (a wait), not a failure for all

REASON_STOPPED = "stopped"
REASON_TEAM = "team"
REASON_RELEASE = "release"


def _starts(word: str, prefixes: tuple[str, ...]) -> bool:
    return word.startswith(prefixes)


@lru_cache(maxsize=8192)
def _lemmas(word: str) -> frozenset[str]:
    """The normal forms of every morphological reading of a lower-case ``word`` (the word itself for a word
    pymorphy3 does not read: Latin letters, or without pymorphy3)."""
    if morph_analyzer() is None or not ("а" <= word[0] <= "я" or word[0] == "ё"):
        return frozenset((word,))
    return frozenset(parse.normal_form for parse in parses(word))


def _denies_stop(words: list[str]) -> bool:
    """Whether a negator stands right before a verb of standing or waiting: «вся команда не стоит», «никто не
    ждёт», «команда не заблокирована», «the team isn't blocked», «we are not stuck»."""
    for i, word in enumerate(words[:-1]):
        following = words[i + 1]
        if word == "не" and _lemmas(following) & _STOP_LEMMAS:
            return True
        if word in ("not", "isn't", "aren't", "isnt", "arent") and following.startswith(_ENGLISH_STOPS):
            return True
    return False


@per_reading()
def without_denied_stops(text: str) -> str:
    """``text`` with every statement that denies a stop (:func:`_denies_stop`) blanked: «стенд тормозит, но вся
    команда не стоит» → «стенд тормозит, …».  Kept per text while one daily is read (not across dailies): a blocker
    clause is screened for a denial (``blocker_clauses.trouble_denied``) and then read for criticality
    (``blocker_reading.criticality``) — one pass serves both."""
    if "не" not in text.lower() and "not" not in text.lower() and "n't" not in text.lower():
        return text
    parts = _PIECE_SPLIT.split(text)  # statements at even places, their boundaries at odd ones
    for i in range(0, len(parts), 2):
        words = [w.lower() for w in _WORD.findall(parts[i])]
        if words and _denies_stop(words):
            parts[i] = " " * len(parts[i])
    return "".join(parts)


DELIVER = _words(
    "дать выдать отдать передать прислать выслать скинуть выложить ответить согласовать подтвердить предоставить"
)
"""The lemmas of delivering something the member waits for — the one list: «маркетинг не дал тексты» (a dependency
unmet, :func:`~agentcore.apps.scrum.daily_parser.blocker_clauses.dependency_unmet`), «админы не могут выдать
доступ» (a service, :data:`_SERVICE`)."""
# Verbs by which others act *for* the member: «админы не могут выдать доступ до среды» is a wait, not others stopped.
_SERVICE = DELIVER | _words(
    "выделить починить поднять посмотреть подсказать объяснить сделать найти give grant send answer approve provide "
    "review fix help"
)
# Verbs of another party's decision: «заказчики не могут определиться», «клиент не может решить» — a wait on their
# answer, not others stopped (read by lemma, as the service verbs).
_DECIDE = _words("определиться решить выбрать договориться утвердить решиться decide choose agree")
_ENGLISH_PEOPLE_ENDINGS = ("ers", "ors", "ists", "ians")  # «the dispatchers», «testers», «editors», «pharmacists»
_QUANTIFIER_FORMS = _words("один одна одно одного одной одну")


def _people_group(word: str) -> bool:
    """Whether ``word`` can name a group of people: a people word («команда», «клиенты», «QA»), a Russian plural
    animate noun in the nominative by morphology («кондукторы», «пассажиры», «тестировщики»), or an English plural of
    a person («dispatchers», «testers»)."""
    if _starts(word, _PEOPLE_PREFIXES):
        return True
    if "а" <= word[0] <= "я" or word[0] == "ё":
        return any({"NOUN", "anim", "plur", "nomn"} <= tag for tag in _tags(word))
    return word.endswith(_ENGLISH_PEOPLE_ENDINGS)


def _others_cannot(words: list[str], negators: list[int]) -> bool:
    """Whether others cannot do their own work (session scrum28): a negated ability («не могут», «can't») after a
    group of people («тестировщики не могут проверить», «the dispatchers can't see») whose verb is not a service
    done for the member («админы не могут выдать доступ» — a wait), or a negated ability whose object is «ни один
    <person>» («колл-центр не может дозвониться ни до одного клиента»): no one is served."""
    for i in negators:
        word = words[i]
        if word in ("не", "not") and i + 1 < len(words) and _starts(words[i + 1], _ABILITY_PREFIXES):
            verb_at = i + 2
        elif word in ("cannot", "can't", "cant"):
            verb_at = i + 1
        else:
            continue
        verb = words[verb_at] if verb_at < len(words) else ""
        if not verb or _lemmas(verb) & _DECIDE:
            continue
        # a service done for the member is a wait; one done for the public is others' own work stopped
        # («поддержка не может ответить клиентам», «кассы не могут выдать чеки покупателям»)
        if _lemmas(verb) & _SERVICE and not _for_the_public(words[verb_at + 1 : verb_at + 4]):
            continue
        if any(_people_group(w) for w in words[max(0, i - 3) : i]) or _none_of_people(words[verb_at + 1 : verb_at + 7]):
            return True
        if word == "не" and any(_collective_actor(w, words[i + 1], verb) for w in words[max(0, i - 3) : i]):
            return True
    return False


# The public a business serves (session scrum31): a service verb done for them is the business stopped, not a wait.
_PUBLIC_PREFIXES = (
    "клиент", "пользовател", "покупател", "пациент", "студент", "юзер", "абонент", "посетител", "пассажир",
    "customer", "user", "client", "buyer", "patient", "student",
)  # fmt: skip


def _for_the_public(words: list[str]) -> bool:
    """Whether ``words`` (what follows a verb) name the public as a group the act is for: a Russian plural of
    :data:`_PUBLIC_PREFIXES` in the dative or accusative by morphology («клиентам», «покупателей»), or an English
    plural («customers»)."""
    for word in words:
        if not _starts(word, _PUBLIC_PREFIXES):
            continue
        if word.isascii():
            return word.endswith("s")
        if any("plur" in tag and ("datv" in tag or "accs" in tag) for tag in _tags(word)):
            return True
    return False


def _collective_actor(subject: str, ability: str, verb: str) -> bool:
    """Whether ``subject`` «не может» ``verb`` tells a singular collective of people who cannot do their work
    (session scrum30: «смена не может работать», «бухгалтерия не может закрыть месяц»): a Russian noun that can be
    singular nominative (within three words before the negator), agreeing with a third-person singular ability,
    and a verb of acting on the world — not reflexive («сервер не может подключиться» tells a thing that fails, not
    people who stop)."""
    if not ("а" <= subject[0] <= "я") or verb.endswith(("ся", "сь")) or not ability.startswith(("может", "смож")):
        return False
    return any({"NOUN", "sing", "nomn"} <= tag for tag in _tags(subject))


def _none_of_people(words: list[str]) -> bool:
    """Whether ``words`` (what follows a negated ability's verb) hold «ни (до) одного <person>»: «дозвониться ни до
    одного клиента», «записать ни одного пациента» — no one is served; not «найти ни одного примера» (a thing)."""
    for k, word in enumerate(words):
        if word != "ни":
            continue
        after = words[k + 1 : k + 4]
        at = next((j for j, w in enumerate(after) if w in _QUANTIFIER_FORMS), None)
        if at is not None and at + 1 < len(after):
            noun = after[at + 1]
            if _starts(noun, _PEOPLE_PREFIXES) or any({"NOUN", "anim"} <= tag for tag in _tags(noun)):
                return True
    return False


def _stake_missed(words: list[str]) -> bool:
    """Whether a statement that names the stakes says they are lost or missed, by the lemmas of its verbs (see the
    module docstring): a verb of loss not negated, or a verb of reaching them negated (an ability between: «не можем
    выкатить»)."""
    for i, word in enumerate(words):
        if word.startswith(_ENGLISH_LOSS) or _lemmas(word) & _STAKE_LOSS:
            if not _NOT_BEFORE.intersection(words[max(0, i - 2) : i]):
                return True
        elif _lemmas(word) & _STAKE_REACH:
            before = words[max(0, i - 3) : i]
            if _REACH_NEGATORS.intersection(before):
                return True
            # the ability after the verb: «выкатить релиз не можем», «ship it we cannot»
            after = words[i + 1 : i + 4]
            if any(
                w == "не" and k + 1 < len(after) and _starts(after[k + 1], _ABILITY_PREFIXES)
                for k, w in enumerate(after)
            ) or {"cannot", "can't"}.intersection(after):
                return True
        elif word == "не" and i + 1 < len(words) and _lemmas(words[i + 1]) & _STAKE_EXIST:
            # the stakes will not be: «релиза сегодня не будет», «демо не состоится» — not «не будет задет»
            following = words[i + 2] if i + 2 < len(words) else ""
            if not (following and any("PRTS" in tag or "PRTF" in tag for tag in _tags(following))):
                return True
    return False


def bearable(text: str) -> bool:
    """Whether ``text`` tells a bearable or partial effect («частично», «пока можно работать», «обходной путь»,
    «workaround», «терпимо») or denies urgency («не критично»): then it tells no complete stop, whatever else it
    says."""
    return _BEARABLE.search(text) is not None


@lru_cache(maxsize=4096)
def _tags(word: str) -> tuple[frozenset[str], ...]:
    """The grammemes of each morphological reading of a Russian ``word`` (none without pymorphy3)."""
    return tuple(frozenset(parse.tag.grammemes) for parse in parses(word))


def _actor_case(word: str) -> bool:
    """Whether a negative «who» pronoun can be the actor: nominative («никто»), or unknown to morphology («nobody»).
    «никого не могу найти», «никому не могу передать» are the member's own wait, not nobody able."""
    tags = _tags(word) if word.startswith("ни") else ()
    return not tags or any("nomn" in tag for tag in tags)


def _someone_acts(words: list[str], skip: int) -> bool:
    """Whether a person is the actor of the statement: a verb in the first or second person («никого не могу
    найти» — the member's own wait), or a person in the nominative («админы никому не отвечают» — others not
    acting, a wait).  ``skip`` is the negative pronoun's own index."""
    for i, word in enumerate(words):
        if i == skip or not ("а" <= word[0] <= "я" or word[0] == "ё"):
            continue
        tags = _tags(word)
        if not tags:
            continue
        first = tags[0]
        if "VERB" in first and ("1per" in first or "2per" in first):
            return True
        if "nomn" in first and (("NOUN" in first and "anim" in first) or "NPRO" in first):
            return True
    return False


def _failure_for_nobody(words: list[str]) -> bool:
    """Whether a negative «who» pronoun is the object or target of a negated failure — «VPN не пускает никого»,
    «деплой никому не доступен», «стенд ни для кого не открывается»: no one of the group gets through.  Read by
    its case (morphology), not by phrases: «никто» in the nominative is the actor (the ability rule reads it),
    «никого нет»/«не было никого» (nobody there) and the member's or others' own acting are a wait."""
    negated = any(
        w in ("не", "без") and not (i + 1 < len(words) and words[i + 1].startswith(_BE_FORMS))
        for i, w in enumerate(words)
    )
    if not negated:
        return False
    for i, word in enumerate(words):
        if word in _PEOPLE_NEGATIVE and word.startswith("ни"):
            cases = set().union(*_tags(word)) if _tags(word) else set()
            target = bool(cases & _TARGET_CASES) and "nomn" not in cases
        elif word in _WHO_FORMS and i >= 2 and words[i - 2] == "ни":
            target = words[i - 1] in _SCOPE_PREPOSITIONS
        else:
            continue
        if target and not _someone_acts(words, i):
            return True
    return False


# A whole unit at a standstill (session scrum31): a noun in the nominative — a place, a department, a shift, a line
# («склад стоит», «лаборатория стоит с восьми утра», «кассы стоят», «цех встал») — with a verb of standing still by
# its lemma that agrees with it in number.  Not what a task, a question or a review does («задача стоит», «вопрос
# стоит», «ревью стоит»: a wait on it), not «стоит» as «is worth» or «costs» (an infinitive or a number after it:
# «стоит обновить», «стоит 100»), nor a place or a queue («стоит на ревью», «стоит в очереди»).
_STANDSTILL = _words("стоять встать простаивать остановиться")
_NOT_A_UNIT = _words(
    "задача таска таск тикет вопрос проблема ревью мерж мердж реквест пулл-реквест мр пр фича ветка цель релиз"
)
_PLACED = _words("на в во за у перед после под над около возле рядом при")


# The forms of the verbs of standing still start so (a pre-check before the morphology: most statements have none).
_STANDSTILL_STARTS = ("сто", "вста", "простаив", "останов")


def _unit_stands(words: list[str]) -> bool:
    """Whether a statement tells a whole unit at a standstill (:data:`_STANDSTILL`), read by morphology."""
    if not any(word.startswith(_STANDSTILL_STARTS) for word in words):
        return False
    for i, word in enumerate(words):
        if i == 0 or not ("а" <= word[0] <= "я" or word[0] == "ё") or not _lemmas(word) & _STANDSTILL:
            continue
        numbers = {n for tag in _tags(word) if "VERB" in tag and ("3per" in tag or "past" in tag) for n in
                   ("sing", "plur") if n in tag}  # fmt: skip
        after = words[i + 1] if i + 1 < len(words) else ""
        if not numbers or _NOT_BEFORE.intersection(words[i - 1 : i]) or after in _PLACED or after.isdigit():
            continue
        if after and any("INFN" in tag for tag in _tags(after)):
            continue
        for subject in words[max(0, i - 3) : i]:
            if not ("а" <= subject[0] <= "я" or subject[0] == "ё") or _lemmas(subject) & _NOT_A_UNIT:
                continue
            if any({"NOUN", "nomn"} <= tag and numbers & tag for tag in _tags(subject)):
                return True
    return False


# A deadline due today (session scrum31): the stakes named with today («релиз в App Store сегодня», «срок подачи
# сегодня», «demo is today») or a time of day the work is due by («сдача в 18:00», «к обеду», «by EOD»), and in the
# same blocker the member cannot get it done — a negated ability («собрать билд не можем», «can't»), a negated
# perfective verb of the future or an infinitive («без них не сверстаю», «отправить не выйдет»), «нечем», «нельзя».
_TODAY_WORDS = _words("сегодня today tonight завтра tomorrow")  # due now or next: «релиз завтра, а сборка падает»
_DUE_BY = compile_guarded(
    r"\b(?:в|к|до|by|at|before)\s+\d{1,2}(?::\d\d|\s*(?:am|pm)\b)|\b(?:к|до)\s+(?:обеду|обеда|вечеру|вечера|концу\s+дня|"
    r"конца\s+дня)\b|\bby\s+(?:eod|noon|end\s+of\s+(?:the\s+)?day|tonight)\b",
    re.IGNORECASE,
)
# A pre-check built from the same words: today (:data:`_TODAY_WORDS`) or any piece of :data:`_DUE_BY`.
_DUE_HINT = compile_guarded(
    r"сегодня|today|tonight|завтра|tomorrow|\d|обед|вечер|конц|eod|noon|end\s+of", re.IGNORECASE
)
_CANNOT_WORDS = _words("нельзя невозможно нечем нечего cannot can't cant unable")


def _stake_today(words: list[str]) -> bool:
    """Whether a statement names the stakes with today, not denied («релиз сегодня»; not «релиз не сегодня»)."""
    today = [i for i, w in enumerate(words) if w in _TODAY_WORDS and not _NOT_BEFORE.intersection(words[i - 1 : i])]
    return bool(today) and any(_starts(w, _STAKE_PREFIXES) or _starts(w, _STAKE_EXTRA) for w in words)


# What the due work needs is down (an environment, a tool): «демо завтра, а стенд мёртвый», «staging is dead».
_DOWN_WORDS = _words("dead down broken лежит упал упала упало умер умерла умерло сдох сдохла сломан сломана сломано")


def _cannot_make_it(words: list[str]) -> bool:
    """Whether a statement says the member cannot get the work done (see :data:`_DUE_BY`), or that what it needs is
    down (:data:`_DOWN_WORDS`, «не работает»)."""
    if _CANNOT_WORDS.intersection(words) or _DOWN_WORDS.intersection(words):
        return True
    for i, word in enumerate(words[:-1]):
        if word not in ("не", "not"):
            continue
        following = words[i + 1]
        if _starts(following, _ABILITY_PREFIXES) or (i > 0 and _starts(words[i - 1], _ABILITY_PREFIXES)):
            return True
        if following.startswith(("работает", "работают", "working")):
            return True
        if any(("INFN" in tag or "futr" in tag) and "perf" in tag for tag in _tags(following)):
            return True
        # what the work needs does not function now, whatever the verb (session sb): «стенд не открывается»,
        # «выгрузка не приходит» — a present verb in the third person, by morphology
        tags = _tags(following)
        if tags and {"VERB", "pres", "3per"} <= tags[0]:
            return True
    # what the work needs is absent when due: «а выгрузки до сих пор нет» (not an absence of trouble: «проблем нет»)
    return bool(_ABSENCE.intersection(words)) and not any(_starts(w, _TROUBLE_PREFIXES) for w in words)


def deadline_today_missed(text: str) -> bool:
    """Whether ``text`` (a blocker) tells a deadline due today that the member cannot make (:data:`_DUE_BY`,
    :func:`_stake_today`, :func:`_cannot_make_it`):
    the stakes at risk, whichever statement of the blocker says which."""
    if not _DUE_HINT.search(text):
        return False  # neither today nor a time of day: most blockers
    pieces = [[w.lower() for w in _WORD.findall(piece)] for piece in _PIECE_END.split(text)]
    pieces = [words for words in pieces if words and not _denies_stop(words)]
    # a time of day is read in the whole text: the piece ends split «18:00»
    due = _DUE_BY.search(text) is not None or any(_stake_today(words) for words in pieces)
    return due and any(_cannot_make_it(words) for words in pieces)


def _piece_effect(piece: str) -> str:
    """The kind of complete stop one statement tells (``REASON_*``), or ``""``."""
    words = [w.lower() for w in _WORD.findall(piece)]
    if not words or _denies_stop(words):
        return ""
    if _unit_stands(words):
        return REASON_TEAM
    negators = [i for i, w in enumerate(words) if w in _NEGATORS or w in _NEGATIVE_PRONOUNS]
    if not negators:
        return _stakes_or_nothing_left(piece, words)
    if _others_cannot(words, negators):
        return REASON_TEAM
    # a negator that is an ability itself («нельзя», «cannot»), or one next to an ability word («не может»)
    ability = any(
        words[i] in _ABILITY_NEGATORS
        or (i + 1 < len(words) and _starts(words[i + 1], _ABILITY_PREFIXES))
        or (i > 0 and words[i] in ("не", "not") and _starts(words[i - 1], _ABILITY_PREFIXES))
        for i in negators
    )
    # nobody *able* is a stop; nobody *acting* («никто не смотрит») is a wait
    people_none = [w for w in words if w in _PEOPLE_NEGATIVE]
    # a negative quantifier over a group: «ни один …», «none of …» (its ability may come later: «none of the vets
    # can open …» — «none» negates the «can»)
    quantifier = [
        i
        for i, (w, nxt) in enumerate(pairwise(words))
        if (w == "ни" and nxt in ("один", "одна", "одного", "одной")) or (w == "none" and nxt == "of")
    ]
    agent_none = any(_actor_case(w) for w in people_none) or bool(quantifier)
    ability = ability or any(
        words[i] == "none" and any(_starts(w, _ABILITY_PREFIXES) for w in words[i + 2 :]) for i in quantifier
    )
    # a failure for every one of a group («ни у кого», «у всей команды», «вся команда без данных»)
    scope_all = (
        "ни у кого" in piece.lower()
        or any(
            w in _ALL and any(_starts(n, _PEOPLE_PREFIXES) for n in words[i + 1 : i + 4]) for i, w in enumerate(words)
        )
        or ((people_none or "ни" in words) and _failure_for_nobody(words))
    )
    if scope_all or (agent_none and ability):
        return REASON_TEAM
    kind = _stakes_or_nothing_left(piece, words)
    if kind:
        return kind
    # «никого»/«никому» beside an ability is whom the member cannot reach («никого не могу найти»): a wait
    pronoun = any(w in _NEGATIVE_PRONOUNS and (w not in _PEOPLE_NEGATIVE or _actor_case(w)) for w in words)
    degree = any(w in _DEGREE for w in words) or "at all" in piece.lower()
    if ability and (pronoun or degree):
        return REASON_STOPPED
    return REASON_STOPPED if _nothing_possible(words) else ""


# Nothing can be done, told without an ability word (session sb, dev28): a negative pronoun of things or places —
# one word («ничего», «никуда») or split by a preposition («ни к чему», «ни во что», «ни на чём») — and a negated
# infinitive with no verb of its own before it, the impersonal «it cannot be done» («ни к чему не подключиться»,
# «ничего не собрать», «никуда не выкатить»).  Not a person («ни с кем не связаться», «никому не дозвониться» — whom
# the member cannot reach is a wait) and not a finite verb («ничего не жду» denies).
_THING_PRONOUNS = _words("ничего ничем никуда нигде ничто")
_THING_FORMS = _words("что чему чем чём чего")


def _nothing_possible(words: list[str]) -> bool:
    things = [i for i, w in enumerate(words) if w in _THING_PRONOUNS]
    things += [i + 2 for i, w in enumerate(words[:-2]) if w == "ни" and words[i + 2] in _THING_FORMS]
    if not things:
        return False
    for i, word in enumerate(words[:-1]):
        if word != "не" or not any(abs(i - t) <= 3 for t in things):
            continue
        tags = _tags(words[i + 1])
        if (
            tags
            and "INFN" in tags[0]
            and not any("VERB" in t[0] for t in (_tags(w) for w in words[:i] if w not in _THING_PRONOUNS) if t)
        ):
            return True
    return False


def _stakes_or_nothing_left(piece: str, words: list[str]) -> str:
    """``REASON_RELEASE`` for the stakes at risk, ``REASON_STOPPED`` for nothing left to do, else ``""``."""
    stake = any(_starts(w, _STAKE_PREFIXES) for w in words) or bool(_SPRINT_GOAL.search(piece))
    risk = [i for i, w in enumerate(words) if _starts(w, _RISK_PREFIXES)]
    # «под большим вопросом», «под вопросом»: the stakes in doubt
    risk += [i for i, w in enumerate(words) if w == "вопросом" and "под" in words[max(0, i - 2) : i]]
    if stake and any(not _NOT_BEFORE.intersection(words[max(0, i - 2) : i]) for i in risk):
        return REASON_RELEASE
    if (stake or any(_starts(w, _STAKE_EXTRA) for w in words)) and _stake_missed(words):
        return REASON_RELEASE
    if any(w in _NOTHING_LEFT for w in words):
        return REASON_STOPPED
    # «других задач нет», «nothing else»; «больше … ничего нет» (not «доступа больше нет»: no «ничего», a lack);
    # nothing else to tell is no work left undone («nothing else to report», «больше нечего добавить»)
    if (
        (
            any(_starts(w, _OTHER) for w in words)
            # «больше … ничего нет», «больше задач у меня нет» (not «доступа больше нет»: a lack, not no work)
            or ("больше" in words and any(w == "ничего" or w.startswith(("задач", "работ")) for w in words))
        )
        and (any(w in _ABSENCE for w in words) or _negated_being(words))
        and not any(_starts(w, _TROUBLE_PREFIXES) for w in words)
        and not _TELLING.intersection(words)
    ):
        return REASON_STOPPED
    return ""


# Absence told by a negated verb of being or remaining, by its lemma (session sb, dev28): «других задач у меня не
# осталось», «больше ничего не нашлось» (not «не было»: what was is over); English by the words of :data:`_ABSENCE`.
_BEING_LEMMAS = _words("остаться оставаться иметься найтись")


def _negated_being(words: list[str]) -> bool:
    return any(
        word == "не" and any(p.normal_form in _BEING_LEMMAS and "VERB" in p.tag.grammemes for p in parses(nxt))
        for word, nxt in pairwise(words)
    )


# A cheap pre-check before the morphology: some stake's prefix is in the text (built from the same tuples, so a stake
# added there is never skipped here), behind its literal gate: tried on the folded text as one case-sensitive trie, not
# as dozens of case-folding alternatives at every position.
_STAKE_HINT = LiteralGate(re.compile("|".join((*_STAKE_PREFIXES, *_STAKE_EXTRA, "спринт", "sprint")), re.IGNORECASE))


def stakes_missed(text: str) -> bool:
    """Whether a statement of ``text`` tells the stakes lost or missed (see the module docstring) — «релиз 1 декабря
    уезжает», «открытие продаж накрывается», «цель спринта не достигнем»: a trouble whatever other words the
    clause has.  Behind a literal pre-check: most clauses name no stakes."""
    if not _STAKE_HINT.search(text):
        return False
    return any(
        _stakes_or_nothing_left(piece, [w.lower() for w in _WORD.findall(piece)]) == REASON_RELEASE
        for piece in _PIECE_END.split(text)
    )


def complete_stop(text: str) -> str:
    """The kind of complete stop ``text`` (a blocker's text) tells by its structure — ``REASON_TEAM`` (everyone
    stopped), ``REASON_RELEASE`` (the stakes at risk), ``REASON_STOPPED`` (no way on, nothing left to do) — or
    ``""`` (see the module docstring)."""
    if bearable(text):
        return ""
    for piece in _PIECE_END.split(text):
        kind = _piece_effect(piece)
        if kind:
            return kind
    return REASON_RELEASE if deadline_today_missed(text) else ""
