"""The ``cmd`` of a Bitrix24 ``batch`` call: ``{"key": "method?query"}`` (or a list), parsed into sub-commands.

Bitrix24 reads each command as a relative URL: the method name, then a PHP-style URL-encoded query.  The safety
policy checks every sub-command and the orchestrator reports per key, so both need the same parse.

Before running a command the portal replaces ``$result[key][FIELD]`` references (also percent-encoded, as b24pysdk
sends them) with results of earlier commands.  A check of the text as written would judge a request the portal does
not run, so each sub-command carries its references (:class:`Reference`): where they stand (method name, a param or
field name, a value) and, where it can be known before anything runs, what they resolve to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import unquote, unquote_plus

from agentcore.apps.crm.errors import CrmError
from agentcore.apps.crm.params import param
from agentcore.apps.crm.phpquery import parse_query

__all__ = [
    "MAX_BATCH_COMMANDS",
    "BatchParseError",
    "Reference",
    "SubCommand",
    "batch_cmd",
    "decode_fully",
    "find_references",
    "parse_batch",
    "resolved_params",
]

MAX_BATCH_COMMANDS = 50
_METHOD = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$|^batch$")
_VERB_PREFIX = re.compile(r"^([A-Za-z]+)\s+\S")
# ``$result``, ``$result_error``, ``$result_total``, ``$result_next``, ``$result_time`` followed by a bracket.  Matched
# loosely (spaces, any case): a near-miss is refused with the real ones rather than guessed to be harmless.
_REFERENCE = re.compile(r"\$\s*result(?:_[a-z]+)?\s*\[", re.IGNORECASE)
_FULL_REFERENCE = re.compile(r"^\$result\[([^\[\]]+)\]((?:\[[^\[\]]*\])*)$")
_PARTS = re.compile(r"\[([^\[\]]*)\]")
_MAX_DECODE_ROUNDS = 5


class BatchParseError(CrmError, ValueError):
    """The ``cmd`` cannot be read (the message is Russian, for the user)."""


@dataclass(frozen=True)
class Reference:
    """A ``$result[...]`` reference in a batch command.

    Attributes:
        where: ``method`` (in the method name), ``name`` (in a param or field name) or ``value``.
        path: for a value, the param path it stands at (``("fields", "TITLE")``, ``("id",)``), names as written.
        text: the reference, decoded, as the portal will read it (cut to 120 characters).
        resolved: what it stands for when known before anything runs (``"1"`` for ``$result[g][ID]`` of
            ``crm.deal.get?id=1``; ``"new:a"`` for the id created by command ``a``), else None.
    """

    where: Literal["method", "name", "value"]
    path: tuple[str, ...] = ()
    text: str = ""
    resolved: str | None = None


@dataclass(frozen=True)
class SubCommand:
    """One command of a batch: its key, the lower-cased method, the decoded params and their references."""

    key: str
    method: str
    params: dict[str, Any] = field(default_factory=dict)
    raw: str = ""
    references: tuple[Reference, ...] = ()


def resolved_params(command: SubCommand) -> dict[str, Any]:
    """The command's params with its record ``id`` as the batch resolves it before running (``$result[g][ID]`` of
    ``crm.deal.get?id=1`` is ``"1"``): the id a batch resolves is checked like a direct one — the record exists, its
    «Было» is shown and read again before the write.  The params as written when the id is no such reference (a
    record created by an earlier command, ``new:…``, is not known before the batch runs).  The portal still gets the
    command as written; it resolves the reference to the same record."""
    for reference in command.references:
        resolved = reference.resolved or ""
        if reference.where == "value" and len(reference.path) == 1 and resolved.isascii() and resolved.isdigit():
            name = reference.path[0]
            if name.strip().lower() == "id" and name in command.params:
                return {**command.params, name: resolved}
    return command.params


def decode_fully(text: str) -> str:
    """``text`` percent-decoded until it no longer changes (a few rounds): how the most trusting reader sees it."""
    for _ in range(_MAX_DECODE_ROUNDS):
        decoded = unquote(text)
        if decoded == text:
            break
        text = decoded
    return text


def _has_reference(text: str) -> bool:
    return bool(_REFERENCE.search(decode_fully(unquote_plus(text))))


def _key_path(key: str) -> tuple[str, ...]:
    head, bracket, rest = key.partition("[")
    if not bracket:
        return (key,)
    return (head, *_PARTS.findall("[" + rest))


def _static_value(earlier: dict[str, SubCommand], text: str) -> str | None:
    """What a whole-value reference stands for when the earlier command says it without running."""
    match = _FULL_REFERENCE.match(text.strip())
    if match is None:
        return None
    source = earlier.get(match.group(1))
    parts = _PARTS.findall(match.group(2))
    if source is None:
        return None
    action = source.method.rsplit(".", 1)[-1]
    if action == "add" and not parts:
        return f"new:{source.key}"
    if action == "get" and [p.upper() for p in parts] == ["ID"]:
        source_id = next((v for k, v in source.params.items() if str(k).lower() == "id"), None)
        if isinstance(source_id, str) and source_id.strip().isdigit():
            return source_id.strip()
    return None


def find_references(method_text: str, query: str, earlier: dict[str, SubCommand] | None = None) -> list[Reference]:
    """The ``$result`` references of one command (its method part and its query), with their places."""
    found: list[Reference] = []
    if _has_reference(method_text):
        found.append(Reference("method", text=decode_fully(method_text)[:120]))
    for pair in query.split("&"):
        raw_key, _, raw_value = pair.partition("=")
        key = unquote_plus(raw_key)
        if _has_reference(raw_key):
            found.append(Reference("name", text=decode_fully(key)[:120]))
            continue
        if _has_reference(raw_value):
            value = decode_fully(unquote_plus(raw_value))
            resolved = _static_value(earlier or {}, value)
            found.append(Reference("value", _key_path(key), value[:120], resolved))
    return found


def batch_cmd(params: dict[str, Any]) -> Any:
    """The ``cmd`` value of batch params (Bitrix24 reads top-level names case-insensitively)."""
    return param(params, "cmd")


def _parse_one(key: str, raw: Any, earlier: dict[str, SubCommand]) -> SubCommand:
    if not isinstance(raw, str) or not raw.strip():
        raise BatchParseError(f"команда «{key}» пакета должна быть строкой вида method?параметры")
    text = raw.strip()
    verb = _VERB_PREFIX.match(text)
    if verb is not None:
        raise BatchParseError(f"команда «{key}» пакета содержит неизвестный HTTP-метод «{verb.group(1)}»")
    path, _, query = text.partition("?")
    references = tuple(find_references(path, query, earlier))
    method = path.strip().lower()
    if method.endswith(".json"):
        method = method[: -len(".json")]
    if not _METHOD.match(method) and not any(r.where == "method" for r in references):
        raise BatchParseError(f"команда «{key}» пакета: некорректное имя метода «{path[:60]}»")
    return SubCommand(key=key, method=method, params=parse_query(query), raw=text, references=references)


def parse_batch(params: dict[str, Any]) -> list[SubCommand]:
    """The sub-commands of a ``batch`` step, in order.

    Raises:
        BatchParseError: no ``cmd``, not a map or list, empty, more than 50 commands, or a command that is not
            ``method?query`` (a verb such as ``DELETE crm.deal.get``, a malformed method name).
    """
    cmd = batch_cmd(params)
    if isinstance(cmd, list):
        items = [(str(index), value) for index, value in enumerate(cmd)]
    elif isinstance(cmd, dict):
        items = [(str(key), value) for key, value in cmd.items()]
    else:
        raise BatchParseError("у пакета batch нет списка команд cmd")
    if not items:
        raise BatchParseError("пакет batch пуст")
    if len(items) > MAX_BATCH_COMMANDS:
        raise BatchParseError(f"в пакете batch больше {MAX_BATCH_COMMANDS} команд ({len(items)})")
    earlier: dict[str, SubCommand] = {}
    commands = []
    for key, raw in items:
        command = _parse_one(key, raw, earlier)
        earlier[key] = command
        commands.append(command)
    return commands
