"""Errors of the retrieval engine.

Every error carries a Russian, user-facing message (``str(error)``), so the service, the CLI and the agent tools
report the same thing; which HTTP status each one answers with is the edge's business
(:mod:`agentcore.web.status`).
"""

from __future__ import annotations


class RagError(Exception):
    """Base of every retrieval error."""


class InvalidQueryError(RagError):
    """The question or a search parameter is invalid (empty, too long, ``top_k`` out of range, ...)."""


class InvalidCollectionNameError(RagError):
    """The collection name has characters outside ``[A-Za-z0-9_.-]`` or is too long."""


class UnknownCollectionError(RagError):
    """No collection with this name is stored."""


class EmptyCollectionError(RagError):
    """The collection exists but holds no chunks."""


class DenseUnavailableError(RagError):
    """Dense retrieval was asked for, but no embedder is configured (``AGENTCORE_RAG_EMBEDDER=none``)."""


class IngestError(RagError):
    """The path to index does not exist or holds no supported document."""


class EmbedderError(RagError):
    """The embedder failed while dense retrieval was explicitly requested."""


class SearchBackendError(RagError):
    """The scale-out search backend (Qdrant) failed or is unreachable."""
