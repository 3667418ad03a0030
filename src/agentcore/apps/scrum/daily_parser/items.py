"""Work items: a clause as yesterday's/today's items (one per task id, other activities of the day as items
without a task), a clause going on with the task before it, and whether an item describes its task (the labelling
rule behind GREAT)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from agentcore.apps.scrum.daily_parser.blocker_clauses import _DEALT_WITH_RE
from agentcore.apps.scrum.daily_parser.lexicon import (
    _BLOCKER_WORDS_FULL,
    _CYRILLIC,
    _FILLER,
    _FUTURE_WORDS,
    _ID,
    _NOT_VERBS,
    _PAST_SUFFIX,
    _PAST_VERBS,
    _TODAY,
    _TODAY_RE,
    _WORD,
    _YESTERDAY,
    _YESTERDAY_RE,
    _clean,
    _content_words,
    _informative,
    _starts_section,
    _verb_section,
    _wordset,
)
from agentcore.apps.scrum.daily_parser.reference import about_the_task
from agentcore.apps.scrum.daily_parser.work_kind import FINISH_VERBS, SIDE, WORK, is_side, work_kind
from agentcore.apps.scrum.schemas import MAX_TEXT_CHARS
from agentcore.apps.scrum.task_ids import task_ids_in, without_task_ids
from agentcore.text.first_char import compile_guarded
from agentcore.text.morphology import morph_analyzer, parses
from agentcore.text.reading_memo import per_reading
from agentcore.util.truncate import truncate

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


# A status moved before its task («PAY-5 done» → «done PAY-5»): it says something of the task, so it stays.
_STATUS = re.compile(r"^(?:done|сделано|wip|in\s+progress|в\s+работе|todo|to\s+do)\b", re.IGNORECASE)


# Another piece of the day in a line about a task — a meeting, an interview, a review of others' work, help to a
# colleague, mail («ORD-103 оплата, созвон с продактом», «AUTH-304 login page, code review for Max», «Вчера: ревью,
# ORD-111 тесты», «закрыл ORD-113, потом помогал Лене с деплоем»): an item of its own, without a task.
_OTHER_ACTIVITY = re.compile(
    r"^(?:(?:и|а|потом|затем|ещё|еще|также|and|then|also)\s+){0,2}(?:(?:a|an|the|some)\s+)?"
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
_ITEM_JOINT = re.compile(r",\s*|\s+(?:и|and|\+|&)\s+", re.IGNORECASE)  # «PAY-5 логи + ревью у Пети» (dev25)


def _other_activities(summary: str) -> tuple[str, list[str]]:
    """``summary`` without the pieces that are other work of the day (see :data:`_OTHER_ACTIVITY`, and the day's
    other activities read by word class, :func:`~agentcore.apps.scrum.daily_parser.work_kind.is_side`), and those
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
        if (_OTHER_ACTIVITY.match(summary[start:end].strip()) or is_side(summary[start:end]))
        and not task_ids_in(summary[start:end])
    ]
    if not other or len(other) == len(pieces):
        return summary, []
    kept = [summary[start:end] for start, end in pieces if (start, end) not in other]
    return ", ".join(p.strip() for p in kept if p.strip()), [_clean(summary[start:end]) for start, end in other]


# What comes next in the day: «…, потом …», «…, а затем …», «…, then …».
_THEN = r"(?:(?:а|и|and)\s+)?(?:потом|затем|после\s+этого|then|after\s+that)\s+"
# A task that comes next in the day after a piece without one: «X, потом PAY-2», «X, then PAY-2».
_THEN_TASK = re.compile(rf",\s*{_THEN}(?={_ID}\b)", re.IGNORECASE)


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
    then = _THEN_TASK.search(summary) if ids else None
    if then is not None and _untied_deed(summary[: then.start()]):
        # «переделываю форму инвентаризации, потом WMS-17»: a deed, then the task — two items, the first without a
        # task (session qv; the day's other activity before it is cut out below, «созвон, потом WMS-17»)
        return _items(summary[: then.start()]) + _items(summary[then.start() :])
    after = _AFTER_FINISHING.search(summary) if ids else None
    if after is not None and _finishes(summary[: after.start()]) and _untied_deed(summary[after.end() :]):
        # «CRM-80 доделываю, потом сверстаю лендинг»: the task finished, the next deed is another thing (qv)
        return _items(summary[: after.start()]) + _items(summary[after.end() :])
    bare = _LAST_BARE.match(summary) if len(ids) > 1 else None
    if bare is not None and task_ids_in(bare["last"]) == ids[-1:] and _content_words(without_task_ids(bare["head"])):
        # «ENERGY-55 thresholds tuning + ENERGY-57»: the words between the first task and the joint are its own, the
        # task named last with nothing after it is named bare (session qv2) — unlike «закрыл PAY-1 и PAY-2», whose
        # verb before both is said of both
        return [*_items(bare["head"]), {"task_id": ids[-1], "summary": bare["last"]}]
    others: list[str] = []
    if ids and _ITEM_JOINT.search(summary):
        summary, others = _other_activities(summary)
    summary = truncate(summary, MAX_TEXT_CHARS)
    items: list[dict[str, Any]] = [{"task_id": task_id, "summary": summary} for task_id in ids]
    items = items or [{"task_id": None, "summary": summary}]
    return items + [{"task_id": None, "summary": truncate(other, MAX_TEXT_CHARS)} for other in others]


