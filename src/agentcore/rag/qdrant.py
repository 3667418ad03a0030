"""Scale-out search backend on Qdrant: dense + sparse (BM25) vectors, RRF fused server-side by the Query API.

Each collection becomes a Qdrant collection ``<prefix><name>`` with a named dense vector ``dense`` (cosine) and a
sparse vector ``bm25`` whose IDF Qdrant applies (``Modifier.IDF``).  Document sparse values are the BM25 term-
frequency part ``tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl))`` over our analyzer's terms, hashed to 31-bit ids;
query sparse vectors weigh each distinct term 1.  Hybrid queries prefetch both and fuse with ``RrfQuery(k=rrf_k +
1)`` — Qdrant counts ranks from 0, so this equals our 1-based ``1/(rrf_k + rank)``.

The local store stays the source of truth (chunks, embedding cache); :meth:`QdrantBackend.sync` mirrors a
snapshot into Qdrant by content hash (upserts new or changed chunks, deletes stale ones).  Unchanged chunks keep
the ``avgdl`` they were uploaded with until they change — a small, documented approximation.

Works against a server (``AGENTCORE_QDRANT_URL=http://…``) or in qdrant-client's local mode (``":memory:"`` or a
folder), which supports sparse vectors, the IDF modifier, prefetch and RRF.  A local folder can be open in one process
only (qdrant-client locks it); ``:memory:`` is a private copy per process, mirrored from the shared store.
"""

from __future__ import annotations

import logging
import threading
import uuid
import zlib
from collections import Counter
from typing import TYPE_CHECKING, Any

from agentcore.rag._analysis import Analyzer

if TYPE_CHECKING:
    import numpy as np

    from agentcore.rag._snapshot import CollectionSnapshot

logger = logging.getLogger("agentcore.rag.qdrant")

DENSE, SPARSE = "dense", "bm25"
K1, B = 1.2, 0.75
BATCH = 256


MEMORY = ":memory:"


def local_folder(url: str) -> str | None:
    """The folder when ``AGENTCORE_QDRANT_URL`` names qdrant-client's on-disk local mode (an absolute or relative
    path, ``~/…`` or ``file://…``); ``None`` for a server URL or ``:memory:``."""
    import os

    if url.startswith("file://"):
        return url.removeprefix("file://")
    if url.startswith(("/", "./", "../", "~")):
        return os.path.expanduser(url)
    return None


def term_id(term: str) -> int:
    """Stable 31-bit id of a term (CRC-32)."""
    return zlib.crc32(term.encode("utf-8")) & 0x7FFFFFFF


def sparse_document(terms: list[str], avgdl: float) -> tuple[list[int], list[float]]:
    """BM25 term-frequency weights of a document's terms as sparse ``(indices, values)``."""
    counts: Counter[int] = Counter(term_id(t) for t in terms)
    length = max(len(terms), 1)
    norm = K1 * (1 - B + B * length / max(avgdl, 1e-9))
    indices = sorted(counts)
    return indices, [counts[i] * (K1 + 1) / (counts[i] + norm) for i in indices]


def sparse_query(terms: list[str]) -> tuple[list[int], list[float]]:
    """Each distinct query term with weight 1 (Qdrant multiplies in the IDF)."""
    indices = sorted({term_id(t) for t in terms})
    return indices, [1.0] * len(indices)


