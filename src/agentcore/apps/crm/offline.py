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
from agentcore.apps.crm.confirm_text import as_data, money
from agentcore.apps.crm.confirmations import decision_kind
from agentcore.apps.crm.mentions import find_mentions, imperatives, is_question
from agentcore.apps.crm.messages import NOTHING_TO_CANCEL
from agentcore.apps.crm.model_client import CRM_STEP
from agentcore.apps.crm.offline_parse import (
    amount,
    deadline,
    entity_ids,
    event_code,
    mask_quoted,
    quoted,
    quoted_all,
    quoted_spans,
    stage_code,
    url,
)
from agentcore.apps.crm.phpquery import build_query
from agentcore.apps.crm.prompt import STATE_PREFIX, read_state
from agentcore.apps.crm.resolve import ASK_WHICH, phone_spellings
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
# «последняя сделка» is the newest on the portal (``resolved`` with ``newest``), not the one shown last.
_CURRENT = re.compile(r"\b(эт[уоиа]\w*|е[ёе]|текущ\w*|нов(?:ую|ой))\b", re.IGNORECASE)

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


_UPDATE_VERBS = (
    *("изменить", "поменять", "установить", "поставить", "обновить", "исправить", "сменить", "перевести"),
    *("переместить", "переименовать", "назначить", "перенести", "сдвинуть", "передвинуть", "передать"),
    *("перекинуть", "выставить", "сделать", "указать", "вписать", "увеличить", "уменьшить", "снизить", "поднять"),
    *("закрыть", "отметить", "двинуть", "переключить", "поручить"),
)
_CREATE_VERBS = ("создать", "добавить", "завести", "открыть", "оформить", "зарегистрировать")


def _acts(text: str, *verbs: str) -> bool:
    """True when ``text`` has one of ``verbs`` (infinitives) as an imperative or infinitive, in any form, outside
    its quoted fragments (a verb inside a quoted title is data, not a command)."""
    return bool(imperatives(mask_quoted(text, " ")).intersection(verbs))


Choice = tuple[str | None, Reply | None]


def _listing(rows: list[dict[str, Any]], show: Callable[[dict[str, Any]], str]) -> str:
    return "; ".join(show(row) for row in rows[:10])


def _deal_label(row: dict[str, Any]) -> str:
    """«#6 «Дубль» — 10 000 ₽, компания «Ромашка»»: what tells same-named deals apart (amount and company when
    the row has them)."""
    extra = []
    if row.get("OPPORTUNITY") not in (None, ""):
        extra.append(money(row.get("OPPORTUNITY"), row.get("CURRENCY_ID") or "RUB"))
    if row.get("COMPANY_TITLE"):
        extra.append(f"компания {as_data(row.get('COMPANY_TITLE'))}")
    elif str(row.get("COMPANY_ID") or "0") != "0":
        extra.append(f"компания #{row.get('COMPANY_ID')}")
    return f"#{row.get('ID')} {as_data(row.get('TITLE'))}" + (f" — {', '.join(extra)}" if extra else "")


def _user_label(row: dict[str, Any]) -> str:
    return f"#{row.get('ID')} {row.get('NAME') or ''} {row.get('LAST_NAME') or ''}".strip()


def _resolved(state: dict[str, Any], kind: str) -> dict[str, Any] | None:
    value = (state.get("resolved") or {}).get(kind)
    return value if isinstance(value, dict) else None


def _pick(state: dict[str, Any], kind: str, noun: str, label: Callable[[dict[str, Any]], str]) -> Choice:
    """The one object a name resolved to, or a reply: not found, several (listed, the user picks), no portal."""
    found = _resolved(state, kind)
    if found is None:
        return None, None
    name = found.get("name", "")
    if found.get("error"):
        return None, (
            f"Не удалось найти «{name}» на портале: {found['error']}.",
            [],
            f"Не получилось найти {noun} «{name}» на портале. Укажите номер, например «{noun} 3».",
        )
    matches = [m for m in found.get("matches") or [] if isinstance(m, dict)]
    if not matches:
        similar = [m for m in found.get("similar") or [] if isinstance(m, dict)]
        hint = (
            f" Похожие: {_listing(similar, label)}. Если речь об одной из них, повторите запрос с номером, например "
            f"«{noun} {similar[0].get('ID')}»."
            if similar
            else " Проверьте название."
        )
        return None, (f"По «{name}» ничего не найдено.", [], f"Не нашёл {noun} «{name}».{hint}")
    if found.get("newest") and len(matches) > 1:  # «поменяй сумму последних 3 сделок»: one record per change
        listed = _listing(matches, label)
        return None, (
            f"«{name}» — несколько записей: {listed}. Меняю по одной.",
            [],
            f"«{name}» — это {listed}. Я меняю одну запись за раз: назовите одну, например «{noun} "
            f"{matches[0].get('ID')}».",
        )
    if len(matches) > 1:
        listed = _listing(matches, label)
        return None, (
            f"По «{name}» нашлось несколько: {listed}. Нужно уточнение.",
            [],
            f"По «{name}» нашлось несколько: {listed}. {ASK_WHICH} Напишите номер, "
            f"например «{noun} {matches[0].get('ID')}».",
        )
    return str(matches[0].get("ID")), None


