"""Provider failures as the HTTP services and the assistant show them (issue 12), over real sockets.

A fake OpenAI-compatible server plays the model; faults are injected into it.  The Haiku route answers 5xx with a
machine code and a Russian message that carries no upstream text, URL or secret; ``/rag/search`` falls back to
the extractive answer within the deadline (and at once once the circuit is open); the assistant shows seed 000's
messages.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from agentcore.apps.assistant import AssistantAgent, Outcome
from agentcore.apps.assistant import messages as msg
from agentcore.apps.assistant.clients import ServiceClient
from agentcore.apps.haiku.http import create_app as create_haiku_app
from agentcore.config import Settings
from agentcore.llm import MockLLMGateway
from agentcore.llm.factory import create_gateway
from agentcore.llm.sync import SyncGateway
from agentcore.server import create_app
from agentcore.serving import BackgroundServer, free_port
from agentcore.testing.fake_openai import FakeOpenAIServer, serve_fake_openai
from agentcore.testing.faults import Fault, FaultPlan

API_KEY = "sk-proj-Abc123Def456Ghi789Jkl012"
FOREIGN_KEY = "sk-live-ZZZ999yyy888xxx777www666"


@pytest.fixture(scope="module")
def llm() -> Iterator[FakeOpenAIServer]:
    with serve_fake_openai(api_key=API_KEY) as server:
        yield server


@pytest.fixture(autouse=True)
def _fresh_fake(llm: FakeOpenAIServer) -> None:
    llm.fake.reset()


def _settings(llm: FakeOpenAIServer, **extra: Any) -> Settings:
    values: dict[str, Any] = {
        "provider": "openai",
        "openai_api_base": llm.url + "/v1",
        "openai_api_key": API_KEY,
        "openai_model": "gpt-4o-mini",
        "llm_timeout": 0.5,
        "llm_deadline": 0.8,
        "llm_max_retries": 1,
        "llm_breaker_threshold": 100,
    }
    return Settings(**{**values, **extra})


def _faults(llm: FakeOpenAIServer) -> FaultPlan:
    return llm.fake.faults


ECHO = {"error": {"message": f"bad header Authorization: Bearer {API_KEY}; Bearer {FOREIGN_KEY}", "type": "x"}}
EMPTY = {"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": []}

HAIKU_FAULTS: list[tuple[str, Fault, int, str]] = [
    ("hang", Fault.timeout(30), 504, "upstream_timeout"),
    ("401_echoing_the_key", Fault.http_error(401, body=ECHO), 502, "upstream_auth"),
    ("403", Fault.http_error(403), 502, "upstream_auth"),
    ("429_retry_after", Fault.rate_limit(retry_after=7), 503, "upstream_rate_limited"),
    ("5xx", Fault.http_error(500), 502, "upstream_error"),
    ("html_page", Fault.html(502), 502, "upstream_error"),
    ("truncated_json", Fault.malformed_json(), 502, "upstream_bad_response"),
    ("wrong_shape", Fault.http_error(200, body={"data": []}), 502, "upstream_bad_response"),
    ("empty_choices", Fault.http_error(200, body=EMPTY), 502, "upstream_bad_response"),
    ("cut_stream", Fault.truncated_stream(), 502, "upstream_bad_response"),
    ("connection_dropped", Fault.disconnect(), 502, "upstream_unreachable"),
]


def _assert_clean(response: httpx.Response, llm_url: str) -> None:
    text = response.text
    for leak in (API_KEY, FOREIGN_KEY, llm_url, "127.0.0.1", "nginx", "Bad Gateway", "Bearer"):
        assert leak not in text, leak


@pytest.fixture(scope="module")
def app_server(llm: FakeOpenAIServer) -> Iterator[BackgroundServer]:
    """The app with a short deadline (0.8 s): for the hung model, whose answer is the deadline itself."""
    with BackgroundServer(create_app(_settings(llm))) as server:
        yield server


@pytest.fixture(scope="module")
def patient_app_server(llm: FakeOpenAIServer) -> Iterator[BackgroundServer]:
    """The app with room to spare (3 s per attempt, 5 s in all): for faults answered at once, so a loaded CI machine
    (two xdist workers on two cores) cannot turn a dropped connection into a 504 by running out of a 0.5 s budget.
    The deadline stays below the 429's Retry-After (7 s), so that fault is still answered without waiting."""
    with BackgroundServer(create_app(_settings(llm, llm_timeout=3.0, llm_deadline=5.0))) as server:
        yield server


