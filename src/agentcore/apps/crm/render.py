"""Short Russian summaries of Bitrix24 results, appended to the model's ASSISTANT text.

The model writes its reply before anything runs, so the facts (what was found, created, changed) come from here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from agentcore.apps.crm import messages
from agentcore.apps.crm.batch_commands import BatchParseError, parse_batch
from agentcore.apps.crm.bitrix.errors import WRONG_AUTH_TYPE, BitrixError, BitrixTransportError
from agentcore.apps.crm.confirm_text import Describer, as_data, money
from agentcore.apps.crm.params import param
from agentcore.util.redact import redact
from agentcore.util.truncate import truncate

__all__ = ["describe_error", "describe_step", "summarize"]

_MAX_LIST_LINES = 10
_ENTITY_NAMES = {
    "deal": ("Сделка", "сделка", "Сделки", "сделок"),
    "contact": ("Контакт", "контакт", "Контакты", "контактов"),
    "company": ("Компания", "компания", "Компании", "компаний"),
}
_CREATED = {"deal": "Создана сделка", "contact": "Создан контакт", "company": "Создана компания"}
_UPDATED = {"deal": "обновлена", "contact": "обновлён", "company": "обновлена"}
_NOT_FOUND = {"deal": "не найдена", "contact": "не найден", "company": "не найдена"}
_DELETED = {"deal": "удалена", "contact": "удалён", "company": "удалена"}


def _money(amount: Any, currency: Any) -> str:
    """An amount as the confirmation shows it (``75 000 ₽``): one money formatter for requests and results."""
    return money(amount, currency or "RUB").strip("«»")


def _d(value: Any) -> str:
    """CRM data inside a summary: one line, no control characters (a title cannot draw a prompt of its own)."""
    return as_data(value, quote=False, limit=200)


def _name(entity: dict[str, Any]) -> str:
    parts = [str(entity.get(k) or "").strip() for k in ("NAME", "SECOND_NAME", "LAST_NAME")]
    return _d(" ".join(p for p in parts if p)) or "без имени"


def _line(kind: str, item: dict[str, Any]) -> str:
    item_id = _d(item.get("ID", "?"))
    if kind == "deal":
        text = f"#{item_id} «{_d(item.get('TITLE') or 'без названия')}»"
        if item.get("OPPORTUNITY") is not None:
            text += f" — {_d(_money(item.get('OPPORTUNITY'), item.get('CURRENCY_ID')))}"
        if item.get("STAGE_ID"):
            text += f", стадия {_d(item['STAGE_ID'])}"
        return text
    if kind == "contact":
        return f"#{item_id} {_name(item)}"
    return f"#{item_id} «{_d(item.get('TITLE') or 'без названия')}»"


def _deal_details(deal: dict[str, Any]) -> str:
    parts = [f"Сделка {_line('deal', deal)}"]
    company = deal.get("COMPANY_ID")
    if company and str(company) != "0":
        parts.append(f"компания #{_d(company)}")
    contacts = deal.get("CONTACT_IDS") or ([deal["CONTACT_ID"]] if deal.get("CONTACT_ID") else [])
    if contacts:
        parts.append("контакты " + ", ".join(f"#{_d(c)}" for c in contacts))
    if deal.get("ASSIGNED_BY_ID"):
        parts.append(f"ответственный #{_d(deal['ASSIGNED_BY_ID'])}")
    if deal.get("CLOSEDATE"):
        parts.append(f"дата закрытия {_d(str(deal['CLOSEDATE'])[:10])}")
    return ", ".join(parts) + "."


def _contact_details(contact: dict[str, Any]) -> str:
    text = f"Контакт #{_d(contact.get('ID', '?'))}: {_name(contact)}"
    company = contact.get("COMPANY_ID")
    if company and str(company) != "0":
        text += f", компания #{_d(company)}"
    for multi, label in (("PHONE", "телефон"), ("EMAIL", "e-mail")):
        values = contact.get(multi)
        if isinstance(values, list) and values and isinstance(values[0], dict) and values[0].get("VALUE"):
            text += f", {label} {_d(values[0]['VALUE'])}"
    return text + "."


def _crm_summary(
    kind: str,
    action: str,
    params: dict[str, Any],
    envelope: dict[str, Any],
    describer: Describer,
    shown: Sequence[Any] | None,
) -> str:
    result = envelope.get("result")
    title, lower, plural, genitive = _ENTITY_NAMES[kind]
    if action == "get" and isinstance(result, dict):
        if kind == "deal":
            return _deal_details(result)
        if kind == "contact":
            return _contact_details(result)
        return f"{title} {_line(kind, result)}."
    if action == "list" and isinstance(result, list):
        if not result:
            return f"{plural} не найдены."
        total = envelope.get("total")
        head = f"Найдено {genitive}: {total if isinstance(total, int) and total else len(result)}"
        lines = [f"  • {_line(kind, item)}" for item in result[:_MAX_LIST_LINES] if isinstance(item, dict)]
        more = len(result) - _MAX_LIST_LINES
        if more > 0 or (isinstance(total, int) and total > len(result)):
            lines.append("  • …")
        return head + "\n" + "\n".join(lines)
    entity_id = param(params, "id")
    if action == "add":
        return f"{_CREATED[kind]} #{result}."
    if action == "update":
        fields: Any = param(params, "fields") or {}
        changes = describer.changed_fields(kind, fields, shown) if isinstance(fields, dict) else ""
        return f"{title} #{entity_id} {_UPDATED[kind]}" + (f": {changes}." if changes else ".")
    if action == "delete":
        return f"{title} #{entity_id} {_DELETED[kind]}."
    if action == "fields" and isinstance(result, dict):
        return f"Описание полей ({lower}): {len(result)} полей."
    return f"{title}: готово."


def _events_summary(method: str, params: dict[str, Any], result: Any) -> str:
    if method == "event.get":
        if not isinstance(result, list) or not result:
            return "Подписок на события нет."
        lines = [f"  • {b.get('event')} → {b.get('handler')}" for b in result if isinstance(b, dict)]
        return "Подписки на события:\n" + "\n".join(lines)
    event = param(params, "event", "?")
    if method == "event.bind":
        return f"Подписка на {str(event).upper()} создана."
    count = result.get("count") if isinstance(result, dict) else None
    return f"Подписка на {str(event).upper()} удалена" + (f" ({count})." if count is not None else ".")


def summarize(
    method: str,
    params: dict[str, Any],
    envelope: dict[str, Any],
    describer: Describer | None = None,
    shown: Sequence[Any] | None = None,
) -> str:
    """One or a few lines saying what a successful call did or found (never raises on odd results).

    Changed fields are worded as the confirmation worded them («сумма → 75 000 ₽», «стадия сделки → «Сделка
    успешна» (WON)», never ``OPPORTUNITY → 75000``): from ``shown``, the approved request's stored ``details``
    (in any process), else by ``describer`` from what it has read (:meth:`Describer.changed_fields`).
    """
    try:
        return _summarize(method.strip().lower(), params, envelope, describer or Describer(), shown)
    except (AttributeError, KeyError, TypeError, ValueError):
        return f"{method}: выполнено."


def _summarize(
    method: str, params: dict[str, Any], envelope: dict[str, Any], describer: Describer, shown: Sequence[Any] | None
) -> str:
    parts = method.split(".")
    if method.startswith("crm.") and len(parts) == 3 and parts[1] in _ENTITY_NAMES:
        return _crm_summary(parts[1], parts[2], params, envelope, describer, shown)
    if method.startswith("event."):
        return _events_summary(method, params, envelope.get("result"))
    return f"{method}: выполнено."


def _not_found(error: BitrixError, params: dict[str, Any] | None) -> str | None:
    """«Сделка #2 не найдена в Bitrix24.» for a record call the portal answered «Not found»."""
    if (error.description or "").strip().rstrip(".").lower() != "not found":
        return None
    parts = (error.method or "").strip().lower().split(".")
    if len(parts) != 3 or parts[0] != "crm" or parts[1] not in _ENTITY_NAMES:
        return messages.NOT_FOUND_ANY.format(method=error.method or "метода")
    record_id = param(params or {}, "id")
    number = f" #{_d(record_id)}" if record_id not in (None, "") else ""
    return messages.NOT_FOUND.format(entity=_ENTITY_NAMES[parts[1]][0], number=number, found=_NOT_FOUND[parts[1]])