# A piece that opens with a task and its words and ends with another task named alone after a joint.
_LAST_BARE = re.compile(
    rf"^(?P<head>\W*{_ID}\b.*?\w.*?)\s*(?:\+|,|;|&|\bи\b|\band\b)\s*(?P<last>{_ID})\W*$", re.IGNORECASE
)
# What comes next in the day after a task: «…, потом …», «… + …», «…, then …».
_AFTER_FINISHING = compile_guarded(rf",\s*{_THEN}|\s+\+\s+", re.IGNORECASE)


def _finishes(piece: str) -> bool:
    """Whether ``piece`` names a task and a verb finishing it («CRM-80 доделываю», «тарифы доделал», «PAY-1 done»)."""
    if not task_ids_in(piece):
        return False
    for word in _WORD.findall(piece.lower()):
        if not _CYRILLIC.fullmatch(word):
            if word in FINISH_VERBS:
                return True
            continue
        first = parses(word)[0]
        if first.normal_form in FINISH_VERBS and first.tag.POS in ("VERB", "INFN"):
            return True
    return False


_NEXT = re.compile(rf"^\W*{_THEN}", re.IGNORECASE)


def next_deed(items: list[dict[str, Any]], clause: str) -> bool:
    """Whether ``clause``, told right after ``items``, is the next deed of the day after their task was finished
    («PAY-1 done, then wrote a migration guide»): an item of its own, not more of that task (session qv)."""
    after = _NEXT.match(clause)
    return (
        after is not None and any(_finishes(item["summary"]) for item in items) and _untied_deed(clause[after.end() :])
    )


def _untied_deed(piece: str) -> bool:
    """Whether ``piece`` names no task and is a deed of the member's own (:data:`~.work_kind.WORK` with a verb of
    doing, :func:`names_work`) that does not take the task before it back («…, потом напишу тесты к нему» goes on
    with that task, :func:`~.reference.about_the_task`)."""
    return not task_ids_in(piece) and work_kind(piece) == WORK and names_work(piece) and not about_the_task(piece)


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


# A statement of thanks or praise to someone: it tells another's deed, the member's gratitude is no work.
_THANKS = re.compile(
    r"^\W*(?:(?:и|а|ещё|еще|also|and|big|huge|many|большое|огромное)\s+)?(?:спасибо|благодар\w*|thanks?\b|"
    r"thank\s+you|kudos|shout-?outs?|props\s+to|cheers\s+to|респект)",
    re.IGNORECASE,
)
# Where the statement of thanks ends: a sentence end, a semicolon, or «, » before a marker of another deed.
_THANKS_END = re.compile(r"[.;!]\s*|,\s*(?=(?:а\s+|и\s+)?(?:ещё|еще|также|плюс|заодно|also|plus|then|потом)\b)", re.I)
_MORE_OF_THE_DAY = re.compile(r"^(?:а\s+|и\s+)?(?:ещё|еще|также|плюс|заодно|also|plus)\b", re.IGNORECASE)


# The task of the day a blocker clause opens with: right after the time word («сегодня EDU-55 — не могу начать»), or
# after the verb of the work and before the dash the blocker follows («сегодня добиваю GEO-6 — жду ревью GEO-4»,
# session scrum31; not a negated verb: «сегодня не могу начать PAY-3» is the blocker itself).
_PLANNED_THEN_STOPPED = re.compile(
    rf"^(?:{_YESTERDAY}|{_TODAY})\s+((?:{_ID})\b|(?:(?!(?:не|not)\b)[^\W\d_]+\s+){{1,2}}(?:{_ID})(?=\s*(?:[—–:]|\s-\s)))",
    re.IGNORECASE,
)


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


