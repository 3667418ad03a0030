"""The REST methods of the fake portal: ``crm.{deal,contact,company}.{add,get,update,delete,list,fields}``,
``event.{bind,get,unbind}`` and the directory (:mod:`.directory`: users, stages, tasks, ``server.time``, ``scope``).

Each method takes the decoded params (top-level names already lower-cased) and the caller's context and returns
``(result, extra)`` where ``extra`` holds ``total`` / ``next`` for lists; errors raise :class:`PortalError` with
Bitrix24's status, code and description.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from agentcore.apps.crm.fake_portal.directory import call_directory, directory_method, required_scope
from agentcore.apps.crm.fake_portal.entities import (
    ENTITY_KINDS,
    apply_write,
    describe_fields,
    new_entity,
    present,
)
from agentcore.apps.crm.fake_portal.errors import PortalError
from agentcore.apps.crm.fake_portal.filters import compile_filter, sort_entities
from agentcore.apps.crm.fake_portal.storage import PortalStorage

__all__ = ["PAGE_SIZE", "CallContext", "PortalError", "call_method", "known_method"]

PAGE_SIZE = 50
_KNOWN_EVENTS = frozenset(
    f"ONCRM{entity}{action}"
    for entity in ("DEAL", "CONTACT", "COMPANY", "LEAD")
    for action in ("ADD", "UPDATE", "DELETE")
)


@dataclass
class CallContext:
    """Who calls: ``webhook`` or ``oauth``, the portal user, the webhook's scopes."""

    auth_type: str
    user_id: str
    scopes: list[str] = field(default_factory=lambda: ["crm"])
    now: Callable[[], datetime] = field(default=lambda: datetime.now().astimezone())


Result = tuple[Any, dict[str, Any]]


def _entity_id(params: dict[str, Any]) -> int:
    raw = params.get("id")
    try:
        value = int(str(raw).strip())
    except (TypeError, ValueError):
        raise PortalError(400, "", "ID is not defined or invalid.") from None
    if value <= 0:
        raise PortalError(400, "", "ID is not defined or invalid.")
    return value


def _load(storage: PortalStorage, kind: str, entity_id: int) -> dict[str, Any]:
    entity = storage.get(kind, entity_id)
    if entity is None:
        raise PortalError(400, "", "Not found")
    return entity


def _add(storage: PortalStorage, kind: str, params: dict[str, Any], ctx: CallContext) -> Result:
    fields = params.get("fields")
    if fields is None:
        raise PortalError(400, "", "Parameter 'fields' must be array.")
    entity_id = storage.next_id(kind)
    entity = new_entity(kind, entity_id, fields, user_id=ctx.user_id, now=ctx.now())
    storage.put(kind, entity_id, entity)
    return entity_id, {}


def _get(storage: PortalStorage, kind: str, params: dict[str, Any], ctx: CallContext) -> Result:
    return present(kind, _load(storage, kind, _entity_id(params))), {}


def _update(storage: PortalStorage, kind: str, params: dict[str, Any], ctx: CallContext) -> Result:
    entity_id = _entity_id(params)
    entity = _load(storage, kind, entity_id)
    apply_write(kind, entity, params.get("fields"), user_id=ctx.user_id, now=ctx.now())
    storage.put(kind, entity_id, entity)
    return True, {}


def _delete(storage: PortalStorage, kind: str, params: dict[str, Any], ctx: CallContext) -> Result:
    entity_id = _entity_id(params)
    if not storage.delete(kind, entity_id):
        raise PortalError(400, "", "Not found")
    return True, {}


def _start(params: dict[str, Any]) -> int:
    raw = params.get("start", 0)
    try:
        return int(str(raw or 0))
    except ValueError:
        return 0


