"""The turn deadline (model and portal together), the portal's circuit breaker and approved steps kept for a retry."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.apps.crm.helpers import FAKE_WEBHOOK, RecordingBitrix, reply, step

from agentcore.apps.crm.bitrix import BitrixClient, BitrixError, BitrixTransportError, WebhookAuth
from agentcore.apps.crm.interaction_log import InteractionLogger
from agentcore.apps.crm.model_client import FakeModelClient
from agentcore.apps.crm.orchestrator import CALL_PURPOSE, Orchestrator
from agentcore.apps.crm.state_store import FileStateStore

UPDATE = step("crm.deal.update", {"id": 1, "fields": {"OPPORTUNITY": 5}})


def _orchestrator(tmp_path: Path, model: Any, call: Callable[..., Any], deadline: float = 0.5) -> Orchestrator:
    orchestrator = Orchestrator(
        model if isinstance(model, FakeModelClient) else FakeModelClient(model),
        BitrixClient(WebhookAuth(FAKE_WEBHOOK)),
        FileStateStore(tmp_path / "state"),
        InteractionLogger(tmp_path / "logs"),
        mode="full",
        turn_deadline=deadline,
    )
    orchestrator.call_bitrix = call  # type: ignore[method-assign]
    return orchestrator


def _model(messages: list[Any]) -> str:
    return reply([UPDATE] if "сумму" in messages[-1].content else [], "Хорошо.")


class Flaky(RecordingBitrix):
    """Fails the first ``failures`` update calls with ``error`` (or sleeps ``delay`` seconds), then succeeds."""

    def __init__(self, error: BaseException | None = None, failures: int = 1, delay: float = 0.0) -> None:
        super().__init__({"crm.deal.update": True})
        self.error, self.failures, self.delay = error, failures, delay
        self.updates_done = 0

    async def __call__(self, method: str, params: dict[str, Any], http_method: str | None = None) -> dict[str, Any]:
        if method == "crm.deal.update" and not CALL_PURPOSE.get() and self.failures > 0:
            self.failures -= 1
            self.calls.append((method, params, http_method))
            if self.delay:
                await asyncio.sleep(self.delay)
            if self.error is not None:
                raise self.error
        answer = await super().__call__(method, params, http_method)
        if method == "crm.deal.update" and not CALL_PURPOSE.get():
            self.updates_done += 1
        return answer


async def test_a_slow_portal_ends_the_turn_at_the_deadline_and_the_approval_waits(tmp_path: Path) -> None:
    portal = Flaky(delay=30.0)
    orchestrator = _orchestrator(tmp_path, _model, portal, deadline=0.5)
    await orchestrator.handle_message("u1", "Поменяй сумму")
    started = time.perf_counter()
    slow = await orchestrator.handle_message("u1", "да")
    assert time.perf_counter() - started < 2.0  # not 30 s
    assert "не уложился в отведённое на ход время (0.5 с)" in slow.assistant
    assert "остаётся подтверждённым и будет повторён" in slow.assistant
    assert [c.id for c in slow.state.awaiting_retry()] == ["c1"] and portal.updates_done == 0
    again = await orchestrator.handle_message("u1", "как дела?")  # the next turn runs it, once
    assert portal.updates_done == 1 and again.state.awaiting_retry() == []
    assert "обновлена" in again.assistant
    await orchestrator.handle_message("u1", "ещё что-нибудь")
    assert portal.updates_done == 1


async def test_a_rate_limited_approval_is_kept_and_no_cancels_it(tmp_path: Path) -> None:
    portal = Flaky(BitrixError("QUERY_LIMIT_EXCEEDED", "Too many requests", status=503), failures=1)
    orchestrator = _orchestrator(tmp_path, _model, portal, deadline=5)
    await orchestrator.handle_message("u1", "Поменяй сумму")
    limited = await orchestrator.handle_message("u1", "да")
    assert "QUERY_LIMIT_EXCEEDED" in limited.assistant and "будет повторён" in limited.assistant
    cancelled = await orchestrator.handle_message("u1", "нет")
    assert "Повтор запроса c1 (crm.deal.update) отменён" in cancelled.assistant
    assert portal.updates_done == 0 and cancelled.state.awaiting_retry() == []


async def test_an_ambiguous_failure_of_an_add_is_not_repeated(tmp_path: Path) -> None:
    add = step("crm.deal.add", {"fields": {"TITLE": "x", "OPPORTUNITY": 5}})
    portal = RecordingBitrix(lambda method, params: BitrixTransportError("портал не ответил за 30 с", method=method))
    orchestrator = _orchestrator(tmp_path, lambda m: reply([add] if "Создай" in m[-1].content else []), portal, 5)
    await orchestrator.handle_message("u1", "Создай сделку")
    failed = await orchestrator.handle_message("u1", "да")
    assert failed.state.awaiting_retry() == [] and "будет повторён" not in failed.assistant  # may have run: no twin


async def test_a_slow_model_ends_the_turn_at_the_deadline(tmp_path: Path) -> None:
    async def slow(messages: list[Any]) -> str:
        await asyncio.sleep(30)
        return reply([])

    orchestrator = _orchestrator(tmp_path, slow, RecordingBitrix(), deadline=0.3)
    started = time.perf_counter()
    result = await orchestrator.handle_message("u1", "привет")
    assert time.perf_counter() - started < 2.0
    assert result.degraded and "Не успел за 0.3 с (AGENTCORE_CRM_TURN_DEADLINE)" in result.assistant


async def test_the_portal_breaker_fails_fast_after_repeated_failures(tmp_path: Path) -> None:
    calls = []

    def down(method: str, params: dict[str, Any]) -> Any:
        calls.append(method)
        return BitrixTransportError("портал недоступен (ConnectError)", method=method)

    read = step("crm.deal.get", {"id": 1})
    orchestrator = _orchestrator(tmp_path, lambda m: reply([read]), RecordingBitrix(down), deadline=5)
    for _ in range(5):
        await orchestrator.handle_message("u1", "покажи")
    assert len(calls) == 5 and orchestrator.portal_breaker.state == "opened"
    fast = await orchestrator.handle_message("u1", "покажи")
    assert len(calls) == 5  # the open circuit answers without calling the portal
    assert "портал Bitrix24 временно недоступен" in fast.assistant
