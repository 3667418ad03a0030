"""A field's value checked against the field's type, as ``crm.<entity>.fields`` describes it.

A write whose value the portal cannot read for its field — «много» as a deal's amount, «завтра» as a date — would be
shown for the user's «да» as if it were a change and then fail, or be stored as 0 / an empty date by a lenient portal.
:func:`value_problem` says why such a value does not fit (a Russian reason, for :mod:`.request_check`), or None.

Checked by the type Bitrix24 gives: numbers (``double``, ``integer``), record and people ids (``user``,
``crm_company``, ``crm_contact``, ``crm_category``, ``crm_lead``), dates (``date``, ``datetime``), flags (``char``:
``Y`` / ``N``), currency codes (``crm_currency``).  Deal stages (``STAGE_ID``) are checked against the pipeline's
stages by :mod:`.request_check`, which reads them.  Other types (strings, user fields, multifields) are not checked;
an empty value (clearing the field) and a ``$result`` reference (known only when a batch runs) always pass.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from agentcore.apps.crm.confirm_text import as_data

__all__ = ["field_title", "value_problem"]

_ID_TYPES = frozenset({"user", "crm_company", "crm_contact", "crm_category", "crm_lead"})
_REFERENCE = re.compile(r"\$\s*result", re.IGNORECASE)
_CURRENCY = re.compile(r"^[A-Z]{3}$")
_FLAGS = frozenset({"Y", "N"})


def field_title(code: str, spec: Mapping[str, Any]) -> str:
    """The field as a person reads it: «Сумма» (OPPORTUNITY)."""
    title = spec.get("formLabel") or spec.get("listLabel") or spec.get("title") or ""
    shown = as_data(code, quote=False, limit=60)
    return f"{as_data(title, limit=60)} ({shown})" if title and str(title).strip().upper() != code else shown


def _number(text: str) -> Decimal | None:
    try:
        value = Decimal(text.replace(" ", "").replace("\u00a0", "").replace(",", "."))
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def _date(text: str) -> bool:
    try:
        if len(text) == 10:
            date.fromisoformat(text)
        else:
            datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def _need(kind: str, text: str) -> str | None:
    """What a value of type ``kind`` must be, when ``text`` is not that; None when it fits (or is not checked)."""
    if kind == "double":
        return None if _number(text) is not None else "нужно число"
    if kind == "integer":
        number = _number(text)
        return None if number is not None and number == number.to_integral_value() else "нужно целое число"
    if kind in _ID_TYPES:
        return None if text.isascii() and text.isdigit() else "нужен номер записи (число)"
    if kind in ("date", "datetime"):
        return None if _date(text) else "нужна дата вида 2026-03-15"
    if kind == "char":
        return None if text.upper() in _FLAGS else "нужно Y или N"
    if kind == "crm_currency":
        return None if _CURRENCY.match(text.upper()) else "нужен код валюты, например RUB"
    return None


def value_problem(code: str, value: Any, spec: Mapping[str, Any]) -> str | None:
    """Why ``value`` does not fit field ``code`` described by ``spec`` (a ``crm.<entity>.fields`` entry), or None.

    A list is checked item by item (a multiple field); a map (a multifield's ``VALUE``) is not checked.
    """
    kind = str(spec.get("type") or "")
    items = value if isinstance(value, list) else [value]
    for item in items:
        if item is None or isinstance(item, dict | bool):
            continue
        text = str(item).strip()
        if not text or _REFERENCE.search(text):
            continue
        need = _need(kind, text)
        if need is not None:
            return f"значение {as_data(text, limit=60)} не подходит полю {field_title(code, spec)}: {need}"
    return None
