"""ChatEndpoint (a caller's URL/key/model over the caller's client), the sans-IO structured exchange driven
synchronously, schema inlining for GigaChat, and the semantic router."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pydantic import BaseModel

from agentcore.llm import ChatEndpoint, checked_text_exchange, run_exchange, structured_exchange
from agentcore.llm._structured import inline_refs, schema_of
from agentcore.llm.errors import LLMAuthError, LLMResponseError, StructuredOutputError
from agentcore.llm.models import LLMMessage, LLMRequest, LLMTool
from agentcore.llm.offline import register_offline_handler
from agentcore.llm.provider import Capabilities
from agentcore.llm.routing import SemanticRouter
from agentcore.testing.fake_gigachat import FakeGigaChatServer, serve_fake_gigachat
from agentcore.testing.fake_openai import FakeOpenAIServer, serve_fake_openai
from agentcore.testing.faults import Fault


class Inner(BaseModel):
    x: int


class Outer(BaseModel):
    inner: Inner
    items: list[Inner]


def _ask(text: str = "вопрос") -> LLMRequest:
    return LLMRequest(messages=[LLMMessage(role="user", content=text)], step="test.endpoint")


@pytest.fixture(scope="module")
def oai() -> Iterator[FakeOpenAIServer]:
    with serve_fake_openai() as server:
        yield server


@pytest.fixture(scope="module")
def giga() -> Iterator[FakeGigaChatServer]:
    with serve_fake_gigachat() as server:
        yield server


@pytest.mark.parametrize(
    ("api_url", "dialect", "url"),
    [
        ("https://api.openai.com/v1", "openai", "https://api.openai.com/v1/chat/completions"),
        ("http://vllm:8000/v1/", "openai", "http://vllm:8000/v1/chat/completions"),
        ("http://host/v1/chat/completions", "openai", "http://host/v1/chat/completions"),
        (
            "https://gigachat.devices.sberbank.ru/api/v1",
            "gigachat",
            "https://gigachat.devices.sberbank.ru/api/v1/chat/completions",
        ),
        ("gigachat:http://127.0.0.1:9/api/v1", "gigachat", "http://127.0.0.1:9/api/v1/chat/completions"),
        ("openai:https://gigachat.example/v1", "openai", "https://gigachat.example/v1/chat/completions"),
        (" OFFLINE ", "offline", ""),
    ],
)
def test_resolution(api_url: str, dialect: str, url: str) -> None:
    endpoint = ChatEndpoint.parse(api_url, "key", "model")
    assert (endpoint.dialect, endpoint.url) == (dialect, url)
    assert "key" not in repr(endpoint)  # the key never shows in a repr (logs, tracebacks)


@pytest.mark.parametrize(
    ("api_url", "api_key", "model"),
    [
        ("", "k", "m"),
        (None, "k", "m"),
        ("ftp://x/v1", "k", "m"),
        ("x", "k", "m"),
        ("http://h/v1", 5, "m"),
        ("http://h/v1", "k", " "),
        ("http://h/v1", "ключ", "m"),  # a header value: printable ASCII only
        ("http://h/v1", "sk-1\nX-Injected: 1", "m"),
        ("http://h/v1", "sk 1", "m"),
    ],
)
def test_bad_arguments(api_url: object, api_key: object, model: object) -> None:
    with pytest.raises(ValueError) as info:
        ChatEndpoint.parse(api_url, api_key, model)
    assert "ключ" not in str(info.value) and "sk-1" not in str(info.value)  # the key is never echoed


def test_sync_openai_round_trip_and_errors(oai: FakeOpenAIServer) -> None:
    oai.fake.reset()
    oai.fake.script.text("привет").raw("<html>oops</html>", media_type="text/html")
    endpoint = ChatEndpoint.parse(oai.base_url, oai.api_key, "gpt-x")
    with httpx.Client(timeout=10) as client:
        assert endpoint.complete_sync(client, _ask()).content == "привет"
        with pytest.raises(LLMResponseError):
            endpoint.complete_sync(client, _ask())
        with pytest.raises(LLMAuthError):
            ChatEndpoint.parse(oai.base_url, "sk-wrong", "gpt-x").complete_sync(client, _ask())
    assert oai.fake.requests.last("chat").json["model"] == "gpt-x"


async def test_async_gigachat_round_trip(giga: FakeGigaChatServer) -> None:
    giga.fake.reset()
    token, _ = giga.fake.issue_token()
    giga.fake.script.tool_call("Outer", {"inner": {"x": 1}, "items": []})
    endpoint = ChatEndpoint.parse("gigachat:" + giga.base_url, token, "GigaChat")
    request = _ask().model_copy(
        update={"tools": [LLMTool(name="Outer", parameters=schema_of(Outer))], "tool_choice": "Outer"}
    )
    async with httpx.AsyncClient(timeout=10) as client:
        response = await endpoint.complete(client, request)
    assert response.tool_calls[0].parsed_arguments() == {"inner": {"x": 1}, "items": []}
    assert giga.fake.requests.last("chat").json["function_call"] == {"name": "Outer"}


def test_offline_endpoint_needs_no_client() -> None:
    register_offline_handler("test.endpoint", lambda request: "офлайн-ответ")
    assert ChatEndpoint.parse("offline", "", "").complete_sync(None, _ask()).content == "офлайн-ответ"  # type: ignore[arg-type]


def test_structured_exchange_driven_synchronously(oai: FakeOpenAIServer) -> None:
    oai.fake.reset()
    oai.fake.script.json({"inner": {"x": "nope"}, "items": []}).json({"inner": {"x": 2}, "items": [{"x": 3}]})
    endpoint = ChatEndpoint.parse(oai.base_url, oai.api_key, "m")
    with httpx.Client(timeout=10) as client:
        exchange = structured_exchange(_ask(), Outer, mode="auto", capabilities=endpoint.capabilities, retries=1)
        result = run_exchange(exchange, lambda request: endpoint.complete_sync(client, request))
        assert result == Outer(inner=Inner(x=2), items=[Inner(x=3)])
        oai.fake.script.json({}).json({})
        with pytest.raises(StructuredOutputError) as info:
            run_exchange(
                structured_exchange(_ask(), Outer, mode="json_schema", capabilities=Capabilities(), retries=1),
                lambda request: endpoint.complete_sync(client, request),
            )
    assert info.value.attempts == 2 and info.value.raw_output == "{}"


def test_checked_text_exchange() -> None:
    from agentcore.llm.models import LLMResponse

    answers = iter(["плохо: 13", "хорошо", "плохо: 14", "плохо: 15"])

    def send(request: LLMRequest) -> LLMResponse:
        return LLMResponse(content=next(answers))

    def check(text: str) -> list[str]:
        return ["есть число"] if any(ch.isdigit() for ch in text) else []

    assert run_exchange(checked_text_exchange(_ask(), check, retries=1), send) == ("хорошо", [])
    assert run_exchange(checked_text_exchange(_ask(), check, retries=1), send) == ("плохо: 15", ["есть число"])


def test_inline_refs() -> None:
    inlined = inline_refs(schema_of(Outer))
    assert "$defs" not in inlined and "$ref" not in str(inlined)
    assert inlined["properties"]["items"]["items"]["properties"]["x"]["type"] == "integer"

    class Node(BaseModel):
        children: list[Node] = []

    recursive = inline_refs(Node.model_json_schema())
    assert "$defs" in recursive  # a recursive model keeps the definitions its references need


def test_semantic_router_caches_vectors(tmp_path: Path) -> None:
    routes = {"отпуск": ["Как оформить отпуск?", "Сколько дней отпуска?"], "погода": ["Какая погода завтра?"]}
    router = SemanticRouter(routes, cache_name="routes.json", cache_dir=tmp_path)
    assert router.best("Хочу взять отпуск в июле")[0] == "отпуск"
    assert (tmp_path / "routes.json").is_file()
    again = SemanticRouter(routes, cache_name="routes.json", cache_dir=tmp_path)
    assert again.vectors() == router.vectors()  # loaded from the cache file
    changed = SemanticRouter({**routes, "еда": ["Что на обед?"]}, cache_name="routes.json", cache_dir=tmp_path)
    assert set(changed.vectors()) == {"отпуск", "погода", "еда"}  # new examples → re-embedded


def test_send_json_sync_timeout(oai: FakeOpenAIServer) -> None:
    from agentcore.llm._http import send_json_sync
    from agentcore.llm.errors import LLMTimeoutError

    oai.fake.reset()
    oai.fake.faults.inject("chat", Fault.timeout(2))
    with httpx.Client(timeout=0.2) as client, pytest.raises(LLMTimeoutError):
        send_json_sync(client, "POST", oai.base_url + "/chat/completions", json_body={}, headers={})
