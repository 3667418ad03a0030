"""Lazy package attributes (PEP 562): an app package names its public objects without importing them.

An app's ``__init__`` is imported whenever any of its modules is (``agentcore --help`` imports every app's
``cli.py``), so it must load nothing heavy::

    _EXPORTS = {"Orchestrator": "agentcore.apps.crm.orchestrator", ...}
    __all__ = sorted(_EXPORTS)
    __getattr__ = lazy_exports(__name__, _EXPORTS)

``from agentcore.apps.crm import Orchestrator`` then imports ``agentcore.apps.crm.orchestrator`` at that moment.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A module-level ``__getattr__`` for ``package``: ``exports`` maps each public name to the module defining it.

    Raises (from the returned function):
        AttributeError: the name is not exported (what Python raises for a missing module attribute).
    """

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(module), name)

    return __getattr__