class QdrantBackend:
    """Mirror collections into Qdrant and answer ``bm25`` / ``dense`` / ``hybrid`` queries there.

    Args:
        url: server URL (``http://qdrant:6333``); or
        location: ``":memory:"`` for local in-process mode; or
        path: folder for persistent local mode; or
        client: a ready ``QdrantClient``.
        api_key: for Qdrant Cloud / secured servers.
        prefix: prepended to collection names.
        timeout: seconds per request to a server.
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        location: str | None = None,
        path: str | None = None,
        client: Any | None = None,
        api_key: str | None = None,
        prefix: str = "agentcore_",
        timeout: int = 10,
    ) -> None:
        if client is None:
            from qdrant_client import QdrantClient

            if url:
                # No version probe at construction: building an engine must not touch the network.
                client = QdrantClient(url=url, api_key=api_key, timeout=timeout, check_compatibility=False)
            elif path:
                client = QdrantClient(path=path)
            else:
                client = QdrantClient(location=location or ":memory:")
        self.client = client
        self.prefix = prefix
        # Local mode keeps plain Python structures: serialise access to it.
        self._lock = threading.RLock()

    def collection_name(self, name: str) -> str:
        """Qdrant collection for ``name``."""
        return f"{self.prefix}{name}"

    @staticmethod
    def point_id(collection: str, chunk_id: str) -> str:
        """Deterministic UUID of a chunk's point."""
        return str(uuid.uuid5(uuid.NAMESPACE_URL, f"agentcore:{collection}/{chunk_id}"))

    def _ensure_collection(self, name: str, dim: int | None) -> None:
        from qdrant_client import models

        target = self.collection_name(name)
        if self.client.collection_exists(target):
            params = self.client.get_collection(target).config.params
            vectors = params.vectors if isinstance(params.vectors, dict) else {}
            current = vectors[DENSE].size if DENSE in vectors else None
            if current == dim:
                return
            logger.info("qdrant // Recreating %s: dense size %s -> %s", target, current, dim)
            self.client.delete_collection(target)
        self.client.create_collection(
            target,
            vectors_config={DENSE: models.VectorParams(size=dim, distance=models.Distance.COSINE)} if dim else {},
            sparse_vectors_config={SPARSE: models.SparseVectorParams(modifier=models.Modifier.IDF)},
        )

    def _existing(self, target: str) -> dict[str, str]:
        found: dict[str, str] = {}
        offset = None
        while True:
            points, offset = self.client.scroll(
                target, limit=1000, offset=offset, with_payload=["hash"], with_vectors=False
            )
            for point in points:
                found[str(point.id)] = (point.payload or {}).get("hash", "")
            if offset is None:
                return found

    def sync(self, snapshot: CollectionSnapshot, analyzer: Analyzer) -> None:
        """Make the Qdrant collection hold exactly ``snapshot``'s chunks (by content hash)."""
        from qdrant_client import models

        dense = snapshot.dense
        dim = int(dense.shape[1]) if dense is not None else None
        target = self.collection_name(snapshot.name)
        with self._lock:
            self._ensure_collection(snapshot.name, dim)
            existing = self._existing(target)
            wanted = {self.point_id(snapshot.name, c.id): row for row, c in enumerate(snapshot.chunks)}
            stale = [pid for pid in existing if pid not in wanted]
            todo = [row for pid, row in wanted.items() if existing.get(pid) != snapshot.chunks[row].hash]
            for start in range(0, len(stale), BATCH):
                self.client.delete(target, points_selector=models.PointIdsList(points=stale[start : start + BATCH]))
            if todo:
                terms = [analyzer.terms(snapshot.chunks[row].embedding_text) for row in todo]
                # Length normalisation against the whole collection, not just the chunks being written now
                # (points written earlier keep the average of their time: an approximation, see module docs).
                changed = dict(zip(todo, terms, strict=True))
                lengths = [
                    len(changed[row]) if row in changed else len(analyzer.terms(chunk.embedding_text))
                    for row, chunk in enumerate(snapshot.chunks)
                ]
                avgdl = sum(lengths) / max(1, len(lengths)) or 1.0
                for start in range(0, len(todo), BATCH):
                    points = []
                    for row, row_terms in zip(todo[start : start + BATCH], terms[start : start + BATCH], strict=True):
                        chunk = snapshot.chunks[row]
                        indices, values = sparse_document(row_terms, avgdl)
                        vector: dict[str, Any] = {SPARSE: models.SparseVector(indices=indices, values=values)}
                        if dense is not None:
                            vector[DENSE] = dense[row].tolist()
                        points.append(
                            models.PointStruct(
                                id=self.point_id(snapshot.name, chunk.id),
                                vector=vector,
                                payload={"chunk_id": chunk.id, "doc_id": chunk.doc_id, "hash": chunk.hash},
                            )
                        )
                    self.client.upsert(target, points=points)
        logger.info("qdrant // Synced %s: %d upserted, %d deleted", target, len(todo), len(stale))

    def search(
        self,
        collection: str,
        terms: list[str],
        vector: np.ndarray | None,
        mode: str,
        k: int,
        depth_bm25: int,
        depth_dense: int,
        rrf_k: int = 60,
    ) -> list[tuple[str, float]]:
        """``[(chunk_id, score), ...]`` best first, computed by Qdrant."""
        from qdrant_client import models

        target = self.collection_name(collection)
        indices, values = sparse_query(terms)
        sparse = models.SparseVector(indices=indices, values=values)
        if mode == "hybrid" and (vector is None or not indices):
            mode = "dense" if vector is not None else "bm25"
        with self._lock:
            if mode == "bm25":
                if not indices:
                    return []
                response = self.client.query_points(
                    target, query=sparse, using=SPARSE, limit=k, with_payload=["chunk_id"]
                )
            elif mode == "dense":
                assert vector is not None
                response = self.client.query_points(
                    target, query=vector.tolist(), using=DENSE, limit=k, with_payload=["chunk_id"]
                )
            else:
                assert vector is not None
                response = self.client.query_points(
                    target,
                    prefetch=[
                        models.Prefetch(query=sparse, using=SPARSE, limit=depth_bm25),
                        models.Prefetch(query=vector.tolist(), using=DENSE, limit=depth_dense),
                    ],
                    query=models.RrfQuery(rrf=models.Rrf(k=rrf_k + 1)),
                    limit=k,
                    with_payload=["chunk_id"],
                )
        results = [((p.payload or {}).get("chunk_id", ""), float(p.score)) for p in response.points]
        return [(cid, score) for cid, score in results if cid and (mode != "bm25" or score > 0)]

    def close(self) -> None:
        """Close the client."""
        self.client.close()
