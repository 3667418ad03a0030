"""The RAG HTTP service (seed 000, "Шаг 5 / rag_search"): ``GET /health`` and ``POST /search``.

``create_app()`` returns a FastAPI app that works standalone (``agentcore rag serve``) or mounted under ``/rag``
of a bigger server.  Mounted apps get no lifespan events, so nothing here relies on them: the engine is created
lazily under a lock on first use, and (when the app builds its own engine) warmed up in a background thread at
creation — the bundled knowledge base is indexed into ``default`` then, silently, and cached on disk.

Every error answer is JSON ``{"error": "<Russian message>"}`` with a 4xx status for bad input (422 validation,
404 unknown collection, 409 empty collection, 400 dense mode without embedder) and 5xx only for server faults.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from dataclasses import replace
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from agentcore.config import Settings, get_settings
from agentcore.rag.answer import answer_messages, decline, extractive_answer
from agentcore.rag.engine import RagEngine
from agentcore.rag.errors import RagError
from agentcore.rag.models import SearchResult
from agentcore.rag.rerank import arerank
from agentcore.rag.searcher import Searcher
from agentcore.serving import closing_lifespan

logger = logging.getLogger("agentcore.rag.service")


def _encodable(value: str) -> str:
    """Reject text that cannot be UTF-8 (lone surrogates from a JSON ``\\ud800`` escape)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("текст содержит недопустимые символы (непарные суррогаты)") from None
    return value


Text = Annotated[str, AfterValidator(_encodable)]


class SearchRequest(BaseModel):
    """Body of ``POST /search``."""

    question: Text = Field(description="вопрос пользователя")
    top_k: int | None = Field(None, description="сколько чанков вернуть (по умолчанию PARAM_RAG_TOP_K)")
    collection: Text | None = Field(None, description="коллекция (по умолчанию активная)")
    mode: Literal["bm25", "dense", "hybrid"] | None = Field(None, description="режим поиска; без него решает роутер")
    rerank: bool = Field(
        False,
        description="переранжировать результаты моделью, если настроен провайдер LLM "
        "(локальное переранжирование выполняется всегда)",
    )


class SearchResponse(BaseModel):
    """Answer of ``POST /search``: the three fields of seed 000 first, then diagnostics."""

    answer: str
    chunk_title_list: list[str]
    chunk_texts: list[str]
    chunk_ids: list[str]
    scores: list[float]
    mode: str
    route_reason: str
    collection: str
    answer_source: Literal["llm", "extractive", "none"] = Field(
        description="кто составил ответ; none — в базе знаний нет ответа (answerable = false)"
    )
    answerable: bool = Field(description="достаточно ли найденного, чтобы ответить")
    confidence: float | None = Field(description="уверенность, по которой решается answerable")


class HealthResponse(BaseModel):
    """Answer of ``GET /health``."""

    status: str
    collection: str
    documents: int
    chunks: int


class ErrorResponse(BaseModel):
    """Every error body."""

    error: str


class FetchRequest(BaseModel):
    """Body of ``POST /fetch_docs``."""

    ids: list[Text] = Field(max_length=200)
    collection: Text | None = None


class ActivateRequest(BaseModel):
    """Body of ``POST /collections/active``."""

    name: Text


class _Service:
    """Lazily created engine and gateway, shared by the app's requests."""

    def __init__(self, settings: Settings, engine: RagEngine | None, gateway: Any | None) -> None:
        self.settings = settings
        self._engine = engine
        self._gateway = gateway
        self._lock = threading.Lock()
        self._gateway_lock = threading.Lock()

    def searcher(self) -> Searcher:
        """The engine's read face (the service never writes)."""
        with self._lock:
            if self._engine is None:
                self._engine = RagEngine(self.settings)
            return self._engine.searcher

    def llm_for_rerank(self) -> Any | None:
        """The gateway when a real (non-offline) provider is configured, else ``None``."""
        from agentcore.llm.errors import LLMConfigError

        try:
            gateway = self.gateway()
        except LLMConfigError:
            return None
        name = getattr(getattr(gateway, "provider", None), "name", "offline")
        return gateway if gateway is not None and name != "offline" else None

    async def aclose(self) -> None:
        """Close the LLM gateway if one was created."""
        if self._gateway is not None:
            await self._gateway.aclose()

    def warm_up(self) -> None:
        try:
            self.searcher().info()
        except Exception as exc:  # reported again, properly, by the first request
            logger.warning("service // Warm-up failed: %s", exc)

    def gateway(self) -> Any | None:
        """The LLM gateway, or ``None`` on the offline provider (answers are extractive then)."""
        with self._gateway_lock:
            if self._gateway is None and self.settings.provider != "offline":
                from agentcore.llm.factory import create_gateway

                self._gateway = create_gateway(self.settings)
            return self._gateway

    async def answer(self, question: str, result: SearchResult) -> tuple[str, Literal["llm", "extractive", "none"]]:
        hits = result.hits
        if not hits or not result.answerable:
            return decline(hits), "none"
        from agentcore.llm.errors import LLMConfigError

        try:
            gateway = self.gateway()
        except LLMConfigError as exc:  # a misconfigured provider must not break retrieval
            logger.warning("search // LLM provider is not configured, using the extractive answer: %s", exc)
            return extractive_answer(question, hits), "extractive"
        provider = getattr(getattr(gateway, "provider", None), "name", "offline")
        if gateway is None or provider == "offline":
            return extractive_answer(question, hits), "extractive"
        from agentcore.llm.models import LLMMessage, LLMRequest

        messages = [LLMMessage(role=m["role"], content=m["content"]) for m in answer_messages(question, hits)]
        try:
            response = await gateway.request(LLMRequest(messages=messages, step="rag.answer"))
            content = (response.content or "").strip()
            if content:
                return content, "llm"
            logger.warning("search // LLM returned an empty answer; using the extractive answer")
        except Exception as exc:  # the answer degrades to extractive; retrieval results are still useful
            logger.warning("search // LLM answer failed, using the extractive answer: %s", exc)
        return extractive_answer(question, hits), "extractive"


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse(status_code=status, content={"error": message})


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for error in exc.errors()[:5]:
        location = ".".join(str(p) for p in error.get("loc", ()) if p != "body") or "тело запроса"
        parts.append(f"{location}: {error.get('msg', 'ошибка')}")
    return "некорректный запрос: " + "; ".join(parts)


