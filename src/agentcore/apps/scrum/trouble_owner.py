"""Whose trouble a statement tells (issue 19, session sb): a statement that opens with «у» and a person or a group
other than the member — «у Кати проблемы со стендом», «у дизайнеров горит релиз», «у соседней команды прод лёг» —
tells a colleague's trouble as news, not the member's impediment.

Read by morphology (pymorphy3 through :func:`agentcore.text.morphology.parses`), not by a list of names: after «у»
(a linking word or two may come first: «а у Пети …», «кстати, у …») stands a noun in the genitive that is animate —
a name, a role, people («Кати», «дизайнеров», «смежников») — or a group noun («команды», «отдела») with an adjective
that sets it apart («соседней команды», «мобильного отдела»).  Not another's: the member («у меня», «у нас»), the
whole of a group («у всей команды», «у всех», «у каждого» — the member is among them), the public a business
serves («у клиентов», «у пользователей» — their trouble is the business's), a third-person pronoun (whose it is
the words do not say), a thing («у стенда кончилось место»).  Whether the member is touched after all is for the
caller to read (:func:`agentcore.apps.scrum.daily_parser.blocker_clauses.others_trouble`)."""

from __future__ import annotations

from agentcore.text.morphology import parses

_LEADS = frozenset(("а", "и", "кстати", "ещё", "еще", "вот", "тоже", "также", "зато", "правда"))
_LEAD_MAX = 2
_MODIFIERS_MAX = 2
_GROUPS = frozenset(("команда", "отдел", "подразделение", "сквад", "служба", "направление", "департамент", "группа"))
_NOT_ANOTHER = frozenset(("я", "мы", "весь", "все", "всё", "каждый", "любой", "никто", "кто", "наш", "мой", "свой"))
_PUBLIC_PREFIXES = (
    "клиент", "пользовател", "покупател", "пациент", "студент", "юзер", "абонент", "посетител", "пассажир",
    "заказчик", "подписчик",
)  # fmt: skip


def opens_with_another(words: list[str]) -> bool:
    """Whether ``words`` (one statement, lower-cased) open with «у» and a person or a group other than the member
    (see the module docstring)."""
    start = 0
    while start < min(len(words), _LEAD_MAX) and words[start] in _LEADS:
        start += 1
    if start >= len(words) or words[start] != "у":
        return False
    for modifiers, word in enumerate(words[start + 1 : start + 2 + _MODIFIERS_MAX]):
        readings = parses(word)
        if word.startswith(_PUBLIC_PREFIXES) or any(p.normal_form in _NOT_ANOTHER for p in readings):
            return False
        noun = next((p for p in readings if {"NOUN", "gent"} <= p.tag.grammemes), None)
        if noun is not None and (modifiers == 0 or "ADJF" not in readings[0].tag.grammemes):
            return "anim" in noun.tag.grammemes or (noun.normal_form in _GROUPS and modifiers > 0)
        if not any({"ADJF", "gent"} <= p.tag.grammemes for p in readings):
            return False
    return False
