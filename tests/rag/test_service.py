"""The RAG service over real HTTP (uvicorn on a loopback port, httpx client)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from agentcore.config import Settings
from agentcore.llm.gateway import SimpleLLMGateway
from agentcore.llm.scripted import ScriptedProvider
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.rag.engine import RagEngine
from agentcore.rag.service import create_app
from agentcore.serving import BackgroundServer


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[BackgroundServer] = []

    def start(app: FastAPI) -> str:
        server = BackgroundServer(app).start()
        servers.append(server)
        return server.url

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def url(serve: Any, settings: Settings, indexed: RagEngine) -> str:
    return serve(create_app(settings, engine=indexed))


def test_health(url: str) -> None:
    response = httpx.get(url + "/health", timeout=10)
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "collection": "test", "documents": 5, "chunks": 9}


def test_search_returns_seed_fields(url: str) -> None:
    response = httpx.post(url + "/search", json={"question": "Сколько дней длится ежегодный отпуск?"}, timeout=10)
    assert response.status_code == 200
    body = response.json()
    assert list(body)[:3] == ["answer", "chunk_title_list", "chunk_texts"]
    assert len(body["chunk_title_list"]) == len(body["chunk_texts"]) == 2  # PARAM_RAG_TOP_K
    assert body["chunk_title_list"][0] == "Отпуск"
    assert "28 календарных дней" in body["answer"] and "(Источники: Отпуск" in body["answer"]
    assert body["answer_source"] == "extractive"
    assert body["mode"] in ("bm25", "dense", "hybrid") and body["route_reason"]
    assert body["chunk_ids"][0] == "vacation#0" and len(body["scores"]) == 2


def test_search_options(url: str) -> None:
    body = httpx.post(
        url + "/search", json={"question": "TASK-12", "top_k": 1, "mode": "bm25", "collection": "test"}, timeout=10
    ).json()
    assert body["chunk_ids"] == ["vacation#1"] and body["mode"] == "bm25"
    body = httpx.post(url + "/search", json={"question": "Курс биткоина", "mode": "bm25"}, timeout=10).json()
    assert body["chunk_texts"] == [] and body["answer"] == "В базе знаний нет ответа на этот вопрос."
    assert body["answerable"] is False and body["answer_source"] == "none"


def test_weak_evidence_is_declined_with_the_closest_titles(url: str) -> None:
    body = httpx.post(url + "/search", json={"question": "Как оформить ипотеку?"}, timeout=10).json()
    assert body["answerable"] is False and body["answer_source"] == "none"
    assert body["answer"].startswith("В базе знаний нет ответа на этот вопрос. Ближе всего по теме: «")
    assert all(f"«{title}»" in body["answer"] for title in body["chunk_title_list"])


BAD_INPUT: list[tuple[dict[str, Any], int, str]] = [
    ({"question": ""}, 422, "пуст"),
    ({"question": "   "}, 422, "пуст"),
    ({"question": "а" * 2001}, 422, "2000"),
    ({"question": "отпуск", "top_k": 0}, 422, "top_k"),
    ({"question": "отпуск", "top_k": -3}, 422, "top_k"),
    ({"question": "отпуск", "top_k": 51}, 422, "top_k"),
    ({"question": "отпуск", "top_k": "много"}, 422, "top_k"),
    ({"question": "отпуск", "collection": "nope"}, 404, "nope"),
    ({"question": "отпуск", "collection": "../../etc"}, 422, "имя коллекции"),
    ({"question": "отпуск", "mode": "fuzzy"}, 422, "mode"),
    ({"top_k": 2}, 422, "question"),
    ({"question": 42}, 422, "question"),
]


def test_bad_input_is_a_json_4xx(url: str) -> None:
    with httpx.Client(base_url=url, timeout=10) as client:
        for payload, status, fragment in BAD_INPUT:
            response = client.post("/search", json=payload)
            assert response.status_code == status, payload
            assert fragment in response.json()["error"], (payload, response.json())


def test_malformed_bodies(url: str) -> None:
    response = httpx.post(url + "/search", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 422 and "error" in response.json()
    response = httpx.post(url + "/search", content=b"[1, 2]", headers={"content-type": "application/json"})
    assert response.status_code == 422 and "error" in response.json()
    response = httpx.get(url + "/nope")
    assert response.status_code == 404 and response.json() == {"error": "Not Found"}
    assert httpx.get(url + "/search").status_code == 405


def test_empty_collection_and_dense_without_embedder(serve: Any, settings: Settings, kb_dir: Path) -> None:
    engine = RagEngine(settings, embedder=None, backend=None)
    engine.indexer.create_collection("test")
    url = serve(create_app(settings, engine=engine))
    response = httpx.post(url + "/search", json={"question": "отпуск"}, timeout=10)
    assert response.status_code == 409 and "пуста" in response.json()["error"]
    engine.indexer.index_path(kb_dir)
    response = httpx.post(url + "/search", json={"question": "отпуск", "mode": "dense"}, timeout=10)
    assert response.status_code == 400 and "dense" in response.json()["error"]


def test_unknown_active_collection_fails_health(serve: Any, data_dir: Path) -> None:
    settings = Settings(data_dir=data_dir, rag_collection="missing")
    url = serve(create_app(settings, engine=RagEngine(settings, embedder=None, backend=None)))
    response = httpx.get(url + "/health", timeout=10)
    assert response.status_code == 503
    assert response.json()["status"] == "error" and "missing" in response.json()["error"]


def test_llm_answer_through_gateway(serve: Any, settings: Settings, indexed: RagEngine) -> None:
    provider = ScriptedProvider(["Отпуск длится 28 календарных дней [1]."])
    url = serve(create_app(settings, engine=indexed, gateway=SimpleLLMGateway(provider)))
    body = httpx.post(url + "/search", json={"question": "Сколько дней составляет отпуск?"}, timeout=10).json()
    assert body["answer"] == "Отпуск длится 28 календарных дней [1]." and body["answer_source"] == "llm"
    request = provider.requests[0]
    assert request.step == "rag.answer"
    assert "[1] Отпуск" in (request.messages[-1].content or "")


def test_llm_failure_degrades_to_extractive(serve: Any, settings: Settings, indexed: RagEngine) -> None:
    provider = ScriptedProvider([RuntimeError("provider down")])
    url = serve(create_app(settings, engine=indexed, gateway=SimpleLLMGateway(provider)))
    response = httpx.post(url + "/search", json={"question": "Сколько дней составляет отпуск?"}, timeout=10)
    assert response.status_code == 200
    assert response.json()["answer_source"] == "extractive"


def test_declined_question_makes_no_llm_call(serve: Any, settings: Settings, indexed: RagEngine) -> None:
    provider = ScriptedProvider(["выдумка"])
    url = serve(create_app(settings, engine=indexed, gateway=SimpleLLMGateway(provider)))
    body = httpx.post(url + "/search", json={"question": "Как оформить ипотеку?"}, timeout=10).json()
    assert body["answer_source"] == "none" and "выдумка" not in body["answer"] and provider.requests == []


def test_mounted_sub_app_initialises_without_lifespan(
    serve: Any, data_dir: Path, kb_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mounted under /rag of a bigger app, with no engine given: lazy creation builds the default collection."""
    monkeypatch.setattr("agentcore.rag.indexer.bundled_kb_path", lambda: kb_dir)
    monkeypatch.setattr("agentcore.rag.engine.create_embedder", lambda settings: HashingEmbedder())
    parent = FastAPI()
    parent.mount("/rag", create_app(Settings(data_dir=data_dir, provider="offline"), warm_up=False))
    url = serve(parent)
    assert httpx.get(url + "/rag/health", timeout=30).json()["collection"] == "default"
    body = httpx.post(url + "/rag/search", json={"question": "Как подключиться к OpenVPN?"}, timeout=30).json()
    assert body["chunk_ids"][0].startswith("vpn#")
    response = httpx.post(url + "/rag/search", json={"question": ""}, timeout=10)
    assert response.status_code == 422 and "error" in response.json()
    assert httpx.get(url + "/rag/openapi.json", timeout=10).status_code == 200


