"""The offline planner for the ``crm.plan`` step: rules, not a language model.

It reads the user's message and the serialized ``agent_state`` and writes THOUGHT / ACTION / ASSISTANT for the
common Russian requests: find deals («Найди сделку «Ромашка»», «сделки дороже 100 000», «сделки на стадии в
работе»), show one or several («Покажи сделку 3», «эту сделку», «сделки 1, 2 и 3» → batch), create («Создай сделку
«Поставка» на 50 000 рублей для компании «Ромашка»» → batch with a ``$result`` reference), change amount, stage,
title, responsible or close date — of the current deal when none is named («поменяй сумму на 150 000») —, delete;
a deal's contact or company («покажи контакт сделки 3» → batch with a ``$result`` reference); contacts and companies
(show, find, create); event subscriptions (show, subscribe, unsubscribe).  Unquoted search words lose their Russian
case ending («по Ромашке» → ``%TITLE: Ромашк``); common English words («find deal», «show deal 3») are understood.
Anything else gets a short help text.  Decisions (``да`` / ``нет``) are applied by the orchestrator before the
planner runs; the planner only acknowledges them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from agentcore.apps.crm.blocks import format_reply
from agentcore.apps.crm.confirmations import decision_kind
from agentcore.apps.crm.model_client import CRM_STEP
from agentcore.apps.crm.offline_parse import amount, entity_ids, event_code, quoted, stage_code, url
from agentcore.apps.crm.phpquery import build_query
from agentcore.apps.crm.prompt import STATE_PREFIX, read_state
from agentcore.llm.models import LLMRequest
from agentcore.llm.offline import offline_handler

__all__ = ["HELP", "plan_reply"]

HELP = (
    "Я офлайн-планировщик CRM (правила, не языковая модель) и понимаю простые команды: «Найди сделку «Ромашка»», "
    "«Покажи сделку 3», «Создай сделку «Поставка» на 50 000 рублей для компании «Ромашка»», «Измени сумму этой "
    "сделки на 75 000», «Переведи сделку 2 на стадию в работе», «Покажи контакт сделки 1», «Найди контакт Петров», "
    "«Покажи подписки». "
    "Для свободных запросов подключите GigaChat или OpenAI-совместимую модель."
)
DEAL_SELECT = [
    "ID",
    "TITLE",
    "STAGE_ID",
    "OPPORTUNITY",
    "CURRENCY_ID",
    "COMPANY_ID",
    "CONTACT_ID",
    "ASSIGNED_BY_ID",
    "CLOSEDATE",
]
_STOP_WORDS = frozenset(
    {
        *("найди", "найти", "поищи", "ищи", "поиск", "покажи", "показать", "выведи", "список", "все", "всех"),
        *("мне", "пожалуйста", "по", "с", "названием", "под", "именем", "для"),
        *("сделку", "сделки", "сделок", "сделка", "компании", "компанию", "компания", "компаний"),
        *("контакт", "контакты", "контакта", "контактов"),
    }
)
_CURRENT = re.compile(r"\b(эт[уоиа]\w*|е[ёе]|текущ\w*|последн\w*|нов(?:ую|ой))\b", re.IGNORECASE)

_THIS_DEAL = re.compile(r"\b(?:эт(?:у|а|ой)|текущ\w*)\s+сделк")
# «контакт сделки 3», «компания этой сделки», «контакты по сделке»: an entity linked to a deal.
_LINKED = re.compile(r"\b(контакт|компани)\w*\s+(?:(?:по|у|из|для|от|этой|эту|текущей)\s+){0,2}сделк")

Reply = tuple[str, list[dict[str, Any]], str]


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 2)


def _has(low: str, *stems: str) -> bool:
    return any(stem in low for stem in stems)


def _verb(low: str, *stems: str) -> bool:
    return any(re.search(rf"\b{stem}", low) for stem in stems)


def _current(state: dict[str, Any], kind: str) -> str | None:
    value = (state.get("objects") or {}).get(f"{kind}_id")
    return str(value) if value else None


def _target_deal(text: str, state: dict[str, Any]) -> str | None:
    ids = entity_ids(text, "сделк")
    if ids:
        return ids[0]
    return _current(state, "deal")


def _search_words(text: str, after: str) -> str | None:
    name = quoted(text)
    if name:
        return name
    match = re.search(rf"{after}\w*\s+(.+)$", text, re.IGNORECASE)
    if not match:
        return None
    words = [w for w in re.findall(r"[\w-]+", match.group(1)) if w.lower() not in _STOP_WORDS and not w.isdigit()]
    return " ".join(words) or None


# Russian case endings cut from an unquoted search word («по Ромашке», «Смирновой», a doubled last letter), so the
# LIKE filter finds the name in any form; nominative surnames («Петров») keep their «-ов».
_ENDINGS = ("ами", "ями", "ой", "ей", "ую", "юю", "ым", "им", "ом", "ем", "ах", "ях", "ам", "ям", *"аяуюеыи")
_CYRILLIC_WORD = re.compile(r"[а-яё-]+", re.IGNORECASE)


def _stem(word: str) -> str:
    if not _CYRILLIC_WORD.fullmatch(word):
        return word
    for ending in _ENDINGS:
        if word.lower().endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def _search_term(text: str, after: str) -> str | None:
    """What to look for with a ``%`` (LIKE) filter: a quoted name as written; otherwise the longest word of the
    request, without its case ending (one LIKE cannot match several separate words)."""
    name = quoted(text)
    if name:
        return name
    words = _search_words(text, after)
    if not words:
        return None
    return _stem(max(words.split(), key=len))


def _step(method: str, params: dict[str, Any], comment: str) -> dict[str, Any]:
    return {"method": method, "params": params, "comment": comment}


def _no_deal() -> Reply:
    return (
        "Не понятно, о какой сделке речь.",
        [],
        "Уточните номер сделки (например, «сделку 3») или сначала найдите её.",
    )


# --- deals -----------------------------------------------------------------------------------------


def _deal_update(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if not _verb(
        low,
        "измени",
        "поменя",
        "установи",
        "постав",
        "обнови",
        "исправ",
        "смени",
        "переведи",
        "перемести",
        "переименуй",
        "назнач",
        "перенеси",
        "сдвинь",
    ):
        return None
    if "сделк" not in low and _has(low, "контакт", "компани"):
        return None  # without a noun the request is about the current deal («поменяй сумму на 150 000»)
    fields: dict[str, Any] = {}
    what = ""
    if "сумм" in low or "бюджет" in low:
        value = amount(re.split(r"\bна\b", text)[-1]) or amount(text)
        if value is None:
            return ("Сумма не указана.", [], "Укажите новую сумму, например: «Измени сумму сделки 3 на 75 000».")
        fields["OPPORTUNITY"] = _number(value)
        what = f"сумму на {value:,.0f}".replace(",", " ")
    elif "стади" in low or "этап" in low or _verb(low, "переведи", "перемести"):
        stage = stage_code(text)
        if stage is None:
            return (
                "Стадия не распознана.",
                [],
                "Укажите стадию: новая, подготовка, предоплата, в работе, финальный счёт, выиграна или проиграна.",
            )
        fields["STAGE_ID"] = stage
        what = f"стадию на {stage}"
    elif _verb(low, "переименуй") or "назван" in low:
        title = quoted(text)
        if not title:
            return (
                "Новое название не указано.",
                [],
                "Укажите новое название в кавычках: «Переименуй сделку 3 в «Новое»».",
            )
        fields["TITLE"] = title
        what = f"название на «{title}»"
    elif "ответствен" in low:
        match = re.search(r"ответствен\w*\s*(?:[#№]\s*)?(\d+)", low) or re.search(r"(\d+)\s*$", low)
        if not match:
            return ("Ответственный не указан.", [], "Укажите id сотрудника: «Назначь ответственным 5».")
        fields["ASSIGNED_BY_ID"] = int(match.group(1))
        what = f"ответственного на #{match.group(1)}"
    elif "дат" in low and "закрыт" in low:
        match = re.search(r"(\d{4}-\d{2}-\d{2})|(\d{1,2})\.(\d{1,2})\.(\d{4})", text)
        if not match:
            return ("Дата не указана.", [], "Укажите дату в виде 2026-12-31 или 31.12.2026.")
        day = match.group(1) or f"{match.group(4)}-{int(match.group(3)):02d}-{int(match.group(2)):02d}"
        fields["CLOSEDATE"] = day
        what = f"дату закрытия на {day}"
    else:
        return None
    if len(entity_ids(text, "сдел")) > 1:  # «сделки 1 и 2», «сделок 1 и 2»
        return ("Названо несколько сделок.", [], "Я меняю одну сделку за раз: назовите одну, например «сделки 3».")
    deal_id = _target_deal(text, state)
    if deal_id is None:
        return _no_deal()
    step = _step("crm.deal.update", {"id": int(deal_id), "fields": fields}, f"Меняем {what} у сделки #{deal_id}")
    return (
        f"Нужно изменить {what} у сделки #{deal_id}: crm.deal.update.",
        [step],
        f"Меняю {what} у сделки #{deal_id}.",
    )


def _deal_delete(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if not (_verb(low, "удали", "удалить") and "сделк" in low):
        return None
    ids = entity_ids(text, "сделк")
    if len(ids) > 1:  # every deal the user named, as one batch they confirm as a whole
        cmd = {f"delete_{i}": f"crm.deal.delete?id={i}" for i in ids[:50]}
        step = _step("batch", {"halt": 1, "cmd": cmd}, "Удаляем несколько сделок одним пакетом")
        listed = ", ".join(f"#{i}" for i in ids[:50])
        return (f"Удаление сделок {listed}: один batch.", [step], f"Удаляю сделки {listed}.")
    deal_id = _target_deal(text, state)
    if deal_id is None:
        return _no_deal()
    step = _step("crm.deal.delete", {"id": int(deal_id)}, f"Удаляем сделку #{deal_id}")
    return (f"Удаление сделки #{deal_id}: crm.deal.delete.", [step], f"Удаляю сделку #{deal_id}.")


def _deal_create(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    wants_new = _verb(low, "созда", "добав", "завед") or re.search(r"\bнов(?:ая|ую)\s+сделк", low)
    if not (wants_new and "сделк" in low):
        return None
    title = quoted(text.split(" для ")[0]) or _search_words(re.split(r"\s+на\s+\d|\s+для\s+", text)[0], "сделк")
    fields: dict[str, Any] = {"TITLE": title or "Новая сделка", "CURRENCY_ID": "RUB"}
    value = amount(re.split(r"\s+для\s+", text)[0])
    if value is not None:
        fields["OPPORTUNITY"] = _number(value)
    company_part = re.search(r"для\s+компани\w*\s+(.+)$", text, re.IGNORECASE)
    thought = f"Создаём сделку «{fields['TITLE']}»"
    if company_part:
        company_ids = re.fullmatch(r"\s*[#№]?\s*(\d+)\s*\.?", company_part.group(1))
        if company_ids:
            fields["COMPANY_ID"] = int(company_ids.group(1))
        else:
            company = quoted(company_part.group(1)) or company_part.group(1).strip(" .")
            lookup = build_query({"filter": {"%TITLE": company}, "select": ["ID", "TITLE"]})
            add = build_query({"fields": fields}) + "&fields[COMPANY_ID]=$result[company][0][ID]"
            cmd = {"company": f"crm.company.list?{lookup}", "deal": f"crm.deal.add?{add}"}
            step = _step("batch", {"halt": 1, "cmd": cmd}, f"Находим компанию «{company}» и создаём сделку")
            return (
                f"{thought} для компании «{company}»: batch из поиска компании и crm.deal.add со ссылкой $result.",
                [step],
                f"Создаю сделку «{fields['TITLE']}» для компании «{company}».",
            )
    step = _step("crm.deal.add", {"fields": fields}, thought)
    return (f"{thought}: crm.deal.add.", [step], f"Создаю сделку «{fields['TITLE']}».")


def _deal_show(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if "сделк" not in low or not _verb(
        low, "покаж", "откро", "открой", "прочит", "выведи", "информац", "подробн", "детал", "что с", "какая"
    ):
        return None
    ids = entity_ids(text, "сделк")
    if len(ids) > 1:
        cmd = {f"deal_{i}": f"crm.deal.get?id={i}" for i in ids[:50]}
        step = _step("batch", {"halt": 0, "cmd": cmd}, "Читаем несколько сделок одним пакетом")
        return (f"Нужно прочитать сделки {', '.join(ids)}: один batch.", [step], "Читаю сделки одним пакетом.")
    deal_id = ids[0] if ids else (_current(state, "deal") if _CURRENT.search(text) else None)
    if deal_id is None:
        return _no_deal() if _THIS_DEAL.search(low) else None
    step = _step("crm.deal.get", {"id": int(deal_id)}, f"Читаем сделку #{deal_id}")
    return (f"Читаю сделку #{deal_id}: crm.deal.get.", [step], f"Открываю сделку #{deal_id}.")


def _deal_find(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if "сдел" not in low:
        return None
    filters: dict[str, Any] = {}
    stage = stage_code(text) if ("стади" in low or "этап" in low) else None
    if stage:
        filters["STAGE_ID"] = stage
    bound = re.search(r"(дороже|больше|свыше|от|дешевле|меньше|до)\s+([\d\s.,]+\s*(?:тыс\w*|млн\w*|к)?)", low)
    if bound:
        value = amount(bound.group(2))
        if value is not None:
            op = ">=" if bound.group(1) in ("от",) else ">" if bound.group(1) in ("дороже", "больше", "свыше") else "<"
            filters[f"{op}OPPORTUNITY"] = _number(value)
    if not filters:
        words = _search_term(text, "сдел")
        if words:
            filters["%TITLE"] = words
    params: dict[str, Any] = {"filter": filters, "select": DEAL_SELECT, "order": {"ID": "DESC"}}
    what = ", ".join(f"{k} {v}" for k, v in filters.items()) or "все"
    step = _step("crm.deal.list", params, "Ищем сделки")
    return (f"Поиск сделок ({what}): crm.deal.list.", [step], "Ищу сделки.")


def _deal_linked(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    match = _LINKED.search(low)
    if match is None or _verb(low, "созда", "добав", "завед"):
        return None
    deal_id = _target_deal(text, state)
    if deal_id is None:
        return _no_deal()
    kind, field, noun, what = (
        ("contact", "CONTACT_ID", "Нужен контакт", "контакт")
        if match.group(1) == "контакт"
        else ("company", "COMPANY_ID", "Нужна компания", "компанию")
    )
    cmd = {"deal": f"crm.deal.get?id={int(deal_id)}", kind: f"crm.{kind}.get?id=$result[deal][{field}]"}
    step = _step("batch", {"halt": 1, "cmd": cmd}, f"Читаем сделку #{deal_id} и её {what}")
    return (
        f"{noun} сделки #{deal_id}: batch из crm.deal.get и crm.{kind}.get со ссылкой $result[deal][{field}].",
        [step],
        f"Открываю {what} сделки #{deal_id}.",
    )


# --- contacts and companies ------------------------------------------------------------------------


def _contact(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if "контакт" not in low:
        return None
    if _verb(low, "созда", "добав", "завед"):
        name = quoted(text) or _search_words(re.split(r"\s+(?:телефон|тел\.|e-?mail|почта)", text)[0], "контакт")
        if not name:
            return ("Имя не указано.", [], "Укажите имя контакта: «Создай контакт Иван Петров».")
        first, _, last = name.partition(" ")
        fields: dict[str, Any] = {"NAME": first, "LAST_NAME": last} if last else {"NAME": first}
        phone = re.search(r"(\+?\d[\d\s()-]{6,}\d)", text)
        if phone:
            fields["PHONE"] = [{"VALUE": phone.group(1).strip(), "VALUE_TYPE": "WORK"}]
        email = re.search(r"[\w.+-]+@[\w-]+\.[\w.-]+", text)
        if email:
            fields["EMAIL"] = [{"VALUE": email.group(0), "VALUE_TYPE": "WORK"}]
        step = _step("crm.contact.add", {"fields": fields}, f"Создаём контакт {name}")
        return (f"Создаём контакт {name}: crm.contact.add.", [step], f"Создаю контакт {name}.")
    ids = entity_ids(text, "контакт")
    contact_id = ids[0] if ids else (_current(state, "contact") if _CURRENT.search(text) else None)
    if contact_id:
        step = _step("crm.contact.get", {"id": int(contact_id)}, f"Читаем контакт #{contact_id}")
        return (f"Читаю контакт #{contact_id}: crm.contact.get.", [step], f"Открываю контакт #{contact_id}.")
    words = _search_term(text, "контакт")
    if not words:
        return None
    select = ["ID", "NAME", "LAST_NAME", "COMPANY_ID", "POST"]
    cmd = {
        "by_last_name": "crm.contact.list?" + build_query({"filter": {"%LAST_NAME": words}, "select": select}),
        "by_name": "crm.contact.list?" + build_query({"filter": {"%NAME": words}, "select": select}),
    }
    step = _step("batch", {"halt": 0, "cmd": cmd}, f"Ищем контакт «{words}» по фамилии и по имени")
    return (f"Ищу контакт «{words}» по фамилии и по имени одним batch.", [step], f"Ищу контакт «{words}».")


def _company(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if "компани" not in low:
        return None
    if _verb(low, "созда", "добав", "завед"):
        title = quoted(text) or _search_words(text, "компани")
        if not title:
            return ("Название не указано.", [], "Укажите название компании: «Создай компанию «Альфа»».")
        step = _step("crm.company.add", {"fields": {"TITLE": title}}, f"Создаём компанию «{title}»")
        return (f"Создаём компанию «{title}»: crm.company.add.", [step], f"Создаю компанию «{title}».")
    ids = entity_ids(text, "компани")
    company_id = ids[0] if ids else (_current(state, "company") if _CURRENT.search(text) else None)
    if company_id:
        step = _step("crm.company.get", {"id": int(company_id)}, f"Читаем компанию #{company_id}")
        return (f"Читаю компанию #{company_id}: crm.company.get.", [step], f"Открываю компанию #{company_id}.")
    words = _search_term(text, "компани")
    params = {"filter": {"%TITLE": words} if words else {}, "select": ["ID", "TITLE", "COMPANY_TYPE"]}
    step = _step("crm.company.list", params, "Ищем компании")
    return ("Поиск компаний: crm.company.list.", [step], "Ищу компании.")


# --- events and fields -----------------------------------------------------------------------------


def _events(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if not _has(low, "подписк", "подпиш", "отпиш", "событи"):
        return None
    if _verb(low, "отпиш", "удали", "отмени", "сними"):
        event = event_code(text) or next((b.get("event") for b in state.get("event_bindings") or []), None)
        if not event:
            return ("Непонятно, от какого события отписаться.", [], "Уточните событие, например «на создание сделок».")
        params: dict[str, Any] = {"event": event}
        handler = url(text) or next(
            (b.get("handler") for b in state.get("event_bindings") or [] if b.get("event") == event), None
        )
        if handler:
            params["handler"] = handler
        step = _step("event.unbind", params, f"Отписываемся от {event}")
        return (f"Отписка от {event}: event.unbind (нужно подтверждение).", [step], f"Отписываю от {event}.")
    if _verb(low, "подпиш", "подключ", "создай подписк", "добавь подписк"):
        event, handler = event_code(text), url(text)
        if not event or not handler:
            return (
                "Не хватает события или адреса.",
                [],
                "Укажите событие и адрес обработчика: «Подпишись на создание сделок https://example.com/handler».",
            )
        step = _step("event.bind", {"event": event, "handler": handler}, f"Подписываемся на {event}")
        return (f"Подписка на {event}: event.bind (нужно подтверждение).", [step], f"Подписываю {handler} на {event}.")
    step = _step("event.get", {}, "Читаем подписки на события")
    return ("Список подписок: event.get.", [step], "Смотрю подписки на события.")


def _fields(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if "пол" not in low or not _verb(low, "какие пол", "список пол", "покажи пол", "поля"):
        return None
    kind = "contact" if "контакт" in low else "company" if "компани" in low else "deal"
    step = _step(f"crm.{kind}.fields", {}, "Читаем описание полей")
    return (f"Описание полей: crm.{kind}.fields.", [step], "Смотрю, какие есть поля.")


_RULES: list[Callable[[str, str, dict[str, Any]], Reply | None]] = [
    _events,
    _fields,
    _deal_delete,
    _deal_create,
    _deal_update,
    _deal_linked,
    _deal_show,
    _contact,
    _company,
    _deal_find,
]


def _acknowledge(kind: str, state: dict[str, Any]) -> Reply:
    notes = state.get("this_turn") or []
    if kind == "approve":
        if notes:
            return ("Пользователь подтвердил; оркестратор уже выполнил действие.", [], "Готово.")
        return ("Подтверждать нечего.", [], "Сейчас нет действий, ожидающих подтверждения. Чем помочь?")
    if notes:
        return ("Пользователь отказался; запрос отклонён.", [], "Хорошо, не выполняю.")
    return ("Отказ без ожидающих действий.", [], "Хорошо. Чем ещё помочь?")


# English words people mix in («find deal Ромашка», «show deal 3»), read as their Russian counterparts.
_ENGLISH = {
    **dict.fromkeys(("find", "search", "look"), "найди"),
    **dict.fromkeys(("show", "open", "get", "list"), "покажи"),
    **dict.fromkeys(("create", "add", "new"), "создай"),
    **dict.fromkeys(("change", "update", "set", "edit"), "измени"),
    **dict.fromkeys(("delete", "remove"), "удали"),
    "deal": "сделку",
    "deals": "сделки",
    **dict.fromkeys(("contact", "contacts"), "контакт"),
    "company": "компанию",
    "companies": "компании",
    **dict.fromkeys(("amount", "sum", "price"), "сумму"),
    "stage": "стадию",
    "to": "на",
    "this": "эту",
}
_ENGLISH_OR_QUOTED = re.compile(r"(«[^»]*»|\"[^\"]*\")|\b(" + "|".join(_ENGLISH) + r")\b", re.IGNORECASE)


def _russian(text: str) -> str:
    """``text`` with the English words of :data:`_ENGLISH` replaced (quoted names stay as written)."""
    return _ENGLISH_OR_QUOTED.sub(lambda m: m.group(1) or _ENGLISH[m.group(2).lower()], text)


def plan_reply(message: str, state: dict[str, Any]) -> str:
    """The planner's answer to ``message`` given the serialized state (the seed's block format)."""
    text = _russian(" ".join(message.split()))
    low = text.lower()
    kind = decision_kind(text)
    short = len(re.findall(r"\w+", low)) <= 4
    if kind is not None and short:
        return format_reply(*_acknowledge(kind, state))
    if kind is None and short and re.match(r"(да|ок|ага|yes|ok)\b", low):  # «да нет», «да ну»: a yes taken back
        return format_reply("Решение неоднозначно.", [], "Уточните, пожалуйста: «да» или «нет»?")
    if _verb(low, "помощ", "помоги", "справк", "что ты умеешь", "help"):
        return format_reply("Пользователь просит справку.", [], HELP)
    for rule in _RULES:
        reply = rule(text, low, state)
        if reply is not None:
            return format_reply(*reply)
    return format_reply("Запрос не распознан правилами офлайн-планировщика.", [], HELP)


@offline_handler(CRM_STEP)
def _offline_plan(request: LLMRequest) -> str:
    message = next(
        (
            m.content
            for m in reversed(request.messages)
            if m.role == "user" and m.content and not m.content.startswith(STATE_PREFIX)
        ),
        "",
    )
    return plan_reply(message or "", read_state(request.messages))
