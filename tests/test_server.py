"""`agentcore serve`'s application: every system's routes under one server, over real HTTP."""

from __future__ import annotations

import re

import httpx
import pytest

from agentcore.config import Settings
from agentcore.server import create_app
from agentcore.serving import BackgroundServer


def test_every_system_under_one_app(settings: Settings) -> None:
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        health = client.get("/health").json()
        assert health["status"] == "ok"
        assert health["systems"] == ["/rag", "/haiku", "/research", "/v1", "/chat", "/scrum"]
        assert client.get("/haiku/health").json() == {"status": "ok"}
        haiku = client.post("/haiku/generate_haiku", json={"theme": "осень"}).json()
        assert haiku["syllables_per_line"] == [5, 7, 5]
        bad = client.post("/haiku/generate_haiku", json={"theme": ""})
        assert bad.status_code == 422 and bad.json()["code"] == "validation_error"
        assert client.get("/rag/health").json()["status"] == "ok"
        paths = client.get("/openapi.json").json()["paths"]
        expected = {"/rag/search", "/rag/index", "/rag/collections/active", "/haiku/generate_haiku", "/scrum/faq"}
        assert expected <= set(paths)
        assert client.get("/rag/openapi.json").status_code == 404  # one OpenAPI, no mounted sub-apps


def test_docs_work_offline(settings: Settings) -> None:
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        for docs in ("/docs", "/redoc"):
            page = client.get(docs)
            assert page.status_code == 200 and "cdn" not in page.text.lower()
            assets = re.findall(r'(?:src|href)="([^"]+\.(?:js|css))"', page.text)
            assert assets and all(asset.startswith("/") for asset in assets), assets  # served here, not a CDN
            for asset in assets:
                assert client.get(asset).status_code == 200, asset


def test_every_operation_documents_the_error_body(settings: Settings) -> None:
    spec = create_app(settings).openapi()
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            default = operation["responses"]["default"]["content"]["application/json"]["schema"]
            assert default == {"$ref": "#/components/schemas/ErrorBody"}, (method, path)
            assert "HTTPValidationError" not in str(operation["responses"]), (method, path)


def test_hostile_bodies_get_json_4xx(settings: Settings) -> None:
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        headers = {"Content-Type": "application/json"}
        lone_surrogate = b'{"theme": "\\ud800"}'
        haiku = client.post("/haiku/generate_haiku", content=lone_surrogate, headers=headers)
        assert haiku.status_code == 422 and haiku.json()["code"] == "validation_error"
        fetch = client.post("/rag/fetch_docs", content=b'{"ids": ["\\ud800"]}', headers=headers)
        assert fetch.status_code == 422 and fetch.json()["code"] == "validation_error"
        not_json = client.post("/rag/search", content=b"<html>", headers=headers)
        assert not_json.status_code == 400 and not_json.json()["code"] == "invalid_json"
        huge = client.post("/rag/search", content=b"{" + b" " * 2_000_000 + b"}", headers=headers)
        assert huge.status_code == 413 and huge.json()["code"] == "payload_too_large"


def test_rag_search_survives_an_unconfigured_provider(data_dir: object) -> None:
    settings = Settings(provider="gigachat")  # no credentials: answers fall back to extractive
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        result = client.post("/rag/search", json={"question": "Как оформить отпуск?", "top_k": 2})
    assert result.status_code == 200, result.text
    assert result.json()["answer"] and len(result.json()["chunk_title_list"]) == 2


def test_router_lifespans_close_llm_clients_on_shutdown(data_dir: object) -> None:
    from fastapi.testclient import TestClient

    from agentcore.testing.fake_openai import create_fake_openai
    from agentcore.testing.script import FakeScript

    fake = create_fake_openai(FakeScript().json({"line1": "а", "line2": "б", "line3": "в"}), api_key="sk-s")
    with BackgroundServer(fake) as llm:
        settings = Settings(provider="openai", openai_api_base=llm.url + "/v1", openai_api_key="sk-s")
        app = create_app(settings)
        with TestClient(app) as client:
            assert client.post("/haiku/generate_haiku", json={"theme": "осень"}).status_code in (200, 502)
            haiku_service = app.state.routers["/haiku"].haiku_service
            provider = haiku_service._gateway.provider
            assert provider._client is not None
        assert provider._client is None  # closed by the router's lifespan, merged into the app's


