"""``filter`` and ``order`` of ``crm.*.list`` as Bitrix24 applies them.

Filter keys carry an operator prefix: ``>=``, ``>``, ``<=``, ``<``, ``=`` (or none), ``!``/``!=`` (not equal),
``@`` (in a list), ``!@`` (not in), ``%`` (contains, case-insensitive), ``!%`` (does not contain), ``=%`` / ``%=``
(SQL ``LIKE`` with ``%`` wildcards).  Numbers, ids and money compare as numbers, dates as dates, the rest as text
without case.  A list value without an operator means "in".  Multifields (``PHONE``, ``EMAIL``) match any value.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from agentcore.apps.crm.fake_portal.entities import DATE_TYPES, NUMERIC_TYPES, FieldSpec, parse_date
from agentcore.apps.crm.fake_portal.errors import PortalInputError

__all__ = ["compile_filter", "sort_entities"]

_OPERATORS = ("!@", ">=", "<=", "!=", "=%", "%=", "!%", ">", "<", "=", "%", "@", "!")


def _split(key: str) -> tuple[str, str]:
    for op in _OPERATORS:
        if key.startswith(op):
            return op, key[len(op) :].upper()
    return "", key.upper()


def _typed(spec: FieldSpec | None) -> Callable[[Any], Any]:
    kind = spec.type if spec else "string"
    if kind in NUMERIC_TYPES:

        def number(value: Any) -> Any:
            try:
                return float(str(value))
            except (TypeError, ValueError):
                return None

        return number
    if kind in DATE_TYPES:
        return parse_date
    return lambda value: None if value is None else str(value).lower()


def _values(entity: dict[str, Any], name: str, spec: FieldSpec | None) -> list[Any]:
    value = entity.get(name)
    if spec is not None and spec.type == "crm_multifield":
        return [item.get("VALUE") for item in value or [] if isinstance(item, dict)]
    if isinstance(value, list):
        return value
    return [value]


def _like(pattern: str) -> re.Pattern[str]:
    escaped = re.escape(pattern.lower()).replace("%", ".*").replace("_", ".")
    return re.compile(f"^{escaped}$", re.DOTALL)


def _condition(op: str, name: str, expected: Any, spec: FieldSpec | None) -> Callable[[dict[str, Any]], bool]:
    typed = _typed(spec)
    if isinstance(expected, list) and op in ("", "=", "@", "!@", "!", "!="):
        wanted = {typed(v) for v in expected}
        negate = op in ("!@", "!", "!=")
        return lambda e: any(typed(v) in wanted for v in _values(e, name, spec)) != negate
    if op in ("%", "!%"):
        needle = str(expected).lower()
        negate = op == "!%"
        return lambda e: any(v is not None and needle in str(v).lower() for v in _values(e, name, spec)) != negate
    if op in ("=%", "%="):
        pattern = _like(str(expected))
        return lambda e: any(v is not None and pattern.match(str(v).lower()) for v in _values(e, name, spec))
    target = typed(expected) if expected not in ("", None) else None

    def compare(entity: dict[str, Any]) -> bool:
        for raw in _values(entity, name, spec):
            value = typed(raw) if raw not in ("", None) else None
            if op in ("", "=", "@"):
                if value == target:
                    return True
            elif op in ("!", "!="):
                if value != target:
                    return True
            elif value is not None and target is not None:
                try:
                    if (
                        (op == ">" and value > target)
                        or (op == ">=" and value >= target)
                        or (op == "<" and value < target)
                        or (op == "<=" and value <= target)
                    ):
                        return True
                except TypeError:
                    return False
        return False

    return compare


def compile_filter(raw: Any, specs: dict[str, FieldSpec]) -> Callable[[dict[str, Any]], bool]:
    """A predicate for the ``filter`` param (all conditions must hold).

    Raises:
        PortalInputError: ``filter`` is not a map (Bitrix24: ``Parameter 'filter' must be array.``).
    """
    if raw in (None, "", []):
        return lambda entity: True
    if not isinstance(raw, dict):
        raise PortalInputError("Parameter 'filter' must be array.")
    conditions = []
    for key, expected in raw.items():
        op, name = _split(str(key))
        conditions.append(_condition(op, name, expected, specs.get(name)))
    return lambda entity: all(condition(entity) for condition in conditions)


def sort_entities(entities: list[dict[str, Any]], order: Any, specs: dict[str, FieldSpec]) -> list[dict[str, Any]]:
    """Entities sorted by ``order`` (``{"FIELD": "ASC"|"DESC"}``, several keys in priority order; default ID)."""
    keys = [(str(k).upper(), str(v).upper()) for k, v in order.items()] if isinstance(order, dict) and order else []
    keys.append(("ID", "ASC"))
    ordered = list(entities)
    for name, direction in reversed(keys):
        typed = _typed(specs.get(name))

        def key(entity: dict[str, Any], name: str = name, typed: Callable[[Any], Any] = typed) -> tuple[int, Any]:
            value = typed(entity.get(name))
            return (0, value) if value is not None else (1, 0)

        present = [e for e in ordered if typed(e.get(name)) is not None]
        missing = [e for e in ordered if typed(e.get(name)) is None]
        present.sort(key=key, reverse=direction == "DESC")
        ordered = present + missing
    return ordered
