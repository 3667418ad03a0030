"""What of a shaped answer (:class:`~agentcore.agents._shaping.AnswerShaper`) the client may receive.

Shaping is one more model call, after the answer's claim check: it may restate a claim wrongly or add one.  So the
JSON it writes is held to the shown answer — the claims that passed the check — before it leaves the service:

* a **string** is read as claims and each is checked against the shown answer's claims
  (:func:`agentcore.rag.trust.checked_restatement`: the lexical score and the deterministic guard — every number,
  date, name and negation the same); the claims the shown answer does not hold are dropped (``""`` when none is
  held);
* a **number** stays when the shown answer holds it (checked as the claim ``"28"``), else it becomes ``null``;
* a string the schema fixes (``const``) stays: it says nothing;
* a string the schema offers as a choice (``enum``) and a **boolean** stay but are *unchecked*: no passage can
  hold a choice — the answer is then not ``grounded``;
* keys, ``null`` and empty strings say nothing.

The dropped texts go only to ``metadata.removed_claims``.  When what is left no longer fits the client's schema (a
required number dropped, a ``minLength``), the caller refuses the answer rather than send an unchecked value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from agentcore.rag.citations import ComposedContext
from agentcore.rag.trust import checked_restatement, shown_evidence

__all__ = ["ShapedCheck", "check_shaped"]


@dataclass
class ShapedCheck:
    """A shaped value after the check.

    Attributes:
        value: the value with only what the shown answer holds.
        removed: the dropped claims and numbers (``metadata.removed_claims`` entries: ``claim`` — a number's is
            ``"<path>: <number>"`` —, ``status``, ``missing``, ``decided_by``).
        unchecked: the JSON paths of the values no passage can hold (booleans, ``enum`` choices), e.g. ``$.ok``.
        fits: whether ``value`` is still valid against the schema (``True`` without a schema).
    """

    value: Any
    removed: list[dict[str, Any]] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    fits: bool = True


async def check_shaped(
    value: Any, shown: str, schema: dict[str, Any] | None, titles: Mapping[int, str] | None = None
) -> ShapedCheck:
    """``value`` — ``shown`` (the checked answer, citing ``[k]`` titled ``titles[k]``) shaped by the model to
    ``schema`` — with only what ``shown`` holds (see the module docstring)."""
    fixed, choices = _vocabulary(schema)
    check = ShapedCheck(None)
    check.value = await _walk(value, "$", shown_evidence(shown, titles), fixed, choices, check)
    if schema is not None:
        import jsonschema

        check.fits = jsonschema.Draft202012Validator(schema).is_valid(check.value)
    return check


async def _walk(
    node: Any, path: str, evidence: ComposedContext, fixed: set[str], choices: set[str], check: ShapedCheck
) -> Any:
    if isinstance(node, dict):
        return {key: await _walk(item, f"{path}.{key}", evidence, fixed, choices, check) for key, item in node.items()}
    if isinstance(node, list):
        return [await _walk(item, f"{path}[{i}]", evidence, fixed, choices, check) for i, item in enumerate(node)]
    if isinstance(node, bool):
        check.unchecked.append(path)
        return node
    if isinstance(node, int | float):
        held = await checked_restatement(_number_text(node), evidence)
        if held.removed:
            check.removed.append({**held.removed[0], "claim": f"{path}: {node}"})
            return None
        return node
    if not isinstance(node, str) or not node.strip() or node in fixed:
        return node
    if node in choices:
        check.unchecked.append(path)
        return node
    held = await checked_restatement(node, evidence)
    check.removed.extend(held.removed)
    return held.text


def _number_text(number: float) -> str:
    """``28.0`` → ``"28"``, ``0.5`` → ``"0,5"`` (a Russian text writes the decimal comma)."""
    if float(number).is_integer():
        return str(int(number))
    return str(number).replace(".", ",")


def _vocabulary(schema: Any) -> tuple[set[str], set[str]]:
    """The strings ``schema`` fixes (``const``) and those it offers as choices (``enum``), at any depth."""
    fixed: set[str] = set()
    choices: set[str] = set()
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("const"), str):
                fixed.add(node["const"])
            enum = node.get("enum")
            if isinstance(enum, list):
                choices.update(v for v in enum if isinstance(v, str))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return fixed, choices
