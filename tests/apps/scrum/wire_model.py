"""A "model" for the fake LLM servers: answers each Scrum request the way the offline handlers would, in the
endpoint's own wire format (JSON text for OpenAI structured output, a function call for GigaChat).

So tests exercise the real wire formats end to end with realistic answers instead of minimal instances.
"""

from __future__ import annotations

import json
from typing import Any

from agentcore.apps.scrum import offline, prompts
from agentcore.llm.models import LLMMessage, LLMRequest
from agentcore.testing.script import TextReply, ToolCall, ToolCallsReply

_BY_PROMPT = {
    prompts.DAILY: offline.daily,
    prompts.INTENT: offline.intent,
    prompts.REPORT: offline.report,
    prompts.FAQ: offline.faq,
    prompts.DIGEST: offline.digest,
}


def _request(body: dict[str, Any]) -> tuple[LLMRequest, str]:
    messages = body["messages"]
    system = messages[0]["content"]
    user = next(m for m in messages if m["role"] == "user")["content"]
    request = LLMRequest(messages=[LLMMessage(role="system", content=system), LLMMessage(role="user", content=user)])
    return request, system


def answer(body: dict[str, Any]) -> TextReply | ToolCallsReply:
    """The reply to one chat-completions request body (OpenAI or GigaChat shape)."""
    request, system = _request(body)
    result = _BY_PROMPT[system](request)
    if isinstance(result, str):
        return TextReply(result)
    forced = body.get("function_call")
    if isinstance(forced, dict):  # GigaChat structured output: a forced function call
        return ToolCallsReply((ToolCall(forced["name"], result),))
    return TextReply(json.dumps(result, ensure_ascii=False))
