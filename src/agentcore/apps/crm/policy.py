"""The safety policy of seed 004: which methods a mode allows and which steps need the user's confirmation.

=================  ========  ========  ==========================================
method class       shadow    canary    full
=================  ========  ========  ==========================================
read (get/list)    planned   run       run
create (add)       planned   run (*)   run (*)
update             planned   run (*)   run (*)
delete             planned   —         confirmation
event.get          planned   run       run
event.bind/unbind  planned   —         confirmation (always)
batch              planned   run       run; every sub-command checked
=================  ========  ========  ==========================================

(*) A step that sets a critical field (money, owner, dates, the pipeline: :data:`CRITICAL_FIELDS`) needs confirmation
first, in ``add`` as in ``update``, in ``canary`` as in ``full``. ``shadow`` executes nothing: each step gets the
verdict it would have in ``full`` and goes to ``next_planned_actions``.

One checker (:func:`check_command`) judges a single call and every batch sub-command alike, and it judges what the
portal will execute: a ``$result[...]`` reference (also percent-encoded) in a method name or a param/field name is
refused outright (the policy cannot know the name it becomes); a reference in a value is resolved where the batch says
it before running (``$result[a]`` of an ``add`` is the new record, ``$result[g][ID]`` of ``crm.deal.get?id=1`` is 1),
and a command that needs confirmation is refused when what the user approves — the record it changes, a critical
field's value, any value of a delete or a subscription change — is a reference it cannot resolve.

Unknown methods, HTTP verbs other than GET/POST and malformed batches are refused in every mode. A batch is refused
when any sub-command is, and needs confirmation when any sub-command does. Params whose names repeat in another case
(``fields`` and ``FIELDS``) are refused: the policy cannot know which one the portal would use. A ``GET`` step is
checked as the query string the portal will decode, not as the JSON the model wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from agentcore.apps.crm.batch_commands import BatchParseError, Reference, SubCommand, parse_batch
from agentcore.apps.crm.confirm_text import as_data
from agentcore.apps.crm.models import Mode
from agentcore.apps.crm.params import case_collisions, param
from agentcore.apps.crm.phpquery import build_query, parse_query

__all__ = [
    "CRITICAL_FIELDS",
    "METHOD_CLASSES",
    "WRITE_CLASSES",
    "Verdict",
    "allowed_methods",
    "check_command",
    "check_step",
    "critical_fields",
    "is_write",
    "method_class",
]

Decision = Literal["allow", "confirm", "forbid"]

_ENTITIES = ("deal", "contact", "company")
METHOD_CLASSES: dict[str, str] = {
    **{f"crm.{e}.{m}": "read" for e in _ENTITIES for m in ("get", "list", "fields")},
    **{f"crm.{e}.add": "create" for e in _ENTITIES},
    **{f"crm.{e}.update": "update" for e in _ENTITIES},
    **{f"crm.{e}.delete": "delete" for e in _ENTITIES},
    # Look-ups of names (stages, people, the portal itself): reads.
    **{
        m: "read"
        for m in (
            "crm.status.list",
            "crm.dealcategory.list",
            "crm.dealcategory.stage.list",
            "user.get",
            "user.search",
            "user.current",
            "server.time",
            "profile",
            "scope",
            "tasks.task.get",
            "tasks.task.list",
        )
    },
    "tasks.task.add": "create",
    "event.get": "event_read",
    "event.bind": "event_write",
    "event.unbind": "event_write",
    "batch": "batch",
}

# The classes of methods that change the portal.
WRITE_CLASSES = frozenset({"create", "update", "delete", "event_write"})

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


def is_write(method: str) -> bool:
    """True for a known method that changes the portal (its class is one of :data:`WRITE_CLASSES`)."""
    return method_class(method) in WRITE_CLASSES


def is_critical(name: str) -> bool:
    """True for a field whose change must be shown to the user first (case and surrounding spaces ignored)."""
    upper = str(name).strip().upper()
    return upper in CRITICAL_FIELDS or upper.endswith("DEADLINE")


def critical_fields(method: str, params: dict[str, Any]) -> list[str]:
    """The critical fields an ``add`` or ``update`` step sets (names upper-cased), in their order.

    ``fields`` that is not a map (a list, a string) cannot be read field by field: every critical name it may
    carry counts, so such a step is reported as setting ``fields``.
    """
    if method_class(method) not in ("create", "update"):
        return []
    fields = param(params, "fields")
    if fields is None:
        return []
    if not isinstance(fields, dict):
        return ["FIELDS"]
    return [str(name).strip().upper() for name in fields if is_critical(str(name))]


def _ambiguous_names(params: dict[str, Any]) -> Verdict | None:
    repeated = case_collisions(params)
    if repeated:
        return Verdict("forbid", f"параметр «{repeated[0][:40]}» передан несколько раз в разном регистре")
    # The same inside ``fields``: the confirmation would show one value and the portal would write another.
    fields = param(params, "fields")
    names = [str(name).strip().upper() for name in fields] if isinstance(fields, dict) else []
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        return Verdict("forbid", f"поле «{twice[:40]}» передано несколько раз в разном написании")
    return None


def _unclear_target(
    method: str, verdict: Verdict, params: dict[str, Any], references: tuple[Reference, ...] | list[Reference]
) -> Verdict:
    """A change the user approves must name one record: its ``id`` is a plain number (``1_0``, ``+2``, ``２`` read
    differently by Python, PHP and the confirmation text), or a reference the policy resolved."""
    if verdict.decision != "confirm" or method_class(method) not in ("update", "delete"):
        return verdict
    record_id = param(params, "id")
    if record_id is None or isinstance(record_id, bool):
        return verdict if record_id is None else Verdict("forbid", "номер записи должен быть числом")
    text = str(record_id).strip()
    if text.isascii() and text.isdigit():
        return verdict
    if any(r.where == "value" and r.path[:1] == ("id",) and r.resolved for r in references):
        return verdict
    shown = as_data(text, quote=False, limit=30)
    return Verdict("forbid", f"номер записи «{shown}» — не число: нельзя показать, какая запись изменится")


def _reference_in_name(references: tuple[Reference, ...] | list[Reference]) -> Verdict | None:
    for reference in references:
        if reference.where == "method":
            return Verdict("forbid", f"ссылка на результат другой команды в имени метода («{reference.text[:60]}»)")
        if reference.where == "name":
            return Verdict(
                "forbid",
                f"ссылка на результат другой команды в имени поля или параметра («{reference.text[:60]}»): "
                "нельзя заранее знать, какое поле изменится",
            )
    return None


def _unresolved_values(method: str, verdict: Verdict, references: tuple[Reference, ...] | list[Reference]) -> Verdict:
    """A command that needs the user's yes may not take from another command's result what the user approves: the
    record it changes (``id``), a critical field's value, or any value of a delete or a subscription change."""
    if verdict.decision != "confirm":
        return verdict
    whole = method_class(method) in ("delete", "event_write")
    for reference in references:
        if reference.where != "value" or reference.resolved is not None or not reference.path:
            continue
        head = reference.path[0].strip().lower()
        critical_value = head == "fields" and len(reference.path) > 1 and is_critical(reference.path[1])
        if whole or head == "id" or critical_value:
            where = ".".join(reference.path)[:60]
            return Verdict(
                "forbid",
                f"значение «{where}» задано ссылкой на результат другой команды ({reference.text[:60]}): "
                "его нельзя показать для подтверждения",
            )
    return verdict


def check_command(
    method: str, params: dict[str, Any], mode: Mode, references: tuple[Reference, ...] | list[Reference] = ()
) -> Verdict:
    """The verdict for one command — a single call or a batch sub-command, judged alike (see the module docstring).

    ``references`` are the command's ``$result`` references (batch sub-commands only); never raises.
    """
    named = _reference_in_name(references)
    if named is not None:
        return named
    verdict = _unresolved_values(method, _check_single(method, params, mode), references)
    return _unclear_target(method, verdict, params, references)


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
    checked = [
        (command, check_command(command.method, command.params, mode, command.references)) for command in commands
    ]
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
    return check_command(method, params, mode)
