"""The RAG service over real HTTP (uvicorn on a loopback port, httpx client)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from pydantic import SecretStr

from agentcore.apps.rag.http import create_app
from agentcore.config import Settings
from agentcore.llm import ScriptedProvider
from agentcore.llm.gateway import SimpleLLMGateway
from agentcore.llm.models import LLMRequest, LLMResponse
from agentcore.llm.offline import to_response
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.rag.engine import RagEngine
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
    body = response.json()
    listed = {c["name"]: c["version"] for c in httpx.get(url + "/collections", timeout=10).json()["collections"]}
    assert body.pop("version") == listed["test"]  # the version this process answers from
    assert body == {"status": "ok", "collection": "test", "documents": 5, "chunks": 9}


def test_search_returns_seed_fields(url: str) -> None:
    response = httpx.post(url + "/search", json={"question": "Сколько дней длится ежегодный отпуск?"}, timeout=10)
    assert response.status_code == 200
    body = response.json()
    assert list(body)[:3] == ["answer", "chunk_title_list", "chunk_texts"]
    assert len(body["chunk_title_list"]) == len(body["chunk_texts"]) == 2  # PARAM_RAG_TOP_K
    assert body["chunk_title_list"][0] == "Отпуск"
    # the claims shown, each with its citation, then the sections cited (the seed's client prints only the text)
    assert body["answer"] == "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1].\nИсточники: [1] Отпуск."
    assert body["answer_source"] == "extractive" and body["grounded"] is True
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


def test_the_part_the_documents_do_not_answer_is_named(url: str) -> None:
    question = "Сколько дней длится ежегодный отпуск и сколько стоит парковка?"
    body = httpx.post(url + "/search", json={"question": question}, timeout=10).json()
    assert body["answer"].splitlines() == [
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1].",
        "В документах не нашлось: сколько стоит парковка.",
        "Источники: [1] Отпуск.",
    ]
    assert body["answer_source"] == "extractive" and body["grounded"] is True
    assert body["missing_parts"] == ["сколько стоит парковка"] and body["removed_claims"] == []
    assert [(c["status"], c["citations"]) for c in body["claims"]] == [("supported", [1])]
    assert body["citations"] == [
        {"index": 1, "id": "vacation#0", "ids": ["vacation#0"], "doc_id": "vacation", "title": "Отпуск"}
    ]


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


def test_bad_input_has_a_code(url: str) -> None:
    codes = {
        "": "validation_error",
        "nope": "unknown_collection",
    }
    with httpx.Client(base_url=url, timeout=10) as client:
        assert client.post("/search", json={"question": ""}).json()["code"] == codes[""]
        body = client.post("/search", json={"question": "отпуск", "collection": "nope"}).json()
        assert set(body) == {"error", "code"} and body["code"] == codes["nope"]


def test_malformed_bodies(url: str) -> None:
    json_header = {"content-type": "application/json"}
    response = httpx.post(url + "/search", content=b"{not json", headers=json_header)
    assert response.status_code == 400 and response.json()["code"] == "invalid_json"
    response = httpx.post(url + "/search", content=b"[1, 2]", headers=json_header)
    assert response.status_code == 422 and response.json()["code"] == "validation_error"
    response = httpx.post(url + "/search", json={"question": "отпуск", "top_k": True})
    assert response.status_code == 422 and "top_k" in response.json()["error"]  # strict: true is not 1
    response = httpx.post(url + "/search", json={"question": "отпуск", "topk": 3})
    assert response.status_code == 422 and "topk: неизвестное поле" in response.json()["error"]
    response = httpx.get(url + "/nope")
    assert response.status_code == 404 and response.json() == {"error": "маршрут не найден", "code": "not_found"}
    response = httpx.get(url + "/search")
    assert response.status_code == 405 and response.headers["allow"] == "POST"


def test_collection_name_with_a_final_newline_is_refused(url: str) -> None:
    """Issue 12: ``$`` in the name regex let ``"test\n"`` through."""
    response = httpx.post(url + "/search", json={"question": "отпуск", "collection": "test\n"}, timeout=10)
    assert response.status_code == 422 and "имя коллекции" in response.json()["error"]


def test_long_collection_name_is_not_echoed(url: str, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 12: a 10 MB name came back whole in the 422 and in the log line."""
    name = "Я" * 400_000  # 800 KB of UTF-8: under the 1 MiB body limit
    response = httpx.post(url + "/search", json={"question": "отпуск", "collection": name}, timeout=30)
    assert response.status_code == 422 and len(response.content) < 500
    assert "ЯЯЯЯЯЯЯЯЯЯ" not in response.text
    assert all(len(record.getMessage()) < 20_000 for record in caplog.records)


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
    body = response.json()
    assert body["status"] == "error" and "missing" in body["error"] and body["code"] == "unknown_collection"


