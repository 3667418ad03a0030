#!/usr/bin/env python3
"""How far the root ``Settings`` reaches into the code (issue 17: code receives the section it needs).

Counts, over ``src/agentcore``: function signatures with a parameter annotated with the root ``Settings`` (``Settings``,
``Settings | None``, ``"Settings"``, ``Optional[Settings]``) and call sites of ``get_settings()``.  ``--list`` prints
each one as ``path:line  name``.

    python scripts/settings_reach.py [--list]
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "src" / "agentcore"


def _names_settings(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    text = ast.unparse(annotation).replace("'", "").replace('"', "")
    parts = {p.strip() for p in text.replace("Optional[", "").replace("]", "").split("|")}
    return bool(parts & {"Settings", "config.Settings", "agentcore.config.Settings", "agentcore.settings.Settings"})


def scan() -> tuple[list[str], list[str]]:
    """(signatures taking the root settings, ``get_settings()`` call sites), each ``path:line  name``."""
    signatures: list[str] = []
    calls: list[str] = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT.parent)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                args = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
                if any(_names_settings(a.annotation) for a in args):
                    signatures.append(f"{rel}:{node.lineno}  {node.name}")
            elif isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name == "get_settings":
                    calls.append(f"{rel}:{node.lineno}  get_settings()")
    return signatures, calls


def main() -> None:
    signatures, calls = scan()
    print(f"signatures taking the root Settings: {len(signatures)}")
    print(f"get_settings() call sites: {len(calls)}")
    if "--list" in sys.argv:
        print("\n".join(["", *signatures, "", *calls]))


if __name__ == "__main__":
    main()
