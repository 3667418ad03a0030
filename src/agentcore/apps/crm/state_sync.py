"""The state module of seed 004: fold a successful Bitrix24 call into ``agent_state``.

:func:`update_state_from_action` is what the orchestrator's ``_update_state_from_action`` does: reads
(``crm.deal.get``, ``crm.contact.get``, ``crm.company.get``, lists) refresh ``objects`` — the current deal, contact
and company and the links between them (a deal's ``COMPANY_ID``, ``CONTACT_IDS`` and the deprecated
``CONTACT_ID``) —, writes update the snapshots, deletions drop them, and ``event.*`` keeps ``event_bindings`` equal
to the portal's subscriptions.  A batch is folded command by command.
"""

from __future__ import annotations

from typing import Any

from agentcore.apps.crm.batch_commands import parse_batch
from agentcore.apps.crm.models import MAX_OBJECTS_PER_KIND, AgentState, CrmObjects
from agentcore.apps.crm.params import param

__all__ = ["update_state_from_action"]

_DEAL_FIELDS = (
    "ID",
    "TITLE",
    "STAGE_ID",
    "CATEGORY_ID",
    "OPPORTUNITY",
    "CURRENCY_ID",
    "COMPANY_ID",
    "CONTACT_ID",
    "CONTACT_IDS",
    "ASSIGNED_BY_ID",
    "CLOSEDATE",
)
_CONTACT_FIELDS = ("ID", "NAME", "SECOND_NAME", "LAST_NAME", "COMPANY_ID", "COMPANY_IDS", "ASSIGNED_BY_ID")
_COMPANY_FIELDS = ("ID", "TITLE", "COMPANY_TYPE", "ASSIGNED_BY_ID")
_KINDS = {
    "deal": ("deals", _DEAL_FIELDS),
    "contact": ("contacts", _CONTACT_FIELDS),
    "company": ("companies", _COMPANY_FIELDS),
}


def _id(value: Any) -> str | None:
    """A Bitrix24 id as a string; None for empty, ``0`` and unresolved batch references."""
    if value is None or isinstance(value, bool):
        return None
    text = str(value).strip()
    if not text or text == "0" or text.startswith("$result"):
        return None
    return text


def _ids(value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value]
    return [i for i in (_id(item) for item in items) if i is not None]


def _upper(data: dict[str, Any]) -> dict[str, Any]:
    return {str(k).upper(): v for k, v in data.items()}


def _bucket(objects: CrmObjects, kind: str) -> dict[str, dict[str, Any]]:
    bucket: dict[str, dict[str, Any]] = getattr(objects, _KINDS[kind][0])
    return bucket


def _remember(objects: CrmObjects, kind: str, entity_id: str, data: dict[str, Any]) -> dict[str, Any]:
    """Merge ``data`` into the snapshot of one entity (most recent last, at most MAX_OBJECTS_PER_KIND kept)."""
    bucket = _bucket(objects, kind)
    fields = _KINDS[kind][1]
    snapshot = bucket.pop(entity_id, {"ID": entity_id})
    for key, value in _upper(data).items():
        if key in fields and not (isinstance(value, str) and value.startswith("$result")):
            snapshot[key] = value
    snapshot["ID"] = entity_id
    bucket[entity_id] = snapshot
    while len(bucket) > MAX_OBJECTS_PER_KIND:
        bucket.pop(next(iter(bucket)))
    return snapshot


def _add_link(objects: CrmObjects, kind: str, entity_id: str, field: str, linked: str) -> None:
    snapshot = _bucket(objects, kind).get(entity_id)
    if snapshot is None:
        snapshot = _remember(objects, kind, entity_id, {})
    links = snapshot.setdefault(field, [])
    if linked not in links:
        links.append(linked)
        del links[:-MAX_OBJECTS_PER_KIND]  # the most recent ones: a company may have thousands of deals


