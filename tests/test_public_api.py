"""The library's public API (docs/architecture.md, "Public names and private modules"): each package root lists its
public names in ``__all__`` and every one of them resolves; the lazy roots load no other module; source code outside a
package never imports that package's private (``_x``) modules.

Read from the source for the import rule (no imports); the lazy roots are imported in a fresh interpreter.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "agentcore"
LIBRARY = ("llm", "rag", "agents", "tools", "text", "util", "trace")
LAZY_ROOTS = ("rag", "agents", "text")


@pytest.mark.parametrize("package", LIBRARY)
def test_every_public_name_resolves(package: str) -> None:
    module = importlib.import_module(f"agentcore.{package}")
    names = module.__all__
    assert names and len(names) == len(set(names)), package
    missing = [name for name in names if getattr(module, name, None) is None]
    assert not missing, f"agentcore.{package} lists names it does not have: {missing}"


@pytest.mark.parametrize("package", LAZY_ROOTS)
def test_a_lazy_root_loads_no_other_module(package: str) -> None:
    code = (
        "import sys; before = set(sys.modules); "
        f"import agentcore.{package}; print(' '.join(sorted(set(sys.modules) - before)))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    # agentcore.lazy: the one PEP 562 helper every lazy root shares; it imports nothing itself
    assert loaded == sorted(["agentcore", f"agentcore.{package}", "agentcore.lazy"])


def _private_imports(path: Path) -> set[tuple[int, str]]:
    """(line, module) of every import of a private library module in ``path``."""
    found: set[tuple[int, str]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            targets = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            continue
        for target in targets:
            parts = target.split(".")
            if len(parts) >= 3 and parts[0] == "agentcore" and parts[1] in LIBRARY and parts[2].startswith("_"):
                found.add((node.lineno, ".".join(parts[:3])))
    return found


def test_no_source_module_imports_another_packages_private_module() -> None:
    strays = []
    for path in sorted(SRC.rglob("*.py")):
        package = path.relative_to(SRC).parts[0]
        strays += [
            f"{path.relative_to(SRC)}:{line} {target}"
            for line, target in sorted(_private_imports(path))
            if target.split(".")[1] != package
        ]
    assert not strays, f"import these from the package root instead: {strays}"
