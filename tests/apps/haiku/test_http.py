"""The Haiku service over real HTTP: the seed's response, every 4xx, LLM failure as 502, mounting."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from agentcore.apps.haiku.http import create_app
from agentcore.apps.haiku.syllables import count_line_syllables, count_words
from agentcore.config import Settings
from agentcore.llm import MockLLMGateway
from agentcore.llm.errors import LLMTransportError
from agentcore.serving import BackgroundServer
from agentcore.settings import ServicesSettings


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


def test_body_must_be_declared_json(server: BackgroundServer) -> None:
    response = _post(server, content='{"theme": "луна"}'.encode(), headers={"content-type": "text/plain"})
    assert response.status_code == 415 and response.json()["code"] == "unsupported_media_type"


JSON = {"content-type": "application/json"}


@pytest.mark.parametrize(
    ("kwargs", "status", "fragment"),
    [
        ({"json": {}}, 422, "theme: обязательное поле"),
        ({"json": {"theme": ""}}, 422, "пуст"),
        ({"json": {"theme": "   "}}, 422, "пуст"),
        ({"json": {"theme": "а" * 21}}, 422, "не длиннее 20 символов"),
        ({"json": {"theme": 5}}, 422, "ожидается строка"),
        ({"json": {"theme": None}}, 422, "ожидается строка"),
        ({"json": {"theme": ["осень"]}}, 422, "ожидается строка"),
        ({"json": {"theme": "ос\nень"}}, 422, "управляющие символы"),
        ({"json": {"theme": "осень", "style": "басё"}}, 422, "style: неизвестное поле"),
        ({"json": ["осень"]}, 422, "JSON-объект"),
        ({"json": "осень"}, 422, "JSON-объект"),
        ({"content": b"theme=autumn", "headers": JSON}, 400, "не является корректным JSON"),
        ({"content": b"\xff\xfe\x00", "headers": JSON}, 400, "не является корректным JSON"),
        ({"content": b"", "headers": JSON}, 422, "пустое тело"),
        # Issue 12: 1e5-deep nesting was a RecursionError and a 500.
        ({"content": b"[" * 100_000 + b"]" * 100_000, "headers": JSON}, 400, "не является корректным JSON"),
        ({"content": b'{"theme": ' * 100_000, "headers": JSON}, 400, "не является корректным JSON"),
    ],
)
def test_bad_requests_get_4xx_with_error(
    server: BackgroundServer, kwargs: dict[str, Any], status: int, fragment: str
) -> None:
    response = _post(server, **kwargs)
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "code"} and fragment in body["error"], body


def test_theme_limit_follows_settings(tmp_path: Path) -> None:
    settings = Settings(provider="offline", data_dir=tmp_path, services=ServicesSettings(haiku_theme_maxlen=5))
    app = create_app(settings)
    schema = app.openapi()["components"]["schemas"]["HaikuRequest"]["properties"]["theme"]
    assert schema["maxLength"] == 5 and schema["minLength"] == 1 and schema["pattern"]
    with BackgroundServer(app) as running:
        assert _post(running, json={"theme": "осень"}).status_code == 200
        response = _post(running, json={"theme": "осенью"})
    assert response.status_code == 422 and "не длиннее 5 символов" in response.json()["error"]


def test_unknown_route_and_method_get_error_json(server: BackgroundServer) -> None:
    missing = httpx.get(server.url + "/nowhere")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    wrong_method = httpx.get(server.url + "/generate_haiku")
    assert wrong_method.status_code == 405 and wrong_method.json()["code"] == "method_not_allowed"
    assert wrong_method.headers["allow"] == "POST"


def test_llm_failure_is_502_without_upstream_text(offline_settings: Settings) -> None:
    gateway = MockLLMGateway([LLMTransportError("POST http://10.0.0.7/v1/chat failed: connection refused")])
    with BackgroundServer(create_app(offline_settings, gateway=gateway)) as running:
        response = _post(running, json={"theme": "осень"})
    assert response.status_code == 502
    body = response.json()
    assert body == {
        "error": "Ошибка LLM при генерации хайку: не удалось связаться с языковой моделью",
        "code": "upstream_unreachable",
    }


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


def test_router_included_under_a_prefix(offline_settings: Settings) -> None:
    from agentcore.apps.haiku.http import create_router
    from agentcore.web.app import create_base_app

    parent = create_base_app(offline_settings)
    parent.include_router(create_router(offline_settings), prefix="/haiku")
    with BackgroundServer(parent) as running:
        assert httpx.get(running.url + "/haiku/health").json() == {"status": "ok"}
        ok = httpx.post(running.url + "/haiku/generate_haiku", json={"theme": "снег"}, timeout=30)
        bad = httpx.post(running.url + "/haiku/generate_haiku", json={"theme": ""}, timeout=30)
    assert ok.status_code == 200 and ok.json()["syllables_per_line"] == [5, 7, 5]
    assert bad.status_code == 422 and bad.json()["code"] == "validation_error"


def test_unconfigured_real_provider_is_503_not_500(tmp_path: Path) -> None:
    settings = Settings(provider="gigachat", data_dir=tmp_path)  # no credentials: the gateway cannot be built
    with BackgroundServer(create_app(settings)) as running:
        assert httpx.get(running.url + "/health").json() == {"status": "ok"}  # nothing is built eagerly
        response = _post(running, json={"theme": "осень"})
    assert response.status_code == 503 and response.json()["code"] == "llm_not_configured"
    assert "GIGACHAT_CREDENTIALS" in response.json()["error"]