def create_app(
    settings: Settings | None = None,
    engine: RagEngine | None = None,
    gateway: Any | None = None,
    *,
    warm_up: bool | None = None,
) -> FastAPI:
    """Build the RAG service.

    Args:
        settings: configuration (``get_settings()`` when omitted).
        engine: a ready engine (tests inject one with a small embedder); created lazily when omitted.
        gateway: an LLM gateway; by default ``create_gateway(settings)`` for real providers, none when offline.
        warm_up: index/load the active collection in a background thread now (default: when ``engine`` is
            omitted).
    """
    settings = settings or get_settings()
    service = _Service(settings, engine, gateway)
    app = FastAPI(
        title="agentcore RAG",
        summary="Поиск по базе знаний (BM25 + плотные векторы, RRF) и ответ по найденным фрагментам",
        version="1.0",
        lifespan=closing_lifespan(service.aclose),
    )
    app.state.rag = service
    errors: dict[int | str, dict[str, Any]] = {
        code: {"model": ErrorResponse} for code in (400, 404, 409, 422, 500, 503)
    }

    @app.exception_handler(RequestValidationError)
    async def _on_validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(422, _validation_message(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _on_http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _on_unexpected(request: Request, exc: Exception) -> JSONResponse:
        if isinstance(exc, UnicodeError):  # e.g. lone surrogates in a JSON string
            return _error(422, "текст запроса содержит недопустимые символы")
        logger.exception("service // %s %s failed", request.method, request.url.path)
        return _error(500, "внутренняя ошибка сервиса RAG")

    @app.exception_handler(RagError)
    async def _on_rag(request: Request, exc: RagError) -> JSONResponse:
        logger.info("service // %s %s -> %d: %s", request.method, request.url.path, exc.status_code, exc)
        return _error(exc.status_code, str(exc))

    @app.get("/health", response_model=HealthResponse, responses={503: {"model": ErrorResponse}})
    def health() -> Any:
        """Service status and the size of the active collection."""
        try:
            info = service.searcher().info()
        except RagError as exc:
            return JSONResponse(
                status_code=503,
                content={"status": "error", "error": str(exc), "collection": "", "documents": 0, "chunks": 0},
            )
        return HealthResponse(status="ok", collection=info.name, documents=info.documents, chunks=info.chunks)

    @app.post("/search", response_model=SearchResponse, responses=errors)
    async def search(body: SearchRequest) -> Any:
        """Retrieve the top chunks for ``question`` and answer from them."""
        try:
            rag = await asyncio.to_thread(service.searcher)
            gateway = service.llm_for_rerank() if body.rerank else None
            if gateway is None:
                result = await rag.aretrieve(body.question, body.top_k, mode=body.mode, collection=body.collection)
            else:  # LLM rerank: a wider pool, reordered by the model (local rerank if the model fails)
                top_k = body.top_k or service.settings.param_rag_top_k
                pool = max(top_k, min(20, service.settings.rag_max_top_k))
                result = await rag.aretrieve(body.question, pool, mode=body.mode, collection=body.collection)
                result = replace(result, hits=await arerank(body.question, result.hits, gateway, top_k))
            answer, source = await service.answer(body.question, result)
        except RagError:
            raise
        except Exception:
            logger.exception("search // Unexpected error")
            return _error(500, "внутренняя ошибка сервиса RAG")
        return SearchResponse(
            answer=answer,
            chunk_title_list=[h.title for h in result.hits],
            chunk_texts=[h.text for h in result.hits],
            chunk_ids=[h.id for h in result.hits],
            scores=[h.score for h in result.hits],
            mode=result.mode,
            route_reason=result.reason,
            collection=result.collection,
            answer_source=source,
            answerable=result.answerable,
            confidence=result.confidence,
        )

    @app.post("/fetch_docs", responses=errors)
    async def fetch_docs(body: FetchRequest) -> Any:
        """Chunks or whole documents by id; unknown ids are listed in ``missing``."""
        rag = await asyncio.to_thread(service.searcher)
        result = await rag.afetch_docs(body.ids, body.collection)
        return {"items": [item.to_dict() for item in result.items], "missing": result.missing}

    @app.get("/collections", responses=errors)
    def collections() -> Any:
        """Stored collections and which one is active."""
        return {"collections": [vars_of(info) for info in service.searcher().collections()]}

    @app.post("/collections/active", responses=errors)
    def activate(body: ActivateRequest) -> Any:
        """Switch the active collection (hot swap, no restart)."""
        rag = service.searcher()
        rag.use_collection(body.name)
        return {"active": rag.active}

    if warm_up if warm_up is not None else engine is None:
        threading.Thread(target=service.warm_up, name="rag-warm-up", daemon=True).start()
    return app


def vars_of(obj: Any) -> dict[str, Any]:
    """A dataclass instance as a dict."""
    from dataclasses import asdict

    return asdict(obj)
