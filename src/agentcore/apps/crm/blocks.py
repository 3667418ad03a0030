"""The answer format of seed 004: ``THOUGHT:`` / ``ACTION:`` / ``ASSISTANT:`` blocks.

:func:`parse_blocks` accepts what real models write — markdown decoration around the markers (``**ACTION:**``),
code fences around the JSON, a single step object instead of an array, ``{"actions": [...]}``, text after the
JSON, ``ACTION: []`` or ``ACTION: нет`` for "no steps", blocks in any order — and rejects everything else with
:class:`~agentcore.apps.crm.errors.ModelClientError` (no ``ASSISTANT`` text, a repeated block, JSON that is not
steps, a step without a method).
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError

from agentcore.apps.crm.errors import ModelClientError
from agentcore.apps.crm.models import ActionStep, ModelReply

__all__ = ["format_reply", "parse_action", "parse_blocks"]

_MARKER_TEXT = r"^[ \t>#*_`]*(THOUGHT|ACTION|ASSISTANT)[ \t*_`]*:[ \t*_]*"
# Markers as the seed writes them; ``Thought:`` / ``Action:`` only when a model writes no upper-case marker at all,
# so a line such as «Action: создана сделка» inside a reply is text, not a second block.
_MARKER = re.compile(_MARKER_TEXT, re.MULTILINE)
_MARKER_ANY_CASE = re.compile(_MARKER_TEXT, re.MULTILINE | re.IGNORECASE)
_FENCE = re.compile(r"```[a-zA-Z0-9_-]*[ \t]*\n?(.*?)```", re.DOTALL)
_NO_STEPS = {"", "[]", "none", "null", "нет", "-", "—", "n/a", "no", "нет действий", "не требуется"}
_STEP_LIST_KEYS = ("actions", "steps", "action")


def _steps_from_json(value: Any) -> list[Any]:
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        if "method" in value:
            return [value]
        for key in _STEP_LIST_KEYS:
            if isinstance(value.get(key), list):
                return list(value[key])
    raise ModelClientError("ACTION must be a JSON array of steps (or one step object)")


def _not_a_number(constant: str) -> None:
    raise ValueError(f"{constant} is not a JSON number")


# NaN and Infinity are not JSON: read, an amount of NaN was put to the user («пусто → «nan»») and, approved, sent to
# the portal as a body it cannot parse.
_STRICT_JSON = json.JSONDecoder(parse_constant=_not_a_number)


def parse_action(text: str) -> list[ActionStep]:
    """The steps of an ``ACTION`` block body.

    Raises:
        ModelClientError: the body is neither "no steps" nor JSON describing steps with a ``method`` each.
    """
    body = text.strip()
    fence = None if body[:1] in ("[", "{") else _FENCE.search(body)  # a fence inside JSON strings is JSON
    if fence is not None:
        body = fence.group(1).strip()
    if body.strip(" .").lower() in _NO_STEPS:
        return []
    if not body or body[0] not in "[{":
        raise ModelClientError("ACTION does not start with JSON")
    try:
        value, _ = _STRICT_JSON.raw_decode(body)  # text after the JSON is ignored
    except ValueError as exc:
        raise ModelClientError(f"ACTION is not valid JSON: {exc}") from None
    steps: list[ActionStep] = []
    for index, raw in enumerate(_steps_from_json(value), start=1):
        if not isinstance(raw, dict):
            raise ModelClientError(f"ACTION step {index} is not an object")
        if raw.get("params") is None:
            raw = {**raw, "params": {}}
        try:
            step = ActionStep.model_validate(raw)
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            raise ModelClientError(f"ACTION step {index} is invalid: {problems}") from None
        method = step.method.strip().lower()
        if not method:
            raise ModelClientError(f"ACTION step {index} has an empty method")
        steps.append(step.model_copy(update={"method": method}))
    return steps


def parse_blocks(text: str | None) -> ModelReply:
    """Split a model answer into its blocks.

    Raises:
        ModelClientError: no markers, a repeated block, no ``ASSISTANT`` text, or a bad ``ACTION`` body.
    """
    if not text or not text.strip():
        raise ModelClientError("empty model answer")
    markers = list(_MARKER.finditer(text)) or list(_MARKER_ANY_CASE.finditer(text))
    if not markers:
        raise ModelClientError("model answer has no THOUGHT/ACTION/ASSISTANT blocks")
    blocks: dict[str, str] = {}
    for index, match in enumerate(markers):
        name = match.group(1).upper()
        if name in blocks:
            raise ModelClientError(f"block {name} appears twice")
        end = markers[index + 1].start() if index + 1 < len(markers) else len(text)
        blocks[name] = text[match.end() : end].strip()
    assistant = blocks.get("ASSISTANT", "").strip().strip("`").strip()
    if not assistant:
        raise ModelClientError("model answer has no ASSISTANT text")
    return ModelReply(
        thought=blocks.get("THOUGHT", ""),
        action=parse_action(blocks.get("ACTION", "")),
        assistant=assistant,
        raw=text,
    )


def format_reply(thought: str, steps: list[dict[str, Any]], assistant: str) -> str:
    """The answer text in the seed's format (used by the offline planner and fakes)."""
    action = json.dumps(steps, ensure_ascii=False)
    return f"THOUGHT: {thought}\nACTION: {action}\nASSISTANT: {assistant}"
