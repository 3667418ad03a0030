"""What kind of work a piece of a daily without a task id is (the labelling rule in docs/scrum.md, session sg).

Seed 003 asks for what was done, what is planned and the blockers, «желательно с ID задач»: a task id is how a
team tracks a piece of its product.  So an id-less piece is of one of four kinds:

* :data:`SIDE` — the day's other activity that no tracker holds: a team ceremony or a meeting (planning, retro,
  demo, a call, a sync), work on colleagues' work (a review of their merge requests, help, pairing, onboarding a
  newcomer), learning (reading docs, a workshop), hiring (an interview), duty (on-call, release duty) — it fills its
  section and needs no id;
* :data:`AWAY` — an absence (sick leave, a day off, the doctor): it says its section but is no work at all;
* :data:`WORK` — anything else the member made or did (implementing, fixing, writing, setting up): a deliverable,
  which needs an id;
* :data:`STATE` — what is possible rather than done («на тестовых пока можно работать»): no deed at all.

Read by word classes of the lemma (pymorphy3 through :func:`agentcore.text.morphology.parses`), not by phrases: each
statement of the piece (between commas, dashes, «и», «потом», …) is led by its verb — a verb of communicating,
helping, reviewing, learning, hiring or duty is :data:`SIDE`; a light verb («был», «сходил», «провёл», «готовлю»)
or a verb of intent («планирую», «успел») hands over to the words after it; any other verb of the member's own is
:data:`WORK`.  A statement without a verb is :data:`SIDE` when it names an event or activity noun of the day
(«созвон с банком», «груминг бэклога», «весь день ревью чужих MR»).  A verb in the plural with no subject («выкатили
два релиза») is the Russian indefinite-personal sentence — told of others, not the member's deliverable.  English
statements go by their first words (after fillers and light verbs such as «had», «spent … on»; a modifier may
stand first, «code review»), as English has no inflection to read.  Whatever noun leads a statement decides it:
«правки после демо» are edits, not a demo.
"""

from __future__ import annotations

import re
from typing import Any

from agentcore.apps.scrum.daily_parser.lexicon import _CYRILLIC, _WORD, _wordset
from agentcore.text.first_char import compile_guarded
from agentcore.text.morphology import morph_analyzer, parses
from agentcore.text.reading_memo import per_reading

SIDE, AWAY, WORK, STATE = "side", "away", "work", "state"

