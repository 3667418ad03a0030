"""The research agent shows only supported claims: a scripted model citing a true sentence and a false number."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from tests.apps.research.conftest import ServiceFactory
from tests.apps.research.test_service import BASE_FLOW, final, last_final, run

from agentcore.apps.research import AgentService
from agentcore.apps.research.retrieval import EngineRetriever
from agentcore.config import Settings
from agentcore.llm import ScriptedProvider
from agentcore.llm.errors import LLMHTTPError
from agentcore.llm.gateway import SimpleLLMGateway
from agentcore.llm.models import LLMRequest, LLMResponse
from agentcore.llm.offline import to_response
from agentcore.rag.answer import NO_ANSWER
from agentcore.rag.citations import LLMJudge
from agentcore.rag.engine import RagEngine

TRUE = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
FALSE = "Заявление на отпуск подаётся не позднее чем за 5 дней до начала отпуска [1]."


async def test_the_false_number_never_reaches_the_user(make_service: ServiceFactory) -> None:
    answer = f"{TRUE} {FALSE}"
    done = last_final(await run(make_service([*BASE_FLOW, final(answer), final(answer)])))
    assert done.metadata["answered"] is True and done.metadata["grounded"] is True
    assert "28 календарных дней [1]" in done.answer
    assert "5 дней" not in done.answer
    claims = done.metadata["claims"]
    assert [c["claim"] for c in claims] == [TRUE.replace(" [1]", ""), None]  # the removed one has no text here
    assert claims[0]["status"] == "supported" and claims[1]["status"] in ("contradicted", "unsupported")
    assert done.metadata["removed_claims"] and "5 дней" in done.metadata["removed_claims"][0]["claim"]
    assert "unsupported_sentences" not in done.metadata
    # the question (how long the vacation is) is answered: no closing line, the removed claim is in metadata only
    assert "В документах не нашлось" not in done.answer
    assert [c.index for c in done.citations] == [1]


async def test_a_removed_claims_text_reaches_no_event_but_removed_claims(make_service: ServiceFactory) -> None:
    # Issue 18: the removed claim's text goes only to metadata.removed_claims — not to the trace `agentcore ask`
    # prints (the verify step's arguments and observation, control thoughts), not to other metadata.
    answer = f"{TRUE} {FALSE}"
    events = await run(make_service([*BASE_FLOW, final(answer), final(answer)]))
    done = last_final(events)
    assert "verify" in [e.tool for e in events if e.type == "tool_invoked"]  # verify ran (on what is shown)
    removed = done.metadata["removed_claims"]
    assert [r["claim"] for r in removed] == [FALSE.replace(" [1]", "")]
    trace = [e.model_dump_json() for e in events[:-1]]
    rest = done.model_copy(update={"metadata": {**done.metadata, "removed_claims": []}}).model_dump_json()
    assert not any("за 5 дней" in text for text in [*trace, rest])
    # nor its false value alone, in the refinement search the trace shows (review F11, the auditor's gap 7)
    assert not any("5" in e.arguments["query"].split() for e in _searches(events))


def test_the_run_trace_holds_no_removed_claims_text(settings: Settings, make_service: ServiceFactory) -> None:
    """``GET /trace/runs/{id}`` after ``POST /research``: the model's answer, the rewrite request quoting the removed
    claim and every step event have it replaced by the redaction mark; its text is in ``removed_claims`` only."""
    import json

    import httpx

    from agentcore.agents._redaction import REDACTED
    from agentcore.apps.research.http import ResearchHTTP, create_router
    from agentcore.serving import BackgroundServer
    from agentcore.web.app import create_base_app
    from agentcore.web.runs import create_runs_router

    answer = f"{TRUE} {FALSE}"
    research = ResearchHTTP(settings, service=make_service([*BASE_FLOW, final(answer), final(answer)]))
    app = create_base_app(settings, title="trace-redaction")
    app.include_router(create_router(settings, http=research))
    app.include_router(create_runs_router(research.run_log))
    with BackgroundServer(app) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        done = client.post("/research", json={"question": "Сколько дней длится ежегодный отпуск?"})
        assert done.status_code == 200, done.text
        assert "5 дней" in done.json()["metadata"]["removed_claims"][0]["claim"]
        record = client.get(f"/trace/runs/{done.json()['request_id']}").json()
    *steps, last = record["events"]
    assert "5 дней" in last["metadata"]["removed_claims"][0]["claim"]
    last["metadata"]["removed_claims"] = []
    traced = json.dumps([record["model_calls"], steps, last], ensure_ascii=False)
    assert "за 5 дней" not in traced  # (the passages' «Заявление на отпуск подаётся … за две недели» stays)
    assert REDACTED in json.dumps(record["model_calls"], ensure_ascii=False)
    assert "28 календарных дней" in traced  # the supported claim stays


def _serve_research(settings: Settings, service: AgentService) -> Any:
    """The research routes and ``/v1`` over ``service``, served in the background (with its URL)."""
    from agentcore.apps.research.http import ResearchHTTP, create_router
    from agentcore.server import research_model
    from agentcore.serving import BackgroundServer
    from agentcore.web.app import create_base_app
    from agentcore.web.v1.router import create_openai_router

    research = ResearchHTTP(settings, service=service)
    app = create_base_app(settings, title="live-redaction")
    app.include_router(create_router(settings, http=research))
    app.include_router(create_openai_router({"research": research_model(research)}))
    return BackgroundServer(app)


def _ask_on_every_surface(server: Any, question: str) -> tuple[str, dict[str, Any], str]:
    """Ask ``question`` once on each surface that streams a run: the SSE stream's text, ``POST /research``'s JSON and
    the ``/v1`` streamed chat completion's text."""
    import httpx

    with server, httpx.Client(base_url=server.url, timeout=60) as client:
        streamed = client.post("/research/stream", json={"question": question}).text
        done = client.post("/research", json={"question": question}).json()
        chat = {"model": "research", "messages": [{"role": "user", "content": question}], "stream": True}
        v1 = client.post("/v1/chat/completions", json=chat).text
    return streamed, done, v1


