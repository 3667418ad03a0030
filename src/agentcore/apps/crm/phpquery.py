"""PHP-style query strings as Bitrix24 reads and writes them (``fields[TITLE]=x&select[]=ID``).

Bitrix24 decodes GET query strings, form bodies and ``batch`` commands with PHP's ``parse_str``; clients build them
with ``http_build_query``.  These two functions are the small subset of PHP semantics the REST API relies on:
nested brackets, ``[]`` appends, numeric keys that make a list, ``+`` as a space, later keys overriding earlier ones.
No library on PyPI covers exactly this (the candidates drop ``[]`` appends or nested lists), so it is written here,
once, for the client, the safety policy and the fake portal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, unquote_plus

__all__ = ["build_query", "parse_query", "to_lists"]

_BRACKETS = re.compile(r"\[([^\[\]]*)\]")


def _split_key(raw: str) -> list[str]:
    """``fields[FM][PHONE][]`` → ``["fields", "FM", "PHONE", ""]``; a key without brackets is one part."""
    head, bracket, _ = raw.partition("[")
    if not bracket or not head:
        return [raw]
    rest = raw[len(head) :]
    parts = [head]
    position = 0
    for match in _BRACKETS.finditer(rest):
        if match.start() != position:
            break  # text between brackets: PHP ignores everything from here on
        parts.append(match.group(1))
        position = match.end()
    return parts


def _assign(target: dict[str, Any], parts: list[str], value: str) -> None:
    node = target
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if part == "":
            numeric = [int(k) for k in node if k.lstrip("-").isdigit()]
            part = str(max(numeric) + 1 if numeric else 0)
        if last:
            node[part] = value
            return
        child = node.get(part)
        if not isinstance(child, dict):
            child = {}
            node[part] = child
        node = child


def to_lists(value: Any) -> Any:
    """Turn every dict whose keys are exactly ``"0".."n-1"`` into a list (recursively), as PHP arrays read."""
    if isinstance(value, dict):
        converted = {k: to_lists(v) for k, v in value.items()}
        keys = list(converted)
        if keys and all(k.isdigit() for k in keys) and sorted(int(k) for k in keys) == list(range(len(keys))):
            return [converted[str(i)] for i in range(len(keys))]
        return converted
    if isinstance(value, list):
        return [to_lists(v) for v in value]
    return value


def parse_query(query: str) -> dict[str, Any]:
    """Decode a PHP-style query string into nested dicts and lists (values stay strings).

    ``"id=1&fields[TITLE]=A%26B&select[]=ID&select[]=TITLE"`` →
    ``{"id": "1", "fields": {"TITLE": "A&B"}, "select": ["ID", "TITLE"]}``.
    Empty pairs and pairs without a name are skipped; a pair without ``=`` has the value ``""``.
    """
    result: dict[str, Any] = {}
    for pair in query.split("&"):
        if not pair:
            continue
        raw_key, _, raw_value = pair.partition("=")
        key = unquote_plus(raw_key)
        if not key or key.startswith("["):
            continue
        _assign(result, _split_key(key), unquote_plus(raw_value))
    converted: dict[str, Any] = to_lists(result)
    return converted


def _scalar(value: Any) -> str | None:
    if value is None:
        return None
    if value is True:
        return "1"
    if value is False:
        return "0"
    return str(value)


def _pairs(prefix: str, value: Any, out: list[str]) -> None:
    if isinstance(value, Mapping):
        for key, item in value.items():
            _pairs(f"{prefix}[{key}]", item, out)
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            _pairs(f"{prefix}[{index}]", item, out)
    else:
        text = _scalar(value)
        if text is not None:
            out.append(f"{quote(prefix, safe='[]')}={quote(text, safe='')}")


def build_query(params: Mapping[str, Any]) -> str:
    """Encode ``params`` like PHP's ``http_build_query``: nested keys in brackets, lists with numeric indexes.

    ``True``/``False`` become ``1``/``0``; ``None`` values are left out (as PHP does).
    """
    out: list[str] = []
    for key, value in params.items():
        _pairs(str(key), value, out)
    return "&".join(out)
