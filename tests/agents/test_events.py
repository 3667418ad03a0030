"""The step-event model and the live event channel."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic import ValidationError

from agentcore.agents.events import (
    EventFactory,
    FinalEvent,
    event_channel,
    is_terminal,
    new_request_id,
    parse_event,
)
from agentcore.util.redact import default_redactor, register_secret


def test_every_event_kind_round_trips_through_json() -> None:
    f = EventFactory("agent", "req_1", max_steps=3)
    events = [
        f.step_started(1),
        f.thought(1, "думаю"),
        f.tool_invoked(1, "search", {"query": "отпуск"}, "call_1"),
        f.observation(1, "search", "call_1", ok=True, text="я" * 1000, elapsed_ms=3.5),
        f.final(1, "ответ [1]", metadata={"coverage": 1.0}),
        f.error(1, "плохо", "llm_error"),
    ]
    for event in events:
        data = event.model_dump(mode="json")
        assert data["request_id"] == "req_1" and data["timestamp"].endswith("Z") and data["type"] == event.type
        assert parse_event(event.model_dump_json()) == event
        assert parse_event(data) == event
    assert [is_terminal(e) for e in events] == [False] * 4 + [True, True]


def test_observation_has_a_preview_and_the_full_length() -> None:
    event = EventFactory("a").observation(2, "t", "c", ok=True, text="я" * 1000, preview_chars=50)
    assert len(event.preview) == 50 and event.preview.endswith("…") and event.length == 1000


def test_error_messages_are_redacted() -> None:
    register_secret("sk-verysecret-123")
    try:
        event = EventFactory("a").error(1, "401: Bearer sk-verysecret-123 refused", "llm_error")
        assert "sk-verysecret" not in event.message
        observation = EventFactory("a").observation(1, "t", "c", ok=False, text="x", error="key sk-verysecret-123")
        assert "sk-verysecret" not in (observation.error or "")
    finally:
        default_redactor().clear()


def test_a_failed_tool_call_names_no_upstream_address() -> None:
    """Issue 12: SSE clients must not learn the service's upstreams (a search backend or embedder failure quotes its
    URL); a successful result keeps its links (they are the knowledge base's content)."""
    failure = "поисковый бэкенд недоступен: POST http://10.0.0.7:6333/collections/x/points/query failed"
    failed = EventFactory("a").observation(1, "search", "c", ok=False, text=f"Ошибка: {failure}", error=failure)
    assert "10.0.0.7" not in failed.preview and "10.0.0.7" not in (failed.error or "")
    assert "поисковый бэкенд недоступен" in failed.preview
    found = EventFactory("a").observation(1, "search", "c", ok=True, text="Портал: https://portal.example.ru/vacation")
    assert "https://portal.example.ru/vacation" in found.preview


def test_a_model_failure_carries_its_http_face() -> None:
    from agentcore.llm.errors import LLMCircuitOpenError, LLMTimeoutError
    from agentcore.web.status import answer_for_event as error_answer

    timeout = EventFactory("a").llm_error(2, LLMTimeoutError("POST http://10.0.0.7/v1/chat/completions timed out"))
    assert timeout.code == "llm_error" and timeout.message.startswith("Ошибка при запросе LLM: ")
    assert "10.0.0.7" not in timeout.message
    answer = error_answer(timeout)
    assert (answer.status_code, answer.code) == (504, "upstream_timeout")
    opened = error_answer(EventFactory("a").llm_error(2, LLMCircuitOpenError("open", retry_after=12.2)))
    assert (opened.status_code, opened.code, opened.headers) == (503, "llm_unavailable", {"Retry-After": "13"})
    assert parse_event(timeout.model_dump_json()) == timeout


def test_events_are_frozen_and_strict() -> None:
    event = EventFactory("a").thought(1, "x")
    with pytest.raises(ValidationError):
        event.text = "y"  # type: ignore[misc]
    with pytest.raises(ValidationError):
        parse_event({"type": "thought", "request_id": "r", "step": 1, "text": "x", "extra": 1})
    with pytest.raises(ValidationError):
        parse_event({"type": "nope", "request_id": "r", "step": 1})


def test_request_ids_are_unique() -> None:
    assert new_request_id() != new_request_id() and new_request_id().startswith("req_")


def _fallback(exc: BaseException | None) -> Any:
    return EventFactory("a", "r").error(0, f"fallback: {exc!r}", "internal_error")


async def test_channel_yields_live_in_order_and_ends_with_the_terminal_event() -> None:
    f = EventFactory("a", "r")

    async def produce(emit: Any) -> None:
        await emit(f.step_started(1))
        await emit(f.thought(1, "x"))
        await emit(f.final(1, "ответ"))
        await emit(f.thought(1, "after the end"))  # dropped

    events = [e async for e in event_channel(produce, _fallback)]
    assert [e.type for e in events] == ["step_started", "thought", "final"]


async def test_channel_adds_an_error_when_the_producer_fails_or_ends_without_a_terminal() -> None:
    async def fails(emit: Any) -> None:
        await emit(EventFactory("a").step_started(1))
        raise RuntimeError("bug")

    async def silent(emit: Any) -> None:
        return None

    failed = [e async for e in event_channel(fails, _fallback)]
    assert [e.type for e in failed] == ["step_started", "error"] and "bug" in failed[-1].message
    quiet = [e async for e in event_channel(silent, _fallback)]
    assert [e.type for e in quiet] == ["error"]


async def test_closing_the_channel_cancels_the_producer() -> None:
    cancelled = asyncio.Event()

    async def produce(emit: Any) -> None:
        await emit(EventFactory("a").step_started(1))
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    stream = event_channel(produce, _fallback)
    first = await anext(stream)
    assert first.type == "step_started"
    await stream.aclose()
    assert cancelled.is_set()


async def test_cancelling_the_consumer_cancels_the_producer() -> None:
    cancelled = asyncio.Event()

    async def produce(emit: Any) -> None:
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    async def consume() -> None:
        async for _ in event_channel(produce, _fallback):
            pass

    task = asyncio.create_task(consume())
    await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert cancelled.is_set()


async def test_producer_waits_for_the_consumer() -> None:
    emitted: list[int] = []

    async def produce(emit: Any) -> None:
        for i in range(5):
            await emit(EventFactory("a").step_started(i + 1))
            emitted.append(i)
        await emit(FinalEvent(request_id="r", step=5, answer="x"))

    stream = event_channel(produce, _fallback)
    await anext(stream)
    await asyncio.sleep(0.05)
    assert len(emitted) <= 2  # lock-step: it does not run ahead
    rest = [e async for e in stream]
    assert rest[-1].type == "final"
