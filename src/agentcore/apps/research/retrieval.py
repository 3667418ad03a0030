"""The one narrow door from the research agent to retrieval.

Everything the agent and its tools need from the retrieval engine goes through :class:`Retriever`; the
:class:`EngineRetriever` implements it over the read face of :class:`agentcore.rag.engine.RagEngine`
(:class:`agentcore.rag.searcher.Searcher`).  When that face changes, only this module changes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from agentcore.rag.models import CollectionInfo, FetchResult, Hit, RouteDecision, SearchMode, SearchResult
from agentcore.trace.logs import step_logger

if TYPE_CHECKING:
    from agentcore.rag.engine import RagEngine
    from agentcore.rag.searcher import Searcher

__all__ = ["EngineRetriever", "Retriever"]

logger = step_logger("research", "agentcore.research.retrieval")


class Retriever(Protocol):
    """What the research agent asks of retrieval."""

    @property
    def active(self) -> str:
        """The collection used when a request names none."""
        ...

    @property
    def dense_available(self) -> bool:
        """Whether dense (and hybrid) retrieval is configured."""
        ...

    async def aretrieve(
        self,
        query: str,
        top_k: int | None = None,
        *,
        mode: SearchMode | None = None,
        collection: str | None = None,
        top_bm25: int | None = None,
        top_dense: int | None = None,
    ) -> SearchResult:
        """Search (BM25 / dense / hybrid RRF; ``mode=None``: the router decides)."""
        ...

    async def afetch_docs(self, ids: Iterable[str], collection: str | None = None) -> FetchResult:
        """Chunks or whole documents by id."""
        ...

    def rerank(self, query: str, hits: list[Hit], top_k: int | None = None) -> list[Hit]:
        """Local second-stage reordering."""
        ...

    def route(self, query: str) -> RouteDecision:
        """The router's decision for ``query``."""
        ...

    async def info(self, collection: str | None = None) -> CollectionInfo:
        """Summary of a collection; loads (and warms up) it.

        Raises:
            RetrievalError: unknown or invalid collection.
        """
        ...


class EngineRetriever:
    """:class:`Retriever` over a :class:`RagEngine`.

    Args:
        engine: the engine; or
        engine_factory: a callable returning it, called on first use (e.g. the RAG service's shared engine, so that
            switching the active collection there switches it here too).

    Raises:
        ValueError: neither or both given.
    """

    def __init__(
        self, engine: RagEngine | None = None, *, engine_factory: Callable[[], RagEngine] | None = None
    ) -> None:
        if (engine is None) == (engine_factory is None):
            raise ValueError("give exactly one of engine and engine_factory")
        self._engine = engine
        self._factory = engine_factory
        self._warm: set[str] = set()

    @property
    def engine(self) -> RagEngine:
        """The engine (created on first use)."""
        if self._engine is None:
            assert self._factory is not None
            self._engine = self._factory()
        return self._engine

    @property
    def searcher(self) -> Searcher:
        """The engine's read face."""
        return self.engine.searcher

    @property
    def active(self) -> str:
        return self.searcher.active

    @property
    def dense_available(self) -> bool:
        return self.engine.catalog.embedder is not None

    async def aretrieve(
        self,
        query: str,
        top_k: int | None = None,
        *,
        mode: SearchMode | None = None,
        collection: str | None = None,
        top_bm25: int | None = None,
        top_dense: int | None = None,
    ) -> SearchResult:
        return await self.searcher.aretrieve(
            query, top_k, mode=mode, collection=collection, top_bm25=top_bm25, top_dense=top_dense
        )

    async def afetch_docs(self, ids: Iterable[str], collection: str | None = None) -> FetchResult:
        return await self.searcher.afetch_docs(ids, collection)

    def rerank(self, query: str, hits: list[Hit], top_k: int | None = None) -> list[Hit]:
        return self.searcher.rerank(query, hits, top_k)

    def route(self, query: str) -> RouteDecision:
        return self.searcher.route(query)

    async def info(self, collection: str | None = None) -> CollectionInfo:
        """Load the collection and, once per collection, the query embedder, so that the first tool call of a run
        is not spent loading models (tool calls have a short timeout)."""
        engine = self.engine
        info = await asyncio.to_thread(engine.searcher.info, collection)
        if info.name not in self._warm:
            if engine.catalog.embedder is not None and info.dense:
                await asyncio.to_thread(_warm_embedder, engine.catalog.embedder)
            self._warm.add(info.name)
        return info


def _warm_embedder(embedder: Any) -> None:
    try:
        embedder.embed_query("прогрев")
    except Exception as exc:  # a remote embedder may be down: searches report it (or fall back to BM25) later
        logger.warning("info // Embedder warm-up failed: %s", exc)
