"""Agents served over HTTP use the configured MCP servers' tools (``AGENTCORE_MCP_SERVERS``) like the CLI runs, and
``sgr-example`` takes the client's tools on ``/v1`` — with the real ``openai`` SDK, a real MCP server (the calc test
server over Streamable HTTP) and scripted upstream models."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import openai
import pytest
from openai import OpenAI
from tests.apps.research.conftest import ServiceFactory, engine, kb_dir, make_service, settings  # noqa: F401
from tests.tools.mcp_calc_server import server as calc_server
from tests.web.v1.test_clients import ANSWER, QUESTION, WEATHER, act, flow

from agentcore.apps.example.http import ExampleServing
from agentcore.apps.research.http import ResearchHTTP, create_router
from agentcore.config import Settings
from agentcore.llm import MockLLMGateway, tool_call
from agentcore.server import research_model
from agentcore.serving import BackgroundServer, closing_lifespan
from agentcore.tools.mcp import McpServerSpec, McpToolset, SharedMcpTools, shared_mcp_tools
from agentcore.web.app import create_base_app
from agentcore.web.v1.router import create_openai_router

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def calc_url() -> Iterator[str]:
    with BackgroundServer(calc_server.streamable_http_app(stateless_http=True)) as server:
        yield server.url + "/mcp"


def shared(url: str, timeout: float = 10.0) -> SharedMcpTools:
    return SharedMcpTools(McpToolset([McpServerSpec(name="calc", url=url)], timeout=timeout))


def sdk(url: str) -> OpenAI:
    return OpenAI(base_url=url + "/v1", api_key="unused", max_retries=0, timeout=60)


def test_research_over_v1_and_http_calls_an_mcp_tool(
    make_service: ServiceFactory,  # noqa: F811
    settings: Settings,  # noqa: F811
    calc_url: str,
) -> None:
    script = [act("calc_add", {"a": 40, "b": 2}), *flow(), act("calc_add", {"a": 1, "b": 2}), *flow()]
    service = make_service(script)
    mcp = shared(calc_url)
    research = ResearchHTTP(settings, service=service, mcp=mcp)
    app = create_base_app(settings, title="served-mcp", lifespan=closing_lifespan(mcp.aclose))
    app.include_router(create_openai_router({"research": research_model(research)}))
    app.include_router(create_router(settings, http=research))
    with BackgroundServer(app) as server:
        answer = sdk(server.url).chat.completions.create(
            model="research", messages=[{"role": "user", "content": QUESTION}]
        )
        reasoning = answer.choices[0].message.reasoning_content  # type: ignore[attr-defined]
        assert "→ calc_add" in reasoning and '← calc_add: {"result": 42}' in reasoning
        assert (answer.choices[0].message.content or "").startswith(ANSWER)
        import httpx

        routed = httpx.post(server.url + "/research", json={"question": QUESTION}, timeout=60).json()
        observed = [e for e in routed["events"] if e["type"] == "observation" and e["tool"] == "calc_add"]
        assert observed and observed[0]["ok"] and "3" in observed[0]["preview"]
    assert "calc_add" in service.tools  # joined once, next to the agent's own tools


def test_a_server_that_is_down_is_a_clear_503_not_a_hang(
    make_service: ServiceFactory,  # noqa: F811
    settings: Settings,  # noqa: F811
) -> None:
    research = ResearchHTTP(settings, service=make_service([]), mcp=shared("http://127.0.0.1:9/mcp", timeout=2.0))
    app = create_base_app(settings, title="served-mcp-down")
    app.include_router(create_openai_router({"research": research_model(research)}))
    with BackgroundServer(app) as server:
        started = time.monotonic()
        with pytest.raises(openai.APIStatusError) as caught:
            sdk(server.url).chat.completions.create(model="research", messages=[{"role": "user", "content": QUESTION}])
        assert time.monotonic() - started < 15
    error = caught.value.response.json()["error"]
    assert caught.value.status_code == 503 and error["code"] == "mcp_unavailable" and "calc" in error["message"]


def test_sgr_example_takes_client_tools_and_mcp_tools_on_v1(settings: Settings, calc_url: str) -> None:  # noqa: F811
    gateway = MockLLMGateway(
        [
            tool_call("calc_add", {"a": 2, "b": 2}, call_id="m1"),
            tool_call("get_weather", {"city": "Москва"}, call_id="c1"),
            "В Москве +5, а 2 + 2 = 4.",
        ]
    )
    mcp = shared(calc_url)
    serving = ExampleServing(settings, gateway=gateway, mcp=mcp)
    app = create_base_app(settings, title="sgr-tools", lifespan=closing_lifespan(mcp.aclose))
    app.include_router(create_openai_router({"sgr-example": serving.served_agent()}))
    with BackgroundServer(app) as server:
        messages: list[Any] = [
            {"role": "system", "content": "Отвечай одной строкой."},
            {"role": "user", "content": "Привет"},
            {"role": "assistant", "content": "Здравствуйте!"},
            {"role": "user", "content": "Погода в Москве и сколько будет 2+2?"},
        ]
        first = sdk(server.url).chat.completions.create(model="sgr-example", messages=messages, tools=[WEATHER])  # type: ignore[list-item]
        choice = first.choices[0]
        assert choice.finish_reason == "tool_calls" and choice.message.tool_calls
        call = choice.message.tool_calls[0]
        assert (call.function.name, json.loads(call.function.arguments)) == ("get_weather", {"city": "Москва"})  # type: ignore[union-attr]
        assert call.id != "c1"  # the client's id is the run's own, not the upstream model's
        assert '← calc_add: {"result": 4}' in (choice.message.reasoning_content or "")  # type: ignore[attr-defined]
        messages += [
            choice.message.model_dump(exclude_none=True),
            {"role": "tool", "tool_call_id": call.id, "content": "+5"},
        ]
        second = sdk(server.url).chat.completions.create(model="sgr-example", messages=messages, tools=[WEATHER])  # type: ignore[list-item]
        assert second.choices[0].message.content == "В Москве +5, а 2 + 2 = 4." and second.id == first.id
    offered = {t.name for t in gateway.requests[0].tools or []}
    assert {"get_time", "calc_add", "calc_divide", "get_weather"} <= offered
    sent = [(m.role, m.content) for m in gateway.requests[0].messages]
    assert ("assistant", "Здравствуйте!") in sent and any("Отвечай одной строкой" in (c or "") for _, c in sent)
    last = gateway.requests[2].messages[-1]
    assert last.role == "tool" and last.content == "+5" and last.tool_call_id == "c1"


@pytest.mark.parametrize("name", ["get_time", "calc_add"])
def test_sgr_example_refuses_a_client_tool_named_like_its_own_or_an_mcp_tool(
    settings: Settings,  # noqa: F811
    calc_url: str,
    name: str,
) -> None:
    """``get_time`` (the agent's) and ``calc_add`` (a configured MCP server's) always ran the agent's tool, so a
    client tool of that name was silently never called; both APIs now answer 400 naming it, before any model call."""
    gateway = MockLLMGateway(["не должно быть вызвано"])
    mcp = shared(calc_url)
    serving = ExampleServing(settings, gateway=gateway, mcp=mcp)
    app = create_base_app(settings, title="sgr-collision", lifespan=closing_lifespan(mcp.aclose))
    app.include_router(create_openai_router({"sgr-example": serving.served_agent()}))
    function = {"name": name, "description": "клиентский", "parameters": {"type": "object", "properties": {}}}
    with BackgroundServer(app) as server:
        client = sdk(server.url)
        with pytest.raises(openai.BadRequestError) as chat:
            client.chat.completions.create(
                model="sgr-example",
                messages=[{"role": "user", "content": "Который час?"}],
                tools=[{"type": "function", "function": function}],  # type: ignore[list-item, typeddict-item]
            )
        with pytest.raises(openai.BadRequestError) as responses:
            client.responses.create(
                model="sgr-example",
                input="Который час?",
                tools=[{"type": "function", **function}],  # type: ignore[list-item]
            )
    for refused, param in ((chat, "tools[0].function.name"), (responses, "tools[0].name")):
        body = refused.value.body
        assert isinstance(body, dict) and body["param"] == param
        assert f"'{name}'" in body["message"] and "'sgr-example'" in body["message"]
    assert gateway.requests == []


def test_shared_tools_are_one_per_process_and_closed_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_MCP_SERVERS", "calc=http://127.0.0.1:9/mcp")
    registry: dict[str, Any] = {}
    closers: list[Any] = []
    first = shared_mcp_tools(registry, closers)
    assert shared_mcp_tools(registry, closers) is first and closers == [first.aclose] and first.configured