_TASK_NOUNS = _wordset(
    """задача задачи задачу задачей задачами задач таска таски таску таской таск тасками тикет тикета тикет
    спринт спринту спринта task ticket issue"""
)


# Nouns that name work in general: «задача TASK-7», «работа по TASK-7» say nothing of the task.  Verbs are not here:
# by the labelling rule (docs/scrum.md) any verb says what happens to the task, «делаю TASK-7» as much as the seed's
# own «начну TASK-15».
_NOT_DESCRIBING = _TASK_NOUNS | _wordset("работа работу работы работой")


def names_work(summary: str) -> bool:
    """Whether a piece without a task id is work of the member's own (the labelling rule's «item»): it names an
    activity of the day (:data:`_OTHER_ACTIVITY` — a meeting, a review, help, mail, an incident) or has a verb of
    doing («разбирался с CI», «планирую запросить доступ», «отправил заявку»).  A remark has neither: a question
    («Вопрос к команде: кто дежурит»), a concern, a dependency that is met («зависим от API, ключ уже получен»),
    an all-clear or a greeting («Отчёт», «У меня»), nor a piece of words that inform of nothing («работаю по другим
    задачам»)."""
    thanks = _THANKS.match(summary)
    if thanks:
        # «Спасибо Пете за ревью», «Thanks Anna for the quick review!»: thanks for another's deed is a remark; what
        # follows it in a statement of its own may still be work («…, also set up alerting»)
        rest = _THANKS_END.split(summary[thanks.end() :], maxsplit=1)
        return len(rest) > 1 and (names_work(rest[1]) or bool(_MORE_OF_THE_DAY.match(rest[1])))
    if _OTHER_ACTIVITY.search(summary):
        return True
    if not _informative(summary):
        # a piece whose every word says only that work goes on names no deliverable: «…, но работаю по другим
        # задачам», «занимаюсь остальным» (the labelling rule's TOO_SHORT words: session qv2, dev31 qx036)
        return False
    words = _WORD.findall(summary)
    return any(_is_verb(w.lower()) and _can_be_verb(w.lower()) for w in words) and not _told_of_another(
        tuple(w.lower() for w in words)
    )


def _can_be_verb(word: str) -> bool:
    """Whether a word :func:`_is_verb` takes for a verb by its ending can be one by morphology (pymorphy3): «завал»,
    «канал», «материал» end as a past verb does but are nouns only.  A word pymorphy3 cannot read stays a verb."""
    if not _CYRILLIC.fullmatch(word) or morph_analyzer() is None:
        return True
    return any(p.tag.POS in ("VERB", "INFN", "GRND", "PRTS") for p in parses(word))


_MEMBER = _wordset("я мы")


@per_reading()  # the words of one clause: kept while one daily is read, not across dailies
def _told_of_another(words: tuple[str, ...]) -> bool:
    """Whether a piece's first predicate has a subject other than the member, read by morphology (pymorphy3): a
    statement of being with a nominative («была засада», «есть риск, что …», «это на следующей неделе, сейчас есть
    чем заняться»), or a noun or pronoun that can only be nominative — not an object put first, «отчёт отправил» —
    before a finite verb it agrees with in number («Олег выдал ключ», «они уже выкатили эндпоинт»).  A verb in the
    first person («могу», «делаю») is the member's; a past verb alone («починил») is too (session scrum29)."""
    if morph_analyzer() is None:
        return False
    before: list[Any] = []  # the parses of the words before the first finite verb
    for position, word in enumerate(words):
        if not _CYRILLIC.fullmatch(word):
            before.append(())
            continue
        readings = parses(word)
        verb = readings[0] if readings[0].tag.POS == "VERB" else None
        if word == "есть":  # «есть риск», «есть чем заняться»: the present of «быть», not «to eat»
            verb = next((p for p in readings if p.tag.POS == "VERB" and p.normal_form == "быть"), verb)
        if verb is None:
            before.append(readings)
            continue
        if verb.tag.person == "1per":
            return False
        rest = [parses(w) for w in words[position + 1 :] if _CYRILLIC.fullmatch(w)]
        if verb.normal_form == "быть":  # nothing is done in a statement of being: what is, or was
            return any(_nominative(p) for p in before + rest)
        number = verb.tag.number
        return any(_nominative(p, only=True) and (number is None or p[0].tag.number == number) for p in before)
    return bool(before) and _nominative(before[0], only=True)  # «это на следующей неделе»


