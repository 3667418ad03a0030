"""The run deadline (``AGENT_RUN_DEADLINE``) covers the whole research run — the collection check, the model's steps,
search and the QA fallback: when it expires the run answers from the claims supported so far, or says it could not
finish in time, with a control thought saying why; it never hangs and never ends in an error."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from tests.apps.research.conftest import ServiceFactory, with_research
from tests.apps.research.test_http import _serve
from tests.apps.research.test_service import BASE_FLOW, QUESTION, act, final, run
from tests.hanging import hanging_reply

from agentcore.agents.events import AgentStepEvent, FinalEvent
from agentcore.apps.research import AgentService
from agentcore.apps.research.retrieval import EngineRetriever
from agentcore.config import Settings
from agentcore.rag.engine import RagEngine

DEADLINE = 1.0


class Hanging(EngineRetriever):
    """Retrieval whose ``info`` and/or searches never answer (until cancelled)."""

    def __init__(self, engine: RagEngine, *, info: bool = False, search: bool = False) -> None:
        super().__init__(engine)
        self.hang_info, self.hang_search = info, search

    async def info(self, collection: str | None = None) -> Any:
        if self.hang_info:
            await asyncio.sleep(3600)
        return await super().info(collection)

    async def aretrieve(self, *args: Any, **kwargs: Any) -> Any:
        if self.hang_search:
            await asyncio.sleep(3600)
        return await super().aretrieve(*args, **kwargs)


async def bounded(service: AgentService, **kwargs: Any) -> tuple[list[AgentStepEvent], float]:
    """The run's events and its wall time; the test fails (instead of hanging) when the run does not end."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    events = await asyncio.wait_for(run(service, **kwargs), DEADLINE + 10)
    return events, loop.time() - started


def timed_out_final(events: list[AgentStepEvent]) -> FinalEvent:
    assert [e.type for e in events].count("final") == 1 and not any(e.type == "error" for e in events)
    done = events[-1]
    assert isinstance(done, FinalEvent) and done.metadata["timed_out"] is True
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert any("AGENT_RUN_DEADLINE" in text for text in control), control
    return done


async def test_a_hanging_model_after_the_context_answers_from_the_supported_draft(
    make_service: ServiceFactory,
) -> None:
    started, cancelled = asyncio.Event(), asyncio.Event()
    service = make_service([*BASE_FLOW, hanging_reply(started, cancelled)], agent_run_deadline=DEADLINE)
    events, seconds = await bounded(service)
    done = timed_out_final(events)
    assert "28" in done.answer and done.citations and done.metadata["answered"] is True
    assert done.metadata["grounded"] is True and done.metadata["verified"] is False  # guard only, no verify
    assert cancelled.is_set() and seconds < DEADLINE + 1


async def test_a_hanging_collection_check_says_the_run_could_not_finish(
    make_service: ServiceFactory, engine: RagEngine
) -> None:
    service = make_service([final("не спрошено")], retriever=Hanging(engine, info=True), agent_run_deadline=DEADLINE)
    events, seconds = await bounded(service)
    done = timed_out_final(events)
    assert done.answer.startswith("Не удалось подготовить ответ за отведённое время (1 с)")
    assert done.metadata["answered"] is False and not done.citations
    assert service.gateway.call_count == 0  # type: ignore[attr-defined]
    assert seconds < DEADLINE + 1


async def test_a_hanging_search_is_cut_by_the_run_deadline_before_the_tool_timeout(
    make_service: ServiceFactory, engine: RagEngine
) -> None:
    service = make_service(
        [*BASE_FLOW, final("Отпуск 28 дней [1].")],
        retriever=Hanging(engine, search=True),
        agent_run_deadline=DEADLINE,
        agent_tool_timeout=30.0,
    )
    events, seconds = await bounded(service)
    done = timed_out_final(events)
    assert done.metadata["answered"] is False and done.answer.startswith("Не удалось подготовить ответ")
    assert seconds < DEADLINE + 1


async def test_a_hanging_qa_fallback_is_cut_by_the_run_deadline(make_service: ServiceFactory) -> None:
    service = make_service([act("router_select", {"query": QUESTION})], agent_run_deadline=DEADLINE)
    calls: list[str] = []

    async def hanging_answer(question: str, collection: str | None = None) -> Any:
        calls.append(question)
        await asyncio.sleep(3600)

    service.qa.answer = hanging_answer  # type: ignore[method-assign]
    events, seconds = await bounded(service, max_steps=1)
    done = timed_out_final(events)
    assert calls == [QUESTION]
    assert any(e.type == "thought" and "QAService" in e.text for e in events)
    assert done.metadata["answered"] is False and seconds < DEADLINE + 1


