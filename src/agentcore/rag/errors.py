"""Errors of the retrieval engine.

Every error carries a Russian, user-facing message (``str(error)``), so the service, the CLI and the agent tools
report the same thing; which HTTP status each one answers with is the edge's business
(:mod:`agentcore.web.status`).
"""

from __future__ import annotations


class RetrievalError(Exception):
    """Base of every retrieval error."""


class InvalidQueryError(RetrievalError):
    """The question or a search parameter is invalid (empty, too long, ``top_k`` out of range, ...)."""


EMPTY_QUESTION = "вопрос пуст"
"""What every question to the knowledge base says when it is empty or blank (``rag search``, ``ask``, HTTP)."""


class InvalidCollectionNameError(RetrievalError):
    """The collection name has characters outside ``[A-Za-z0-9_.-]`` or is too long."""


class UnknownCollectionError(RetrievalError):
    """No collection with this name is stored."""


class EmptyCollectionError(RetrievalError):
    """The collection exists but holds no chunks."""


class DenseUnavailableError(RetrievalError):
    """Dense retrieval was asked for, but no embedder is configured (``AGENTCORE_RAG_EMBEDDER=none``)."""


class IngestError(RetrievalError):
    """The path to index does not exist or holds no supported document."""


class EmbedderError(RetrievalError):
    """The embedder failed while dense retrieval was explicitly requested."""


class SearchBackendError(RetrievalError):
    """The scale-out search backend (Qdrant) failed or is unreachable."""


def backend_failure(exc: BaseException) -> str:
    """What a failure of the search backend was, for a :class:`SearchBackendError` a client reads: a file error of
    qdrant-client's local mode without its file name (the folder is the server's business; the log has it)."""
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"[Errno {exc.errno}] {exc.strerror}" if exc.strerror else type(exc).__name__
    return str(exc)
