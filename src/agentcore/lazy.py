"""Lazy package attributes (PEP 562): a package names its public objects without importing them.

The library's package roots (``agentcore.rag``, ``agents``, ``text``, ``util``) and every app package use it, so that
importing a root loads nothing heavy (``agentcore --help`` imports every app's ``cli.py``, and with it the app's
``__init__``)::

    _EXPORTS = {"Orchestrator": "agentcore.apps.crm.orchestrator", ...}
    __all__ = sorted(_EXPORTS)
    __getattr__ = lazy_exports(__name__, _EXPORTS)

``from agentcore.apps.crm import Orchestrator`` then imports ``agentcore.apps.crm.orchestrator`` at that moment.
This module imports nothing itself (not even :mod:`importlib` until a name is first used, nor ``__future__``: its
annotations are strings).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(package: str, exports: "Mapping[str, str]") -> "Callable[[str], Any]":
    """A module-level ``__getattr__`` for ``package``: ``exports`` maps each public name to the module defining it.

    Raises (from the returned function):
        AttributeError: the name is not exported (what Python raises for a missing module attribute).
    """

    def __getattr__(name: str) -> "Any":
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        from importlib import import_module

        return getattr(import_module(module), name)

    __getattr__.__doc__ = f"Import the module defining a public name of {package} on first use (PEP 562)."
    return __getattr__
