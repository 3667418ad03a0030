"""Semantic routing for offline handlers: which route's example utterances a text is closest to.

Each route is a list of example phrases.  They are embedded once with the local model
(:mod:`agentcore.llm._local_embeddings`) and cached on disk under ``<data dir>/cache/<cache_name>``, keyed by a
hash of the model and the examples, so a changed example list is re-embedded and an unchanged one loads in
milliseconds.  A text's score for a route is its best cosine similarity to that route's examples.

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


class SemanticRouter:
    """Nearest-example routing over the local embedding model.

    Args:
        routes: route name → example phrases (or a callable returning them, evaluated on first use).
        cache_name: file name of the on-disk vector cache (``None``: compute per process, keep nothing).
        cache_dir: where the cache lives (default ``<data dir>/cache``, resolved on first use).
    """

    def __init__(
        self,
        routes: Mapping[str, Sequence[str]] | Callable[[], Mapping[str, Sequence[str]]],
        *,
        cache_name: str | None = None,
        cache_dir: Path | None = None,
    ) -> None:
        self._routes = routes
        self._cache_name = cache_name
        self._cache_dir = cache_dir
        self._lock = threading.Lock()
        self._vectors: Vectors | None = None

    def examples(self) -> dict[str, list[str]]:
        """The example phrases of every route."""
        routes = self._routes() if callable(self._routes) else self._routes
        return {name: list(texts) for name, texts in routes.items()}

    def vectors(self) -> Vectors:
        """Embeddings of every route's examples (computed once, cached on disk when a cache name is set)."""
        with self._lock:
            if self._vectors is not None:
                return self._vectors
            from agentcore.llm._local_embeddings import MODEL_NAME, embed_local

            examples = self.examples()
            key = hashlib.sha256((MODEL_NAME + json.dumps(examples, ensure_ascii=False)).encode()).hexdigest()
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

    def scores(self, text: str) -> dict[str, float]:
        """Best cosine similarity of ``text`` to each route's examples."""
        from agentcore.llm._local_embeddings import embed_local

        query = embed_local([text], "query")[0]
        return {
            route: max(sum(a * b for a, b in zip(query, v, strict=True)) for v in vectors)
            for route, vectors in self.vectors().items()
            if vectors
        }

    def best(self, text: str) -> tuple[str, float]:
        """The closest route and its score."""
        scores = self.scores(text)
        route = max(scores, key=lambda name: scores[name])
        return route, scores[route]
