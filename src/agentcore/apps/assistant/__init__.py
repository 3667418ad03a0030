"""Seed 000: the interactive assistant (classify → select → validate → execute) over the RAG and Haiku services.

The package imports nothing on its own (``agentcore --help`` imports its ``cli.py``); the names below load on first
use, and :mod:`~agentcore.apps.assistant.agent` registers the offline handlers of its two LLM steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentcore.lazy import lazy_exports

if TYPE_CHECKING:
    from agentcore.apps.assistant.agent import AssistantAgent, Outcome

_EXPORTS = {"AssistantAgent": "agentcore.apps.assistant.agent", "Outcome": "agentcore.apps.assistant.agent"}
__all__ = ["AssistantAgent", "Outcome"]
__getattr__ = lazy_exports(__name__, _EXPORTS)
