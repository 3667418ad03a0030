"""Every fault type, driven with plain httpx against both fakes over loopback HTTP."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from agentcore.testing.fake_gigachat import FakeGigaChatServer
from agentcore.testing.fake_openai import FakeOpenAIServer
from agentcore.testing.faults import ANY, Fault, FaultPlan

CHAT = {"model": "GigaChat", "messages": [{"role": "user", "content": "Привет"}]}
OAI_CHAT = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "hi"}]}


def giga_chat(giga: FakeGigaChatServer, **kwargs) -> httpx.Response:
    headers = {"Authorization": f"Bearer {giga.fake.issue_token()[0]}"}
    return httpx.post(giga.base_url + "/chat/completions", json={**CHAT, **kwargs}, headers=headers, timeout=10)


def oai_chat(oai: FakeOpenAIServer, **kwargs) -> httpx.Response:
    headers = {"Authorization": "Bearer sk-test"}
    return httpx.post(oai.base_url + "/chat/completions", json={**OAI_CHAT, **kwargs}, headers=headers, timeout=10)


# --- the plan itself ----------------------------------------------------------------------------------


def test_plan_resolution_order() -> None:
    plan = FaultPlan()
    plan.always(ANY, Fault.http_error(500))
    plan.always("chat", Fault.http_error(503))
    plan.inject(ANY, Fault.http_error(502))
    plan.inject("chat", Fault.rate_limit(), Fault.html(), times=2)
    assert plan.pending() == 5
    assert plan.pending("chat") == 4
    statuses = [plan.take("chat") for _ in range(6)]
    assert [(f.kind, f.status) for f in statuses if f] == [
        ("status", 429),
        ("status", 429),
        ("html", 502),
        ("html", 502),
        ("status", 502),
        ("status", 503),
    ]
    assert plan.take("models") == Fault.http_error(500)
    assert plan.injected_count("chat") == 6
    assert plan.injected_count() == 7
    plan.always("chat", None)
    assert plan.take("chat") == Fault.http_error(500)
    plan.clear()
    assert plan.take("chat") is None
    assert plan.injected_count() == 0


def test_latency_settings() -> None:
    plan = FaultPlan(latency_s=0.05)
    plan.set_latency(0.2, "chat")
    assert plan.latency_for("chat") == 0.2
    assert plan.latency_for("models") == 0.05
    plan.latency_s = 0.0
    assert plan.latency_for("models") == 0.0


# --- status faults: exact provider bodies ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "message"),
    [
        (429, "Too many requests"),
        (500, "Internal Server Error"),
        (502, "Bad Gateway"),
        (503, "Service Unavailable"),
        (401, "Unauthorized"),
        (403, "Permission denied"),
    ],
)
def test_gigachat_status_faults(giga: FakeGigaChatServer, status: int, message: str) -> None:
    giga.fake.faults.inject("chat", Fault.http_error(status, retry_after=2 if status == 429 else None))
    response = giga_chat(giga)
    assert response.status_code == status
    assert response.json() == {"status": status, "message": message}
    assert (response.headers.get("retry-after") == "2") is (status == 429)
    assert giga_chat(giga).status_code == 200
    assert giga.fake.requests.count("chat") == 2
    assert giga.fake.faults.injected_count("chat") == 1


@pytest.mark.parametrize(
    ("status", "type_", "code"),
    [
        (429, "requests", "rate_limit_exceeded"),
        (500, "server_error", None),
        (502, "cf_bad_gateway", 502),
        (503, "server_error", None),
        (401, "invalid_request_error", "invalid_api_key"),
        (403, "request_forbidden", "unsupported_country_region_territory"),
    ],
)
def test_openai_status_faults(oai: FakeOpenAIServer, status: int, type_: str, code: object) -> None:
    oai.fake.faults.inject("chat", Fault.http_error(status, retry_after=0.5 if status == 429 else None))
    response = oai_chat(oai)
    assert response.status_code == status
    error = response.json()["error"]
    assert set(error) == {"message", "type", "param", "code"}
    assert (error["type"], error["code"]) == (type_, code)
    assert (response.headers.get("retry-after") == "0.5") is (status == 429)


def test_custom_error_body(oai: FakeOpenAIServer) -> None:
    oai.fake.faults.inject("embeddings", Fault.http_error(418, body={"teapot": True}))
    response = httpx.post(oai.base_url + "/embeddings", json={}, headers={"Authorization": "Bearer sk-test"})
    assert (response.status_code, response.json()) == (418, {"teapot": True})


def test_oauth_endpoint_faults(giga: FakeGigaChatServer) -> None:
    giga.fake.faults.inject("oauth", Fault.rate_limit(retry_after=1))
    response = httpx.post(giga.auth_url, data={"scope": "GIGACHAT_API_PERS"})
    assert response.status_code == 429
    assert response.headers["retry-after"] == "1"
    assert giga.fake.token_requests == 1


# --- transport-level faults ----------------------------------------------------------------------------


def test_timeout_hangs_until_the_client_gives_up(giga: FakeGigaChatServer) -> None:
    giga.fake.faults.inject("chat", Fault.timeout(seconds=30))
    with pytest.raises(httpx.ReadTimeout):
        httpx.post(
            giga.base_url + "/chat/completions",
            json=CHAT,
            headers={"Authorization": f"Bearer {giga.fake.issue_token()[0]}"},
            timeout=0.3,
        )
    assert giga_chat(giga).status_code == 200  # the server is not blocked by the hanging handler


def test_short_timeout_ends_with_504(oai: FakeOpenAIServer) -> None:
    oai.fake.faults.inject("chat", Fault.timeout(seconds=0.05))
    response = oai_chat(oai)
    assert response.status_code == 504


def test_malformed_json(giga: FakeGigaChatServer, oai: FakeOpenAIServer) -> None:
    giga.fake.faults.inject("chat", Fault.malformed_json())
    oai.fake.faults.inject("chat", Fault.malformed_json(b"not json at all"))
    for response in (giga_chat(giga), oai_chat(oai)):
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/json")
        with pytest.raises(json.JSONDecodeError):
            json.loads(response.content)
    assert oai_chat(oai).json()["object"] == "chat.completion"


def test_html_error_page(giga: FakeGigaChatServer, oai: FakeOpenAIServer) -> None:
    giga.fake.faults.inject("chat", Fault.html())
    oai.fake.faults.inject("chat", Fault.html(503))
    response = giga_chat(giga)
    assert response.status_code == 502
    assert response.headers["content-type"].startswith("text/html")
    assert "<h1>502 Bad Gateway</h1>" in response.text
    assert oai_chat(oai).status_code == 503


def _events(response: httpx.Response) -> list[str]:
    return [line[len("data: ") :] for line in response.text.split("\n\n") if line.startswith("data: ")]


def test_truncated_stream(giga: FakeGigaChatServer, oai: FakeOpenAIServer) -> None:
    giga.fake.faults.inject("chat", Fault.truncated_stream())
    oai.fake.faults.inject("chat", Fault.truncated_stream())
    for response in (giga_chat(giga, stream=True), oai_chat(oai, stream=True)):
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        events = _events(response)
        assert events
        assert "[DONE]" not in events
        assert all(json.loads(e)["choices"][0].get("finish_reason") is None for e in events)
    complete = _events(giga_chat(giga, stream=True))
    assert complete[-1] == "[DONE]"


def test_truncated_stream_on_plain_request_cuts_the_body(giga: FakeGigaChatServer) -> None:
    giga.fake.faults.inject("chat", Fault.truncated_stream())
    response = giga_chat(giga)
    with pytest.raises(json.JSONDecodeError):
        response.json()


def test_delay_then_normal_answer(oai: FakeOpenAIServer) -> None:
    oai.fake.faults.inject("chat", Fault.delay(0.01))
    assert oai_chat(oai).status_code == 200
    assert oai.fake.faults.injected() == [Fault.delay(0.01)]


def test_stream_chunk_delay_keeps_the_stream_intact(oai: FakeOpenAIServer) -> None:
    oai.fake.faults.stream_chunk_delay_s = 0.001
    events = _events(oai_chat(oai, stream=True))
    assert events[-1] == "[DONE]"


# --- concurrency ---------------------------------------------------------------------------------------


async def test_requests_are_served_concurrently(oai: FakeOpenAIServer) -> None:
    """All requests are inside the handler at once while paused: nothing serialises them."""
    oai.fake.faults.pause("chat")
    oai.fake.faults.latency_s = 0.01
    async with httpx.AsyncClient(
        base_url=oai.base_url, headers={"Authorization": "Bearer sk-test"}, timeout=30
    ) as client:
        tasks = [asyncio.create_task(client.post("/chat/completions", json=OAI_CHAT)) for _ in range(30)]
        while oai.fake.requests.count("chat") < 30:
            await asyncio.sleep(0.01)
        assert not any(task.done() for task in tasks)
        oai.fake.faults.resume()
        responses = await asyncio.gather(*tasks)
    assert [r.status_code for r in responses] == [200] * 30
