"""The OpenAI-compatible agent endpoint, driven by the real ``openai`` SDK over a real socket, both modes."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncGenerator, Iterator

import httpx
import openai
import pytest
from openai import OpenAI

from agentcore.agents.events import AgentStepEvent, Citation, EventFactory
from agentcore.config import Settings
from agentcore.serving import BackgroundServer
from agentcore.web.app import create_base_app
from agentcore.web.errors import ApiError
from agentcore.web.v1.router import ServedAgent, create_openai_router

pytestmark = pytest.mark.e2e

asked: list[str] = []
cancelled = threading.Event()
slow_started = threading.Event()


async def scripted(question: str) -> AsyncGenerator[AgentStepEvent, None]:
    asked.append(question)
    f = EventFactory("scripted", "req_test")
    yield f.step_started(1)
    yield f.thought(1, "ищу")
    yield f.tool_invoked(1, "search", {"query": question}, "call_1")
    yield f.observation(1, "search", "call_1", ok=True, text="нашёл")
    yield f.thought(1, "Покрытие 1.00", origin="control")
    citation = Citation(index=1, id="vacation#0", doc_id="vacation", title="Отпуск")
    yield f.final(1, "Отпуск 28 дней [1].", [citation], {"coverage": 1.0})


async def failing(question: str) -> AsyncGenerator[AgentStepEvent, None]:
    f = EventFactory("failing", "req_fail")
    yield f.step_started(1)
    yield f.error(1, "Ошибка при запросе LLM: HTTP 500", "llm_error")


async def slow(question: str) -> AsyncGenerator[AgentStepEvent, None]:
    f = EventFactory("slow", "req_slow")
    slow_started.set()
    yield f.step_started(1)
    try:
        await asyncio.sleep(30)
    except asyncio.CancelledError:
        cancelled.set()
        raise
    yield f.final(1, "never")


async def refuse_short(question: str) -> None:
    if len(question) < 3:
        raise ApiError(422, "некорректный запрос: вопрос короче 3 символов", "validation_error")


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    agents = {
        "scripted": ServedAgent("scripted", "test agent", scripted, check=refuse_short),
        "failing": ServedAgent("failing", "fails", failing),
        "slow": ServedAgent("slow", "slow", slow),
    }
    app = create_base_app(Settings(), title="openai-test")
    app.include_router(create_openai_router(agents))
    with BackgroundServer(app) as server:
        yield server.url + "/v1"


@pytest.fixture
def client(base_url: str) -> OpenAI:
    return OpenAI(base_url=base_url, api_key="unused", max_retries=0, timeout=20)


def test_models_lists_every_agent(client: OpenAI) -> None:
    assert [m.id for m in client.models.list()] == ["scripted", "failing", "slow"]
    assert client.models.retrieve("scripted").id == "scripted"
    with pytest.raises(openai.NotFoundError):
        client.models.retrieve("gpt-4")


def test_non_stream_answer_reasoning_and_agent_extension(client: OpenAI) -> None:
    completion = client.chat.completions.create(
        model="scripted",
        messages=[
            {"role": "system", "content": "ignored"},
            {"role": "user", "content": "старый вопрос"},
            {"role": "assistant", "content": "..."},
            {"role": "user", "content": [{"type": "text", "text": "Сколько дней отпуска?"}]},
        ],
        temperature=0.2,
    )
    # An agent that takes only a question gets the earlier turns written before it.
    assert asked[-1].endswith("Вопрос: Сколько дней отпуска?") and "Пользователь: старый вопрос" in asked[-1]
    message = completion.choices[0].message
    assert message.content == "Отпуск 28 дней [1].\n\nИсточники:\n[1] Отпуск (vacation#0)"
    assert completion.choices[0].finish_reason == "stop" and completion.id == "chatcmpl-req_test"
    extra = message.model_extra or {}
    assert "→ search" in extra["reasoning_content"] and "Контроль: Покрытие 1.00" in extra["reasoning_content"]
    agent = (completion.model_extra or {})["agent"]
    assert agent["metadata"] == {"coverage": 1.0} and agent["citations"][0]["id"] == "vacation#0"


def test_stream_reasoning_tool_deltas_then_content(client: OpenAI) -> None:
    chunks = list(
        client.chat.completions.create(
            model="scripted",
            messages=[{"role": "user", "content": "отпуск"}],
            stream=True,
            stream_options={"include_usage": True},
        )
    )
    deltas = [c.choices[0].delta for c in chunks if c.choices]
    assert deltas[0].role == "assistant"
    reasoning = "".join((d.model_extra or {}).get("reasoning_content", "") for d in deltas)
    assert reasoning.startswith("Шаг 1\nищу\n") and "← search: нашёл" in reasoning
    # The agent's own tool calls are steps, never tool_calls (a client would take them for calls it must run).
    assert [call for d in deltas for call in d.tool_calls or []] == []
    assert '→ search {"query": "отпуск"}' in reasoning
    content = "".join(d.content or "" for d in deltas)
    assert content.startswith("Отпуск 28 дней [1].") and "Источники:" in content
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "stop"
    assert chunks[-1].usage is not None and chunks[-1].choices == []
    assert {c.id for c in chunks} == {"chatcmpl-req_test"}


def test_agent_error_non_stream_is_502_and_stream_raises(client: OpenAI) -> None:
    with pytest.raises(openai.APIStatusError) as caught:
        client.chat.completions.create(model="failing", messages=[{"role": "user", "content": "x"}])
    assert caught.value.status_code == 502
    with pytest.raises(openai.APIError, match="HTTP 500"):
        list(client.chat.completions.create(model="failing", messages=[{"role": "user", "content": "x"}], stream=True))


def test_unknown_model_and_bad_bodies(client: OpenAI, base_url: str) -> None:
    with pytest.raises(openai.NotFoundError):
        client.chat.completions.create(model="gpt-4", messages=[{"role": "user", "content": "x"}])
    with pytest.raises(openai.UnprocessableEntityError):
        client.chat.completions.create(model="scripted", messages=[{"role": "system", "content": "только система"}])
    response = httpx.post(base_url + "/chat/completions", json={"model": "scripted", "messages": []})
    assert response.status_code == 422 and response.json()["code"] == "validation_error"
    response = httpx.post(base_url + "/chat/completions", content=b"{", headers={"content-type": "application/json"})
    assert response.status_code == 400
    for flag in ({"stream": "yes"}, {"stream": 1}, {"stream": True, "stream_options": {"include_usage": "no"}}):
        body = {"model": "scripted", "messages": [{"role": "user", "content": "отпуск"}], **flag}
        response = httpx.post(base_url + "/chat/completions", json=body)
        assert response.status_code == 422 and response.json()["code"] == "validation_error", flag


def test_openai_routes_we_do_not_serve_are_a_json_404(client: OpenAI, base_url: str) -> None:
    """docs/openai.md, «Routes not served»: a finished response is kept only to continue it (previous_response_id),
    so retrieving, deleting or cancelling one, its input items, embeddings and legacy completions are a 404 with a
    JSON body — the SDK raises NotFoundError — never a 405 or an HTML page."""
    with pytest.raises(openai.NotFoundError):
        client.responses.retrieve("resp_unknown")
    for method, path in (
        ("GET", "/responses/resp_1"),
        ("DELETE", "/responses/resp_1"),
        ("GET", "/responses/resp_1/input_items"),
        ("POST", "/responses/resp_1/cancel"),
        ("POST", "/embeddings"),
        ("POST", "/completions"),
    ):
        response = httpx.request(method, base_url + path, json={}, timeout=20)
        assert response.status_code == 404, (method, path, response.text)
        assert response.json() == {"error": "маршрут не найден", "code": "not_found"}, (method, path)


def test_client_disconnect_stops_a_streamed_run(base_url: str) -> None:
    cancelled.clear()
    with (
        httpx.Client(timeout=20) as http,
        http.stream(
            "POST",
            base_url + "/chat/completions",
            json={"model": "slow", "messages": [{"role": "user", "content": "x"}], "stream": True},
        ) as response,
    ):
        for line in response.iter_lines():
            if "Шаг 1" in line:
                break
    assert cancelled.wait(10)


def _post_and_leave(url: str, body: bytes, started: threading.Event) -> None:
    """Send a POST over a raw socket, wait until the run started, then close the connection."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        head = (
            f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        sock.sendall(head.encode() + body)
        assert started.wait(10), "the run never started"


