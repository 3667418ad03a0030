"""Offline handler for ``ExampleSGRAgent`` (step ``example.sgr``): rules instead of a model, said plainly."""

from __future__ import annotations

import json
import re
from typing import Any

from agentcore.llm.models import LLMRequest, LLMToolCall
from agentcore.llm.offline import offline_handler

_TIME_WORDS = re.compile(r"\b(врем\w*|час\w*|котор\w+\s+час|дат\w*|числ\w*|time|date|clock)\b", re.IGNORECASE)
_ZONES = {
    r"москв|мск|moscow": "Europe/Moscow",
    r"екатеринбург|yekaterinburg": "Asia/Yekaterinburg",
    r"новосибирск|novosibirsk": "Asia/Novosibirsk",
    r"владивосток|vladivostok": "Asia/Vladivostok",
    r"калининград|kaliningrad": "Europe/Kaliningrad",
    r"лондон|london": "Europe/London",
    r"нью-йорк|new york": "America/New_York",
    r"токио|tokyo": "Asia/Tokyo",
}
NOT_AN_LLM = "(офлайн-режим, не LLM)"


def _zone(text: str) -> str:
    for pattern, zone in _ZONES.items():
        if re.search(pattern, text, re.IGNORECASE):
            return zone
    return "UTC"


def _decide(request: LLMRequest) -> dict[str, Any]:
    """``{"tool": "get_time", "arguments": {...}}`` or ``{"tool": "final_answer", "answer": ...}``."""
    last = request.messages[-1]
    user = next((m.content or "" for m in reversed(request.messages) if m.role == "user"), "")
    result_text: str | None = None
    if last.role == "tool":
        result_text = last.content or ""
    elif last.role == "user" and user.startswith("Результат инструмента"):
        result_text = user.split(":", 1)[1]
    if result_text is not None:
        try:
            result = json.loads(result_text)
        except ValueError:
            result = None
        if isinstance(result, dict) and "time" in result:
            answer = f"Сейчас {result['time']}, {result['date']} ({result['timezone']}). {NOT_AN_LLM}"
        else:
            answer = f"Не удалось узнать время: {result_text.strip()} {NOT_AN_LLM}"
        return {"tool": "final_answer", "answer": answer}
    if _TIME_WORDS.search(user):
        return {"tool": "get_time", "arguments": {"timezone": _zone(user)}}
    return {"tool": "final_answer", "answer": f"Я умею только сообщать текущее время. {NOT_AN_LLM}"}


@offline_handler("example.sgr")
def example_step(request: LLMRequest) -> Any:
    """Native tool-calling answer, or a schema-guided step when the request asks for structured output."""
    decision = _decide(request)
    if request.response_format is not None or (request.tools and request.tool_choice not in (None, "auto")):
        step = {
            "current_situation": "офлайн-правила: вопрос о времени"
            if decision["tool"] == "get_time"
            else "ответ готов",
            "reasoning_steps": ["разбираю запрос правилами", "выбираю действие"],
            "enough_data": decision["tool"] == "final_answer",
            "function": decision,
        }
        return step
    if decision["tool"] == "get_time":
        return LLMToolCall(name="get_time", arguments=json.dumps(decision["arguments"]))
    return str(decision["answer"])
