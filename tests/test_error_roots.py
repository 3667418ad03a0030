"""One exception root per layer and per app (the tree of docs/architecture.md): every exception class defined under
``src/agentcore`` descends from one of the roots, or is listed below with the reason it does not (yet).

Read from the source (no imports): a class is an exception when its bases lead to a built-in exception.
"""

from __future__ import annotations

import ast
import builtins
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "agentcore"

ROOTS = {
    "LLMError": "llm/errors.py",
    "RetrievalError": "rag/errors.py",
    "ToolError": "tools/errors.py",
    "AgentError": "agents/errors.py",
    "CrmError": "apps/crm/errors.py",
    "ScrumError": "apps/scrum/backend/errors.py",
    "ServiceError": "apps/assistant/clients.py",
    "PortalError": "apps/crm/fake_portal/errors.py",
    "ApiError": "web/errors.py",
}

# Outside the tree on purpose, or not moved under it yet (name → why).
OUTSIDE = {
    "ClientGone": "the edge's control flow: the HTTP client disconnected (web/disconnect.py)",
    "_Fallback": "private control flow of the Scrum backend (apps/scrum/backend/flows.py)",
}

_BUILTIN_EXCEPTIONS = {
    name for name, value in vars(builtins).items() if isinstance(value, type) and issubclass(value, BaseException)
}


def _base_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _classes() -> dict[str, tuple[str, list[str]]]:
    """Class name → (its file, its base names), for every class under src/agentcore."""
    found: dict[str, tuple[str, list[str]]] = {}
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = [name for name in map(_base_name, node.bases) if name]
                found.setdefault(node.name, (str(path.relative_to(SRC)), bases))
    return found


def _is_exception(name: str, classes: dict[str, tuple[str, list[str]]], seen: frozenset[str] = frozenset()) -> bool:
    if name in _BUILTIN_EXCEPTIONS:
        return True
    if name not in classes or name in seen:
        return False
    return any(_is_exception(base, classes, seen | {name}) for base in classes[name][1])


def _root_of(name: str, classes: dict[str, tuple[str, list[str]]], seen: frozenset[str] = frozenset()) -> str | None:
    if name in ROOTS:
        return name
    if name not in classes or name in seen:
        return None
    for base in classes[name][1]:
        root = _root_of(base, classes, seen | {name})
        if root is not None:
            return root
    return None


def test_every_exception_descends_from_a_root() -> None:
    classes = _classes()
    strays = sorted(
        f"{name} ({classes[name][0]})"
        for name in classes
        if _is_exception(name, classes) and _root_of(name, classes) is None and name not in OUTSIDE
    )
    assert not strays, f"exceptions outside the tree of docs/architecture.md: {strays}"


def test_the_roots_are_where_the_tree_says_and_derive_from_no_other_root() -> None:
    classes = _classes()
    for root, where in ROOTS.items():
        assert classes[root][0] == where, root
        assert all(_root_of(base, classes) is None for base in classes[root][1]), root


def test_the_exceptions_to_the_rule_still_exist() -> None:
    classes = _classes()
    assert set(OUTSIDE) <= set(classes), set(OUTSIDE) - set(classes)