def _unlink(objects: CrmObjects, kind: str, entity_id: str, field: str, linked: str) -> None:
    links = (_bucket(objects, kind).get(entity_id) or {}).get(field)
    if isinstance(links, list) and linked in links:
        links.remove(linked)


def _unresolved(value: Any) -> bool:
    items = value if isinstance(value, list) else [value]
    return any(isinstance(item, str) and item.strip().startswith("$result") for item in items)


def _linked_ids(data: dict[str, Any], known: list[str], many: str, one: str) -> list[str] | None:
    """The ids ``data`` links to (``CONTACT_IDS`` or the deprecated single ``CONTACT_ID``); None: it does not say.

    ``crm.deal.get`` returns only the first contact as ``CONTACT_ID``: while that is still the first known one, the
    others are kept; another id replaces them; an empty one clears them.
    """
    if many in data and not _unresolved(data[many]):
        return _ids(data[many])
    if one in data and not _unresolved(data[one]):
        first = _id(data[one])
        if first is None:
            return []
        return known if known[:1] == [first] else [first]
    return None


def _relink(objects: CrmObjects, target: str, field: str, entity_id: str, before: list[str], after: list[str]) -> None:
    """Make the ``target`` entities list ``entity_id`` in ``field``: those in ``after`` do, those only in ``before``
    no longer do."""
    for gone in before:
        if gone not in after:
            _unlink(objects, target, gone, field, entity_id)
    for linked in after:
        _add_link(objects, target, linked, field, entity_id)


def _deal_links(objects: CrmObjects, deal: dict[str, Any], data: dict[str, Any], old: dict[str, Any]) -> None:
    deal_id = deal["ID"]
    known = _ids(old.get("CONTACT_IDS")) or _ids(old.get("CONTACT_ID"))
    contacts = _linked_ids(data, known, "CONTACT_IDS", "CONTACT_ID")
    if contacts is None:
        contacts = known
    if contacts or known or "CONTACT_ID" in deal or "CONTACT_IDS" in deal:
        deal["CONTACT_IDS"] = contacts
        deal["CONTACT_ID"] = contacts[0] if contacts else None
    _relink(objects, "contact", "DEAL_IDS", deal_id, known, contacts)
    before = [c for c in (_id(old.get("COMPANY_ID")),) if c]
    after = [c for c in (_id(deal.get("COMPANY_ID")),) if c]
    _relink(objects, "company", "DEAL_IDS", deal_id, before, after)


def _contact_links(objects: CrmObjects, contact: dict[str, Any], data: dict[str, Any], old: dict[str, Any]) -> None:
    known = _ids(old.get("COMPANY_IDS")) or _ids(old.get("COMPANY_ID"))
    companies = _linked_ids(data, known, "COMPANY_IDS", "COMPANY_ID")
    if companies is None:
        companies = known
    if companies or known:
        contact["COMPANY_ID"] = companies[0] if companies else None
        if "COMPANY_IDS" in contact:
            contact["COMPANY_IDS"] = companies
    _relink(objects, "company", "CONTACT_IDS", contact["ID"], known, companies)


def _fold_entity(objects: CrmObjects, kind: str, data: dict[str, Any], *, current: bool) -> None:
    """Remember one entity and its links; ``current``: it is what the conversation is about now (its contact and
    company become the current ones too)."""
    upper = _upper(data)
    entity_id = _id(upper.get("ID"))
    if entity_id is None:
        return
    old = dict(_bucket(objects, kind).get(entity_id) or {})
    snapshot = _remember(objects, kind, entity_id, upper)
    if kind == "deal":
        _deal_links(objects, snapshot, upper, old)
    elif kind == "contact":
        _contact_links(objects, snapshot, upper, old)
    if not current:
        return
    setattr(objects, f"{kind}_id", entity_id)
    company = _id(snapshot.get("COMPANY_ID")) if kind != "company" else None
    if company:
        objects.company_id = company
    contacts = _ids(snapshot.get("CONTACT_IDS")) if kind == "deal" else []
    if contacts:
        objects.contact_id = contacts[0]


