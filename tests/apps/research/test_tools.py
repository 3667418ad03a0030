"""The seven research tools, each through the core tool runner, with a run's scratchpad."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from agentcore.apps.research.models import Scratch
from agentcore.apps.research.retrieval import EngineRetriever
from agentcore.apps.research.tools import SCRATCH, ResearchTools, plan_query
from agentcore.rag.engine import RagEngine
from agentcore.tools import ToolRunner
from agentcore.tools.registry import ToolRegistry

QUESTION = "Сколько дней длится ежегодный отпуск?"


@pytest.fixture
def scratch() -> Iterator[Scratch]:
    run = Scratch(question=QUESTION, collection="test")
    token = SCRATCH.set(run)
    yield run
    SCRATCH.reset(token)


@pytest.fixture
def tools(engine: RagEngine) -> ToolRegistry:
    return ToolRegistry(ResearchTools(EngineRetriever(engine)).all())


async def call(tools: ToolRegistry, name: str, arguments: Any) -> Any:
    result = await ToolRunner(timeout=10).run_by_name(tools, name, arguments)
    return result


async def test_router_select(tools: ToolRegistry, scratch: Scratch) -> None:
    result = await call(tools, "router_select", {"query": "Что значит ERR_42?"})
    assert result.ok and result.value.mode == "bm25" and scratch.route == "bm25"
    assert result.value.observation().startswith("Маршрут поиска: bm25")


def test_query_plan_splits_compound_questions() -> None:
    plan = plan_query("Когда код-фриз и сколько одобрений нужно для MR TASK-12?", "hybrid", "test")
    assert plan.sub_queries == ["Когда код-фриз", "сколько одобрений нужно для MR TASK-12"]
    assert plan.filters == {"mode": "hybrid", "top_k": 5, "collection": "test", "identifiers": ["TASK-12"]}
    assert plan_query(QUESTION, None, "test").sub_queries == []
    # a part that says nothing of its subject is no sub-query: searched alone it finds noise
    plan = plan_query("Хочу месяц поработать из Грузии, а VPN не подключается — что можно и что делать?", None, "t")
    assert plan.sub_queries == ["Хочу месяц поработать из Грузии", "VPN не подключается"]
    assert plan_query("Работа встала из-за соседнего отдела — что делать?", None, "t").sub_queries == []


async def test_query_plan_tool_records_the_plan(tools: ToolRegistry, scratch: Scratch) -> None:
    result = await call(tools, "query_plan", {"raw_input": "Где отпуск? Как VPN?"})
    assert result.ok and scratch.plan is not None and scratch.plan["sub_queries"] == ["Где отпуск", "Как VPN"]


async def test_search_keeps_the_latest_hits_and_reads_raw_input(tools: ToolRegistry, scratch: Scratch) -> None:
    result = await call(tools, "search", {"raw_input": "отпуск календарных дней", "top_k": 2})
    assert result.ok and len(result.value.hits) == 2
    assert [h.id for h in scratch.latest] == [h["id"] for h in result.value.hits]
    assert result.value.hits[0]["doc_id"] == "vacation"
    lines = result.value.observation().splitlines()
    assert "- vacation#0 | Отпуск |" in result.value.observation()
    # the verdict belongs to the count, the column legend to the lines under it
    assert lines[0].startswith("Найдено фрагментов: 2 (режим ") and "Достаточно для ответа: " in lines[0]
    assert lines[1] == "id | заголовок | начало текста:" and lines[2].startswith("- ")


async def test_search_fuses_sub_queries(tools: ToolRegistry, scratch: Scratch) -> None:
    result = await call(
        tools, "search", {"query": "отпуск и зарплата", "sub_queries": ["отпуск дней", "зарплата аванс"], "top_k": 4}
    )
    docs = {h["doc_id"] for h in result.value.hits}
    assert {"vacation", "payroll"} <= docs


async def test_search_errors_go_back_as_results(tools: ToolRegistry, scratch: Scratch) -> None:
    scratch.collection = "nope"
    result = await call(tools, "search", {"query": "отпуск"})
    assert not result.ok and "не найдена" in (result.error or "")


async def test_rerank_needs_hits_and_reorders_them(tools: ToolRegistry, scratch: Scratch) -> None:
    empty = await call(tools, "rerank", {"query": "отпуск"})
    assert not empty.ok and "сначала вызовите search" in (empty.error or "")
    await call(tools, "search", {"query": "отпуск заявление портал", "top_k": 3})
    result = await call(tools, "rerank", {"query": "заявление на отпуск", "top_k": 2})
    assert result.ok and len(scratch.latest) == 2 and scratch.latest[0].retriever == "rerank"


async def test_fetch_docs_returns_texts_and_missing_ids(tools: ToolRegistry, scratch: Scratch) -> None:
    result = await call(tools, "fetch_docs", {"raw_input": "vpn#0, nope"})
    assert result.ok and [i["id"] for i in result.value.items] == ["vpn#0"] and result.value.missing == ["nope"]
    assert "vpn#0" in scratch.seen
    assert "Не найдены: nope" in result.value.observation()


async def test_compose_context_numbers_cites_and_measures_coverage(tools: ToolRegistry, scratch: Scratch) -> None:
    missing = await call(tools, "compose_context", {})
    assert not missing.ok and "search" in (missing.error or "")
    await call(tools, "search", {"query": QUESTION, "top_k": 3})
    result = await call(tools, "compose_context", {"hit_ids": [scratch.latest[0].id, "unknown#1"]})
    assert result.ok
    composed = result.value
    assert [p.index for p in composed.context.passages] == [1] and composed.unknown_ids == ["unknown#1"]
    assert composed.draft and "[1]" in composed.draft and composed.coverage.coverage == 1.0
    text = composed.observation()
    assert text.startswith("Черновик ответа по контексту:") and "[1] Отпуск (vacation#0)" in text
    assert scratch.context is composed.context


async def test_verify_checks_claims_against_the_knowledge_base(tools: ToolRegistry, scratch: Scratch) -> None:
    result = await call(
        tools, "verify", {"answer": "Ежегодный оплачиваемый отпуск составляет 28 календарных дней. Луна из сыра."}
    )
    assert result.ok
    report = result.value.report
    assert [c.supported for c in report.claims] == [True, False] and 0 < report.confidence < 1
    assert "подтверждено (1.00) — vacation#0" in result.value.observation()


async def test_unknown_arguments_are_rejected(tools: ToolRegistry, scratch: Scratch) -> None:
    result = await call(tools, "search", {"query": "x", "color": "red"})
    assert not result.ok and "color" in (result.error or "")


async def test_tools_outside_a_run_say_so(tools: ToolRegistry) -> None:
    result = await call(tools, "search", {"query": "x"})
    assert not result.ok and "вне запуска агента" in (result.error or "")
