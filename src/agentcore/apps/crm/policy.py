"""The safety policy of seed 004: which methods a mode allows and which steps need the user's confirmation.

=================  ========  ========  ==========================================
method class       shadow    canary    full
=================  ========  ========  ==========================================
read (get/list)    planned   run       run
create (add)       planned   run       run
update             planned   run       run; critical fields → confirmation
delete             planned   —         confirmation
event.get          planned   run       run
event.bind/unbind  planned   —         confirmation (always)
batch              planned   run       run; every sub-command checked
=================  ========  ========  ==========================================

In ``canary`` an update of critical fields needs confirmation too.  ``shadow`` executes nothing: each step gets the
verdict it would have in ``full`` and goes to ``next_planned_actions``.  Unknown methods, HTTP verbs other than
GET/POST and malformed batches are refused in every mode.  A batch is refused when any sub-command is, and needs
confirmation when any sub-command does.  Params whose names repeat in another case (``fields`` and ``FIELDS``) are
refused: the policy cannot know which one the portal would use.  A ``GET`` step is checked as the query string the
portal will decode, not as the JSON the model wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from agentcore.apps.crm.batch_commands import BatchParseError, SubCommand, parse_batch
from agentcore.apps.crm.models import Mode
from agentcore.apps.crm.params import case_collisions, param
from agentcore.apps.crm.phpquery import build_query, parse_query

__all__ = [
    "CRITICAL_FIELDS",
    "METHOD_CLASSES",
    "Verdict",
    "allowed_methods",
    "check_step",
    "method_class",
]

Decision = Literal["allow", "confirm", "forbid"]

_ENTITIES = ("deal", "contact", "company")
METHOD_CLASSES: dict[str, str] = {
    **{f"crm.{e}.{m}": "read" for e in _ENTITIES for m in ("get", "list", "fields")},
    **{f"crm.{e}.add": "create" for e in _ENTITIES},
    **{f"crm.{e}.update": "update" for e in _ENTITIES},
    **{f"crm.{e}.delete": "delete" for e in _ENTITIES},
    "event.get": "event_read",
    "event.bind": "event_write",
    "event.unbind": "event_write",
    "batch": "batch",
}

_CLASSES_BY_MODE: dict[Mode, frozenset[str]] = {
    "shadow": frozenset({"read", "create", "update", "delete", "event_read", "event_write", "batch"}),
    "canary": frozenset({"read", "create", "update", "event_read", "batch"}),
    "full": frozenset({"read", "create", "update", "delete", "event_read", "event_write", "batch"}),
}

# Field changes that move money, ownership, dates or the pipeline: always shown to the user first.
CRITICAL_FIELDS = frozenset(
    {
        "OPPORTUNITY",
        "CURRENCY_ID",
        "TAX_VALUE",
        "IS_MANUAL_OPPORTUNITY",
        "ASSIGNED_BY_ID",
        "CLOSEDATE",
        "BEGINDATE",
        "STAGE_ID",
        "CATEGORY_ID",
        "CLOSED",
        "REVENUE",
    }
)
_HTTP_METHODS = frozenset({"GET", "POST"})
_MODE_NAMES = {"shadow": "shadow (только план)", "canary": "canary", "full": "full"}


@dataclass(frozen=True)
class Verdict:
    """The policy's answer for one step.

    Attributes:
        decision: ``allow`` (run), ``confirm`` (ask the user first) or ``forbid`` (never run).
        reason: why, in Russian, for the user (empty for a plain ``allow``).
        sub_commands: for a batch, the parsed commands with their own verdicts.
    """

    decision: Decision
    reason: str = ""
    sub_commands: list[tuple[SubCommand, Verdict]] = field(default_factory=list)


def allowed_methods(mode: Mode) -> list[str]:
    """The methods a mode allows (for the system prompt), sorted."""
    classes = _CLASSES_BY_MODE[mode]
    return sorted(m for m, c in METHOD_CLASSES.items() if c in classes)


def method_class(method: str) -> str | None:
    """``read``, ``create``, ``update``, ``delete``, ``event_read``, ``event_write``, ``batch`` or None (unknown)."""
    return METHOD_CLASSES.get(method.strip().lower())


def critical_fields(method: str, params: dict[str, Any]) -> list[str]:
    """The critical fields an update step changes (names upper-cased), in their order."""
    if method_class(method) != "update":
        return []
    fields = param(params, "fields")
    if not isinstance(fields, dict):
        return []
    found = []
    for name in fields:
        upper = str(name).upper()
        if upper in CRITICAL_FIELDS or upper.endswith("DEADLINE"):
            found.append(upper)
    return found


def _ambiguous_names(params: dict[str, Any]) -> Verdict | None:
    repeated = case_collisions(params)
    if not repeated:
        return None
    return Verdict("forbid", f"параметр «{repeated[0][:40]}» передан несколько раз в разном регистре")


def _check_single(method: str, params: dict[str, Any], mode: Mode) -> Verdict:
    kind = method_class(method)
    if kind is None:
        return Verdict("forbid", f"метод {method} не входит в список разрешённых")
    ambiguous = _ambiguous_names(params)
    if ambiguous is not None:
        return ambiguous
    if kind == "batch":
        return Verdict("forbid", "вложенный batch не допускается")
    policy_mode: Mode = "full" if mode == "shadow" else mode
    if kind not in _CLASSES_BY_MODE[policy_mode]:
        return Verdict("forbid", f"метод {method} запрещён в режиме {_MODE_NAMES[mode]}")
    if kind == "event_write":
        return Verdict("confirm", f"{method} меняет конфигурацию портала (подписки на события)")
    if kind == "delete":
        return Verdict("confirm", f"{method} удаляет данные CRM")
    critical = critical_fields(method, params)
    if critical:
        return Verdict("confirm", "изменение критичных полей: " + ", ".join(critical))
    return Verdict("allow")


def _check_batch(params: dict[str, Any], mode: Mode) -> Verdict:
    try:
        commands = parse_batch(params)
    except BatchParseError as exc:
        return Verdict("forbid", f"пакет заблокирован: {exc}")
    checked = [(command, _check_single(command.method, command.params, mode)) for command in commands]
    forbidden = [(c, v) for c, v in checked if v.decision == "forbid"]
    if forbidden:
        details = "; ".join(f"«{c.key}»: {v.reason}" for c, v in forbidden)
        return Verdict("forbid", f"пакет заблокирован: {details}", checked)
    needs = [(c, v) for c, v in checked if v.decision == "confirm"]
    if needs:
        details = "; ".join(f"«{c.key}»: {v.reason}" for c, v in needs)
        return Verdict("confirm", f"пакет содержит команды, требующие подтверждения: {details}", checked)
    return Verdict("allow", "", checked)


def check_step(method: str, params: dict[str, Any], mode: Mode, http_method: str | None = None) -> Verdict:
    """The verdict for one ACTION step in ``mode`` (see the module table).

    Never raises: anything the policy cannot read is forbidden with a reason.
    """
    method = method.strip().lower()
    verb = "POST" if http_method is None else http_method.strip().upper()
    if verb not in _HTTP_METHODS:
        return Verdict("forbid", f"неизвестный HTTP-метод «{(http_method or '')[:20]}» (допустимы GET и POST)")
    if not isinstance(params, dict):
        return Verdict("forbid", "параметры шага должны быть объектом")
    if verb == "GET":
        # Check what the portal will read: a GET sends the params as a PHP query string, where a key such as
        # "fields[OPPORTUNITY]" (or "OPPORTUNITY]" inside fields) becomes fields → OPPORTUNITY.
        params = parse_query(build_query(params))
    ambiguous = _ambiguous_names(params)
    if ambiguous is not None:
        return ambiguous
    if method_class(method) == "batch":
        policy_mode: Mode = "full" if mode == "shadow" else mode
        if "batch" not in _CLASSES_BY_MODE[policy_mode]:
            return Verdict("forbid", f"batch запрещён в режиме {_MODE_NAMES[mode]}")
        return _check_batch(params, mode)
    return _check_single(method, params, mode)
