"""Seed 000: the interactive assistant (classify → select → validate → execute) over the RAG and Haiku services.

Importing the package registers the offline handlers of its two LLM steps.
"""

from agentcore.apps.assistant import offline as _offline  # noqa: F401 - registers offline handlers
from agentcore.apps.assistant.agent import AssistantAgent, Outcome

__all__ = ["AssistantAgent", "Outcome"]