def _current(state: dict[str, Any], kind: str) -> str | None:
    value = (state.get("objects") or {}).get(f"{kind}_id")
    return str(value) if value else None


def _target_deal(text: str, state: dict[str, Any]) -> str | None:
    ids = entity_ids(text, "сделк")
    if ids:
        return ids[0]
    return _current(state, "deal")


def _named_deal(text: str, state: dict[str, Any]) -> Choice:
    """The deal a request is about: its id when written, else the one its name resolved to (or a reply asking which
    / saying it was not found), else the current deal — only when nothing is named."""
    ids = entity_ids(text, "сделк")
    if ids:
        return ids[0], None
    mentions = find_mentions(text)
    newest = mentions.newest if mentions.newest and mentions.newest[0] == "deal" else None
    if mentions.deal is not None or newest or _resolved(state, "deal") is not None:
        deal_id, problem = _pick(state, "deal", "сделку", _deal_label)
        if deal_id or problem:
            return deal_id, problem
        name = mentions.deal or (newest[2] if newest else "")
        return None, (
            f"Сделка «{name}» названа, но не найдена (портал не опрошен).",
            [],
            f"Не могу найти сделку «{name}». Укажите её номер, например «сделку 3».",
        )
    return _current(state, "deal"), None


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


def _no_deal(state: dict[str, Any] | None = None) -> Reply:
    """No deal is named or current.  When the last search found several, they are listed to pick from."""
    objects = (state or {}).get("objects") or {}
    deals = objects.get("deals") or {}
    found = [str(i) for i in objects.get("deals_found") or [] if str(i) in deals]
    if len(found) > 1:
        listed = "; ".join(_deal_label({"ID": i, **deals[i]}) for i in found)
        return (
            f"«Эта сделка» не выбрана: поиск нашёл {len(found)}.",
            [],
            f"Поиск нашёл несколько сделок: {listed}. Какую из них? Назовите номер, например «сделку {found[0]}».",
        )
    return (
        "Не понятно, о какой сделке речь.",
        [],
        "Уточните номер сделки (например, «сделку 3») или сначала найдите её.",
    )


# --- deals -----------------------------------------------------------------------------------------


# Field words that start a change of their own even without a verb («сумму 500 000 и стадию Переговоры»).
_FIELD_WORDS = re.compile(r"\b(?:сумм|бюджет|стоимост|стади|этап|ответствен|назван|дат\w*\s+закрыт)", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"\s+и\s+|[,;]\s+|\s+а\s+также\s+|\s+плюс\s+", re.IGNORECASE)


def _clauses(text: str) -> list[str]:
    """The changes one request asks for, one clause each: split at «и», a comma or a semicolon outside quotes where
    the next part has a verb of change or names a field; other parts stay with the clause before them."""
    spans = quoted_spans(text)
    cuts = [m for m in _CLAUSE_BREAK.finditer(text) if not any(start <= m.start() < end for start, end in spans)]
    parts, last = [], 0
    for cut in cuts:
        parts.append((text[last : cut.start()], text[cut.start() : cut.end()]))
        last = cut.end()
    parts.append((text[last:], ""))
    clauses: list[str] = []
    for part, joint in parts:
        masked = mask_quoted(part)
        starts = _acts(part, *_UPDATE_VERBS) or bool(_FIELD_WORDS.search(masked))
        if clauses and not starts:
            clauses[-1] += part + joint
        else:
            clauses.append(part + joint)
    return [c.strip(" ,;") for c in clauses if c.strip(" ,;")]


