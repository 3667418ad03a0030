"""Errors of the retrieval engine.

Every error carries a Russian, user-facing message (``str(error)``) and the HTTP status the RAG service answers
with, so the service, the CLI and the agent tools report the same thing.
"""

from __future__ import annotations


class RagError(Exception):
    """Base class; ``status_code`` is the HTTP status the service maps it to."""

    status_code: int = 400


class InvalidQueryError(RagError):
    """The question or a search parameter is invalid (empty, too long, ``top_k`` out of range, ...)."""

    status_code = 422


class InvalidCollectionNameError(RagError):
    """The collection name has characters outside ``[A-Za-z0-9_.-]`` or is too long."""

    status_code = 422


class UnknownCollectionError(RagError):
    """No collection with this name is stored."""

    status_code = 404


class EmptyCollectionError(RagError):
    """The collection exists but holds no chunks."""

    status_code = 409


class DenseUnavailableError(RagError):
    """Dense retrieval was asked for, but no embedder is configured (``AGENTCORE_RAG_EMBEDDER=none``)."""

    status_code = 400


class IngestError(RagError):
    """The path to index does not exist or holds no supported document."""

    status_code = 400


class EmbedderError(RagError):
    """The embedder failed while dense retrieval was explicitly requested."""

    status_code = 503


class SearchBackendError(RagError):
    """The scale-out search backend (Qdrant) failed or is unreachable."""

    status_code = 503
