"""The per-mode handlers of ``agent_process``, written once without I/O.

Each handler takes the validated input and returns an *exchange* (:data:`agentcore.llm.Exchange`): a
generator that yields the LLM requests to send and returns the mode's response ``{"type": ..., "data": ...}``.
``agent_process`` drives it over a blocking client, ``agent_process_async`` over an async one.

* DAILY / ANALYTICS step 1 — structured output validated against the seed's schema; an invalid answer goes back to
  the model once with the validation error, then :class:`AgentOutputError` (a ``RuntimeError``) carries the raw
  output and the error to the backend, which retries (seed 4.B).
* ANALYTICS step 2, FAQ, DIGEST — free text checked in code (numbers and task ids only from the data; FAQ
  restrictions; the digest template).  A failing answer goes back once with the problems; if it still fails,
  the deterministic text is used (the report/digest rendered from the data, the FAQ's clean sentences or the
  glossary) and a warning is logged.
"""

from __future__ import annotations

from typing import Any

from agentcore.agents.errors import AgentError
from agentcore.apps.scrum import prompts
from agentcore.apps.scrum.checks import digest_problems, faq_problems, foreign_facts, settle_daily
from agentcore.apps.scrum.faq_scope import refusal, refusal_kind
from agentcore.apps.scrum.schemas import (
    AnalyticsIntentInput,
    AnalyticsReportInput,
    Daily,
    DailyInput,
    DailyOutput,
    DigestInput,
    FaqInput,
    IntentDecision,
)
from agentcore.apps.scrum.task_ids import team_prefixes
from agentcore.apps.scrum.templates import render_digest, render_report
from agentcore.llm import Exchange, checked_text_exchange, structured_exchange
from agentcore.llm.errors import StructuredOutputError
from agentcore.llm.models import LLMMessage, LLMRequest
from agentcore.llm.provider import Capabilities
from agentcore.trace.logs import step_logger

log = step_logger("scrum", "agentcore.scrum.agent")

STEP_DAILY = "scrum.daily"
STEP_INTENT = "scrum.intent"
STEP_REPORT = "scrum.report"
STEP_FAQ = "scrum.faq"
STEP_DIGEST = "scrum.digest"

STRUCTURED_RETRIES = 1
"""Re-asks with the validation error before an invalid DAILY/intent answer becomes :class:`AgentOutputError`."""
TEXT_RETRIES = 1
"""Re-asks with the problems before a failing text answer is replaced by the deterministic one."""

UNSUPPORTED_ANALYTICS = (
    "Такой запрос аналитики не поддерживается. Доступно: общий обзор спринта (кратко или расширенно), "
    "риски и блокеры команды, загрузка участников, что блокирует релиз."
)

Response = dict[str, Any]


class AgentOutputError(AgentError, RuntimeError):
    """The model's output did not validate (seed 4.B: «валидатор упал»): the backend retries the call.

    Attributes:
        mode: the mode that failed.
        raw_output: the model's last raw output.
        validation_error: what was wrong with it.
    """

    def __init__(self, mode: str, raw_output: str | None, validation_error: str) -> None:
        super().__init__(f"{mode}: the model's output is invalid: {validation_error}; raw output: {raw_output!r}")
        self.mode = mode
        self.raw_output = raw_output
        self.validation_error = validation_error


def _request(step: str, system: str, payload: dict[str, Any], context: dict[str, Any]) -> LLMRequest:
    return LLMRequest(
        messages=[LLMMessage(role="system", content=system), prompts.input_message(payload, context)], step=step
    )


def _structured(mode: str, request: LLMRequest, output_type: Any, capabilities: Capabilities) -> Exchange[Any]:
    try:
        return (
            yield from structured_exchange(
                request, output_type, mode="auto", capabilities=capabilities, retries=STRUCTURED_RETRIES
            )
        )
    except StructuredOutputError as exc:
        log.warning("agent_process // Invalid output: %s: %s", mode, exc.validation_error)
        raise AgentOutputError(mode, exc.raw_output, exc.validation_error) from exc


