"""An append-only file of embeddings, written batch by batch while a collection is being indexed.

Embedding is the slow part of indexing (seconds per batch on a laptop CPU).  Each batch is appended and flushed
to ``<collection>/embeddings-<embedder>.journal`` as soon as it is computed, so an interrupted run (Ctrl-C, a
crash, a killed process) loses nothing already embedded: the next run reads the journal into its embedding cache
and embeds only what is missing.  Once a version holding the vectors is written, the journal is emptied.

Format: a header ``b"ACEJ1\\n"`` + the vector size (uint32, little-endian), then fixed-size records of a 16-byte
ASCII content hash and ``dim`` float32 values.  A torn last record (the process died mid-write) is ignored.
Writers hold the collection's lock (:meth:`agentcore.rag._store.CollectionStore.lock`).
"""

from __future__ import annotations

import os
import struct
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from agentcore.trace.logs import step_logger

if TYPE_CHECKING:
    import numpy as np

logger = step_logger("rag", "agentcore.rag._journal")

MAGIC = b"ACEJ1\n"
HASH_BYTES = 16
_HEADER = struct.Struct("<I")


class EmbeddingJournal:
    """Vectors by chunk content hash, persisted as they are appended.

    Args:
        path: the journal file (created on the first append).
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> dict[str, np.ndarray]:
        """Every complete record, by hash (empty when the file is missing or unreadable)."""
        import numpy as np

        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        except OSError as exc:
            logger.warning("journal // Unreadable embeddings journal %s: %s", self.path, exc)
            return {}
        start = len(MAGIC) + _HEADER.size
        if len(data) < start or not data.startswith(MAGIC):
            logger.warning("journal // Not an embeddings journal, ignored: %s", self.path)
            return {}
        (dim,) = _HEADER.unpack_from(data, len(MAGIC))
        size = HASH_BYTES + 4 * dim
        count = (len(data) - start) // size
        vectors: dict[str, np.ndarray] = {}
        for index in range(count):
            offset = start + index * size
            key = data[offset : offset + HASH_BYTES].decode("ascii", errors="replace")
            vectors[key] = np.frombuffer(data, dtype="<f4", count=dim, offset=offset + HASH_BYTES).astype(np.float32)
        return vectors

    def append(self, hashes: Sequence[str], matrix: np.ndarray) -> None:
        """Append one row per hash and flush it to disk (``fsync``).

        Raises:
            ValueError: rows and hashes differ in number, a hash is not 16 ASCII characters, or the vector size
                differs from the journal's.
        """
        import numpy as np

        rows = np.ascontiguousarray(matrix, dtype="<f4")
        if rows.ndim != 2 or rows.shape[0] != len(hashes):
            raise ValueError(f"{len(hashes)} hashes for a matrix of shape {rows.shape}")
        dim = rows.shape[1]
        payload = bytearray()
        for key, row in zip(hashes, rows, strict=True):
            encoded = key.encode("ascii")
            if len(encoded) != HASH_BYTES:
                raise ValueError(f"content hash must be {HASH_BYTES} ASCII characters: {key!r}")
            payload += encoded + row.tobytes()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "ab") as handle:
            if handle.tell() == 0:
                handle.write(MAGIC + _HEADER.pack(dim))
            else:
                self._check_dim(dim)
                self._drop_torn_tail(handle, dim)
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())

    def _check_dim(self, dim: int) -> None:
        with open(self.path, "rb") as handle:
            head = handle.read(len(MAGIC) + _HEADER.size)
        if head[: len(MAGIC)] != MAGIC or _HEADER.unpack_from(head, len(MAGIC))[0] != dim:
            raise ValueError(f"embeddings journal {self.path} holds vectors of another size or format")

    @staticmethod
    def _drop_torn_tail(handle: BinaryIO, dim: int) -> None:
        """Cut a record left half-written by a killed process, so new records stay aligned."""
        end = handle.tell()
        torn = (end - len(MAGIC) - _HEADER.size) % (HASH_BYTES + 4 * dim)
        if torn:
            handle.truncate(end - torn)

    def clear(self) -> None:
        """Remove the journal (its vectors are stored in a version now)."""
        self.path.unlink(missing_ok=True)