def _change(text: str, low: str, state: dict[str, Any]) -> tuple[dict[str, Any], str] | Reply | None:
    """The fields one clause of an update request changes and the words for them; a reply when a value is missing
    or unclear; None when the clause changes nothing."""
    fields: dict[str, Any] = {}
    what = ""
    if "сумм" in low or "бюджет" in low or "стоимост" in low:
        value = amount(re.split(r"\bна\b", text)[-1]) or amount(text)
        if value is None:
            return ("Сумма не указана.", [], "Укажите новую сумму, например: «Измени сумму сделки 3 на 75 000».")
        fields["OPPORTUNITY"] = _number(value)
        what = f"сумму на {value:,.0f}".replace(",", " ")
    elif "ответствен" in low or _acts(text, "назначить", "поручить", "передать", "перекинуть"):
        match = re.search(r"ответствен\w*\s*(?:[#№]\s*)?(\d+)\b", low)
        if match:
            fields["ASSIGNED_BY_ID"] = int(match.group(1))
            what = f"ответственного на #{match.group(1)}"
        else:
            user_id, problem = _pick(state, "user", "сотрудника", _user_label)
            if problem:
                return problem
            if user_id is None:
                return ("Ответственный не указан.", [], "Укажите сотрудника: «Назначь ответственным Ольгу Кузнецову».")
            fields["ASSIGNED_BY_ID"] = int(user_id)
            match_row = (_resolved(state, "user") or {}).get("matches", [{}])[0]
            what = f"ответственного на {_user_label(match_row)}"
    elif "стади" in low or "этап" in low or _acts(text, "перевести", "переместить", "передвинуть", "двинуть"):
        stage, problem = _stage(text, state)
        if problem:
            return problem
        fields["STAGE_ID"] = stage
        what = f"стадию на {stage}"
    elif _acts(text, "переименовать") or "назван" in low:
        titles = quoted_all(text)  # «Переименуй сделку «Старое» в «Новое»»: the new title is the last one
        title = titles[-1] if titles else None
        if not title:
            return (
                "Новое название не указано.",
                [],
                "Укажите новое название в кавычках: «Переименуй сделку 3 в «Новое»».",
            )
        fields["TITLE"] = title
        what = f"название на «{title}»"
    elif "дат" in low and "закрыт" in low:
        day = deadline(text)
        if not day:
            return ("Дата не указана.", [], "Укажите дату в виде 2026-12-31 или 31.12.2026.")
        fields["CLOSEDATE"] = day[:10]
        what = f"дату закрытия на {day[:10]}"
    elif _acts(text, "закрыть", "отметить") and _has(low, "выигр", "успешн", "проигр", "провал", "отказ"):
        stage = stage_code("стадию " + re.split(r"\bкак\b", low)[-1])
        if stage is None:
            return None
        fields["STAGE_ID"] = stage
        what = f"стадию на {stage}"
    else:
        return None
    return fields, what


