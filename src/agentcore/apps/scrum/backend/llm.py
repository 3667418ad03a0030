"""The backend's model calls (seed 2: «Backend создаёт httpx.Client(...), передаёт api_url, api_key, model,
управляет таймаутами»).

The connection — client, ``api_url``, ``api_key``, ``model`` from the configured provider — is built by the core's
one factory (:func:`agentcore.llm.factory.chat_connection`); this module only runs ``agent_process`` over it.
"""

from __future__ import annotations

from typing import Any

from agentcore.llm import ChatConnection
from agentcore.llm.errors import LLMAuthError

__all__ = ["call_agent"]


def call_agent(
    connection: ChatConnection, mode: str, payload: dict[str, Any], backend_context: dict[str, Any]
) -> dict[str, Any]:
    """``agent_process`` over ``connection``; a GigaChat token the API refuses (401) is renewed once and the call
    repeated.

    Raises:
        whatever ``agent_process`` raises (``LLMError`` for the model, ``ValueError`` for the input).
    """
    from agentcore.apps.scrum.agent_core import agent_process

    try:
        return agent_process(mode=mode, payload=payload, backend_context=backend_context, **connection.arguments())
    except LLMAuthError as exc:
        if exc.status_code != 401 or not connection.renew_token():
            raise
    return agent_process(mode=mode, payload=payload, backend_context=backend_context, **connection.arguments())