def test_client_disconnect_stops_a_non_streamed_run(base_url: str) -> None:
    cancelled.clear()
    slow_started.clear()
    body = b'{"model": "slow", "messages": [{"role": "user", "content": "x"}]}'
    _post_and_leave(base_url + "/chat/completions", body, slow_started)
    assert cancelled.wait(10), "the run kept going after the client disconnected"


@pytest.mark.parametrize("stream", [False, True])
def test_a_question_the_agent_refuses_is_a_4xx_before_any_stream(client: OpenAI, stream: bool) -> None:
    asked.clear()
    with pytest.raises(openai.UnprocessableEntityError) as caught:
        client.chat.completions.create(
            model="scripted",
            messages=[{"role": "user", "content": "да"}],
            stream=stream,  # type: ignore[call-overload]
        )
    body = caught.value.response.json()
    message = "некорректный запрос: вопрос короче 3 символов"
    assert body == {
        "error": {"message": message, "type": "invalid_request_error", "param": None, "code": "validation_error"},
        "code": "validation_error",
    }
    assert asked == []  # the run never started


def test_responses_take_a_string_input_of_any_length_up_to_the_content_bound(client: OpenAI, base_url: str) -> None:
    """``input`` as one string is the question: the 400-item bound of the list form refused any string longer than
    400 characters (422 «не больше 400 элементов»)."""
    question = "Как оформить отпуск, если " + "я работаю удалённо и в другом часовом поясе, " * 20 + "что нужно?"
    assert len(question) > 400
    response = client.responses.create(model="scripted", input=question)
    assert response.output_text.startswith("Отпуск 28 дней") and asked[-1] == question
    too_long = httpx.post(base_url + "/responses", json={"model": "scripted", "input": "а" * 100_001})
    assert too_long.status_code == 422 and too_long.json()["code"] == "validation_error"