def test_a_removed_claims_text_is_never_streamed(settings: Settings, make_service: ServiceFactory) -> None:
    """The model's thought of its FinalAnswer step repeats the false claim: on ``POST /research/stream``, in the
    events of ``POST /research`` and in ``/v1`` streamed reasoning the thought comes once the answer is checked, the
    removed claim's text replaced by the redaction mark (it was streamed as written before the check)."""
    from agentcore.agents._redaction import REDACTED

    question = "Сколько дней длится ежегодный отпуск?"
    answer = f"{TRUE} {FALSE}"
    said = "В [1] сказано: " + FALSE.replace(" [1]", "")
    script = [*BASE_FLOW, final(answer, said), final(answer, said)]
    streamed, done, v1 = _ask_on_every_surface(_serve_research(settings, make_service(script * 3)), question)
    finals = [line for line in streamed.splitlines() if line.startswith("data:") and '"type":"final"' in line]
    assert len(finals) == 1 and "5 дней" in finals[0]  # in removed_claims only
    steps = streamed.replace(finals[0], "")
    assert "5 дней" not in steps and f"В [1] сказано: {REDACTED}" in steps
    assert "5 дней" in done["metadata"]["removed_claims"][0]["claim"]
    assert not any("5 дней" in json.dumps(e, ensure_ascii=False) for e in done["events"][:-1])
    assert "5 дней" not in v1 and REDACTED in v1 and "28 календарных дней" in v1


OFF_FOCUS = "Заявление на отпуск подаётся через портал не позднее чем за две недели до начала отпуска [1]."


