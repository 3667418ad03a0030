"""On-disk collections: immutable versions and a manifest that is switched last.

Layout under ``<data_dir>/rag/``::

    active                         the collection chosen with ``agentcore rag use`` (optional)
    <collection>/
        manifest.json              which version is current, counts, analyzer, origin (written last, atomically)
        .lock                      inter-process writer lock (filelock)
        embeddings-<embedder>.journal  vectors computed by an unfinished indexing run (see agentcore.rag._journal)
        versions/<version>/
            chunks.jsonl           one chunk per line, in index order
            bm25/                  bm25s index files
            dense-<embedder>.npy   one L2-normalised row per chunk, same order (keyed by chunk hash)

A writer builds a complete new version directory, then replaces ``manifest.json`` with ``os.replace``.  A crash at
any point before that leaves the previous manifest pointing at the previous, untouched version; stray directories
are removed by the next successful write.  The previous version is kept one round, so a reader in another process
that has just read the old manifest can still load it.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import uuid
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agentcore.rag.errors import InvalidCollectionNameError, UnknownCollectionError
from agentcore.rag.models import Chunk
from agentcore.util.fileio import atomic_write_bytes

if TYPE_CHECKING:
    import numpy as np
    from filelock import FileLock

    from agentcore.rag._bm25 import BM25Index

logger = logging.getLogger("agentcore.rag._store")

FORMAT_VERSION = 1
MANIFEST = "manifest.json"
COLLECTION_NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"
"""What a collection name may be (JSON Schema of the HTTP routes; matched whole, a trailing newline included)."""
_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def utc_now() -> str:
    """Current time, aware UTC, ISO 8601 with ``Z``."""
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def validate_collection_name(name: str) -> str:
    """Return ``name`` if it is a safe collection name (``[A-Za-z0-9][A-Za-z0-9_.-]{0,63}``).

    Raises:
        InvalidCollectionNameError: otherwise (this also rules out path traversal).
    """
    # fullmatch: "name\n" must not pass ("$" would match before a final newline).
    if not isinstance(name, str) or not _NAME_RE.fullmatch(name):
        shown = repr(name[:41] if isinstance(name, str) else name)
        shown = shown if len(shown) <= 42 else shown[:40] + "…"
        raise InvalidCollectionNameError(
            f"недопустимое имя коллекции {shown}: латинские буквы, цифры, '_', '-', '.', до 64 символов"
        )
    return name


def _temp_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")


def atomic_save_npy(path: Path, array: np.ndarray) -> None:
    """Save ``array`` as ``.npy`` at ``path`` all-or-nothing."""
    import numpy as np

    tmp = _temp_path(path)
    try:
        with open(tmp, "wb") as handle:
            np.save(handle, array, allow_pickle=False)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _safe(embedder_name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", embedder_name)


def dense_file_name(embedder_name: str) -> str:
    """File name of an embedder's vectors in a version directory."""
    return f"dense-{_safe(embedder_name)}.npy"


@dataclass(frozen=True)
class Manifest:
    """The current state of a collection (``manifest.json``)."""

    version: str
    created_at: str
    analyzer: str
    documents: int
    chunks: int
    origin: str = "user"
    fingerprint: str = ""
    format: int = FORMAT_VERSION
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Manifest:
        known = {f for f in cls.__dataclass_fields__}
        return cls(**{k: v for k, v in data.items() if k in known})


Stamp = tuple[int, int, int]


