"""AgentService (seed 002) against a scripted model: every branch of the deterministic control."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from tests.apps.research.conftest import ServiceFactory
from tests.hanging import hanging_reply

from agentcore.agents.events import AgentStepEvent, FinalEvent
from agentcore.apps.research import AgentRequest, AgentService, AgentState
from agentcore.apps.research.retrieval import EngineRetriever
from agentcore.apps.research.service import is_decline
from agentcore.apps.research.settings import ResearchSettings
from agentcore.llm.errors import LLMHTTPError
from agentcore.rag.answer import NO_ANSWER
from agentcore.rag.citations import compose_context
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.rag.engine import RagEngine
from agentcore.rag.models import Hit

QUESTION = "Сколько дней длится ежегодный отпуск?"


def act(tool: str, arguments: dict[str, Any] | None = None, thought: str = "думаю") -> str:
    return f"Thought: {thought}\nAction: {tool} {json.dumps(arguments or {}, ensure_ascii=False)}"


def final(answer: str, thought: str = "готово") -> str:
    return f"Thought: {thought}\nFinalAnswer: {answer}"


BASE_FLOW = [
    act("router_select", {"query": QUESTION}),
    act("query_plan", {"query": QUESTION}),
    act("search", {"query": QUESTION, "mode": "hybrid", "top_k": 3}),
    act("compose_context", {}),
]
GOOD_ANSWER = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."


async def run(service: AgentService, question: str = QUESTION, **kwargs: Any) -> list[AgentStepEvent]:
    return [e async for e in service.stream_agent_response(AgentRequest(question=question, **kwargs))]


def last_final(events: list[AgentStepEvent]) -> FinalEvent:
    assert events[-1].type == "final", events[-1]
    assert isinstance(events[-1], FinalEvent)
    return events[-1]


def tools_called(events: list[AgentStepEvent]) -> list[str]:
    return [e.tool for e in events if e.type == "tool_invoked"]


# --- the happy path ---------------------------------------------------------------------------------------


async def test_base_flow_high_coverage_no_refinement_then_verify(make_service: ServiceFactory) -> None:
    service = make_service([*BASE_FLOW, final(GOOD_ANSWER)])
    events = await run(service)
    assert tools_called(events) == [
        "router_select",
        "query_plan",
        "search",
        "compose_context",
        "verify",
    ]
    done = last_final(events)
    assert done.answer == GOOD_ANSWER
    assert [c.index for c in done.citations] == [1] and done.citations[0].doc_id == "vacation"
    meta = done.metadata
    assert meta["coverage"] == 1.0 and meta["refinements"] == 0 and meta["answered"] is True
    assert meta["confidence"] is not None and meta["confidence"] >= 0.5 and meta["verified"] is True
    assert meta["fallback"] is None and meta["steps"] == 5
    # the seed's event kinds in order: each step starts, thinks, acts and observes
    kinds = [e.type for e in events[:4]]
    assert kinds == ["step_started", "thought", "tool_invoked", "observation"]
    assert {e.request_id for e in events} == {done.request_id}
    assert all(e.timestamp.endswith("Z") for e in events)


async def test_events_are_json_round_trippable(make_service: ServiceFactory) -> None:
    from agentcore.agents.events import parse_event

    events = await run(make_service([*BASE_FLOW, final(GOOD_ANSWER)]))
    for event in events:
        assert parse_event(event.model_dump_json()) == event


async def test_observation_carries_truncated_preview_and_full_length(make_service: ServiceFactory) -> None:
    events = await run(make_service([*BASE_FLOW, final(GOOD_ANSWER)]))
    compose = next(e for e in events if e.type == "observation" and e.tool == "compose_context")
    assert compose.length > len(compose.preview) and compose.preview.endswith("…")


# --- coverage and refinement -------------------------------------------------------------------------------


async def test_low_coverage_after_compose_triggers_exactly_one_refinement(make_service: ServiceFactory) -> None:
    # The model composes the context from an unrelated chunk: the draft has nothing to say (coverage 0).
    script = [
        *BASE_FLOW[:3],
        act("fetch_docs", {"ids": ["vpn#0"]}),
        act("compose_context", {"hit_ids": ["vpn#0"]}),
        act("compose_context", {"hit_ids": ["vpn#0"]}),  # still low: no second refinement
        final(GOOD_ANSWER),
    ]
    service = make_service(script)
    events = await run(service)
    searches = [e for e in events if e.type == "tool_invoked" and e.tool == "search"]
    assert len(searches) == 2
    refinement = searches[1]
    assert refinement.origin == "control"
    assert refinement.arguments["top_bm25"] == service.settings.hybrid_top_bm25 * 2
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert any("уточняющий поиск 1 (" in text for text in control)
    assert last_final(events).metadata["refinements"] == 1


async def test_low_coverage_of_the_final_answer_refines_and_asks_again(make_service: ServiceFactory) -> None:
    unsupported = "Отпуск длится сто дней, а зарплату платят мешками."  # no citation at all
    service = make_service([*BASE_FLOW, final(unsupported), final(GOOD_ANSWER)])
    events = await run(service)
    assert tools_called(events).count("search") == 2
    done = last_final(events)
    assert done.answer == GOOD_ANSWER and done.metadata["refinements"] == 1 and done.metadata["coverage"] == 1.0
    # the model was told why and given the new context
    feedback = service.gateway.requests[-1].messages[-1].content or ""  # type: ignore[attr-defined]
    assert "покрытие ответа цитатами 0.00 ниже порога 0.80" in feedback and "Перепиши FinalAnswer" in feedback


async def test_no_refinement_when_max_refinements_is_zero(make_service: ServiceFactory) -> None:
    script = [*BASE_FLOW[:3], act("fetch_docs", {"ids": ["vpn#0"]}), act("compose_context", {"hit_ids": ["vpn#0"]})]
    service = make_service([*script, final(GOOD_ANSWER)], max_refinements=0)
    events = await run(service)
    assert tools_called(events).count("search") == 1
    assert last_final(events).metadata["refinements"] == 0


def test_should_attempt_refinement(make_service: ServiceFactory) -> None:
    service = make_service([])
    assert service._should_attempt_refinement(0.5, 0) is True
    assert service._should_attempt_refinement(0.8, 0) is False  # threshold reached
    assert service._should_attempt_refinement(0.5, 1) is False  # MAX_REFINEMENTS=1 used up


def test_agent_state_is_the_seeds() -> None:
    state = AgentState()
    assert (state.coverage, state.refinement_count, state.max_refinements) == (0.0, 0, 1)
    assert set(vars(state)) == {"coverage", "refinement_count", "max_refinements"}


# --- verify ------------------------------------------------------------------------------------------------


async def test_verify_off_skips_the_verify_tool(make_service: ServiceFactory) -> None:
    events = await run(make_service([*BASE_FLOW, final(GOOD_ANSWER)], enable_verify_step=False))
    assert "verify" not in tools_called(events)
    meta = last_final(events).metadata
    assert meta["confidence"] is None and meta["verified"] is False and meta["answered"] is True


async def test_verify_reports_per_claim_support_and_keeps_a_mostly_supported_answer(
    make_service: ServiceFactory,
) -> None:
    answer = GOOD_ANSWER + " Отпуск можно делить на части [1]. Зарплату выдают золотом [1]."
    service = make_service([*BASE_FLOW, final(answer), final(answer)])  # asked again once after the refinement
    events = await run(service)
    done = last_final(events)
    claims = done.metadata["claims"]
    assert [c["supported"] for c in claims] == [True, True, False] and claims[2]["claim"] is None
    assert claims[0]["evidence_id"].startswith("vacation")
    assert [c["status"] for c in claims] == ["supported", "supported", "unsupported"]
    assert claims[0]["citations"] == [1] and claims[2]["citations"] == []
    # the supported claims stand, the unsupported one is removed; the question is answered, so no closing line
    # metadata.coverage is the shown answer's (the false claim removed), not the checked answer's 0.67 (review F16)
    assert done.metadata["refinements"] == 1 and done.metadata["coverage"] == 1.0
    assert done.metadata["answered"] is True and done.metadata["grounded"] is True
    assert done.answer.startswith(GOOD_ANSWER + " Отпуск можно делить на части [1].")
    assert "золотом" not in done.answer and "В документах не нашлось" not in done.answer
    assert done.metadata["removed_claims"][0]["claim"] == "Зарплату выдают золотом."


# --- honest answers ------------------------------------------------------------------------------------------


async def test_model_decline_becomes_the_plain_no_answer_with_closest_sources(make_service: ServiceFactory) -> None:
    events = await run(make_service([*BASE_FLOW, final("В базе знаний не нашлось ответа на этот вопрос.")]))
    done = last_final(events)
    # The RAG service's words: «… Ближе всего по теме: «title»; «title».»; the answer cites nothing, so no citations
    # (surfaces would list the closest sections twice); they are in metadata.closest.
    assert done.answer.startswith(NO_ANSWER + " Ближе всего по теме: «Отпуск")
    assert done.metadata["answered"] is False and done.metadata["declined"] is True
    assert done.citations == [] and "verify" not in tools_called(events)
    closest = done.metadata["closest"]
    assert closest and {"id", "doc_id", "title"} <= set(closest[0]) and closest[0]["doc_id"] == "vacation"
    assert f"«{closest[0]['title']}»" in done.answer


class _NothingAnswers(EngineRetriever):
    """Retrieval whose every search finds the evidence too weak to answer from."""

    async def aretrieve(self, *args: Any, **kwargs: Any) -> Any:
        import dataclasses

        result = await super().aretrieve(*args, **kwargs)
        return dataclasses.replace(result, answerable=False, confidence=0.2)


async def test_on_weak_evidence_the_claims_decide_not_coverage_or_verify(
    make_service: ServiceFactory, engine: RagEngine
) -> None:
    # The searcher scored the evidence below its threshold.  Issue 18: «нет ответа» only when no claim survives —
    # a supported claim that holds the question's terms (the weak-evidence standard) is shown, verified or not
    # (before, an averaged gate wanted coverage AND verify confidence and declined it without verify).
    service = make_service(
        [*BASE_FLOW, final(GOOD_ANSWER)], retriever=_NothingAnswers(engine), enable_verify_step=False
    )
    done = last_final(await run(service))
    meta = done.metadata
    assert meta["answerable"] is False and meta["search_confidence"] == 0.2
    assert meta["answered"] is True and done.answer == GOOD_ANSWER and meta["confidence"] is None
    # the same answer written with another citation form: coverage reads it, nothing declines it
    titled = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней (Источник: Отпуск)."
    service = make_service([*BASE_FLOW, final(titled)], retriever=_NothingAnswers(engine))
    done = last_final(await run(service))
    assert done.metadata["answered"] is True and done.answer == GOOD_ANSWER and done.metadata["coverage"] == 1.0
    # an answer with no supported claim is still declined
    invented = "Ежегодный отпуск составляет 45 календарных дней [1]."
    service = make_service([*BASE_FLOW, final(invented), final(invented)], retriever=_NothingAnswers(engine))
    done = last_final(await run(service))
    assert done.metadata["answered"] is False and done.answer.startswith(NO_ANSWER)
    assert done.metadata["coverage"] == 0.0 and done.metadata["confidence"] is None


async def test_low_coverage_and_low_confidence_after_refinement_decline(make_service: ServiceFactory) -> None:
    invented = "Отпуск длится сто дней. Премию платят мешками."
    events = await run(make_service([*BASE_FLOW, final(invented), final(invented)]))
    done = last_final(events)
    assert done.metadata["refinements"] == 1 and done.metadata["coverage"] == 0.0
    assert done.metadata["confidence"] is None  # the invented answer's low confidence describes no answer shown
    assert done.answer.startswith(NO_ANSWER) and done.metadata["answered"] is False


def test_is_decline() -> None:
    assert is_decline("В базе знаний нет ответа на этот вопрос.")
    assert is_decline("К сожалению, информации об этом нет. Нет сведений.")
    assert not is_decline("Отпуск 28 дней [1]. Других данных нет ответа [1].")  # cites: an answer
    assert not is_decline(GOOD_ANSWER)


@pytest.mark.parametrize(
    "marker", ["[Источник 1]", "(Источник 1)", "(источник [1])", "[1–2]", "[vacation#0]", "(Источник: Отпуск)"]
)
def test_an_answer_citing_in_any_form_is_no_decline(marker: str) -> None:
    # audit gap 6: only «[n]» was read, so a cited claim next to «нет информации» declined the whole answer
    context = compose_context(
        [Hit("vacation#0", "vacation", "Отпуск", "Ежегодный отпуск 28 календарных дней.", 1.0, "", 1)]
    )
    answer = f"Ежегодный отпуск составляет 28 календарных дней {marker}. О компенсации нет информации."
    assert not is_decline(answer, context)
    assert is_decline("О компенсации нет информации.", context)


# --- the base flow is guaranteed ---------------------------------------------------------------------------


async def test_answer_without_context_runs_the_missing_base_flow(make_service: ServiceFactory) -> None:
    service = make_service([final("Отпуск 28 дней."), final(GOOD_ANSWER)])
    events = await run(service)
    assert tools_called(events)[:4] == ["router_select", "query_plan", "search", "compose_context"]
    assert all(e.origin == "control" for e in events if e.type == "tool_invoked")
    done = last_final(events)
    assert done.answer == GOOD_ANSWER and done.metadata["steps"] == 2


# --- step limit: QAService fallback ----------------------------------------------------------------------


async def test_max_steps_falls_back_to_qa_service(make_service: ServiceFactory) -> None:
    service = make_service([act("router_select", {"query": QUESTION}), act("query_plan", {"query": QUESTION})])
    events = await run(service, max_steps=2)
    done = last_final(events)
    assert done.metadata["fallback"] == "qa_service" and done.metadata["steps"] == 2
    assert "28 календарных дней" in done.answer and done.citations
    # QAService's search is the run's evidence: its verdict is reported like a search tool's
    assert done.metadata["answerable"] is True and done.metadata["search_confidence"] is not None
    assert any(e.type == "thought" and "QAService" in e.text for e in events)


async def test_max_steps_one(make_service: ServiceFactory) -> None:
    events = await run(make_service([act("router_select", {"query": QUESTION})]), max_steps=1)
    assert last_final(events).metadata["fallback"] == "qa_service"


# --- bad actions go back to the model ----------------------------------------------------------------------


async def test_action_with_unbalanced_brackets_is_a_format_error_not_a_call(make_service: ServiceFactory) -> None:
    # Issue 18: a malformed action goes back to the model as a format error with an example, never executed.
    service = make_service(["Thought: ищу\nAction: search отпуск дней {oops", *BASE_FLOW, final(GOOD_ANSWER)])
    events = await run(service)
    assert tools_called(events)[0] == "router_select"
    feedback = service.gateway.requests[1].messages[-1].content or ""  # type: ignore[attr-defined]
    assert feedback.startswith("Observation: Ошибка формата") and "Action: " in feedback
    assert last_final(events).answer == GOOD_ANSWER


async def test_unknown_tool_is_an_error_observation_and_the_run_goes_on(make_service: ServiceFactory) -> None:
    service = make_service([act("google", {"q": "x"}), *BASE_FLOW, final(GOOD_ANSWER)])
    events = await run(service)
    observation = next(e for e in events if e.type == "observation")
    assert observation.ok is False and "Unknown tool: 'google'" in (observation.error or "")
    assert "Ошибка:" in (service.gateway.requests[1].messages[-1].content or "")  # type: ignore[attr-defined]
    assert last_final(events).answer == GOOD_ANSWER


async def test_invalid_arguments_are_reported_to_the_model(make_service: ServiceFactory) -> None:
    service = make_service([act("search", {"query": ""}), *BASE_FLOW, final(GOOD_ANSWER)])
    events = await run(service)
    observation = next(e for e in events if e.type == "observation")
    assert observation.ok is False and "query" in (observation.error or "")


async def test_several_actions_take_the_first_and_say_so(make_service: ServiceFactory) -> None:
    two = act("router_select", {"query": QUESTION}) + "\nAction: query_plan {}"
    service = make_service([two, *BASE_FLOW[1:], final(GOOD_ANSWER)])
    events = await run(service)
    assert tools_called(events)[:2] == ["router_select", "query_plan"]
    told = service.gateway.requests[1].messages[-1].content or ""  # type: ignore[attr-defined]
    assert "выполнено только первое" in told


async def test_reply_without_action_or_answer_asks_for_the_format(make_service: ServiceFactory) -> None:
    service = make_service(["Thought: хм", *BASE_FLOW, final(GOOD_ANSWER)])
    events = await run(service)
    assert last_final(events).answer == GOOD_ANSWER
    told = service.gateway.requests[1].messages[-1].content or ""  # type: ignore[attr-defined]
    assert told.startswith("Observation: Ошибка формата: нет ни Action, ни FinalAnswer") and "Action: " in told
    assert any(e.type == "thought" and e.origin == "control" and "не по формату" in e.text for e in events)


async def test_a_repeated_call_stops_the_loop_and_answers_from_what_was_collected(
    make_service: ServiceFactory,
) -> None:
    # The third identical call stops the loop: the answer comes from the composed context (no «лимит шагов», no
    # QAService, no further model call).
    same = act("query_plan", {"query": QUESTION})
    service = make_service([*BASE_FLOW, same, same, final("never")])
    events = await run(service, max_steps=10)
    done = last_final(events)
    assert service.gateway.call_count == 6  # type: ignore[attr-defined]
    assert done.metadata["fallback"] is None and done.metadata["answered"] is True
    assert "28 календарных дней" in done.answer
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert any("3-й раз вызывает query_plan" in t for t in control)
    assert not any("лимит шагов" in t or "QAService" in t for t in control)


async def test_a_loop_stopped_before_any_search_runs_the_base_flow_without_the_model(
    make_service: ServiceFactory,
) -> None:
    same = act("router_select", {"query": QUESTION})
    service = make_service([same, same, same, final("never")])
    events = await run(service, max_steps=10)
    done = last_final(events)
    assert service.gateway.call_count == 3  # type: ignore[attr-defined]
    assert done.metadata["fallback"] is None and "28 календарных дней" in done.answer
    assert "compose_context" in tools_called(events)


async def test_tool_timeout_is_an_error_observation(make_service: ServiceFactory, engine: RagEngine) -> None:
    class SlowRetriever(EngineRetriever):
        async def aretrieve(self, query: str, top_k: int | None = None, **kwargs: Any) -> Any:
            if kwargs.get("top_bm25") is None and "медленно" in query:
                await asyncio.sleep(60)  # cancelled by the tool timeout
            return await super().aretrieve(query, top_k, **kwargs)

    service = make_service(
        [act("search", {"query": "медленно"}), *BASE_FLOW, final(GOOD_ANSWER)],
        retriever=SlowRetriever(engine),
        # long enough for the other searches of the flow on a loaded machine (each embeds its query), so only the
        # slow one times out and the scripted flow stays in step
        agent_tool_timeout=2.0,
    )
    events = await run(service)
    observation = next(e for e in events if e.type == "observation")
    assert observation.ok is False and "timed out after 2 s" in (observation.error or "")
    assert last_final(events).answer == GOOD_ANSWER


# --- LLM errors --------------------------------------------------------------------------------------------


async def test_llm_error_mid_stream_ends_with_one_error_event(make_service: ServiceFactory) -> None:
    service = make_service([*BASE_FLOW[:2], LLMHTTPError(500, "boom")])
    events = await run(service)
    assert events[-1].type == "error" and events[-1].code == "llm_error"
    assert "Ошибка при запросе LLM" in events[-1].message
    assert [e.type for e in events].count("error") == 1 and not any(e.type == "final" for e in events)


async def test_unexpected_exception_in_the_model_layer_is_an_error_event(make_service: ServiceFactory) -> None:
    events = await run(make_service([RuntimeError("bug")]))
    assert events[-1].type == "error" and events[-1].code == "internal_error"


# --- cancellation -----------------------------------------------------------------------------------------


async def test_closing_the_stream_cancels_the_run(make_service: ServiceFactory) -> None:
    started, cancelled = asyncio.Event(), asyncio.Event()
    service = make_service([BASE_FLOW[0], hanging_reply(started, cancelled)])
    stream = service.stream_agent_response(AgentRequest(question=QUESTION))
    seen = []
    async for event in stream:
        seen.append(event)
        if event.type == "observation":
            break
    await asyncio.wait_for(started.wait(), 5)
    await stream.aclose()
    await asyncio.wait_for(cancelled.wait(), 5)
    assert [t for t in asyncio.all_tasks() if not t.done() and t is not asyncio.current_task()] == []


# --- request limits, collections, cache --------------------------------------------------------------------


async def test_requests_refused_by_the_configuration_end_with_an_error_event(make_service: ServiceFactory) -> None:
    service = make_service([], agent_max_steps=3, rag_max_question_chars=10)
    too_many = await run(service, "короткий", max_steps=4)
    assert too_many[-1].type == "error" and too_many[-1].code == "invalid_request"
    too_long = await run(service, "очень длинный вопрос")
    assert too_long[-1].type == "error" and "длиннее 10" in too_long[-1].message
    unknown = await run(service, "вопрос", collection="nope")
    assert unknown[-1].type == "error" and unknown[-1].code == "retrieval_error"


async def test_collection_can_be_switched_without_restart(
    make_service: ServiceFactory, engine: RagEngine, tmp_path: Any
) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "pets.md").write_text("# Питомцы\n\nВ офис можно приходить с собакой по пятницам.\n", "utf-8")
    engine.indexer.index_path(other, "pets")
    service = make_service(None)  # offline policy
    answer = last_final(await run(service, "Можно ли приходить в офис с собакой?", collection="pets"))
    assert "собакой" in answer.answer and answer.metadata["collection"] == "pets"
    engine.searcher.use_collection("pets")  # the active collection, hot
    again = last_final(await run(service, "Можно ли приходить в офис с собакой по пятницам?"))
    assert again.metadata["collection"] == "pets" and again.metadata["answered"] is True


async def test_identical_requests_within_the_ttl_are_served_from_cache(make_service: ServiceFactory) -> None:
    service = make_service([*BASE_FLOW, final(GOOD_ANSWER)], cache_ttl=60)
    first = await run(service)
    second = await run(service, "  сколько дней длится   ежегодный отпуск? ".upper().lower().capitalize())
    assert last_final(second).metadata["cached"] is True and last_final(first).metadata["cached"] is False
    assert last_final(second).answer == GOOD_ANSWER
    assert second[0].request_id != first[0].request_id
    assert [e.type for e in second] == [e.type for e in first]
    assert service.gateway.call_count == 5  # type: ignore[attr-defined]  # the second run asked nothing


async def test_an_index_update_by_another_process_is_never_answered_from_the_cache(
    make_service: ServiceFactory, settings: Any, kb_dir: Any
) -> None:
    """The cache key holds the collection's version: another worker (here another engine on the same data dir)
    updating the index makes the next identical question a fresh run, not the old answer."""
    service = make_service([*BASE_FLOW, final(GOOD_ANSWER), *BASE_FLOW, final(GOOD_ANSWER)], cache_ttl=60)
    assert last_final(await run(service)).metadata["cached"] is False
    assert last_final(await run(service)).metadata["cached"] is True  # the control: same version, a hit
    (kb_dir / "parking.md").write_text("# Парковка\n\nПарковка для сотрудников бесплатная.\n", "utf-8")
    RagEngine(settings, embedder=HashingEmbedder(), backend=None).indexer.index_path(kb_dir / "parking.md", "test")
    assert last_final(await run(service)).metadata["cached"] is False


async def test_errors_are_not_cached(make_service: ServiceFactory) -> None:
    service = make_service([LLMHTTPError(500, "boom"), *BASE_FLOW, final(GOOD_ANSWER)], cache_ttl=60)
    assert (await run(service))[-1].type == "error"
    assert (await run(service))[-1].type == "final"


# --- the seed's other methods -----------------------------------------------------------------------------


def test_get_available_tools_lists_the_seven_tools_with_schemas(make_service: ServiceFactory) -> None:
    tools = make_service([]).get_available_tools()
    assert list(tools) == ["router_select", "query_plan", "search", "rerank", "fetch_docs", "compose_context", "verify"]
    assert tools["search"]["parameters"]["properties"]["query"]["type"] == "string"
    assert all(t["description"] for t in tools.values())


def test_system_prompt_has_format_tools_rules_and_examples(make_service: ServiceFactory) -> None:
    prompt = make_service([]).system_prompt()
    for piece in ("Thought:", "Action:", "Observation", "FinalAnswer:", "Правила:", "Примеры:"):
        assert piece in prompt
    for name in ("router_select", "query_plan", "search", "rerank", "fetch_docs", "compose_context", "verify"):
        assert f"- {name}: " in prompt
    assert "Параметры: query (string, обязательный)" in prompt


def test_parse_llm_response(make_service: ServiceFactory) -> None:
    service = make_service([])
    assert service._parse_llm_response(act("search", {"query": "x"})) == ("думаю", 'search {"query": "x"}', None)
    assert service._parse_llm_response("Мысль: всё ясно\nИтоговый ответ: 28 дней [1]") == (
        "всё ясно",
        None,
        "28 дней [1]",
    )


async def test_generate_step_sends_the_system_prompt_and_token_budget(make_service: ServiceFactory) -> None:
    service = make_service(["Thought: x\nFinalAnswer: y"])
    from agentcore.llm.models import LLMMessage

    reply = await service._generate_step([LLMMessage(role="user", content="вопрос")], "req_1", 1)
    assert reply.startswith("Thought: x")
    request = service.gateway.requests[0]  # type: ignore[attr-defined]
    budget = ResearchSettings.of(service.settings).agent_token_budget
    assert request.step == "research.react" and request.max_tokens == budget
    assert request.messages[0].role == "system" and request.messages[1].content == "вопрос"


def test_format_observation_is_readable_and_truncated(make_service: ServiceFactory) -> None:
    from agentcore.tools import ToolResult

    service = make_service([])
    assert service._format_observation(ToolResult.failure("search", "плохо")) == "Ошибка: плохо"
    long = service._format_observation(ToolResult.success("x", "я" * 10_000))
    assert len(long) == service.observation_chars and long.endswith("…")


@pytest.mark.parametrize("steps", [None, 3])
async def test_max_steps_in_step_started(make_service: ServiceFactory, steps: int | None) -> None:
    events = await run(make_service([*BASE_FLOW, final(GOOD_ANSWER)]), max_steps=steps or None)
    started = next(e for e in events if e.type == "step_started")
    assert started.max_steps == (steps or 8)


# --- the seed's methods inside a run ------------------------------------------------------------------------


async def _in_run(service: AgentService, call: Any) -> tuple[Any, list[AgentStepEvent]]:
    from agentcore.apps.research.tools import SCRATCH

    events: list[AgentStepEvent] = []

    async def emit(event: AgentStepEvent) -> None:
        events.append(event)

    run = service.new_run(QUESTION, None, 8, emit, collection="test")
    service._current.set(run)
    SCRATCH.set(run.scratch)
    return await call(run), events


async def test_execute_action_runs_the_tool_and_emits_its_events(make_service: ServiceFactory) -> None:
    service = make_service([])
    action, events = await _in_run(service, lambda run: service._execute_action('search {"query": "отпуск"}', "r", 1))
    assert action.ok and action.tool == "search" and action.arguments["query"] == "отпуск"
    assert [e.type for e in events] == ["tool_invoked", "observation"]
    assert action.observation.startswith("Найдено фрагментов")
    missing, _ = await _in_run(service, lambda run: service._execute_action("{}", "r", 1))
    assert missing is None
    unknown, _ = await _in_run(service, lambda run: service._execute_action("nope {}", "r", 1))
    assert not unknown.ok and unknown.observation.startswith("Ошибка: Unknown tool")


async def test_perform_refinement_widens_the_search(make_service: ServiceFactory) -> None:
    # The budgets (MAX_REFINEMENTS for the draft and for each unsupported claim cluster) are the callers'.
    service = make_service([])

    async def once(run: Any) -> Any:
        return await service._perform_refinement(QUESTION, run.state, run.request_id, 1)

    first, events = await _in_run(service, once)
    assert first.tool == "compose_context" and first.ok
    search = next(e for e in events if e.type == "tool_invoked" and e.tool == "search")
    assert search.arguments["top_bm25"] == 40 and search.arguments["top_k"] == 10 and search.origin == "control"


async def test_verify_answer_returns_confidence_and_claims(make_service: ServiceFactory) -> None:
    service = make_service([])
    report, events = await _in_run(service, lambda run: service._verify_answer(GOOD_ANSWER, run.history))
    assert report["confidence"] == 1.0 and report["claims"][0]["supported"] is True
    assert [e.tool for e in events if e.type == "tool_invoked"] == ["verify"]


async def test_concurrent_runs_keep_their_own_state(make_service: ServiceFactory) -> None:
    service = make_service()  # offline policy
    vacation, payroll = await asyncio.gather(
        run(service, "Сколько календарных дней составляет ежегодный отпуск?"),
        run(service, "Когда выплачивается аванс по зарплате?"),
    )
    assert "28 календарных дней" in last_final(vacation).answer
    assert "аванс 25 числа" in last_final(payroll).answer
    assert {c.doc_id for c in last_final(payroll).citations} == {"payroll"}