def _list(storage: PortalStorage, kind: str, params: dict[str, Any], ctx: CallContext) -> Result:
    specs = ENTITY_KINDS[kind]
    predicate = compile_filter(params.get("filter"), specs)
    select = params.get("select")
    if isinstance(select, dict):
        select = list(select.values())
    if not isinstance(select, list) or not select:
        select = ["*", "UF_*"]
    matching = sort_entities([e for e in storage.all(kind) if predicate(e)], params.get("order"), specs)
    start = _start(params)
    if start < 0:  # "start=-1": no counting, the fast way to page with filter[>ID]
        page = matching[:PAGE_SIZE]
        return [present(kind, e, select) for e in page], {"total": 0}
    page = matching[start : start + PAGE_SIZE]
    extra: dict[str, Any] = {"total": len(matching)}
    if start + PAGE_SIZE < len(matching):
        extra["next"] = start + PAGE_SIZE
    return [present(kind, e, select) for e in page], extra


def _fields(storage: PortalStorage, kind: str, params: dict[str, Any], ctx: CallContext) -> Result:
    return describe_fields(kind), {}


_CRM_ACTIONS: dict[str, Callable[[PortalStorage, str, dict[str, Any], CallContext], Result]] = {
    "add": _add,
    "get": _get,
    "update": _update,
    "delete": _delete,
    "list": _list,
    "fields": _fields,
}


def _require_app(ctx: CallContext) -> None:
    if ctx.auth_type != "oauth":
        raise PortalError(
            403, "WRONG_AUTH_TYPE", "Current authorization type is denied for this method Application context required"
        )


def _event(storage: PortalStorage, action: str, params: dict[str, Any], ctx: CallContext) -> Result:
    _require_app(ctx)
    if action == "get":
        return storage.bindings(), {}
    event = str(params.get("event") or "").strip().upper()
    handler = str(params.get("handler") or "").strip()
    auth_type = str(params.get("auth_type") or "0")
    if action == "bind":
        if event not in _KNOWN_EVENTS:
            raise PortalError(400, "ERROR_EVENT_NOT_FOUND", "Event not found")
        if not handler.startswith(("http://", "https://")):
            raise PortalError(400, "ERROR_HANDLER_URL", "Handler URL is not valid")
        offline = 1 if str(params.get("event_type", "online")).lower() == "offline" else 0
        if not storage.bind(event, handler, auth_type, offline):
            raise PortalError(400, "ERROR_CORE", "Handler already binded")
        return True, {}
    if not event:
        raise PortalError(400, "ERROR_EVENT_NOT_FOUND", "Event not found")
    count = storage.unbind(event, handler or None, params.get("auth_type"))
    return {"count": count}, {}


def known_method(method: str) -> bool:
    """True for the methods this portal implements (``batch`` is handled by the app)."""
    parts = method.split(".")
    if len(parts) == 3 and parts[0] == "crm" and parts[1] in ENTITY_KINDS:
        return parts[2] in _CRM_ACTIONS
    return method in ("event.bind", "event.get", "event.unbind") or directory_method(method)


_USER_SCOPES = ("user", "user_brief", "user_basic")


def _check_scope(method: str, ctx: CallContext) -> None:
    needed = required_scope(method) if not method.startswith("crm.") else "crm"
    if ctx.auth_type != "webhook" or needed is None:
        return
    granted = set(ctx.scopes)
    if needed in granted or (needed == "user" and granted.intersection(_USER_SCOPES)):
        return
    raise PortalError(
        403, "insufficient_scope", "The request requires higher privileges than provided by the webhook token"
    )


def call_method(storage: PortalStorage, method: str, params: dict[str, Any], ctx: CallContext) -> Result:
    """Run one method.

    Raises:
        PortalError: unknown method (404), missing scope (403), app-only method via webhook, CRM errors (400).
    """
    if not known_method(method):
        raise PortalError(404, "ERROR_METHOD_NOT_FOUND", "Method not found!")
    parts = method.split(".")
    _check_scope(method, ctx)
    if method == "scope":
        return list(ctx.scopes), {}
    if directory_method(method):
        return call_directory(storage, method, params, ctx.user_id), {}
    if parts[0] == "crm":
        return _CRM_ACTIONS[parts[2]](storage, parts[1], params, ctx)
    return _event(storage, parts[1], params, ctx)