# Events and the day's activities that no tracker holds (lemmas, and forms pymorphy3 does not know as such).
_SIDE_NOUNS = _wordset(
    """созвон звонок встреча митинг совещание синк планирование планёрка планерка ретро ретроспектива демо демка
    демонстрация стендап дейли груминг рефайнмент собес собеседование интервью онбординг обучение тренинг вебинар
    воркшоп конференция митап семинар лекция дежурство саппорт ревью код-ревью дизайн-ревью переписка почта
    разговор обсуждение постмортем инцидент консультация пейринг ментор менторство помощь 1-1 презентация доклад
    выступление курс"""
)
# Verbs of communicating, helping, reviewing, teaching, learning, hiring and duty (lemmas).
_SIDE_VERBS = _wordset(
    """созвониться созваниваться встретиться встречаться обсудить обсуждать общаться пообщаться поговорить
    договориться договариваться переписываться ревьюить отревьюить проревьюить ревьювить помогать помочь подсказать
    подсказывать консультировать проконсультировать объяснять объяснить показывать показать менторить онбордить
    собеседовать интервьюировать дежурить изучать изучить читать почитать прочитать вычитать учиться
    присутствовать участвовать отвечать ответить пейрить созвонить согласовывать согласовать следить
    мониторить отслеживать"""
)
# Verbs that say little by themselves: where the member was or what the time went on («был на ретро», «сходил на
# демо», «провёл собес», «готовлю демо»), or an intent («планирую», «успел») — the words after them decide.
_LIGHT_VERBS = _wordset(
    """быть ходить сходить сидеть провести проводить потратить тратить уйти уходить вести готовиться подготовиться
    готовить подготовить посетить посещать принять планировать собираться хотеть успеть мочь начать продолжить
    стать надо надеяться рассчитывать заниматься позаниматься разбирать разобрать разбираться разобраться пройти
    проходить выступать разгребать разгрести разруливать разрулить
    выступить смотреть посмотреть просмотреть глянуть проверять проверить апрувить заапрувить одобрить"""
)
# A statement of what is possible («на тестовых пока можно работать») tells a state, not a deed.
_POSSIBLE = _wordset("можно нельзя")
# Nouns of an action that hand over to their object, as a light verb does: «разбор инцидента», «подготовка к демо»,
# «участие в планировании».
_LIGHT_NOUNS = _wordset("разбор подготовка участие")
# An absence (lemmas): it says its section, but is no work.
_AWAY_WORDS = _wordset("""больничный больничном отпуск отгул врач болеть заболеть приболеть выходной отпроситься""")
# What a statement may open with before its head: time, quantity, articles and link words.
_LEAD_FILLERS = _wordset(
    """весь целый день полдня полдень половина утро вечер час обед первый второй остаток с до после потом затем ещё
    еще также плюс заодно а и но на в к по у я мы тоже сначала сегодня вчера утром вечером днём днем
    all whole day half afternoon morning evening the a an some two few couple of on in at then also and plus i we
    first rest most hours hour today yesterday"""
)
_EN_SIDE = _wordset(
    """meeting meetings call calls sync syncs standup standups stand-up retro retros retrospective demo demos planning
    grooming refinement review reviews reviewed reviewing code-review interview interviews interviewed interviewing
    onboarding onboarded helped helping help pairing paired postmortem post-mortem workshop training webinar
    conference read reading docs email emails mail support on-call oncall duty discussed discussion talked
    presentation presented mentoring 1-1 one-on-one all-hands talk talks mr mrs pr prs monitor monitoring eye"""
)
_EN_LIGHT = _wordset(
    "had have has attended attend spent spend joined join prepared prep prepping was were went checked looked approved"
    " keep keeping"
)
_EN_AWAY = _wordset("sick vacation pto off leave doctor dentist holiday")
_STATEMENTS = compile_guarded(r"\s*[,;:()+&/]\s*|\s+[—–-]\s+|\s+(?:и|а|потом|затем|then|and)\s+", re.IGNORECASE)
_MEMBER = _wordset("я мы")
_SUBORDINATE = _wordset("что чтобы если когда потому поскольку хотя which that because if when")
# Parts of speech that never head a statement: read on past them.
_NO_HEAD = frozenset(("PREP", "CONJ", "PRCL", "ADVB", "ADJF", "NUMR", "NPRO", "INTJ", "PRTF", "COMP", "PRED"))
# Stems of activities people coin verbs from («ревьюшил», «синкались», «пейрился»).
_SIDE_STEMS = ("ревью", "синк", "созвон", "онборд", "собес", "пейр")
_PREPOSITIONS = _wordset("на в во с со по у к ко до после о об от за из для над под при про через без")
# A meeting of two, written as one word: «1:1», «1x1», «1 на 1», «one-on-one».
_ONE_ON_ONE = re.compile(r"\b1\s*(?::|x|×|на)\s*1\b|\bone[\s-]on[\s-]one\b", re.IGNORECASE)


# Where and when the member works, with no object («работаю из дома», «working remotely today»): a mode of the day,
# not a deliverable (session sw) — the verb of working, then only words of place, time and manner.
_WORK_VERBS = _wordset("работаю работать работала работал буду work working works i'm im am will")
_WORK_MODE_WORDS = _wordset(
    """из с в на до после дома удалённо удаленно офиса офисе коворкинга сегодня завтра весь день полдня утра обеда
    вечера пораньше сам одна один from home remote remotely the office in at on today tomorrow half day until till
    online offline onsite site early late noon lunch"""
)
# Verbs of finishing a task (Russian lemmas, English forms): with no object of their own they finish the task already
# named («надеюсь закончить к четвергу»); after one, what the day brings next is another thing («CRM-80 доделываю, потом
# сверстаю лендинг», :mod:`.items`).  Not the generic «сделать»: «сделаю PAY-1, потом тесты к нему» goes on with it.
FINISH_VERBS = _wordset(
    """закончить заканчивать доделать доделывать завершить завершать добить добивать дописать дописывать успеть сдать
    сдавать закрыть закрывать
    done finished finish finishing closed close merged shipped completed complete wrapped"""
)


