"""The knowledge base that ships with the package (``agentcore/rag/kb/default/*.md``).

It is indexed into the ``default`` collection on first use and re-indexed when the shipped files change (the
manifest keeps their fingerprint), unless a user has changed that collection by hand.

Embedding the whole knowledge base with the local model takes 30–60 s on two cores, so its vectors can ship too:
``kb/default.<embedder>.npz`` (chunk content hashes + float16 vectors), written by ``agentcore rag bundle-vectors``.
They seed the embedding cache; chunks whose hash is not in the file (edited since) are embedded as usual, so a
stale file costs time, never correctness.

The claim check compares sentences, not chunks, by meaning (:mod:`agentcore.rag._focus`); the vectors of every sentence,
list item and table row of the shipped chunks ship as well (``kb/default.<embedder>.sentences.npz``, keyed by a hash
of the text), so an offline ``ask`` over the shipped knowledge base embeds only the question.  So do the ``query:``
vectors of its Russian lemmas (``kb/default.<embedder>.words.npz``, keyed by the lemma), which translate the terms
of an English question (:mod:`agentcore.rag._focus.english`).
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from agentcore.rag.models import Chunk

logger = logging.getLogger("agentcore.rag._store")

DEFAULT_COLLECTION = "default"
BUNDLED_ORIGIN = "bundled"


def bundled_kb_path() -> Path:
    """Folder of the shipped knowledge base."""
    return Path(__file__).resolve().parent / "kb" / "default"


def fingerprint(folder: Path) -> str:
    """A hash of every file's relative path and bytes under ``folder`` ("" when the folder is missing)."""
    if not folder.is_dir():
        return ""
    digest = hashlib.sha256()
    for file in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(file.relative_to(folder).as_posix().encode("utf-8") + b"\0")
        digest.update(file.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def bundled_vectors_path(embedder_name: str) -> Path:
    """Where the shipped vectors of ``embedder_name`` for the bundled knowledge base live."""
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", embedder_name)
    return bundled_kb_path().parent / f"default.{safe}.npz"


def load_bundled_vectors(embedder_name: str) -> dict[str, np.ndarray]:
    """Shipped vectors by chunk content hash (empty when there is no file or it is unreadable)."""
    path = bundled_vectors_path(embedder_name)
    if not path.is_file():
        return {}
    return _read_vectors(path)


def write_bundled_vectors(embedder_name: str, chunks: Sequence[Chunk], matrix: np.ndarray) -> Path:
    """Store ``matrix`` (rows aligned with ``chunks``) as the shipped vectors of ``embedder_name``."""
    import numpy as np

    from agentcore.util.fileio import atomic_write_bytes

    path = bundled_vectors_path(embedder_name)
    buffer = io.BytesIO()
    hashes = np.array([c.hash for c in chunks])
    np.savez_compressed(buffer, hashes=hashes, vectors=matrix.astype(np.float16))
    atomic_write_bytes(path, buffer.getvalue())
    return path


def sentence_key(text: str) -> str:
    """The key of a sentence's shipped vector: a hash of its exact text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def bundled_sentence_vectors_path(embedder_name: str) -> Path:
    """Where the shipped sentence vectors of ``embedder_name`` live (next to the chunk vectors)."""
    return bundled_vectors_path(embedder_name).with_suffix(".sentences.npz")


def load_bundled_sentence_vectors(embedder_name: str) -> dict[str, np.ndarray]:
    """Shipped ``passage:`` vectors of the bundled chunks' sentences by :func:`sentence_key` (empty without a file)."""
    path = bundled_sentence_vectors_path(embedder_name)
    if not path.is_file():
        return {}
    return _read_vectors(path)


def bundled_word_vectors_path(embedder_name: str) -> Path:
    """Where the shipped ``query:`` vectors of the bundled knowledge base's lemmas live."""
    return bundled_vectors_path(embedder_name).with_suffix(".words.npz")


def load_bundled_word_vectors(embedder_name: str) -> dict[str, np.ndarray]:
    """The shipped lemma vectors of ``embedder_name`` (lemma → unit vector), ``{}`` when none ship."""
    path = bundled_word_vectors_path(embedder_name)
    if not path.is_file():
        return {}
    return _read_vectors(path)


def write_bundled_word_vectors(embedder_name: str, lemmas: Sequence[str], matrix: np.ndarray) -> Path:
    """Store ``matrix`` (rows aligned with ``lemmas``) as the shipped lemma vectors of ``embedder_name``."""
    import numpy as np

    from agentcore.util.fileio import atomic_write_bytes

    path = bundled_word_vectors_path(embedder_name)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, hashes=np.array(list(lemmas)), vectors=matrix.astype(np.float16))
    atomic_write_bytes(path, buffer.getvalue())
    return path


def _read_vectors(path: Path) -> dict[str, np.ndarray]:
    import numpy as np

    try:
        with np.load(path, allow_pickle=False) as data:
            hashes, vectors = data["hashes"], data["vectors"].astype(np.float32)
    except (OSError, ValueError, KeyError) as exc:
        logger.warning("store // Unreadable bundled vectors %s: %s", path, exc)
        return {}
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors = vectors / np.where(norms == 0, 1.0, norms)  # float16 storage: restore unit length
    return {str(h): v for h, v in zip(hashes, vectors, strict=True)}


def write_bundled_sentence_vectors(embedder_name: str, texts: Sequence[str], matrix: np.ndarray) -> Path:
    """Store ``matrix`` (rows aligned with ``texts``) as the shipped sentence vectors of ``embedder_name``."""
    import numpy as np

    from agentcore.util.fileio import atomic_write_bytes

    path = bundled_sentence_vectors_path(embedder_name)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, hashes=np.array([sentence_key(t) for t in texts]), vectors=matrix.astype(np.float16))
    atomic_write_bytes(path, buffer.getvalue())
    return path
