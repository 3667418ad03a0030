"""Who continues which ``/v1`` conversation (``web/runs.owned_by``, applied in ``web/v1/common.py``), over real HTTP
with the ``openai`` SDK against the whole app (``create_app``; ``sgr-example`` on a scripted model): with read tokens
set, a run parked on a client tool call is resumed only by the token that started it — another token's tool result
is replayed into a new run, exactly as for an unknown call id, and leaves the run parked for its owner — and a
response named in ``previous_response_id`` is continued only by its token — another's is the same 404 as an unknown
id; an admin token continues any; with read tokens unset nothing changes.  The same through the Redis run store,
across two workers (skipped without Redis, a failure under ``AGENTCORE_REQUIRE_SERVICES=1``)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from openai import OpenAI
from pydantic import SecretStr

from agentcore.config import Settings
from agentcore.llm import MockLLMGateway, tool_call
from agentcore.llm.models import LLMRequest
from agentcore.server import create_app
from agentcore.serving import BackgroundServer

pytestmark = pytest.mark.e2e

ALICE, BOB, ADMIN = "read-alice-0123456789", "read-bob-0123456789", "admin-0123456789abc"
QUESTION = "Какая погода в Москве?"
ANSWER = "В Москве +5."
WEATHER_CHAT: Any = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Погода в городе",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
WEATHER_RESPONSES: Any = {"type": "function", **WEATHER_CHAT["function"]}


def _model(request: LLMRequest) -> Any:
    """The upstream model: asks the client's weather tool until its result is in the conversation, then answers."""
    if any("+5" in (m.content or "") for m in request.messages):
        return ANSWER
    return tool_call("get_weather", {"city": "Москва"})


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> MockLLMGateway:
    """Every gateway the app creates is this scripted one (``sgr-example`` creates its own on first use)."""
    gateway = MockLLMGateway([_model] * 200)
    monkeypatch.setattr("agentcore.llm.factory.create_gateway", lambda *args, **kwargs: gateway)
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    return gateway


def _server(**tokens: str) -> BackgroundServer:
    settings = Settings(**{name: SecretStr(value) for name, value in tokens.items()})
    return BackgroundServer(create_app(settings, console=False, mcp=False))


def _sdk(url: str, token: str) -> OpenAI:
    return OpenAI(base_url=url + "/v1", api_key=token, max_retries=0, timeout=60)


def _parked(url: str, token: str) -> tuple[str, list[Any]]:
    """Start a run that calls the client's tool: the answer's id and the conversation with the tool's result."""
    messages: list[Any] = [{"role": "user", "content": QUESTION}]
    first = _sdk(url, token).chat.completions.create(model="sgr-example", messages=messages, tools=[WEATHER_CHAT])
    choice = first.choices[0]
    assert choice.finish_reason == "tool_calls" and choice.message.tool_calls, first
    call = choice.message.tool_calls[0]
    messages += [
        choice.message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": "+5"},
    ]
    return first.id, messages


def _answered(url: str, token: str, messages: list[Any]) -> str:
    """Send the tool's result: the answer's id (the parked run's when it was resumed, a new run's when replayed)."""
    answer = _sdk(url, token).chat.completions.create(model="sgr-example", messages=messages, tools=[WEATHER_CHAT])
    assert answer.choices[0].finish_reason == "stop" and answer.choices[0].message.content == ANSWER, answer
    return answer.id


def _with_unknown_call(messages: list[Any]) -> list[Any]:
    """The same conversation with a call id nobody parked."""
    text = json.dumps(messages, ensure_ascii=False)
    return json.loads(text.replace(messages[-1]["tool_call_id"], f"call_{uuid.uuid4().hex[:24]}"))


def _kept_response(url: str, token: str) -> str:
    """A response kept for ``previous_response_id`` (it ends with the client's tool call)."""
    first = _sdk(url, token).responses.create(model="sgr-example", input=QUESTION, tools=[WEATHER_RESPONSES])
    assert first.output[-1].type == "function_call", first
    return first.id


