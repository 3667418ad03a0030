"""Whose trouble a statement tells (issue 19, session sb): a statement that opens with «у» and a person or a group other
than the member — «у Кати проблемы со стендом», «у дизайнеров горит релиз», «у соседней команды прод лёг» — tells a
colleague's trouble as news, not the member's impediment.

Read by morphology (pymorphy3 through :func:`agentcore.text.morphology.parses`), not by a list of names: after «у» (a
linking word or two may come first: «а у Пети …», «кстати, у …») stands a noun in the genitive that is animate — a
name, a role, people («Кати», «дизайнеров», «смежников») — or a group noun («команды», «отдела») with an adjective
that sets it apart («соседней команды», «мобильного отдела»). Not another's: the member («у меня», «у нас»), the
whole of a group («у всей команды», «у всех», «у каждого» — the member is among them), the public a business serves
(«у клиентов», «у пользователей» — their trouble is the business's), a third-person pronoun (whose it is the words do
not say), a thing («у стенда кончилось место»), a word read first as a preposition («По второй жду тексты»: pymorphy3
also knows a surname «По»; session sq2). The one who lacks or needs may also open the statement in the dative,
the same way: «Пете нужен доступ к репо», «дизайнерам не хватает данных». Whether the member is touched after all is
for the caller to read (:func:`agentcore.apps.scrum.daily_parser.blocker_clauses.others_trouble`)."""

from __future__ import annotations

import re

from agentcore.text.morphology import parses

_LEADS = frozenset(("а", "и", "кстати", "ещё", "еще", "вот", "тоже", "также", "зато", "правда"))
_LEAD_MAX = 2
_MODIFIERS_MAX = 2
_GROUPS = frozenset(("команда", "отдел", "подразделение", "сквад", "служба", "направление", "департамент", "группа"))
_FUNCTION_WORDS = frozenset(("PREP", "CONJ", "PRCL"))
_NOT_ANOTHER = frozenset(("я", "мы", "весь", "все", "всё", "каждый", "любой", "никто", "кто", "наш", "мой", "свой"))
_PUBLIC_PREFIXES = (
    "клиент", "пользовател", "покупател", "пациент", "студент", "юзер", "абонент", "посетител", "пассажир",
    "заказчик", "подписчик",
)  # fmt: skip


def opens_with_another(words: list[str]) -> bool:
    """Whether ``words`` (one statement, lower-cased) open with a person or a group other than the member as the one
    the trouble is with: «у» and the genitive, or the dative of the one who lacks or needs («Пете нужен доступ»,
    «дизайнерам не хватает данных») — see the module docstring."""
    start = 0
    while start < min(len(words), _LEAD_MAX) and words[start] in _LEADS:
        start += 1
    if start >= len(words):
        return False
    if words[start] == "у":
        return _another(words[start + 1 : start + 2 + _MODIFIERS_MAX], "gent")
    return _another(words[start : start + 1 + _MODIFIERS_MAX], "datv")


def _another(words: list[str], case: str) -> bool:
    """Whether ``words`` open with a noun phrase in ``case`` naming a person or a set-apart group (see above)."""
    for modifiers, word in enumerate(words):
        readings = parses(word)
        if readings and readings[0].tag.POS in _FUNCTION_WORDS:
            # «по второй жду тексты», «к нему вопрос»: a word read first as a preposition (pymorphy3 also knows a
            # surname «По») governs the case that follows — the one who lacks stands bare in the dative (session sq2)
            return False
        if word.startswith(_PUBLIC_PREFIXES) or any(p.normal_form in _NOT_ANOTHER for p in readings):
            return False
        nouns = [p for p in readings if {"NOUN", case} <= p.tag.grammemes]
        if nouns and (modifiers == 0 or "ADJF" not in readings[0].tag.grammemes):
            if any("anim" in p.tag.grammemes for p in nouns):
                return True
            return modifiers > 0 and any(p.normal_form in _GROUPS for p in nouns)
        if not any({"ADJF", case} <= p.tag.grammemes for p in readings):
            return False
    return False


# The state of being stopped, told of its subject: «Маша заблокирована», «тестировщики застряли», «Петя ждёт».
_STOPPED_RU = re.compile(
    r"(?:тоже|также|всё|все|ещё|еще|до|сих|пор|сейчас|сегодня|вчера|полностью|совсем|\s)*"
    r"(?:заблокирован\w*|застрял\w*|застряв\w*|ждёт|ждет|ждут|простаива\w*)\b",
    re.IGNORECASE,
)
# English: a name, or «she / he / they», then the state: «Sarah is blocked on …», «Mike's stuck with …».
_STOPPED_EN = re.compile(
    r"^\W*(?:(?:[Aa]nd|[Aa]lso|[Bb]tw|[Mm]eanwhile)\W+)?(?P<who>[A-Z][a-z]+|[Ss]he|[Hh]e|[Tt]hey)"
    r"(?:'s|'re|\s+(?:is|was|are|were|has\s+been|have\s+been|got))?\s+(?:still\s+|also\s+|completely\s+)?"
    r"(?:blocked|stuck|waiting)\b"
)
# Capitalised words that open a statement without naming another person: the member's own «We're blocked …», a thing
# («It's stuck»), a whole the member is among.
_NOT_ANOTHER_EN = frozenset(("we", "it", "this", "that", "everyone", "everybody", "all", "everything", "our", "my"))
# A later word that takes a person back («I'm helping her», «pairing with him»): the name was a person's.
_PERSON_BACK = re.compile(r"\b(?:her|him|she|he)\b", re.IGNORECASE)
_WORD_RU = re.compile(r"[а-яё]+", re.IGNORECASE)


def another_is_stopped(statement: str, rest: str = "") -> bool:
    """Whether ``statement`` opens with a person other than the member in the state of being stopped — «Маша
    заблокирована доступами», «тестировщики застряли на стенде», «Sarah is blocked on the sandbox» — the trouble is
    that person's, told as news.  Russian by morphology: an animate noun in the nominative (a name, a role, people)
    first, not the member nor a whole the member is among («все», «мы»).  English by the form: she / he / they, or a
    capitalised name that a later word of the clause (``rest``) takes back as a person («…, I'm helping her»); a
    capitalised word alone may be a thing («Staging is blocked»).  Whether the member is touched after all is for
    the caller to read."""
    english = _STOPPED_EN.match(statement)
    if english:
        who = english.group("who").lower()
        if who in _NOT_ANOTHER_EN:
            return False
        return who in ("she", "he", "they") or bool(_PERSON_BACK.search(rest))
    words = _WORD_RU.findall(statement[:80])
    start = 0
    while start < min(len(words), _LEAD_MAX) and words[start].lower() in _LEADS:
        start += 1
    if start >= len(words):
        return False
    first = words[start].lower()
    readings = parses(first)
    if first.startswith(_PUBLIC_PREFIXES) or any(p.normal_form in _NOT_ANOTHER for p in readings):
        return False
    if not any({"NOUN", "nomn", "anim"} <= p.tag.grammemes for p in readings):
        return False
    after = statement[statement.lower().find(first) + len(first) :]
    return _STOPPED_RU.match(after) is not None
