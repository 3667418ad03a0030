"""The read face of the retrieval engine — the one API every caller of retrieval uses.

    searcher = RagEngine(settings).searcher
    result = searcher.retrieve("как оформить отпуск", top_k=5)   # SearchResult: hits, mode, reason, collection
    hits = searcher.search("TASK-12", mode="bm25")                 # list[Hit]
    searcher.fetch_docs(["vacation", "vacation#2", "nope"])        # FetchResult(items, missing=["nope"])
    searcher.rerank("перенос отпуска", hits)                       # local second-stage reorder
    searcher.route("ERR-104")                                      # RouteDecision(mode, reason)
    searcher.info("hr"); searcher.collections(); searcher.use_collection("hr")
    await searcher.aretrieve(...); await searcher.asearch(...); await searcher.afetch_docs(...)

Every method is thread-safe: a query takes the collection's current snapshot once and uses it to the end.  The
``a``-methods run the CPU-bound work in a worker thread, off the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from agentcore.config import Settings
from agentcore.rag.catalog import Catalog
from agentcore.rag.errors import (
    DenseUnavailableError,
    EmbedderError,
    EmptyCollectionError,
    InvalidQueryError,
    SearchBackendError,
)
from agentcore.rag.fusion import reciprocal_rank_fusion
from agentcore.rag.models import (
    SEARCH_MODES,
    CollectionInfo,
    FetchResult,
    Hit,
    RouteDecision,
    SearchMode,
    SearchResult,
)
from agentcore.rag.rerank import rerank as local_rerank
from agentcore.rag.router import router_select
from agentcore.rag.snapshot import CollectionSnapshot
from agentcore.trace.logs import step_logger

if TYPE_CHECKING:
    import numpy as np

logger = step_logger("rag", "agentcore.rag.searcher")

RERANK_POOL = 20


class Searcher:
    """Search, fetch, route and rerank over the collections of a :class:`~agentcore.rag.catalog.Catalog`."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    @property
    def settings(self) -> Settings:
        """The configuration (limits, depths, RRF constant)."""
        return self.catalog.settings

    # ------------------------------------------------------------------ collections
    @property
    def active(self) -> str:
        """Name of the collection queries use when they name none."""
        return self.catalog.active

    def use_collection(self, name: str) -> None:
        """Make ``name`` the active collection in this process (hot swap, safe while queries run).

        Raises:
            UnknownCollectionError / InvalidCollectionNameError.
        """
        self.catalog.use(name)

    def collections(self) -> list[CollectionInfo]:
        """Stored collections, by name."""
        return self.catalog.infos()

    def info(self, collection: str | None = None) -> CollectionInfo:
        """Summary of ``collection`` (the active one by default), loading it if needed.

        Raises:
            UnknownCollectionError / InvalidCollectionNameError.
        """
        return self.catalog.info(collection)

    # ------------------------------------------------------------------ validation
    def validate_query(self, query: Any) -> str:
        """The stripped question.

        Raises:
            InvalidQueryError: not a string, empty, or longer than ``settings.rag_max_question_chars``.
        """
        if not isinstance(query, str):
            raise InvalidQueryError("вопрос должен быть строкой")
        query = query.strip()
        if not query:
            raise InvalidQueryError("вопрос пуст")
        limit = self.settings.rag_max_question_chars
        if len(query) > limit:
            raise InvalidQueryError(f"вопрос длиннее {limit} символов ({len(query)})")
        return query

    def validate_top_k(self, top_k: Any) -> int:
        """``top_k`` or the default ``settings.param_rag_top_k``.

        Raises:
            InvalidQueryError: not an integer in ``1..settings.rag_max_top_k``.
        """
        if top_k is None:
            return self.settings.param_rag_top_k
        cap = self.settings.rag_max_top_k
        if isinstance(top_k, bool) or not isinstance(top_k, int) or not 1 <= top_k <= cap:
            raise InvalidQueryError(f"top_k должен быть целым числом от 1 до {cap}, получено {top_k!r}")
        return top_k

    # ------------------------------------------------------------------ search
    def route(self, query: str) -> RouteDecision:
        """The router's decision for ``query`` given this engine's capabilities."""
        return router_select(query, dense_available=self.catalog.embedder is not None)

    def search(
        self,
        query: str,
        top_k: int | None = None,
        *,
        mode: SearchMode | None = None,
        collection: str | None = None,
        top_bm25: int | None = None,
        top_dense: int | None = None,
        rerank: bool = False,
    ) -> list[Hit]:
        """Hits for ``query`` (see :meth:`retrieve`)."""
        return self.retrieve(
            query, top_k, mode=mode, collection=collection, top_bm25=top_bm25, top_dense=top_dense, rerank=rerank
        ).hits

    def retrieve(
        self,
        query: str,
        top_k: int | None = None,
        *,
        mode: SearchMode | None = None,
        collection: str | None = None,
        top_bm25: int | None = None,
        top_dense: int | None = None,
        rerank: bool = False,
    ) -> SearchResult:
        """Search a collection.

        Args:
            query: the question (1..``rag_max_question_chars`` characters).
            top_k: hits to return (default ``param_rag_top_k``, at most ``rag_max_top_k``).
            mode: ``bm25``, ``dense`` or ``hybrid`` (RRF); ``None`` lets :func:`router_select` decide.
            collection: defaults to the active collection.
            top_bm25 / top_dense: per-retriever depth before fusion (default ``hybrid_top_bm25`` /
                ``hybrid_top_dense``).
            rerank: reorder a deeper pool with the local reranker before cutting to ``top_k``.

        Returns:
            hits best first (ranks from 1; BM25 returns only chunks sharing a term with the query), the mode
            used and why.

        Raises:
            InvalidQueryError, InvalidCollectionNameError, UnknownCollectionError, EmptyCollectionError,
            DenseUnavailableError (dense/hybrid asked without an embedder), EmbedderError, SearchBackendError.
        """
        query = self.validate_query(query)
        top_k = self.validate_top_k(top_k)
        if mode is not None and mode not in SEARCH_MODES:
            raise InvalidQueryError(f"неизвестный режим поиска {mode!r}: допустимы bm25, dense, hybrid")
        name = collection or self.active
        snapshot = self.catalog.snapshot(name)
        if snapshot.size == 0:
            raise EmptyCollectionError(f"коллекция {name!r} пуста: сначала проиндексируйте документы")
        dense_ok = self.catalog.embedder is not None and snapshot.dense is not None
        if mode is None:
            decision = router_select(query, dense_available=dense_ok)
        elif mode != "bm25" and not dense_ok:
            raise DenseUnavailableError(
                f"режим {mode} недоступен: плотные векторы не настроены (AGENTCORE_RAG_EMBEDDER=none)"
            )
        else:
            decision = RouteDecision(mode, f"mode {mode} requested by the caller")
        depth = max(top_k, RERANK_POOL) if rerank else top_k
        hits, decision = self._run(snapshot, query, decision, depth, top_bm25, top_dense, explicit=mode is not None)
        if rerank:
            hits = local_rerank(query, hits, top_k, self.catalog.analyzer)
        return SearchResult(hits=hits[:top_k], mode=decision.mode, reason=decision.reason, collection=name)

    def _query_vector(self, query: str) -> np.ndarray:
        assert self.catalog.embedder is not None
        return self.catalog.embedder.embed_query(query)

    def _run(
        self,
        snapshot: CollectionSnapshot,
        query: str,
        decision: RouteDecision,
        k: int,
        top_bm25: int | None,
        top_dense: int | None,
        *,
        explicit: bool,
    ) -> tuple[list[Hit], RouteDecision]:
        mode = decision.mode
        terms = self.catalog.analyzer.terms(query)
        depth_bm25 = max(top_bm25 or self.settings.hybrid_top_bm25, k)
        depth_dense = max(top_dense or self.settings.hybrid_top_dense, k)
        vector = None
        if mode != "bm25":
            try:
                vector = self._query_vector(query)
            except Exception as exc:  # the embedder may be remote
                if explicit:
                    raise EmbedderError(f"не удалось вычислить эмбеддинг запроса: {exc}") from exc
                logger.warning("search // Query embedding failed, falling back to bm25: %s", exc)
                decision = RouteDecision("bm25", f"embedding failed ({type(exc).__name__}); {decision.reason}")
                mode = "bm25"
        backend = self.catalog.backend
        if backend is not None:
            if self.catalog.is_current(snapshot):  # a query holding an older snapshot must not roll the mirror back
                self.catalog.mirror(snapshot)  # no-op once this version is mirrored
            try:
                ranked = backend.search(
                    snapshot.name, terms, vector, mode, k, depth_bm25, depth_dense, self.settings.rrf_k
                )
            except Exception as exc:  # network, server or client errors of the remote store
                logger.error("search // Search backend failed: %s", exc)
                raise SearchBackendError(f"поисковый бэкенд недоступен: {exc}") from exc
            rows = [(snapshot.positions[cid], score) for cid, score in ranked if cid in snapshot.positions]
        elif mode == "bm25":
            rows = snapshot.bm25_top(terms, k)
        elif mode == "dense":
            assert vector is not None
            rows = snapshot.dense_top(vector, k)
        else:
            assert vector is not None
            lexical = [row for row, _ in snapshot.bm25_top(terms, depth_bm25)]
            semantic = [row for row, _ in snapshot.dense_top(vector, depth_dense)]
            rows = reciprocal_rank_fusion([lexical, semantic], k=self.settings.rrf_k, limit=k)
        hits = [
            Hit.from_chunk(snapshot.chunks[row], score, rank, mode) for rank, (row, score) in enumerate(rows, start=1)
        ]
        return hits, decision

    def rerank(self, query: str, hits: list[Hit], top_k: int | None = None) -> list[Hit]:
        """Reorder ``hits`` with the local reranker (see :mod:`agentcore.rag.rerank`)."""
        return local_rerank(query, hits, top_k, self.catalog.analyzer)

    def fetch_docs(self, ids: Iterable[str], collection: str | None = None) -> FetchResult:
        """Chunks (by chunk id) or whole documents (by doc id); unknown ids go to ``missing``, never raise.

        Raises:
            UnknownCollectionError: the collection itself does not exist.
        """
        snapshot = self.catalog.snapshot(collection or self.active)
        items, missing = [], []
        for item_id in dict.fromkeys(str(i) for i in ids):
            item = snapshot.fetch(item_id)
            if item is None:
                missing.append(item_id)
            else:
                items.append(item)
        return FetchResult(items=items, missing=missing)

    # ------------------------------------------------------------------ async faces
    async def aretrieve(self, query: str, top_k: int | None = None, **kwargs: Any) -> SearchResult:
        """:meth:`retrieve` in a worker thread (CPU-bound work off the event loop)."""
        return await asyncio.to_thread(lambda: self.retrieve(query, top_k, **kwargs))

    async def asearch(self, query: str, top_k: int | None = None, **kwargs: Any) -> list[Hit]:
        """:meth:`search` in a worker thread."""
        return (await self.aretrieve(query, top_k, **kwargs)).hits

    async def afetch_docs(self, ids: Iterable[str], collection: str | None = None) -> FetchResult:
        """:meth:`fetch_docs` in a worker thread."""
        return await asyncio.to_thread(self.fetch_docs, list(ids), collection)
