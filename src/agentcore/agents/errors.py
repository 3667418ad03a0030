"""The root of the agent layer's errors: a run that could not start or could not produce a valid answer.

:class:`AgentError` is what an agent service raises about the run itself (a request the configuration refuses, a
deadline that passed before the run could start, a model output that stayed invalid); a failure of the model call is
an :class:`~agentcore.llm.errors.LLMError`, of a tool a :class:`~agentcore.tools.errors.ToolError`, of retrieval a
:class:`~agentcore.rag.errors.RetrievalError`.  Subclasses keep the built-in exception their callers catch
(``ValueError``, ``TimeoutError``, ``RuntimeError``) as a second base.
"""

from __future__ import annotations

__all__ = ["AgentError"]


class AgentError(Exception):
    """Base of every agent-layer error; the message is Russian unless a subclass says otherwise."""
