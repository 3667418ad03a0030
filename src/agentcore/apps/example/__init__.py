"""Seed 001's example agent: ``ExampleSGRAgent`` with ``GetTimeTool``.

The package imports nothing on its own; the names load on first use, and :mod:`~agentcore.apps.example.agent`
registers the offline handler of its step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentcore.lazy import lazy_exports

if TYPE_CHECKING:
    from agentcore.apps.example.agent import ExampleSGRAgent, GetTimeTool

_EXPORTS = {"ExampleSGRAgent": "agentcore.apps.example.agent", "GetTimeTool": "agentcore.apps.example.agent"}
__all__ = ["ExampleSGRAgent", "GetTimeTool"]
__getattr__ = lazy_exports(__name__, _EXPORTS)
