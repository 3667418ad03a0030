"""ExampleSGRAgent + GetTimeTool end to end (TC-007): scripted model and the offline provider."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from agentcore.apps.example import ExampleSGRAgent, GetTimeTool
from agentcore.config import Settings
from agentcore.llm import MockLLMGateway, tool_call
from agentcore.llm.factory import create_gateway

FIXED = datetime(2026, 11, 23, 9, 30, tzinfo=UTC)


async def test_get_time_tool_uses_timezone() -> None:
    tool = GetTimeTool(clock=lambda tz: FIXED.astimezone(tz))
    result = await tool.execute(timezone="Europe/Moscow")
    assert result["time"] == "12:30" and result["timezone"] == "Europe/Moscow"
    assert (await tool.execute())["timezone"] == "UTC"
    with pytest.raises(ValueError, match="часовой пояс"):
        await tool.execute(timezone="Mars/Olympus")


async def test_process_with_scripted_model() -> None:
    gateway = MockLLMGateway([tool_call("get_time", {"timezone": "UTC"}), "Сейчас 09:30 UTC"])
    agent = ExampleSGRAgent(gateway, tools=[GetTimeTool(clock=lambda tz: FIXED)])
    result = await agent.process({"message": "Который час?"})
    assert result == {
        "answer": "Сейчас 09:30 UTC",
        "steps": 2,
        "tool_calls": [{"name": "get_time", "parameters": {"timezone": "UTC"}}],
    }
    assert json.loads(gateway.requests[1].messages[-1].content or "{}")["time"] == "09:30"


@pytest.mark.parametrize("mode", ["tools", "schema"])
async def test_offline_provider_end_to_end(mode: str, settings: Settings, tmp_path: Path) -> None:
    gateway = create_gateway(settings.llm)
    agent = ExampleSGRAgent(
        gateway, log_dir=tmp_path, mode=mode, tools=[GetTimeTool(clock=lambda tz: FIXED.astimezone(tz))]
    )
    answer = await agent.run("Который час в Москве?")
    assert answer.startswith("Сейчас 12:30, 23.11.2026 (Europe/Moscow)") and "не LLM" in answer
    record: dict[str, Any] = json.loads((tmp_path / "reasoning" / "example_agent.jsonl").read_text().splitlines()[0])
    assert [s["action"] for s in record["reasoning_trace"]] == ["call_tool", "formulate_answer"]
    assert record["reasoning_trace"][0]["tool_parameters"] == {"timezone": "Europe/Moscow"}


async def test_offline_provider_other_questions(settings: Settings) -> None:
    agent = ExampleSGRAgent(create_gateway(settings.llm))
    assert "умею только сообщать текущее время" in await agent.run("Расскажи анекдот")


async def test_empty_message() -> None:
    assert (await ExampleSGRAgent(MockLLMGateway([])).process({"message": "  "}))["answer"] == "Пустой запрос."


@pytest.mark.parametrize("mode", ["tools", "schema"])
async def test_offline_provider_answers_every_city(mode: str, settings: Settings) -> None:
    """The tryout asked about two cities and got one: each time zone named gets its own get_time call (Moscow and
    Kazan share one), and the answer names every city."""
    agent = ExampleSGRAgent(
        create_gateway(settings.llm), mode=mode, tools=[GetTimeTool(clock=lambda tz: FIXED.astimezone(tz))]
    )
    answer = await agent.run("Сколько сейчас времени в Москве, Казани и Новосибирске?")
    assert [call.parameters for call in agent.tool_calls] == [
        {"timezone": "Europe/Moscow"},
        {"timezone": "Asia/Novosibirsk"},
    ]
    assert answer == (
        "Сейчас: Москва, Казань — 12:30, 23.11.2026 (Europe/Moscow); "
        "Новосибирск — 16:30, 23.11.2026 (Asia/Novosibirsk). (офлайн-режим, не LLM)"
    )


WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Погода в городе",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}


def _weather_dialogue(question: str, reports: dict[str, str], tool: dict[str, Any] = WEATHER) -> tuple[list[str], str]:
    """Runs ``sgr-example`` on ``/v1`` offline with the client's weather ``tool``, answering each call from
    ``reports``: the places asked for, in order, and the final answer."""
    from fastapi.testclient import TestClient

    from agentcore.server import create_app

    messages: list[dict[str, Any]] = [{"role": "user", "content": question}]
    asked: list[str] = []
    with TestClient(create_app(Settings())) as client:
        for _ in range(4):
            body = {"model": "sgr-example", "messages": messages, "tools": [tool]}
            answer = client.post("/v1/chat/completions", json=body)
            assert answer.status_code == 200, answer.text
            message = answer.json()["choices"][0]["message"]
            if not message.get("tool_calls"):
                break
            messages.append({"role": "assistant", "content": None, "tool_calls": message["tool_calls"]})
            for call in message["tool_calls"]:
                (city,) = json.loads(call["function"]["arguments"]).values()
                asked.append(city)
                messages.append({"role": "tool", "tool_call_id": call["id"], "content": reports[city]})
    return asked, message["content"]


def test_offline_sgr_example_calls_a_client_tool_for_each_city(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``sgr-example`` on ``/v1`` with the client's ``get_weather(city)``, offline: «Какая погода в Москве и Казани?»
    asks for Moscow, then Kazan, and answers with both results."""
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    reports = {"Москва": "+5, облачно", "Казань": "+3, снег"}
    asked, answer = _weather_dialogue("Какая погода в Москве и Казани?", reports)
    assert asked == ["Москва", "Казань"]
    assert answer == "Москва: +5, облачно; Казань: +3, снег. (офлайн-режим, не LLM)"


