"""``RagEngine`` — builds the retrieval engine of one process and hands out its two faces.

    engine = RagEngine(settings)                            # embedder from settings.rag_embedder
    engine.indexer.index_path("docs/", collection="hr")     # the write face: Indexer
    engine.searcher.retrieve("сколько дней отпуска", 5)     # the read face: Searcher (what callers of retrieval use)

Both faces share one :class:`~agentcore.rag.catalog.Catalog` (the on-disk store, the loaded snapshots, the active
collection and the optional Qdrant mirror), so a document indexed through ``engine.indexer`` is found by
``engine.searcher`` at once.  Code that only reads (the RAG service, agents) keeps ``engine.searcher``; code that
only writes keeps ``engine.indexer``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

from agentcore.config import Settings
from agentcore.rag._analysis import Analyzer, get_analyzer
from agentcore.rag._chunking import DEFAULT_MAX_CHARS
from agentcore.rag._store import CollectionStore
from agentcore.rag.catalog import Catalog, backend_from_settings
from agentcore.rag.embeddings import Embedder, create_embedder
from agentcore.rag.indexer import Indexer, IndexProgress
from agentcore.rag.searcher import Searcher

if TYPE_CHECKING:
    from agentcore.rag.qdrant import QdrantBackend

__all__ = ["IndexProgress", "RagEngine"]


class RagEngine:
    """The retrieval engine: ``catalog`` beneath, ``indexer`` and ``searcher`` on top.

    Args:
        settings: configuration: data dir, limits, RRF constants (the ``core``, ``rag`` and ``llm`` sections).
        embedder: dense embedder; ``"auto"`` picks the one ``settings.rag_embedder`` names, ``None`` disables
            dense retrieval (BM25 only).
        analyzer: lexical analyzer (shared stemming analyzer by default).
        backend: a :class:`~agentcore.rag.qdrant.QdrantBackend` to serve queries from Qdrant; ``"auto"`` uses
            one when ``AGENTCORE_QDRANT_URL`` is set, ``None`` keeps everything local.
        data_dir: overrides ``settings.data_dir`` (collections live in ``<data_dir>/rag``).
        chunk_chars: maximum chunk length in characters.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        embedder: Embedder | Literal["auto"] | None = "auto",
        analyzer: Analyzer | None = None,
        backend: QdrantBackend | Literal["auto"] | None = "auto",
        data_dir: Path | None = None,
        chunk_chars: int = DEFAULT_MAX_CHARS,
    ) -> None:
        self._settings = settings
        self.catalog = Catalog(
            settings.rag,
            CollectionStore(Path(data_dir or settings.data_dir) / "rag"),
            analyzer or get_analyzer(),
            create_embedder(
                settings.rag,
                settings.llm,
                redis_url=settings.core.redis_url,
                redis_prefix=settings.core.redis_prefix,
            )
            if embedder == "auto"
            else embedder,
            backend_from_settings(settings.rag) if backend == "auto" else backend,
        )
        self.indexer = Indexer(self.catalog, chunk_chars)
        self.searcher = Searcher(self.catalog)

    @property
    def settings(self) -> Settings:
        """The configuration the engine was built with."""
        return self._settings