def test_llm_answer_through_gateway(serve: Any, settings: Settings, indexed: RagEngine) -> None:
    provider = ScriptedProvider(["Отпуск длится 28 календарных дней [1]."])
    url = serve(create_app(settings, engine=indexed, gateway=SimpleLLMGateway(provider)))
    body = httpx.post(url + "/search", json={"question": "Сколько дней составляет отпуск?"}, timeout=10).json()
    assert body["answer"] == "Отпуск длится 28 календарных дней [1].\nИсточники: [1] Отпуск."
    assert body["answer_source"] == "llm" and body["grounded"] is True
    request = provider.requests[0]
    assert request.step == "rag.answer"
    assert "[1] Отпуск" in (request.messages[-1].content or "")


class _RealProvider(ScriptedProvider):
    """A provider the service takes for a real one (``judge_for`` picks ``LLMJudge``): the answer from the script,
    the claim judge confirming claim 1, the focus judge answering part 1 with ``focus`` sentences."""

    name = "gigachat"

    def __init__(self, script: list[str], focus: list[int]) -> None:
        super().__init__(script)
        self.focus = focus
        self.steps: list[str | None] = []

    async def complete(self, request: LLMRequest) -> LLMResponse:
        self.steps.append(request.step)
        if request.step == "rag.support":
            return to_response({"verdicts": [{"claim": 1, "supported_by": [1]}]})
        if request.step == "rag.focus":
            return to_response({"parts": [{"part": 1, "sentences": self.focus}]})
        return await super().complete(request)


@pytest.mark.parametrize(("focus", "answered"), [([1], True), ([], False)])
def test_the_search_answer_goes_through_the_models_focus_judge(
    serve: Any, settings: Settings, indexed: RagEngine, focus: list[int], answered: bool
) -> None:
    # the rules answer the question; the model's reading of it has the last word (a «no» declines)
    provider = _RealProvider(["Отпуск длится 28 календарных дней [1]."], focus)
    url = serve(create_app(settings, engine=indexed, gateway=SimpleLLMGateway(provider)))
    body = httpx.post(url + "/search", json={"question": "Сколько дней составляет отпуск?"}, timeout=10).json()
    assert provider.steps == ["rag.answer", "rag.support", "rag.focus"]
    assert (body["answer_source"] == "llm") is answered and body["grounded"] is answered
    if answered:
        assert body["answer"] == "Отпуск длится 28 календарных дней [1].\nИсточники: [1] Отпуск."
    else:
        assert body["answer"].startswith("В базе знаний нет ответа")
        assert [r["decided_by"] for r in body["removed_claims"]] == ["judge"]


def test_llm_answer_shows_only_supported_claims(serve: Any, settings: Settings, indexed: RagEngine) -> None:
    provider = ScriptedProvider(["Отпуск длится 28 календарных дней [1]. Отпуск длится 45 календарных дней [1]."])
    url = serve(create_app(settings, engine=indexed, gateway=SimpleLLMGateway(provider)))
    body = httpx.post(url + "/search", json={"question": "Сколько дней составляет отпуск?"}, timeout=10).json()
    assert body["answer"].startswith("Отпуск длится 28 календарных дней [1].") and "45" not in body["answer"]
    # the question is answered: the removed claim adds no «В документах не нашлось» line
    assert body["answer"] == "Отпуск длится 28 календарных дней [1].\nИсточники: [1] Отпуск."
    # the false claim is reported, never shown
    assert [(c["claim"], c["status"]) for c in body["claims"]] == [
        ("Отпуск длится 28 календарных дней.", "supported"),
        (None, "contradicted"),  # a removed claim's text is only in removed_claims
    ]
    assert body["removed_claims"] == [
        {
            "claim": "Отпуск длится 45 календарных дней.",
            "status": "contradicted",
            "missing": ["45 день"],
            "decided_by": "guard",
        }
    ]
    assert body["grounded"] is True and body["missing_parts"] == []
    assert body["citations"] == [
        {"index": 1, "id": "vacation#0", "ids": ["vacation#0"], "doc_id": "vacation", "title": "Отпуск"}
    ]


def test_a_model_answer_with_no_true_claim_is_declined(serve: Any, settings: Settings, indexed: RagEngine) -> None:
    provider = ScriptedProvider(["Отпуск длится 45 календарных дней [1]. Отпуск можно не оформлять [1]."])
    url = serve(create_app(settings, engine=indexed, gateway=SimpleLLMGateway(provider)))
    body = httpx.post(url + "/search", json={"question": "Сколько дней составляет отпуск?"}, timeout=10).json()
    assert body["answer"].startswith("В базе знаний нет ответа на этот вопрос. Ближе всего по теме: «Отпуск»")
    assert "45" not in body["answer"] and "не оформлять" not in body["answer"]
    assert body["answer_source"] == "none" and body["grounded"] is False and body["citations"] == []
    assert [c["claim"] for c in body["removed_claims"]] == [
        "Отпуск длится 45 календарных дней.",
        "Отпуск можно не оформлять.",
    ]


