"""Seed 001's example agent: ``ExampleSGRAgent`` with ``GetTimeTool``; importing registers its offline handler."""

from agentcore.apps.example import offline as _offline  # noqa: F401 - registers the offline handler
from agentcore.apps.example.agent import ExampleSGRAgent, GetTimeTool

__all__ = ["ExampleSGRAgent", "GetTimeTool"]
