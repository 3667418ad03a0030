"""Retrieval: ingestion, BM25 + dense + RRF search over named collections, passage ranking, answers, the service.

Entry points (imported from their modules, so ``import agentcore.rag`` stays light):

* :class:`agentcore.rag.engine.RagEngine` — builds the engine; ``engine.searcher`` is the read face every caller
  of retrieval uses (:class:`~agentcore.rag.searcher.Searcher`: ``retrieve``/``search`` and their ``a``-twins,
  ``fetch_docs``/``afetch_docs``, ``rerank``, ``route``, ``info``, ``collections``, ``use_collection``);
  ``engine.indexer`` is the write face (:class:`~agentcore.rag.indexer.Indexer`);
* :func:`agentcore.rag.answer.answer_from` — the extractive answer or the honest decline for a search result;
* :func:`agentcore.rag.router.router_select`, :func:`agentcore.rag.rerank.arerank` (LLM rerank);
* the RAG service (seed 000: ``GET /health``, ``POST /search``) is an app: :mod:`agentcore.apps.rag.http`.

See ``docs/rag.md``.
"""
