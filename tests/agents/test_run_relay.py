"""The ``/v1`` run store shared through the real Redis: two workers (two servers, each with its own event loop,
research service, scripted upstream and store), the client's tool result reaching the worker that does not hold the
run.  Skipped without Redis (a failure under ``AGENTCORE_REQUIRE_SERVICES=1``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from openai import OpenAI
from tests.apps.research.conftest import ServiceFactory, engine, kb_dir, make_service, settings  # noqa: F401
from tests.web.v1.test_clients import ANSWER, QUESTION, WEATHER, act, flow

from agentcore.agents import RedisRunStore
from agentcore.apps.research.http import ResearchHTTP
from agentcore.config import Settings
from agentcore.llm import ScriptItem
from agentcore.server import research_model
from agentcore.serving import BackgroundServer, closing_lifespan
from agentcore.web.app import create_base_app
from agentcore.web.v1.router import create_openai_router, run_store_for

pytestmark = pytest.mark.e2e


class Worker:
    """One ``/v1`` worker: its URL, its scripted upstream and its store."""

    def __init__(self, url: str, service: Any, store: RedisRunStore) -> None:
        self.url, self.service, self.store = url, service, store

    @property
    def calls(self) -> int:
        return len(self.service.gateway.provider.requests)

    def sdk(self) -> OpenAI:
        return OpenAI(base_url=self.url, api_key="unused", max_retries=0, timeout=60)


@pytest.fixture
def workers(
    make_service: ServiceFactory,  # noqa: F811
    settings: Settings,  # noqa: F811
    redis_prefix: tuple[str, str],
) -> Callable[..., Any]:
    url, prefix = redis_prefix

    @contextmanager
    def start(script: list[ScriptItem]) -> Iterator[Worker]:
        service = make_service(script)
        store = RedisRunStore(url, prefix=prefix.rstrip(":"), ack_timeout=3.0)
        app = create_base_app(settings, title="v1-worker", lifespan=closing_lifespan(store.aclose))
        app.include_router(
            create_openai_router({"research": research_model(ResearchHTTP(settings, service=service))}, store=store)
        )
        with BackgroundServer(app) as server:
            yield Worker(server.url + "/v1", service, store)

    return start


def ask_weather(worker: Worker) -> tuple[list[Any], Any]:
    messages: list[Any] = [{"role": "user", "content": QUESTION}]
    first = worker.sdk().chat.completions.create(model="research", messages=messages, tools=[WEATHER])  # type: ignore[list-item]
    choice = first.choices[0]
    assert choice.finish_reason == "tool_calls" and choice.message.tool_calls
    call = choice.message.tool_calls[0]
    messages += [
        choice.message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": "+5"},
    ]
    return messages, call


def test_a_tool_result_on_another_worker_resumes_the_run_where_it_is(workers: Callable[..., Any]) -> None:
    with ExitStack() as stack:
        a = stack.enter_context(workers([act("get_weather", {"city": "Москва"}), *flow()]))
        b = stack.enter_context(workers([]))  # replaying here would fail: b has no script
        messages, _ = ask_weather(a)
        assert a.calls == 1
        second = b.sdk().chat.completions.create(model="research", messages=messages, tools=[WEATHER])  # type: ignore[list-item]
        assert second.choices[0].finish_reason == "stop"
        assert (second.choices[0].message.content or "").startswith(ANSWER)
        assert "get_weather" in (second.choices[0].message.reasoning_content or "")  # type: ignore[attr-defined]
        assert a.calls == 6 and b.calls == 0  # the run went on in a, with the client's result as its observation
        assert any("Observation: +5" in (m.content or "") for m in a.service.gateway.provider.requests[1].messages)
        assert second.usage is not None and second.usage.total_tokens == 550  # this request's calls, from a


def test_streamed_resumption_on_another_worker_with_usage(workers: Callable[..., Any]) -> None:
    with ExitStack() as stack:
        a = stack.enter_context(workers([act("get_weather", {"city": "Москва"}), *flow()]))
        b = stack.enter_context(workers([]))
        messages, _ = ask_weather(a)
        chunks = list(
            b.sdk().chat.completions.create(
                model="research",
                messages=messages,
                tools=[WEATHER],  # type: ignore[list-item]
                stream=True,
                stream_options={"include_usage": True},
            )
        )
        text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
        assert text.startswith(ANSWER) and b.calls == 0
        assert chunks[-1].usage is not None and chunks[-1].usage.total_tokens == 550


def test_a_second_client_tool_call_parks_the_run_again_in_its_worker(workers: Callable[..., Any]) -> None:
    script = [act("get_weather", {"city": "Москва"}), act("get_weather", {"city": "Казань"}), *flow()]
    with ExitStack() as stack:
        a = stack.enter_context(workers(script))
        b = stack.enter_context(workers([]))
        messages, _ = ask_weather(a)
        again = b.sdk().chat.completions.create(model="research", messages=messages, tools=[WEATHER])  # type: ignore[list-item]
        call = again.choices[0].message.tool_calls
        assert again.choices[0].finish_reason == "tool_calls" and call
        assert json.loads(call[0].function.arguments) == {"city": "Казань"}  # type: ignore[union-attr]
        messages += [
            again.choices[0].message.model_dump(exclude_none=True),
            {"role": "tool", "tool_call_id": call[0].id, "content": "+3"},
        ]
        final = b.sdk().chat.completions.create(model="research", messages=messages, tools=[WEATHER])  # type: ignore[list-item]
        assert (final.choices[0].message.content or "").startswith(ANSWER)
        assert a.calls == 7 and b.calls == 0


def test_when_the_holding_worker_is_gone_the_conversation_is_replayed(workers: Callable[..., Any]) -> None:
    with ExitStack() as stack:
        b = stack.enter_context(workers(flow()))
        with ExitStack() as inner:
            a = inner.enter_context(workers([act("get_weather", {"city": "Москва"})]))
            messages, _ = ask_weather(a)
        # a stopped (its parked run closed, its heartbeat gone): b replays the conversation into a new run.
        answer = b.sdk().chat.completions.create(model="research", messages=messages, tools=[WEATHER])  # type: ignore[list-item]
        assert (answer.choices[0].message.content or "").startswith(ANSWER) and b.calls == 5
        texts = [m.content or "" for m in b.service.gateway.provider.requests[0].messages]
        assert "Observation: +5" in texts


def test_previous_response_id_is_seen_by_every_worker(workers: Callable[..., Any]) -> None:
    import openai

    with ExitStack() as stack:
        a = stack.enter_context(workers(flow()))
        b = stack.enter_context(workers(flow()))
        first = a.sdk().responses.create(model="research", input=QUESTION)
        b.sdk().responses.create(model="research", input=QUESTION, previous_response_id=first.id)
        texts = [m.content or "" for m in b.service.gateway.provider.requests[0].messages]
        assert texts[1] == QUESTION and texts[2].startswith(ANSWER)  # the earlier turn, kept in Redis by a
        with pytest.raises(openai.NotFoundError):
            b.sdk().responses.create(model="research", input=QUESTION, previous_response_id="resp_unknown")


def test_run_store_for_picks_redis_when_configured(redis_prefix: tuple[str, str]) -> None:
    assert isinstance(run_store_for(redis_prefix[0]), RedisRunStore)
    assert not isinstance(run_store_for(None), RedisRunStore)
