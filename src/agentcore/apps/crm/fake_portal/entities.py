"""Deals, contacts and companies as Bitrix24 stores and returns them.

Reads return every value as a string (``"410"``, ``"1000000.00"``, ``"Y"``), unset values as ``null``, dates as
ISO 8601 with the portal's offset (``+03:00``); an unset company is ``"0"``.  Writes accept numbers or strings.
A deal keeps ``CONTACT_IDS`` internally and returns the deprecated ``CONTACT_ID`` (its first contact), as the
real ``crm.deal.get`` does.  Contacts and companies carry multifields (``PHONE``, ``EMAIL``, ``WEB``) as
``[{"ID", "VALUE_TYPE", "VALUE", "TYPE_ID"}]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Any

from agentcore.apps.crm.fake_portal.errors import PortalInputError

__all__ = [
    "ENTITY_KINDS",
    "FieldSpec",
    "apply_write",
    "describe_fields",
    "new_entity",
    "parse_date",
    "present",
]

PORTAL_TZ = timezone(timedelta(hours=3))
NUMERIC_TYPES = frozenset({"integer", "double", "user", "crm_company", "crm_contact", "crm_category", "crm_lead"})
DATE_TYPES = frozenset({"date", "datetime"})
MULTIFIELDS = ("PHONE", "EMAIL", "WEB", "IM")
STAGE_SEMANTICS = {"WON": "S", "LOSE": "F", "APOLOGY": "F"}


@dataclass(frozen=True)
class FieldSpec:
    """One field as ``crm.*.fields`` describes it."""

    type: str
    title: str
    read_only: bool = False
    multiple: bool = False
    required: bool = False


def _specs(*rows: tuple[Any, ...]) -> dict[str, FieldSpec]:
    return {name: FieldSpec(*rest) for name, *rest in rows}


_UTM = [(f"UTM_{x}", "string", f"UTM {x.lower()}") for x in ("SOURCE", "MEDIUM", "CAMPAIGN", "CONTENT", "TERM")]
_TRAIL = [
    ("ASSIGNED_BY_ID", "user", "Ответственный"),
    ("CREATED_BY_ID", "user", "Кем создана", True),
    ("MODIFY_BY_ID", "user", "Кем изменена", True),
    ("DATE_CREATE", "datetime", "Дата создания", True),
    ("DATE_MODIFY", "datetime", "Дата изменения", True),
    ("OPENED", "char", "Доступна для всех"),
    ("COMMENTS", "string", "Комментарий"),
    ("ORIGINATOR_ID", "string", "Внешний источник"),
    ("ORIGIN_ID", "string", "Идентификатор во внешнем источнике"),
    ("LAST_ACTIVITY_TIME", "datetime", "Последняя активность", True),
    ("LAST_ACTIVITY_BY", "user", "Автор последней активности", True),
    *_UTM,
]

DEAL_FIELDS = _specs(
    ("ID", "integer", "ID", True),
    ("TITLE", "string", "Название"),
    ("TYPE_ID", "crm_status", "Тип"),
    ("CATEGORY_ID", "crm_category", "Воронка"),
    ("STAGE_ID", "crm_status", "Стадия сделки"),
    ("STAGE_SEMANTIC_ID", "string", "Группа стадии", True),
    ("IS_NEW", "char", "Новая сделка", True),
    ("IS_RECURRING", "char", "Регулярная сделка"),
    ("IS_RETURN_CUSTOMER", "char", "Повторная сделка", True),
    ("IS_REPEATED_APPROACH", "char", "Повторное обращение", True),
    ("PROBABILITY", "integer", "Вероятность"),
    ("CURRENCY_ID", "crm_currency", "Валюта"),
    ("OPPORTUNITY", "double", "Сумма"),
    ("IS_MANUAL_OPPORTUNITY", "char", "Сумма заполняется вручную"),
    ("TAX_VALUE", "double", "Ставка налога"),
    ("COMPANY_ID", "crm_company", "Компания"),
    ("CONTACT_ID", "crm_contact", "Контакт"),
    ("CONTACT_IDS", "crm_contact", "Контакты", False, True),
    ("QUOTE_ID", "crm_quote", "Предложение", True),
    ("BEGINDATE", "date", "Дата начала"),
    ("CLOSEDATE", "date", "Предполагаемая дата закрытия"),
    ("CLOSED", "char", "Сделка закрыта"),
    ("SOURCE_ID", "crm_status", "Источник"),
    ("SOURCE_DESCRIPTION", "string", "Дополнительно об источнике"),
    ("LEAD_ID", "crm_lead", "Лид", True),
    ("ADDITIONAL_INFO", "string", "Дополнительная информация"),
    ("LOCATION_ID", "location", "Местоположение"),
    ("MOVED_BY_ID", "user", "Автор изменения стадии", True),
    ("MOVED_TIME", "datetime", "Дата изменения стадии", True),
    *_TRAIL,
)

CONTACT_FIELDS = _specs(
    ("ID", "integer", "ID", True),
    ("HONORIFIC", "crm_status", "Обращение"),
    ("NAME", "string", "Имя"),
    ("SECOND_NAME", "string", "Отчество"),
    ("LAST_NAME", "string", "Фамилия"),
    ("BIRTHDATE", "date", "Дата рождения"),
    ("TYPE_ID", "crm_status", "Тип контакта"),
    ("SOURCE_ID", "crm_status", "Источник"),
    ("SOURCE_DESCRIPTION", "string", "Дополнительно об источнике"),
    ("POST", "string", "Должность"),
    ("EXPORT", "char", "Участвует в экспорте"),
    ("HAS_PHONE", "char", "Задан телефон", True),
    ("HAS_EMAIL", "char", "Задан e-mail", True),
    ("COMPANY_ID", "crm_company", "Компания"),
    ("COMPANY_IDS", "crm_company", "Компании", False, True),
    ("LEAD_ID", "crm_lead", "Лид", True),
    ("PHONE", "crm_multifield", "Телефон", False, True),
    ("EMAIL", "crm_multifield", "E-mail", False, True),
    ("WEB", "crm_multifield", "Сайт", False, True),
    *_TRAIL,
)

COMPANY_FIELDS = _specs(
    ("ID", "integer", "ID", True),
    ("TITLE", "string", "Название компании", False, False, True),
    ("COMPANY_TYPE", "crm_status", "Тип компании"),
    ("INDUSTRY", "crm_status", "Сфера деятельности"),
    ("EMPLOYEES", "crm_status", "Кол-во сотрудников"),
    ("CURRENCY_ID", "crm_currency", "Валюта"),
    ("REVENUE", "double", "Годовой оборот"),
    ("IS_MY_COMPANY", "char", "Моя компания"),
    ("HAS_PHONE", "char", "Задан телефон", True),
    ("HAS_EMAIL", "char", "Задан e-mail", True),
    ("LEAD_ID", "crm_lead", "Лид", True),
    ("PHONE", "crm_multifield", "Телефон", False, True),
    ("EMAIL", "crm_multifield", "E-mail", False, True),
    ("WEB", "crm_multifield", "Сайт", False, True),
    *_TRAIL,
)

ENTITY_KINDS: dict[str, dict[str, FieldSpec]] = {
    "deal": DEAL_FIELDS,
    "contact": CONTACT_FIELDS,
    "company": COMPANY_FIELDS,
}
_HIDDEN_ON_READ = {"deal": {"CONTACT_IDS"}, "contact": {"COMPANY_IDS"}, "company": set()}


def iso(moment: datetime) -> str:
    """Bitrix24's date-time format: second precision with the portal's offset."""
    return moment.astimezone(PORTAL_TZ).replace(microsecond=0).isoformat()


def parse_date(value: Any) -> datetime | None:
    """Read a date or date-time the way the portal accepts them (``2024-09-09``, ISO with or without offset)."""
    if value in (None, ""):
        return None
    text = str(value).strip()
    try:
        if len(text) == 10:
            day = date.fromisoformat(text)
            return datetime(day.year, day.month, day.day, 3, tzinfo=PORTAL_TZ)
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=PORTAL_TZ)


def _number(value: Any, name: str) -> float:
    try:
        return float(str(value).replace(" ", "").replace(",", "."))
    except ValueError:
        raise PortalInputError(f"Поле {name} должно быть числом.") from None


def _stored(kind: str, name: str, spec: FieldSpec, value: Any, entity: dict[str, Any]) -> Any:
    """The internal form of a written value (strings for most, lists for multiple fields)."""
    if spec.type == "crm_multifield":
        return _multifield(name, value, entity)
    if spec.multiple:
        items = value if isinstance(value, list) else [value]
        return [str(int(_number(v, name))) for v in items if v not in (None, "")]
    if value is None or value == "":
        return None
    if spec.type == "double":
        return f"{_number(value, name):.2f}"
    if spec.type in NUMERIC_TYPES:
        return str(int(_number(value, name)))
    if spec.type in DATE_TYPES:
        moment = parse_date(value)
        if moment is None:
            raise PortalInputError(f"Неверный формат даты в поле {name}.")
        return iso(moment)
    if spec.type == "char":
        flag = str(value).upper()
        return "Y" if flag in ("Y", "1", "TRUE") else "N"
    return str(value)


def _multifield(name: str, value: Any, entity: dict[str, Any]) -> list[dict[str, Any]]:
    items = value if isinstance(value, list) else [value]
    current = list(entity.get(name) or [])
    next_id = entity.get("_MULTI_SEQ", 0)
    for item in items:
        if isinstance(item, dict):
            text = str(item.get("VALUE", "")).strip()
            value_type = str(item.get("VALUE_TYPE") or "WORK")
        else:
            text, value_type = str(item).strip(), "WORK"
        if not text:
            continue
        next_id += 1
        current.append({"ID": str(next_id), "VALUE_TYPE": value_type, "VALUE": text, "TYPE_ID": name})
    entity["_MULTI_SEQ"] = next_id
    return current


def apply_write(kind: str, entity: dict[str, Any], fields: Any, *, user_id: str, now: datetime) -> dict[str, Any]:
    """Apply ``fields`` of an add/update to ``entity`` (in place) and return it.

    Read-only and unknown fields are ignored (as the portal does); ``UF_*`` user fields are kept as given.

    Raises:
        PortalInputError: ``fields`` is not a map, or a value cannot be read for its type.
    """
    if not isinstance(fields, dict):
        raise PortalInputError("Parameter 'fields' must be array.")
    specs = ENTITY_KINDS[kind]
    upper = {str(k).upper(): v for k, v in fields.items()}
    for name, value in upper.items():
        if name.startswith("UF_"):
            entity[name] = value if isinstance(value, list | dict) or value is None else str(value)
            continue
        spec = specs.get(name)
        if spec is None or spec.read_only:
            continue
        entity[name] = _stored(kind, name, spec, value, entity)
    if kind == "deal":
        _deal_rules(entity, upper, user_id=user_id, now=now)
    elif kind == "contact":
        if "COMPANY_ID" in upper and "COMPANY_IDS" not in upper:
            entity["COMPANY_IDS"] = [entity["COMPANY_ID"]] if entity.get("COMPANY_ID") else []
        ids = entity.get("COMPANY_IDS") or []
        entity["COMPANY_ID"] = ids[0] if ids else None
    for multi in MULTIFIELDS:
        if multi in specs:
            entity[f"HAS_{multi}"] = "Y" if entity.get(multi) else "N"
    entity.pop("HAS_WEB", None)
    entity.pop("HAS_IM", None)
    entity["MODIFY_BY_ID"] = user_id
    entity["DATE_MODIFY"] = iso(now)
    return entity


def _deal_rules(entity: dict[str, Any], written: dict[str, Any], *, user_id: str, now: datetime) -> None:
    if "CONTACT_ID" in written and "CONTACT_IDS" not in written:
        entity["CONTACT_IDS"] = [entity["CONTACT_ID"]] if entity.get("CONTACT_ID") else []
    contacts = entity.get("CONTACT_IDS") or []
    entity["CONTACT_ID"] = contacts[0] if contacts else None
    category = entity.get("CATEGORY_ID") or "0"
    stage = str(entity.get("STAGE_ID") or "NEW")
    if category != "0" and not stage.startswith("C"):
        stage = f"C{category}:{stage}"
    if "STAGE_ID" in written or "STAGE_ID" not in entity:
        entity["MOVED_BY_ID"] = user_id
        entity["MOVED_TIME"] = iso(now)
    entity["STAGE_ID"] = stage
    semantic = STAGE_SEMANTICS.get(stage.split(":")[-1], "P")
    entity["STAGE_SEMANTIC_ID"] = semantic
    entity["CLOSED"] = "Y" if semantic in ("S", "F") else "N"
    if "OPPORTUNITY" in written:
        entity["IS_MANUAL_OPPORTUNITY"] = "Y"
    if not entity.get("COMPANY_ID"):
        entity["COMPANY_ID"] = "0"


def new_entity(kind: str, entity_id: int, fields: Any, *, user_id: str, now: datetime) -> dict[str, Any]:
    """A new entity with the portal's defaults, then ``fields`` applied.

    Raises:
        PortalInputError: see :func:`apply_write`; a company without ``TITLE``.
    """
    stamp = iso(now)
    entity: dict[str, Any] = {name: None for name, spec in ENTITY_KINDS[kind].items() if not spec.multiple}
    entity.update(
        ID=str(entity_id),
        ASSIGNED_BY_ID=user_id,
        CREATED_BY_ID=user_id,
        DATE_CREATE=stamp,
        OPENED="Y",
        LAST_ACTIVITY_TIME=stamp,
        LAST_ACTIVITY_BY=user_id,
    )
    if kind == "deal":
        today = now.astimezone(PORTAL_TZ).date()
        entity.update(
            TITLE=f"Сделка #{entity_id}",
            TYPE_ID="SALE",
            CATEGORY_ID="0",
            STAGE_ID="NEW",
            IS_NEW="Y",
            IS_RECURRING="N",
            IS_RETURN_CUSTOMER="N",
            IS_REPEATED_APPROACH="N",
            CURRENCY_ID="RUB",
            OPPORTUNITY="0.00",
            IS_MANUAL_OPPORTUNITY="N",
            COMPANY_ID="0",
            CONTACT_IDS=[],
            MOVED_BY_ID=user_id,
            MOVED_TIME=stamp,
            BEGINDATE=iso(datetime(today.year, today.month, today.day, 3, tzinfo=PORTAL_TZ)),
            CLOSEDATE=iso(datetime(today.year, today.month, today.day, 3, tzinfo=PORTAL_TZ) + timedelta(days=7)),
        )
    elif kind == "contact":
        entity.update(TYPE_ID="CLIENT", EXPORT="Y", COMPANY_IDS=[])
    else:
        entity.update(COMPANY_TYPE="CUSTOMER", CURRENCY_ID="RUB", REVENUE="0.00", IS_MY_COMPANY="N")
    apply_write(kind, entity, fields, user_id=user_id, now=now)
    if kind == "company" and not entity.get("TITLE"):
        raise PortalInputError('Не заполнено обязательное поле "Название компании".')
    return entity


def present(kind: str, entity: dict[str, Any], select: list[str] | None = None) -> dict[str, Any]:
    """The entity as the REST API returns it, restricted to ``select`` (None: every field of ``get``).

    ``select`` follows ``crm.*.list``: ``*`` means the standard fields without multifields, ``UF_*`` the user
    fields, other names are taken as they are; ``ID`` is always returned.
    """
    specs = ENTITY_KINDS[kind]
    hidden = _HIDDEN_ON_READ[kind]
    user_fields = sorted(k for k in entity if k.startswith("UF_"))
    if select is None:
        names = [n for n in specs if n not in hidden and (specs[n].type != "crm_multifield" or entity.get(n))]
        names += user_fields
    else:
        names = ["ID"]
        for item in select:
            name = str(item).upper()
            if name == "*":
                names += [n for n in specs if n not in hidden and specs[n].type != "crm_multifield"]
            elif name == "UF_*":
                names += user_fields
            elif name in specs or name.startswith("UF_"):
                names.append(name)
    result: dict[str, Any] = {}
    for name in dict.fromkeys(names):
        value = entity.get(name)
        if name in specs and specs[name].type == "crm_multifield" and value is None:
            continue
        result[name] = value
    return result


def describe_fields(kind: str) -> dict[str, Any]:
    """The ``crm.*.fields`` answer."""
    return {
        name: {
            "type": spec.type,
            "isRequired": spec.required,
            "isReadOnly": spec.read_only,
            "isImmutable": False,
            "isMultiple": spec.multiple,
            "isDynamic": False,
            "title": spec.title,
        }
        for name, spec in ENTITY_KINDS[kind].items()
    }
