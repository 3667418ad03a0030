"""The seed-000 assistant as the ``/v1`` model ``assistant``, over real HTTP: a turn's trace (``GET
/trace/runs/{id}``) lists every model call of the turn — the assistant's own (classify, select; they run on the
background loop from a worker thread) and those the ``/rag`` service of the same process made for it — redacted.
The run's model-call token (``X-Agentcore-Calls``) goes only where this deployment answers: a RAG service on another
host never receives it (unless the operator lists its origin in ``AGENTCORE_CALLS_ORIGINS``)."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from agentcore.config import Settings
from agentcore.server import create_app
from agentcore.serving import BackgroundServer, free_port
from agentcore.testing.fake_openai import FakeOpenAIServer, serve_fake_openai
from agentcore.testing.script import FakeScript

API_KEY = "sk-proj-Trace123Served456Key789abc"
USER_SECRET = "sk-live-UserPasted0123456789abcdef"


def _reply(body: dict[str, Any]) -> str | None:
    system = next((m["content"] for m in body["messages"] if m["role"] == "system"), "")
    if "классификатор" in system:
        return json.dumps({"relevant": True, "reason": "вопрос по базе знаний"}, ensure_ascii=False)
    if "выбираешь инструмент" in system:
        return json.dumps({"tool_name": "rag_search", "parameters": {"question": "отпуск"}}, ensure_ascii=False)
    return None  # the fake's default: «Ответ: …», or the minimal instance of a requested schema


@pytest.fixture
def llm() -> Iterator[FakeOpenAIServer]:
    script = FakeScript()
    for _ in range(20):
        script.dynamic(_reply)
    with serve_fake_openai(script, api_key=API_KEY) as server:
        yield server


def _settings(llm: FakeOpenAIServer) -> Settings:
    return Settings(
        provider="openai", openai_api_base=llm.url + "/v1", openai_api_key=API_KEY, openai_model="gpt-4o-mini"
    )


def _serve(llm: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch, rag_url: str | None = None) -> BackgroundServer:
    port = free_port()
    monkeypatch.setenv("RAG_SERVICE_URL", rag_url or f"http://127.0.0.1:{port}/rag")
    monkeypatch.setenv("HAIKU_SERVICE_URL", f"http://127.0.0.1:{port}/haiku")
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    return BackgroundServer(create_app(_settings(llm)), port=port)


def _outside_address() -> str:
    """This machine's address on a non-loopback interface (a UDP "connect" sends nothing), for a service that the
    assistant reaches as another host."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address = str(probe.getsockname()[0])
        except OSError:
            address = ""
    if not address or address.startswith("127."):
        pytest.skip("no non-loopback interface to stand for another host")
    return address


class _HeaderLog:
    """ASGI wrapper: the calls tokens (or None) of every request a service received, by path."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.seen: list[tuple[str, str | None]] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = dict(scope["headers"])
            token = headers.get(b"x-agentcore-calls")
            self.seen.append((scope["path"], token.decode() if token is not None else None))
        await self.app(scope, receive, send)


def _outside_rag(llm: FakeOpenAIServer) -> tuple[BackgroundServer, _HeaderLog]:
    """The RAG service on its own, at a non-loopback address: "another host" (in this process, so a token that
    reached it would even join the run — the trace shows it)."""
    from agentcore.appkit.registry import get_app

    service = _HeaderLog(get_app("rag").standalone_app(_settings(llm)))
    return BackgroundServer(service, host=_outside_address()), service


def _turn(client: httpx.Client) -> dict[str, Any]:
    body = {"model": "assistant", "messages": [{"role": "user", "content": "Как оформить отпуск?"}]}
    answer = client.post("/v1/chat/completions", json=body)
    assert answer.status_code == 200, answer.text
    trace = client.get(f"/trace/runs/{answer.json()['id'].removeprefix('chatcmpl-')}")
    assert trace.status_code == 200, trace.text
    record: dict[str, Any] = trace.json()
    return record


def _turn_with_outside_rag(
    llm: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch, listed: bool = False
) -> tuple[dict[str, Any], list[str | None]]:
    """One assistant turn served with its RAG service on "another host" (listed in ``AGENTCORE_CALLS_ORIGINS`` when
    ``listed``): the run's trace record, and the calls token each ``/search`` of the service received (None: none)."""
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    outside, service = _outside_rag(llm)
    if listed:
        monkeypatch.setenv("AGENTCORE_CALLS_ORIGINS", f"https://elsewhere.example, {outside.url}")
    with (
        outside,
        _serve(llm, monkeypatch, rag_url=outside.url) as server,
        httpx.Client(base_url=server.url, timeout=120) as client,
    ):
        record = _turn(client)
    return record, [token for path, token in service.seen if path == "/search"]