class CollectionStore:
    """Reads and writes collections under ``root`` (``<data_dir>/rag``).  Paths are validated names only."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._manifest_paths: dict[str, str] = {}  # name → manifest path: stamp() runs on every query

    def path(self, name: str) -> Path:
        """Folder of collection ``name``."""
        return self.root / validate_collection_name(name)

    def names(self) -> list[str]:
        """Names of stored collections (those with a manifest), sorted."""
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if (p / MANIFEST).is_file() and _NAME_RE.fullmatch(p.name))

    def stamp(self, name: str) -> Stamp | None:
        """A cheap change marker of the manifest (inode, mtime, size), or ``None`` when there is none."""
        # The path is joined once per stored collection: pathlib's joins cost ~3x the stat itself (issue 18 G10).
        path = self._manifest_paths.get(name) or os.fspath(self.path(name) / MANIFEST)
        try:
            info = os.stat(path)
        except FileNotFoundError:
            return None
        self._manifest_paths[name] = path  # only names that exist: a stream of unknown names stores nothing
        return (info.st_ino, info.st_mtime_ns, info.st_size)

    def lock(self, name: str, timeout: float = 600.0) -> FileLock:
        """Inter-process lock for writers of ``name``."""
        from filelock import FileLock

        folder = self.path(name)
        folder.mkdir(parents=True, exist_ok=True)
        return FileLock(str(folder / ".lock"), timeout=timeout)

    def read_manifest(self, name: str) -> Manifest:
        """The current manifest.

        Raises:
            UnknownCollectionError: no such collection.
        """
        try:
            data = json.loads((self.path(name) / MANIFEST).read_text("utf-8"))
        except FileNotFoundError:
            raise UnknownCollectionError(f"коллекция {name!r} не найдена") from None
        return Manifest.from_json(data)

    def journal_path(self, name: str, embedder_name: str) -> Path:
        """The embeddings journal of ``name`` for one embedder (see :mod:`agentcore.rag._journal`)."""
        return self.path(name) / f"embeddings-{_safe(embedder_name)}.journal"

    def version_dir(self, name: str, manifest: Manifest) -> Path:
        """Folder of the manifest's version."""
        return self.path(name) / "versions" / manifest.version

    def load_chunks(self, name: str, manifest: Manifest) -> list[Chunk]:
        """Chunks of the manifest's version, in index order."""
        path = self.version_dir(name, manifest) / "chunks.jsonl"
        if manifest.chunks == 0 and not path.exists():
            return []
        with open(path, encoding="utf-8") as handle:
            return [Chunk.from_json(json.loads(line)) for line in handle if line.strip()]

    def load_bm25(self, name: str, manifest: Manifest) -> BM25Index | None:
        """The version's BM25 index (``None`` for an empty collection)."""
        from agentcore.rag._bm25 import BM25Index

        folder = self.version_dir(name, manifest) / "bm25"
        return BM25Index.load(folder) if folder.is_dir() else None

    def load_dense(self, name: str, manifest: Manifest, embedder_name: str) -> np.ndarray | None:
        """The version's vectors of ``embedder_name``, or ``None`` when not computed (or unreadable)."""
        import numpy as np

        path = self.version_dir(name, manifest) / dense_file_name(embedder_name)
        if not path.is_file():
            return None
        try:
            matrix = np.load(path, allow_pickle=False)
        except (OSError, ValueError) as exc:
            logger.warning("store // Unreadable vectors %s: %s", path, exc)
            return None
        if matrix.ndim != 2 or matrix.shape[0] != manifest.chunks:
            logger.warning("store // Vectors %s do not match %d chunks; ignored", path, manifest.chunks)
            return None
        return np.ascontiguousarray(matrix, dtype=np.float32)

    def has_dense(self, name: str, manifest: Manifest, embedder_name: str) -> bool:
        """Whether the manifest's version holds vectors of ``embedder_name``."""
        return (self.version_dir(name, manifest) / dense_file_name(embedder_name)).is_file()

    def add_dense(self, name: str, manifest: Manifest, embedder_name: str, matrix: np.ndarray) -> None:
        """Store vectors for an embedder the current version lacks (atomic; callers hold :meth:`lock`)."""
        atomic_save_npy(self.version_dir(name, manifest) / dense_file_name(embedder_name), matrix)

    def write_version(
        self,
        name: str,
        chunks: list[Chunk],
        bm25: BM25Index | None,
        dense: dict[str, np.ndarray],
        *,
        analyzer: str,
        origin: str = "user",
        fingerprint: str = "",
    ) -> Manifest:
        """Write a complete new version, then switch the manifest to it (callers hold :meth:`lock`).

        Returns:
            the new manifest.  On any exception the previous manifest (and version) stay as they were.
        """
        folder = self.path(name)
        version = f"{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}Z-{uuid.uuid4().hex[:8]}"
        target = folder / "versions" / version
        target.mkdir(parents=True)
        previous = self._current_version(name)
        try:
            with open(target / "chunks.jsonl", "w", encoding="utf-8") as handle:
                for chunk in chunks:
                    handle.write(json.dumps(chunk.to_json(), ensure_ascii=False) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            if bm25 is not None:
                bm25.save(target / "bm25")
            for embedder_name, matrix in dense.items():
                atomic_save_npy(target / dense_file_name(embedder_name), matrix)
            manifest = Manifest(
                version=version,
                created_at=utc_now(),
                analyzer=analyzer,
                documents=len({c.doc_id for c in chunks}),
                chunks=len(chunks),
                origin=origin,
                fingerprint=fingerprint,
            )
            data = json.dumps(asdict(manifest), ensure_ascii=False, indent=2).encode("utf-8")
            atomic_write_bytes(folder / MANIFEST, data)
        except BaseException:
            shutil.rmtree(target, ignore_errors=True)
            raise
        self._collect_garbage(name, keep={version, previous} - {None})
        return manifest

    def _current_version(self, name: str) -> str | None:
        try:
            return self.read_manifest(name).version
        except (UnknownCollectionError, ValueError, OSError):
            return None

    def _collect_garbage(self, name: str, keep: set[str | None]) -> None:
        versions = self.path(name) / "versions"
        for entry in versions.iterdir() if versions.is_dir() else []:
            if entry.name not in keep:
                shutil.rmtree(entry, ignore_errors=True)
        for stray in self.path(name).glob(".*.tmp"):
            stray.unlink(missing_ok=True)
