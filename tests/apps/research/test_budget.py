"""The research agent under its run token budget (``AGENT_MAX_TOKENS``): when the budget is spent the run answers
from the context it composed (the extractive draft), without another model call."""

from __future__ import annotations

import json
from typing import Any

from tests.apps.research.conftest import ServiceFactory

from agentcore.apps.research import AgentRequest
from agentcore.llm.models import LLMResponse, Usage

QUESTION = "Сколько дней длится ежегодный отпуск?"


def act(tool: str, arguments: dict[str, Any]) -> LLMResponse:
    text = f"Thought: думаю\nAction: {tool} {json.dumps(arguments, ensure_ascii=False)}"
    return LLMResponse(content=text, usage=Usage(prompt_tokens=90, completion_tokens=10, total_tokens=100))


async def test_a_spent_budget_answers_from_the_composed_draft(make_service: ServiceFactory) -> None:
    script: list[Any] = [
        act("router_select", {"query": QUESTION}),
        act("query_plan", {"query": QUESTION}),
        act("search", {"query": QUESTION, "mode": "hybrid", "top_k": 3}),
        act("compose_context", {}),
        "FinalAnswer: never asked",
    ]
    service = make_service(script, agent_max_tokens=450)
    events = [e async for e in service.stream_agent_response(AgentRequest(question=QUESTION))]
    assert service.gateway.call_count == 4  # type: ignore[attr-defined]
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert any("AGENT_MAX_TOKENS = 450" in text for text in control)
    final = events[-1]
    assert final.type == "final" and "28" in final.answer and final.citations
