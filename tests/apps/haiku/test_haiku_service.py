"""The Haiku service over real HTTP: the seed's response, every 4xx, LLM failure as 502, mounting."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from agentcore.apps.haiku.service import create_app
from agentcore.apps.haiku.syllables import count_line_syllables, count_words
from agentcore.config import Settings
from agentcore.llm.errors import LLMTransportError
from agentcore.llm.scripted import MockLLMGateway
from agentcore.serving import BackgroundServer


@pytest.fixture
def offline_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    monkeypatch.setenv("AGENTCORE_DATA_DIR", str(tmp_path))
    return Settings(provider="offline", data_dir=tmp_path)


@pytest.fixture
def server(offline_settings: Settings) -> Iterator[BackgroundServer]:
    with BackgroundServer(create_app(offline_settings)) as running:
        yield running


def _post(server: BackgroundServer, **kwargs: Any) -> httpx.Response:
    return httpx.post(server.url + "/generate_haiku", timeout=30, **kwargs)


def _assert_seed_response(body: dict[str, Any]) -> None:
    assert set(body) == {"haiku_text", "syllables_per_line", "total_words"}
    assert isinstance(body["haiku_text"], str)
    assert isinstance(body["syllables_per_line"], list)
    assert all(type(n) is int for n in body["syllables_per_line"])
    assert type(body["total_words"]) is int
    lines = body["haiku_text"].split("\n")
    assert len(lines) == 3
    assert body["syllables_per_line"] == [count_line_syllables(line) for line in lines]
    assert body["total_words"] == count_words(body["haiku_text"]) > 0


def test_health(server: BackgroundServer) -> None:
    response = httpx.get(server.url + "/health")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


def test_generate_haiku_happy_path(server: BackgroundServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="agentcore.haiku")
    response = _post(server, json={"theme": "  Осень "})
    assert response.status_code == 200
    body = response.json()
    _assert_seed_response(body)
    assert body["syllables_per_line"] == [5, 7, 5]
    assert "осен" in body["haiku_text"].lower()
    assert _post(server, json={"theme": "осень"}).json() == body  # deterministic per theme
    logged = [r.getMessage() for r in caplog.records if r.name == "agentcore.haiku"]
    assert any("'Осень'" in m and "syllables=5-7-5" in m and f"words={body['total_words']}" in m for m in logged)


def test_theme_of_exactly_the_maximum_length_is_accepted(server: BackgroundServer) -> None:
    response = _post(server, json={"theme": "тихий осенний листок"})  # 20 characters
    assert response.status_code == 200
    _assert_seed_response(response.json())


@pytest.mark.parametrize("theme", ["kubernetes", "а" * 20, "123"])
def test_theme_the_lexicon_cannot_use_is_said_plainly(server: BackgroundServer, theme: str) -> None:
    response = _post(server, json={"theme": theme})
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "theme_not_usable"
    assert body["error"].startswith(f"Не получается сложить хайку на тему «{theme}»")


def test_json_body_without_content_type_is_accepted(server: BackgroundServer) -> None:
    response = _post(server, content='{"theme": "луна"}'.encode(), headers={"content-type": "text/plain"})
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("kwargs", "status", "fragment"),
    [
        ({"json": {}}, 422, "Отсутствует параметр theme"),
        ({"json": {"theme": ""}}, 422, "пустой"),
        ({"json": {"theme": "   \n"}}, 422, "пустой"),
        ({"json": {"theme": "а" * 21}}, 422, "Тема слишком длинная"),
        ({"json": {"theme": 5}}, 422, "должен быть строкой"),
        ({"json": {"theme": None}}, 422, "должен быть строкой"),
        ({"json": {"theme": ["осень"]}}, 422, "должен быть строкой"),
        ({"json": ["осень"]}, 422, "JSON-объектом"),
        ({"json": "осень"}, 422, "JSON-объектом"),
        ({"content": b"theme=autumn", "headers": {"content-type": "application/json"}}, 400, "не является"),
        ({"content": b"\xff\xfe\x00", "headers": {"content-type": "application/json"}}, 400, "не является"),
        ({"content": b""}, 400, "Пустое тело"),
    ],
)
def test_bad_requests_get_4xx_with_error(
    server: BackgroundServer, kwargs: dict[str, Any], status: int, fragment: str
) -> None:
    response = _post(server, **kwargs)
    assert response.status_code == status
    body = response.json()
    assert set(body) == {"error"} and fragment in body["error"]


def test_theme_limit_follows_settings(tmp_path: Path) -> None:
    settings = Settings(provider="offline", data_dir=tmp_path, param_theme_maxlen=5)
    with BackgroundServer(create_app(settings)) as running:
        assert _post(running, json={"theme": "осень"}).status_code == 200
        response = _post(running, json={"theme": "осенью"})
    assert response.status_code == 422 and "максимум 5" in response.json()["error"]


def test_unknown_route_and_method_get_error_json(server: BackgroundServer) -> None:
    missing = httpx.get(server.url + "/nowhere")
    assert missing.status_code == 404 and "error" in missing.json()
    wrong_method = httpx.get(server.url + "/generate_haiku")
    assert wrong_method.status_code == 405 and "error" in wrong_method.json()


def test_llm_failure_is_502_with_error(offline_settings: Settings) -> None:
    gateway = MockLLMGateway([LLMTransportError("connection refused")])
    with BackgroundServer(create_app(offline_settings, gateway=gateway)) as running:
        response = _post(running, json={"theme": "осень"})
    assert response.status_code == 502
    body = response.json()
    assert set(body) == {"error"} and "connection refused" in body["error"]


def test_llm_provider_path_reports_counted_syllables(offline_settings: Settings) -> None:
    wrong = {"line1": "Тихий старый пруд", "line2": "Лягушка прыгнула в воду", "line3": "Всплеск — и тишина"}
    right = {**wrong, "line2": "Вдруг прыгнула лягушка"}
    gateway = MockLLMGateway([wrong, right])
    with BackgroundServer(create_app(offline_settings, gateway=gateway)) as running:
        response = _post(running, json={"theme": "пруд"})
    assert response.status_code == 200
    body = response.json()
    _assert_seed_response(body)
    assert body == {
        "haiku_text": "Тихий старый пруд\nВдруг прыгнула лягушка\nВсплеск — и тишина",
        "syllables_per_line": [5, 7, 5],
        "total_words": 9,
    }
    assert gateway.call_count == 2


def test_works_mounted_without_lifespan(offline_settings: Settings) -> None:
    parent = FastAPI()
    parent.mount("/haiku", create_app(offline_settings))
    with BackgroundServer(parent) as running:
        assert httpx.get(running.url + "/haiku/health").json() == {"status": "ok"}
        ok = httpx.post(running.url + "/haiku/generate_haiku", json={"theme": "снег"}, timeout=30)
        bad = httpx.post(running.url + "/haiku/generate_haiku", json={"theme": ""}, timeout=30)
    assert ok.status_code == 200 and ok.json()["syllables_per_line"] == [5, 7, 5]
    assert bad.status_code == 422 and "error" in bad.json()


def test_unconfigured_real_provider_is_502_not_500(tmp_path: Path) -> None:
    settings = Settings(provider="gigachat", data_dir=tmp_path)  # no credentials: the gateway cannot be built
    with BackgroundServer(create_app(settings)) as running:
        assert httpx.get(running.url + "/health").json() == {"status": "ok"}  # nothing is built eagerly
        response = _post(running, json={"theme": "осень"})
    assert response.status_code == 502 and "GIGACHAT_CREDENTIALS" in response.json()["error"]