def _nominative(parses: Any, only: bool = False) -> bool:
    """Whether a word's most likely reading is a nominative noun or pronoun other than the member («я», «мы»);
    ``only``: and no reading of it as a noun or pronoun is accusative (so it cannot be an object put first); a
    pronoun read first as a particle counts when ``only`` is not asked («это»)."""
    if not parses or parses[0].normal_form in _MEMBER:
        return False
    first = parses[0]
    read_first = first.tag.POS in ("NOUN", "NPRO") and first.tag.case == "nomn"
    # a pronoun read first as a particle is still one («это на следующей неделе»)
    if not read_first and (only or not any(p.tag.POS == "NPRO" and p.tag.case == "nomn" for p in parses)):
        return False
    # an accusative of another word («марина» as «Марин») is no object reading of this one
    return not only or not any(
        p.tag.POS in ("NOUN", "NPRO") and p.tag.case == "accs" and p.normal_form == first.normal_form for p in parses
    )


def untied_work(item: dict[str, Any], section: list[dict[str, Any]]) -> bool:
    """Whether ``item`` is work without a task id — what keeps a daily from GREAT («написал скрипт миграции» beside
    «SHOP-40 корзина», «Сегодня: тесты»).  The day's other activity needs no id
    (:func:`~agentcore.apps.scrum.daily_parser.work_kind.work_kind`: a ceremony, a call, a review of colleagues' work,
    help, learning, an interview, duty — «созвон с продактом» beside «ORD-103 оплата»; session sg).  In a section
    that names a task, an id-less piece counts only when it is work (:func:`names_work`): a question, a concern, an
    all-clear, a greeting or an absence the reading left as a piece of its own is no work item.  A section with no
    task holds id-less work unless its piece is the day's other activity («весь день на воркшопе»); an absence
    alone («был на больничном») is no work, so it keeps the daily from GREAT too (scrum28)."""
    if item["task_id"]:
        return False
    kind = work_kind(item["summary"])
    if not any(other["task_id"] for other in section):
        return kind != SIDE
    if about_the_task(item["summary"]):
        return False  # «Там же поправил вёрстку», «к нему же обновил схему»: more of the task named before (sq2)
    # «…, also set up alerting», «…, ещё настроил бэкапы»: the marker says another thing of the day was done, so the
    # piece is a deed whatever language its verb is in
    return kind == WORK and (names_work(item["summary"]) or bool(_MORE_OF_THE_DAY.match(item["summary"])))


def _described(item: dict[str, Any]) -> bool:
    """Whether a work item says something of its task besides the id (the labelling rule in docs/scrum.md): what
    was or will be done, with any verb («закрыл TASK-7», «делаю TASK-7»), what it is («TASK-7 — вёрстка») or its
    status («TASK-7 done», «TASK-7 — WIP»).  «TASK-7» alone after a header or a time word, or «задача TASK-7», is
    not described."""
    # «A/B», «CI/CD»: one word of its own, whose letters alone are too short to count
    text = without_task_ids(_HEADER_BEFORE_ID.sub("", item["summary"], count=1))
    if "/" in text:  # most summaries have no slash: no scan of every word for one
        text = _SLASHED.sub(r"\1\2", text)
    if _PROGRESS.search(text):
        return True  # a status in figures: «PAY-2 — 80%» says how far it got (session sg; a bare sign, «✅», does not)
    return any(_describes(w.lower()) for w in _WORD.findall(text))


# A section's label before the task, «Делаю: FARM-31», «Сделал: FARM-30 — …»: a header as «Сегодня:» is, whatever
# its word (session qv) — the words after the task still describe it.
_HEADER_BEFORE_ID = re.compile(rf"^\W*[^\W\d_]+\s*:\s*(?={_ID})")
# How far a task has got, in per cent: a status written as a figure.
_PROGRESS = re.compile(r"\d\s*%")
_SLASHED = re.compile(r"\b([A-Za-zА-Яа-яЁё]{1,3})/([A-Za-zА-Яа-яЁё]{1,3})\b")


@lru_cache(maxsize=8192)
def _describes(word: str) -> bool:
    """Whether a (lower-case) word of an item says something of its task: not a filler, a task noun, a verb any
    task takes, a time word or a header («сегодня», «Блокеры») — but a status («done», «WIP», «в работе») does.
    The vocabulary repeats, so the answer is kept per word."""
    if len(word) < 2 or word.isdigit() or word in _FILLER or word in _NOT_DESCRIBING:
        return False
    if word in _STATUS_WORDS:
        return True
    return not (_YESTERDAY_RE.fullmatch(word) or _TODAY_RE.fullmatch(word) or _BLOCKER_WORDS_FULL.fullmatch(word))