def test_collections_and_hot_swap_over_http(serve: Any, settings: Settings, indexed: RagEngine, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "cats.md").write_text("# Коты\n\nКоты спят весь день.", encoding="utf-8")
    indexed.indexer.index_path(other, "cats")
    url = serve(create_app(settings, engine=indexed))
    names = {c["name"]: c for c in httpx.get(url + "/collections", timeout=10).json()["collections"]}
    assert names["test"]["active"] and names["test"]["dense"] and names["cats"]["chunks"] == 1
    assert httpx.post(url + "/collections/active", json={"name": "cats"}, timeout=10).json() == {"active": "cats"}
    assert httpx.get(url + "/health", timeout=10).json()["collection"] == "cats"
    response = httpx.post(url + "/collections/active", json={"name": "nope"}, timeout=10)
    assert response.status_code == 404 and "nope" in response.json()["error"]


def test_fetch_docs_endpoint(url: str) -> None:
    body = httpx.post(url + "/fetch_docs", json={"ids": ["vpn#0", "payroll", "zzz"]}, timeout=10).json()
    assert [i["id"] for i in body["items"]] == ["vpn#0", "payroll"] and body["missing"] == ["zzz"]


def test_docs_are_served(url: str) -> None:
    assert httpx.get(url + "/docs", timeout=10).status_code == 200
    schema = httpx.get(url + "/openapi.json", timeout=10).json()
    assert "/search" in schema["paths"]