def _work_mode(words: tuple[str, ...]) -> bool:
    """Whether a statement only tells where or when the member works (see :data:`_WORK_VERBS`)."""
    verbs = [w for w in words if w in _WORK_VERBS]
    return (
        any(w.startswith(("работ", "work")) for w in verbs)
        and len(words) > len(verbs)
        and all(w in _WORK_VERBS or w in _WORK_MODE_WORDS or w in _LEAD_FILLERS or w.isdigit() for w in words)
    )


def _has_object(rest: tuple[str, ...]) -> bool:
    """Whether the words after a verb hold a noun of its own (an object), not one governed by a preposition («к
    четвергу», «до обеда»)."""
    governed = False
    for word in rest:
        after_preposition, governed = governed, word in _PREPOSITIONS
        if not _CYRILLIC.fullmatch(word):
            return True
        if not after_preposition and parses(word)[0].tag.POS in ("NOUN", "NPRO"):
            return True
    return False


def work_kind(summary: str) -> str:
    """:data:`SIDE`, :data:`AWAY`, :data:`STATE` or :data:`WORK` for an id-less piece (see the module docstring):
    :data:`WORK` when any statement of it is a deliverable of the member's own; else :data:`SIDE` when a statement
    is the day's other activity, :data:`AWAY` when one is an absence, :data:`STATE` when one only tells what is
    possible; a piece that names none of them is :data:`WORK` (whether it is work at all is
    :func:`~agentcore.apps.scrum.daily_parser.items.names_work`'s question)."""
    summary = _ONE_ON_ONE.sub("1-1", summary)
    return _kind(tuple(tuple(w.lower() for w in _WORD.findall(s)) for s in _STATEMENTS.split(summary) if s.strip()))


@per_reading()  # the words of one clause: kept while one daily is read, not across dailies
def _kind(statements: tuple[tuple[str, ...], ...]) -> str:
    kinds = [_statement_kind(words) for words in statements if words]
    if WORK in kinds:
        return WORK
    if SIDE in kinds:
        return SIDE
    if AWAY in kinds:
        return AWAY
    return STATE if STATE in kinds else WORK


def _statement_kind(words: tuple[str, ...]) -> str | None:
    """The kind of one statement, or ``None`` when it names none (a bare object, «стенды»; others' deed)."""
    if morph_analyzer() is None:
        return None
    subject = bool(_MEMBER.intersection(words))
    if _work_mode(words):
        return STATE
    if words[0] in _SUBORDINATE:
        return None  # «…, что стенд часто падает»: what the statement before it says, not a statement of its own
    unknown = 0  # English words of no class read so far («code review», «sprint retro»: a modifier first)
    governed = False  # the word after a preposition: an adverbial («на стейдже»), not the statement's head
    light = False  # a light verb read, waiting for the words it hands over to
    for position, word in enumerate(words):
        after_preposition, governed = governed, word in _PREPOSITIONS
        if word in _LEAD_FILLERS or word.isdigit():
            continue
        if not _CYRILLIC.fullmatch(word):
            kind = _english(word)
            if kind in (SIDE, AWAY):
                return kind
            unknown += kind is None
            if unknown > 2:
                return None
            continue
        lemmas = _lemma_set(word)
        if lemmas & _AWAY_WORDS:
            return AWAY
        if lemmas & _SIDE_NOUNS or lemmas & _SIDE_VERBS or _side_stem(word):
            return SIDE
        if word in _POSSIBLE:
            return STATE
        first = _head_reading(word, after_preposition)
        if first.normal_form in _LIGHT_NOUNS:
            continue
        if first.tag.POS in ("VERB", "INFN"):
            if first.normal_form in _LIGHT_VERBS:
                light = True
                continue
            if first.tag.POS == "INFN" and words[position + 1 : position + 2] and words[position + 1] in _POSSIBLE:
                return STATE  # «тестить можно»: what is possible, its predicative right after the infinitive (qv)
            if first.tag.number == "plur" and first.tag.person != "1per" and not subject:
                # «выкатили два релиза»: indefinite-personal, told of others — unless what they did is an activity of
                # the day the member was at too, «разгребали инцидент до ночи», «чинили инцидент всей командой» (qv)
                rest = words[position + 1 :]
                return SIDE if rest and _statement_kind(rest) == SIDE else None
            if first.normal_form in FINISH_VERBS and not _has_object(words[position + 1 :]):
                return STATE  # «надеюсь закончить к четвергу»: the task already named, finished — no new deliverable
            return WORK
        if first.tag.POS == "PREP":
            governed = True
            continue
        if after_preposition and first.tag.POS == "NOUN":
            continue
        if first.tag.POS not in _NO_HEAD:
            # a noun of another kind leads («правки после демо» is no demo) — unless the statement's own verb comes
            # after it, its object put first («документацию изучал»), or it is the first part of a compound
            # («код ревью»)
            return _after_object(word, words[position + 1 :], subject)
    # a light verb with nothing to hand over to, «…, но разобрался», «успел»: the thing already named, no deed (qv)
    return STATE if light else None