def describe_error(error: BitrixError, params: dict[str, Any] | None = None) -> str:
    """The user-facing text of a failed call (plain Russian; WRONG_AUTH_TYPE explains what to configure; a missing
    record is named with the ``id`` of ``params``).

    The portal's own description passes through the redactor: an error body that echoes a token or the webhook
    URL must not carry it to a terminal or an HTTP client.
    """
    if error.code == WRONG_AUTH_TYPE:
        return messages.WRONG_AUTH_TYPE
    missing = _not_found(error, params)
    if missing is not None:
        return redact(missing)
    if isinstance(error, BitrixTransportError):
        reason = f"портал недоступен — {error.description}"
    else:
        reason = messages.ERROR_HINTS.get(error.code) or error.description or error.code or "неизвестная ошибка"
    return redact(messages.FAILED.format(method=error.method or "метода", error=truncate(reason, 500)))


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def describe_step(method: str, params: dict[str, Any], *, limit: int = 2000, multiline: bool = True) -> str:
    """A step as a person reads it before approving it: the method and its params as JSON.

    A batch lists its commands decoded (``a: crm.deal.update {"id": "3", "fields": {"OPPORTUNITY": "7"}}``) instead
    of the URL-encoded ``cmd`` the portal gets, one per line (``multiline``) or separated by ``;``.  The text is cut
    to ``limit`` characters.
    """
    if method.strip().lower() == "batch":
        try:
            commands = parse_batch(params)
        except BatchParseError:
            commands = []
        if commands:
            items = [f"{c.key}: {c.method} {_json(c.params)}" for c in commands]
            head = f"batch ({len(commands)}):"
            if multiline:
                return truncate(head + "\n" + "\n".join(f"  • {i}" for i in items), limit)
            return truncate(f"{head} " + "; ".join(items), limit)
    return truncate(f"{method} {_json(params)}", limit)
