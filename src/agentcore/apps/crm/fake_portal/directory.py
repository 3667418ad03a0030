"""The fake portal's people, deal stages, tasks and service methods.

* ``user.get`` (``ID`` or ``FILTER`` with ``NAME`` / ``LAST_NAME`` / ``EMAIL`` / ``ACTIVE``, a ``%`` prefix for a
  substring), ``user.search`` (``FIND``: a substring of the name, last name or e-mail, or ``FILTER`` as ``user.get``),
  ``user.current``, ``profile``;
* ``crm.status.list`` (``filter[ENTITY_ID]=DEAL_STAGE``, ``DEAL_STAGE_1`` and others), ``crm.dealcategory.list``,
  ``crm.dealcategory.stage.list`` (``id`` = the pipeline, ``0`` the main one) — the main pipeline has a custom stage
  ``UC_NEGOTIATION`` «Переговоры», as real portals have stages the REST defaults do not know; pipeline 1 «Сервис»
  has stages ``C1:…`` of its own names;
* ``tasks.task.add`` / ``tasks.task.get`` / ``tasks.task.list`` (tasks live in the portal's storage);
* ``server.time``, ``scope``.

Values come back as strings, as on the real portal.  Scopes: ``user.*`` and ``profile`` need ``user`` (or
``user_brief`` / ``user_basic``), ``tasks.*`` need ``task``; ``server.time``, ``scope`` and ``user.current`` need none.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from agentcore.apps.crm.fake_portal.entities import PORTAL_TZ, iso, parse_date
from agentcore.apps.crm.fake_portal.errors import PortalError
from agentcore.apps.crm.fake_portal.storage import PortalStorage

__all__ = ["DEAL_STAGES", "USERS", "call_directory", "directory_method", "required_scope"]

_USER_ROWS = [
    ("1", "Алексей", "Иванов", "a.ivanov", "Руководитель отдела продаж", True),
    ("2", "Ольга", "Кузнецова", "o.kuznetsova", "Менеджер по продажам", True),
    ("3", "Дмитрий", "Соколов", "d.sokolov", "Менеджер по продажам", True),
    ("4", "Мария", "Соколова", "m.sokolova", "Менеджер по продажам", True),
    ("5", "Игорь", "Белов", "i.belov", "Аккаунт-менеджер", True),
    ("6", "Сергей", "Орлов", "s.orlov", "Стажёр", False),
]
USERS: list[dict[str, Any]] = [
    {"ID": i, "NAME": n, "LAST_NAME": ln, "EMAIL": f"{mail}@example.ru", "WORK_POSITION": post, "ACTIVE": active}
    for i, n, ln, mail, post, active in _USER_ROWS
]

# (STATUS_ID, NAME, SORT, SEMANTICS) of the main pipeline.
DEAL_STAGES: list[tuple[str, str, int, str | None]] = [
    ("NEW", "Новая", 10, None),
    ("PREPARATION", "Подготовка документов", 20, None),
    ("UC_NEGOTIATION", "Переговоры", 30, None),
    ("PREPAYMENT_INVOICE", "Счёт на предоплату", 40, None),
    ("EXECUTING", "В работе", 50, None),
    ("FINAL_INVOICE", "Финальный счёт", 60, None),
    ("WON", "Сделка успешна", 70, "S"),
    ("LOSE", "Сделка провалена", 80, "F"),
    ("APOLOGY", "Анализ причины провала", 90, "F"),
]
# Pipelines other than the main one: id → (name, stages as in DEAL_STAGES with the ``C<id>:`` prefix).
DEAL_CATEGORIES: dict[str, tuple[str, list[tuple[str, str, int, str | None]]]] = {
    "1": (
        "Сервис",
        [
            ("C1:NEW", "Новая заявка", 10, None),
            ("C1:EXECUTING", "Выезд мастера", 20, None),
            ("C1:WON", "Работы приняты", 30, "S"),
            ("C1:LOSE", "Отказ клиента", 40, "F"),
        ],
    )
}
_OTHER_STATUSES: dict[str, list[tuple[str, str]]] = {
    "SOURCE": [("CALL", "Звонок"), ("EMAIL", "Электронная почта"), ("WEB", "Веб-сайт"), ("OTHER", "Другое")],
    "CONTACT_TYPE": [("CLIENT", "Клиенты"), ("SUPPLIER", "Поставщики"), ("PARTNER", "Партнёры")],
    "COMPANY_TYPE": [("CUSTOMER", "Клиент"), ("SUPPLIER", "Поставщик"), ("PARTNER", "Партнёр")],
}


def _user(row: dict[str, Any]) -> dict[str, Any]:
    return {**{k: v for k, v in row.items() if k != "ACTIVE"}, "ACTIVE": row["ACTIVE"], "IS_ONLINE": "N"}


def _matches(row: dict[str, Any], filters: dict[str, Any]) -> bool:
    for key, expected in filters.items():
        key = str(key).upper()
        like = key.startswith("%")
        name = key.lstrip("%")
        if name in ("NAME_SEARCH", "FIND"):
            if not _found(row, str(expected)):
                return False
            continue
        actual = row.get(name)
        if name == "ACTIVE":
            wanted = str(expected).upper() in ("Y", "TRUE", "1")
            if bool(actual) != wanted:
                return False
        elif like:
            if str(expected).lower() not in str(actual or "").lower():
                return False
        elif str(actual or "").lower() != str(expected).lower():
            return False
    return True


def _found(row: dict[str, Any], text: str) -> bool:
    words = [w for w in re.split(r"\s+", text.lower()) if w]
    haystack = " ".join(str(row.get(k) or "") for k in ("NAME", "LAST_NAME", "EMAIL")).lower()
    return all(word in haystack for word in words)


def _filters(params: dict[str, Any]) -> dict[str, Any]:
    raw = params.get("filter")
    filters = dict(raw) if isinstance(raw, dict) else {}
    for key, value in params.items():  # user.get also takes filter fields at the top level
        if key.upper() in ("ID", "NAME", "LAST_NAME", "EMAIL", "ACTIVE") and key.lower() not in ("filter",):
            filters[key.upper()] = value
    return filters


def _user_get(storage: PortalStorage, params: dict[str, Any], user_id: str) -> Any:
    return [_user(row) for row in USERS if _matches(row, _filters(params))]


def _user_search(storage: PortalStorage, params: dict[str, Any], user_id: str) -> Any:
    filters = _filters(params)
    find = params.get("find")
    if find:
        filters["FIND"] = find
    return [_user(row) for row in USERS if _matches(row, filters)]


def _user_current(storage: PortalStorage, params: dict[str, Any], user_id: str) -> Any:
    row = next((r for r in USERS if r["ID"] == user_id), None)
    if row is None:
        return {"ID": user_id, "NAME": "", "LAST_NAME": "", "ACTIVE": True}
    return _user(row)


def _profile(storage: PortalStorage, params: dict[str, Any], user_id: str) -> Any:
    user = _user_current(storage, params, user_id)
    return {
        "ID": user["ID"],
        "ADMIN": user["ID"] == "1",
        "NAME": user.get("NAME", ""),
        "LAST_NAME": user.get("LAST_NAME", ""),
        "PERSONAL_GENDER": "",
        "TIME_ZONE": "Europe/Moscow",
        "TIME_ZONE_OFFSET": 10800,
    }


def _stages(category: str) -> list[tuple[str, str, int, str | None]] | None:
    if category == "0":
        return DEAL_STAGES
    return DEAL_CATEGORIES[category][1] if category in DEAL_CATEGORIES else None


def _status_rows(entity_id: str) -> list[dict[str, Any]]:
    category = "0" if entity_id == "DEAL_STAGE" else entity_id.removeprefix("DEAL_STAGE_")
    stages = _stages(category) if entity_id.startswith("DEAL_STAGE") else None
    if stages is not None:
        return [
            {
                "ID": str(int(category) * 100 + index + 1),
                "ENTITY_ID": entity_id,
                "STATUS_ID": code,
                "NAME": name,
                "NAME_INIT": name,
                "SORT": str(sort),
                "SYSTEM": "N" if "UC_" in code else "Y",
                "CATEGORY_ID": category,
                "SEMANTICS": semantics,
            }
            for index, (code, name, sort, semantics) in enumerate(stages)
        ]
    rows = _OTHER_STATUSES.get(entity_id, [])
    return [
        {"ID": str(100 + i), "ENTITY_ID": entity_id, "STATUS_ID": code, "NAME": name, "SORT": str(10 * (i + 1))}
        for i, (code, name) in enumerate(rows)
    ]


def _status_list(storage: PortalStorage, params: dict[str, Any], user_id: str) -> Any:
    raw = params.get("filter")
    filters = {str(k).upper(): v for k, v in raw.items()} if isinstance(raw, dict) else {}
    entity = filters.pop("ENTITY_ID", None)
    pipelines = ["DEAL_STAGE", *(f"DEAL_STAGE_{c}" for c in DEAL_CATEGORIES)]
    kinds = [str(entity)] if entity else [*pipelines, *_OTHER_STATUSES]
    rows = [row for kind in kinds for row in _status_rows(kind)]
    return [r for r in rows if all(str(r.get(k, "")) == str(v) for k, v in filters.items())]


def _category_stages(storage: PortalStorage, params: dict[str, Any], user_id: str) -> Any:
    stages = _stages(str(params.get("id", "0") or "0"))
    if stages is None:
        raise PortalError(400, "", "Category not found")
    return [{"NAME": name, "SORT": str(sort), "STATUS_ID": code} for code, name, sort, _ in stages]


def _categories(storage: PortalStorage, params: dict[str, Any], user_id: str) -> Any:
    return [
        {"ID": category, "NAME": name, "SORT": str(10 * (index + 1)), "IS_LOCKED": "N"}
        for index, (category, (name, _)) in enumerate(DEAL_CATEGORIES.items())
    ]


def _task_fields(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict) or not raw.get("TITLE"):
        raise PortalError(400, "ERROR_CORE", "Не указано название задачи")
    return {str(k).upper(): v for k, v in raw.items()}


def _present_task(task: dict[str, Any]) -> dict[str, Any]:
    return {k.lower() if k != "UF_CRM_TASK" else "ufCrmTask": v for k, v in task.items()}


def _task_add(storage: PortalStorage, params: dict[str, Any], user_id: str) -> Any:
    fields = _task_fields(params.get("fields"))
    responsible = str(fields.get("RESPONSIBLE_ID") or user_id)
    if not any(r["ID"] == responsible for r in USERS):
        raise PortalError(400, "ERROR_CORE", "Не найден ответственный")
    deadline = fields.get("DEADLINE")
    if deadline:
        moment = parse_date(str(deadline))
        if moment is None:
            raise PortalError(400, "ERROR_CORE", "Неверный формат крайнего срока")
        deadline = iso(moment)
    task_id = storage.next_id("task")
    crm = fields.get("UF_CRM_TASK") or []
    task = {
        "ID": str(task_id),
        "TITLE": str(fields["TITLE"]),
        "DESCRIPTION": str(fields.get("DESCRIPTION") or ""),
        "RESPONSIBLE_ID": responsible,
        "CREATED_BY": user_id,
        "DEADLINE": deadline,
        "STATUS": "2",
        "UF_CRM_TASK": [str(x) for x in crm] if isinstance(crm, list) else [str(crm)],
    }
    storage.put("task", task_id, task)
    return {"task": _present_task(task)}


def _task_get(storage: PortalStorage, params: dict[str, Any], user_id: str) -> Any:
    try:
        task = storage.get("task", int(str(params.get("taskid") or params.get("id") or "")))
    except ValueError:
        task = None
    if task is None:
        raise PortalError(400, "ERROR_CORE", "Задача не найдена или доступ запрещён")
    return {"task": _present_task(task)}


def _task_list(storage: PortalStorage, params: dict[str, Any], user_id: str) -> Any:
    return {"tasks": [_present_task(t) for t in storage.all("task")]}


def _server_time(storage: PortalStorage, params: dict[str, Any], user_id: str) -> Any:
    from datetime import datetime

    return datetime.now(PORTAL_TZ).replace(microsecond=0).isoformat()


_METHODS: dict[str, Callable[[PortalStorage, dict[str, Any], str], Any]] = {
    "user.get": _user_get,
    "user.search": _user_search,
    "user.current": _user_current,
    "profile": _profile,
    "crm.status.list": _status_list,
    "crm.dealcategory.stage.list": _category_stages,
    "crm.dealcategory.list": _categories,
    "tasks.task.add": _task_add,
    "tasks.task.get": _task_get,
    "tasks.task.list": _task_list,
    "server.time": _server_time,
}
_SCOPES = {"user.get": "user", "user.search": "user", "profile": "user", "crm.status.list": "crm"}


def directory_method(method: str) -> bool:
    """True for the methods of this module (``scope`` is answered by the caller, which knows the scopes)."""
    return method in _METHODS or method == "scope"


def required_scope(method: str) -> str | None:
    """The scope a webhook needs for ``method`` (None: none)."""
    if method.startswith("tasks."):
        return "task"
    if method.startswith("crm."):
        return "crm"
    return _SCOPES.get(method)


def call_directory(storage: PortalStorage, method: str, params: dict[str, Any], user_id: str) -> Any:
    """Run a directory method (see the module docstring).

    Raises:
        PortalError: bad params (400).
    """
    return _METHODS[method](storage, params, user_id)
