"""The research agent on real wire formats: the same ReAct text protocol against the fake GigaChat and the fake
OpenAI-compatible servers (support judged by the model through structured output)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from tests.apps.research.test_service import BASE_FLOW, GOOD_ANSWER, final

from agentcore.apps.research import AgentRequest, AgentService
from agentcore.apps.research.retrieval import EngineRetriever
from agentcore.apps.research.settings import ResearchSettings
from agentcore.config import Settings
from agentcore.llm.factory import create_gateway
from agentcore.rag.engine import RagEngine
from agentcore.testing import FakeScript, ToolCall, ToolCallsReply, serve_fake_gigachat, serve_fake_openai

pytestmark = pytest.mark.e2e

REPLIES = [*BASE_FLOW, final(GOOD_ANSWER)]


def _reply(body: dict[str, Any]) -> Any:
    messages = body["messages"]
    if "подтверждаются ли утверждения" in (messages[0].get("content") or ""):
        claims = (messages[-1].get("content") or "").count("Утверждение ")
        verdicts = {"verdicts": [{"claim": i, "supported_by": [1]} for i in range(1, claims + 1)]}
        if body.get("functions") or body.get("tools"):
            return ToolCallsReply((ToolCall("SupportJudgement", verdicts),))
        return json.dumps(verdicts, ensure_ascii=False)
    observations = sum(1 for m in messages if m["role"] == "user" and str(m.get("content")).startswith("Observation"))
    return REPLIES[observations]


@pytest.fixture
def fake_servers() -> Iterator[dict[str, Settings]]:
    script_giga, script_oai = FakeScript(), FakeScript()
    for _ in range(12):
        script_giga.dynamic(_reply)
        script_oai.dynamic(_reply)
    with serve_fake_gigachat(script_giga) as giga, serve_fake_openai(script_oai) as oai:
        yield {
            "gigachat": Settings(
                provider="gigachat",
                gigachat_credentials=giga.credentials,
                gigachat_base_url=giga.url + "/api/v1",
                gigachat_auth_url=giga.url + "/api/v2/oauth",
                gigachat_verify_ssl_certs=False,
                rag_collection="test",
                research=ResearchSettings(cache_ttl=0),
            ),
            "openai": Settings(
                provider="openai",
                openai_api_base=oai.base_url,
                openai_api_key=oai.api_key,
                openai_model="gpt-test",
                rag_collection="test",
                research=ResearchSettings(cache_ttl=0),
            ),
        }


@pytest.mark.parametrize("provider", ["gigachat", "openai"])
async def test_same_loop_on_both_wire_formats(
    fake_servers: dict[str, Settings], engine: RagEngine, provider: str
) -> None:
    settings = fake_servers[provider].model_copy(update={"data_dir": engine.settings.data_dir})
    gateway = create_gateway(settings.llm)
    service = AgentService(settings, gateway=gateway, retriever=EngineRetriever(engine))
    try:
        events = [e async for e in service.stream_agent_response(AgentRequest(question="Сколько дней отпуска?"))]
    finally:
        await gateway.aclose()
    done = events[-1]
    assert done.type == "final", done
    assert done.answer == GOOD_ANSWER and done.metadata["judge"] == "llm"
    assert done.metadata["coverage"] == 1.0 and done.metadata["confidence"] == 1.0
    assert [e.tool for e in events if e.type == "tool_invoked"] == [
        "router_select",
        "query_plan",
        "search",
        "compose_context",
        "verify",
    ]