def daily_exchange(inp: DailyInput, context: dict[str, Any], capabilities: Capabilities) -> Exchange[Response]:
    """DAILY (seed 3): the parsed daily and the clarification, ``type="json"``.

    ``context`` may hold ``previous_daily`` (a 3.2 ``daily``) and ``question`` for CLARIFICATION mode, and
    ``known_prefixes`` (the team's tracker prefixes, ``["OPERA", "PAY"]``) in either mode.

    Raises:
        ValueError: ``context["previous_daily"]`` is not a daily, ``context["known_prefixes"]`` not a list of strings.
        AgentOutputError: the model's output stayed invalid.
    """
    previous = context.get("previous_daily")
    known = context.get("known_prefixes")
    if known is not None and not (isinstance(known, list) and all(isinstance(p, str) for p in known)):
        raise ValueError("backend_context.known_prefixes must be a list of strings (the team's tracker prefixes)")
    if previous is not None:
        try:
            Daily.model_validate(previous)
        except ValueError as exc:
            raise ValueError(f"backend_context.previous_daily is not a daily: {exc}") from None
    request = _request(STEP_DAILY, prompts.DAILY, inp.model_dump(), context)
    output: DailyOutput = yield from _structured("DAILY", request, DailyOutput, capabilities)
    output.daily.role = inp.role  # the backend always sets the role (seed 3.1)
    # One verdict on every path: quality and the clarifying question come from the daily's structure and text
    # (the offline parser's rule), whatever the model guessed; a question the model asked keeps its wording.
    # The team's tracker prefixes (``known_prefixes``) read the text's ids as the offline parser reads them.
    with team_prefixes(known):
        settled = settle_daily(output.model_dump(mode="json"), inp.message, inp.daily_state.mode, previous)
    return {"type": "json", "data": DailyOutput.model_validate(settled).model_dump(mode="json")}


def intent_exchange(
    inp: AnalyticsIntentInput, context: dict[str, Any], capabilities: Capabilities
) -> Exchange[Response]:
    """ANALYTICS step 1 (seed 5.1): ``{"intent", "params"}`` (``type="json"``), or ``type="text"`` when the request
    is not supported."""
    request = _request(STEP_INTENT, prompts.INTENT, inp.model_dump(), context)
    decision: IntentDecision = yield from _structured("ANALYTICS", request, IntentDecision, capabilities)
    if decision.intent == "UNSUPPORTED":
        return {"type": "text", "data": UNSUPPORTED_ANALYTICS}
    return {"type": "json", "data": {"intent": decision.intent, "params": decision.contract_params()}}


def report_exchange(
    inp: AnalyticsReportInput, context: dict[str, Any], capabilities: Capabilities
) -> Exchange[Response]:
    """ANALYTICS step 2 (seed 5.3): a text report whose numbers and task ids all come from the input."""
    request = _request(STEP_REPORT, prompts.REPORT, inp.model_dump(), context)
    sources = [inp.metrics, inp.leader_message or "", context]
    text, problems = yield from checked_text_exchange(
        request, lambda answer: foreign_facts(answer, sources), retries=TEXT_RETRIES
    )
    if problems:
        log.warning("agent_process // Report replaced by the rendered metrics: %s", "; ".join(problems))
        text = render_report(inp.metrics)
    return {"type": "text", "data": text}


def _clean_sentences(text: str) -> str:
    from razdel import sentenize

    return " ".join(s.text for s in sentenize(text) if not faq_problems(s.text)).strip()


def faq_exchange(inp: FaqInput, context: dict[str, Any], capabilities: Capabilities) -> Exchange[Response]:
    """FAQ (seed 6): a short general answer within the four restrictions.

    A question about the team's own rules, about managing people or off-topic is refused without asking the model
    (:func:`agentcore.apps.scrum.faq_scope.refusal`): the same verdict offline and with any model, no call spent.
    """
    refused = refusal(inp.message)
    if refused is not None:
        log.info("agent_process // FAQ refused: %s", refusal_kind(inp.message))
        return {"type": "text", "data": refused}
    request = _request(STEP_FAQ, prompts.FAQ, inp.model_dump(), context)
    text, problems = yield from checked_text_exchange(request, faq_problems, retries=TEXT_RETRIES)
    if problems:
        log.warning("agent_process // FAQ answer cut to its clean sentences: %s", "; ".join(problems))
        text = _clean_sentences(text)
        if not text:
            from agentcore.apps.scrum.glossary import get_glossary

            text = get_glossary().answer(inp.message)
    return {"type": "text", "data": text}


def digest_exchange(inp: DigestInput, context: dict[str, Any], capabilities: Capabilities) -> Exchange[Response]:
    """DIGEST (seed 7): the template filled from the data; the model may only rephrase within it."""
    template = render_digest(inp.data)
    request = _request(
        STEP_DIGEST, prompts.DIGEST, {"data": inp.data.model_dump(exclude_unset=True), "template": template}, context
    )
    text, problems = yield from checked_text_exchange(
        request, lambda answer: digest_problems(answer, inp.data), retries=TEXT_RETRIES
    )
    if problems:
        log.warning("agent_process // Digest replaced by the template: %s", "; ".join(problems))
        text = template
    return {"type": "text", "data": text}