@pytest.mark.parametrize(("name", "fault", "status", "code"), HAIKU_FAULTS, ids=[f[0] for f in HAIKU_FAULTS])
def test_haiku_route_under_provider_faults(
    llm: FakeOpenAIServer, request: pytest.FixtureRequest, name: str, fault: Fault, status: int, code: str
) -> None:
    server: BackgroundServer = request.getfixturevalue("app_server" if name == "hang" else "patient_app_server")
    _faults(llm).always("chat", fault)
    started = time.monotonic()
    response = httpx.post(server.url + "/haiku/generate_haiku", json={"theme": "осень"}, timeout=30)
    assert time.monotonic() - started < 10  # the deadline (0.8 s) bounds the request, not 2 × 30 s
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "code"} and body["code"] == code
    assert body["error"].startswith("Ошибка LLM при генерации хайку: ")
    _assert_clean(response, llm.url)
    if name == "429_retry_after":
        assert response.headers["retry-after"] == "7"


def test_haiku_route_with_the_model_unreachable(data_dir: object) -> None:
    settings = Settings(provider="openai", openai_api_base=f"http://127.0.0.1:{free_port()}/v1", openai_api_key=API_KEY)
    with BackgroundServer(create_app(settings)) as server:
        response = httpx.post(server.url + "/haiku/generate_haiku", json={"theme": "осень"}, timeout=30)
    assert response.status_code == 502 and response.json()["code"] == "upstream_unreachable"
    assert "127.0.0.1" not in response.text and API_KEY not in response.text


def test_rag_search_falls_back_to_extractive_and_then_fails_fast(llm: FakeOpenAIServer) -> None:
    """Issue 12: a hung model made every /rag/search take ~2 minutes. Now: the extractive answer within the
    deadline, and once the circuit is open, at once, without calling the model."""
    _faults(llm).always("chat", Fault.timeout(30))
    settings = _settings(llm, llm_max_retries=0, llm_deadline=0.5, llm_breaker_threshold=2, llm_breaker_reset=60)
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        assert client.get("/rag/health").json()["status"] == "ok"  # the collection is loaded
        question = {"question": "Как оформить отпуск?", "top_k": 2}
        for _ in range(2):
            started = time.monotonic()
            body = client.post("/rag/search", json=question).json()
            assert body["answer_source"] == "extractive" and body["answer"]
            assert time.monotonic() - started < 10
        calls = llm.fake.requests.count("chat")
        # Each failed attempt counts towards the breaker; on a loaded machine one may hit its 0.5 s deadline before
        # its request reaches the fake, so the fake sees one or two.
        assert 1 <= calls <= 2
        body = client.post("/rag/search", json=question).json()
        assert body["answer_source"] == "extractive" and len(body["chunk_texts"]) == 2
        assert llm.fake.requests.count("chat") == calls


# ----------------------------------------------------------------------------------- the assistant
RELEVANT = '{"relevant": true, "reason": "x"}'


def _select(tool: str, **params: Any) -> str:
    return json.dumps({"tool_name": tool, "parameters": params}, ensure_ascii=False)


