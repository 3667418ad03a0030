"""A team lead's question read by grammar (session dlg, audit gap G5): whether it asks for a forecast — will the work be
done, by when — or what stands in the way, by the verb's lemma and form (pymorphy3), not by a list of phrasings.

Used by the backend's own questions (:func:`agentcore.apps.scrum.backend.questions.recognise`: ``FORECAST``) and by
the offline intent of ANALYTICS step 1 (:func:`agentcore.apps.scrum.intents.detect_intent`: ``TEAM_RISKS``).
"""

from __future__ import annotations

import re

__all__ = ["asks_forecast", "asks_what_hinders", "commands_an_act"]

# A forecast: a question about the team's work being finished in the future
# — a verb of finishing in a future (perfective non-past) form or an infinitive asked about, a verb of keeping pace
# in a non-past form, a schedule phrase, or the time still needed — not a list of phrasings.
_FINISH_LEMMAS = frozenset(
    (
        "закончить",
        "закончиться",
        "доделать",
        "закрыть",
        "завершить",
        "завершиться",
        "сдать",
        "добить",
        "дожать",
        "довести",
        "выполнить",
        "управиться",
        "справиться",
        "успеть",
        "уложиться",
    )
)
"""Verbs of getting the work done: a question in their future form («закроем?», «доделаем всё к концу спринта?»,
«успеем?») or with their infinitive («реально закрыть …?», «шанс сдать …?») asks whether it will be done."""
_DO_LEMMAS = frozenset(("сделать",))
"""«сделать» asks about completion only with a bound: a date, a weekday, the sprint's end, «всё», «вовремя»."""
_PACE_LEMMAS = frozenset(
    (
        "успевать",
        "укладываться",
        "отставать",
        "опаздывать",
        "отстать",
        "опоздать",
        "хватить",
    )
)
"""Verbs of keeping pace with a schedule, in a non-past form: «успеваем?», «не отстаём?», «хватит ли нам спринта?»."""
_HINDER_LEMMAS = frozenset(
    (
        "мешать",
        "помешать",
        "тормозить",
        "затормозить",
        "сорвать",
        "блокировать",
        "заблокировать",
        "держать",
        "задерживать",
        "задержать",
    )
)
"""What stands in the way: «что может помешать нам закончить спринт?» asks for the risks, not for a forecast."""
_WHAT_HINDERS = re.compile(r"^\W*(?:а\s+|и\s+)?(?:что|кто|какие|какая|какой|what|who|which)\b", re.IGNORECASE)
_SCHEDULE = re.compile(
    r"\bв\s+срок\w*|\bвовремя\b|\bв\s+график\w*|\bпо\s+график\w*|\bк\s+дедлайн\w*|\bв\s+дедлайн\w*|"
    r"\bсколько\s+(?:ещё\s+|еще\s+)?(?:дней|времени|недел\w+|спринт\w+|часов)\b|"
    r"\b(?:on|behind|ahead\s+of)\s+(?:schedule|track)\b|\beta\b|\bdeadlines?\b|\bhow\s+long\b|"
    r"\bhow\s+many\s+(?:more\s+)?days\b|"
    # the work's state of being done in the future: «когда всё будет готово?», «будет готово к пятнице?», «be ready»
    r"\bбуд(?:ет|ут|ем)\b[^?.!]{0,25}?\bготов\w*|\bготов\w*[^?.!]{0,25}?\bбуд(?:ет|ут|ем)\b|\bbe\s+ready\b",
    re.IGNORECASE,
)
"""Schedule phrases: «в срок», «вовремя», «в графике», «сколько ещё дней …», «on schedule», «ETA», «how long»."""
_ENGLISH_FINISH = re.compile(
    r"\b(?:will|can|could|shall|gonna|going\s+to|are\s+we|is\s+the\s+team)\b[^?.!]{0,40}?"
    r"\b(?:finish|complete|close|wrap|ship|deliver|make\s+it|be\s+done|get\s+(?:\w+\s+){0,2}done|hit|meet)\b",
    re.IGNORECASE,
)
"""English: an auxiliary of the future or of ability before a verb of finishing («will we make it», «can the team
finish …»); the verb in its base form only — «could you tell me what Boris closed?» tells what was done."""
_BOUND = re.compile(
    r"\b(?:к|до)\s+(?:конц\w*|пятниц|понедельник|вторник|сред|четверг|суббот|воскресень|\d)|\bвс[её]\b|"
    r"\bвовремя\b|\bв\s+срок",
    re.IGNORECASE,
)
_QUESTION = re.compile(r"\?|\bли\b|\bреально\b|\bшанс\w*|\bполучится\b|\bможем\b|\bсможем\b", re.IGNORECASE)
_RU_WORD = re.compile(r"[А-Яа-яЁё]+")


def _reading(word: str, lemmas: frozenset[str], forms: tuple[str, ...]) -> bool:
    """Whether one of ``word``'s readings is a form of a verb in ``lemmas`` with a grammeme of ``forms`` (``futr``,
    ``pres``, or the infinitive ``INFN``)."""
    from agentcore.text.morphology import parses

    for reading in parses(word):
        if reading.normal_form not in lemmas:
            continue
        tag = reading.tag
        if ("INFN" in forms and tag.POS == "INFN") or (tag.POS == "VERB" and str(tag.tense) in forms):
            return True
    return False


