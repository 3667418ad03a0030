"""The read face of the retrieval engine — the one API every caller of retrieval uses.

    searcher = RagEngine(settings).searcher
    result = searcher.retrieve("как оформить отпуск", top_k=5)   # SearchResult: hits, mode, reason, collection
    hits = searcher.search("TASK-12", mode="bm25")                 # list[Hit]
    searcher.fetch_docs(["vacation", "vacation#2", "nope"])        # FetchResult(items, missing=["nope"])
    searcher.rerank("перенос отпуска", hits)                       # the passage ranker on any hits
    searcher.route("ERR-104")                                      # RouteDecision(mode, reason)
    searcher.info("hr"); searcher.collections(); searcher.use_collection("hr")
    await searcher.aretrieve(...); await searcher.asearch(...); await searcher.afetch_docs(...)

Every method is thread-safe: a query takes the collection's current snapshot once and uses it to the end.  The
``a``-methods run the CPU-bound work in a worker thread, off the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from agentcore.rag._fusion import reciprocal_rank_fusion
from agentcore.rag._query_repair import repair_query, vocabulary_of
from agentcore.rag._ranking import answerability, profile_query, rank_passages, reranked_hits
from agentcore.rag._router import router_select
from agentcore.rag._snapshot import CollectionSnapshot
from agentcore.rag.catalog import Catalog
from agentcore.rag.errors import (
    EMPTY_QUESTION,
    DenseUnavailableError,
    EmbedderError,
    EmptyCollectionError,
    InvalidQueryError,
    SearchBackendError,
    backend_failure,
)
from agentcore.rag.models import (
    SEARCH_MODES,
    CollectionInfo,
    FetchResult,
    Hit,
    RouteDecision,
    SearchMode,
    SearchResult,
)
from agentcore.settings.rag import RagSettings
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
    def rag(self) -> RagSettings:
        """The ``rag`` section (limits, depths, RRF constant)."""
        return self.catalog.rag

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
            InvalidQueryError: not a string, empty, or longer than ``rag.max_question_chars``.
        """
        if not isinstance(query, str):
            raise InvalidQueryError("вопрос должен быть строкой")
        query = query.strip()
        if not query:
            raise InvalidQueryError(EMPTY_QUESTION)
        limit = self.rag.max_question_chars
        if len(query) > limit:
            raise InvalidQueryError(f"вопрос длиннее {limit} символов ({len(query)})")
        return query

    def validate_top_k(self, top_k: Any) -> int:
        """``top_k`` or the default ``rag.top_k``.

        Raises:
            InvalidQueryError: not an integer in ``1..rag.max_top_k``.
        """
        if top_k is None:
            return self.rag.top_k
        cap = self.rag.max_top_k
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
        rerank: bool = True,
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
        rerank: bool = True,
    ) -> SearchResult:
        """Search a collection.

        Args:
            query: the question (1..``rag_max_question_chars`` characters).
            top_k: hits to return (default ``param_rag_top_k``, at most ``rag_max_top_k``).
            mode: first-stage retriever: ``bm25``, ``dense`` or ``hybrid`` (RRF); ``None`` lets the router decide.
                An explicit ``bm25`` is lexical end to end: no query embedding is computed, so the passage ranker
                and the answerability check use their lexical calibration (a BM25 query costs ~0.5 ms, not the
                ~10 ms of the e5 encoder); the router's ``bm25`` route still embeds the query for the ranker.
            collection: defaults to the active collection.
            top_bm25 / top_dense: per-retriever depth before fusion (default ``hybrid_top_bm25`` /
                ``hybrid_top_dense``).
            rerank: reorder a pool of at least :data:`RERANK_POOL` first-stage hits with the passage ranker
                (:mod:`agentcore.rag._ranking`) before cutting to ``top_k``; ``False`` returns the first stage as is.

        Returns:
            hits best first (ranks from 1; BM25 returns only chunks sharing a term with the query), the mode
            used and why, the question kind, and whether the best passage is strong enough to answer from (or,
            below that, possibly: see :class:`~agentcore.rag.models.SearchResult`).

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
        query = self._repaired(query, snapshot)
        dense_ok = self.catalog.embedder is not None and snapshot.dense is not None
        if mode is None:
            decision = router_select(query, dense_available=dense_ok)
        elif mode != "bm25" and not dense_ok:
            raise DenseUnavailableError(
                f"режим {mode} недоступен: плотные векторы не настроены (AGENTCORE_RAG_EMBEDDER=none)"
            )
        else:
            decision = RouteDecision(mode, f"режим {mode} задан в запросе")
        vector, decision = self._query_vector(query, decision, dense_ok and mode != "bm25", explicit=mode is not None)
        depth = max(top_k, RERANK_POOL) if rerank else top_k
        rows = self._first_stage(snapshot, query, decision.mode, vector, depth, top_bm25, top_dense)
        hits = [
            Hit.from_chunk(snapshot.chunks[row], score, rank, decision.mode)
            for rank, (row, score) in enumerate(rows, start=1)
        ]
        analyzer = self.catalog.analyzer
        embedder = self.catalog.embedder.name if self.catalog.embedder is not None else None
        profile = profile_query(query, snapshot, analyzer)
        cosines = snapshot.cosines(vector, [row for row, _ in rows]) if vector is not None else None
        if rerank:
            scored = rank_passages(profile, snapshot, hits, analyzer, cosines or None, embedder)
            order = {hit.id: index for index, hit in enumerate(hits)}
            hits = reranked_hits(scored, top_k)
            cosines = [cosines[order[hit.id]] for hit in hits] if cosines else None
        hits = hits[:top_k]
        verdict = None
        if hits:
            top = snapshot.passage_info(snapshot.positions[hits[0].id], analyzer)
            verdict = answerability(profile, top, cosines[0] if cosines else None, embedder, self.rag.min_confidence)
        return SearchResult(
            hits=hits,
            mode=decision.mode,
            reason=decision.reason,
            collection=name,
            answerable=verdict.answerable if verdict else False,
            confidence=verdict.confidence if verdict else 0.0,
            kind=profile.kind,
            query=query,
            possible=verdict.possible if verdict else False,
        )

    def _repaired(self, query: str, snapshot: CollectionSnapshot) -> str:
        """``query`` with layout slips and typos fixed against ``snapshot``'s words, English and formal terms
        added (:mod:`agentcore.rag._query_repair`); ``rag_query_repair=False`` turns it off."""
        if not self.rag.query_repair:
            return query
        analyzer = self.catalog.analyzer

        def indexed(word: str) -> bool:
            return any(snapshot.term_weight(term) > 0 for term in analyzer.terms(word))

        repair = repair_query(query, vocabulary_of(snapshot, snapshot.chunks), indexed)
        if repair.changes:
            logger.debug("search // Query repaired: %r → %r %s", query, repair.text, list(repair.changes))
        return repair.text

    def _query_vector(
        self, query: str, decision: RouteDecision, dense_ok: bool, *, explicit: bool
    ) -> tuple[np.ndarray | None, RouteDecision]:
        """The query's vector when dense vectors exist (also for a BM25 first stage: the ranker and the
        answerability check use it); on failure an automatic route falls back to BM25, an explicit one raises."""
        if not dense_ok:
            return None, decision
        assert self.catalog.embedder is not None
        try:
            return self.catalog.embedder.embed_query(query), decision
        except Exception as exc:  # the embedder may be remote
            if explicit and decision.mode != "bm25":
                raise EmbedderError(f"не удалось вычислить эмбеддинг запроса: {exc}") from exc
            logger.warning("search // Query embedding failed, falling back to bm25: %s", exc)
            if decision.mode == "bm25":
                return None, decision
            reason = f"не удалось вычислить эмбеддинг запроса ({type(exc).__name__}), поэтому bm25; {decision.reason}"
            return None, RouteDecision("bm25", reason)

    def _first_stage(
        self,
        snapshot: CollectionSnapshot,
        query: str,
        mode: SearchMode,
        vector: np.ndarray | None,
        k: int,
        top_bm25: int | None,
        top_dense: int | None,
    ) -> list[tuple[int, float]]:
        """``[(row, score), ...]`` best first from BM25, dense or their RRF fusion (locally or on the backend)."""
        terms = self.catalog.analyzer.terms(query)
        depth_bm25 = max(top_bm25 or self.rag.hybrid_top_bm25, k)
        depth_dense = max(top_dense or self.rag.hybrid_top_dense, k)
        backend = self.catalog.backend
        if backend is not None:
            if self.catalog.is_current(snapshot):  # a query holding an older snapshot must not roll the mirror back
                self.catalog.mirror(snapshot)  # no-op once this version is mirrored
            try:
                ranked = backend.search(
                    snapshot.name,
                    terms,
                    vector if mode != "bm25" else None,
                    mode,
                    k,
                    depth_bm25,
                    depth_dense,
                    self.rag.rrf_k,
                )
            except Exception as exc:  # network, server or client errors of the remote store
                logger.error("search // Search backend failed: %s", exc)
                raise SearchBackendError(f"поисковый бэкенд недоступен: {backend_failure(exc)}") from exc
            return [(snapshot.positions[cid], score) for cid, score in ranked if cid in snapshot.positions]
        if mode == "bm25":
            return snapshot.bm25_top(terms, k)
        assert vector is not None
        if mode == "dense":
            return snapshot.dense_top(vector, k)
        lexical = [row for row, _ in snapshot.bm25_top(terms, depth_bm25)]
        semantic = [row for row, _ in snapshot.dense_top(vector, depth_dense)]
        return reciprocal_rank_fusion([lexical, semantic], k=self.rag.rrf_k, limit=k)

    def rerank(self, query: str, hits: list[Hit], top_k: int | None = None, collection: str | None = None) -> list[Hit]:
        """Reorder ``hits`` (of ``collection``, the active one by default) with the passage ranker.

        Hits the collection does not hold keep their order after the ones it does.
        """
        snapshot = self.catalog.snapshot(collection or self.active)
        known = [hit for hit in hits if hit.id in snapshot.positions]
        unknown = [hit for hit in hits if hit.id not in snapshot.positions]
        analyzer = self.catalog.analyzer
        cosines = None
        if known and snapshot.dense is not None and self.catalog.embedder is not None:
            vector = self.catalog.embedder.embed_query(query)
            cosines = snapshot.cosines(vector, [snapshot.positions[hit.id] for hit in known])
        embedder = self.catalog.embedder.name if self.catalog.embedder is not None else None
        profile = profile_query(query, snapshot, analyzer)
        scored = rank_passages(profile, snapshot, known, analyzer, cosines or None, embedder)
        ranked = reranked_hits(scored) + [
            replace(hit, rank=len(known) + index) for index, hit in enumerate(unknown, start=1)
        ]
        return ranked if top_k is None else ranked[:top_k]

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