async def test_a_run_within_its_deadline_is_not_marked_and_a_timed_out_one_is_not_cached(
    make_service: ServiceFactory,
) -> None:
    answer = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
    service = make_service([*BASE_FLOW, final(answer)], agent_run_deadline=60.0)
    done = (await run(service))[-1]
    assert isinstance(done, FinalEvent) and done.metadata["timed_out"] is False and done.answer == answer

    started, cancelled = asyncio.Event(), asyncio.Event()
    cached = make_service(
        [*BASE_FLOW, hanging_reply(started, cancelled), *BASE_FLOW, final(answer)],
        agent_run_deadline=DEADLINE,
        cache_ttl=300,
    )
    first, _ = await bounded(cached)
    timed_out_final(first)
    second, _ = await bounded(cached)
    assert second[-1].metadata["cached"] is False and second[-1].metadata["timed_out"] is False  # type: ignore[union-attr]


@pytest.mark.e2e
def test_the_routes_answer_504_when_the_collection_check_hangs(
    settings: Settings, make_service: ServiceFactory, engine: RagEngine
) -> None:
    configured = with_research(settings, agent_run_deadline=DEADLINE)
    service = make_service([final("не спрошено")], retriever=Hanging(engine, info=True), agent_run_deadline=DEADLINE)
    with _serve(configured, service) as server:
        for path in ("/research", "/research/stream"):
            response = httpx.post(server.url + path, json={"question": QUESTION}, timeout=DEADLINE + 10)
            assert response.status_code == 504, response.text
            assert response.json()["code"] == "upstream_timeout" and "AGENT_RUN_DEADLINE" in response.json()["error"]


async def test_v1_check_and_run_keep_within_one_deadline(make_service: ServiceFactory, engine: RagEngine) -> None:
    """On /v1 the served agent's check (the collection) and the run it starts are one request: the run gets the
    deadline the check took, not a fresh one."""
    from agentcore.agents.served import AgentInput
    from agentcore.apps.research.http import ResearchHTTP
    from agentcore.server import research_model

    service = make_service()
    seen: dict[str, list[float | None]] = {"check": [], "run": []}
    original_check, original_stream = service.check_request, service.stream

    async def check_request(request: Any, *, deadline: float | None = None) -> Any:
        seen["check"].append(deadline)
        return await original_check(request, deadline=deadline)

    def stream(*args: Any, **kwargs: Any) -> Any:
        seen["run"].append(kwargs.get("deadline"))
        return original_stream(*args, **kwargs)

    service.check_request = check_request  # type: ignore[method-assign]
    service.stream = stream  # type: ignore[method-assign]
    agent = research_model(ResearchHTTP(service.settings, service=service))
    assert agent.check is not None
    for agent_input in (AgentInput(question=QUESTION), AgentInput(question=QUESTION, instructions="кратко")):
        seen["check"].clear(), seen["run"].clear()
        await agent.check(agent_input.question)
        await asyncio.sleep(0.05)  # time passes between the check and the run
        events = [e async for e in agent.start(agent_input)]
        assert events[-1].type == "final"
        first = seen["check"][0]
        assert first is not None and set(seen["check"]) == {first} and seen["run"] == [first], seen


async def test_a_deadline_while_the_models_answer_is_checked_redacts_its_thought(
    make_service: ServiceFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review rv3 F3: the run answers from the extractive draft when the deadline hits while the model's FinalAnswer
    is being checked — the model's held thought is streamed without its own answer's claims the draft does not show
    (before, it was redacted by the draft's removed claims, and the model's false claim went out as written)."""
    from agentcore.agents._redaction import REDACTED
    from agentcore.apps.research import service as research_service

    async def hanging_coverage(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(3600)

    monkeypatch.setattr(research_service, "citation_coverage", hanging_coverage)
    false = "Заявление на отпуск подаётся не позднее чем за 5 дней до начала отпуска [1]."
    said = "В [1] сказано: " + false.replace(" [1]", "")
    service = make_service([*BASE_FLOW, final(false, said)], agent_run_deadline=3 * DEADLINE)  # the search's time
    events, _ = await bounded(service)
    done = timed_out_final(events)
    assert "5 дней" not in done.answer  # the draft's answer, or the run could not finish
    thoughts = [e.text for e in events if e.type == "thought" and e.origin == "model" and e.step == 5]
    assert thoughts == [f"В [1] сказано: {REDACTED}."]
    assert not any("5 дней" in e.model_dump_json() for e in events[:-1])
