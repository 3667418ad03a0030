"""The offline policy: the whole loop without a network, answers with numbered citations, honest declines."""

from __future__ import annotations

import dataclasses
from typing import Any

from tests.apps.research.conftest import ServiceFactory

from agentcore.apps.research import AgentRequest
from agentcore.apps.research.offline import draft_of, react_step
from agentcore.apps.research.retrieval import EngineRetriever
from agentcore.llm.models import LLMMessage, LLMRequest
from agentcore.rag.answer import NO_ANSWER
from agentcore.rag.engine import RagEngine


async def _final(service: object, question: str) -> object:
    events = [e async for e in service.stream_agent_response(AgentRequest(question=question))]  # type: ignore[attr-defined]
    assert events[-1].type == "final"
    return events


async def test_offline_run_follows_the_base_flow_and_cites(make_service: ServiceFactory) -> None:
    service = make_service()
    events: list = await _final(service, "Сколько календарных дней составляет ежегодный отпуск?")  # type: ignore[assignment]
    tools = [e.tool for e in events if e.type == "tool_invoked"]
    assert tools == ["router_select", "query_plan", "search", "compose_context", "verify"]
    done = events[-1]
    assert "28 календарных дней [1]" in done.answer and done.citations[0].doc_id == "vacation"
    assert done.metadata["coverage"] == 1.0 and done.metadata["confidence"] == 1.0
    assert all(e.origin == "model" for e in events if e.type == "tool_invoked" and e.tool != "verify")
    assert any(e.type == "thought" and e.text.startswith("Офлайн-правила") for e in events)


async def test_offline_run_declines_what_the_knowledge_base_does_not_hold(make_service: ServiceFactory) -> None:
    events: list = await _final(make_service(), "Какой курс биткоина к рублю?")  # type: ignore[assignment]
    done = events[-1]
    assert done.answer.startswith(NO_ANSWER) and done.metadata["answered"] is False
    assert done.metadata["refinements"] == 1  # the draft had nothing: one wider search first


async def test_offline_compound_question_uses_sub_queries(make_service: ServiceFactory) -> None:
    events: list = await _final(make_service(), "Когда наступает код-фриз и когда выплачивается аванс?")  # type: ignore[assignment]
    search = next(e for e in events if e.type == "tool_invoked" and e.tool == "search")
    assert len(search.arguments["sub_queries"]) == 2
    assert {c.doc_id for c in events[-1].citations} >= {"release"}


async def test_offline_compound_question_answers_every_part_from_its_own_search(make_service: ServiceFactory) -> None:
    # The fused hits start with two vacation passages; the payroll part used to get no sentence at all.
    events: list = await _final(make_service(), "Как подать заявление на отпуск и когда выплачивается аванс?")  # type: ignore[assignment]
    done = events[-1]
    lines = done.answer.splitlines()
    assert len(lines) == 2 and "Заявление на отпуск подаётся через портал" in lines[0] and "аванс 25 числа" in lines[1]
    assert {c.doc_id for c in done.citations} == {"vacation", "payroll"} and done.metadata["coverage"] == 1.0


def test_policy_steps() -> None:
    def reply(*messages: tuple[str, str]) -> str:
        return str(react_step(LLMRequest(messages=[LLMMessage(role=r, content=c) for r, c in messages])))

    assert "Action: router_select" in reply(("system", "p"), ("user", "вопрос"))
    after_error = reply(("user", "вопрос"), ("assistant", "Action: search {}"), ("user", "Observation: Ошибка: нет"))
    assert after_error.endswith(f"FinalAnswer: {NO_ANSWER}")
    assert draft_of("Observation: Черновик ответа по контексту: текст [1].\nещё") == "текст [1]."
    assert draft_of("нет черновика") is None
    procedure = (
        "Observation: Черновик ответа по контексту: Шаги [1]:\n1. Один [1].\n2. Два [1].\n"
        "Покрытие черновика цитатами: 1.00"
    )
    assert draft_of(procedure) == "Шаги [1]:\n1. Один [1].\n2. Два [1]."


class _WeakEvidence(EngineRetriever):
    """Retrieval whose every search scores below the threshold: at least the floor (``possible``) or not."""

    def __init__(self, engine: RagEngine, possible: bool) -> None:
        super().__init__(engine)
        self.possible = possible

    async def aretrieve(self, *args: Any, **kwargs: Any) -> Any:
        result = await super().aretrieve(*args, **kwargs)
        return dataclasses.replace(result, answerable=False, possible=self.possible, confidence=0.85)


async def test_weak_evidence_is_answered_by_the_questions_own_words(
    make_service: ServiceFactory, engine: RagEngine
) -> None:
    """Issue 18: a search below the threshold but at least its floor no longer declines before the sentence check
    (no draft was made): the answer stands when one shown sentence holds every term of the question."""
    question = "Сколько календарных дней составляет ежегодный отпуск?"
    events: list = await _final(make_service(retriever=_WeakEvidence(engine, possible=True)), question)  # type: ignore[assignment]
    done = events[-1]
    assert done.metadata["answered"] is True and "28 календарных дней [1]" in done.answer
    assert done.metadata["answerable"] is False
    # below the floor: no draft, the decline stands
    events = await _final(make_service(retriever=_WeakEvidence(engine, possible=False)), question)  # type: ignore[assignment]
    assert events[-1].answer.startswith(NO_ANSWER) and events[-1].metadata["answered"] is False


async def test_weak_evidence_is_not_answered_by_one_word(make_service: ServiceFactory, engine: RagEngine) -> None:
    # «когда код-фриз»: strong evidence answers it; on weak evidence one shared word is no proof
    events: list = await _final(make_service(), "когда код-фриз")  # type: ignore[assignment]
    assert events[-1].metadata["answered"] is True and "в среду второй недели" in events[-1].answer
    weak = make_service(retriever=_WeakEvidence(engine, possible=True))
    events = await _final(weak, "когда код-фриз")  # type: ignore[assignment]
    done = events[-1]
    assert done.answer.startswith(NO_ANSWER) and done.metadata["answered"] is False
    assert any(e.type == "thought" and "ниже порога" in e.text for e in events)
