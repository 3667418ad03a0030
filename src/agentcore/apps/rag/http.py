"""The RAG HTTP service (seed 000, "Шаг 5 / rag_search"): ``GET /health``, ``POST /search`` and the routes around
them.

:func:`create_router` builds an ``APIRouter`` that :mod:`agentcore.server` includes under ``/rag`` of the one app;
:func:`create_app` serves the same router standalone, at the root (``agentcore rag serve``, the in-process service
of ``agentcore chat``), so seed 000's ``RAG_SERVICE_URL`` + ``/search`` keeps working.

=========================== ========= ====================================================================
route                       access    what
=========================== ========= ====================================================================
``GET /health``             open      status and size of the active collection (503 when it cannot load)
``POST /search``            read      top chunks for a question and an answer from them (LLM or extractive),
                                      shown only as far as its claims are supported (``agentcore.rag.trust``)
``POST /fetch_docs``        read      chunks or whole documents by id
``GET /collections``        read      stored collections, which one is active
``POST /collections/active`` admin    switch the active collection for every worker (hot swap)
``POST /index``             admin     add or update documents sent in the body
=========================== ========= ====================================================================

"read" routes are open unless ``AGENTCORE_READ_TOKENS`` is set; "admin" routes need one of
``AGENTCORE_ADMIN_TOKENS`` (closed when unset).  Every error is ``{"error", "code"}`` (:mod:`agentcore.web`): 4xx
for bad input (422 validation, 404 unknown collection, 409 empty collection, 400 dense mode without an embedder),
5xx only for server faults.  A failing or hung model never fails a search: the answer falls back to the extractive
one within ``AGENTCORE_LLM_DEADLINE`` (and at once while the provider's circuit is open) — checked claim by claim as
every answer is.

The engine is created lazily under a lock on first use and, when the router builds its own engine, warmed up in a
background thread at creation (the bundled knowledge base is indexed into ``default`` then, and cached on disk).
"""

# No "from __future__ import annotations": the routes annotate their bodies with classes built at run time,
# which FastAPI must see as objects, not as names to look up.

import asyncio
import logging
import re
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import asdict, replace
from typing import Any, Literal, TypeVar

from fastapi import APIRouter, Depends, FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, create_model

from agentcore.appkit.plugin import EdgeContext, Mount
from agentcore.config import Settings, get_settings
from agentcore.llm import llm_deadline
from agentcore.rag import COLLECTION_NAME_PATTERN, arerank, validate_collection_name
from agentcore.rag.answer import answer_messages
from agentcore.rag.engine import RagEngine
from agentcore.rag.errors import (
    InvalidCollectionNameError,
    RetrievalError,
)
from agentcore.rag.models import SearchResult, SourceDocument
from agentcore.rag.searcher import Searcher
from agentcore.rag.trust import SearchAnswer, answer_search
from agentcore.serving import closing_lifespan
from agentcore.settings.rag import RagSettings
from agentcore.web.app import create_base_app
from agentcore.web.auth import reader_dependencies, require_admin
from agentcore.web.errors import ApiError, ErrorBody, error_responses
from agentcore.web.models import SPACE_CLASS, StrictModel, integer_type, text_type
from agentcore.web.status import answer_for

logger = logging.getLogger("agentcore.rag.service")

T = TypeVar("T")

# At most this many documents per POST /index (the body limit bounds their total size).
MAX_INDEX_DOCUMENTS = 500
MAX_FETCH_IDS = 200
# No '#' (chunk ids are "<doc_id>#<n>"), no control characters, no spaces at either end.
_DOC_ID_EDGE = rf"[^#\x00-\x1f\x7f-\x9f{SPACE_CLASS}]"
DOC_ID_PATTERN = rf"^{_DOC_ID_EDGE}([^#\x00-\x1f\x7f-\x9f]*{_DOC_ID_EDGE})?$"
_DOC_ID_RE = re.compile(DOC_ID_PATTERN[1:-1])  # fullmatch: "$" would let a final newline through


class ClaimEntry(BaseModel):
    """One claim of the answer and its verdict (the research agent's ``metadata.claims`` entry); a claim not shown
    has no text here (it is in ``removed_claims``)."""

    claim: str | None = Field(description="текст утверждения; null — не показано (текст в removed_claims)")
    status: Literal["supported", "unsupported", "contradicted"]
    supported: bool
    citations: list[int] = Field(description="номера [k] в показанном ответе")
    score: float
    missing: list[str] = Field(description="чего не нашлось во фрагментах (число, дата, имя…)")
    repointed: bool = Field(description="ссылка перенаправлена на фрагмент, где это сказано")
    decided_by: str = Field(description="guard, judge или focus")
    evidence_id: str | None
    evidence_title: str | None


