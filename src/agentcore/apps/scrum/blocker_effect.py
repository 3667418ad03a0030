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
  пользователей») with a negator or «без»: «логи не пишутся ни у кого», «вся команда без данных»;
* **the stakes at risk**: the release, the demo, the sprint goal, a launch, a deadline or a hand-in beside a word of
  risk or stop («под угрозой», «срывается», «сорвём», «блокирует», «at risk», «miss», «blocks»), not negated:
  «срывается демо», «сорвём сдачу ведомостей», «блокирует цель спринта».

A bearable or partial effect («частично», «пока можно работать», «обходной путь», «workaround») is not critical by
structure, nor is a statement that denies urgency («не критично»); the caller checks the member's own work-around.
"""

from __future__ import annotations

import re
from itertools import pairwise


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_WORD = re.compile(r"[a-zа-яё0-9]+(?:['’][a-z]+)?", re.IGNORECASE)
# Where one statement of a blocker's text ends: «стенд мёртвый, тестить вообще нечего».
_PIECE_END = re.compile(r"[,;.!?:()—–]|\s-\s|\s(?:а|но|but)\s", re.IGNORECASE)

_NEGATORS = _words("не нельзя невозможно not cannot can't cant unable impossible без without")
# Negative pronouns: each negates and says «none at all» in one word.
_NEGATIVE_PRONOUNS = _words(
    "никто никого никому ничего ничто ничем никак никуда нигде нечего нечем nothing nobody none noone"
)
_PEOPLE_NEGATIVE = _words("никто никого никому nobody noone")
_DEGREE = _words("вообще совсем полностью целиком наглухо намертво всё all completely totally entirely fully anything")
_ABILITY_PREFIXES = (
    "мог", "мож", "смог", "смож", "получа", "получит", "выход", "удаёт", "удает", "удаст", "can", "able",
)  # fmt: skip
_ABILITY_NEGATORS = _words("нельзя невозможно cannot can't cant unable impossible")
_NOTHING_LEFT = _words("нечего нечем")
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
)  # fmt: skip
# risk, or the stop itself: the stakes «под угрозой», «срывается», «блокирует цель спринта», «blocks the release»
_RISK_PREFIXES = (
    "угроз", "срыва", "сорв", "risk", "jeopard", "miss", "провал",
    "блокир", "заблокир", "blocks", "blocking", "blocked",
)  # fmt: skip
_NOT_BEFORE = _words("не not no")  # «не под угрозой», «not at risk»
_SPRINT_GOAL = re.compile(r"\bцел[иьюея]\w*\s+спринта|\bsprint\s+goal", re.IGNORECASE)
_BEARABLE = re.compile(
    r"\b(?:частичн\w*|partial\w*|partly|обходн\w*|workaround\w*|work\s+around|(?:пока\s+)?можно\s+работать|"
    r"работать\s+можно|жить\s+можно|терпимо|не\s+критичн\w*|не\s+срочн\w*|некритичн\w*|несрочн\w*)",
    re.IGNORECASE,
)

REASON_STOPPED = "stopped"
REASON_TEAM = "team"
REASON_RELEASE = "release"


def _starts(word: str, prefixes: tuple[str, ...]) -> bool:
    return word.startswith(prefixes)


def _piece_effect(piece: str) -> str:
    """The kind of complete stop one statement tells (``REASON_*``), or ``""``."""
    words = [w.lower() for w in _WORD.findall(piece)]
    if not words:
        return ""
    negators = [i for i, w in enumerate(words) if w in _NEGATORS or w in _NEGATIVE_PRONOUNS]
    if not negators:
        return _stakes_or_nothing_left(piece, words)
    # a negator that is an ability itself («нельзя», «cannot»), or one next to an ability word («не может»)
    ability = any(
        words[i] in _ABILITY_NEGATORS
        or (i + 1 < len(words) and _starts(words[i + 1], _ABILITY_PREFIXES))
        or (i > 0 and words[i] in ("не", "not") and _starts(words[i - 1], _ABILITY_PREFIXES))
        for i in negators
    )
    # nobody *able* is a stop; nobody *acting* («никто не смотрит») is a wait
    agent_none = any(w in _PEOPLE_NEGATIVE for w in words) or any(
        w == "ни" and nxt in ("один", "одна", "одного", "одной") for w, nxt in pairwise(words)
    )
    # a failure for every one of a group («ни у кого», «у всей команды», «вся команда без данных»)
    scope_all = "ни у кого" in piece.lower() or any(
        w in _ALL and any(_starts(n, _PEOPLE_PREFIXES) for n in words[i + 1 : i + 4]) for i, w in enumerate(words)
    )
    if scope_all or (agent_none and ability):
        return REASON_TEAM
    kind = _stakes_or_nothing_left(piece, words)
    if kind:
        return kind
    pronoun = any(w in _NEGATIVE_PRONOUNS for w in words)
    degree = any(w in _DEGREE for w in words) or "at all" in piece.lower()
    return REASON_STOPPED if ability and (pronoun or degree) else ""


def _stakes_or_nothing_left(piece: str, words: list[str]) -> str:
    """``REASON_RELEASE`` for the stakes at risk, ``REASON_STOPPED`` for nothing left to do, else ``""``."""
    stake = any(_starts(w, _STAKE_PREFIXES) for w in words) or bool(_SPRINT_GOAL.search(piece))
    risk = [i for i, w in enumerate(words) if _starts(w, _RISK_PREFIXES)]
    if stake and any(not _NOT_BEFORE.intersection(words[max(0, i - 2) : i]) for i in risk):
        return REASON_RELEASE
    if any(w in _NOTHING_LEFT for w in words):
        return REASON_STOPPED
    if (
        any(_starts(w, _OTHER) for w in words)
        and any(w in _ABSENCE for w in words)
        and not any(_starts(w, _TROUBLE_PREFIXES) for w in words)
    ):
        return REASON_STOPPED
    return ""


def complete_stop(text: str) -> str:
    """The kind of complete stop ``text`` (a blocker's text) tells by its structure — ``REASON_TEAM`` (everyone
    stopped), ``REASON_RELEASE`` (the stakes at risk), ``REASON_STOPPED`` (no way on, nothing left to do) — or
    ``""`` (see the module docstring)."""
    if _BEARABLE.search(text):
        return ""
    for piece in _PIECE_END.split(text):
        kind = _piece_effect(piece)
        if kind:
            return kind
    return ""
