"""Seed 003 section 9: the examples run as written — against the fake OpenAI server, the fake GigaChat server
(real wire formats over real sockets) and the offline provider."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from tests.apps.scrum import wire_model

from agentcore.apps.scrum.agent_core import agent_process
from agentcore.testing.fake_gigachat import FakeGigaChatServer
from agentcore.testing.fake_openai import FakeOpenAIServer

metrics = {
    "intent": "TEAM_OVERVIEW",
    "params": {"detail_level": "EXTENDED"},
    "tasks_total": 12,
    "tasks_by_status": {"todo": 2, "in_progress": 5, "in_review": 2, "done": 3},
    "completion_percent": 25.0,
    "velocity_per_day": 0.38,
}
digest_data = {
    "task_counts": {"in_progress": 2, "in_review": 1, "done": 5},
    "current_tasks": [{"id": "TASK-1", "title": "Авторизация"}, {"id": "TASK-4", "title": "Оплата"}],
    "blockers": [{"text": "нет доступа к стенду", "severity": "high", "is_repeat": True, "task_id": "TASK-4"}],
    "notes": ["Daily за сегодня не отправлен"],
}


def _section_9(client: httpx.Client, API_URL: str, KEY: str, MODEL: str) -> list[dict[str, Any]]:
    """Seed 003 section 9, verbatim (only collected into a list)."""
    out = []
    resp = agent_process(
        mode="DAILY",
        payload={
            "message": "Вчера закрыл TASK-12, сегодня начну TASK-15. Блокер: нет доступов к стенду.",
            "role": "DEV",
            "daily_state": {"mode": "INITIAL", "quality_retries": 0},
        },
        backend_context={},
        client=client, api_url=API_URL, api_key=KEY, model=MODEL,
    )  # fmt: skip
    out.append(resp)
    resp = agent_process(
        mode="DAILY",
        payload={
            "message": "Да, блокер относится к TASK-15: без стенда не могу проверить интеграцию.",
            "role": "DEV",
            "daily_state": {"mode": "CLARIFICATION", "quality_retries": 0},
        },
        backend_context={},
        client=client, api_url=API_URL, api_key=KEY, model=MODEL,
    )  # fmt: skip
    out.append(resp)
    resp = agent_process(
        mode="ANALYTICS",
        payload={"message": "Дай общий статус спринта, но расширенно, с прогнозом."},
        backend_context={},
        client=client, api_url=API_URL, api_key=KEY, model=MODEL,
    )  # fmt: skip
    out.append(resp)
    resp = agent_process(
        mode="ANALYTICS",
        payload={"metrics": metrics, "leader_message": "Дай общий статус спринта..."},
        backend_context={},
        client=client, api_url=API_URL, api_key=KEY, model=MODEL,
    )  # fmt: skip
    out.append(resp)
    resp = agent_process(
        mode="FAQ",
        payload={"message": "Что такое daily и зачем он нужен?"},
        backend_context={},
        client=client, api_url=API_URL, api_key=KEY, model=MODEL,
    )  # fmt: skip
    out.append(resp)
    resp = agent_process(
        mode="DIGEST",
        payload={"data": digest_data},
        backend_context={},
        client=client, api_url=API_URL, api_key=KEY, model=MODEL,
    )  # fmt: skip
    out.append(resp)
    return out


def _check(results: list[dict[str, Any]]) -> None:
    initial, clarification, intent, report, faq, digest = results
    assert initial["type"] == "json"
    daily = initial["data"]["daily"]
    assert [i["task_id"] for i in daily["yesterday"]] == ["TASK-12"]
    assert [i["task_id"] for i in daily["today"]] == ["TASK-15"]
    # «нет доступов к стенду» alone does not say the work stops (issue 19): critical only after the answer below
    # says «без стенда не могу проверить интеграцию».
    assert daily["blockers"][0]["text"] == "нет доступов к стенду" and daily["blockers"][0]["critical"] is False
    assert initial["data"]["clarification"]["needs_clarification"] is True
    assert "нет доступов к стенду" in initial["data"]["clarification"]["question"]

    assert clarification["type"] == "json"
    blocker = clarification["data"]["daily"]["blockers"][0]
    assert blocker["related_task_id"] == "TASK-15" and blocker["critical"] is True
    assert clarification["data"]["clarification"] == {"needs_clarification": False, "question": ""}

    assert intent == {"type": "json", "data": {"intent": "TEAM_OVERVIEW", "params": {"detail_level": "EXTENDED"}}}
    assert report["type"] == "text" and "25" in report["data"] and "0.38" in report["data"]
    assert faq["type"] == "text" and "дейли" in faq["data"].lower()
    assert digest["type"] == "text"
    for needle in ("в работе — 2", "на ревью — 1", "готово — 5", "TASK-1", "TASK-4", "нет доступа к стенду"):
        assert needle in digest["data"]


@pytest.fixture
def answering_oai(oai: FakeOpenAIServer) -> Iterator[FakeOpenAIServer]:
    for _ in range(6):
        oai.fake.script.dynamic(wire_model.answer)
    yield oai


@pytest.fixture
def answering_giga(giga: FakeGigaChatServer) -> Iterator[FakeGigaChatServer]:
    for _ in range(6):
        giga.fake.script.dynamic(wire_model.answer)
    yield giga


def test_section_9_against_the_fake_openai_server(answering_oai: FakeOpenAIServer, client: httpx.Client) -> None:
    results = _section_9(client, answering_oai.base_url, answering_oai.api_key, "gpt-4o-mini")
    _check(results)
    chats = answering_oai.fake.requests.of("chat")
    assert len(chats) == 6  # one call per example: no re-asks were needed
    assert chats[0].json["response_format"]["type"] == "json_schema"
    assert chats[0].headers["authorization"] == f"Bearer {answering_oai.api_key}"
    assert all(r.json["model"] == "gpt-4o-mini" for r in chats)


def test_section_9_against_the_fake_gigachat_server(answering_giga: FakeGigaChatServer, client: httpx.Client) -> None:
    token, _ = answering_giga.fake.issue_token()
    results = _section_9(client, "gigachat:" + answering_giga.base_url, token, "GigaChat-2-Max")
    _check(results)
    chats = answering_giga.fake.requests.of("chat")
    assert len(chats) == 6
    daily_request = chats[0].json
    assert daily_request["function_call"] == {"name": "DailyOutput"}  # structured output as a forced function
    assert "$ref" not in str(daily_request["functions"][0]["parameters"])  # nested models inlined for GigaChat
    assert chats[0].headers["authorization"] == f"Bearer {token}"


def test_section_9_offline(client: httpx.Client) -> None:
    _check(_section_9(client, "offline", "", "offline"))
