"""``batch`` on the fake portal: up to 50 ``method?query`` commands, ``halt``, ``$result[key][FIELD]`` references,
and the PHP JSON shape of the answer (an empty map is ``[]``, a map with keys ``0..n-1`` is a list)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote, unquote_plus

from agentcore.apps.crm.batch_commands import MAX_BATCH_COMMANDS
from agentcore.apps.crm.fake_portal.methods import CallContext, PortalError, call_method
from agentcore.apps.crm.fake_portal.operating import OperatingClock
from agentcore.apps.crm.fake_portal.storage import PortalStorage
from agentcore.apps.crm.phpquery import parse_query

__all__ = ["php_map", "run_batch", "time_block"]

# ``$result[key][0][ID]`` as written, or percent-encoded as SDKs send it (``%24result%5Bkey%5D%5B0%5D…``).
_REFERENCE = re.compile(r"(?:\$|%24)result((?:(?:\[|%5B)(?:(?!\]|%5D)[^&=\[])*(?:\]|%5D))+)", re.IGNORECASE)
_PART = re.compile(r"(?:\[|%5B)(.*?)(?:\]|%5D)", re.IGNORECASE)


def php_map(items: dict[str, Any]) -> Any:
    """How PHP's ``json_encode`` writes an array: ``[]`` when empty, a list for keys ``0..n-1``, else an object."""
    if not items:
        return []
    keys = list(items)
    if keys == [str(i) for i in range(len(keys))]:
        return list(items.values())
    return items


def time_block(
    started: float, finished: float | None = None, *, operating: float = 0, reset_at: int | None = None
) -> dict[str, Any]:
    """The ``time`` member of an answer (``operating``: the method's execution time in the last 10 minutes)."""
    from datetime import datetime

    from agentcore.apps.crm.fake_portal.entities import PORTAL_TZ

    finished = time.time() if finished is None else finished
    return {
        "start": started,
        "finish": finished,
        "duration": finished - started,
        "processing": finished - started,
        "date_start": datetime.fromtimestamp(started, PORTAL_TZ).replace(microsecond=0).isoformat(),
        "date_finish": datetime.fromtimestamp(finished, PORTAL_TZ).replace(microsecond=0).isoformat(),
        "operating_reset_at": reset_at if reset_at is not None else int(finished) + 600,
        "operating": operating,
    }


def _resolve(query: str, results: dict[str, Any]) -> str:
    def replace(match: re.Match[str]) -> str:
        key, *path = (unquote_plus(part) for part in _PART.findall(match.group(1)))
        value: Any = results.get(key)
        for part in path:
            if isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            elif isinstance(value, dict) and part in value:
                value = value[part]
            else:
                return match.group(0)  # unresolved: left as written, as the portal does
        if value is None or isinstance(value, dict | list):
            return match.group(0)
        return quote(str(value), safe="")

    return _REFERENCE.sub(replace, query)


def _commands(cmd: Any) -> list[tuple[str, str]]:
    if isinstance(cmd, dict):
        return [(str(k), v) for k, v in cmd.items()]
    if isinstance(cmd, list):
        return [(str(i), v) for i, v in enumerate(cmd)]
    raise PortalError(400, "INVALID_ARG_VALUE", "Parameter 'cmd' must be array.")


def run_batch(
    storage: PortalStorage,
    params: dict[str, Any],
    ctx: CallContext,
    operating: OperatingClock | None = None,
    check: Callable[[str, CallContext], None] | None = None,
) -> dict[str, Any]:
    """The ``result`` of a ``batch`` call (``operating`` counts each sub-command for its own method; ``check``
    raises the portal's refusal of a method for this caller, as for a single call).

    Raises:
        PortalError: no ``cmd`` (400) or more than 50 commands (400 ``ERROR_BATCH_LENGTH_EXCEEDED``).
    """
    commands = _commands(params.get("cmd"))
    if len(commands) > MAX_BATCH_COMMANDS:
        raise PortalError(400, "ERROR_BATCH_LENGTH_EXCEEDED", "Max batch length exceeded")
    halt = str(params.get("halt", "0")).lower() in ("1", "true", "y")
    results: dict[str, Any] = {}
    errors: dict[str, Any] = {}
    totals: dict[str, Any] = {}
    nexts: dict[str, Any] = {}
    times: dict[str, Any] = {}
    for key, raw in commands:
        started = time.time()
        text = str(raw)
        path, _, query = text.partition("?")
        method = path.strip().lower().removesuffix(".json")
        try:
            if method == "batch":
                raise PortalError(405, "ERROR_BATCH_METHOD_NOT_ALLOWED", "Method is not allowed for batch usage")
            sub_params = {k.lower(): v for k, v in parse_query(_resolve(query, results)).items()}
            who = f"{ctx.auth_type}:{ctx.user_id}"
            if check is not None:
                check(method, ctx)
            if operating is not None and operating.blocked(who, method):
                raise PortalError(429, "OPERATION_TIME_LIMIT", "Method is blocked due to operation time limit.")
            result, extra = call_method(storage, method, sub_params, ctx)
        except PortalError as exc:
            errors[key] = {"error": exc.code, "error_description": exc.description}
            if halt:
                break
            continue
        results[key] = result
        if "total" in extra:
            totals[key] = extra["total"]
        if "next" in extra:
            nexts[key] = extra["next"]
        spent, reset_at = operating.spend(who, method, time.time() - started) if operating else (0, None)
        times[key] = time_block(started, operating=spent, reset_at=reset_at)
    return {
        "result": php_map(results),
        "result_error": php_map(errors),
        "result_total": php_map(totals),
        "result_next": php_map(nexts),
        "result_time": php_map(times),
    }
