"""The assistant's section (seed 000's "Config" table): history, parameter limits, how long it waits for a service.

Where its services run (``RAG_SERVICE_URL``, ``HAIKU_SERVICE_URL``) and the Haiku's theme limit are the ``services``
section's (:mod:`agentcore.settings.services`): the services read them too."""

from __future__ import annotations

from pydantic import Field

from agentcore.settings import Section, env

__all__ = ["AssistantSettings"]


class AssistantSettings(Section):
    """``agentcore chat``: the dialog, its history, the question limit, the timeout of a service call."""

    context_hist_limit: int = Field(10, ge=1, validation_alias=env("CONTEXT_HIST_LIMIT"))
    # "todo длина сообщения, усечение": a history message longer than this is cut (with an ellipsis).
    message_max_chars: int = Field(2000, ge=50, validation_alias=env("MESSAGE_MAX_CHARS"))
    param_question_maxlen: int = Field(30, ge=1, validation_alias=env("PARAM_QUESTION_MAXLEN"))
    service_timeout: float = Field(30.0, gt=0, validation_alias=env("SERVICE_TIMEOUT"))
    # False: `agentcore chat` prints only answers (no step status lines); same as `agentcore chat --quiet`.
    chat_verbose: bool = Field(True, validation_alias=env("CHAT_VERBOSE"))
