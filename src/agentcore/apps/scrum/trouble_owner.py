"""Whose trouble a statement tells (issue 19, session sb): a statement that opens with «у» and a person or a group other
than the member — «у Кати проблемы со стендом», «у дизайнеров горит релиз», «у соседней команды прод лёг» — tells a
colleague's trouble as news, not the member's impediment.

Read by morphology (pymorphy3 through :func:`agentcore.text.morphology.parses`), not by a list of names: after «у» (a
linking word or two may come first: «а у Пети …», «кстати, у …») stands a noun in the genitive that is animate — a
name, a role, people («Кати», «дизайнеров», «смежников») — or a group noun («команды», «отдела») with an adjective
that sets it apart («соседней команды», «мобильного отдела»). Not another's: the member («у меня», «у нас»), the
whole of a group («у всей команды», «у всех», «у каждого» — the member is among them), the public a business serves
(«у клиентов», «у пользователей» — their trouble is the business's), a third-person pronoun (whose it is the words do
not say), a thing («у стенда кончилось место»). The one who lacks or needs may also open the statement in the dative,
the same way: «Пете нужен доступ к репо», «дизайнерам не хватает данных». Whether the member is touched after all is
for the caller to read (:func:`agentcore.apps.scrum.daily_parser.blocker_clauses.others_trouble`)."""

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
