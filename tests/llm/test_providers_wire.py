"""Our GigaChat and OpenAI-compatible providers against the local fakes, over real loopback HTTP."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from agentcore.apps.example import ExampleSGRAgent
from agentcore.config import Settings
from agentcore.llm.errors import (
    LLMAuthError,
    LLMConfigError,
    LLMHTTPError,
    LLMRateLimitError,
    LLMResponseError,
    LLMTimeoutError,
    LLMTransportError,
)
from agentcore.llm.factory import create_gateway, create_provider
from agentcore.llm.gateway import LLMGateway
from agentcore.llm.models import LLMMessage, LLMRequest, LLMResponse, LLMTool, LLMToolCall
from agentcore.serving import BackgroundServer
from agentcore.testing.fake_gigachat import create_fake_gigachat
from agentcore.testing.fake_openai import create_fake_openai
from agentcore.testing.faults import Fault, FaultPlan
from agentcore.testing.script import FakeScript

CREDENTIALS = "Y2xpZW50OnNlY3JldA=="  # base64("client:secret")
API_KEY = "sk-test-0123456789abcdef"
WEATHER = LLMTool(
    name="get_weather",
    description="Погода",
    parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
)


class Answer(BaseModel):
    city: str
    days: int


class Server:
    def __init__(self, app: Any, server: BackgroundServer) -> None:
        self.app, self.server = app, server
        self.fake = app.state.fake
        self.script: FakeScript = self.fake.script
        self.faults: FaultPlan = self.fake.faults


@pytest.fixture
def giga() -> Iterator[Server]:
    app = create_fake_gigachat(credentials=CREDENTIALS)
    with BackgroundServer(app) as server:
        yield Server(app, server)


@pytest.fixture
def oai() -> Iterator[Server]:
    app = create_fake_openai(api_key=API_KEY)
    with BackgroundServer(app) as server:
        yield Server(app, server)


def giga_settings(server: Server, **extra: Any) -> Settings:
    values: dict[str, Any] = {
        "provider": "gigachat",
        "gigachat_credentials": CREDENTIALS,
        "gigachat_base_url": server.server.url + "/api/v1",
        "gigachat_auth_url": server.server.url + "/api/v2/oauth",
        "gigachat_verify_ssl_certs": False,
    }
    return Settings(**{**values, **extra})


def oai_settings(server: Server, **extra: Any) -> Settings:
    return Settings(provider="openai", openai_api_base=server.server.url + "/v1", openai_api_key=API_KEY, **extra)


def user(text: str) -> LLMRequest:
    return LLMRequest(
        messages=[LLMMessage(role="system", content="Ты помощник."), LLMMessage(role="user", content=text)]
    )


# ------------------------------------------------------------------------------------------ GigaChat
async def test_gigachat_chat_oauth_and_token_cache(giga: Server) -> None:
    giga.script.text("Привет!").text("Ещё раз привет!")
    async with create_gateway(giga_settings(giga).llm) as gateway:
        first = await gateway.request(user("Привет"))
        second = await gateway.request(user("Снова"))
    assert (first.content, second.content) == ("Привет!", "Ещё раз привет!")
    assert first.model and first.model.startswith("GigaChat-2-Max:")
    assert giga.fake.token_requests == 1
    oauth = giga.fake.requests.last("oauth")
    assert oauth.headers["authorization"] == f"Basic {CREDENTIALS}"
    assert oauth.form["scope"] == "GIGACHAT_API_PERS"
    assert giga.fake.requests.last("chat").json["model"] == "GigaChat-2-Max"


async def test_gigachat_refreshes_expired_token_once(giga: Server) -> None:
    giga.script.text("a").text("b")
    async with create_gateway(giga_settings(giga).llm) as gateway:
        await gateway.request(user("1"))
        giga.fake.expire_tokens()
        assert (await gateway.request(user("2"))).content == "b"
    assert giga.fake.token_requests == 2


async def test_gigachat_wrong_credentials(giga: Server) -> None:
    settings = giga_settings(giga)
    settings.gigachat_credentials = "d3Jvbmc6d3Jvbmc="
    async with create_gateway(settings.llm) as gateway:
        with pytest.raises(LLMAuthError) as info:
            await gateway.request(user("x"))
    assert info.value.status_code == 401 and "credentials" in str(info.value)


def test_gigachat_needs_credentials() -> None:
    with pytest.raises(LLMConfigError, match="GIGACHAT_CREDENTIALS"):
        create_provider(Settings(provider="gigachat").llm)


async def test_gigachat_function_call_round_trip(giga: Server) -> None:
    giga.script.tool_call("get_weather", {"city": "Манжерок"}).text("Солнечно")
    async with create_gateway(giga_settings(giga).llm) as gateway:
        request = user("Погода в Манжероке?").model_copy(update={"tools": [WEATHER]})
        response = await gateway.request(request)
        assert response.tool_calls and response.tool_calls[0].name == "get_weather"
        assert json.loads(response.tool_calls[0].arguments) == {"city": "Манжерок"}  # object → JSON string
        follow = request.model_copy(
            update={
                "messages": [
                    *request.messages,
                    response.as_message(),
                    LLMMessage(role="tool", tool_call_id=response.tool_calls[0].id, name="get_weather", content="+20"),
                ]
            }
        )
        assert (await gateway.request(follow)).content == "Солнечно"
    sent = giga.fake.requests.last("chat").json
    assert sent["functions"][0]["name"] == "get_weather" and sent["function_call"] == "auto"
    assert sent["messages"][-2]["function_call"] == {"name": "get_weather", "arguments": {"city": "Манжерок"}}
    assert sent["messages"][-1] == {"role": "function", "name": "get_weather", "content": '{"result": "+20"}'}


async def test_gigachat_structured_output_by_forced_function(giga: Server) -> None:
    giga.script.tool_call("Answer", {"city": "Москва", "days": 3})
    async with create_gateway(giga_settings(giga).llm) as gateway:
        answer = await gateway.parse(user("Погода"), Answer)
    assert answer == Answer(city="Москва", days=3)
    assert giga.fake.requests.last("chat").json["function_call"] == {"name": "Answer"}


async def test_gigachat_structured_output_default_reply_from_schema(giga: Server) -> None:
    async with create_gateway(giga_settings(giga).llm) as gateway:
        answer = await gateway.parse(user("Погода"), Answer)  # the fake fills the schema itself
    assert isinstance(answer.days, int)


async def test_gigachat_json_schema_mode_has_no_name_wrapper(giga: Server) -> None:
    giga.script.json({"city": "Казань", "days": 1})
    async with create_gateway(giga_settings(giga, structured_output_mode="json_schema").llm) as gateway:
        assert (await gateway.parse(user("x"), Answer)).city == "Казань"
    fmt = giga.fake.requests.last("chat").json["response_format"]
    assert fmt["type"] == "json_schema" and "schema" in fmt and "json_schema" not in fmt


async def test_gigachat_embeddings(giga: Server) -> None:
    async with create_gateway(giga_settings(giga).llm) as gateway:
        vectors = await gateway.embed(["один", "два", "три"])
    assert len(vectors) == 3 and all(len(v) == 1024 for v in vectors)
    assert giga.fake.requests.last("embeddings").json == {"input": ["один", "два", "три"], "model": "Embeddings"}


async def test_gigachat_sgr_agent_end_to_end(giga: Server, tmp_path: Path) -> None:
    giga.script.tool_call("get_time", {"timezone": "Europe/Moscow"}).dynamic(
        lambda body: "Сейчас " + json.loads(body["messages"][-1]["content"])["time"]
    )
    async with create_gateway(giga_settings(giga).llm) as gateway:
        answer = await ExampleSGRAgent(gateway, log_dir=tmp_path).run("Который час в Москве?")
    assert answer.startswith("Сейчас ") and ":" in answer
    assert (tmp_path / "reasoning" / "example_agent.jsonl").exists()


# ------------------------------------------------------------------------------------------ OpenAI
async def test_openai_chat_and_model_auto_detection(oai: Server) -> None:
    oai.script.text("Hello")
    async with create_gateway(oai_settings(oai).llm) as gateway:
        response = await gateway.request(user("hi"))
    assert response.content == "Hello"
    # No OPENAI_MODEL and the seed's GigaChat default: the server's first chat model is used.
    assert oai.fake.requests.last("chat").json["model"] == "gpt-4o-mini"
    assert oai.fake.requests.last("chat").headers["authorization"] == f"Bearer {API_KEY}"


async def test_openai_explicit_model(oai: Server) -> None:
    oai.script.text("ok")
    async with create_gateway(oai_settings(oai, openai_model="my-vllm-model").llm) as gateway:
        await gateway.request(user("hi"))
    assert oai.fake.requests.last("chat").json["model"] == "my-vllm-model"
    assert oai.fake.requests.count("models") == 0


async def test_openai_parallel_tool_calls_and_tool_messages(oai: Server) -> None:
    oai.script.tool_calls(("get_weather", {"city": "Москва"}), ("get_weather", {"city": "Сочи"})).text("Сводка")
    async with create_gateway(oai_settings(oai).llm) as gateway:
        request = user("Погода в Москве и Сочи").model_copy(update={"tools": [WEATHER], "tool_choice": "auto"})
        response = await gateway.request(request)
        assert [json.loads(c.arguments)["city"] for c in response.tool_calls] == ["Москва", "Сочи"]
        results = [LLMMessage(role="tool", tool_call_id=c.id, content="ясно") for c in response.tool_calls]
        follow = request.model_copy(update={"messages": [*request.messages, response.as_message(), *results]})
        assert (await gateway.request(follow)).content == "Сводка"  # the fake validates the tool_call ids


async def test_openai_json_schema_structured_output(oai: Server) -> None:
    oai.script.json({"city": "Омск", "days": 2})
    async with create_gateway(oai_settings(oai).llm) as gateway:
        assert await gateway.parse(user("x"), Answer) == Answer(city="Омск", days=2)
    fmt = oai.fake.requests.last("chat").json["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "Answer"


async def test_openai_embeddings(oai: Server) -> None:
    async with create_gateway(oai_settings(oai, openai_embedding_model="text-embedding-3-small").llm) as gateway:
        vectors = await gateway.embed(["a", "b"])
    assert len(vectors) == 2 and len(vectors[0]) == 256


async def test_openai_sgr_agent_end_to_end_schema_mode(oai: Server) -> None:
    step1 = {
        "current_situation": "вопрос о времени",
        "reasoning_steps": ["нужен get_time"],
        "enough_data": False,
        "function": {"tool": "get_time", "arguments": {"timezone": "UTC"}},
    }
    step2 = {
        "current_situation": "время есть",
        "reasoning_steps": ["отвечаю"],
        "enough_data": True,
        "function": {"tool": "final_answer", "answer": "Сейчас полдень"},
    }
    oai.script.json(step1).json(step2)
    async with create_gateway(oai_settings(oai).llm) as gateway:
        answer = await ExampleSGRAgent(gateway, mode="schema").run("Который час?")
    assert answer == "Сейчас полдень"
    assert "Результат инструмента get_time" in oai.fake.requests.last("chat").json["messages"][-1]["content"]


# ------------------------------------------------------------------------------------------ failures
def fast_gateway(settings: Settings, **kwargs: Any) -> LLMGateway:
    return LLMGateway(create_provider(settings.llm), backoff_initial=0.001, backoff_max=0.01, **kwargs)


@pytest.mark.parametrize(
    "fault", [Fault.rate_limit(0.01), Fault.http_error(500), Fault.http_error(503), Fault.html(502)]
)
async def test_transient_faults_are_retried(oai: Server, fault: Fault) -> None:
    oai.faults.inject("chat", fault, times=2)
    oai.script.text("выжил")
    async with fast_gateway(oai_settings(oai, openai_model="m"), max_retries=3) as gateway:
        assert (await gateway.request(user("x"))).content == "выжил"
    assert oai.fake.requests.count("chat") == 3


async def test_rate_limit_error_carries_retry_after(oai: Server) -> None:
    oai.faults.always("chat", Fault.rate_limit(0.01))
    async with fast_gateway(oai_settings(oai, openai_model="m"), max_retries=1) as gateway:
        with pytest.raises(LLMRateLimitError) as info:
            await gateway.request(user("x"))
    assert info.value.retry_after is not None and oai.fake.requests.count("chat") == 2


async def test_html_error_page_becomes_typed_error(giga: Server) -> None:
    giga.faults.always("chat", Fault.html(502))
    async with fast_gateway(giga_settings(giga), max_retries=0) as gateway:
        with pytest.raises(LLMHTTPError) as info:
            await gateway.request(user("x"))
    assert info.value.status_code == 502 and "Bad Gateway" in str(info.value)


async def test_malformed_json_is_a_response_error(giga: Server) -> None:
    giga.faults.inject("chat", Fault.malformed_json())
    async with fast_gateway(giga_settings(giga), max_retries=3) as gateway:
        with pytest.raises(LLMResponseError, match="not valid JSON"):
            await gateway.request(user("x"))
    assert giga.fake.requests.count("chat") == 1  # not transient: no retry


async def test_timeout(oai: Server) -> None:
    oai.faults.always("chat", Fault.timeout(10))
    # 1 s per attempt, not less: on a loaded 2-core machine a 0.2 s attempt could time out before the retried
    # request even reached the fake server (the count below was then 1: a flaky test, not a bug).
    async with fast_gateway(
        oai_settings(oai, openai_model="m", llm_timeout=1.0), max_retries=1, timeout=1.0, deadline=None
    ) as gateway:
        with pytest.raises(LLMTimeoutError):
            await gateway.request(user("x"))
    for _ in range(50):  # the server may log the second request just after the client gave up on it
        if oai.fake.requests.count("chat") == 2:
            break
        await asyncio.sleep(0.05)
    assert oai.fake.requests.count("chat") == 2


async def test_wrong_api_key(oai: Server) -> None:
    settings = oai_settings(oai, openai_model="m")
    settings.openai_api_key = "sk-wrong"
    async with fast_gateway(settings) as gateway:
        with pytest.raises(LLMAuthError):
            await gateway.request(user("x"))
    assert oai.fake.requests.count("chat") == 1


async def test_connection_refused() -> None:
    from agentcore.serving import free_port

    settings = Settings(provider="openai", openai_api_base=f"http://127.0.0.1:{free_port()}/v1", openai_model="m")
    async with fast_gateway(settings, max_retries=1) as gateway:
        with pytest.raises(LLMTransportError):
            await gateway.request(user("x"))


async def test_tool_call_arguments_that_are_not_json_reach_the_agent_as_tool_error(oai: Server) -> None:
    oai.script.raw(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1,
            "model": "m",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "tool_calls",
                    "message": {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": "call_1",
                                "type": "function",
                                "function": {"name": "get_time", "arguments": '{"timezone": '},
                            }
                        ],
                    },
                }
            ],
        }
    ).text("исправился")
    async with create_gateway(oai_settings(oai, openai_model="m").llm) as gateway:
        assert await ExampleSGRAgent(gateway).run("Который час?") == "исправился"
    last = oai.fake.requests.last("chat").json["messages"][-1]
    assert last["role"] == "tool" and last["content"].startswith("Error: Invalid JSON arguments")


# ------------------------------------------------------------------------------------------ secrets
async def test_secrets_never_reach_logs_or_traces(giga: Server, oai: Server, tmp_path: Path) -> None:
    from agentcore.trace.logs import setup_logging
    from agentcore.util.redact import register_secret

    log_file = tmp_path / "agentcore.log"
    setup_logging(log_file)
    settings = giga_settings(giga)
    for secret in [*settings.secret_values(), API_KEY]:
        register_secret(secret)
    logging.getLogger("agentcore.test").info("credentials=%s key=%s", CREDENTIALS, API_KEY)
    giga.faults.inject("chat", Fault.http_error(500))
    giga.script.tool_call("get_time", {}).text("ok")
    async with fast_gateway(settings, max_retries=2) as gateway:
        await ExampleSGRAgent(gateway, log_dir=tmp_path).run("Который час?")
    oai.faults.always("chat", Fault.http_error(401))
    async with fast_gateway(oai_settings(oai, openai_model="m")) as gateway:
        with pytest.raises(LLMAuthError) as info:
            await gateway.request(user("x"))
    assert API_KEY not in str(info.value) and CREDENTIALS not in str(info.value)
    token = giga.fake.requests.last("chat").headers["authorization"].split()[1]
    everything = log_file.read_text(encoding="utf-8") + (tmp_path / "reasoning" / "example_agent.jsonl").read_text()
    assert "credentials=***" in everything
    for secret in (CREDENTIALS, API_KEY, token):
        assert secret not in everything


def test_tool_call_model_parses_arguments() -> None:
    assert LLMToolCall(name="x", arguments='{"a": 1}').parsed_arguments() == {"a": 1}
    with pytest.raises(ValueError):
        LLMToolCall(name="x", arguments="[1]").parsed_arguments()


# ------------------------------------------------------------------------------------------ TLS
@pytest.fixture
def giga_tls(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    """The fake GigaChat over HTTPS with a certificate from a private CA (like Russian Trusted Root CA)."""
    trustme = pytest.importorskip("trustme")
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1")
    cert_file, key_file, ca_file = tmp_path / "cert.pem", tmp_path / "key.pem", tmp_path / "ca.pem"
    cert.cert_chain_pems[0].write_to_path(str(cert_file))
    cert.private_key_pem.write_to_path(str(key_file))
    ca.cert_pem.write_to_path(str(ca_file))
    app = create_fake_gigachat(credentials=CREDENTIALS)
    with BackgroundServer(app, ssl_certfile=str(cert_file), ssl_keyfile=str(key_file)) as server:
        yield Server(app, server), ca_file


async def test_gigachat_ca_bundle(giga_tls: tuple[Server, Path]) -> None:
    server, ca_file = giga_tls
    server.script.text("защищённо")
    settings = giga_settings(server, gigachat_verify_ssl_certs=True, gigachat_ca_bundle_file=ca_file)
    async with create_gateway(settings.llm) as gateway:
        assert (await gateway.request(user("x"))).content == "защищённо"


async def test_gigachat_unknown_ca_is_refused_then_verification_can_be_disabled(giga_tls: tuple[Server, Path]) -> None:
    server, _ = giga_tls
    strict = giga_settings(server, gigachat_verify_ssl_certs=True)
    async with fast_gateway(strict, max_retries=0) as gateway:
        with pytest.raises(LLMTransportError, match=r"CERTIFICATE_VERIFY_FAILED|certificate"):
            await gateway.request(user("x"))
    server.script.text("без проверки")
    async with create_gateway(giga_settings(server, gigachat_verify_ssl_certs=False).llm) as gateway:
        assert (await gateway.request(user("x"))).content == "без проверки"


@pytest.mark.parametrize(
    "message",
    [
        {"role": "assistant", "content": 5},
        {"role": "assistant", "tool_calls": ["x"]},
        {"role": "assistant", "tool_calls": [{"id": "c", "type": "function", "function": {"name": None}}]},
    ],
)
async def test_wrong_types_in_a_response_are_a_typed_error(oai: Server, message: dict[str, Any]) -> None:
    oai.script.raw(
        {
            "id": "x",
            "object": "chat.completion",
            "created": 1,
            "model": "m",
            "choices": [{"index": 0, "finish_reason": "stop", "message": message}],
        }
    )
    async with create_gateway(oai_settings(oai, openai_model="m").llm) as gateway:
        with pytest.raises(LLMResponseError, match="malformed response"):
            await gateway.request(user("x"))


def completion_with(message: dict[str, Any], finish_reason: str = "stop") -> dict[str, Any]:
    return {
        "id": "chatcmpl-parts",
        "object": "chat.completion",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "finish_reason": finish_reason, "message": message}],
    }


async def test_content_as_a_list_of_parts_is_read_as_its_text(oai: Server, caplog: pytest.LogCaptureFixture) -> None:
    """Several OpenAI-compatible servers send ``message.content`` as parts: the text parts, joined, are the answer."""
    parts = [
        {"type": "text", "text": "Привет, "},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,AA=="}},
        {"type": "text", "text": "мир"},
    ]
    oai.script.raw(completion_with({"role": "assistant", "content": parts}))
    with caplog.at_level(logging.DEBUG, logger="agentcore.llm.openai_compat"):
        async with create_gateway(oai_settings(oai, openai_model="m").llm) as gateway:
            response = await gateway.request(user("x"))
    assert response.content == "Привет, мир"
    assert "image_url" in caplog.text  # the skipped part is named in a debug record


async def test_content_parts_without_text_next_to_tool_calls_are_no_content(oai: Server) -> None:
    call = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Омск"}'}}
    oai.script.raw(completion_with({"role": "assistant", "content": [], "tool_calls": [call]}, "tool_calls"))
    async with create_gateway(oai_settings(oai, openai_model="m").llm) as gateway:
        response = await gateway.request(user("x"))
    assert response.content is None
    assert [(c.id, c.name, c.arguments) for c in response.tool_calls] == [("call_1", "get_weather", '{"city": "Омск"}')]


@pytest.mark.parametrize(
    "content",
    [[], [{"type": "image_url", "image_url": {"url": "x"}}], [{"type": "text", "text": 5}], ["text"]],
)
async def test_content_parts_with_no_text_and_no_tool_calls_are_malformed(oai: Server, content: Any) -> None:
    oai.script.raw(completion_with({"role": "assistant", "content": content}))
    async with create_gateway(oai_settings(oai, openai_model="m").llm) as gateway:
        with pytest.raises(LLMResponseError, match=r"(?s)malformed response.*content"):
            await gateway.request(user("x"))


def test_missing_ca_bundle_is_a_config_error(tmp_path: Path) -> None:
    settings = Settings(
        provider="gigachat", gigachat_credentials=CREDENTIALS, gigachat_ca_bundle_file=tmp_path / "missing.pem"
    )
    with pytest.raises(LLMConfigError, match="GIGACHAT_CA_BUNDLE_FILE"):
        create_provider(settings.llm)


async def test_openai_embeddings_model_is_discovered(oai: Server) -> None:
    async with create_gateway(oai_settings(oai).llm) as gateway:
        await gateway.embed(["a"])
    assert oai.fake.requests.last("embeddings").json["model"] == "text-embedding-3-small"


async def test_concurrent_401s_fetch_one_new_token(giga: Server) -> None:
    import asyncio

    async with create_gateway(giga_settings(giga).llm) as gateway:
        await gateway.request(user("warm"))
        giga.fake.revoke_tokens()
        await asyncio.gather(*(gateway.request(user(str(i))) for i in range(10)))
    assert giga.fake.token_requests == 2


async def test_models_listing_failure_is_not_cached(oai: Server) -> None:
    oai.faults.inject("models", Fault.http_error(500))
    async with create_gateway(oai_settings(oai).llm) as gateway:
        await gateway.request(user("1"))  # /models failed: the default is used for this request only
        await gateway.request(user("2"))
    assert oai.fake.requests.count("models") == 2
    assert oai.fake.requests.last("chat").json["model"] == "gpt-4o-mini"


async def test_tls_failures_are_not_retried(giga_tls: tuple[Server, Path]) -> None:
    server, _ = giga_tls
    provider = create_provider(giga_settings(server, gigachat_verify_ssl_certs=True).llm)
    attempts = 0
    complete = provider.complete

    async def counted(request: LLMRequest) -> LLMResponse:
        nonlocal attempts
        attempts += 1
        return await complete(request)

    provider.complete = counted  # type: ignore[method-assign]
    async with LLMGateway(provider, max_retries=3, backoff_initial=0.01, backoff_max=0.01) as gateway:
        with pytest.raises(LLMTransportError) as info:
            await gateway.request(user("x"))
    # Counted, not timed: one attempt, no retry (a wall-clock bound failed on a loaded machine).
    assert not info.value.retryable and attempts == 1


async def test_proxy_environment_is_honoured(oai: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    from agentcore.serving import free_port

    monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{free_port()}")  # nothing listens there
    async with fast_gateway(oai_settings(oai, openai_model="m"), max_retries=0) as gateway:
        with pytest.raises(LLMTransportError):
            await gateway.request(user("x"))
    assert oai.fake.requests.count("chat") == 0