def _head_reading(word: str, after_preposition: bool) -> Any:
    """The pymorphy3 parse of a word where a statement's head may stand: its most likely one, except that a verb in
    the first person wins over a noun in an oblique case no preposition governs — a statement does not open with a
    bare dative or instrumental, the member tells their own deed («настрою бэкапы», not the noun «настрой»; «строю
    отчёт»; session qv)."""
    readings = parses(word)
    first = readings[0]
    if after_preposition or first.tag.POS != "NOUN" or first.tag.case in ("nomn", "accs"):
        return first
    return next((p for p in readings if p.tag.POS == "VERB" and p.tag.person == "1per"), first)


def _after_object(lead: str, rest: tuple[str, ...], subject: bool) -> str | None:
    """The kind of a statement whose first noun is of no kind: the next word if it is an activity noun (a compound,
    «код ревью»), else the statement's first verb after it — a verb of the day's other activity («документацию
    изучал»), a light verb keeping the object's kind (none), or any other verb's deed."""
    for index, word in enumerate(rest):
        if not _CYRILLIC.fullmatch(word):
            if index == 0 and _english(word) == SIDE:
                return SIDE
            continue
        lemmas = _lemma_set(word)
        if index == 0 and lemmas & _SIDE_NOUNS:
            return SIDE
        first = parses(word)[0]
        if first.tag.POS in ("VERB", "INFN"):
            if _agrees(lead, first):
                return None  # «стенд часто падает»: the noun is the verb's subject, told of something else
            if lemmas & _SIDE_VERBS or _side_stem(word):
                return SIDE
            if first.normal_form in _LIGHT_VERBS:
                return None
            if first.tag.number == "plur" and first.tag.person != "1per" and not subject:
                return None
            return WORK
    return None


def _agrees(noun: str, verb: Any) -> bool:
    """Whether ``noun`` is the subject of ``verb`` (a pymorphy3 parse): a nominative reading of the same number, the
    verb not in the first person (the member's own), and not a transitive verb the noun can be the object of."""
    tag = verb.tag
    if tag.person == "1per" or tag.POS == "INFN":
        return False
    if "tran" in tag and any(p.tag.POS == "NOUN" and p.tag.case == "accs" for p in parses(noun)):
        return False  # «регламент изучал»: a transitive verb takes the noun as its object, put first
    return any(
        p.tag.POS == "NOUN" and p.tag.case == "nomn" and (tag.number is None or p.tag.number == tag.number)
        for p in parses(noun)
    )


def _lemma_set(word: str) -> set[str]:
    return {word} | {p.normal_form for p in parses(word)} | set(word.split("-")[-1:])


def _side_stem(word: str) -> bool:
    """Whether ``word`` is built on the stem of an activity of the day people coin verbs from («ревьюшил»,
    «синкались», «пейрился», «онбордил»): jargon the dictionary does not know."""
    return any(stem in word for stem in _SIDE_STEMS)


def _english(word: str) -> str | None:
    """The kind an English word leads its statement with, ``"light"`` to read on, or ``None`` (no kind)."""
    if word in _EN_SIDE:
        return SIDE
    if word in _EN_AWAY:
        return AWAY
    return "light" if word in _EN_LIGHT else None


def is_side(summary: str) -> bool:
    """Whether an id-less piece is the day's other activity (:data:`SIDE`)."""
    return work_kind(summary) == SIDE


def needs_no_id(summary: str) -> bool:
    """Whether an id-less piece beside the day's tasks needs no task id: the day's other activity or an absence."""
    return work_kind(summary) in (SIDE, AWAY)