def _deal_update(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    assigns = "ответствен" in low and bool((_resolved(state, "user") or {}).get("matches"))
    if not (_acts(text, *_UPDATE_VERBS) or assigns):  # «ответственный по сделке 5 — Мария Соколова»
        return None
    if "сделк" not in low and _has(low, "контакт", "компани") and "ответствен" not in low:
        return None  # without a noun the request is about the current deal («поменяй сумму на 150 000»)
    fields: dict[str, Any] = {}
    whats: list[str] = []
    for clause in _clauses(text):  # «измени сумму … и переведи её в стадию …»: every change, one update
        change = _change(clause, mask_quoted(clause).lower(), state)
        if change is None:
            continue
        if len(change) == 3:
            return change
        fields.update(change[0])
        whats.append(change[1])
    if not fields:
        return None
    what = " и ".join(whats)
    if len(entity_ids(text, "сдел")) > 1:  # «сделки 1 и 2», «сделок 1 и 2»
        return ("Названо несколько сделок.", [], "Я меняю одну сделку за раз: назовите одну, например «сделки 3».")
    deal_id, problem = _named_deal(text, state)
    if problem:
        return problem
    if deal_id is None:
        return _no_deal(state)
    step = _step("crm.deal.update", {"id": int(deal_id), "fields": fields}, f"Меняем {what} у сделки #{deal_id}")
    return (
        f"Нужно изменить {what} у сделки #{deal_id}: crm.deal.update.",
        [step],
        f"Меняю {what} у сделки #{deal_id}.",
    )


def _stage(text: str, state: dict[str, Any]) -> tuple[str | None, Reply | None]:
    """The stage a request names: as resolved on the portal, else a standard stage by its usual Russian name."""
    found = _resolved(state, "stage")
    if found and not found.get("error"):
        matches = found.get("matches") or []
        if len(matches) == 1:
            return str(matches[0]["STATUS_ID"]), None
        if len(matches) > 1:
            listed = ", ".join(f"«{m.get('NAME')}»" for m in matches)
            return None, ("Стадия неоднозначна.", [], f"Под «{found.get('name')}» подходят стадии {listed}. Какую?")
    stage = stage_code(text)
    if stage is None:
        name = (found or {}).get("name")
        where = f"Стадии «{name}» нет на портале. " if name else ""
        return None, (
            "Стадия не распознана.",
            [],
            f"{where}Укажите стадию так, как она называется в воронке, например «в стадию В работе».",
        )
    return stage, None


def _deal_delete(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if not (_acts(text, "удалить", "стереть", "убрать") and "сделк" in low):
        return None
    ids = entity_ids(text, "сделк")
    if len(ids) > 1:  # every deal the user named, as one batch they confirm as a whole
        cmd = {f"delete_{i}": f"crm.deal.delete?id={i}" for i in ids[:50]}
        step = _step("batch", {"halt": 1, "cmd": cmd}, "Удаляем несколько сделок одним пакетом")
        listed = ", ".join(f"#{i}" for i in ids[:50])
        return (f"Удаление сделок {listed}: один batch.", [step], f"Удаляю сделки {listed}.")
    deal_id, problem = _named_deal(text, state)
    if problem:
        return problem
    if deal_id is None:
        return _no_deal(state)
    step = _step("crm.deal.delete", {"id": int(deal_id)}, f"Удаляем сделку #{deal_id}")
    return (f"Удаление сделки #{deal_id}: crm.deal.delete.", [step], f"Удаляю сделку #{deal_id}.")


def _entity_delete(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    """«Удали контакт Петров», «удали компанию 3», «удали этот контакт»: one ``crm.contact.delete`` /
    ``crm.company.delete`` (confirmed by the user in full mode, forbidden in canary) — the id written, else the one
    record the name resolved to (several: which one?; none: not found), else the current one when «этот» says so.
    It used to run a search instead, with no word that nothing was deleted."""
    if not _acts(text, "удалить", "стереть", "убрать") or "сделк" in low:
        return None
    kind, noun, stem = ("contact", "контакт", "контакт") if "контакт" in low else ("company", "компанию", "компани")
    if stem not in low:
        return None
    if "контакт" in low and "компани" in low:  # «удали компанию у контакта Петров»: which record is meant?
        return (
            "Названы и контакт, и компания.",
            [],
            "Уточните, что удалить — контакт или компанию, например «Удали контакт 3». Связи я не меняю.",
        )
    ids = entity_ids(text, stem)
    if len(ids) > 1:
        return (
            "Названо несколько записей.",
            [],
            f"Я удаляю по одной записи: назовите одну, например «{noun} {ids[0]}».",
        )
    record_id: str | None = ids[0] if ids else None
    if record_id is None and _resolved(state, kind) is not None:
        label = _user_label if kind == "contact" else _deal_label
        record_id, problem = _pick(state, kind, noun, label)
        if problem:
            return problem
    if record_id is None and _CURRENT.search(text):
        record_id = _current(state, kind)
    if record_id is None:
        return (
            "Не понятно, что удалить.",
            [],
            f"Уточните, что удалить: номер или имя, например «Удали {noun} 3».",
        )
    step = _step(f"crm.{kind}.delete", {"id": int(record_id)}, f"Удаляем {noun} #{record_id}")
    return (f"Удаление: crm.{kind}.delete #{record_id}.", [step], f"Удаляю {noun} #{record_id}.")


_TITLE_END = re.compile(
    r"\s+(?:на\s+(?:сумму\s+)?\d|сумм\w*|бюджет\w*|стоимост\w*|для\s|с\s+компани|компани\w*|контакт\w*|"
    r"от\s+(?:компани|ООО|АО|ИП)|у\s|клиент\w*\s)|[,;:]\s|\s+\d[\d\s]*(?:руб|р\.|₽|тыс|млн|к\b)",
    re.IGNORECASE,
)


def _new_title(text: str) -> str | None:
    """The title of a deal being created: quoted after «сделку», else the words after it up to the amount, the
    company or the contact."""
    spans = [(start, end) for start, end in quoted_spans(text) if text[start:end].strip()]
    for start, end in spans:
        if re.search(r"сделк\w*\s+(?:(?:с\s+)?названием\s+)?.$", text[:start], re.I):
            return text[start:end].strip()
    if spans:
        start, end = spans[0]
        if not re.search(r"(?:компани\w*|контакт\w*|для|от|ООО|АО|ИП)\s*.$", text[:start], re.I):
            return text[start:end].strip()
    after = re.search(r"сделк\w*\s+(.+)$", text, re.IGNORECASE)
    if not after:
        return None
    rest = _TITLE_END.split(" " + after.group(1), maxsplit=1)[0].strip(" .,-—")  # «сделку для …»: no title
    rest = re.sub(r"^(?:с\s+)?названием\s+", "", rest, flags=re.IGNORECASE)
    return rest[:1].upper() + rest[1:] if rest else None


def _link(state: dict[str, Any], kind: str, noun: str) -> tuple[int | None, Reply | None]:
    """The id a named company / contact resolved to; a reply when the name matched none or several."""
    found = _resolved(state, kind)
    if found is None:
        return None, None
    label = _deal_label if kind == "company" else _user_label
    picked, problem = _pick(state, kind, noun, label)
    return (int(picked) if picked else None), problem


def _deal_create(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    wants_new = _acts(text, *_CREATE_VERBS) or re.search(r"(?<!сам(?:ая|ую) )\bнов(?:ая|ую)\s+сделк", low)
    if not (wants_new and "сделк" in low) or "задач" in low or re.search(r"(?:по|для|к)\s+сделк", low):
        return None
    title = _new_title(text)
    fields: dict[str, Any] = {"TITLE": title or "Новая сделка", "CURRENCY_ID": "RUB"}
    value = amount(text)
    if value is not None:
        fields["OPPORTUNITY"] = _number(value)
    mentions = find_mentions(text)
    company_id, problem = _link(state, "company", "компанию")
    if problem:
        return problem
    contact_id, problem = _link(state, "contact", "контакт")
    if problem:
        return problem
    if company_id:
        fields["COMPANY_ID"] = company_id
    if contact_id:
        fields["CONTACT_ID"] = contact_id
    thought = f"Создаём сделку «{fields['TITLE']}»"
    company_part = re.search(r"для\s+компани\w*\s+(.+)$", text, re.IGNORECASE)
    if company_part and company_id is None and _resolved(state, "company") is None:
        company_ids = re.fullmatch(r"\s*[#№]?\s*(\d+)\s*\.?", company_part.group(1))
        if company_ids:
            fields["COMPANY_ID"] = int(company_ids.group(1))
        else:  # no portal look-up this turn: find the company inside the batch
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
    linked = f" (компания #{company_id})" if company_id else ""
    del mentions
    step = _step("crm.deal.add", {"fields": fields}, thought)
    return (f"{thought}{linked}: crm.deal.add.", [step], f"Создаю сделку «{fields['TITLE']}»{linked}.")


def _task(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    """«Создай задачу позвонить клиенту по сделке Вектор завтра» → ``tasks.task.add`` with a deadline."""
    if "задач" not in low and not re.search(r"\bнапомни|\bпоставь\s+задач", low):
        return None
    if not _acts(text, *_CREATE_VERBS, "поставить", "напомнить", "запланировать", "назначить"):
        return None
    title_match = re.search(r"задач\w*\s*(?::|—|-)?\s*(?:«([^»]+)»|\"([^\"]+)\")", text, re.IGNORECASE) or re.search(
        r"задач\w*\s*(?::|—|-)?\s*(.+)$", text, re.IGNORECASE
    )
    raw = next((g for g in title_match.groups() if g), "") if title_match else ""
    raw = re.sub(r"^(?:по|для|к)\s+(?:эт\w+|текущ\w+)\s+сделк\w*\s*[:,—-]?\s*", "", raw, flags=re.IGNORECASE)
    raw = re.split(
        r"\s+(?:(?:по|для|к)\s+(?:последн\w+\s+|эт\w+\s+|текущ\w+\s+)?сделк|на\s+сделк|в\s+сделк|сделк)\w*|,?\s+(?:срок\w*|сегодня|завтра|послезавтра|до|к|через|"
        r"в\s+(?:понедельник|вторник|среду|четверг|пятницу|субботу|воскресенье)|ответствен\w*|поручи\w*)\b",
        raw,
        maxsplit=1,
    )[0].strip(" .,:—-")
    title = raw[:1].upper() + raw[1:] if raw else "Задача по сделке"
    fields: dict[str, Any] = {"TITLE": title}
    due = deadline(text)
    if due:
        fields["DEADLINE"] = due
    user_id, problem = _pick(state, "user", "сотрудника", _user_label)
    if problem and _resolved(state, "user"):
        return problem
    if user_id:
        fields["RESPONSIBLE_ID"] = int(user_id)
    if "сделк" in low:
        deal_id, problem = _named_deal(text, state)
        if problem:
            return problem
        if deal_id:
            fields["UF_CRM_TASK"] = [f"D_{deal_id}"]
    step = _step("tasks.task.add", {"fields": fields}, f"Создаём задачу «{title}»")
    when = f" со сроком {due[:10]}" if due else ""
    return (f"Создаём задачу «{title}»{when}: tasks.task.add.", [step], f"Создаю задачу «{title}»{when}.")


# «сделку 1», «сделка №3»: a deal named by its number and nothing else is that deal (it listed every deal).
_BARE_DEAL = re.compile(r"(?:сделк\w*)\s*[#№]?\s*\d+\s*[.!]?")


def _deal_show(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if "сделк" not in low or not (
        _verb(low, "покаж", "откро", "открой", "прочит", "выведи", "информац", "подробн", "детал", "что с", "какая")
        or is_question(text)
        or _BARE_DEAL.fullmatch(low.strip())
    ):
        return None
    ids = entity_ids(text, "сделк")
    if len(ids) > 1:
        cmd = {f"deal_{i}": f"crm.deal.get?id={i}" for i in ids[:50]}
        step = _step("batch", {"halt": 0, "cmd": cmd}, "Читаем несколько сделок одним пакетом")
        return (f"Нужно прочитать сделки {', '.join(ids)}: один batch.", [step], "Читаю сделки одним пакетом.")
    named = _resolved(state, "deal")
    if not ids and named is not None and not named.get("matches") and named.get("similar"):
        return _pick(state, "deal", "сделку", _deal_label)[1]  # a typo: the close names, none picked
    if not ids and named is not None and len(named.get("matches") or []) != 1:
        return None  # several or none: the search lists them
    if not ids and named is not None:
        deal_id: str | None = str(named["matches"][0]["ID"])
    else:
        deal_id = ids[0] if ids else (_current(state, "deal") if _CURRENT.search(text) else None)
    if deal_id is None:
        return _no_deal(state) if _THIS_DEAL.search(low) else None
    step = _step("crm.deal.get", {"id": int(deal_id)}, f"Читаем сделку #{deal_id}")
    return (f"Читаю сделку #{deal_id}: crm.deal.get.", [step], f"Открываю сделку #{deal_id}.")


def _deal_find(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if "сдел" not in low:
        return None
    filters: dict[str, Any] = {}
    stage = None
    if "стади" in low or "этап" in low:
        found = _resolved(state, "stage")
        matches = (found or {}).get("matches") or []
        stage = str(matches[0]["STATUS_ID"]) if len(matches) == 1 else stage_code(text)
    if stage:
        filters["STAGE_ID"] = stage
    bound = re.search(r"(дороже|больше|свыше|от|дешевле|меньше|до)\s+([\d\s.,]+\s*(?:тыс\w*|млн\w*|к)?)", low)
    if bound:
        value = amount(bound.group(2))
        if value is not None:
            op = ">=" if bound.group(1) in ("от",) else ">" if bound.group(1) in ("дороже", "больше", "свыше") else "<"
            filters[f"{op}OPPORTUNITY"] = _number(value)
    company = _resolved(state, "company")
    named = _resolved(state, "deal")
    newest = find_mentions(text).newest
    if named and named.get("newest") and not filters:  # «последние 3 сделки»: the newest, as resolved
        if not named.get("matches"):
            return _pick(state, "deal", "сделку", _deal_label)[1]
        filters["ID"] = [str(d["ID"]) for d in named["matches"]]
    elif not filters and company and company.get("matches"):
        filters["COMPANY_ID"] = [str(c["ID"]) for c in company["matches"]]
    elif not filters and named and named.get("by") in ("company", "contact") and named.get("matches"):
        filters["ID"] = [str(d["ID"]) for d in named["matches"]]
    if not filters and not (newest and newest[0] == "deal"):  # no portal look-up: the newest first, all of them
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
        return _no_deal(state)
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


_CONTACT_TAIL = re.compile(r"[,;]?\s(?:телефон|тел\.|моб\w*|e-?mail|почта|email)\b|\s\+?\d", re.IGNORECASE)
_COMPANY_PART = re.compile(
    r"\s(?:в|из|с|от)\s+(?:компани\w*\s+)?((?:ООО|АО|ЗАО|ПАО|ОАО|ИП)\s+.+|«[^»]+».*|компани\w*\s+.+)$"
    r"|,?\s+компани\w*\s+(.+)$",
    re.IGNORECASE,
)


def _contact_create(text: str, state: dict[str, Any]) -> Reply:
    """«Создай контакт Пётр Сидоров, главный инженер в АО Вектор, +7 900 …»: the name by its parts (first name,
    surname, patronymic), the position, the company (looked up by name) and the phone / e-mail."""
    body = re.split(r"контакт\w*\s*(?::|—|-)?\s*", text, maxsplit=1, flags=re.IGNORECASE)[-1]
    body = _CONTACT_TAIL.split(body, maxsplit=1)[0] if not quoted(body) else body
    company_match = _COMPANY_PART.search(" " + body)
    head = (" " + body)[: company_match.start()].strip() if company_match else body.strip()
    name_words: list[str] = []
    rest: list[str] = []
    for word in re.findall(r"[\w-]+", quoted(head) or head):
        if not rest and len(name_words) < 3 and (word[:1].isupper() or not name_words):
            name_words.append(word)
        else:
            rest.append(word)
    if not name_words:
        return ("Имя не указано.", [], "Укажите имя контакта: «Создай контакт Иван Петров».")
    fields: dict[str, Any] = _name_fields(name_words)
    position = " ".join(rest).strip(" ,.-—")
    if position:
        fields["POST"] = position[:1].upper() + position[1:]
    phone = re.search(r"(\+?\d[\d\s()-]{6,}\d)", text)
    if phone:
        fields["PHONE"] = [{"VALUE": phone.group(1).strip(), "VALUE_TYPE": "WORK"}]
    email = re.search(r"[\w.+-]+@[\w-]+\.[\w.-]+", text)
    if email:
        fields["EMAIL"] = [{"VALUE": email.group(0), "VALUE_TYPE": "WORK"}]
    company_id, problem = _link(state, "company", "компанию")
    if problem:
        return problem
    if company_id:
        fields["COMPANY_ID"] = company_id
    name = " ".join(name_words)
    step = _step("crm.contact.add", {"fields": fields}, f"Создаём контакт {name}")
    return (f"Создаём контакт {name}: crm.contact.add.", [step], f"Создаю контакт {name}.")


def _name_fields(words: list[str]) -> dict[str, Any]:
    """``NAME`` / ``LAST_NAME`` / ``SECOND_NAME`` from the words of a person's name, by what each word is."""
    from agentcore.apps.crm.mentions import word_kind

    fields: dict[str, Any] = {}
    unknown: list[str] = []
    for word in words:
        kind = word_kind(word)
        target = {"name": "NAME", "surname": "LAST_NAME", "patronymic": "SECOND_NAME"}.get(kind or "")
        if target and target not in fields:
            fields[target] = word
        else:
            unknown.append(word)
    for word in unknown:  # «Иван Петров» with an unknown surname: the free slots in the usual order
        for target in ("NAME", "LAST_NAME", "SECOND_NAME"):
            if target not in fields:
                fields[target] = word
                break
    return fields


_RECORD_NOUNS = {"contact": ("контакт", "контакты"), "company": ("компанию", "компании")}
"""How the replies name a record of each kind: one (the accusative: «Открываю компанию #5») and several."""
_NEWEST_SELECT = {"contact": ["ID", "NAME", "LAST_NAME", "COMPANY_ID", "POST"], "company": ["ID", "TITLE"]}


def _newest_read(text: str, kind: str, state: dict[str, Any]) -> Reply | None:
    """«Покажи последний контакт», «последние 3 компании»: the newest records as resolved (a get for one, a list
    by their ids for several); without a look-up (shadow) the plan lists them newest first."""
    mention = find_mentions(text).newest
    found = _resolved(state, kind)
    if not (found and found.get("newest")) and not (mention and mention[0] == kind):
        return None
    one, many = _RECORD_NOUNS[kind]
    if found is None or not found.get("newest"):
        params = {"filter": {}, "select": _NEWEST_SELECT[kind], "order": {"ID": "DESC"}}
        step = _step(f"crm.{kind}.list", params, "Читаем самые новые записи")
        return (f"Самые новые {many}: crm.{kind}.list по убыванию ID.", [step], f"Ищу самые новые {many}.")
    matches = [m for m in found.get("matches") or [] if isinstance(m, dict)]
    if found.get("error") or not matches:
        return _pick(state, kind, one, _user_label)[1]
    ids = [str(m.get("ID")) for m in matches]
    if len(ids) == 1:
        step = _get_step(kind, ids[0])
        return (f"Самый новый {one}: #{ids[0]}, crm.{kind}.get.", [step], f"Открываю {one} #{ids[0]}.")
    params = {"filter": {"ID": ids}, "select": _NEWEST_SELECT[kind], "order": {"ID": "DESC"}}
    step = _step(f"crm.{kind}.list", params, f"Читаем {len(ids)} самых новых")
    return (f"Самые новые {many}: {', '.join(ids)}.", [step], f"Показываю самые новые {many}.")


def _by_phone(text: str, kind: str, state: dict[str, Any]) -> Reply | None:
    """«Найди контакт +7 900 111-22-33»: the records with that phone as resolved (a get for one, a list for several,
    not found said); without a look-up (shadow) the plan is the batch of exact ``PHONE`` filters."""
    mention = find_mentions(text).phone
    if mention is None or mention[1] != kind:
        return None
    found = _resolved(state, kind)
    one, many = _RECORD_NOUNS[kind]
    if found is not None and found.get("by") != "phone":
        return None  # named as well: the name was looked up
    if found is None:
        select = [*_NEWEST_SELECT[kind], "PHONE"]
        cmd = {
            f"phone_{i}": f"crm.{kind}.list?" + build_query({"filter": {"PHONE": form}, "select": select})
            for i, form in enumerate(phone_spellings(mention[0]))
        }
        step = _step("batch", {"halt": 0, "cmd": cmd}, f"Ищем {many} по телефону {mention[0]}")
        return (f"Поиск по телефону {mention[0]}: batch точных фильтров PHONE.", [step], f"Ищу {many} по телефону.")
    matches = [m for m in found.get("matches") or [] if isinstance(m, dict)]
    if found.get("error"):
        return _pick(state, kind, one, _user_label)[1]
    if not matches:
        return (
            f"По телефону {mention[0]} ничего не найдено.",
            [],
            f"Не нашёл {one} с телефоном {mention[0]} (Bitrix24 сравнивает телефон целиком; искал его в обычных "
            "записях: +7…, 8…, со скобками и дефисами). Проверьте номер или найдите по имени.",
        )
    ids = [str(m.get("ID")) for m in matches]
    if len(ids) == 1:
        step = _get_step(kind, ids[0])
        return (f"По телефону найден #{ids[0]}: crm.{kind}.get.", [step], f"Открываю {one} #{ids[0]}.")
    params = {"filter": {"ID": ids}, "select": [*_NEWEST_SELECT[kind], "PHONE"]}
    step = _step(f"crm.{kind}.list", params, f"Читаем {many} с этим телефоном")
    return (f"По телефону найдено несколько: {', '.join(ids)}.", [step], f"Показываю {many} с этим телефоном.")


def _open_reply(text: str, stem: str, kind: str, state: dict[str, Any]) -> Reply | None:
    """The record of ``kind`` (a contact, a company) a request opens: the one whose id it writes after ``stem``,
    else one found by its phone or the newest (:func:`_by_phone`, :func:`_newest_read`), else the current one when
    it says «этот»; ``None`` when it names none of them (a search by name follows)."""
    ids = entity_ids(text, stem)
    newest = None if ids else _by_phone(text, kind, state) or _newest_read(text, kind, state)
    if newest is not None:
        return newest
    record_id = ids[0] if ids else (_current(state, kind) if _CURRENT.search(text) else None)
    if not record_id:
        return None
    one = _RECORD_NOUNS[kind][0]
    step = _get_step(kind, record_id)
    return (f"Читаю {one} #{record_id}: crm.{kind}.get.", [step], f"Открываю {one} #{record_id}.")


def _get_step(kind: str, record_id: str) -> dict[str, Any]:
    """The step reading one record of ``kind`` (``crm.<kind>.get``)."""
    return _step(f"crm.{kind}.get", {"id": int(record_id)}, f"Читаем {_RECORD_NOUNS[kind][0]} #{record_id}")


def _contact(text: str, low: str, state: dict[str, Any]) -> Reply | None:
    if "контакт" not in low and (find_mentions(text).phone or ("", ""))[1] != "contact":
        return None
    if _acts(text, *_CREATE_VERBS):
        return _contact_create(text, state) if "контакт" in low else None
    opened = _open_reply(text, "контакт", "contact", state)
    if opened is not None:
        return opened
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
    if "компани" not in low or ("сделк" in low and not _acts(text, *_CREATE_VERBS)):
        return None  # «сделки компании Вектор» are deals
    if _verb(low, "созда", "добав", "завед"):
        title = quoted(text) or _search_words(text, "компани")
        if not title:
            return ("Название не указано.", [], "Укажите название компании: «Создай компанию «Альфа»».")
        step = _step("crm.company.add", {"fields": {"TITLE": title}}, f"Создаём компанию «{title}»")
        return (f"Создаём компанию «{title}»: crm.company.add.", [step], f"Создаю компанию «{title}».")
    opened = _open_reply(text, "компани", "company", state)
    if opened is not None:
        return opened
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
    _task,
    _deal_delete,
    _entity_delete,
    _deal_create,
    _deal_update,
    _deal_linked,
    _deal_show,
    _contact,
    _company,
    _deal_find,
]


_WRITES = frozenset({_task, _deal_delete, _entity_delete, _deal_create, _deal_update})


# Step outcomes of a turn that mean an approved action did not run (models.Outcome).
_NOT_RUN = frozenset({"failed", "stale", "forbidden", "refused"})


def _acknowledge(kind: str, state: dict[str, Any]) -> Reply:
    """A yes or a no the orchestrator already applied: «Готово.» only when a step of this turn ran (``executed``)
    and none failed; otherwise the reply says what happened (the orchestrator's lines follow it)."""
    notes = state.get("this_turn") or []
    outcomes = [str(o) for o in state.get("this_turn_outcomes") or []]
    if kind == "approve":
        ran, missed = outcomes.count("executed"), sum(1 for o in outcomes if o in _NOT_RUN)
        if ran and not missed:
            return ("Пользователь подтвердил; оркестратор уже выполнил действие.", [], "Готово.")
        if ran:
            return ("Выполнено не всё.", [], "Выполнено не всё:")
        if notes:
            return ("Подтверждение ничего не выполнило.", [], "Ничего не выполнено:")
        return ("Подтверждать нечего.", [], "Сейчас нет действий, ожидающих подтверждения. Чем помочь?")
    if notes and not any(str(n).startswith(NOTHING_TO_CANCEL) for n in notes):
        return ("Пользователь отказался; запрос отклонён.", [], "Хорошо, не выполняю.")
    # nothing was waiting: the orchestrator's lines say so (and that what already ran stays)
    return ("Отказ без ожидающих действий.", [], "Понял.")


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
    text = _russian(" ".join(message.split()))  # a line break inside a title becomes a space
    low = mask_quoted(text).lower()  # what the request says outside its quoted names and titles
    kind = decision_kind(text)
    short = len(re.findall(r"\w+", low)) <= 4
    if kind is not None and short:
        return format_reply(*_acknowledge(kind, state))
    if kind is None and short and re.match(r"(да|ок|ага|yes|ok)\b", low):  # «да нет», «да ну»: a yes taken back
        return format_reply("Решение неоднозначно.", [], "Уточните, пожалуйста: «да» или «нет»?")
    if _verb(low, "помощ", "помоги", "справк", "что ты умеешь", "help"):
        return format_reply("Пользователь просит справку.", [], HELP)
    question = is_question(text)
    for rule in _RULES:
        if question and rule in _WRITES:  # a question is answered by reading, never by a change
            continue
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
    state = read_state(request.messages)
    completed = (state.get("resolved") or {}).get("message")  # an answer to «which one?» completing a request
    return plan_reply(completed if isinstance(completed, str) and completed else message or "", state)