class RemovedClaim(BaseModel):
    """A claim the user is not shown, and why."""

    claim: str
    status: Literal["unsupported", "contradicted"]
    missing: list[str]
    decided_by: str = Field(description="guard, judge или focus")


class AnswerCitation(BaseModel):
    """A section the answer cites: ``index`` is its ``[k]`` in the answer text."""

    index: int
    id: str
    ids: list[str] = Field(
        default_factory=list, description="все фрагменты раздела, процитированные под этим номером (первый — id)"
    )
    doc_id: str
    title: str


class SearchResponse(BaseModel):
    """Answer of ``POST /search``: the three fields of seed 000 first, then diagnostics, then the claim check of the
    answer (:func:`agentcore.rag.trust.answer_search`, the pipeline of ``agentcore ask``)."""

    answer: str = Field(description="ответ по RAG")
    chunk_title_list: list[str] = Field(description="заголовки топ чанков")
    chunk_texts: list[str] = Field(description="тексты топ чанков")
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
    grounded: bool = Field(
        False, description="ответ показан, и каждое его утверждение подтверждено процитированным фрагментом"
    )
    claims: list[ClaimEntry] = Field(default_factory=list, description="утверждения ответа с их проверкой")
    removed_claims: list[RemovedClaim] = Field(
        default_factory=list, description="утверждения, не показанные пользователю (не подтверждены)"
    )
    missing_parts: list[str] = Field(
        default_factory=list, description="части вопроса, названные в строке «В документах не нашлось: …»"
    )
    citations: list[AnswerCitation] = Field(
        default_factory=list, description="процитированные разделы: index — номер [k] в тексте ответа"
    )


class HealthResponse(BaseModel):
    """Answer of ``GET /health``."""

    status: Literal["ok"]
    collection: str
    version: str = Field(description="версия коллекции, которую видит этот процесс")
    documents: int
    chunks: int


class HealthError(ErrorBody):
    """``GET /health`` when the active collection cannot be loaded (503): the error body plus ``status``."""

    status: Literal["error"] = "error"


class CollectionSummary(BaseModel):
    """One stored collection."""

    name: str
    documents: int
    chunks: int
    version: str
    updated_at: str
    active: bool
    dense: bool


class CollectionsResponse(BaseModel):
    """Answer of ``GET /collections``."""

    collections: list[CollectionSummary]


class FetchResponse(BaseModel):
    """Answer of ``POST /fetch_docs``: the items found, in the order asked, and the ids not found."""

    items: list[dict[str, Any]]
    missing: list[str]


class ActiveResponse(BaseModel):
    """Answer of ``POST /collections/active``."""

    active: str


class IndexResponse(BaseModel):
    """Answer of ``POST /index``: what changed (doc ids) and the collection's size after it."""

    collection: str
    added: list[str]
    updated: list[str]
    unchanged: list[str]
    removed: list[str]
    documents: int
    chunks: int


def _collection_name(value: str) -> str:
    try:
        return validate_collection_name(value)
    except InvalidCollectionNameError as exc:
        raise ValueError(str(exc)) from None