def test_a_claim_the_final_check_removes_is_never_streamed(settings: Settings, make_service: ServiceFactory) -> None:
    """Review rv3 F3: the claim guard supports the claim (it is the document's), the final check removes it (it does
    not answer how long the vacation is: the focus check) — the model's thought restating it inside a sentence
    («Думаю, что …») is streamed only after that final check, the sentence redacted; before, it went out after the
    refinement round's guard check, as written, on ``/research/stream``, ``/research`` events and ``/v1``."""
    from agentcore.agents._redaction import REDACTED

    question = "Сколько дней длится ежегодный отпуск?"
    said = "Думаю, что " + OFF_FOCUS.replace(" [1]", "").lower() + " Это ответ."
    script = [*BASE_FLOW, final(OFF_FOCUS, said), final(OFF_FOCUS, said)]
    streamed, done, v1 = _ask_on_every_surface(_serve_research(settings, make_service(script * 3)), question)
    removed = done["metadata"]["removed_claims"]
    assert removed and "за две недели" in removed[0]["claim"]  # the final check removed it …
    finals = [line for line in streamed.splitlines() if line.startswith("data:") and '"type":"final"' in line]
    assert len(finals) == 1
    steps = streamed.replace(finals[0], "")
    assert "две недели" not in steps and f"{REDACTED}. Это ответ." in steps  # … and no step streamed its text
    assert not any("две недели" in json.dumps(e, ensure_ascii=False) for e in done["events"][:-1])
    assert "две недели" not in v1 and REDACTED in v1


async def test_a_rewritten_answers_thought_waits_for_the_final_check(make_service: ServiceFactory) -> None:
    """A refinement round asks for a rewrite: the first answer's thought is held until the final answer is checked,
    and a claim of it the final answer does not show (the model dropped it) is redacted, as the claims the final
    check removed are; the thoughts keep their steps."""
    from agentcore.agents._redaction import REDACTED

    # the guard supports OFF_FOCUS (the refinement round checks nothing more); the rewrite drops it
    first = "Думаю: " + OFF_FOCUS.replace(" [1]", "")
    script = [*BASE_FLOW, final(f"{TRUE} {OFF_FOCUS} {FALSE}", first), final(TRUE, "Теперь только подтверждённое.")]
    events = await run(make_service(script))
    done = last_final(events)
    assert done.metadata["refinements"] >= 1 and done.metadata["removed_claims"] == []
    model = [e for e in events if e.type == "thought" and e.origin == "model" and e.step > 4]
    assert [e.text for e in model] == [f"Думаю: {REDACTED}.", "Теперь только подтверждённое."]
    assert model[0].step < model[1].step
    checked = next(i for i, e in enumerate(events) if e.type == "thought" and "Проверка утверждений" in e.text)
    assert all(events.index(e) < checked for e in model)  # streamed once, after the final check's answer is read


async def test_citations_are_renumbered_by_first_use(make_service: ServiceFactory) -> None:
    # The model cites [2] for a sentence of passage 1: the citation is re-pointed and numbered 1.
    answer = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [Источник 2]."
    done = last_final(await run(make_service([*BASE_FLOW, final(answer), final(answer)])))
    assert done.answer == "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
    assert [c.index for c in done.citations] == [1] and done.citations[0].doc_id == "vacation"


async def test_no_claim_survives_no_answer(make_service: ServiceFactory) -> None:
    answer = "Ежегодный отпуск составляет 45 календарных дней [1]."
    done = last_final(await run(make_service([*BASE_FLOW, final(answer), final(answer)])))
    assert done.answer.startswith(NO_ANSWER) and done.metadata["answered"] is False
    assert done.citations == []


async def test_offline_answers_report_claims(make_service: ServiceFactory) -> None:
    done = last_final(await run(make_service()))
    assert done.metadata["answered"] is True
    assert done.metadata["claims"] and all(c["status"] == "supported" for c in done.metadata["claims"])
    assert all(c["citations"] for c in done.metadata["claims"])


