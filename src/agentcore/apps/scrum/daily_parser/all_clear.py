"""The author's all-clear read by meaning (session sg): a statement that says there is nothing in the way, whatever
words it uses for «nothing» and for «in the way» — the third answer of a daily (seed 003: «есть ли блокеры»).

A statement is an all-clear when all its words are of these classes and it has a denial and something denied:

* an obstacle, by the lemma (pymorphy3): «блокер», «проблема», «препятствие», «затык», «сложность», «трудность»,
  «помеха», «загвоздка», «стопор»; English «blocker», «issue», «problem», «impediment», «obstacle», «roadblock»,
  «showstopper» — or a need for help
  («помощь», «help») and its verb or predicative («нужна», «требуется», «нуждаюсь», «need», «needed»);
* a denial: an absence («нет», «никаких», «ноль», «отсутствуют», «none», «no», «nothing»), or «не»/«not» before a
  verb that names no trouble itself («не вижу», «не возникло», «не нужна»; not «не могу», «не работает»);
* words that name nothing: fillers, the member as the owner («у меня», «с моей стороны», «on my side»), time and
  hedges («пока», «вроде», «so far»).

Under a «Блокеры:» header the obstacle is the header's, so a denial alone will do («Блокеры: у меня нет»), and so
does a check mark («Блокеры: ✅»).  Besides, a statement that everything goes well — «всё» with a word of a good
state («всё гладко», «всё идёт по плану», «всё под контролем»), «all good», «all green», «on track» — says there is
nothing in the way.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentcore.apps.scrum.daily_parser.blocker_clauses import _BLOCKER_RE, _names_trouble, nothing_works
from agentcore.apps.scrum.daily_parser.lexicon import _CYRILLIC, _FILLER, _WORD, _wordset
from agentcore.apps.scrum.task_ids import task_ids_in
from agentcore.text.first_char import compile_guarded
from agentcore.text.morphology import parses
from agentcore.text.reading_memo import per_reading

_OBSTACLES = _wordset(
    """блокер блокера блок препятствие проблема затык сложность трудность помеха загвоздка заминка стоппер стопер
    blocker blockers block blocks issue issues problem problems impediment impediments obstacle obstacles trouble
    troubles way риск risk risks затруднение стопориться застревать застрять блокироваться буксовать blocked stuck
    стопор showstopper showstoppers roadblock roadblocks hurdle hurdles snag snags"""
)
_NEEDS = _wordset("помощь help нужный нужна нужен нужно требоваться нуждаться надо need needs needed require required")
_ABSENT = _wordset(
    "нет нету нэт никакой никакие никаких ноль ничего отсутствовать none no nope nothing nil zero nada free"
)
_NEGATORS = _wordset("не not don doesn t n't ни never")
# What may stand between a negator and its verb: «ни в чём не нуждаюсь», «ни от кого не жду».
_NEGATED_GAP = _wordset("в о от на с чем чём что кого ком кому чего")
# Weight after a «nothing»: «ничего критичного», «nothing serious» — none that matters.
_EN_WEIGHT = _wordset("serious major critical big blocking urgent important")
_NOTHING_WORDS = _wordset(
    """у меня мне нас нам моей моя мой стороны сторона с со пока вроде особо вообще совсем сейчас данный момент
    тоже также больше уже и или a my side on for me us so far here at the moment right now any
    new really yet currently из-за вопросов вопрос questions from anyone anybody of this week today"""
)
_GOOD_STATE = re.compile(
    r"^\W*(?:(?:в\s+целом|а\s+так|так|ну|и|пока|сейчас|вроде)\s+)?(?:(?:по|с)\s+(?:блок[еи]р\w*|проблем\w*|препятстви\w*)\s+)?"
    r"(?:у\s+меня\s+)?вс[её]\s+(?:(?:идёт|идет|в\s+целом|пока)\s+)?"
    r"(?:ок|ok|окей|хорошо|норм\w*|гладко|ровно|спокойно|чисто|штатно|стабильно|в\s+порядке|по\s+плану|"
    r"под\s+контролем|разблокирован\w*)\W*$"
    r"|^\W*(?:(?:and|so)\s+)?(?:all|everything(?:'s|\s+is)?)\s+(?:good|fine|clear|green|ok|okay|on\s+track|smooth)"
    r"(?:\s+(?:on\s+my\s+side|here|so\s+far))?\W*$"
    r"|^\W*(?:i'?m\s+|we'?re\s+)?on\s+track\W*$"
    # the member copes or is not stopped: «справляюсь сам», «I'm unblocked»
    r"|^\W*(?:(?:вс[её]\s+(?:ок|норм\w*|хорошо)|в\s+целом)\s*,?\s*)?(?:справляюсь|сам\s+справлюсь)(?:\s+сам\w*)?\W*$"
    r"|^\W*(?:(?:i'?m|i\s+am|we'?re|we\s+are)\s+)?(?:unblocked|not\s+blocked|not\s+stuck)\W*$"
    # nothing acts against the member: «Nothing slowing me down», «nothing holding us back» (session sw)
    r"|^\W*nothing(?:'s|\s+is)?\s+[a-z]+ing\s+(?:me|us)(?:\s+(?:down|back|up))?"
    r"(?:\s+(?:so\s+far|right\s+now|at\s+the\s+moment|today))?\W*$",
    re.IGNORECASE,
)
_CHECK_MARK = re.compile(r"^[\s✅✔☑👍👌🆗🟢💚—–-]*[✅✔☑👍👌🆗🟢💚][\s✅✔☑👍👌🆗🟢💚.!]*$")
# A question about blockers standing for a header, answered after it: «Blockers? nope», «Есть блокеры? нет»,
# «Anything blocking? Not really» (session sq2).
QUESTION_HEADER = re.compile(
    r"(^|[.!\n]\s*)(\W*(?:(?:есть\s+ли|есть|any(?:thing)?)\s+)?(?:блок[еи]р\w*|blockers?|impediments?|проблем\w*|"
    r"препятстви\w*|что\s+мешает|(?<=anything\s)blocking(?:\s+(?:you|me))?))\s*\?[ \t]*(?=\S)",
    re.IGNORECASE,
)


def as_header(message: str) -> str:
    """``message`` with each question about blockers that stands for a header («Blockers? nope») written as one
    («Blockers: nope»); a question that asks by the verb («Anything blocking?») is written as the header word."""
    return QUESTION_HEADER.sub(_header_of, message) if "?" in message else message


def _header_of(question: re.Match[str]) -> str:
    asked = question.group(2)
    return f"{question.group(1)}{'Blockers' if asked.lower().endswith(_ASKED_BY_VERB) else asked}: "


_ASKED_BY_VERB = ("blocking", "blocking you", "blocking me")


def all_clear(text: str, *, listed: bool = False) -> bool:
    """Whether ``text`` (one clause) is the author's all-clear (see the module docstring); ``listed``: a line under a
    «Блокеры:» header (its header cut or not)."""
    if _GOOD_STATE.match(text):
        return True
    if nothing_works(text):
        return False  # «ничего не собирается», «nothing builds»: everything fails
    if listed and _CHECK_MARK.match(text):
        return True
    if _denial(tuple(w.lower() for w in _WORD.findall(text)), listed):
        return True
    return listed and _clear_then_calm(text)


# Where one statement of a listed line ends: «всё чисто, работаю спокойно».
_STATEMENT_JOINT = compile_guarded(r"\s*[,;.!]\s*|\s+[—–]\s+")


def _clear_then_calm(text: str) -> bool:
    """Whether a line under «Блокеры:» opens with an all-clear and goes on with statements that name no trouble and
    no task («Блокеры: всё чисто, работаю спокойно», «Блокеры: ничего, спасибо, что спросили») — the all-clear is
    the answer, the rest a remark."""
    first, *rest = [piece for piece in _STATEMENT_JOINT.split(text) if piece.strip()] or [""]
    if not rest or not all_clear(first, listed=True) or _WEIGHT_ONLY.search(first):
        return False
    return all(
        not (_EXCEPTION.match(piece) or task_ids_in(piece) or _names_trouble(piece) or nothing_works(piece))
        and (_members_own(piece) or all_clear(piece))
        for piece in rest
    )


# A denial of weight only («не критично», «not urgent»): the trouble is still there.
_WEIGHT_ONLY = re.compile(r"критичн|срочн|страшн|горит|critical|urgent|serious|big\s+deal", re.IGNORECASE)


def _members_own(statement: str) -> bool:
    """Whether ``statement`` tells the member's own state or deed: a verb in the first person («работаю спокойно»,
    «успеваю»)."""
    return any(
        _CYRILLIC.fullmatch(w) and any({"VERB", "1per"} <= p.tag.grammemes for p in parses(w.lower()))
        for w in _WORD.findall(statement)
    )


# A statement that turns against or limits the one before it: what follows is the exception, not a remark.
_EXCEPTION = re.compile(
    r"^\W*(?:но|а|однако|зато|кроме|разве|только|лишь|хотя|except|but|only|though|although|apart|besides)\b",
    re.IGNORECASE,
)


@per_reading()  # the words of one clause: kept while one daily is read, not across dailies
def _denial(words: tuple[str, ...], listed: bool) -> bool:
    if not words or len(words) > 10:
        return False
    denied = listed
    denial = False
    negated = False
    previous = ""
    for word in words:
        lemmas = _lemmas(word)
        after, previous = previous, word
        if after and _lemmas(after) & _OBSTACLE_MARKS and _is_noun(word):
            denied = True  # «блокирующих моментов нет»: the adjective makes its noun an obstacle
            continue
        if negated and (word in _NEGATED_GAP or word in _NEGATORS):
            continue  # «ни в чём не нуждаюсь»: the doubled negation of Russian
        if after in ("ничего", "nothing") and (word in _EN_WEIGHT or _weight(word)):
            continue  # «ничего критичного», «nothing serious»
        if negated:
            negated = False
            if _BLOCKER_RE.match(f"{'не' if _CYRILLIC.fullmatch(word) else 'not'} {word}"):
                return False  # «не могу», «не работает»: a trouble of its own
            if lemmas & _NEEDS or lemmas & _OBSTACLES:
                denied = denial = True
                continue
            if _is_verb(word) or lemmas & _NEEDS:
                denial = True
                continue
            return False
        if word in _NEGATORS:
            negated = True
        elif lemmas & _ABSENT or word == "0":
            denial = True
        elif lemmas & _OBSTACLES or lemmas & _NEEDS or lemmas & _OBSTACLE_MARKS:
            denied = True
        elif not (word in _FILLER or word in _NOTHING_WORDS):
            return False
    return denied and denial


# Adjectives that make any noun they qualify an obstacle («блокирующих моментов», «blocking points»).
_OBSTACLE_MARKS = _wordset("блокирующий блокирующих блокирующие blocking")


def _is_noun(word: str) -> bool:
    """Whether ``word`` can be a noun (an English word always can)."""
    if not _CYRILLIC.fullmatch(word):
        return word.isalpha()
    return any(p.tag.POS == "NOUN" for p in parses(word))


def _weight(word: str) -> bool:
    """Whether ``word`` can be an adjective in the genitive («критичного», «серьёзного»)."""
    return bool(_CYRILLIC.fullmatch(word)) and any(
        p.tag.POS in ("ADJF", "PRTF") and p.tag.case == "gent" for p in parses(word)
    )


@lru_cache(maxsize=8192)
def _lemmas(word: str) -> frozenset[str]:
    """``word`` and the normal forms of its readings (kept per word: a daily's all-clear words repeat, and the answer
    depends on the word alone)."""
    if not _CYRILLIC.fullmatch(word):
        return frozenset((word,))
    return frozenset({word} | {p.normal_form for p in parses(word)})


def _is_verb(word: str) -> bool:
    """Whether ``word`` can be a verb, a participle or a predicative (what a negator denies: «не вижу», «не
    возникло», «не нужна»)."""
    if not _CYRILLIC.fullmatch(word):
        return word.isalpha()
    return any(p.tag.POS in ("VERB", "INFN", "PRTS", "ADJS", "PRED", "GRND") for p in parses(word))
