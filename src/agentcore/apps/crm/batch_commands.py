"""The ``cmd`` of a Bitrix24 ``batch`` call: ``{"key": "method?query"}`` (or a list), parsed into sub-commands.

Bitrix24 reads each command as a relative URL: the method name, then a PHP-style URL-encoded query.  The safety
policy checks every sub-command and the orchestrator reports per key, so both need the same parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agentcore.apps.crm.params import param
from agentcore.apps.crm.phpquery import parse_query

__all__ = ["MAX_BATCH_COMMANDS", "BatchParseError", "SubCommand", "batch_cmd", "parse_batch"]

MAX_BATCH_COMMANDS = 50
_METHOD = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$|^batch$")
_VERB_PREFIX = re.compile(r"^([A-Za-z]+)\s+\S")


class BatchParseError(ValueError):
    """The ``cmd`` cannot be read (the message is Russian, for the user)."""


@dataclass(frozen=True)
class SubCommand:
    """One command of a batch: its key, the lower-cased method and the decoded params."""

    key: str
    method: str
    params: dict[str, Any] = field(default_factory=dict)
    raw: str = ""


def batch_cmd(params: dict[str, Any]) -> Any:
    """The ``cmd`` value of batch params (Bitrix24 reads top-level names case-insensitively)."""
    return param(params, "cmd")


def _parse_one(key: str, raw: Any) -> SubCommand:
    if not isinstance(raw, str) or not raw.strip():
        raise BatchParseError(f"команда «{key}» пакета должна быть строкой вида method?параметры")
    text = raw.strip()
    verb = _VERB_PREFIX.match(text)
    if verb is not None:
        raise BatchParseError(f"команда «{key}» пакета содержит неизвестный HTTP-метод «{verb.group(1)}»")
    path, _, query = text.partition("?")
    method = path.strip().lower()
    if method.endswith(".json"):
        method = method[: -len(".json")]
    if not _METHOD.match(method):
        raise BatchParseError(f"команда «{key}» пакета: некорректное имя метода «{path[:60]}»")
    return SubCommand(key=key, method=method, params=parse_query(query), raw=text)


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
    return [_parse_one(key, raw) for key, raw in items]
