"""The e5 ``passage:``/``query:`` vectors of the tests by meaning: the vectors shipped with the bundled knowledge base
and a per-process cache of the local embedder's."""

from __future__ import annotations

from typing import Any


def vector_at_hand(text: str) -> bool:
    return (text, "passage") in _VECTORS or _shipped(text) is not None


_VECTORS: dict[tuple[str, str], Any] = {}


_VECTORS_LIMIT = 8192


_SHIPPED: dict[str, Any] | None = None


def _shipped(text: str) -> Any | None:
    """The shipped ``passage:`` vector of a sentence of the bundled knowledge base (:mod:`agentcore.rag.default_kb`),
    or ``None``."""
    global _SHIPPED
    if _SHIPPED is None:
        from agentcore.rag.default_kb import load_bundled_sentence_vectors
        from agentcore.rag.embeddings import E5Embedder

        _SHIPPED = load_bundled_sentence_vectors(E5Embedder.name)
    if not _SHIPPED:
        return None
    from agentcore.rag.default_kb import sentence_key

    return _SHIPPED.get(sentence_key(text))


def cached_local(texts: list[str], kind: str) -> Any:
    """The local e5 embedder with a per-text cache: only texts not seen before are embedded, in one batch; a
    sentence of the shipped knowledge base takes its shipped vector."""
    import numpy as np

    from agentcore.llm import embed_local_array

    if kind == "passage":
        for text in dict.fromkeys(texts):
            if (text, kind) not in _VECTORS and (vector := _shipped(text)) is not None:
                _VECTORS[(text, kind)] = vector
    missing = [t for t in dict.fromkeys(texts) if (t, kind) not in _VECTORS]
    if missing:
        if len(_VECTORS) > _VECTORS_LIMIT:
            _VECTORS.clear()
        for text, vector in zip(missing, embed_local_array(missing, kind), strict=True):  # type: ignore[arg-type]
            _VECTORS[(text, kind)] = vector
    return np.stack([_VECTORS[(t, kind)] for t in texts])