@pytest.mark.parametrize("stream", [False, True])
def test_an_assistant_turn_traces_every_model_call(
    llm: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch, data_dir: Any, stream: bool
) -> None:
    question = f"Как оформить отпуск? мой ключ {USER_SECRET}"
    with _serve(llm, monkeypatch) as server, httpx.Client(base_url=server.url, timeout=120) as client:
        body = {"model": "assistant", "messages": [{"role": "user", "content": question}], "stream": stream}
        answer = client.post("/v1/chat/completions", json=body)
        assert answer.status_code == 200, answer.text
        if stream:
            chunks = [json.loads(line[6:]) for line in answer.text.splitlines() if line.startswith("data: {")]
            completion_id = chunks[0]["id"]
        else:
            completion_id = answer.json()["id"]
        request_id = completion_id.removeprefix("chatcmpl-")
        trace = client.get(f"/trace/runs/{request_id}")
        assert trace.status_code == 200, trace.text
        record = trace.json()
        recent = client.get("/trace/runs").json()["runs"]
    steps = [call["step"] for call in record["model_calls"]]
    assert record["agent"] == "assistant" and record["outcome"] == "final"
    assert steps[:2] == ["assistant.classify", "assistant.select"]
    assert "rag.answer" in steps  # made by /rag for this turn, in another request of the same process
    assert len(steps) == llm.fake.requests.count("chat")  # every call the model received, none missing
    assert recent[0]["request_id"] == request_id and recent[0]["model_calls"] == len(steps)
    stored = json.dumps(record, ensure_ascii=False)
    assert USER_SECRET not in stored and API_KEY not in stored and "мой ключ" in stored
    assert not [c for c in record["model_calls"] if c["error"]]


def test_a_forged_calls_token_joins_nothing(
    llm: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch, data_dir: Any
) -> None:
    with _serve(llm, monkeypatch) as server, httpx.Client(base_url=server.url, timeout=120) as client:
        headers = {"X-Agentcore-Calls": "forged-token"}
        search = client.post("/rag/search", json={"question": "Как оформить отпуск?"}, headers=headers)
        assert search.status_code == 200, search.text
        assert client.get("/trace/runs").json()["runs"] == []


def test_a_service_on_another_host_never_receives_the_calls_token(
    llm: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch, data_dir: Any
) -> None:
    record, searches = _turn_with_outside_rag(llm, monkeypatch)
    assert searches and searches == [None] * len(searches)  # it was asked, without the token
    steps = [call["step"] for call in record["model_calls"]]
    assert steps[:2] == ["assistant.classify", "assistant.select"] and "rag.answer" not in steps


def test_an_origin_the_operator_lists_receives_it_and_joins_the_run(
    llm: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch, data_dir: Any
) -> None:
    record, searches = _turn_with_outside_rag(llm, monkeypatch, listed=True)
    assert searches and all(searches)
    assert "rag.answer" in [call["step"] for call in record["model_calls"]]


def test_more_concurrent_turns_than_the_default_worker_threads_all_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each turn blocks a thread for its whole length and waits for ``/rag/search`` of this same process, which runs
    its engine call in the event loop's default pool.  Turns ran in that pool too: as many turns as it has threads
    (cpu count + 4) took them all and every turn hung until the service timeout, then failed (500).  Turns now have a
    pool of their own: more concurrent turns than the default pool has threads all get their answer."""
    import os
    from concurrent.futures import ThreadPoolExecutor

    port = free_port()
    monkeypatch.setenv("RAG_SERVICE_URL", f"http://127.0.0.1:{port}/rag")
    monkeypatch.setenv("HAIKU_SERVICE_URL", f"http://127.0.0.1:{port}/haiku")
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    monkeypatch.setenv("AGENTCORE_SERVICE_TIMEOUT", "20")
    default_pool = min(32, (os.cpu_count() or 1) + 4)  # asyncio's default executor
    body = {"model": "assistant", "messages": [{"role": "user", "content": "Сколько дней отпуска?"}]}
    with BackgroundServer(create_app(Settings()), port=port) as server:
        url = server.url + "/v1/chat/completions"
        assert httpx.post(url, json=body, timeout=60).status_code == 200  # the index and the models are loaded
        with ThreadPoolExecutor(default_pool + 2) as clients:
            answers = list(clients.map(lambda _: httpx.post(url, json=body, timeout=60), range(default_pool + 2)))
    assert [a.status_code for a in answers] == [200] * (default_pool + 2)
    assert all(a.json()["choices"][0]["message"]["content"].startswith("Ответ RAG") for a in answers)


def test_a_failed_service_is_a_502_and_client_tools_a_422_with_the_assistants_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The assistant ends a run with ``service_error`` when its RAG service fails and ``validation_error`` when it is
    sent client tools; both were answered 500 «внутренняя ошибка сервера», the reason lost."""
    hole = socket.socket()  # a RAG service that accepts and never answers
    hole.bind(("127.0.0.1", 0))
    hole.listen(8)
    port = free_port()
    monkeypatch.setenv("RAG_SERVICE_URL", f"http://127.0.0.1:{hole.getsockname()[1]}/rag")
    monkeypatch.setenv("HAIKU_SERVICE_URL", f"http://127.0.0.1:{port}/haiku")
    monkeypatch.setenv("AGENTCORE_SERVICE_TIMEOUT", "1")
    question = [{"role": "user", "content": "Сколько дней отпуска?"}]
    tool = {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}
    with hole, BackgroundServer(create_app(Settings()), port=port) as server:
        url = server.url + "/v1/chat/completions"
        failed = httpx.post(url, json={"model": "assistant", "messages": question}, timeout=60)
        refused = httpx.post(url, json={"model": "assistant", "messages": question, "tools": [tool]}, timeout=60)
    assert failed.status_code == 502 and failed.json()["code"] == "service_error"
    assert "RAG" in failed.json()["error"]["message"]
    assert refused.status_code == 422 and "инструменты клиента" in refused.json()["error"]["message"]


