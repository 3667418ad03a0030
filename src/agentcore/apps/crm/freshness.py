"""An approved update writes only over the values the user was shown («Было»).

When a request to change a record is put into words, the record's values of the fields it changes are kept with the
request (:attr:`~agentcore.apps.crm.models.Confirmation.before`).  When the user approves it, the orchestrator reads
the record again just before writing; if any of those fields differs now (another request, another worker or a
colleague changed it meanwhile), the write would silently overwrite a change the user never saw — so nothing is
written and the same change is asked again with the new «Было» (docs/crm.md, «Stale requests»).

Only single ``crm.{deal,contact,company}.update`` calls naming their record by a plain number are watched; a batch
and a request whose record could not be read when it was made are run as before.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from agentcore.apps.crm.params import param

__all__ = ["Watch", "changed_fields", "snapshot", "watch_of"]

_UPDATE = re.compile(r"^crm\.(deal|contact|company)\.update$")


@dataclass(frozen=True)
class Watch:
    """What an update changes: the entity kind, the record's id and the field codes (upper case)."""

    kind: str
    record_id: str
    fields: tuple[str, ...]

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