def test_rerank_uses_the_llm_when_a_provider_is_configured(data_dir: object) -> None:
    from agentcore.testing.fake_openai import create_fake_openai

    fake = create_fake_openai(api_key="sk-r")
    with BackgroundServer(fake) as llm:
        settings = Settings(provider="openai", openai_api_base=llm.url + "/v1", openai_api_key="sk-r", openai_model="m")
        with BackgroundServer(create_app(settings)) as server:
            result = httpx.post(
                server.url + "/rag/search",
                timeout=60,
                json={"question": "Как оформить отпуск?", "top_k": 2, "rerank": True},
            )
    assert result.status_code == 200, result.text
    assert len(result.json()["chunk_texts"]) == 2
    formats = [r.json.get("response_format") or {} for r in fake.state.fake.requests.of("chat")]
    assert any((f.get("json_schema") or {}).get("name") == "RerankJudgement" for f in formats)


def test_research_and_openai_compatible_agents_are_served(settings: Settings) -> None:
    from openai import OpenAI

    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        paths = client.get("/openapi.json").json()["paths"]
        assert {"/research/stream", "/research", "/research/tools", "/v1/chat/completions", "/v1/models"} <= set(paths)
        body = client.post("/research", json={"question": "Как оформить отпуск?"}).json()
        assert body["metadata"]["answered"] is True and body["citations"]
        sdk = OpenAI(base_url=server.url + "/v1", api_key="unused", max_retries=0, timeout=60)
        assert [m.id for m in sdk.models.list()] == ["assistant", "research", "sgr-example"]
        question = [{"role": "user", "content": "Где лежат логи?"}]
        answer = sdk.chat.completions.create(model="research", messages=question)  # type: ignore[arg-type]
        assert "Источники:" in (answer.choices[0].message.content or "")
        chunks = list(
            sdk.chat.completions.create(
                model="sgr-example", messages=[{"role": "user", "content": "Который час?"}], stream=True
            )
        )
        text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
        deltas = [c.choices[0].delta for c in chunks if c.choices]
        reasoning = "".join((d.model_extra or {}).get("reasoning_content", "") for d in deltas)
        # The agent's own tool call is a step (reasoning), never a tool call the client would have to run.
        assert text.startswith("Сейчас ") and not any(c.choices and c.choices[0].delta.tool_calls for c in chunks)
        assert "get_current_time" in reasoning or "→" in reasoning


def test_agents_on_an_unconfigured_provider_answer_503_not_500(data_dir: object) -> None:
    import openai
    from openai import OpenAI

    settings = Settings(provider="gigachat")  # no credentials
    with BackgroundServer(create_app(settings)) as server:
        research = httpx.post(server.url + "/research", json={"question": "Как оформить отпуск?"}, timeout=60)
        assert research.status_code in (502, 503) and "error" in research.json(), research.text
        sdk = OpenAI(base_url=server.url + "/v1", api_key="unused", max_retries=0, timeout=60)
        question = [{"role": "user", "content": "Который час?"}]
        with pytest.raises(openai.APIStatusError) as caught:
            sdk.chat.completions.create(model="sgr-example", messages=question)  # type: ignore[arg-type]
        assert caught.value.status_code in (502, 503)
        with pytest.raises(openai.APIError):
            list(sdk.chat.completions.create(model="research", messages=question, stream=True))  # type: ignore[arg-type]
        too_long = [{"role": "user", "content": "я" * 5000}]
        with pytest.raises(openai.UnprocessableEntityError):
            sdk.chat.completions.create(model="research", messages=too_long)  # type: ignore[arg-type]


def test_research_model_refuses_bad_questions_before_streaming(settings: Settings) -> None:
    import openai
    from openai import OpenAI

    with BackgroundServer(create_app(settings)) as server:
        sdk = OpenAI(base_url=server.url + "/v1", api_key="unused", max_retries=0, timeout=60)
        too_long = [{"role": "user", "content": "я" * 100_000}]
        for stream in (False, True):
            with pytest.raises(openai.UnprocessableEntityError) as caught:
                sdk.chat.completions.create(model="research", messages=too_long, stream=stream)  # type: ignore[call-overload]
            assert caught.value.response.json()["code"] == "validation_error"


def test_read_tokens_guard_every_system_but_health_and_the_crm_key(data_dir: object) -> None:
    from pydantic import SecretStr

    settings = Settings(read_tokens=SecretStr("read-1"), admin_tokens=SecretStr("admin-1"))
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        for path in ("/research/tools", "/v1/models", "/scrum/teams", "/rag/collections"):
            refused = client.get(path)
            assert refused.status_code == 401 and refused.json()["code"] == "unauthorized", path
            for token in ("read-1", "admin-1"):
                assert client.get(path, headers={"Authorization": f"Bearer {token}"}).status_code == 200, path
        assert client.get("/health").status_code == 200
        assert client.get("/rag/health").status_code == 200