@pytest.mark.parametrize("stream", [False, True])
def test_a_client_tool_whose_parameters_are_not_an_object_is_a_400_naming_it(base_url: str, stream: bool) -> None:
    """``parameters`` must be a JSON Schema object; a string or a list was a 500 on both APIs."""
    question = [{"role": "user", "content": "отпуск"}]
    for parameters in ("zz", [1]):
        function = {"name": "weather", "parameters": parameters}
        chat = httpx.post(
            base_url + "/chat/completions",
            json={"model": "scripted", "messages": question, "tools": [{"type": "function", "function": function}]},
        )
        assert chat.status_code == 400, chat.text
        assert chat.json()["error"]["param"] == "tools[0].function.parameters"
        responses = httpx.post(
            base_url + "/responses",
            json={"model": "scripted", "input": "отпуск", "tools": [{"type": "function", **function}]},
        )
        assert responses.status_code == 400, responses.text
        assert responses.json()["error"]["param"] == "tools[0].parameters"


@pytest.mark.parametrize("function", ["weather", ["weather"], {"name": ["weather"]}, {"name": "w", "arguments": {}}])
def test_an_earlier_tool_call_that_is_not_a_function_object_is_a_422(base_url: str, function: object) -> None:
    """An assistant message's ``tool_calls[j].function`` is read as an object with string ``name`` and
    ``arguments``; a string there was a 500."""
    messages = [
        {"role": "user", "content": "погода"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": function}]},
        {"role": "user", "content": "отпуск"},
    ]
    response = httpx.post(base_url + "/chat/completions", json={"model": "scripted", "messages": messages})
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "validation_error"
    assert response.json()["error"]["param"].startswith("messages.1.tool_calls")


@pytest.mark.parametrize(
    ("item", "param"),
    [
        ({"role": "user", "content": 5}, "input[0].content"),
        ({"role": "user", "content": [{"type": "input_text", "text": ["a"]}]}, "input[0].content[0].text"),
        (
            {"role": "user", "content": [{"type": "input_text", "text": "а" * 60_000}] * 2},
            "input[0].content",
        ),
        ({"type": "function_call_output", "call_id": "c1", "output": 5}, "input[0].output"),
        ({"type": "function_call_output", "call_id": "c" * 201, "output": "ok"}, "input[0].call_id"),
    ],
)
def test_responses_input_items_the_schema_admits_but_we_cannot_read_are_a_400(
    base_url: str, item: dict[str, object], param: str
) -> None:
    """Content that is not text (a number, a part's text that is not a string), text longer than a message may be
    (100,000 characters once the parts are joined) and an over-long call id were 500s."""
    body = {"model": "scripted", "input": [item, {"role": "user", "content": "отпуск"}]}
    response = httpx.post(base_url + "/responses", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"]["param"] == param


@pytest.mark.parametrize(
    ("field", "value"), [("temperature", 5), ("temperature", -0.1), ("temperature", "hot"), ("top_p", 1.5)]
)
def test_sampling_outside_openais_range_is_a_400_naming_it(base_url: str, field: str, value: object) -> None:
    """``temperature`` (0–2) and ``top_p`` (0–1) are ignored, but a value OpenAI refuses is refused the same way
    (``temperature=5`` was accepted silently); values in range, and null, pass."""
    question = [{"role": "user", "content": "отпуск"}]
    chat = httpx.post(base_url + "/chat/completions", json={"model": "scripted", "messages": question, field: value})
    assert chat.status_code == 400, chat.text
    error = chat.json()["error"]
    assert (error["type"], error["param"]) == ("invalid_request_error", field) and "ожидается число" in error["message"]
    responses = httpx.post(base_url + "/responses", json={"model": "scripted", "input": "отпуск", field: value})
    assert responses.status_code == 400, responses.text
    assert responses.json()["error"]["param"] == field
    fine = {"model": "scripted", "messages": question, "temperature": 2, "top_p": None}
    assert httpx.post(base_url + "/chat/completions", json=fine).status_code == 200
