"""The research routes over a real socket: SSE order and payloads, disconnect cancels the run, one-JSON answer,
tools, and bad input (always a 4xx JSON error, never a 500)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from httpx_sse import connect_sse
from tests.apps.research.conftest import ServiceFactory
from tests.apps.research.test_service import BASE_FLOW, QUESTION
from tests.hanging import hanging_reply

from agentcore.apps.research import AgentService
from agentcore.apps.research.http import create_router
from agentcore.config import Settings
from agentcore.llm.errors import LLMHTTPError
from agentcore.serving import BackgroundServer
from agentcore.web.app import create_base_app

pytestmark = pytest.mark.e2e


def _serve(settings: Settings, service: AgentService) -> BackgroundServer:
    app = create_base_app(settings, title="research-test")
    app.include_router(create_router(settings, service))
    return BackgroundServer(app)


@pytest.fixture
def offline_server(settings: Settings, make_service: ServiceFactory) -> Iterator[str]:
    with _serve(settings, make_service()) as server:
        yield server.url


def _events(url: str, body: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    with httpx.Client(timeout=30) as client, connect_sse(client, "POST", url + "/research/stream", json=body) as source:
        assert source.response.status_code == 200
        assert source.response.headers["content-type"].startswith("text/event-stream")
        return [(sse.event, json.loads(sse.data), sse.id) for sse in source.iter_sse()]


def test_sse_streams_every_step_in_order_with_final_last(offline_server: str) -> None:
    events = _events(offline_server, {"question": "Сколько календарных дней составляет ежегодный отпуск?"})
    kinds = [kind for kind, _, _ in events]
    assert kinds[:4] == ["step_started", "thought", "tool_invoked", "observation"]
    assert kinds[-1] == "final" and kinds.count("final") == 1 and "error" not in kinds
    request_id = events[0][1]["request_id"]
    assert [sse_id for _, _, sse_id in events] == [f"{request_id}:{n}" for n in range(1, len(events) + 1)]
    for kind, data, _ in events:
        assert data["type"] == kind and data["request_id"] == request_id and data["timestamp"].endswith("Z")
    tools = [data["tool"] for kind, data, _ in events if kind == "tool_invoked"]
    assert tools == ["router_select", "query_plan", "search", "compose_context", "verify"]
    done = events[-1][1]
    assert "28 календарных дней [1]" in done["answer"] and done["citations"][0]["index"] == 1
    assert {"coverage", "refinements", "confidence"} <= set(done["metadata"])


def test_post_research_returns_the_same_run_as_one_json(offline_server: str) -> None:
    response = httpx.post(offline_server + "/research", json={"question": "Когда выплачивается аванс?"}, timeout=30)
    assert response.status_code == 200
    body = response.json()
    assert body["answer"] and body["metadata"]["answered"] is True and body["citations"]
    assert body["events"][-1]["type"] == "final" and body["events"][0]["type"] == "step_started"
    assert body["request_id"] == body["events"][0]["request_id"]


def test_a_declined_answer_has_no_coverage_or_confidence(offline_server: str) -> None:
    """The draft quoted a sentence (covered, verified) but the decline replaced it: the figures describe the
    decline shown, not the draft — on both routes."""
    question = "Когда выплачивают премию?"
    body = httpx.post(offline_server + "/research", json={"question": question}, timeout=60).json()
    done = _events(offline_server, {"question": question})[-1][1]
    for final in (body, done):
        assert final["answer"].startswith("В базе знаний нет ответа")
        meta = final["metadata"]
        assert (meta["answered"], meta["coverage"], meta["confidence"], meta["verified"]) == (False, 0.0, None, False)


def test_tools_route_lists_the_schemas(offline_server: str) -> None:
    tools = httpx.get(offline_server + "/research/tools").json()["tools"]
    assert len(tools) == 7 and tools["compose_context"]["parameters"]["properties"]["hit_ids"]["type"] == "array"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"question": ""}, 422, "validation_error"),
        ({"question": "   "}, 422, "validation_error"),
        ({"question": "я" * 100_000}, 422, "validation_error"),
        ({"question": "отпуск", "collection": "nope"}, 404, "unknown_collection"),
        ({"question": "отпуск", "collection": "../etc"}, 422, "validation_error"),
        ({"question": "отпуск", "max_steps": 0}, 422, "validation_error"),
        ({"question": "отпуск", "max_steps": 10**6}, 422, "validation_error"),
        ({"question": "отпуск", "max_steps": "3"}, 422, "validation_error"),
        ({"question": "отпуск", "extra": 1}, 422, "validation_error"),
        ({}, 422, "validation_error"),
    ],
)
def test_bad_input_is_a_clear_4xx(offline_server: str, body: dict[str, Any], status: int, code: str) -> None:
    for route in ("/research/stream", "/research"):
        response = httpx.post(offline_server + route, json=body, timeout=30)
        assert response.status_code == status, (route, response.text)
        payload = response.json()
        assert payload["code"] == code and payload["error"] and len(response.text) < 1000


def test_malformed_json_and_oversized_bodies(offline_server: str) -> None:
    bad = httpx.post(
        offline_server + "/research/stream", content=b'{"question": ', headers={"content-type": "application/json"}
    )
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_json"
    huge = httpx.post(offline_server + "/research", json={"question": "я" * 2_000_000}, timeout=30)
    assert huge.status_code == 413 and huge.json()["code"] == "payload_too_large"


def test_steps_limit_from_the_configuration(settings: Settings, make_service: ServiceFactory) -> None:
    with _serve(settings, make_service(agent_max_steps=3)) as server:
        response = httpx.post(server.url + "/research", json={"question": "отпуск", "max_steps": 4})
        assert response.status_code == 422 and "max_steps" in response.json()["error"]


def test_llm_error_mid_stream_ends_with_an_error_event(settings: Settings, make_service: ServiceFactory) -> None:
    service = make_service([*BASE_FLOW[:2], LLMHTTPError(500, "boom")])
    with _serve(settings, service) as server:
        events = _events(server.url, {"question": QUESTION})
        assert events[-1][0] == "error" and events[-1][1]["code"] == "llm_error"
        assert not any(kind == "final" for kind, _, _ in events)


def test_llm_error_in_the_one_json_route_is_502(settings: Settings, make_service: ServiceFactory) -> None:
    with _serve(settings, make_service([LLMHTTPError(500, "boom")])) as server:
        response = httpx.post(server.url + "/research", json={"question": QUESTION})
        assert response.status_code == 502 and response.json()["code"] == "upstream_error"


def test_client_disconnect_cancels_the_run(settings: Settings, make_service: ServiceFactory) -> None:
    started, cancelled = threading.Event(), threading.Event()
    service = make_service([BASE_FLOW[0], hanging_reply(started, cancelled)])
    with _serve(settings, service) as server:
        client = httpx.Client(timeout=30)
        with connect_sse(client, "POST", server.url + "/research/stream", json={"question": QUESTION}) as source:
            for sse in source.iter_sse():
                if sse.event == "observation":
                    break
            assert started.wait(10), "the second model call never started"
        client.close()  # the client goes away mid-run
        assert cancelled.wait(10), "the run kept going after the client disconnected"


def test_client_disconnect_cancels_a_non_streamed_run(settings: Settings, make_service: ServiceFactory) -> None:
    from tests.web.v1.test_router import _post_and_leave

    started, cancelled = threading.Event(), threading.Event()
    service = make_service([BASE_FLOW[0], hanging_reply(started, cancelled)])
    with _serve(settings, service) as server:
        body = json.dumps({"question": QUESTION}).encode()
        _post_and_leave(server.url + "/research", body, started)
        assert cancelled.wait(10), "the run kept going after the client disconnected"
