"""The ``rag`` section: collections, hybrid retrieval, the Qdrant backend, the "not found" threshold."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr

from agentcore.settings._base import Section, env

__all__ = ["RagSettings"]


class RagSettings(Section):
    """Retrieval (seed 000's RAG service, seed 002's tools)."""

    collection: str = Field("default", validation_alias=env("RAG_COLLECTION"))
    # Seed 000's PARAM_RAG_TOP_K: how many chunks a search returns when the request names no top_k.
    top_k: int = Field(2, ge=1, validation_alias=env("PARAM_RAG_TOP_K"))
    embedder: Literal["local", "provider", "none"] = Field("local", validation_alias=env("RAG_EMBEDDER"))
    hybrid_top_bm25: int = Field(20, ge=1, validation_alias=env("HYBRID_TOP_BM25"))
    hybrid_top_dense: int = Field(20, ge=1, validation_alias=env("HYBRID_TOP_DENSE"))
    rrf_k: int = Field(60, ge=1, validation_alias=env("RRF_K"))
    max_top_k: int = Field(50, ge=1, validation_alias=env("RAG_MAX_TOP_K"))
    max_question_chars: int = Field(2000, ge=1, validation_alias=env("RAG_MAX_QUESTION_CHARS"))
    # Override of the calibrated "not found" threshold (agentcore.rag._ranking.answerability); None = calibrated.
    min_confidence: float | None = Field(None, validation_alias=env("RAG_MIN_CONFIDENCE"))
    # Fix layout slips and typos, add English and formal terms to queries before search (agentcore.rag._query_repair).
    query_repair: bool = Field(True, validation_alias=env("RAG_QUERY_REPAIR"))
    # With a model configured, the model reads the question against the supported sentences after the focus rules
    # (agentcore.rag._focus_judge: one call per answer); never asked on the offline provider.
    focus_judge: bool = Field(True, validation_alias=env("RAG_FOCUS_JUDGE"))
    qdrant_url: str | None = Field(None, validation_alias=env("QDRANT_URL"))
    qdrant_api_key: SecretStr | None = Field(None, validation_alias=env("QDRANT_API_KEY"))
