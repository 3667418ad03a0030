"""Offline handlers of the Scrum assistant's five LLM steps — rules, a glossary and templates, not an LLM.

* ``scrum.daily`` — the rule-based daily parser (:mod:`agentcore.apps.scrum.daily_parser`); in CLARIFICATION mode
  the answer is folded into ``backend_context.previous_daily``;
* ``scrum.intent`` — keyword rules, then semantic routing (:mod:`agentcore.apps.scrum.intents`);
* ``scrum.report`` — the metrics rendered as they are (:func:`~agentcore.apps.scrum.templates.render_report`);
* ``scrum.faq`` — the Scrum/Agile glossary (:mod:`agentcore.apps.scrum.glossary`);
* ``scrum.digest`` — the filled template, unchanged.

Importing this module registers them (``agent_core`` does).
"""

from __future__ import annotations

from typing import Any

from agentcore.apps.scrum.daily_parser import merge_clarification, parse_daily
from agentcore.apps.scrum.handlers import STEP_DAILY, STEP_DIGEST, STEP_FAQ, STEP_INTENT, STEP_REPORT
from agentcore.apps.scrum.prompts import read_input
from agentcore.apps.scrum.task_ids import team_prefixes
from agentcore.apps.scrum.templates import render_report
from agentcore.llm.models import LLMRequest
from agentcore.llm.offline import offline_handler


def _input(request: LLMRequest) -> dict[str, Any]:
    """The mode's input: the first user message (later ones are re-asks)."""
    first = next((m for m in request.messages if m.role == "user"), None)
    return read_input(first.content if first else None)


@offline_handler(STEP_DAILY)
def daily(request: LLMRequest) -> dict[str, Any]:
    """Seed 3.2 output for the daily (or the clarification answer) in the input."""
    data = _input(request)
    context = data.get("backend_context") or {}
    with team_prefixes(context.get("known_prefixes")):  # the team's tracker prefixes, as on the model path
        if data["daily_state"]["mode"] == "CLARIFICATION":
            return merge_clarification(context.get("previous_daily"), data["message"], data["role"])
        return parse_daily(data["message"], data["role"])


@offline_handler(STEP_INTENT)
def intent(request: LLMRequest) -> dict[str, Any]:
    """Seed 5.1 output (or UNSUPPORTED) for the lead's request."""
    from agentcore.apps.scrum.intents import detect_intent

    return detect_intent(_input(request)["message"]).model_dump()


@offline_handler(STEP_REPORT)
def report(request: LLMRequest) -> str:
    """The metrics as a plain report."""
    return render_report(_input(request)["metrics"])


@offline_handler(STEP_FAQ)
def faq(request: LLMRequest) -> str:
    """The glossary's answer."""
    from agentcore.apps.scrum.glossary import get_glossary

    return get_glossary().answer(_input(request)["message"])


@offline_handler(STEP_DIGEST)
def digest(request: LLMRequest) -> str:
    """The filled digest template as it is."""
    return str(_input(request)["template"])