async def test_refinement_searches_the_unsupported_claims_missing_words_never_a_sent_query(
    make_service: ServiceFactory,
) -> None:
    from tests.apps.research.test_service import QUESTION

    answer = f"{TRUE} Премия выплачивается мешками золота [1]."
    events = await run(make_service([*BASE_FLOW, final(answer), final(TRUE)]))
    searches = [e.arguments["query"] for e in events if e.type == "tool_invoked" and e.tool == "search"]
    assert len(searches) == 2 and searches[0] == QUESTION
    refined = searches[1]
    assert refined != QUESTION and "мешками" in refined and "золота" in refined
    assert "28" not in refined  # the supported claim adds nothing to the query
    done = last_final(events)
    assert done.metadata["refinements"] == 1 and done.metadata["refinement_helped"] is False


class _RealJudgeProvider(ScriptedProvider):
    """A provider the service takes for a real one (so ``judge_for`` picks the production ``LLMJudge``): the ReAct
    steps answer from the script, every support judgement (step ``rag.support``) gets ``judge_reply``, every focus
    judgement (``rag.focus``) ``focus_reply`` (by default: part 1 is answered by sentence 1)."""

    name = "gigachat"

    def __init__(self, script: list[str], judge_reply: object, focus_reply: object = None) -> None:
        super().__init__(script)
        self.judge_reply = judge_reply
        self.focus_reply = focus_reply or {"parts": [{"part": 1, "sentences": [1]}]}
        self.judged = 0
        self.focused: list[LLMRequest] = []

    async def complete(self, request: LLMRequest) -> LLMResponse:
        if request.step == "rag.focus":
            self.focused.append(request)
            return to_response(self.focus_reply)
        if request.step == "rag.support":
            self.judged += 1
            if isinstance(self.judge_reply, BaseException):
                raise self.judge_reply
            return to_response(self.judge_reply)
        return await super().complete(request)


@pytest.mark.parametrize("judge_reply", [{"verdicts": []}, LLMHTTPError(500, "down"), "да, всё верно"])
async def test_a_junk_reply_of_the_production_judge_is_ignored_with_a_warning_in_the_trace(
    settings: Settings, engine: RagEngine, judge_reply: object
) -> None:
    provider = _RealJudgeProvider([*BASE_FLOW, final(TRUE), final(TRUE)], judge_reply)
    service = AgentService(settings, gateway=SimpleLLMGateway(provider), retriever=EngineRetriever(engine))
    assert isinstance(service.judge, LLMJudge)
    events = await run(service)
    assert provider.judged
    warnings = [e.text for e in events if e.type == "thought" and e.origin == "control" and "судь" in e.text]
    assert warnings and all("не учтён" in w for w in warnings)
    done = last_final(events)
    # the guard's verdict stands: the true claim is shown, supported, decided by the guard
    assert done.metadata["answered"] is True and done.answer == TRUE
    assert [(c["status"], c["decided_by"]) for c in done.metadata["claims"]] == [("supported", "guard")]


_CONFIRMED = {"verdicts": [{"claim": 1, "supported_by": [1]}]}


async def test_the_model_answers_a_chat_question_the_focus_rules_decline(settings: Settings, engine: RagEngine) -> None:
    # issue 18: «сколько всего отдыхаем» holds none of the sentence's words; the rules decline, the model reads it
    # («сколько отдыхаем за год» is answered by the rules since «год» is read in «ежегодный», wr42)
    question = "Сколько всего отдыхаем?"
    provider = _RealJudgeProvider([*BASE_FLOW, final(TRUE), final(TRUE)], _CONFIRMED)
    service = AgentService(settings, gateway=SimpleLLMGateway(provider), retriever=EngineRetriever(engine))
    done = last_final(await run(service, question))
    assert provider.focused and question in str(provider.focused[0].messages[-1].content)
    assert done.metadata["answered"] is True and done.metadata["grounded"] is True and done.answer == TRUE
    assert [(c["status"], c["decided_by"]) for c in done.metadata["claims"]] == [("supported", "judge")]
    provider = _RealJudgeProvider([*BASE_FLOW, final(TRUE), final(TRUE)], _CONFIRMED)
    settings = settings.model_copy(update={"rag": settings.rag.model_copy(update={"focus_judge": False})})
    service = AgentService(settings, gateway=SimpleLLMGateway(provider), retriever=EngineRetriever(engine))
    done = last_final(await run(service, question))  # RAG_FOCUS_JUDGE=false: the rules' decline
    assert not provider.focused and done.metadata["answered"] is False


