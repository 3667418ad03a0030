"""Retrieval: ingestion, BM25 + dense + RRF search over named collections, the RAG HTTP service.

Entry points (imported from their modules, so ``import agentcore.rag`` stays light):

* :class:`agentcore.rag.engine.RagEngine` — index, search, fetch, hot-swap collections;
* :func:`agentcore.rag.router.router_select`, :func:`agentcore.rag.rerank.rerank` / ``arerank``;
* :func:`agentcore.rag.service.create_app` — ``GET /health``, ``POST /search`` (seed 000).

See ``docs/rag.md``.
"""
