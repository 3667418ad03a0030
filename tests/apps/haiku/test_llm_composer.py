"""The LLM composer: counts every draft, retries with exact feedback, reports true counts."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from agentcore.apps.haiku.llm_composer import (
    STEP,
    HaikuDraft,
    build_messages,
    compose_with_llm,
    syllable_feedback,
    theme_from_request,
)
from agentcore.config import Settings
from agentcore.llm import MockLLMGateway
from agentcore.llm.errors import LLMTransportError
from agentcore.llm.factory import create_gateway
from agentcore.llm.models import LLMRequest

RIGHT = {"line1": "Тихий старый пруд", "line2": "Вдруг прыгнула лягушка", "line3": "Всплеск — и тишина"}  # 5-7-5
LONG_LINE_2 = {**RIGHT, "line2": "Лягушка прыгнула в воду"}  # 5-8-5
SHORT_LINE_1 = {**RIGHT, "line1": "Старый пруд"}  # 3-7-5
WAY_OFF = {"line1": "Пруд", "line2": "Лягушка", "line3": "Всплеск"}  # 1-3-1


class FakeGateway:
    """The gateway surface the composer uses: ``parse`` answers from a script and records the requests."""

    def __init__(self, drafts: list[dict[str, str] | Exception]) -> None:
        self.drafts = list(drafts)
        self.requests: list[LLMRequest] = []
        self.provider = type("Provider", (), {"name": "scripted"})()

    async def parse(self, request: LLMRequest, output_type: type[BaseModel]) -> Any:
        self.requests.append(request.model_copy(deep=True))
        item = self.drafts.pop(0)
        if isinstance(item, Exception):
            raise item
        return output_type.model_validate(item)


async def test_retries_with_feedback_until_the_counts_hold() -> None:
    gateway = FakeGateway([LONG_LINE_2, RIGHT])
    haiku = await compose_with_llm(gateway, "пруд")
    assert haiku.lines == tuple(RIGHT.values())
    assert haiku.syllables_per_line == (5, 7, 5)
    assert haiku.source == "llm" and haiku.attempts == 2
    assert len(gateway.requests) == 2
    first, second = gateway.requests
    assert all(r.step == STEP for r in gateway.requests)
    assert "«пруд»" in (first.messages[-1].content or "")
    # The second request carries the first draft and the exact feedback on it.
    assert second.messages[-2].role == "assistant" and "Лягушка прыгнула в воду" in (second.messages[-2].content or "")
    feedback = second.messages[-1].content or ""
    assert second.messages[-1].role == "user"
    assert "В строке 2 получилось 8 слогов, нужно 7" in feedback
    assert "строке 1" not in feedback and "строке 3" not in feedback


async def test_through_the_real_gateway_and_structured_output() -> None:
    gateway = MockLLMGateway([SHORT_LINE_1, RIGHT])
    haiku = await compose_with_llm(gateway, "пруд")
    assert haiku.is_575 and haiku.attempts == 2
    assert gateway.call_count == 2
    assert "В строке 1 получилось 3 слога, нужно 5" in (gateway.requests[1].messages[-1].content or "")


async def test_never_holding_returns_best_attempt_with_true_counts() -> None:
    gateway = FakeGateway([WAY_OFF, LONG_LINE_2, SHORT_LINE_1])
    haiku = await compose_with_llm(gateway, "пруд", max_attempts=3)
    assert len(gateway.requests) == 3
    # 5-8-5 (off by one syllable) is closer than 3-7-5 (off by two) and 1-3-1: it is the one kept.
    assert haiku.lines == tuple(LONG_LINE_2.values())
    assert haiku.syllables_per_line == (5, 8, 5)  # as counted, never assumed
    assert not haiku.is_575 and haiku.attempts == 3


async def test_never_holding_can_fall_back_to_the_offline_composer() -> None:
    gateway = FakeGateway([WAY_OFF, WAY_OFF])
    haiku = await compose_with_llm(gateway, "пруд", max_attempts=2, on_miss="offline")
    assert haiku.source == "offline" and haiku.is_575


async def test_first_call_failure_propagates() -> None:
    gateway = FakeGateway([LLMTransportError("connection refused")])
    with pytest.raises(LLMTransportError):
        await compose_with_llm(gateway, "пруд")


async def test_later_failure_keeps_the_best_draft() -> None:
    gateway = FakeGateway([LONG_LINE_2, LLMTransportError("reset")])
    haiku = await compose_with_llm(gateway, "пруд")
    assert haiku.syllables_per_line == (5, 8, 5) and haiku.attempts == 1


async def test_offline_gateway_answers_with_the_rule_based_composer() -> None:
    import agentcore.apps.haiku  # noqa: F401 - registers the offline handler

    gateway = create_gateway(Settings(provider="offline").llm)
    try:
        haiku = await compose_with_llm(gateway, "осень")
    finally:
        await gateway.aclose()
    assert haiku.is_575 and haiku.attempts == 1
    assert "осен" in haiku.text.lower()


def test_feedback_wording_and_plurals() -> None:
    assert syllable_feedback((5, 8, 5)).startswith("В строке 2 получилось 8 слогов, нужно 7.")
    text = syllable_feedback((1, 7, 4))
    assert "В строке 1 получился 1 слог, нужно 5; в строке 3 получилось 4 слога, нужно 5." in text


def test_prompt_carries_the_theme_for_the_offline_handler() -> None:
    request = LLMRequest(messages=build_messages("первый снег"), step=STEP)
    assert theme_from_request(request) == "первый снег"
    assert theme_from_request(LLMRequest(messages=[])) is None


def test_draft_lines_are_single_lines() -> None:
    draft = HaikuDraft(line1="  Тихий\nстарый пруд ", line2="b", line3="c")
    assert draft.lines[0] == "Тихий старый пруд"
