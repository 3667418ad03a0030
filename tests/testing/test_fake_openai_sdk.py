"""The fake OpenAI API, driven by the official ``openai`` SDK and by raw httpx."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import jsonschema
import openai
import pytest
from openai import OpenAI
from pydantic import BaseModel

from agentcore.testing.fake_openai import FakeOpenAIServer, serve_fake_openai
from agentcore.testing.faults import Fault
from agentcore.testing.script import ToolCall

MODEL = "gpt-4o-mini"
USER = [{"role": "user", "content": "Какая погода в Москве?"}]
WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Погода в городе",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["c", "f"]}},
            "required": ["city", "unit"],
            "additionalProperties": False,
        },
        "strict": True,
    },
}
TIME_TOOL = {
    "type": "function",
    "function": {"name": "get_time", "parameters": {"type": "object", "properties": {"tz": {"type": "string"}}}},
}


@pytest.fixture
def client(oai: FakeOpenAIServer) -> Iterator[OpenAI]:
    with OpenAI(base_url=oai.base_url, api_key="sk-test", max_retries=0, timeout=10) as sdk:
        yield sdk


def auth() -> dict[str, str]:
    return {"Authorization": "Bearer sk-test"}


# --- auth -------------------------------------------------------------------------------------------------


def test_wrong_key(oai: FakeOpenAIServer) -> None:
    with (
        OpenAI(base_url=oai.base_url, api_key="sk-proj-wrongwrongwrong1234", max_retries=0) as sdk,
        pytest.raises(openai.AuthenticationError) as caught,
    ):
        sdk.models.list()
    assert caught.value.status_code == 401
    assert caught.value.code == "invalid_api_key"
    assert isinstance(caught.value.body, dict)
    assert caught.value.body["message"].startswith("Incorrect API key provided: sk-proj-*")


def test_missing_key(oai: FakeOpenAIServer) -> None:
    response = httpx.post(oai.base_url + "/chat/completions", json={"model": MODEL, "messages": USER})
    assert response.status_code == 401
    error = response.json()["error"]
    assert error["message"].startswith("You didn't provide an API key.")
    assert (error["type"], error["param"], error["code"]) == ("invalid_request_error", None, None)


def test_unknown_path(oai: FakeOpenAIServer) -> None:
    response = httpx.post(oai.base_url + "/responses", json={}, headers=auth())
    assert response.status_code == 404
    assert response.json()["error"]["message"] == "Invalid URL (POST /v1/responses)"


# --- chat -------------------------------------------------------------------------------------------------


def test_chat_text(oai: FakeOpenAIServer, client: OpenAI) -> None:
    completion = client.chat.completions.create(model=MODEL, messages=USER, temperature=0)
    assert completion.id.startswith("chatcmpl-")
    assert completion.object == "chat.completion"
    assert completion.model == MODEL
    message = completion.choices[0].message
    assert message.content == "Ответ: Какая погода в Москве?"
    assert message.refusal is None and message.tool_calls is None
    assert completion.choices[0].finish_reason == "stop"
    assert completion.usage is not None
    assert completion.usage.total_tokens == completion.usage.prompt_tokens + completion.usage.completion_tokens
    sent = oai.fake.requests.last("chat")
    assert sent.headers["authorization"] == "Bearer sk-test"
    assert sent.json == {"messages": USER, "model": MODEL, "temperature": 0}


def test_chat_wire_shape(oai: FakeOpenAIServer) -> None:
    body = httpx.post(
        oai.base_url + "/chat/completions", headers=auth(), json={"model": MODEL, "messages": USER}
    ).json()
    assert set(body) >= {"id", "object", "created", "model", "choices", "usage"}
    assert body["choices"][0]["message"]["refusal"] is None
    assert body["choices"][0]["logprobs"] is None


def test_n_choices(oai: FakeOpenAIServer, client: OpenAI) -> None:
    completion = client.chat.completions.create(model=MODEL, messages=USER, n=3)
    assert [c.index for c in completion.choices] == [0, 1, 2]


def test_unknown_models_are_accepted_unless_strict(oai: FakeOpenAIServer, client: OpenAI) -> None:
    assert client.chat.completions.create(model="qwen2.5-7b", messages=USER).model == "qwen2.5-7b"
    with (
        serve_fake_openai(strict_models=True) as server,
        OpenAI(base_url=server.base_url, api_key=server.api_key, max_retries=0) as sdk,
    ):
        with pytest.raises(openai.NotFoundError) as caught:
            sdk.chat.completions.create(model="gpt-5", messages=USER)
        assert caught.value.code == "model_not_found"


@pytest.mark.parametrize(
    ("body", "param", "code"),
    [
        ({"messages": USER}, None, None),
        ({"model": MODEL}, "messages", "missing_required_parameter"),
        ({"model": MODEL, "messages": []}, "messages", "empty_array"),
        ({"model": MODEL, "messages": [{"role": "robot", "content": "x"}]}, "messages[0].role", "invalid_value"),
    ],
)
def test_request_validation(
    oai: FakeOpenAIServer, body: dict[str, object], param: str | None, code: str | None
) -> None:
    response = httpx.post(oai.base_url + "/chat/completions", headers=auth(), json=body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["type"], error["param"], error["code"]) == ("invalid_request_error", param, code)


# --- tools --------------------------------------------------------------------------------------------------


def test_parallel_tool_calls_round_trip(oai: FakeOpenAIServer, client: OpenAI) -> None:
    oai.fake.script.tool_calls(
        ("get_weather", {"city": "Москва", "unit": "c"}), ToolCall("get_time", {"tz": "MSK"}, id="call_fixed")
    )
    oai.fake.script.text("В Москве +5")
    first = client.chat.completions.create(model=MODEL, messages=USER, tools=[WEATHER_TOOL, TIME_TOOL])
    choice = first.choices[0]
    assert choice.finish_reason == "tool_calls"
    assert choice.message.content is None
    calls = choice.message.tool_calls or []
    assert [c.function.name for c in calls] == ["get_weather", "get_time"]
    assert calls[0].id.startswith("call_") and calls[1].id == "call_fixed"
    assert isinstance(calls[0].function.arguments, str)
    assert json.loads(calls[0].function.arguments) == {"city": "Москва", "unit": "c"}

    messages = [
        *USER,
        choice.message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": calls[0].id, "content": "+5"},
        {"role": "tool", "tool_call_id": calls[1].id, "content": "12:00"},
    ]
    second = client.chat.completions.create(model=MODEL, messages=messages, tools=[WEATHER_TOOL, TIME_TOOL])
    assert second.choices[0].message.content == "В Москве +5"
    sent = oai.fake.requests.last("chat").json
    assert sent["messages"][1]["tool_calls"][0]["function"]["arguments"] == calls[0].function.arguments


def test_tool_message_without_tool_calls(oai: FakeOpenAIServer, client: OpenAI) -> None:
    messages = [*USER, {"role": "tool", "tool_call_id": "call_x", "content": "?"}]
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model=MODEL, messages=messages)
    assert "must be a response to a preceeding message with 'tool_calls'" in caught.value.message
    assert isinstance(caught.value.body, dict) and caught.value.body["param"] == "messages.[1].role"


def test_tool_message_with_unknown_id(oai: FakeOpenAIServer, client: OpenAI) -> None:
    assistant = {
        "role": "assistant",
        "tool_calls": [{"id": "call_a", "type": "function", "function": {"name": "get_time", "arguments": "{}"}}],
    }
    messages = [*USER, assistant, {"role": "tool", "tool_call_id": "call_b", "content": "?"}]
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model=MODEL, messages=messages)
    assert "'tool_call_id' of 'call_b' not found" in caught.value.message


def test_unanswered_tool_call(oai: FakeOpenAIServer, client: OpenAI) -> None:
    assistant = {
        "role": "assistant",
        "tool_calls": [
            {"id": "call_a", "type": "function", "function": {"name": "get_time", "arguments": "{}"}},
            {"id": "call_b", "type": "function", "function": {"name": "get_time", "arguments": "{}"}},
        ],
    }
    messages = [*USER, assistant, {"role": "tool", "tool_call_id": "call_a", "content": "1"}, *USER]
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model=MODEL, messages=messages)
    assert caught.value.message.endswith("did not have response messages: call_b")


def test_forced_and_required_tool_choice(oai: FakeOpenAIServer, client: OpenAI) -> None:
    forced = client.chat.completions.create(
        model=MODEL,
        messages=USER,
        tools=[TIME_TOOL, WEATHER_TOOL],
        tool_choice={"type": "function", "function": {"name": "get_weather"}},
    )
    call = (forced.choices[0].message.tool_calls or [])[0]
    assert (call.function.name, json.loads(call.function.arguments)) == ("get_weather", {"city": "x", "unit": "c"})
    required = client.chat.completions.create(model=MODEL, messages=USER, tools=[TIME_TOOL], tool_choice="required")
    assert (required.choices[0].message.tool_calls or [])[0].function.name == "get_time"
    auto = client.chat.completions.create(model=MODEL, messages=USER, tools=[TIME_TOOL], tool_choice="auto")
    assert auto.choices[0].message.tool_calls is None


def test_tool_choice_needs_tools(oai: FakeOpenAIServer, client: OpenAI) -> None:
    with pytest.raises(openai.BadRequestError):
        client.chat.completions.create(model=MODEL, messages=USER, tool_choice="required")
    with pytest.raises(openai.BadRequestError):
        client.chat.completions.create(
            model=MODEL,
            messages=USER,
            tools=[TIME_TOOL],
            tool_choice={"type": "function", "function": {"name": "nope"}},
        )


def test_strict_tool_schema_is_checked(oai: FakeOpenAIServer, client: OpenAI) -> None:
    loose = {"type": "function", "function": {**TIME_TOOL["function"], "strict": True}}
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model=MODEL, messages=USER, tools=[loose])
    assert "Invalid schema for function 'get_time'" in caught.value.message
    assert "'additionalProperties' is required to be supplied and to be false" in caught.value.message


# --- structured output ------------------------------------------------------------------------------------


class Step(BaseModel):
    explanation: str
    output: str


class Reasoning(BaseModel):
    steps: list[Step]
    final_answer: str
    confidence: float | None


def test_parse_with_pydantic(oai: FakeOpenAIServer, client: OpenAI) -> None:
    completion = client.chat.completions.parse(model=MODEL, messages=USER, response_format=Reasoning)
    assert completion.choices[0].message.parsed == Reasoning(steps=[], final_answer="x", confidence=0)
    sent = oai.fake.requests.last("chat").json["response_format"]
    assert sent["type"] == "json_schema"
    assert sent["json_schema"]["name"] == "Reasoning"
    assert sent["json_schema"]["strict"] is True


def test_parse_with_scripted_json(oai: FakeOpenAIServer, client: OpenAI) -> None:
    oai.fake.script.json({"steps": [{"explanation": "e", "output": "o"}], "final_answer": "42", "confidence": 0.9})
    parsed = (
        client.chat.completions.parse(model=MODEL, messages=USER, response_format=Reasoning).choices[0].message.parsed
    )
    assert parsed is not None and parsed.final_answer == "42" and parsed.steps[0].output == "o"


def test_json_schema_dict(oai: FakeOpenAIServer, client: OpenAI) -> None:
    schema = {
        "type": "object",
        "properties": {"city": {"type": "string"}, "days": {"type": "array", "items": {"type": "integer"}}},
        "required": ["city", "days"],
        "additionalProperties": False,
    }
    completion = client.chat.completions.create(
        model=MODEL,
        messages=USER,
        response_format={"type": "json_schema", "json_schema": {"name": "forecast", "schema": schema, "strict": True}},
    )
    jsonschema.validate(json.loads(completion.choices[0].message.content or ""), schema)


def test_strict_json_schema_rules(oai: FakeOpenAIServer, client: OpenAI) -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
        "required": ["a"],
        "additionalProperties": False,
    }
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(
            model=MODEL,
            messages=USER,
            response_format={"type": "json_schema", "json_schema": {"name": "x", "schema": schema, "strict": True}},
        )
    assert "Missing 'b'" in caught.value.message
    with pytest.raises(openai.BadRequestError):
        client.chat.completions.create(
            model=MODEL,
            messages=USER,
            response_format={"type": "json_schema", "json_schema": {"name": "bad name!", "schema": schema}},
        )


def test_json_object_mode(oai: FakeOpenAIServer, client: OpenAI) -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model=MODEL, messages=USER, response_format={"type": "json_object"})
    assert "must contain the word 'json'" in caught.value.message
    messages = [{"role": "system", "content": "Answer in JSON."}, *USER]
    completion = client.chat.completions.create(model=MODEL, messages=messages, response_format={"type": "json_object"})
    assert json.loads(completion.choices[0].message.content or "") == {}


# --- streaming ----------------------------------------------------------------------------------------------


def test_stream_text_with_usage(oai: FakeOpenAIServer, client: OpenAI) -> None:
    oai.fake.script.text("Сегодня в Москве солнечно и тепло")
    chunks = list(
        client.chat.completions.create(model=MODEL, messages=USER, stream=True, stream_options={"include_usage": True})
    )
    assert all(c.object == "chat.completion.chunk" for c in chunks)
    assert len({c.id for c in chunks}) == 1
    assert chunks[0].choices[0].delta.role == "assistant"
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "Сегодня в Москве солнечно и тепло"
    assert chunks[-2].choices[0].finish_reason == "stop"
    assert chunks[-1].choices == [] and chunks[-1].usage is not None


def test_stream_tool_calls(oai: FakeOpenAIServer, client: OpenAI) -> None:
    oai.fake.script.tool_calls(("get_weather", {"city": "Санкт-Петербург", "unit": "c"}), ("get_time", {"tz": "MSK"}))
    arguments: dict[int, str] = {}
    names: dict[int, str] = {}
    finish = None
    for chunk in client.chat.completions.create(
        model=MODEL, messages=USER, tools=[WEATHER_TOOL, TIME_TOOL], stream=True
    ):
        choice = chunk.choices[0]
        finish = choice.finish_reason or finish
        for delta in choice.delta.tool_calls or []:
            if delta.function and delta.function.name:
                names[delta.index] = delta.function.name
            if delta.function and delta.function.arguments:
                arguments[delta.index] = arguments.get(delta.index, "") + delta.function.arguments
    assert names == {0: "get_weather", 1: "get_time"}
    assert json.loads(arguments[0]) == {"city": "Санкт-Петербург", "unit": "c"}
    assert json.loads(arguments[1]) == {"tz": "MSK"}
    assert finish == "tool_calls"


def test_stream_helper_accumulates(oai: FakeOpenAIServer, client: OpenAI) -> None:
    oai.fake.script.tool_call("get_weather", {"city": "Казань", "unit": "c"})
    with client.chat.completions.stream(model=MODEL, messages=USER, tools=[WEATHER_TOOL]) as stream:
        final = stream.get_final_completion()
    call = (final.choices[0].message.tool_calls or [])[0]
    assert call.function.parsed_arguments == {"city": "Казань", "unit": "c"}


def test_stream_wire_format(oai: FakeOpenAIServer) -> None:
    response = httpx.post(
        oai.base_url + "/chat/completions", headers=auth(), json={"model": MODEL, "messages": USER, "stream": True}
    )
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.text.endswith("data: [DONE]\n\n")
    first = json.loads(response.text.split("\n\n")[0][len("data: ") :])
    assert first["choices"][0] == {
        "index": 0,
        "delta": {"role": "assistant", "content": "", "refusal": None},
        "logprobs": None,
        "finish_reason": None,
    }
    assert "usage" not in first


# --- embeddings and models -----------------------------------------------------------------------------------


def test_embeddings_base64_default(oai: FakeOpenAIServer, client: OpenAI) -> None:
    result = client.embeddings.create(model="text-embedding-3-small", input=["Привет", "мир", "Привет"])
    assert [d.index for d in result.data] == [0, 1, 2]
    assert all(len(d.embedding) == 256 for d in result.data)
    assert result.data[0].embedding == result.data[2].embedding
    assert result.usage.prompt_tokens == result.usage.total_tokens > 0
    assert oai.fake.requests.last("embeddings").json["encoding_format"] == "base64"
    floats = client.embeddings.create(model="text-embedding-3-small", input="Привет", encoding_format="float")
    assert floats.data[0].embedding == pytest.approx(result.data[0].embedding, abs=1e-6)


def test_embeddings_dimensions_and_errors(oai: FakeOpenAIServer, client: OpenAI) -> None:
    result = client.embeddings.create(model="text-embedding-3-large", input="x", dimensions=64)
    assert len(result.data[0].embedding) == 64
    with pytest.raises(openai.BadRequestError):
        client.embeddings.create(model="text-embedding-3-small", input="")
    assert len(client.embeddings.create(model="text-embedding-3-small", input=[[1, 2, 3]]).data) == 1


def test_embedding_dims_configurable() -> None:
    with serve_fake_openai(embedding_dims=1536) as server, OpenAI(base_url=server.base_url, api_key="sk-test") as sdk:
        assert len(sdk.embeddings.create(model="text-embedding-3-small", input="x").data[0].embedding) == 1536


def test_models(oai: FakeOpenAIServer, client: OpenAI) -> None:
    assert [m.id for m in client.models.list()] == ["gpt-4o-mini", "text-embedding-3-small"]
    assert client.models.retrieve("gpt-4o-mini").owned_by == "system"
    with pytest.raises(openai.NotFoundError):
        client.models.retrieve("gpt-9")


def test_models_configurable() -> None:
    options = {"chat_models": ["qwen"], "embedding_models": ["bge-m3"], "api_key": "local"}
    with serve_fake_openai(**options) as server, OpenAI(base_url=server.base_url, api_key="local") as sdk:
        assert [m.id for m in sdk.models.list()] == ["qwen", "bge-m3"]


# --- errors and retries -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fault", "error", "status"),
    [
        (Fault.rate_limit(retry_after=3), openai.RateLimitError, 429),
        (Fault.http_error(500), openai.InternalServerError, 500),
        (Fault.http_error(502), openai.InternalServerError, 502),
        (Fault.http_error(503), openai.InternalServerError, 503),
        (Fault.http_error(401), openai.AuthenticationError, 401),
        (Fault.http_error(403), openai.PermissionDeniedError, 403),
        (Fault.html(), openai.InternalServerError, 502),
    ],
)
def test_error_mapping(
    oai: FakeOpenAIServer, client: OpenAI, fault: Fault, error: type[openai.APIStatusError], status: int
) -> None:
    oai.fake.faults.inject("chat", fault)
    with pytest.raises(error) as caught:
        client.chat.completions.create(model=MODEL, messages=USER)
    assert caught.value.status_code == status
    if status == 429:
        assert caught.value.response.headers["retry-after"] == "3"


def test_sdk_retries(oai: FakeOpenAIServer) -> None:
    oai.fake.faults.inject("chat", Fault.rate_limit(retry_after=0.01), Fault.http_error(503, retry_after=0.01))
    oai.fake.script.text("после ретраев")  # faulted attempts do not consume the scripted answer
    with OpenAI(base_url=oai.base_url, api_key="sk-test", max_retries=2) as sdk:
        assert sdk.chat.completions.create(model=MODEL, messages=USER).choices[0].message.content == "после ретраев"
    assert oai.fake.requests.count("chat") == 3
    assert oai.fake.requests.of("chat")[1].headers["x-stainless-retry-count"] == "1"


def test_sdk_timeout(oai: FakeOpenAIServer) -> None:
    oai.fake.faults.inject("chat", Fault.timeout())
    with (
        OpenAI(base_url=oai.base_url, api_key="sk-test", max_retries=0, timeout=0.3) as sdk,
        pytest.raises(openai.APITimeoutError),
    ):
        sdk.chat.completions.create(model=MODEL, messages=USER)


def test_sdk_malformed_json(oai: FakeOpenAIServer, client: OpenAI) -> None:
    oai.fake.faults.inject("chat", Fault.malformed_json())
    with pytest.raises(json.JSONDecodeError):
        client.chat.completions.create(model=MODEL, messages=USER)


def test_sdk_truncated_stream_has_no_finish_reason(oai: FakeOpenAIServer, client: OpenAI) -> None:
    oai.fake.faults.inject("chat", Fault.truncated_stream())
    chunks = list(client.chat.completions.create(model=MODEL, messages=USER, stream=True))
    assert chunks and all(c.choices[0].finish_reason is None for c in chunks)


def test_raw_reply(oai: FakeOpenAIServer, client: OpenAI) -> None:
    oai.fake.script.raw({"error": {"message": "boom", "type": "server_error", "param": None, "code": None}}, status=500)
    with pytest.raises(openai.InternalServerError) as caught:
        client.chat.completions.create(model=MODEL, messages=USER)
    assert caught.value.message.endswith("boom")