def _follow_up(url: str, token: str, previous: str) -> httpx.Response:
    body: dict[str, Any] = {"model": "sgr-example", "input": "А завтра?", "previous_response_id": previous}
    body["tools"] = [WEATHER_RESPONSES]
    return httpx.post(url + "/v1/responses", json=body, headers={"Authorization": f"Bearer {token}"}, timeout=60)


def _not_found_alike(url: str, token: str, previous: str) -> None:
    """``previous`` is answered exactly as an id nobody kept: same status, same body but for the id it names."""
    unknown = "resp_" + uuid.uuid4().hex
    refused, missing = _follow_up(url, token, previous), _follow_up(url, token, unknown)
    assert refused.status_code == missing.status_code == 404, refused.text
    assert refused.json() == json.loads(missing.text.replace(unknown, previous)), (refused.text, missing.text)
    assert refused.json()["error"]["code"] == "response_not_found"
    assert refused.json()["error"]["param"] == "previous_response_id"


@pytest.fixture
def tokened(scripted: MockLLMGateway) -> Iterator[str]:
    with _server(read_tokens=f"{ALICE},{BOB}", admin_tokens=ADMIN) as server:
        yield server.url


def test_another_tokens_tool_result_is_replayed_and_the_run_stays_its_owners(tokened: str) -> None:
    url = tokened
    run, messages = _parked(url, ALICE)
    assert _answered(url, BOB, messages) != run  # replayed into a new run of Bob's, as an unknown call id is
    assert _answered(url, BOB, _with_unknown_call(messages)) != run
    assert _answered(url, ALICE, messages) == run  # Alice's run was left parked: she resumes it


def test_an_admin_token_resumes_any_run(tokened: str) -> None:
    run, messages = _parked(tokened, ALICE)
    assert _answered(tokened, ADMIN, messages) == run


def test_another_tokens_response_is_not_found_like_an_unknown_one(tokened: str) -> None:
    url = tokened
    alices = _kept_response(url, ALICE)
    _not_found_alike(url, BOB, alices)
    assert _follow_up(url, ALICE, alices).status_code == 200
    assert _follow_up(url, ADMIN, alices).status_code == 200
    admins = _kept_response(url, ADMIN)
    _not_found_alike(url, ALICE, admins)  # a response is its requester's, the admin's too


def test_a_tool_result_with_previous_response_id_resumes_only_the_owners_run(tokened: str) -> None:
    url = tokened
    first = _sdk(url, ALICE).responses.create(model="sgr-example", input=QUESTION, tools=[WEATHER_RESPONSES])
    call = first.output[-1]
    assert call.type == "function_call"
    result: Any = [{"type": "function_call_output", "call_id": call.call_id, "output": "+5"}]
    with pytest.raises(openai.NotFoundError):
        _sdk(url, BOB).responses.create(
            model="sgr-example", input=result, previous_response_id=first.id, tools=[WEATHER_RESPONSES]
        )
    # Bob sending the whole conversation himself gets a replay, a new run; Alice's run is still parked.
    replayed = _sdk(url, BOB).responses.create(
        model="sgr-example",
        input=[
            {"role": "user", "content": QUESTION},
            {"type": "function_call", "call_id": call.call_id, "name": call.name, "arguments": call.arguments},
            *result,
        ],
        tools=[WEATHER_RESPONSES],
    )
    resumed = _sdk(url, ALICE).responses.create(
        model="sgr-example", input=result, previous_response_id=first.id, tools=[WEATHER_RESPONSES]
    )
    assert resumed.output_text == replayed.output_text == ANSWER
    alices_run = (resumed.model_extra or {})["agent"]["request_id"]
    assert (replayed.model_extra or {})["agent"]["request_id"] != alices_run
    runs = httpx.get(url + "/trace/runs", headers={"Authorization": f"Bearer {ALICE}"}, timeout=30).json()["runs"]
    assert [r["request_id"] for r in runs] == [alices_run]  # one run of Alice's: started, parked, resumed


