"""Semantic routing for offline handlers: which route's example utterances a text is closest to.

Each route is a list of example phrases.  They are embedded once with the local model
(:mod:`agentcore.llm._local_embeddings`) and cached on disk under ``<data dir>/cache/<cache_name>``, keyed by a
hash of the model and the examples, so a changed example list is re-embedded and an unchanged one loads in
milliseconds.  A text's score for a route is its best cosine similarity to that route's examples.

Embedding the examples costs seconds (about 85 phrases for the assistant: 4–10 s on two cores), which a new user
would wait for at their first question, and every fresh data directory (each test's) again.  So a router's vectors
can ship with the package too (``shipped``, written by :meth:`SemanticRouter.write_shipped`; ``python
scripts/route_vectors.py`` rewrites every app's): they are used when their key is the current one, and a stale file
(examples edited since) costs the embedding, never correctness.

Rules (keywords, patterns) stay with the caller: they run first and are cheaper and more precise where they apply.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

logger = logging.getLogger("agentcore.llm.routing")

Vectors = dict[str, list[list[float]]]


def _default_cache_dir() -> Path:
    """``<data dir>/cache``, the data dir read from the environment (``AGENTCORE_DATA_DIR``) like the ``core``
    section does."""
    from agentcore.settings.core import CoreSettings

    return CoreSettings().data_dir / "cache"


def _key(examples: Mapping[str, Sequence[str]]) -> str:
    from agentcore.llm._local_embeddings import MODEL_NAME

    return hashlib.sha256((MODEL_NAME + json.dumps(examples, ensure_ascii=False)).encode()).hexdigest()


class SemanticRouter:
    """Nearest-example routing over the local embedding model.

    Args:
        routes: route name → example phrases (or a callable returning them, evaluated on first use).
        cache_name: file name of the on-disk vector cache (``None``: compute per process, keep nothing).
        cache_dir: where the cache lives (default ``<data dir>/cache``, resolved on first use).
        shipped: a file of vectors shipped with the package (:meth:`write_shipped`), used before the cache when its
            key is the current one (see the module docstring).
    """

    def __init__(
        self,
        routes: Mapping[str, Sequence[str]] | Callable[[], Mapping[str, Sequence[str]]],
        *,
        cache_name: str | None = None,
        cache_dir: Path | None = None,
        shipped: Path | None = None,
    ) -> None:
        self._routes = routes
        self._cache_name = cache_name
        self._cache_dir = cache_dir
        self._shipped = shipped
        self._lock = threading.Lock()
        self._vectors: Vectors | None = None

    def examples(self) -> dict[str, list[str]]:
        """The example phrases of every route."""
        routes = self._routes() if callable(self._routes) else self._routes
        return {name: list(texts) for name, texts in routes.items()}

    def key(self) -> str:
        """The hash of the model and the examples that keys the cache and the shipped file."""
        return _key(self.examples())

    def shipped_key(self) -> str | None:
        """The key the shipped file was written for (None: no shipped file, or one that cannot be read)."""
        read = self._read_shipped()
        return read[0] if read else None

    def _read_shipped(self) -> tuple[str, Vectors] | None:
        if self._shipped is None or not self._shipped.is_file():
            return None
        import numpy as np

        try:
            with np.load(self._shipped, allow_pickle=False) as data:
                names = [str(name) for name in data["routes"]]
                vectors = {name: data[f"route{i}"].tolist() for i, name in enumerate(names)}
                return str(data["key"]), vectors
        except (OSError, ValueError, KeyError) as exc:
            logger.warning("shipped route vectors %s not read: %s", self._shipped, exc)
            return None

    def write_shipped(self) -> Path:
        """Write the vectors of the current examples to the ``shipped`` file (embedding them if the shipped or the
        cached vectors are not the current ones); its path.

        Raises:
            ValueError: the router has no ``shipped`` path.
        """
        if self._shipped is None:
            raise ValueError("this router has no shipped-vectors path")
        import io

        import numpy as np

        from agentcore.util.fileio import atomic_write_bytes

        vectors = self.vectors()
        names = list(vectors)
        arrays = {f"route{i}": np.asarray(vectors[name], dtype=np.float16) for i, name in enumerate(names)}
        buffer = io.BytesIO()
        np.savez_compressed(buffer, key=np.array(self.key()), routes=np.array(names), **arrays)  # type: ignore[arg-type]
        atomic_write_bytes(self._shipped, buffer.getvalue())
        return self._shipped

    def vectors(self) -> Vectors:
        """Embeddings of every route's examples: the shipped ones when current, else computed once (and cached on
        disk when a cache name is set)."""
        with self._lock:
            if self._vectors is not None:
                return self._vectors
            from agentcore.llm._local_embeddings import embed_local

            examples = self.examples()
            key = _key(examples)
            shipped = self._read_shipped()
            if shipped is not None and shipped[0] == key:
                self._vectors = shipped[1]
                return self._vectors
            path = (self._cache_dir or _default_cache_dir()) / self._cache_name if self._cache_name else None
            if path is not None:
                try:
                    cached = json.loads(path.read_text(encoding="utf-8"))
                    if cached.get("key") == key:
                        self._vectors = cached["vectors"]
                        return self._vectors
                except (OSError, ValueError, KeyError):
                    pass
            vectors = {route: embed_local(texts, "query") for route, texts in examples.items()}
            if path is not None:
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    tmp = path.with_suffix(".tmp")
                    tmp.write_text(json.dumps({"key": key, "vectors": vectors}), encoding="utf-8")
                    tmp.replace(path)
                except OSError as exc:
                    logger.warning("route cache not written: %s", exc)
            self._vectors = vectors
            return vectors

    def similarities(self, text: str) -> dict[str, list[float]]:
        """Cosine similarity of ``text`` to each example of each route (in the order of :meth:`examples`)."""
        from agentcore.llm._local_embeddings import embed_local

        query = embed_local([text], "query")[0]
        return {
            route: [sum(a * b for a, b in zip(query, v, strict=True)) for v in vectors]
            for route, vectors in self.vectors().items()
            if vectors
        }

    def scores(self, text: str) -> dict[str, float]:
        """Best cosine similarity of ``text`` to each route's examples."""
        return {route: max(values) for route, values in self.similarities(text).items()}

    def warm_up(self) -> None:
        """Load the model and the route vectors now (e.g. in a background thread at a dialog's start), so the
        first :meth:`scores` costs one query's embedding; a failure is logged, the first real call reports it."""
        try:
            self.vectors()
            from agentcore.llm._local_embeddings import embed_local

            embed_local(["прогрев"], "query")
        except Exception as exc:
            logger.warning("route warm-up failed: %s", exc)

    def best(self, text: str) -> tuple[str, float]:
        """The closest route and its score."""
        scores = self.scores(text)
        route = max(scores, key=lambda name: scores[name])
        return route, scores[route]