def test_llm_failure_degrades_to_extractive(serve: Any, settings: Settings, indexed: RagEngine) -> None:
    provider = ScriptedProvider([RuntimeError("provider down")])
    url = serve(create_app(settings, engine=indexed, gateway=SimpleLLMGateway(provider)))
    response = httpx.post(url + "/search", json={"question": "Сколько дней составляет отпуск?"}, timeout=10)
    assert response.status_code == 200
    body = response.json()
    # the extractive answer it degrades to is checked like any other: claims, citations, the sources line
    assert body["answer_source"] == "extractive" and body["grounded"] is True
    assert body["answer"] == "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1].\nИсточники: [1] Отпуск."
    assert [c["status"] for c in body["claims"]] == ["supported"]


@pytest.mark.parametrize("reply", ["", "   "])
def test_an_empty_model_answer_degrades_to_the_checked_extractive_one(
    serve: Any, settings: Settings, indexed: RagEngine, reply: str
) -> None:
    provider = ScriptedProvider([reply])
    url = serve(create_app(settings, engine=indexed, gateway=SimpleLLMGateway(provider)))
    body = httpx.post(url + "/search", json={"question": "Сколько дней составляет отпуск?"}, timeout=10).json()
    assert body["answer_source"] == "extractive" and body["grounded"] is True
    assert body["answer"].endswith("[1].\nИсточники: [1] Отпуск.")


def test_declined_question_makes_no_llm_call(serve: Any, settings: Settings, indexed: RagEngine) -> None:
    provider = ScriptedProvider(["выдумка"])
    url = serve(create_app(settings, engine=indexed, gateway=SimpleLLMGateway(provider)))
    body = httpx.post(url + "/search", json={"question": "Как оформить ипотеку?"}, timeout=10).json()
    assert body["answer_source"] == "none" and "выдумка" not in body["answer"] and provider.requests == []


