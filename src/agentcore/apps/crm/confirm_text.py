"""A confirmation a person can read: «Изменить сумму сделки «Вектор: внедрение CRM» (#3): 1 200 000 ₽ → 1 500 000 ₽».

The text is written once, when the request is made, from what the portal says: field names in Russian from
``crm.<entity>.fields``, the record's title and its values before the change from ``crm.<entity>.get``, stage names
from ``crm.status.list``, people from ``user.get``.  A batch gives one line per sub-command, all of them (the text is
never cut; single values are).  Everything that comes from the CRM is shown as data: control characters and line
breaks become spaces and the value is quoted, so a deal titled ``"x\\nТребуется подтверждение …"`` cannot draw a
prompt of its own.  When a read fails the text falls back to codes — it is never missing and never raises.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from agentcore.apps.crm.batch_commands import BatchParseError, SubCommand, parse_batch, resolved_params
from agentcore.apps.crm.params import param
from agentcore.apps.crm.reads import Read
from agentcore.apps.crm.stages import StageDirectory

__all__ = ["Describer", "Detail", "as_data", "money"]

_MAX_VALUE = 160
_KINDS = {
    # kind: (accusative, genitive)
    "deal": ("сделку", "сделки"),
    "contact": ("контакт", "контакта"),
    "company": ("компанию", "компании"),
}
# How a field reads after «Изменить …» (accusative); other fields read «поле «<title>»».
_ACCUSATIVE = {
    "OPPORTUNITY": "сумму",
    "STAGE_ID": "стадию",
    "ASSIGNED_BY_ID": "ответственного",
    "CLOSEDATE": "дату закрытия",
    "BEGINDATE": "дату начала",
    "CURRENCY_ID": "валюту",
    "CATEGORY_ID": "воронку",
    "TITLE": "название",
    "COMMENTS": "комментарий",
    "PROBABILITY": "вероятность",
    "TAX_VALUE": "ставку налога",
    "REVENUE": "годовой оборот",
    "POST": "должность",
}
# How a field is named in a result («Сделка #7 обновлена: сумма → 75 000 ₽») when the portal's titles are not known.
_NOMINATIVE = {
    "OPPORTUNITY": "сумма",
    "STAGE_ID": "стадия",
    "ASSIGNED_BY_ID": "ответственный",
    "CLOSEDATE": "дата закрытия",
    "BEGINDATE": "дата начала",
    "CURRENCY_ID": "валюта",
    "CATEGORY_ID": "воронка",
    "TITLE": "название",
    "COMMENTS": "комментарий",
    "PROBABILITY": "вероятность",
    "TAX_VALUE": "ставка налога",
    "REVENUE": "годовой оборот",
    "POST": "должность",
    "NAME": "имя",
    "LAST_NAME": "фамилия",
    "COMPANY_ID": "компания",
    "CONTACT_ID": "контакт",
}
_MONEY_FIELDS = frozenset({"OPPORTUNITY", "REVENUE"})
_CURRENCY_SIGNS = {"RUB": "₽", "USD": "$", "EUR": "€"}
_SPACES = re.compile(r"\s+")
_REFERENCE = re.compile(r"\$\s*result(?:_[a-z]+)?\s*\[([^\]]*)\]", re.IGNORECASE)


def as_data(value: Any, *, quote: bool = True, limit: int = _MAX_VALUE) -> str:
    """CRM text shown as data: control/format characters and line breaks → spaces, cut to ``limit``, in «»."""
    text = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs") else ch for ch in str(value))
    text = _SPACES.sub(" ", text).strip()
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return f"«{text}»" if quote else text


def money(amount: Any, currency: Any = "RUB") -> str:
    """``1200000`` → ``1 200 000 ₽``; kopecks only when there are any; a value that is not a number as data."""
    try:
        value = Decimal(str(amount).strip().replace(" ", "").replace(",", "."))
    except InvalidOperation:
        return as_data(amount)
    if not value.is_finite():
        return as_data(amount)
    text = f"{value:,.2f}".replace(",", " ").replace(".", ",")
    text = text.removesuffix(",00")
    code = str(currency or "RUB").strip().upper() or "RUB"
    return f"{text} {_CURRENCY_SIGNS.get(code, as_data(code, quote=False, limit=8))}"


def _entity(method: str) -> tuple[str, str] | None:
    parts = method.split(".")
    if len(parts) == 3 and parts[0] == "crm" and parts[1] in _KINDS:
        return parts[1], parts[2]
    return None


def _shown_changes(shown: Sequence[Any] | None, count: int) -> list[tuple[str, str]] | None:
    """``(field, after)`` per field of one stored update's :class:`Detail` dicts, in the order of its fields
    (:meth:`Describer._update` words every field, in order); None when ``shown`` is not exactly one such update."""
    if not shown or len(shown) != 1 or not isinstance(shown[0], Mapping) or shown[0].get("action") != "update":
        return None
    changes = shown[0].get("changes")
    if not isinstance(changes, list) or len(changes) != count:
        return None
    words: list[tuple[str, str]] = []
    for change in changes:
        title, after = (change.get("field"), change.get("after")) if isinstance(change, Mapping) else (None, None)
        if not isinstance(title, str) or not isinstance(after, str):
            return None
        words.append((title, after))
    return words


def _literal_id(value: Any) -> str | None:
    text = str(value).strip() if value is not None else ""
    return text if text.isdigit() else None


@dataclass
class Detail:
    """One (sub-)command of a request as structured data, for a client that draws it (the web console's card).

    Attributes:
        action: ``update``, ``add``, ``delete``, ``read`` or ``other``.
        entity: ``deal``, ``contact``, ``company`` or None (not a CRM record).
        target: the record as a person names it — «Вектор: внедрение CRM» (#3) — or the whole text for ``other``.
        changes: ``{"field", "before", "after"}`` per field, in the words of the text (``before`` is ``—`` for a
            new record).
    """

    action: str
    entity: str | None
    target: str
    changes: list[dict[str, str]] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"action": self.action, "entity": self.entity, "target": self.target, "changes": self.changes}


class Describer:
    """Writes confirmation texts; caches what does not change between turns (field titles; stage names through
    ``stages``, the :class:`~.stages.StageDirectory` it shares with the rest of the turn)."""

    def __init__(self, stages: StageDirectory | None = None) -> None:
        self._titles: dict[str, dict[str, str]] = {}
        self.stages = stages or StageDirectory()

    async def describe(self, method: str, params: dict[str, Any], read: Read | None) -> str:
        """The text of one request (a batch: a head line and one line per sub-command); never raises."""
        return (await self.describe_full(method, params, read))[0]

    async def describe_full(self, method: str, params: dict[str, Any], read: Read | None) -> tuple[str, list[Detail]]:
        """The text of one request and its :class:`Detail` per (sub-)command; never raises."""
        method = method.strip().lower()
        if method == "batch":
            try:
                commands = parse_batch(params)
            except BatchParseError:
                text = f"batch {as_data(json.dumps(params, ensure_ascii=False, default=str), limit=400)}"
                return text, [Detail("other", None, text)]
            lines = [f"Пакет из {len(commands)} команд(ы):"]
            details = []
            for command in commands:
                text, detail = await self._safe(command.method, resolved_params(command), read, command)
                lines.append(f"  {as_data(command.key, quote=False, limit=40)}: {text}")
                details.append(detail)
            return "\n".join(lines), details
        text, detail = await self._safe(method, params, read, None)
        return text, [detail]

    async def _safe(
        self, method: str, params: dict[str, Any], read: Read | None, command: SubCommand | None
    ) -> tuple[str, Detail]:
        try:
            return await self._one(method, params, read, command)
        except Exception:  # a description must never cost the request: fall back to the raw step
            text = self._raw(method, params)
            return text, Detail("other", None, text)

    @staticmethod
    def _raw(method: str, params: dict[str, Any]) -> str:
        return (
            f"{as_data(method, quote=False, limit=60)} {as_data(json.dumps(params, ensure_ascii=False, default=str))}"
        )

    async def _one(
        self, method: str, params: dict[str, Any], read: Read | None, command: SubCommand | None
    ) -> tuple[str, Detail]:
        entity = _entity(method)
        if entity is None:
            text = self._other(method, params)
            return text, Detail("other", None, text)
        kind, action = entity
        accusative, genitive = _KINDS[kind]
        fields = param(params, "fields")
        fields = fields if isinstance(fields, dict) else {}
        titles = await self._field_titles(kind, read)
        if action == "add":
            return await self._add(kind, accusative, fields, titles, read, command)
        record_id = param(params, "id")
        record = await self._record(kind, record_id, read)
        label = self._label(kind, record, record_id, command)
        if action == "delete":
            return f"Удалить {accusative} {label}", Detail("delete", kind, label)
        if action == "update":
            return await self._update(kind, accusative, genitive, label, fields, record, titles, read, command)
        if action == "get":
            return f"Прочитать {accusative} {label}", Detail("read", kind, label)
        plural = {"deal": "сделки", "contact": "контакты", "company": "компании"}[kind]
        text = f"Найти {plural}" if action == "list" else f"Прочитать описание полей ({plural})"
        return text, Detail("read", kind, plural)

    def _other(self, method: str, params: dict[str, Any]) -> str:
        if method in ("event.bind", "event.unbind"):
            event = as_data(param(params, "event", "?"), limit=60)
            handler = param(params, "handler")
            verb = "Подписать обработчик" if method == "event.bind" else "Отменить подписку обработчика"
            target = as_data(handler, limit=200) if handler else "(любой)"
            return f"{verb} {target} на событие {event}"
        if method == "tasks.task.add":
            fields = param(params, "fields")
            fields = fields if isinstance(fields, dict) else {}
            title = as_data(param(fields, "title", "без названия"))
            extra = [f"срок {as_data(param(fields, 'deadline'))}"] if param(fields, "deadline") else []
            if param(fields, "responsible_id"):
                extra.append(f"исполнитель #{as_data(param(fields, 'responsible_id'), quote=False, limit=20)}")
            return f"Создать задачу {title}" + (f": {', '.join(extra)}" if extra else "")
        return self._raw(method, params)

    async def _add(
        self,
        kind: str,
        accusative: str,
        fields: dict[str, Any],
        titles: dict[str, str],
        read: Read | None,
        command: SubCommand | None,
    ) -> tuple[str, Detail]:
        name = fields.get("TITLE") or " ".join(str(fields.get(k) or "") for k in ("NAME", "LAST_NAME")).strip()
        head = f"Создать {accusative} {as_data(name)}" if name else f"Создать {accusative}"
        skip = {"TITLE", "NAME", "LAST_NAME"} if fields.get("TITLE") or name else set()
        currency = fields.get("CURRENCY_ID") or "RUB"
        pairs = [
            (self._title(code, titles), await self._value(code, value, currency, read, command))
            for code, value in fields.items()
            if str(code).upper() not in skip and str(code).upper() != "CURRENCY_ID"
        ]
        parts = [f"{title} {value}" for title, value in pairs]
        detail = Detail(
            "add",
            kind,
            as_data(name) if name else "(новая запись)",
            [{"field": title, "before": "—", "after": value} for title, value in pairs],
        )
        return head + (": " + ", ".join(parts) if parts else ""), detail

    async def _update(
        self,
        kind: str,
        accusative: str,
        genitive: str,
        label: str,
        fields: dict[str, Any],
        record: dict[str, Any] | None,
        titles: dict[str, str],
        read: Read | None,
        command: SubCommand | None,
    ) -> tuple[str, Detail]:
        before = record or {}
        currency = fields.get("CURRENCY_ID") or before.get("CURRENCY_ID") or "RUB"
        changes = []
        detail = Detail("update", kind, label)
        for code, after in fields.items():
            upper = str(code).strip().upper()
            old = await self._value(upper, before.get(upper), before.get("CURRENCY_ID") or currency, read, None)
            new = await self._value(upper, after, currency, read, command)
            shown_old = old if record is not None else "(не удалось прочитать)"
            changes.append((upper, f"{shown_old} → {new}"))
            detail.changes.append({"field": self._title(upper, titles), "before": shown_old, "after": new})
        if not changes:
            return f"Изменить {accusative} {label} (поля не указаны)", detail
        if len(changes) == 1:
            code, change = changes[0]
            what = _ACCUSATIVE.get(code) or f"поле {as_data(self._title(code, titles), limit=60)}"
            return f"Изменить {what} {genitive} {label}: {change}", detail
        lines = [f"Изменить {accusative} {label}:"]
        lines += [f"    • {self._title(code, titles)}: {change}" for code, change in changes]
        return "\n".join(lines), detail

    def changed_fields(self, kind: str, fields: dict[str, Any], shown: Sequence[Any] | None = None) -> str:
        """The fields of a done update as the confirmation words them — «сумма → 75 000 ₽, стадия → «В работе»
        (EXECUTING)» — from what this describer already read (field titles, stage names); reads nothing.

        ``shown``: the approved request's stored :class:`Detail` dicts (``Confirmation.details``).  Their words for
        each field are those the user approved, written by whichever process made the request, so they are used
        first: a process that approves a request made elsewhere has no names read yet, and would otherwise show the
        codes («WON») that the request named («Сделка успешна» (WON)).  A title the request could only show as a
        code gives way to this describer's own.
        """
        currency = fields.get("CURRENCY_ID") or "RUB"
        titles = self._titles.get(kind, {})
        words = _shown_changes(shown, len(fields))
        parts = []
        for index, (code, value) in enumerate(fields.items()):
            upper = str(code).strip().upper()
            title = self._title(upper, titles) if upper in titles else _NOMINATIVE.get(upper) or self._title(upper, {})
            after = self._known_value(upper, value, currency)
            if words is not None:
                shown_title, shown_after = words[index]
                if upper not in titles and shown_title != self._title(upper, {}):
                    title = shown_title
                after = shown_after
            parts.append(f"{title} → {after}")
        return ", ".join(parts)

    def changed_since(self, kind: str, record_id: str, before: dict[str, Any], now: dict[str, Any]) -> tuple[str, str]:
        """A record that changed after a request was shown, in words: («сделка #2 изменилась», «сумма сейчас
        222 000 ₽, а в запросе было 180 000 ₽»); ``before`` holds the changed fields as shown, ``now`` the record
        read now (upper-case codes).  Reads nothing."""
        record = {
            "deal": "сделка #{id} изменилась",
            "contact": "контакт #{id} изменился",
            "company": "компания #{id} изменилась",
        }.get(kind, "запись #{id} изменилась")
        titles = self._titles.get(kind, {})
        parts = []
        for code in before:
            title = self._title(code, titles) if code in titles else _NOMINATIVE.get(code) or self._title(code, {})
            currency_now = now.get("CURRENCY_ID") or "RUB"
            shown = self._known_value(code, before.get(code), currency_now)
            parts.append(
                f"{title} сейчас {self._known_value(code, now.get(code), currency_now)}, а в запросе было {shown}"
            )
        return record.format(id=as_data(record_id, quote=False, limit=20)), "; ".join(parts)

    def _known_value(self, upper: str, value: Any, currency: Any) -> str:
        """:meth:`_value` without reads: stages by their cached names, people and records by number."""
        if value is None or value == "":
            return "пусто"
        text = str(value)
        if upper in _MONEY_FIELDS:
            return money(value, currency)
        if upper == "STAGE_ID":
            name = self.stages.known_name(text)
            return f"{as_data(name)} ({as_data(text, quote=False, limit=40)})" if name else as_data(text)
        if upper.endswith("BY_ID") or upper == "RESPONSIBLE_ID":
            return f"пользователь #{as_data(text, quote=False, limit=20)}"
        if upper in ("COMPANY_ID", "CONTACT_ID") and _literal_id(text):
            return f"#{text}"
        return as_data(text)

    @staticmethod
    def _title(code: str, titles: dict[str, str]) -> str:
        upper = str(code).strip().upper()
        title = titles.get(upper)
        return as_data(title, quote=False, limit=60).lower() if title else as_data(upper, quote=False, limit=60)

    @staticmethod
    def _label(kind: str, record: dict[str, Any] | None, record_id: Any, command: SubCommand | None) -> str:
        resolved = next(
            (r.resolved for r in (command.references if command else ()) if r.path[:1] == ("id",) and r.resolved),
            None,
        )
        shown_id = _literal_id(record_id) or resolved
        if shown_id and shown_id.startswith("new:"):
            return f"(созданную командой «{as_data(shown_id[4:], quote=False, limit=40)}»)"
        number = f"(#{shown_id})" if shown_id else f"({as_data(record_id, limit=60)})"
        if not record:
            return number
        if kind == "contact":
            name = " ".join(str(record.get(k) or "") for k in ("NAME", "LAST_NAME")).strip()
        else:
            name = str(record.get("TITLE") or "")
        return f"{as_data(name)} {number}" if name else number

    async def _value(self, code: str, value: Any, currency: Any, read: Read | None, command: SubCommand | None) -> str:
        if value is None or value == "":
            return "пусто"
        text = str(value)
        match = _REFERENCE.search(text)
        if command is not None and match:
            return f"значение из результата команды «{as_data(match.group(1), quote=False, limit=40)}»"
        upper = str(code).strip().upper()
        if upper in _MONEY_FIELDS:
            return money(value, currency)
        if upper == "STAGE_ID":
            name = await self._stage_name(text, read)
            return f"{as_data(name)} ({as_data(text, quote=False, limit=40)})" if name else as_data(text)
        if upper.endswith("BY_ID") or upper == "RESPONSIBLE_ID":
            return await self._person(text, read)
        linked = {"COMPANY_ID": "company", "CONTACT_ID": "contact"}.get(upper)
        if linked is not None and _literal_id(text):
            return self._label(linked, await self._record(linked, text, read), text, None)
        return as_data(text)

    async def _field_titles(self, kind: str, read: Read | None) -> dict[str, str]:
        if kind in self._titles or read is None:
            return self._titles.get(kind, {})
        try:
            result = (await read(f"crm.{kind}.fields", {})).get("result")
        except Exception:
            return {}
        titles = {
            str(code).upper(): str(spec.get("formLabel") or spec.get("listLabel") or spec.get("title") or "")
            for code, spec in (result.items() if isinstance(result, dict) else [])
            if isinstance(spec, dict)
        }
        self._titles[kind] = {k: v for k, v in titles.items() if v}
        return self._titles[kind]

    async def _record(self, kind: str, record_id: Any, read: Read | None) -> dict[str, Any] | None:
        if read is None or _literal_id(record_id) is None:
            return None
        try:
            result = (await read(f"crm.{kind}.get", {"id": _literal_id(record_id)})).get("result")
        except Exception:
            return None
        return result if isinstance(result, dict) else None

    async def _stage_name(self, code: str, read: Read | None) -> str | None:
        if read is None:
            return self.stages.known_name(code)
        try:
            return await self.stages.name_of(code, read)
        except Exception:
            return None

    async def _person(self, user_id: str, read: Read | None) -> str:
        number = f"#{as_data(user_id, quote=False, limit=20)}"
        if read is None or not user_id.strip().isdigit():
            return f"пользователь {number}"
        try:
            result = (await read("user.get", {"ID": user_id.strip()})).get("result")
        except Exception:
            return f"пользователь {number}"
        person = result[0] if isinstance(result, list) and result and isinstance(result[0], dict) else None
        if not person:
            return f"пользователь {number} (не найден на портале)"
        name = " ".join(str(person.get(k) or "") for k in ("NAME", "LAST_NAME")).strip()
        return f"{as_data(name)} ({number})" if name else f"пользователь {number}"
