"""Seed 000 "Запросы на LLM API": post_chat_completions / post_embeddings."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from agentcore.config import get_settings
from agentcore.llm.api import post_chat_completions, post_embeddings, reset_providers
from agentcore.llm.offline import register_offline_handler
from agentcore.serving import BackgroundServer
from agentcore.testing.fake_gigachat import create_fake_gigachat
from agentcore.testing.faults import Fault

CREDENTIALS = "Y2xpZW50OnNlY3JldA=="


@pytest.fixture
def giga(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    app = create_fake_gigachat(credentials=CREDENTIALS)
    with BackgroundServer(app) as server:
        monkeypatch.setenv("AGENTCORE_PROVIDER", "gigachat")
        monkeypatch.setenv("GIGACHAT_CREDENTIALS", CREDENTIALS)
        monkeypatch.setenv("GIGACHAT_BASE_URL", server.url + "/api/v1")
        monkeypatch.setenv("GIGACHAT_AUTH_URL", server.url + "/api/v2/oauth")
        monkeypatch.setenv("AGENTCORE_LLM_TIMEOUT", "2")
        get_settings.cache_clear()
        reset_providers()
        yield app.state.fake
    reset_providers()


def test_chat_default_model_and_standard_response(giga: object, caplog: pytest.LogCaptureFixture) -> None:
    giga.script.text("Ответ")  # type: ignore[attr-defined]
    caplog.set_level(logging.DEBUG, logger="agentcore")
    result = post_chat_completions({"messages": [{"role": "user", "content": "Привет"}], "temperature": 0.3})
    assert result["choices"][0]["message"] == {"content": "Ответ", "role": "assistant"}
    assert {"created", "model", "object", "usage"} <= set(result)
    sent = giga.requests.last("chat").json  # type: ignore[attr-defined]
    assert sent["model"] == "GigaChat-2-Max" and sent["temperature"] == 0.3
    assert not [r for r in caplog.records if r.levelno == logging.DEBUG and "payload" in r.getMessage()]


def test_chat_verbose_logs_payload_and_response(giga: object, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="agentcore")
    post_chat_completions({"messages": [{"role": "user", "content": "x"}], "model": "GigaChat-2"}, verbose=True)
    debug = [r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG]
    assert any("payload" in line and '"GigaChat-2"' in line for line in debug)
    assert any("response" in line and "chat.completion" in line for line in debug)


def test_chat_error_returns_error_dict_and_logs_critical(giga: object, caplog: pytest.LogCaptureFixture) -> None:
    giga.faults.always("chat", Fault.http_error(500))  # type: ignore[attr-defined]
    result = post_chat_completions({"messages": [{"role": "user", "content": "x"}]})
    assert result == {"error": "HTTP 500: Internal Server Error"}
    critical = [r for r in caplog.records if r.levelno == logging.CRITICAL]
    assert critical and critical[0].exc_info is not None  # the stack trace is logged


def test_chat_payload_without_messages(caplog: pytest.LogCaptureFixture) -> None:
    assert post_chat_completions({"model": "x"}) == {"error": "payload must be a dict with 'messages'"}
    assert any(r.levelno == logging.CRITICAL for r in caplog.records)


def test_embeddings_default_model(giga: object) -> None:
    result = post_embeddings({"input": ["раз", "два"]})
    assert [item["index"] for item in result["data"]] == [0, 1]
    assert len(result["data"][0]["embedding"]) == 1024
    assert giga.requests.last("embeddings").json["model"] == "Embeddings"  # type: ignore[attr-defined]


def test_embeddings_error(giga: object) -> None:
    giga.faults.always("embeddings", Fault.malformed_json())  # type: ignore[attr-defined]
    result = post_embeddings({"input": ["x"]}, verbose=True)
    assert set(result) == {"error"} and "not valid JSON" in result["error"]


def test_offline_provider_answers_registered_steps() -> None:
    reset_providers()
    register_offline_handler("test.api", lambda request: "офлайн-ответ")
    result = post_chat_completions({"messages": [{"role": "user", "content": "x"}], "step": "test.api"})
    assert result["choices"][0]["message"]["content"] == "офлайн-ответ"
    missing = post_chat_completions({"messages": [{"role": "user", "content": "x"}]})
    assert "no handler for step None" in missing["error"]


def test_offline_embeddings_are_local_and_real() -> None:
    reset_providers()
    result = post_embeddings({"input": ["Как оформить отпуск?", "Отпуск оформляется заявлением", "Курс доллара"]})
    a, b, c = (item["embedding"] for item in result["data"])
    dot = lambda x, y: sum(p * q for p, q in zip(x, y, strict=True))  # noqa: E731
    assert len(a) == 384 and dot(a, b) > dot(a, c)


async def test_async_faces_work_inside_a_running_loop(giga: object) -> None:
    from agentcore.llm.api import apost_chat_completions

    giga.script.text("async")  # type: ignore[attr-defined]
    result = await apost_chat_completions({"messages": [{"role": "user", "content": "x"}]})
    assert result["choices"][0]["message"]["content"] == "async"
    # the sync face also works from inside a running loop (it runs on its own background loop)
    from agentcore.llm.api import aclose_providers

    await aclose_providers()
    giga.script.text("sync")  # type: ignore[attr-defined]
    assert (
        post_chat_completions({"messages": [{"role": "user", "content": "x"}]})["choices"][0]["message"]["content"]
        == "sync"
    )


def test_openai_provider_without_model_uses_the_servers_models(monkeypatch: pytest.MonkeyPatch) -> None:
    from agentcore.testing.fake_openai import create_fake_openai

    app = create_fake_openai(api_key="sk-api")
    with BackgroundServer(app) as server:
        monkeypatch.setenv("AGENTCORE_PROVIDER", "openai")
        monkeypatch.setenv("OPENAI_API_BASE", server.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-api")
        get_settings.cache_clear()
        reset_providers()
        chat = post_chat_completions({"messages": [{"role": "user", "content": "x"}]})
        embeddings = post_embeddings({"input": ["x"]})
    reset_providers()
    assert "error" not in chat and "error" not in embeddings
    assert app.state.fake.requests.last("chat").json["model"] == "gpt-4o-mini"
    assert app.state.fake.requests.last("embeddings").json["model"] == "text-embedding-3-small"
