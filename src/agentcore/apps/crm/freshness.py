"""An approved update writes only over the values the user was shown («Было»).

When a request to change a record is put into words, the record's values of the fields it changes are kept with the
request (:attr:`~agentcore.apps.crm.models.Confirmation.before`).  When the user approves it, the orchestrator reads
the record again just before writing; if any of those fields differs now (another request, another worker or a
colleague changed it meanwhile), the write would silently overwrite a change the user never saw — so nothing is
written and the same change is asked again with the new «Было» (docs/crm.md, «Stale requests»).

Watched: a ``crm.{deal,contact,company}.update`` naming its record by a plain number — a single call, or each such
command of a ``batch`` (:func:`watches_of`; one check for both, ``Orchestrator._still_fresh``), also one whose
record id the batch resolves before running (``$result[g][ID]`` of ``crm.deal.get?id=1``:
:func:`~.batch_commands.resolved_params`).  Not watched: a command whose record is another ``$result`` reference
(the record is not known before the batch runs), and a record that could not be read when the request was made.

:attr:`Confirmation.before` of a single update holds the snapshot itself (``{field: value}``); of a batch, one
snapshot per watched command key (``{key: {field: value}}``) — :func:`shown_before` reads either.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from agentcore.apps.crm.batch_commands import BatchParseError, parse_batch, resolved_params
from agentcore.apps.crm.params import param

__all__ = ["Watch", "changed_fields", "shown_before", "snapshot", "snapshots", "watch_of", "watches_of"]

_UPDATE = re.compile(r"^crm\.(deal|contact|company)\.update$")


@dataclass(frozen=True)
class Watch:
    """What an update changes: the entity kind, the record's id and the field codes (upper case)."""

    kind: str
    record_id: str
    fields: tuple[str, ...]
    key: str | None = None  # the command's key inside a batch; None for a single call

    @property
    def get_method(self) -> str:
        """The read that gives the record's current values."""
        return f"crm.{self.kind}.get"


def watch_of(method: str, params: dict[str, Any]) -> Watch | None:
    """The fields a single update changes, or None when the step is not a watched update."""
    match = _UPDATE.match(method.strip().lower())
    if match is None:
        return None
    record_id = str(param(params, "id", "")).strip()
    fields = param(params, "fields")
    if not record_id.isascii() or not record_id.isdigit() or not isinstance(fields, dict) or not fields:
        return None
    codes = tuple(dict.fromkeys(str(code).strip().upper() for code in fields))
    return Watch(match.group(1), record_id, codes)


def watches_of(method: str, params: dict[str, Any]) -> list[Watch]:
    """The watched updates of a step: the step itself, or each watched command of a batch (in order)."""
    if method.strip().lower() != "batch":
        single = watch_of(method, params)
        return [single] if single is not None else []
    try:
        commands = parse_batch(params)
    except BatchParseError:
        return []
    found = []
    for command in commands:
        watch = watch_of(command.method, resolved_params(command))
        if watch is not None:
            found.append(Watch(watch.kind, watch.record_id, watch.fields, command.key))
    return found


def snapshots(watches: list[Watch], records: dict[tuple[str, str], dict[str, Any]]) -> dict[str, Any] | None:
    """What :attr:`Confirmation.before` keeps for a request: the values shown of each watched record found in
    ``records`` (by ``(kind, id)``, as read for the request's words); None when none was read."""
    if len(watches) == 1 and watches[0].key is None:
        record = records.get((watches[0].kind, watches[0].record_id))
        return snapshot(watches[0], record) if record is not None else None
    kept = {
        w.key: snapshot(w, records[(w.kind, w.record_id)])
        for w in watches
        if w.key is not None and (w.kind, w.record_id) in records
    }
    return kept or None


def shown_before(before: dict[str, Any] | None, watch: Watch) -> dict[str, Any] | None:
    """The values the user was shown for ``watch`` (see :func:`snapshots`); None when its record was not read."""
    if before is None:
        return None
    if watch.key is None:
        return before
    shown = before.get(watch.key)
    return shown if isinstance(shown, dict) else None


def snapshot(watch: Watch, record: dict[str, Any]) -> dict[str, Any]:
    """The record's values of the watched fields (None for a field the record does not have)."""
    upper = {str(code).strip().upper(): value for code, value in record.items()}
    return {code: upper.get(code) for code in watch.fields}


def changed_fields(before: dict[str, Any], record: dict[str, Any]) -> list[str]:
    """The fields whose value in ``record`` (read now) differs from ``before`` (shown to the user)."""
    upper = {str(code).strip().upper(): value for code, value in record.items()}
    return [code for code, old in before.items() if _norm(old) != _norm(upper.get(code))]


def _norm(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return str(value).strip()