def test_assistant_shows_the_seed_message_when_the_haiku_model_fails(
    llm: FakeOpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    _faults(llm).always("chat", Fault.http_error(401, body=ECHO))
    settings = _settings(llm)
    printed: list[str] = []
    with BackgroundServer(create_haiku_app(settings)) as haiku:
        agent = AssistantAgent(
            settings,
            SyncGateway(MockLLMGateway([RELEVANT, _select("generate_haiku", theme="осень")])),
            ServiceClient("http://127.0.0.1:1"),
            ServiceClient(haiku.url, timeout=30),
            lambda text, kind="info": printed.append(text),
        )
        agent.session_started = True
        assert agent.handle_input("Напиши хайку про осень") is Outcome.CONTINUE
    assert printed[-1] == msg.HAIKU_FAILURE
    logged = [r.getMessage() for r in caplog.records if "Generation error" in r.getMessage()]
    assert logged and "учётные данные" in logged[0]
    assert API_KEY not in caplog.text and FOREIGN_KEY not in caplog.text


def test_assistant_llm_failure_is_the_seed_message_then_fast(llm: FakeOpenAIServer) -> None:
    _faults(llm).always("chat", Fault.timeout(30))
    settings = _settings(llm, llm_max_retries=0, llm_deadline=0.5, llm_breaker_threshold=1, llm_breaker_reset=60)
    gateway = SyncGateway(create_gateway(settings.llm))
    try:
        durations = []
        for _ in range(2):
            printed: list[str] = []
            agent = AssistantAgent(
                settings,
                gateway,
                ServiceClient("http://127.0.0.1:1"),
                ServiceClient("http://127.0.0.1:1"),
                lambda text, kind="info", out=printed: out.append(text),
            )
            agent.session_started = True
            started = time.monotonic()
            assert agent.handle_input("Как оформить отпуск?") is Outcome.FATAL
            durations.append(time.monotonic() - started)
            assert printed[-2] == msg.LLM_ERROR and printed[-1].startswith("Причина: ")
        assert durations[0] < 10 and durations[1] < 0.4  # the second fails at once: the circuit is open
    finally:
        gateway.close()


def test_one_circuit_per_provider_across_the_systems_of_the_app(llm: FakeOpenAIServer) -> None:
    """The RAG, Haiku and research routers each build a gateway; a hung provider opens one circuit for all of them,
    so after ``threshold`` failures in all (not per system) every route answers without calling the model."""
    _faults(llm).always("chat", Fault.timeout(30))
    settings = _settings(llm, llm_max_retries=0, llm_deadline=0.5, llm_breaker_threshold=2, llm_breaker_reset=60)
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        assert client.get("/rag/health").json()["status"] == "ok"
        for _ in range(2):  # two timeouts through the Haiku service open the provider's circuit
            assert client.post("/haiku/generate_haiku", json={"theme": "осень"}).status_code == 504
        calls = llm.fake.requests.count("chat")
        started = time.monotonic()
        body = client.post("/rag/search", json={"question": "Как оформить отпуск?"}).json()
        assert body["answer_source"] == "extractive"
        research = client.post("/research", json={"question": "Как оформить отпуск?"})
        assert research.status_code >= 500
        assert time.monotonic() - started < 5
        assert llm.fake.requests.count("chat") == calls  # neither the RAG nor the research gateway called it


@pytest.mark.parametrize("path", ["/research", "/v1/chat/completions"])
def test_agent_surfaces_answer_the_model_failure_with_its_own_status(llm: FakeOpenAIServer, path: str) -> None:
    """A hung model is a 504 upstream_timeout, an open circuit a 503 llm_unavailable with Retry-After — on the agent
    surfaces as on /haiku (they used to answer 502 upstream_error for every model failure)."""
    _faults(llm).always("chat", Fault.timeout(30))
    settings = _settings(llm, llm_max_retries=0, llm_deadline=0.5, llm_breaker_threshold=1, llm_breaker_reset=60)
    body: dict[str, Any] = {"question": "Как оформить отпуск?"}
    if path.startswith("/v1"):
        body = {"model": "research", "messages": [{"role": "user", "content": "Как оформить отпуск?"}]}
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        hung = client.post(path, json=body)
        assert (hung.status_code, hung.json()["code"]) == (504, "upstream_timeout"), hung.text
        opened = client.post(path, json=body)
        assert (opened.status_code, opened.json()["code"]) == (503, "llm_unavailable"), opened.text
        assert int(opened.headers["retry-after"]) >= 1
        _assert_clean(hung, llm.url)
        _assert_clean(opened, llm.url)