class _PeerLog:
    """ASGI wrapper: the client address (host, port) of every HTTP request a service received — one port per TCP
    connection the client opened."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.peers: list[tuple[str, int]] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            self.peers.append(tuple(scope["client"]))
        await self.app(scope, receive, send)


def _established_from(ports: set[int]) -> list[int]:
    """Local ports among ``ports`` of IPv4 TCP sockets still ESTABLISHED (``/proc/net/tcp``, state 01)."""
    with open("/proc/net/tcp") as table:
        rows = [line.split() for line in table.readlines()[1:]]
    return [port for row in rows if row[3] == "01" and (port := int(row[1].rsplit(":", 1)[1], 16)) in ports]


def test_turns_share_one_service_client_and_shutdown_closes_its_connections(
    llm: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch, data_dir: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Each turn built two ``httpx.Client``s (RAG, Haiku) and never closed them: a new connection per turn, left to
    the garbage collector.  The turns now share one client of the serving: sequential turns reuse one connection to
    the RAG service, and stopping the server closes it (the service, still running, sees no connection left open) and
    the model gateway."""
    if not os.path.exists("/proc/net/tcp"):
        pytest.skip("needs /proc/net/tcp")
    from agentcore.appkit.registry import get_app

    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    service = _PeerLog(get_app("rag").standalone_app(_settings(llm)))
    turns = 4
    with BackgroundServer(service) as rag:
        with _serve(llm, monkeypatch, rag_url=rag.url) as server, httpx.Client(base_url=server.url, timeout=120) as c:
            for _ in range(turns):
                _turn(c)
            searches = len(service.peers)
            ports = {port for _, port in service.peers}
            assert _established_from(ports)  # kept alive for the next turn
        open_after_stop = _established_from(ports)
    assert searches >= turns and len(ports) == 1, service.peers  # one connection for every turn (was one per turn)
    assert open_after_stop == []
    # and the gateway is closed on the loop its connections live on (it failed: «attached to a different loop»)
    assert not [r for r in caplog.records if r.name == "agentcore.serving" and "AssistantServing" in r.getMessage()]


def test_a_wrong_key_is_reported_with_its_reason_and_code(
    llm: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch, data_dir: Any
) -> None:
    """Tryout 28 D7: over ``/v1`` a wrong key was «Ошибка при запросе LLM, завершаюсь..» with the generic
    ``upstream_error`` — a server that does not end, and no reason — while the other agents say
    «… отклонила учётные данные сервиса (HTTP 401)» with ``upstream_auth``."""
    port = free_port()
    monkeypatch.setenv("RAG_SERVICE_URL", f"http://127.0.0.1:{port}/rag")
    monkeypatch.setenv("HAIKU_SERVICE_URL", f"http://127.0.0.1:{port}/haiku")
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    wrong = Settings(
        provider="openai", openai_api_base=llm.url + "/v1", openai_api_key="sk-wrong-0000", openai_model="gpt-4o-mini"
    )
    body = {"model": "assistant", "messages": [{"role": "user", "content": "Как оформить отпуск?"}]}
    with BackgroundServer(create_app(wrong), port=port) as server, httpx.Client(base_url=server.url, timeout=120) as c:
        answer = c.post("/v1/chat/completions", json=body)
    assert answer.status_code == 502, answer.text
    error = answer.json()["error"]
    assert error["code"] == "upstream_auth"
    assert "отклонила учётные данные" in error["message"] and "завершаюсь" not in error["message"]
    assert "sk-wrong" not in answer.text


def test_the_served_help_names_no_terminal_exit(
    llm: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch, data_dir: Any
) -> None:
    """Tryout 28 D3: the Chat page's «привет» got «Выход: /exit, /q, … (или Ctrl-D)» — nothing a browser can end."""
    with _serve(llm, monkeypatch) as server, httpx.Client(base_url=server.url, timeout=120) as client:
        body = {"model": "assistant", "messages": [{"role": "user", "content": "привет"}]}
        answer = client.post("/v1/chat/completions", json=body)
    assert answer.status_code == 200, answer.text
    text = answer.json()["choices"][0]["message"]["content"]
    assert "Я ассистент службы поддержки" in text and "Справка: " in text
    assert "Ctrl-D" not in text and "Выход:" not in text
