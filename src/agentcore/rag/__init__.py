"""Retrieval: ingestion, BM25 + dense + RRF search over named collections, passage ranking, answers, the service.

The public names are this package's ``__all__``; they load on first use (PEP 562), so ``import agentcore.rag``
stays light.  Modules named ``_x`` are implementation.  Entry points:

* :class:`agentcore.rag.engine.RagEngine` — builds the engine; ``engine.searcher`` is the read face every caller
  of retrieval uses (:class:`~agentcore.rag.searcher.Searcher`: ``retrieve``/``search`` and their ``a``-twins,
  ``fetch_docs``/``afetch_docs``, ``rerank``, ``route``, ``info``, ``collections``, ``use_collection``);
  ``engine.indexer`` is the write face (:class:`~agentcore.rag.indexer.Indexer`);
* :func:`agentcore.rag.answer.answer_from` — the extractive answer or the honest decline for a search result;
* :func:`agentcore.rag.router_select`, :func:`agentcore.rag.arerank` (LLM rerank);
* the RAG service (seed 000: ``GET /health``, ``POST /search``) is an app: :mod:`agentcore.apps.rag.http`.

See ``docs/rag.md``.
"""

from agentcore.lazy import lazy_exports

# Not ``typing.TYPE_CHECKING``: importing this package loads only agentcore.lazy (mypy reads any ``TYPE_CHECKING``).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from agentcore.rag._analysis import Analyzer, get_analyzer
    from agentcore.rag._bm25 import BM25Index
    from agentcore.rag._chunking import chunk_document
    from agentcore.rag._evidence import lexically_answered
    from agentcore.rag._focus import check_focus, question_parts
    from agentcore.rag._focus.english import CROSS_LINGUAL_GAP, writing_script
    from agentcore.rag._fusion import reciprocal_rank_fusion
    from agentcore.rag._rerank import arerank
    from agentcore.rag._router import router_select
    from agentcore.rag._store import COLLECTION_NAME_PATTERN, validate_collection_name
    from agentcore.rag.answer import answer_from
    from agentcore.rag.catalog import active_collection_titles
    from agentcore.rag.embeddings import Embedder, create_embedder
    from agentcore.rag.engine import RagEngine
    from agentcore.rag.errors import (
        DenseUnavailableError,
        EmbedderError,
        EmptyCollectionError,
        IngestError,
        InvalidCollectionNameError,
        InvalidQueryError,
        RetrievalError,
        SearchBackendError,
        UnknownCollectionError,
    )
    from agentcore.rag.indexer import Indexer
    from agentcore.rag.models import Chunk, CollectionInfo, FetchResult, Hit, IndexReport, SearchResult, SourceDocument
    from agentcore.rag.searcher import Searcher

_EXPORTS = {
    "Analyzer": "agentcore.rag._analysis",
    "get_analyzer": "agentcore.rag._analysis",
    "BM25Index": "agentcore.rag._bm25",
    "chunk_document": "agentcore.rag._chunking",
    "lexically_answered": "agentcore.rag._evidence",
    "check_focus": "agentcore.rag._focus",
    "question_parts": "agentcore.rag._focus",
    "CROSS_LINGUAL_GAP": "agentcore.rag._focus.english",
    "writing_script": "agentcore.rag._focus.english",
    "reciprocal_rank_fusion": "agentcore.rag._fusion",
    "arerank": "agentcore.rag._rerank",
    "router_select": "agentcore.rag._router",
    "COLLECTION_NAME_PATTERN": "agentcore.rag._store",
    "validate_collection_name": "agentcore.rag._store",
    "answer_from": "agentcore.rag.answer",
    "active_collection_titles": "agentcore.rag.catalog",
    "Embedder": "agentcore.rag.embeddings",
    "create_embedder": "agentcore.rag.embeddings",
    "RagEngine": "agentcore.rag.engine",
    "DenseUnavailableError": "agentcore.rag.errors",
    "EmbedderError": "agentcore.rag.errors",
    "EmptyCollectionError": "agentcore.rag.errors",
    "IngestError": "agentcore.rag.errors",
    "InvalidCollectionNameError": "agentcore.rag.errors",
    "InvalidQueryError": "agentcore.rag.errors",
    "RetrievalError": "agentcore.rag.errors",
    "SearchBackendError": "agentcore.rag.errors",
    "UnknownCollectionError": "agentcore.rag.errors",
    "Indexer": "agentcore.rag.indexer",
    "Chunk": "agentcore.rag.models",
    "CollectionInfo": "agentcore.rag.models",
    "FetchResult": "agentcore.rag.models",
    "Hit": "agentcore.rag.models",
    "IndexReport": "agentcore.rag.models",
    "SearchResult": "agentcore.rag.models",
    "SourceDocument": "agentcore.rag.models",
    "Searcher": "agentcore.rag.searcher",
}

__all__ = [
    "COLLECTION_NAME_PATTERN",
    "CROSS_LINGUAL_GAP",
    "Analyzer",
    "BM25Index",
    "Chunk",
    "CollectionInfo",
    "DenseUnavailableError",
    "Embedder",
    "EmbedderError",
    "EmptyCollectionError",
    "FetchResult",
    "Hit",
    "IndexReport",
    "Indexer",
    "IngestError",
    "InvalidCollectionNameError",
    "InvalidQueryError",
    "RagEngine",
    "RetrievalError",
    "SearchBackendError",
    "SearchResult",
    "Searcher",
    "SourceDocument",
    "UnknownCollectionError",
    "active_collection_titles",
    "answer_from",
    "arerank",
    "check_focus",
    "chunk_document",
    "create_embedder",
    "get_analyzer",
    "lexically_answered",
    "question_parts",
    "reciprocal_rank_fusion",
    "router_select",
    "validate_collection_name",
    "writing_script",
]


__getattr__ = lazy_exports(__name__, _EXPORTS)
