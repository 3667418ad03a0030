"""The fake GigaChat, driven by the official ``gigachat`` SDK (root v1 contract) and by raw httpx."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

import httpx
import pytest
from fastapi import FastAPI
from gigachat import GigaChat
from gigachat import exceptions as gx
from gigachat.models import Chat, Function, FunctionParameters, Messages, MessagesRole
from pydantic import BaseModel

from agentcore.serving import BackgroundServer
from agentcore.testing.fake_gigachat import FakeGigaChatServer, create_fake_gigachat, serve_fake_gigachat
from agentcore.testing.faults import Fault

CREDENTIALS = "dGVzdDp0ZXN0"

WEATHER = {
    "name": "weather_forecast",
    "description": "Возвращает температуру на заданный период",
    "parameters": {
        "type": "object",
        "properties": {
            "location": {"type": "string", "description": "Местоположение"},
            "format": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "num_days": {"type": "integer", "description": "Период"},
        },
        "required": ["location", "num_days"],
    },
}


@pytest.fixture
def client(giga: FakeGigaChatServer) -> Iterator[GigaChat]:
    with GigaChat(
        credentials=CREDENTIALS,
        scope="GIGACHAT_API_PERS",
        base_url=giga.base_url,
        auth_url=giga.auth_url,
        verify_ssl_certs=False,
        model="GigaChat-2-Max",
        timeout=10,
    ) as sdk:
        yield sdk


def bearer(giga: FakeGigaChatServer) -> dict[str, str]:
    return {"Authorization": f"Bearer {giga.fake.issue_token()[0]}"}


# --- OAuth --------------------------------------------------------------------------------------------


def test_sdk_gets_one_token_for_many_calls(giga: FakeGigaChatServer, client: GigaChat) -> None:
    for _ in range(3):
        client.chat("Привет")
    assert giga.fake.token_requests == 1
    oauth = giga.fake.requests.last("oauth")
    assert oauth.headers["authorization"] == f"Basic {CREDENTIALS}"
    assert uuid.UUID(oauth.headers["rquid"]).version == 4
    assert oauth.form == {"scope": "GIGACHAT_API_PERS"}
    token = client.token
    assert token is not None and len(token) > 1000
    chat = giga.fake.requests.last("chat")
    assert chat.headers["authorization"] == f"Bearer {token}"


def test_oauth_success_shape(giga: FakeGigaChatServer) -> None:
    response = httpx.post(
        giga.auth_url,
        headers={"Authorization": f"Basic {CREDENTIALS}", "RqUID": str(uuid.uuid4())},
        data={"scope": "GIGACHAT_API_B2B"},
    )
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"access_token", "expires_at"}
    assert body["expires_at"] > 1_600_000_000_000  # milliseconds


@pytest.mark.parametrize(
    ("headers", "scope", "status", "body"),
    [
        (
            {"Authorization": "Basic d3Jvbmc6a2V5"},
            "GIGACHAT_API_PERS",
            401,
            {"code": 6, "message": "credentials doesn't match db data"},
        ),
        (
            {"Authorization": f"Basic {CREDENTIALS}"},
            "GIGACHAT_API_X",
            400,
            {"code": 1, "message": "scope data format invalid"},
        ),
        ({"Authorization": f"Basic {CREDENTIALS}"}, "", 400, {"code": 5, "message": "scope is empty"}),
        (
            {"Authorization": "Basic not base64!"},
            "GIGACHAT_API_PERS",
            400,
            {"code": 4, "message": "Can't decode 'Authorization' header"},
        ),
        ({}, "GIGACHAT_API_PERS", 400, {"code": 4, "message": "Can't decode 'Authorization' header"}),
    ],
)
def test_oauth_errors(
    giga: FakeGigaChatServer, headers: dict[str, str], scope: str, status: int, body: dict[str, object]
) -> None:
    response = httpx.post(giga.auth_url, headers={**headers, "RqUID": str(uuid.uuid4())}, data={"scope": scope})
    assert (response.status_code, response.json()) == (status, body)


def test_oauth_requires_rquid(giga: FakeGigaChatServer) -> None:
    response = httpx.post(
        giga.auth_url, headers={"Authorization": f"Basic {CREDENTIALS}"}, data={"scope": "GIGACHAT_API_PERS"}
    )
    assert response.status_code == 400
    response = httpx.post(
        giga.auth_url,
        headers={"Authorization": f"Basic {CREDENTIALS}", "RqUID": "not-a-uuid"},
        data={"scope": "GIGACHAT_API_PERS"},
    )
    assert response.status_code == 400


def test_scope_of_other_contract_is_rejected() -> None:
    with serve_fake_gigachat(scopes=["GIGACHAT_API_CORP"]) as server:
        response = httpx.post(
            server.auth_url,
            headers={"Authorization": f"Basic {CREDENTIALS}", "RqUID": str(uuid.uuid4())},
            data={"scope": "GIGACHAT_API_PERS"},
        )
    assert response.status_code == 400
    assert response.json() == {"code": 7, "message": "scope from db not fully includes consumed scope"}


def test_sdk_wrong_credentials(giga: FakeGigaChatServer) -> None:
    with (
        GigaChat(credentials="d3Jvbmc6a2V5", base_url=giga.base_url, auth_url=giga.auth_url, model="GigaChat") as sdk,
        pytest.raises(gx.AuthenticationError) as caught,
    ):
        sdk.chat("Привет")
    assert caught.value.status_code == 401
    assert giga.fake.requests.count("chat") == 0


# --- bearer tokens ------------------------------------------------------------------------------------


def test_bearer_required(giga: FakeGigaChatServer) -> None:
    url = giga.base_url + "/models"
    assert httpx.get(url).json() == {"status": 401, "message": "Unauthorized"}
    assert httpx.get(url, headers={"Authorization": "Bearer nope"}).status_code == 401
    headers = bearer(giga)
    assert httpx.get(url, headers=headers).status_code == 200
    giga.fake.expire_tokens()
    response = httpx.get(url, headers=headers)
    assert (response.status_code, response.json()) == (401, {"status": 401, "message": "Token has expired"})
    giga.fake.revoke_tokens()
    assert httpx.get(url, headers=headers).json()["message"] == "Unauthorized"


def test_sdk_reauthenticates_after_expiry(giga: FakeGigaChatServer, client: GigaChat) -> None:
    client.chat("раз")
    giga.fake.expire_tokens()
    assert client.chat("два").choices[0].message.content == "Ответ: два"
    assert giga.fake.token_requests == 2
    first, expired, retried = giga.fake.requests.of("chat")  # ok, 401 "Token has expired", ok
    assert first.headers["authorization"] == expired.headers["authorization"]
    assert retried.headers["authorization"] == f"Bearer {client.token}"
    assert retried.headers["authorization"] != expired.headers["authorization"]


def test_sdk_reauthenticates_after_revocation(giga: FakeGigaChatServer, client: GigaChat) -> None:
    client.get_models()
    giga.fake.revoke_tokens()
    client.get_models()
    assert giga.fake.token_requests == 2


def test_sdk_refreshes_a_token_close_to_expiry() -> None:
    with serve_fake_gigachat(token_ttl_s=30) as server:  # the SDK keeps a 60 s safety margin
        with GigaChat(
            credentials=server.credentials, base_url=server.base_url, auth_url=server.auth_url, model="GigaChat"
        ) as sdk:
            sdk.chat("раз")
            sdk.chat("два")
        assert server.fake.token_requests == 2


# --- chat ---------------------------------------------------------------------------------------------


def test_chat_wire_shape(giga: FakeGigaChatServer) -> None:
    giga.fake.script.text("Hello.")
    response = httpx.post(
        giga.base_url + "/chat/completions",
        headers=bearer(giga),
        json={"model": "GigaChat", "messages": [{"role": "user", "content": "Hi"}]},
    )
    assert response.headers["content-type"] == "application/json; charset=utf-8"
    assert response.headers["x-request-id"]
    body = response.json()
    assert set(body) == {"choices", "created", "model", "object", "usage"}  # no "id"
    assert body["object"] == "chat.completion"
    assert body["model"] == "GigaChat:2.0.28.2"
    assert body["choices"] == [
        {"message": {"content": "Hello.", "role": "assistant"}, "index": 0, "finish_reason": "stop"}
    ]
    usage = body["usage"]
    assert set(usage) == {"prompt_tokens", "completion_tokens", "total_tokens", "precached_prompt_tokens"}
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]


def test_sdk_chat_default_answer_and_recorded_request(giga: FakeGigaChatServer, client: GigaChat) -> None:
    result = client.chat(
        Chat(
            messages=[
                Messages(role=MessagesRole.SYSTEM, content="Ты бот"),
                Messages(role=MessagesRole.USER, content="Как дела?"),
            ],
            temperature=0.1,
            max_tokens=100,
        )
    )
    assert result.choices[0].message.content == "Ответ: Как дела?"
    assert result.model == "GigaChat-2-Max:2.0.28.2"
    assert result.x_headers["x-request-id"]
    sent = giga.fake.requests.last("chat")
    assert sent.method == "POST"
    assert sent.path == "/api/v1/chat/completions"
    assert sent.headers["user-agent"] == "GigaChat-python-lib"
    assert sent.json["model"] == "GigaChat-2-Max"
    assert sent.json["temperature"] == 0.1
    assert "stream" not in sent.json


def test_scripted_finish_reason(giga: FakeGigaChatServer, client: GigaChat) -> None:
    giga.fake.script.text("обрезано", finish_reason="length")
    assert client.chat("x").choices[0].finish_reason == "length"


def test_dynamic_reply(giga: FakeGigaChatServer, client: GigaChat) -> None:
    giga.fake.script.dynamic(lambda body: f"{len(body['messages'])} сообщений")
    assert client.chat("x").choices[0].message.content == "1 сообщений"


def test_system_message_must_be_first(giga: FakeGigaChatServer, client: GigaChat) -> None:
    payload = {"messages": [{"role": "user", "content": "a"}, {"role": "system", "content": "b"}]}
    with pytest.raises(gx.UnprocessableEntityError) as caught:
        client.chat(payload)
    assert json.loads(caught.value.content or b"") == {
        "status": 422,
        "message": "Invalid params: system message must be the first message",
    }


def test_two_system_messages_are_rejected(giga: FakeGigaChatServer, client: GigaChat) -> None:
    payload = {"messages": [{"role": "system", "content": "a"}, {"role": "system", "content": "b"}]}
    with pytest.raises(gx.UnprocessableEntityError):
        client.chat(payload)


def test_repetition_penalty_range(giga: FakeGigaChatServer, client: GigaChat) -> None:
    with pytest.raises(gx.UnprocessableEntityError) as caught:
        client.chat({"messages": [{"role": "user", "content": "a"}], "repetition_penalty": 0})
    assert b"repetition_penalty must be in range (0, +inf)" in (caught.value.content or b"")


def test_unknown_model(giga: FakeGigaChatServer, client: GigaChat) -> None:
    with pytest.raises(gx.NotFoundError) as caught:
        client.chat({"model": "GigaChat-9", "messages": [{"role": "user", "content": "a"}]})
    assert json.loads(caught.value.content or b"") == {"status": 404, "message": "No such model"}


# --- functions ----------------------------------------------------------------------------------------


def test_scripted_function_call_round_trip(giga: FakeGigaChatServer, client: GigaChat) -> None:
    giga.fake.script.tool_call("weather_forecast", {"location": "Манжерок", "num_days": 10}).text("Тепло")
    chat = Chat(
        messages=[Messages(role=MessagesRole.USER, content="Погода в Манжероке на десять дней")],
        functions=[Function.model_validate(WEATHER)],
        function_call="auto",
    )
    first = client.chat(chat)
    message = first.choices[0].message
    assert first.choices[0].finish_reason == "function_call"
    assert message.content == ""
    assert message.function_call is not None
    assert message.function_call.name == "weather_forecast"
    assert message.function_call.arguments == {"location": "Манжерок", "num_days": 10}
    assert uuid.UUID(message.functions_state_id or "")

    chat.messages += [
        message,
        Messages(role=MessagesRole.FUNCTION, name="weather_forecast", content=json.dumps({"temperature": 25})),
    ]
    assert client.chat(chat).choices[0].message.content == "Тепло"
    sent = giga.fake.requests.last("chat").json
    assert sent["function_call"] == "auto"
    assert sent["functions"][0]["name"] == "weather_forecast"
    assert sent["messages"][1]["function_call"]["arguments"] == {"location": "Манжерок", "num_days": 10}
    assert sent["messages"][1]["functions_state_id"] == message.functions_state_id
    assert sent["messages"][2] == {"role": "function", "content": '{"temperature": 25}', "name": "weather_forecast"}


def test_function_call_wire_shape(giga: FakeGigaChatServer) -> None:
    giga.fake.script.tool_call("weather_forecast", {"location": "Москва", "num_days": 1})
    body = httpx.post(
        giga.base_url + "/chat/completions",
        headers=bearer(giga),
        json={"model": "GigaChat-2-Pro", "messages": [{"role": "user", "content": "?"}], "functions": [WEATHER]},
    ).json()
    choice = body["choices"][0]
    assert choice["finish_reason"] == "function_call"
    assert choice["message"]["function_call"] == {
        "name": "weather_forecast",
        "arguments": {"location": "Москва", "num_days": 1},
    }
    assert set(choice["message"]) == {"content", "role", "function_call", "functions_state_id"}


def test_forced_function_call_generates_arguments(giga: FakeGigaChatServer, client: GigaChat) -> None:
    chat = Chat(
        messages=[Messages(role=MessagesRole.USER, content="Погода?")],
        functions=[Function.model_validate(WEATHER)],
        function_call={"name": "weather_forecast"},
    )
    call = client.chat(chat).choices[0].message.function_call
    assert call is not None
    assert call.arguments == {"location": "x", "num_days": 0}


def test_forced_call_of_undeclared_function_is_rejected(giga: FakeGigaChatServer, client: GigaChat) -> None:
    chat = Chat(
        messages=[Messages(role=MessagesRole.USER, content="?")],
        functions=[Function(name="a", parameters=FunctionParameters(properties={}))],
        function_call={"name": "b"},
    )
    with pytest.raises(gx.UnprocessableEntityError):
        client.chat(chat)


def test_function_results_must_be_json(giga: FakeGigaChatServer, client: GigaChat) -> None:
    payload = {
        "messages": [
            {"role": "user", "content": "?"},
            {"role": "assistant", "content": "", "function_call": {"name": "f", "arguments": {}}},
            {"role": "function", "name": "f", "content": "не JSON"},
        ]
    }
    with pytest.raises(gx.UnprocessableEntityError):
        client.chat(payload)


def test_string_arguments_are_rejected(giga: FakeGigaChatServer) -> None:
    messages = [
        {"role": "user", "content": "?"},
        {"role": "assistant", "content": "", "function_call": {"name": "f", "arguments": "{}"}},
        {"role": "function", "name": "f", "content": "{}"},
    ]
    response = httpx.post(
        giga.base_url + "/chat/completions", headers=bearer(giga), json={"model": "GigaChat", "messages": messages}
    )
    assert response.status_code == 422


def test_parallel_calls_are_not_gigachat(giga: FakeGigaChatServer, client: GigaChat) -> None:
    giga.fake.script.tool_calls(("a", {}), ("b", {}))
    with pytest.raises(gx.ServerError):
        client.chat("x")


# --- structured output ----------------------------------------------------------------------------------


class Answer(BaseModel):
    answer: str
    n: int


def test_chat_parse_with_pydantic(giga: FakeGigaChatServer, client: GigaChat) -> None:
    _, parsed = client.chat_parse("Ответь", response_format=Answer)
    assert parsed == Answer(answer="x", n=0)
    sent = giga.fake.requests.last("chat").json["response_format"]
    assert sent["type"] == "json_schema"
    assert sent["strict"] is True
    assert "name" not in sent and "json_schema" not in sent


def test_response_format_dict_and_script(giga: FakeGigaChatServer, client: GigaChat) -> None:
    schema = {
        "type": "object",
        "properties": {"answer": {"type": "string"}, "n": {"type": "integer"}},
        "required": ["answer", "n"],
        "additionalProperties": False,
    }
    giga.fake.script.json({"answer": "ok", "n": 3})
    payload = {
        "messages": [{"role": "user", "content": "?"}],
        "response_format": {"type": "json_schema", "schema": schema, "strict": True},
    }
    assert json.loads(client.chat(payload).choices[0].message.content) == {"answer": "ok", "n": 3}
    assert json.loads(client.chat(payload).choices[0].message.content) == {"answer": "x", "n": 0}


# --- streaming ----------------------------------------------------------------------------------------


def test_sdk_stream(giga: FakeGigaChatServer, client: GigaChat) -> None:
    giga.fake.script.text("Раз, два, три, четыре, пять, вышел зайчик погулять")
    chunks = list(client.stream("Считай"))
    assert len(chunks) > 2
    assert chunks[0].choices[0].delta.role == "assistant"
    assert all(c.choices[0].delta.role is None for c in chunks[1:])
    assert (
        "".join(c.choices[0].delta.content or "" for c in chunks)
        == "Раз, два, три, четыре, пять, вышел зайчик погулять"
    )
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert chunks[-1].usage is not None and chunks[-1].usage.total_tokens > 0
    assert all(c.usage is None for c in chunks[:-1])
    assert giga.fake.requests.last("chat").json["stream"] is True
    assert giga.fake.requests.last("chat").headers["accept"] == "text/event-stream"


def test_stream_wire_format(giga: FakeGigaChatServer) -> None:
    giga.fake.script.text("1, 2, 3")
    response = httpx.post(
        giga.base_url + "/chat/completions",
        headers=bearer(giga),
        json={"model": "GigaChat", "messages": [{"role": "user", "content": "?"}], "stream": True},
    )
    assert response.headers["content-type"].split(";")[0] == "text/event-stream"
    assert response.text.endswith("data: [DONE]\n\n")
    events = [json.loads(e[6:]) for e in response.text.split("\n\n") if e.startswith("data: {")]
    assert events[0]["choices"][0]["delta"] == {"content": "1, 2, 3", "role": "assistant"}
    assert all(e["object"] == "chat.completion" and "message" not in e["choices"][0] for e in events)
    assert events[-1]["choices"][0] == {"delta": {"content": ""}, "index": 0, "finish_reason": "stop"}
    assert set(events[-1]["usage"]) == {"prompt_tokens", "completion_tokens", "total_tokens", "precached_prompt_tokens"}


def test_stream_function_call(giga: FakeGigaChatServer, client: GigaChat) -> None:
    giga.fake.script.tool_call("weather_forecast", {"location": "Сочи", "num_days": 2})
    chunks = list(
        client.stream(
            Chat(messages=[Messages(role=MessagesRole.USER, content="?")], functions=[Function.model_validate(WEATHER)])
        )
    )
    call = chunks[-1].choices[0].delta.function_call
    assert call is not None and call.arguments == {"location": "Сочи", "num_days": 2}
    assert chunks[-1].choices[0].finish_reason == "function_call"


def test_sdk_sees_a_truncated_stream_end_early(giga: FakeGigaChatServer, client: GigaChat) -> None:
    giga.fake.faults.inject("chat", Fault.truncated_stream())
    giga.fake.script.text("один два три четыре пять шесть семь")
    chunks = list(client.stream("?"))
    assert chunks and chunks[-1].choices[0].finish_reason is None


# --- embeddings and models --------------------------------------------------------------------------------


def test_sdk_embeddings(giga: FakeGigaChatServer, client: GigaChat) -> None:
    result = client.embeddings(["Привет, мир!", "Договор поставки", "Привет, мир!"])
    assert [item.index for item in result.data] == [0, 1, 2]
    assert all(len(item.embedding) == 1024 for item in result.data)
    assert result.data[0].embedding == result.data[2].embedding
    assert result.data[0].embedding != result.data[1].embedding
    assert result.data[0].usage.prompt_tokens > 0
    assert result.model == "Embeddings"
    assert giga.fake.requests.last("embeddings").json == {
        "input": ["Привет, мир!", "Договор поставки", "Привет, мир!"],
        "model": "Embeddings",
    }


def test_embeddings_wire_shape(giga: FakeGigaChatServer) -> None:
    body = httpx.post(
        giga.base_url + "/embeddings", headers=bearer(giga), json={"input": ["a"], "model": "EmbeddingsGigaR"}
    ).json()
    assert set(body) == {"object", "data", "model"}  # usage is per item only
    assert set(body["data"][0]) == {"object", "embedding", "index", "usage"}
    unknown = httpx.post(giga.base_url + "/embeddings", headers=bearer(giga), json={"input": ["a"], "model": "Nope"})
    assert (unknown.status_code, unknown.json()["message"]) == (404, "No such model")


def test_sdk_models(giga: FakeGigaChatServer, client: GigaChat) -> None:
    ids = [model.id_ for model in client.get_models().data]
    assert "GigaChat-2-Max" in ids and "Embeddings" in ids
    assert client.get_model("GigaChat").owned_by == "salutedevices"
    with pytest.raises(gx.NotFoundError) as caught:
        client.get_model("GPT-5")
    assert json.loads(caught.value.content or b"") == {"status": 404, "message": "No such model"}


def test_sdk_tokens_count(giga: FakeGigaChatServer, client: GigaChat) -> None:
    counts = client.tokens_count(["Hello, world!"], model="GigaChat")
    assert counts[0].characters == 13 and counts[0].tokens > 0


# --- error mapping and retries ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "error"),
    [(429, gx.RateLimitError), (500, gx.ServerError), (503, gx.ServerError), (403, gx.ForbiddenError)],
)
def test_sdk_error_mapping(giga: FakeGigaChatServer, client: GigaChat, status: int, error: type[Exception]) -> None:
    client.chat("warm-up")
    giga.fake.faults.inject("chat", Fault.http_error(status, retry_after=7 if status == 429 else None))
    with pytest.raises(error) as caught:
        client.chat("x")
    if status == 429:
        assert isinstance(caught.value, gx.RateLimitError)
        assert caught.value.retry_after == 7.0


def test_sdk_retries_on_rate_limit(giga: FakeGigaChatServer) -> None:
    giga.fake.faults.inject("chat", Fault.rate_limit(retry_after=0.01), times=2)
    with GigaChat(
        credentials=CREDENTIALS, base_url=giga.base_url, auth_url=giga.auth_url, model="GigaChat", max_retries=3
    ) as sdk:
        assert sdk.chat("x").choices[0].message.content == "Ответ: x"
    assert giga.fake.requests.count("chat") == 3
    assert giga.fake.faults.injected_count("chat") == 2


def test_sdk_token_endpoint_error(giga: FakeGigaChatServer, client: GigaChat) -> None:
    giga.fake.faults.inject("oauth", Fault.http_error(500))
    with pytest.raises(gx.ServerError):
        client.chat("x")


def test_sdk_malformed_json(giga: FakeGigaChatServer, client: GigaChat) -> None:
    giga.fake.faults.inject("chat", Fault.malformed_json())
    with pytest.raises(json.JSONDecodeError):
        client.chat("x")


def test_sdk_html_error_page(giga: FakeGigaChatServer, client: GigaChat) -> None:
    giga.fake.faults.inject("embeddings", Fault.html())
    with pytest.raises(gx.ServerError) as caught:
        client.embeddings(["x"])
    assert caught.value.status_code == 502
    assert caught.value.headers is not None and caught.value.headers["content-type"].startswith("text/html")


def test_sdk_timeout(giga: FakeGigaChatServer) -> None:
    giga.fake.faults.inject("chat", Fault.timeout())
    with (
        GigaChat(
            credentials=CREDENTIALS, base_url=giga.base_url, auth_url=giga.auth_url, model="GigaChat", timeout=0.3
        ) as sdk,
        pytest.raises(httpx.TimeoutException),
    ):
        sdk.chat("x")


# --- mounting -----------------------------------------------------------------------------------------------


def test_mounted_under_a_prefix() -> None:
    outer = FastAPI()
    fake_app = create_fake_gigachat()
    outer.mount("/gigachat", fake_app)
    with BackgroundServer(outer) as server:
        base = server.url + "/gigachat"
        with GigaChat(
            credentials=CREDENTIALS, base_url=base + "/api/v1", auth_url=base + "/api/v2/oauth", model="GigaChat"
        ) as sdk:
            assert sdk.chat("x").choices[0].message.content == "Ответ: x"
    assert fake_app.state.fake.requests.last("chat").path == "/gigachat/api/v1/chat/completions"


def test_truncated_function_call_stream_never_finishes(giga: FakeGigaChatServer, client: GigaChat) -> None:
    giga.fake.faults.inject("chat", Fault.truncated_stream())
    giga.fake.script.tool_call("weather_forecast", {"location": "Сочи", "num_days": 2})
    chunks = list(client.stream("?"))
    assert [c.choices[0].finish_reason for c in chunks] == [None]
    assert chunks[0].choices[0].delta.function_call is None
