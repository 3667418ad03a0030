"""Offline policy of the research agent (step ``research.react``): the base flow by rules, not a language model.

It reads the conversation and writes the next ReAct reply for its question — the last user message before the
policy's own first reply (earlier turns are history, the client's instructions are in the system prompt):
``router_select`` → ``query_plan`` → ``search`` (with the router's mode and the plan's sub-queries) →
``compose_context`` (with the ids found) → ``FinalAnswer`` with the extractive draft of the latest context (numbered
citations), or «В базе знаний нет ответа на этот вопрос.»
when the context holds none.  After an error observation it answers that nothing was found, so the service's
control (base flow, refinement, QAService fallback) takes over.
"""

from __future__ import annotations

import json
import re

from agentcore.agents.react import parse_action, parse_react
from agentcore.apps.research.tools import DRAFT_COVERAGE_LABEL, DRAFT_LABEL, NO_DRAFT
from agentcore.llm.models import LLMMessage, LLMRequest
from agentcore.llm.offline import offline_handler
from agentcore.rag.answer import NO_ANSWER

__all__ = ["draft_of", "react_step"]

BASE_FLOW = ("router_select", "query_plan", "search", "compose_context")
_MODE_RE = re.compile(r"Маршрут поиска:\s*(bm25|dense|hybrid)")
_SUBQUERY_RE = re.compile(r"«([^»]+)»")
_HIT_RE = re.compile(r"^- (\S+) \| ", re.MULTILINE)
_OWN = "Thought: Офлайн-правила"
"""Every reply of this policy starts so (how it tells its own steps from the client's earlier turns)."""
_OBSERVATION = "Observation:"


def draft_of(observation: str) -> str | None:
    """The last draft answer in a ``compose_context`` observation (a refinement adds a newer one), or ``None``.

    A draft runs from its label to the coverage line that follows it (a procedure spans several lines); without
    that line, to the end of the label's line.
    """
    start = observation.rfind(DRAFT_LABEL)
    if start < 0:
        return None
    rest = observation[start + len(DRAFT_LABEL) :]
    end = rest.find("\n" + DRAFT_COVERAGE_LABEL)
    return (rest[:end] if end >= 0 else rest.split("\n", 1)[0]).strip()


@offline_handler("research.react")
def react_step(request: LLMRequest) -> str:
    """The next ReAct reply for the conversation in ``request``."""
    question, run = _question_and_run(request.messages)
    called: list[str] = []
    for message in run:
        if message.role == "assistant" and message.content:
            action = parse_react(message.content).action
            parsed = parse_action(action) if action else None
            if parsed is not None:
                called.append(parsed.tool)
    observations = [m.content or "" for m in run if m.role == "user" and (m.content or "").startswith(_OBSERVATION)]
    last = observations[-1] if observations else ""
    draft = draft_of(last)
    if draft is not None:
        answer = NO_ANSWER if draft == NO_DRAFT else draft
        thought = "Офлайн-правила: контекст собран, отвечаю предложениями из него со ссылками."
        return f"Thought: {thought}\nFinalAnswer: {answer}"
    if last.startswith("Observation: Ошибка"):
        return f"Thought: Офлайн-правила: инструмент вернул ошибку, ответа нет.\nFinalAnswer: {NO_ANSWER}"
    step = next((tool for tool in BASE_FLOW if tool not in called), None)
    if step == "router_select":
        return _act("Офлайн-правила: выбираю маршрут поиска.", step, {"query": question})
    if step == "query_plan":
        return _act("Офлайн-правила: составляю план поиска.", step, {"query": question})
    if step == "search":
        arguments: dict[str, object] = {"query": question, "top_k": 5}
        for text in observations:
            mode = _MODE_RE.search(text)
            if mode:
                arguments["mode"] = mode.group(1)
            if text.startswith("Observation: План поиска"):
                subs = _SUBQUERY_RE.findall(text.split("Подзапросы:", 1)[-1].split("\n", 1)[0])
                if subs:
                    arguments["sub_queries"] = subs
        return _act("Офлайн-правила: ищу по плану.", step, arguments)
    if step == "compose_context":
        ids = _HIT_RE.findall(last)
        return _act("Офлайн-правила: собираю контекст из найденного.", step, {"hit_ids": ids} if ids else {})
    return f"Thought: Офлайн-правила: шаги пройдены, ответа нет.\nFinalAnswer: {NO_ANSWER}"


def _question_and_run(messages: list[LLMMessage]) -> tuple[str, list[LLMMessage]]:
    """The question and the run's part of the conversation (the question and everything after it).

    The conversation is the client's earlier turns, the question, a replayed client tool exchange (tool results as
    ``Observation:`` messages), then this policy's own replies (each starting with :data:`_OWN`) and the loop's
    messages.  The question is the last user message before this policy's first reply that is not a tool result —
    never an earlier turn, nor the client's instructions (they are in the system prompt).
    """
    dialog = [m for m in messages if m.role in ("user", "assistant")]
    first_own = next(
        (i for i, m in enumerate(dialog) if m.role == "assistant" and (m.content or "").startswith(_OWN)), len(dialog)
    )
    for i in range(first_own - 1, -1, -1):
        text = dialog[i].content or ""
        if dialog[i].role == "user" and not text.startswith(_OBSERVATION):
            return text, dialog[i:]
    return "", dialog


def _act(thought: str, tool: str, arguments: dict[str, object]) -> str:
    return f"Thought: {thought}\nAction: {tool} {json.dumps(arguments, ensure_ascii=False)}"
