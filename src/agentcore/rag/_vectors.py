"""Dense vectors of a collection: computing them batch by batch, and scoring a query against them.

* :func:`embed_chunks` — vectors aligned with a list of chunks.  Vectors already known (the previous version, the
  shipped vectors of the bundled knowledge base, the embeddings journal of an interrupted run) are reused by
  content hash; the rest is embedded in batches of ``embedder.batch_size``, and each batch is appended to the
  journal as soon as it returns, so an interrupt loses nothing already computed.
* :func:`cosine_scores` — a query vector against the matrix of a collection, on one thread.  numpy's BLAS would
  spread a matrix-vector product over every core; its worker threads then busy-wait for more work and fight the
  embedding model's own threads, which tripled query latency on two cores.  A matrix-vector product is bound by
  memory bandwidth anyway, so one thread loses nothing measurable (``benchmarks/rag_speed.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from agentcore.rag._journal import EmbeddingJournal
    from agentcore.rag.embeddings import Embedder
    from agentcore.rag.models import Chunk

EmbedProgress = Callable[[int, int], None]
"""``progress(done, total)`` in chunks to embed."""


def embed_chunks(
    embedder: Embedder,
    chunks: Sequence[Chunk],
    known: Mapping[str, np.ndarray],
    *,
    journal: EmbeddingJournal | None = None,
    progress: EmbedProgress | None = None,
) -> tuple[np.ndarray, int]:
    """Vectors for ``chunks`` (one row each, same order) and how many texts had to be embedded.

    Args:
        embedder: computes what ``known`` (vectors by content hash) lacks; chunks sharing a hash are embedded once.
        journal: receives every computed batch before the next one starts.
        progress: called after each batch.

    Raises:
        whatever the embedder raises; batches computed before the failure are already in ``journal``.
    """
    import numpy as np

    cache = dict(known)
    texts = {chunk.hash: chunk.embedding_text for chunk in chunks}
    missing = [key for key in texts if key not in cache]
    size = max(1, int(getattr(embedder, "batch_size", 32)))
    if progress is not None and missing:
        progress(0, len(missing))
    for start in range(0, len(missing), size):
        batch = missing[start : start + size]
        vectors = np.asarray(embedder.embed_passages([texts[key] for key in batch]), dtype=np.float32)
        if journal is not None:
            journal.append(batch, vectors)
        cache.update(zip(batch, vectors, strict=True))
        if progress is not None:
            progress(min(start + size, len(missing)), len(missing))
    if not chunks:
        return np.zeros((0, 0), dtype=np.float32), 0
    return np.vstack([cache[chunk.hash] for chunk in chunks]).astype(np.float32), len(missing)


def cosine_scores(matrix: np.ndarray, vector: np.ndarray) -> np.ndarray:
    """``matrix @ vector`` (rows and vector L2-normalised, so cosine similarities) computed on one thread.

    ``np.einsum`` without ``optimize`` runs numpy's own SIMD loop instead of BLAS, so no BLAS worker thread is
    woken (see the module docstring).
    """
    import numpy as np

    return np.einsum("ij,j->i", matrix, vector)