def test_offline_sgr_example_calls_a_client_tool_for_any_place(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tryout 31 #7: «Какая погода в Риме?» was «Я умею только сообщать текущее время» — a client tool got a place
    only from the list of cities with known time zones.  The place the question names goes into the tool, in the
    nominative, whatever it is, and into the parameter that is a place when the tool has more."""
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    reports = {"Рим": "+18, ясно", "Великий Новгород": "-2, снег", "Казань": "+3, снег"}
    asked, answer = _weather_dialogue("Какая погода в Риме, Великом Новгороде и Казани?", reports)
    assert asked == ["Рим", "Великий Новгород", "Казань"]
    assert answer == "Рим: +18, ясно; Великий Новгород: -2, снег; Казань: +3, снег. (офлайн-режим, не LLM)"
    parameters = {
        "type": "object",
        "properties": {"units": {"type": "string"}, "location": {"type": "string", "description": "Город"}},
        "required": ["location"],
    }
    forecast = {
        "type": "function",
        "function": {"name": "forecast", "description": "Прогноз погоды", "parameters": parameters},
    }
    asked, answer = _weather_dialogue("Какой прогноз погоды в Бобруйске?", {"Бобруйск": "+1"}, forecast)
    assert asked == ["Бобруйск"] and answer == "Бобруйск: +1. (офлайн-режим, не LLM)"


def test_offline_sgr_example_reads_a_follow_up_that_only_names_a_place(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """«А в Токио?» after «Который час в Москве?» (try-out #23 got «Я умею только сообщать текущее время»): the
    earlier question says what is asked, the follow-up where."""
    from fastapi.testclient import TestClient

    from agentcore.server import create_app

    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    messages = [
        {"role": "user", "content": "Который час в Москве?"},
        {"role": "assistant", "content": "Сейчас 12:30, 23.11.2026 (Europe/Moscow). (офлайн-режим, не LLM)"},
        {"role": "user", "content": "А в Токио?"},
    ]
    with TestClient(create_app(Settings())) as client:
        answer = client.post("/v1/chat/completions", json={"model": "sgr-example", "messages": messages})
        assert answer.status_code == 200, answer.text
        assert "(Asia/Tokyo)" in answer.json()["choices"][0]["message"]["content"]
        alone = client.post("/v1/chat/completions", json={"model": "sgr-example", "messages": messages[-1:]})
        assert "Я умею только" in alone.json()["choices"][0]["message"]["content"]  # nothing earlier: no guess


@pytest.mark.parametrize("mode", ["tools", "schema"])
async def test_offline_provider_never_answers_an_unknown_place_with_utc(mode: str, settings: Settings) -> None:
    """Tryout 28 D19: «Который час в Минске?» was answered «Сейчас 21:54 … (UTC)» — another place's time given as
    the asked one's.  Known places (now also Минск, Сочи…) and IANA zones get their time; an unknown one is said."""
    clock = GetTimeTool(clock=lambda tz: FIXED.astimezone(tz))
    agent = ExampleSGRAgent(create_gateway(settings.llm), mode=mode, tools=[clock])
    answer = await agent.run("Который час в Бобруйске?")
    assert answer.startswith("Не знаю часовой пояс места «Бобруйск»") and "UTC" not in answer
    assert agent.tool_calls == []
    agent = ExampleSGRAgent(create_gateway(settings.llm), mode=mode, tools=[clock])
    assert (await agent.run("Который час в Минске?")).startswith("Сейчас 12:30, 23.11.2026 (Europe/Minsk)")
    agent = ExampleSGRAgent(create_gateway(settings.llm), mode=mode, tools=[clock])
    assert (await agent.run("Который час в Asia/Kolkata?")).startswith("Сейчас 15:00, 23.11.2026 (Asia/Kolkata)")
    agent = ExampleSGRAgent(create_gateway(settings.llm), mode=mode, tools=[clock])
    assert (await agent.run("Который час?")).startswith("Сейчас 09:30, 23.11.2026 (UTC)")  # no place: UTC, said


@pytest.mark.parametrize("mode", ["tools", "schema"])
async def test_offline_provider_answers_known_places_and_names_unknown_ones(mode: str, settings: Settings) -> None:
    """«Который час в Москве и Риме?»: Moscow's time, and Rome named as a place whose zone is unknown (the time tool
    needs a known zone) — not silently dropped."""
    clock = GetTimeTool(clock=lambda tz: FIXED.astimezone(tz))
    agent = ExampleSGRAgent(create_gateway(settings.llm), mode=mode, tools=[clock])
    answer = await agent.run("Который час в Москве и Риме?")
    assert [call.parameters for call in agent.tool_calls] == [{"timezone": "Europe/Moscow"}]
    assert answer.startswith("Сейчас 12:30, 23.11.2026 (Europe/Moscow). Не знаю часовой пояс места «Рим»:")
    assert answer.endswith("(офлайн-режим, не LLM)") and answer.count("не LLM") == 1