def _request_models(rag: RagSettings) -> dict[str, type[BaseModel]]:
    """Request bodies with the limits of the ``rag`` section declared in their schema (and enforced by it)."""
    collection: Any = text_type(
        min_length=1,
        max_length=64,
        pattern=COLLECTION_NAME_PATTERN,
        check=_collection_name,
        description="коллекция: латинские буквы, цифры, '_', '-', '.', до 64 символов",
    )
    question: Any = text_type(
        min_length=1, max_length=rag.max_question_chars, non_blank=True, description="вопрос пользователя"
    )
    doc_id: Any = text_type(
        min_length=1, max_length=200, pattern=DOC_ID_PATTERN, check=_doc_id, description="идентификатор документа"
    )
    fetch_id: Any = text_type(min_length=1, max_length=300)
    fields: dict[str, dict[str, Any]] = {
        "SearchRequest": {
            "question": (question, ...),
            "top_k": (
                integer_type(ge=1, le=rag.max_top_k) | None,
                Field(None, description="сколько чанков (по умолчанию PARAM_RAG_TOP_K)"),
            ),
            "collection": (collection | None, Field(None, description="коллекция (по умолчанию активная)")),
            "mode": (
                Literal["bm25", "dense", "hybrid"] | None,
                Field(None, description="режим; без него решает роутер"),
            ),
            "rerank": (
                bool,
                Field(
                    False,
                    description="переранжировать моделью, если настроен провайдер LLM "
                    "(локальное переранжирование выполняется всегда)",
                ),
            ),
        },
        "FetchRequest": {
            "ids": (list[fetch_id], Field(max_length=MAX_FETCH_IDS)),
            "collection": (collection | None, None),
        },
        "ActivateRequest": {"name": (collection, ...)},
        "IndexDocument": {
            "doc_id": (doc_id, ...),
            "text": (text_type(min_length=1, non_blank=True, description="текст (Markdown, текст или HTML)"), ...),
            "title": (text_type(max_length=300) | None, Field(None, description="заголовок (по умолчанию из текста)")),
            "format": (Literal["markdown", "text", "html"], "markdown"),
        },
    }
    docs = {
        "SearchRequest": "Body of ``POST /search``.",
        "FetchRequest": "Body of ``POST /fetch_docs``.",
        "ActivateRequest": "Body of ``POST /collections/active``.",
        "IndexDocument": "One document of ``POST /index``; a document with an existing ``doc_id`` is replaced.",
        "IndexRequest": "Body of ``POST /index``.",
    }
    models: dict[str, type[BaseModel]] = {}
    for name, spec in fields.items():
        models[name] = create_model(name, __base__=StrictModel, __doc__=docs[name], **spec)
    document: Any = models["IndexDocument"]
    index_fields: dict[str, Any] = {
        "documents": (list[document], Field(min_length=1, max_length=MAX_INDEX_DOCUMENTS)),
        "collection": (collection | None, Field(None, description="коллекция (по умолчанию активная)")),
        "replace": (bool, Field(False, description="удалить из коллекции документы, которых нет в запросе")),
    }
    models["IndexRequest"] = create_model(
        "IndexRequest", __base__=StrictModel, __doc__=docs["IndexRequest"], **index_fields
    )
    return models


def _doc_id(value: str) -> str:
    if not _DOC_ID_RE.fullmatch(value):
        raise ValueError("идентификатор без '#', управляющих символов и пробелов по краям")
    return value


def rag_api_error(exc: RetrievalError) -> ApiError:
    """The HTTP answer for an engine error (:data:`agentcore.web.status.EDGE_STATUS`: its status and code, its
    message with URLs hidden and length capped)."""
    return answer_for(exc)


class _Service:
    """Lazily created engine and gateway, shared by the router's requests."""

    def __init__(self, settings: Settings, engine: RagEngine | None, gateway: Any | None) -> None:
        self.settings = settings
        self._engine = engine
        self._gateway = gateway
        self._lock = threading.Lock()
        self._gateway_lock = threading.Lock()

    def engine(self) -> RagEngine:
        """The engine (created on first use); shared with the research agent by ``agentcore serve``."""
        with self._lock:
            if self._engine is None:
                self._engine = RagEngine(self.settings)
            return self._engine

    def searcher(self) -> Searcher:
        """The engine's read face."""
        return self.engine().searcher

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
                from agentcore.appkit.gateway import gateway_for

                self._gateway = gateway_for(self.settings)
            return self._gateway

    async def answer(self, question: str, result: SearchResult) -> SearchAnswer:
        """The answer (:func:`agentcore.rag.trust.answer_search`): a decline naming the closest sections, with no
        model call, when the search found no evidence; else the model's answer or, without a model, the extractive
        one — either shown only as far as its claims are supported.  A model that fails or answers nothing leaves
        the extractive answer, checked the same way (never an unchecked one)."""
        hits = result.hits
        if not hits or not (result.answerable or result.possible):
            return await answer_search(question, result)
        from agentcore.llm.errors import LLMConfigError

        try:
            gateway = self.gateway()
        except LLMConfigError as exc:  # a misconfigured provider must not break retrieval
            logger.warning("search // LLM provider is not configured, using the extractive answer: %s", exc)
            return await answer_search(question, result)
        provider = getattr(getattr(gateway, "provider", None), "name", "offline")
        if gateway is None or provider == "offline":
            return await answer_search(question, result)
        from agentcore.llm.models import LLMMessage, LLMRequest
        from agentcore.rag.citations import judge_for

        messages = [LLMMessage(role=m["role"], content=m["content"]) for m in answer_messages(question, hits)]
        try:
            response = await gateway.request(LLMRequest(messages=messages, step="rag.answer"))
            content = (response.content or "").strip()
        except Exception as exc:  # the answer degrades to the (checked) extractive one; retrieval is still useful
            logger.warning("search // LLM answer failed, using the extractive answer: %s", exc)
            return await answer_search(question, result)
        if not content:
            logger.warning("search // LLM returned an empty answer; using the extractive answer")
            return await answer_search(question, result)
        answer = await answer_search(
            question, result, content, judge=judge_for(gateway), focus_judge=self.settings.rag.focus_judge
        )
        for warning in answer.trusted.report.warnings if answer.trusted else ():
            logger.warning("search // %s", warning)
        return answer