async def test_the_model_unanswers_what_the_rules_answered(settings: Settings, engine: RagEngine) -> None:
    provider = _RealJudgeProvider(
        [*BASE_FLOW, final(TRUE), final(TRUE)], _CONFIRMED, {"parts": [{"part": 1, "sentences": []}]}
    )
    service = AgentService(settings, gateway=SimpleLLMGateway(provider), retriever=EngineRetriever(engine))
    done = last_final(await run(service))
    assert provider.focused and done.metadata["answered"] is False
    assert [r["decided_by"] for r in done.metadata["removed_claims"]] == ["judge"]


async def test_a_refinement_query_never_carries_a_value_the_guard_rejected(
    make_service: ServiceFactory, caplog: pytest.LogCaptureFixture
) -> None:
    # Review F11: the refinement query was the claim's missing words plus the guard's missing facts — «45 дней» of
    # «… 45 календарных дней», «сорок пять» of its spelt-out form — and the search's arguments are in the trace,
    # while a removed claim's text goes only to metadata.removed_claims.  The query keeps the other lacking words.
    # (the auditor's gap 7: a false date «25 марта» went to every surface showing the search — CLI trace, POST
    # /research events, SSE, /v1 reasoning, MCP progress, agentcore.log — all of which show this one query)
    cases = [
        ("составляет 45 календарных дней", {"45", "сорок", "пять"}),
        ("составляет сорок пять календарных дней", {"45", "сорок", "пять"}),
        ("начинается 25 марта", {"25", "марта", "март"}),
    ]
    for false, values in cases:
        answer = f"{TRUE} Ежегодный отпуск {false} и оплачивается путёвкой [1]."
        with caplog.at_level(logging.DEBUG):
            caplog.clear()
            events = await run(make_service([*BASE_FLOW, final(answer), final(TRUE)]))
        refined = [e.arguments["query"] for e in _searches(events) if e.origin == "control"]
        assert len(refined) == 1 and "путёвкой" in refined[0]
        assert not values & set(refined[0].casefold().split()), refined
        # what the agent wrote into the trace (every tool's arguments, every thought) and into the log
        written = [str(getattr(e, "arguments", "")) + getattr(e, "text", "") for e in events[:-1]]
        logged = [r.getMessage() for r in caplog.records if "search" in r.getMessage()]
        assert logged and not any(v in text.casefold().split() for v in values for text in written + logged)
        assert last_final(events).answer == TRUE


def _searches(events: list[Any]) -> list[Any]:
    return [e for e in events if e.type == "tool_invoked" and e.tool == "search"]