def test_router_under_a_prefix_initialises_lazily(
    serve: Any, data_dir: Path, kb_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Included under /rag of a bigger app, with no engine given: lazy creation builds the default collection."""
    from agentcore.apps.rag.http import create_router
    from agentcore.web.app import create_base_app

    monkeypatch.setattr("agentcore.rag.indexer.bundled_kb_path", lambda: kb_dir)
    monkeypatch.setattr("agentcore.rag.engine.create_embedder", lambda *args, **kwargs: HashingEmbedder())
    settings = Settings(data_dir=data_dir, provider="offline")
    parent = create_base_app(settings)
    parent.include_router(create_router(settings, warm_up=False), prefix="/rag")
    url = serve(parent)
    assert httpx.get(url + "/rag/health", timeout=30).json()["collection"] == "default"
    body = httpx.post(url + "/rag/search", json={"question": "Как подключиться к OpenVPN?"}, timeout=30).json()
    assert body["chunk_ids"][0].startswith("vpn#")
    response = httpx.post(url + "/rag/search", json={"question": ""}, timeout=10)
    assert response.status_code == 422 and response.json()["code"] == "validation_error"
    assert "/rag/search" in httpx.get(url + "/openapi.json", timeout=10).json()["paths"]


def test_collections_and_hot_swap_over_http(serve: Any, settings: Settings, indexed: RagEngine, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "cats.md").write_text("# Коты\n\nКоты спят весь день.", encoding="utf-8")
    indexed.indexer.index_path(other, "cats")
    settings = settings.model_copy(update={"admin_tokens": SecretStr("adm-token-1")})
    url = serve(create_app(settings, engine=indexed))
    names = {c["name"]: c for c in httpx.get(url + "/collections", timeout=10).json()["collections"]}
    assert names["test"]["active"] and names["test"]["dense"] and names["cats"]["chunks"] == 1
    admin = {"Authorization": "Bearer adm-token-1"}
    switched = httpx.post(url + "/collections/active", json={"name": "cats"}, headers=admin, timeout=10)
    assert switched.json() == {"active": "cats"}
    assert httpx.get(url + "/health", timeout=10).json()["collection"] == "cats"
    response = httpx.post(url + "/collections/active", json={"name": "nope"}, headers=admin, timeout=10)
    assert response.status_code == 404 and "nope" in response.json()["error"]
    assert response.json()["code"] == "unknown_collection"


def test_admin_routes_need_a_token(serve: Any, settings: Settings, indexed: RagEngine) -> None:
    closed = serve(create_app(settings, engine=indexed))  # no AGENTCORE_ADMIN_TOKENS: closed
    response = httpx.post(closed + "/collections/active", json={"name": "test"}, timeout=10)
    assert response.status_code == 403 and response.json()["code"] == "admin_disabled"
    response = httpx.post(closed + "/index", json={"documents": [{"doc_id": "a", "text": "б"}]}, timeout=10)
    assert response.status_code == 403
    guarded = serve(create_app(settings.model_copy(update={"admin_tokens": SecretStr("adm-1")}), engine=indexed))
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic adm-1"}):
        response = httpx.post(guarded + "/collections/active", json={"name": "test"}, headers=headers, timeout=10)
        assert response.status_code == 401 and response.json()["code"] == "unauthorized"
        assert response.headers["www-authenticate"] == "Bearer"
    ok = httpx.post(guarded + "/collections/active", json={"name": "test"}, headers={"X-Admin-Token": "adm-1"})
    assert ok.status_code == 200


def test_read_routes_close_with_read_tokens(serve: Any, settings: Settings, indexed: RagEngine) -> None:
    tokens = {"read_tokens": SecretStr("rd-1"), "admin_tokens": SecretStr("adm-1")}
    url = serve(create_app(settings.model_copy(update=tokens), engine=indexed))
    question = {"question": "отпуск"}
    assert httpx.get(url + "/health", timeout=10).status_code == 200  # health stays open for probes
    assert httpx.post(url + "/search", json=question, timeout=10).json()["code"] == "unauthorized"
    assert httpx.get(url + "/collections", timeout=10).status_code == 401
    for token in ("rd-1", "adm-1"):
        response = httpx.post(url + "/search", json=question, headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 200, token


def test_index_documents_over_http(serve: Any, settings: Settings, indexed: RagEngine) -> None:
    settings = settings.model_copy(update={"admin_tokens": SecretStr("adm-1")})
    url = serve(create_app(settings, engine=indexed))
    admin = {"Authorization": "Bearer adm-1"}
    documents = [
        {"doc_id": "canteen", "text": "# Столовая\n\nСтоловая работает с 12 до 15 часов на третьем этаже."},
        {"doc_id": "parking", "text": "<h1>Парковка</h1><p>Пропуск на парковку выдаёт охрана.</p>", "format": "html"},
    ]
    response = httpx.post(url + "/index", json={"documents": documents}, headers=admin, timeout=30)
    assert response.status_code == 200, response.text
    report = response.json()
    assert report["collection"] == "test" and sorted(report["added"]) == ["canteen", "parking"]
    assert report["documents"] == 7
    found = httpx.post(url + "/search", json={"question": "Когда работает столовая?", "top_k": 1}, timeout=10)
    assert found.json()["chunk_title_list"] == ["Столовая"]
    again = httpx.post(url + "/index", json={"documents": documents[:1]}, headers=admin, timeout=30).json()
    assert again["unchanged"] == ["canteen"] and again["added"] == []
    for bad, fragment in [
        ({"documents": []}, "documents"),
        ({"documents": [{"doc_id": "a#1", "text": "x"}]}, "doc_id"),
        ({"documents": [{"doc_id": "a", "text": "   "}]}, "text"),
        ({"documents": [{"doc_id": "a", "text": "x"}], "collection": "../etc"}, "имя коллекции"),
        ({"documents": [{"doc_id": "a", "text": "<p></p>", "format": "html"}]}, "без текста"),
    ]:
        response = httpx.post(url + "/index", json=bad, headers=admin, timeout=10)
        assert response.status_code == 422 and fragment in response.json()["error"], (bad, response.text)
    # Found by benchmarks/http_fuzz.py: a collection without a single index term made the BM25 build fail (500).
    punctuation = {"documents": [{"doc_id": "x", "text": "…!?"}], "collection": "punct"}
    response = httpx.post(url + "/index", json=punctuation, headers=admin, timeout=10)
    assert response.status_code == 200 and response.json()["chunks"] == 1, response.text
    found = httpx.post(url + "/search", json={"question": "отпуск", "collection": "punct", "mode": "bm25"}, timeout=10)
    assert found.status_code == 200 and found.json()["chunk_ids"] == []


def test_fetch_docs_endpoint(url: str) -> None:
    body = httpx.post(url + "/fetch_docs", json={"ids": ["vpn#0", "payroll", "zzz"]}, timeout=10).json()
    assert [i["id"] for i in body["items"]] == ["vpn#0", "payroll"] and body["missing"] == ["zzz"]


def test_docs_are_served(url: str) -> None:
    assert httpx.get(url + "/docs", timeout=10).status_code == 200
    schema = httpx.get(url + "/openapi.json", timeout=10).json()
    assert "/search" in schema["paths"]