def asks_forecast(message: str) -> bool:
    """Whether ``message`` asks if (or when) the team's work will be done — read by grammar: a verb of finishing in
    the future («доделаем …?», «завершим спринт в срок?»; «сделать» only with a bound: a date, «всё», «вовремя»),
    its infinitive in a question («реально закрыть бэклог к среде?»), a verb of keeping pace in a non-past form
    («не отстаём?», «хватит ли нам спринта?»), a schedule phrase («в графике?», «сколько ещё дней нужно …?»,
    «on schedule», «ETA»), or an English auxiliary of the future or ability before a verb of finishing.  Past forms
    tell what was done («что команда успела сделать?»: the overview), and a question about what stands in the way
    («что может помешать нам закончить спринт?») asks for the risks."""
    words = [w.lower() for w in _RU_WORD.findall(message)]
    if _WHAT_HINDERS.match(message) and any(_reading(w, _HINDER_LEMMAS, ("pres", "futr", "INFN")) for w in words):
        return False
    if _ENGLISH_FINISH.search(message):
        return True
    asked = bool(_QUESTION.search(message))
    bound = bool(_BOUND.search(message))
    # «Успел ли Борис сдать отчёт?», «Почему Борис не смог закрыть …?»: an infinitive governed by a past verb tells
    # what was (or was not) done, not what will be
    told_past = _past_verb(words)
    for word in words:
        if _reading(word, _FINISH_LEMMAS, ("futr",)) or _reading(word, _PACE_LEMMAS, ("pres", "futr")):
            return True
        if asked and not told_past and _reading(word, _FINISH_LEMMAS, ("INFN",)):
            return True
        if bound and _reading(word, _DO_LEMMAS, ("futr",)):
            return True
    schedule = _SCHEDULE.search(message)
    if schedule:
        # «сколько дней длился спринт?», «что не сдали в срок?»: a past form tells what was, not what will be
        if told_past:
            return False
        # «Сколько времени занимает ревью у Веры?»: a duration with a present verb and nothing remaining is a measure
        return not (
            _HOW_MUCH_TIME.fullmatch(schedule.group())
            and not _REMAINING.search(message)
            and _SCHEDULE.search(message, schedule.end()) is None
            and _present_verb(words)
        )
    return False


_HOW_MUCH_TIME = re.compile(r"сколько\s+(?:ещё\s+|еще\s+)?\w+", re.IGNORECASE)
_REMAINING = re.compile(r"\b(?:ещ[её]|оста\w*|нужн\w*|надо|понадоб\w*|потребу\w*|будет|уйд[её]т)\b", re.IGNORECASE)


def _present_verb(words: list[str]) -> bool:
    """Whether a finite verb in the present tense (by its first reading) is among ``words``: «занимает»."""
    from agentcore.text.morphology import parses

    return any(r.tag.POS == "VERB" and r.tag.tense == "pres" for w in words for r in parses(w)[:1])


def _past_verb(words: list[str]) -> bool:
    """Whether a finite verb in the past tense (by its first reading) is among ``words``: «успел», «смог», «удалось»,
    «сдали»."""
    from agentcore.text.morphology import parses

    return any(r.tag.POS == "VERB" and r.tag.tense == "past" for w in words for r in parses(w)[:1])


def asks_what_hinders(message: str) -> bool:
    """«что может помешать нам успеть к пятнице?»: what stands in the way — the risks, whatever verb of finishing
    follows (see :func:`asks_forecast`)."""
    if not _WHAT_HINDERS.match(message):
        return False
    return any(_reading(w.lower(), _HINDER_LEMMAS, ("pres", "futr", "INFN")) for w in _RU_WORD.findall(message))


_ASK_LEMMAS = frozenset(
    [
        "показать",
        "дать",
        "рассказать",
        "сказать",
        "подсказать",
        "вывести",
        "перечислить",
        "описать",
        "посмотреть",
        "глянуть",
        "проверить",
        "посчитать",
        "сравнить",
        "напомнить",
        "объяснить",
        "собрать",
        "сделать",
        "составить",
        "подготовить",
        "написать",
        "уточнить",
        "найти",
        "выгрузить",
        "узнать",
    ]
)
"""Imperatives a team lead asks for information with («покажи задачи Веры», «расскажи, что у Бориса»)."""
_FIRST_WORD = re.compile(r"^\W*([А-Яа-яЁё]+)")
_TOLD_CLAUSE = re.compile(
    r"^\W*[А-Яа-яЁё]+\s*,\s*(?:(?:на|над|за|с|о|об|по|у|для|от|из|к)\s+)?"
    r"(?:что|чем|кто|кого|кому|как|где|когда|сколько|почему|зачем|как\w+|чь\w+|ли\b)",
    re.IGNORECASE,
)
"""An imperative followed by an indirect question («напиши, что делает Вера», «узнай, над чем работает Борис»): a
request to tell, whatever the verb."""


def commands_an_act(message: str) -> bool:
    """Whether ``message`` opens with an order to act rather than to tell — an imperative verb outside the verbs of
    showing and telling («уволь Бориса», «накажи Глеба», «повысь Анне зарплату») and not followed by an indirect
    question («напиши, что делает Вера»): not a question about the member it names (the offline intent step decides,
    off-topic examples included)."""
    from agentcore.text.morphology import parses

    found = _FIRST_WORD.match(message)
    if not found:
        return False
    if _TOLD_CLAUSE.match(message):
        return False
    readings = parses(found.group(1).lower())
    return any(r.tag.POS == "VERB" and "impr" in r.tag for r in readings[:1]) and not any(
        r.normal_form in _ASK_LEMMAS for r in readings
    )