def _forget(objects: CrmObjects, kind: str, entity_id: str) -> None:
    _bucket(objects, kind).pop(entity_id, None)
    if getattr(objects, f"{kind}_id") == entity_id:
        setattr(objects, f"{kind}_id", None)


def _sync_crm(state: AgentState, method: str, params: dict[str, Any], result: Any) -> None:
    _, kind, action = method.split(".", 2)
    if kind not in _KINDS:
        return
    objects = state.objects
    if action == "get" and isinstance(result, dict):
        _fold_entity(objects, kind, result, current=True)
    elif action == "list" and isinstance(result, list):
        items = [item for item in result if isinstance(item, dict)]
        for item in items:
            _fold_entity(objects, kind, item, current=len(items) == 1)
        if kind == "deal":
            found = [_id(_upper(item).get("ID")) for item in items] if len(items) > 1 else []
            objects.deals_found = [deal_id for deal_id in found if deal_id][:10]
    elif action == "add":
        entity_id = _id(result)
        fields = param(params, "fields")
        if entity_id is not None:
            _fold_entity(objects, kind, {**(fields if isinstance(fields, dict) else {}), "ID": entity_id}, current=True)
    elif action == "update":
        entity_id = _id(param(params, "id"))
        fields = param(params, "fields")
        if entity_id is not None and result is not False:
            _fold_entity(objects, kind, {**(fields if isinstance(fields, dict) else {}), "ID": entity_id}, current=True)
    elif action == "delete":
        entity_id = _id(param(params, "id"))
        if entity_id is not None and result is not False:
            _forget(objects, kind, entity_id)


def _binding(params: dict[str, Any]) -> dict[str, Any]:
    event = str(param(params, "event") or "").upper()
    handler = str(param(params, "handler") or "")
    binding: dict[str, Any] = {"event": event, "handler": handler}
    auth_type = param(params, "auth_type")
    if auth_type not in (None, ""):
        binding["auth_type"] = str(auth_type)
    return binding


def _sync_events(state: AgentState, method: str, params: dict[str, Any], result: Any) -> None:
    if method == "event.get" and isinstance(result, list):
        state.event_bindings = [
            {k: item.get(k) for k in ("event", "handler", "auth_type", "offline") if k in item}
            for item in result
            if isinstance(item, dict)
        ]
    elif method == "event.bind":
        binding = _binding(params)
        if not any(
            b.get("event") == binding["event"] and b.get("handler") == binding["handler"] for b in state.event_bindings
        ):
            state.event_bindings.append(binding)
    elif method == "event.unbind":
        binding = _binding(params)
        state.event_bindings = [
            b
            for b in state.event_bindings
            if not (
                str(b.get("event", "")).upper() == binding["event"]
                and (not binding["handler"] or b.get("handler") == binding["handler"])
            )
        ]


def _sync_batch(state: AgentState, params: dict[str, Any], result: Any) -> None:
    if not isinstance(result, dict):
        return
    results = result.get("result")
    if isinstance(results, list):  # PHP: a map with keys 0..n-1 comes back as a list
        results = {str(i): value for i, value in enumerate(results)}
    if not isinstance(results, dict):
        return
    for command in parse_batch(params):
        if command.key in results:
            update_state_from_action(state, command.method, command.params, results[command.key])


def update_state_from_action(state: AgentState, method: str, params: dict[str, Any], result: Any) -> None:
    """Fold the ``result`` of a successful ``method(params)`` call into ``state`` (in place).

    ``result`` is the ``result`` member of Bitrix24's envelope.  Methods that say nothing about CRM objects or event
    subscriptions leave the state as it is.  Never raises for odd results: they are ignored.
    """
    method = method.strip().lower()
    if method == "batch":
        _sync_batch(state, params, result)
    elif method.startswith("crm.") and method.count(".") == 2:
        _sync_crm(state, method, params, result)
    elif method.startswith("event."):
        _sync_events(state, method, params, result)