def test_without_read_tokens_any_request_continues_any_conversation(scripted: MockLLMGateway) -> None:
    with _server(admin_tokens=ADMIN) as server:  # the embedded single-user default: /v1 open, nothing is anyone's
        run, messages = _parked(server.url, "anything")
        assert _answered(server.url, "something-else", messages) == run
        kept = _kept_response(server.url, "anything")
        assert _follow_up(server.url, "something-else", kept).status_code == 200


# ------------------------------------------------------------------------------------------ Redis, two workers
@pytest.fixture
def two_workers(
    scripted: MockLLMGateway, redis_prefix: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[], tuple[str, str]]]:
    url, prefix = redis_prefix
    monkeypatch.setenv("AGENTCORE_REDIS_URL", url)
    monkeypatch.setenv("AGENTCORE_REDIS_PREFIX", prefix)
    with ExitStack() as stack:

        def start() -> tuple[str, str]:
            a = stack.enter_context(_server(read_tokens=f"{ALICE},{BOB}", admin_tokens=ADMIN))
            b = stack.enter_context(_server(read_tokens=f"{ALICE},{BOB}", admin_tokens=ADMIN))
            return a.url, b.url

        yield start


def test_through_redis_another_worker_replays_another_tokens_result(two_workers: Any) -> None:
    a, b = two_workers()
    run, messages = _parked(a, ALICE)
    assert _answered(b, BOB, messages) != run  # not relayed to Alice's run in a: replayed in b
    assert _answered(b, ALICE, messages) == run  # relayed: the run went on in a
    run, messages = _parked(a, ALICE)
    assert _answered(b, ADMIN, messages) == run


def test_through_redis_another_tokens_response_is_not_found(two_workers: Any) -> None:
    a, b = two_workers()
    alices = _kept_response(a, ALICE)
    _not_found_alike(b, BOB, alices)
    assert _follow_up(b, ALICE, alices).status_code == 200
    assert _follow_up(b, ADMIN, alices).status_code == 200


# ------------------------------------------------- the owner key (util/owners.py): hosts that share Redis
@pytest.fixture
def keyed_workers(
    scripted: MockLLMGateway, redis_prefix: tuple[str, str], tmp_path: Path
) -> Iterator[Callable[[str, str], tuple[str, str]]]:
    """``start(key_a, key_b)``: two workers on the real Redis, each with its own data directory (two hosts: no key
    file in common) and the owner key given."""
    url, prefix = redis_prefix
    with ExitStack() as stack:

        def start(key_a: str, key_b: str) -> tuple[str, str]:
            urls = []
            for host, key in (("a", key_a), ("b", key_b)):
                settings = Settings(
                    data_dir=tmp_path / host,
                    redis_url=url,
                    redis_prefix=prefix,
                    read_tokens=SecretStr(f"{ALICE},{BOB}"),
                    admin_tokens=SecretStr(ADMIN),
                    owner_key=SecretStr(key),
                )
                urls.append(stack.enter_context(BackgroundServer(create_app(settings, console=False, mcp=False))).url)
            return urls[0], urls[1]

        yield start


def test_through_redis_hosts_with_one_owner_key_agree_on_the_owner(keyed_workers: Any) -> None:
    a, b = keyed_workers("owner-key-of-the-deployment", "owner-key-of-the-deployment")
    run, messages = _parked(a, ALICE)
    assert _answered(b, ALICE, messages) == run  # b names Alice as a did: relayed to her run in a
    alices = _kept_response(a, ALICE)
    assert _follow_up(b, ALICE, alices).status_code == 200
    _not_found_alike(b, BOB, alices)


def test_through_redis_a_host_with_another_owner_key_does_not_match(keyed_workers: Any) -> None:
    a, b = keyed_workers("owner-key-of-the-deployment", "another-owner-key")
    run, messages = _parked(a, ALICE)
    assert _answered(b, ALICE, messages) != run  # Alice's owner id differs on b: the call id is nobody's there
    alices = _kept_response(a, ALICE)
    _not_found_alike(b, ALICE, alices)
    assert _follow_up(a, ALICE, alices).status_code == 200  # on a, with its own key, it is still hers