async def test_a_refinement_that_would_repeat_a_sent_query_is_skipped(make_service: ServiceFactory) -> None:
    # First run: the unsupported claim's refinement query.  Second run: the model itself searched that very query
    # (over the same context) before answering — the refinement would repeat it, so it is skipped, with a control
    # thought, and no query is sent twice.
    from tests.apps.research.test_service import act

    answer = f"{TRUE} Премия выплачивается мешками золота [1]."
    first = await run(make_service([*BASE_FLOW, final(answer), final(TRUE)]))
    refined = [e.arguments["query"] for e in _searches(first) if e.origin == "control"]
    assert len(refined) == 1
    # the context is composed from the question's search, as in the first run; then the model searches the query
    script = [*BASE_FLOW, act("search", {"query": refined[0], "top_k": 3}), final(answer), final(TRUE)]
    events = await run(make_service(script))
    queries = [" ".join(e.arguments["query"].casefold().split()) for e in _searches(events)]
    assert len(queries) == 2 and len(set(queries)) == 2  # the question and the model's own: nothing resent
    assert not [e for e in _searches(events) if e.origin == "control"]
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert any("совпал бы с уже отправленным" in t for t in control)
    done = last_final(events)
    assert done.metadata["refinements"] == 0 and "мешками" not in done.answer


async def test_each_unsupported_claim_cluster_gets_its_own_refinement(make_service: ServiceFactory) -> None:
    # Two unsupported claims citing different passages: two clusters, one refinement each, each query new.
    from tests.apps.research.test_service import QUESTION

    answer = f"{TRUE} Отпуск оплачивается путёвкой в санаторий [1]. {FALSE.replace('[1]', '[2]')}"
    events = await run(make_service([*BASE_FLOW, final(answer), final(answer), final(answer)]))
    refined = [e.arguments["query"] for e in _searches(events) if e.origin == "control"]
    assert len(refined) == 2 and len({q.casefold() for q in refined}) == 2 and QUESTION not in refined
    assert any("путёвкой" in q for q in refined)
    # the false «5 дней» of the second cluster is not searched for (review F11): its query keeps the other words
    assert not any("5" in q.split() for q in refined)
    widths = {e.arguments["top_k"] for e in _searches(events) if e.origin == "control"}
    assert len(widths) == 1  # every round doubles the run's own search, rounds do not compound it
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert sum("Не подтверждена группа утверждений" in t for t in control) == 2
    done = last_final(events)
    assert done.metadata["refinements"] == 2 and done.answer.startswith(TRUE)
    # the rewritten answer's clusters had their round: no third refinement, the same claims are removed
    assert len(done.metadata["removed_claims"]) == 2


async def test_the_drafts_coverage_does_not_spend_a_claim_clusters_refinement(make_service: ServiceFactory) -> None:
    # The model composes its context from an unrelated chunk (the draft's coverage is low: its own refinement),
    # then answers with an unsupported claim: that cluster still gets its refinement.
    from tests.apps.research.test_service import act

    answer = f"{TRUE} Премия выплачивается мешками золота [1]."
    script = [
        *BASE_FLOW[:3],
        act("fetch_docs", {"ids": ["vpn#0"]}),
        act("compose_context", {"hit_ids": ["vpn#0"]}),
        final(answer),
        final(TRUE),
    ]
    events = await run(make_service(script))
    refined = [e.arguments["query"] for e in _searches(events) if e.origin == "control"]
    assert len(refined) == 2 and any("мешками" in q for q in refined)
    assert last_final(events).metadata["refinements"] == 2


async def test_a_true_answer_citing_sources_by_their_titles_is_shown(make_service: ServiceFactory) -> None:
    # «(Источники: A; B)» — the form the extractive answer writes — was cut at its «;» into claims; every claim lost
    answer = (
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней (Источники: Отпуск; Отпуск — Оформление). "
        "Заявление на отпуск подаётся через портал не позднее чем за две недели до начала отпуска "
        "(Источник: Отпуск — Оформление)."
    )
    done = last_final(await run(make_service([*BASE_FLOW, final(answer), final(answer), final(answer)])))
    assert done.metadata["answered"] is True and done.metadata["grounded"] is True
    assert done.answer == (
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]. Заявление на отпуск подаётся через портал "
        "не позднее чем за две недели до начала отпуска [2]."
    )
    assert [c["status"] for c in done.metadata["claims"]] == ["supported", "supported"]
    assert [c.index for c in done.citations] == [1, 2]
