"""Pieces of the chat-completions wire format that GigaChat and OpenAI share."""

from __future__ import annotations

import json
from typing import Any

from agentcore.llm._http import require
from agentcore.llm.errors import LLMResponseError
from agentcore.llm.models import LLMRequest, Usage


def add_sampling(payload: dict[str, Any], request: LLMRequest) -> dict[str, Any]:
    """Copy ``temperature``/``top_p``/``max_tokens`` (when set) and ``request.extra`` into ``payload``."""
    for key in ("temperature", "top_p", "max_tokens"):
        value = getattr(request, key)
        if value is not None:
            payload[key] = value
    payload.update(request.extra)
    return payload


def first_choice(body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(choice, message)`` of the first choice of a chat completion.

    Raises:
        LLMResponseError: no choices, or the choice has no message.
    """
    choices = require(body, "choices", "chat completion")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise LLMResponseError("chat completion: 'choices' is empty")
    message = choices[0].get("message")
    if not isinstance(message, dict):
        raise LLMResponseError("chat completion: choice has no 'message'")
    return choices[0], message


def usage_of(body: dict[str, Any]) -> Usage:
    """Token counts of a response (zeros where the provider sent none)."""
    usage = body.get("usage") or {}
    details = usage.get("completion_tokens_details") or {}
    return Usage(
        prompt_tokens=usage.get("prompt_tokens") or 0,
        completion_tokens=usage.get("completion_tokens") or 0,
        total_tokens=usage.get("total_tokens") or 0,
        reasoning_tokens=(details.get("reasoning_tokens") or 0) if isinstance(details, dict) else 0,
    )


def arguments_text(arguments: Any) -> str:
    """Tool-call arguments as a JSON string (GigaChat sends an object, OpenAI a string)."""
    return arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)