async def _engine_call(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a blocking engine call in a worker thread; engine errors become their HTTP answer."""
    async with _answering_rag_errors():
        return await asyncio.to_thread(function, *args, **kwargs)


@asynccontextmanager
async def _answering_rag_errors() -> AsyncIterator[None]:
    """Engine errors inside the block become their HTTP answer (:func:`rag_api_error`)."""
    try:
        yield
    except RetrievalError as exc:
        raise rag_api_error(exc) from exc


def create_router(
    settings: Settings,
    engine: RagEngine | None = None,
    gateway: Any | None = None,
    *,
    warm_up: bool | None = None,
) -> APIRouter:
    """The RAG routes (see the module docstring), with a lifespan that closes the LLM gateway.

    Args:
        settings: configuration (the server's or :func:`create_app`'s); its limits shape the request schemas.
        engine: a ready engine (tests inject one with a small embedder); created lazily when omitted.
        gateway: an LLM gateway; by default ``gateway_for(settings)`` for real providers, none when offline.
        warm_up: index/load the active collection in a background thread now (default: when ``engine`` is
            omitted).

    The :class:`_Service` behind the routes is ``router.rag_service``.
    """
    service = _Service(settings, engine, gateway)
    models = _request_models(settings.rag)
    SearchRequest, FetchRequest = models["SearchRequest"], models["FetchRequest"]
    ActivateRequest, IndexRequest = models["ActivateRequest"], models["IndexRequest"]
    router = APIRouter(tags=["rag"], lifespan=closing_lifespan(service.aclose))
    router.rag_service = service  # type: ignore[attr-defined]
    reader = reader_dependencies(settings)
    admin = [Depends(require_admin)]

    @router.get("/health", response_model=HealthResponse, responses={503: {"model": HealthError}})
    async def health() -> Any:
        """Service status and the size of the active collection (503 ``{"status": "error", ...}`` when the
        collection cannot be loaded)."""
        try:
            info = await asyncio.to_thread(lambda: service.searcher().info())
        except RetrievalError as exc:
            error = rag_api_error(exc)
            body = HealthError(error=error.message, code=error.code).model_dump()
            return JSONResponse(status_code=503, content=body)
        return HealthResponse(
            status="ok", collection=info.name, version=info.version, documents=info.documents, chunks=info.chunks
        )

    @router.post(
        "/search", response_model=SearchResponse, dependencies=reader, responses=error_responses(400, 404, 409, 422)
    )
    async def search(body: SearchRequest) -> Any:  # type: ignore[valid-type]
        """Retrieve the top chunks for ``question`` and answer from them (seed 000: ``answer``,
        ``chunk_title_list``, ``chunk_texts``)."""
        request: Any = body
        rag = await _engine_call(service.searcher)
        gateway = service.llm_for_rerank() if request.rerank else None
        async with _answering_rag_errors():
            if gateway is None:
                result = await rag.aretrieve(
                    request.question,
                    request.top_k,
                    mode=request.mode,
                    collection=request.collection,
                )
            else:  # LLM rerank: a wider pool, reordered by the model (local rerank if the model fails)
                top_k = request.top_k or settings.param_rag_top_k
                pool = max(top_k, min(20, settings.rag_max_top_k))
                result = await rag.aretrieve(request.question, pool, mode=request.mode, collection=request.collection)
        with llm_deadline(settings.llm_deadline):  # the model calls (rerank, answer) share one budget
            if gateway is not None:
                result = replace(result, hits=await arerank(request.question, result.hits, gateway, top_k))
            answer = await service.answer(request.question, result)
        return SearchResponse(
            answer=answer.text,
            chunk_title_list=[h.title for h in result.hits],
            chunk_texts=[h.text for h in result.hits],
            chunk_ids=[h.id for h in result.hits],
            scores=[h.score for h in result.hits],
            mode=result.mode,
            route_reason=result.reason,
            collection=result.collection,
            answer_source=answer.source,
            answerable=result.answerable,
            confidence=result.confidence,
            **answer.metadata(),
        )

    @router.post(
        "/fetch_docs", response_model=FetchResponse, dependencies=reader, responses=error_responses(404, 409, 422)
    )
    async def fetch_docs(body: FetchRequest) -> Any:  # type: ignore[valid-type]
        """Chunks (``doc#n``) or whole documents by id; unknown ids are listed in ``missing``."""
        request: Any = body
        rag = await _engine_call(service.searcher)
        async with _answering_rag_errors():
            result = await rag.afetch_docs(request.ids, request.collection)
        return FetchResponse(items=[item.to_dict() for item in result.items], missing=result.missing)

    @router.get("/collections", response_model=CollectionsResponse, dependencies=reader)
    async def collections() -> Any:
        """Stored collections and which one is active."""
        rag = await _engine_call(service.searcher)
        infos = await _engine_call(rag.collections)
        return {"collections": [asdict(info) for info in infos]}

    @router.post(
        "/collections/active",
        response_model=ActiveResponse,
        dependencies=admin,
        responses=error_responses(401, 403, 404, 409, 422),
    )
    async def activate(body: ActivateRequest) -> Any:  # type: ignore[valid-type]
        """Switch the active collection (hot swap, no restart). Needs an admin token."""
        request: Any = body
        rag = await _engine_call(service.searcher)
        await _engine_call(rag.use_collection, request.name)
        logger.info("service // Active collection switched to %s", request.name)
        return ActiveResponse(active=rag.active)

    @router.post(
        "/index", response_model=IndexResponse, dependencies=admin, responses=error_responses(400, 401, 403, 422)
    )
    async def index(body: IndexRequest) -> Any:  # type: ignore[valid-type]
        """Add or update the documents of the body in a collection (embeddings of unchanged text are reused);
        with ``replace`` documents not in the body are removed. Needs an admin token."""
        request: Any = body
        documents = [_source_document(item) for item in request.documents]
        indexer = (await _engine_call(service.engine)).indexer
        report = await _engine_call(indexer.index_documents, documents, request.collection, replace=request.replace)
        logger.info(
            "service // Indexed %d documents into %s: added %d, updated %d, removed %d",
            len(documents),
            report.collection,
            len(report.added),
            len(report.updated),
            len(report.removed),
        )
        return IndexResponse(**{name: getattr(report, name) for name in IndexResponse.model_fields})

    if warm_up if warm_up is not None else engine is None:
        threading.Thread(target=service.warm_up, name="rag-warm-up", daemon=True).start()
    return router


def _source_document(item: Any) -> SourceDocument:
    """A document of ``POST /index`` as the engine's :class:`SourceDocument`, read as a file of its format would
    be (HTML converted, the title from the text when none is given)."""
    from agentcore.rag.loaders import document_from_text

    document = document_from_text(item.text, item.format, item.doc_id, source=f"api:{item.doc_id}", title=item.title)
    if document is None:
        raise ApiError(422, f"некорректный запрос: документ {item.doc_id[:40]!r} без текста", "validation_error")
    return document


def create_app(
    settings: Settings | None = None,
    engine: RagEngine | None = None,
    gateway: Any | None = None,
    *,
    warm_up: bool | None = None,
) -> FastAPI:
    """The RAG service on its own: :func:`create_router` at the root of a :func:`~agentcore.web.app.create_base_app`
    (seed 000's ``RAG_SERVICE_URL`` + ``/search``); arguments as for :func:`create_router`.

    ``app.state.rag`` is the service behind the routes.
    """
    settings = settings or get_settings()
    router = create_router(settings, engine, gateway, warm_up=warm_up)
    app = create_base_app(
        settings,
        title="agentcore RAG",
        summary="Поиск по базе знаний (BM25 + плотные векторы, RRF) и ответ по найденным фрагментам",
    )
    app.include_router(router)
    app.state.rag = router.rag_service  # type: ignore[attr-defined]
    return app


def mount(ctx: EdgeContext) -> Mount:
    """The app's part of ``agentcore serve``: the routes under ``/rag`` (they guard their reads and writes
    themselves); its engine is offered to the other apps as ``ctx.shared["rag.engine"]`` (one index in memory)."""
    router = create_router(ctx.settings)
    service = router.rag_service  # type: ignore[attr-defined]
    ctx.shared["rag.engine"] = service.engine
    ctx.shared["rag.service"] = service
    return Mount(router, prefix="/rag")
