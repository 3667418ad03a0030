"""The collections of one process: the on-disk store, the loaded snapshots, the active name, the search mirror.

:class:`Catalog` sits beneath both faces of the retrieval engine — :class:`~agentcore.rag.indexer.Indexer` writes
through it and publishes new snapshots, :class:`~agentcore.rag.searcher.Searcher` reads snapshots from it.

Thread-safety: a snapshot is immutable; a query takes the current one once and keeps it.  Loading and writing are
serialised in the process (``build_lock``) and across processes (the store's file lock); swapping a reference
takes a short lock.  A collection changed on disk by another process (``agentcore rag index`` while the service
runs) is reloaded on the next :meth:`Catalog.snapshot`.

The active collection is shared state too: a switch (``POST /rag/collections/active`` on any worker or host,
``agentcore rag use``) is written to ``<data_dir>/rag/active``, and every process re-reads that file when its stamp
changes — one ``stat`` per look-up, as for the manifests — so all workers sharing the data directory answer from
the same collection from their next request on.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agentcore.rag._analysis import Analyzer
from agentcore.rag._journal import EmbeddingJournal
from agentcore.rag._snapshot import CollectionSnapshot
from agentcore.rag._store import CollectionStore, Manifest, Stamp, validate_collection_name
from agentcore.rag._vectors import EmbedProgress, embed_chunks
from agentcore.rag.default_kb import DEFAULT_COLLECTION, load_bundled_vectors
from agentcore.rag.errors import RetrievalError, SearchBackendError, UnknownCollectionError, backend_failure
from agentcore.rag.models import Chunk, CollectionInfo
from agentcore.settings.rag import RagSettings
from agentcore.trace.logs import step_logger

if TYPE_CHECKING:
    import numpy as np

    from agentcore.rag.embeddings import Embedder
    from agentcore.rag.qdrant import QdrantBackend

logger = step_logger("rag", "agentcore.rag.catalog")

ACTIVE_FILE = "active"
"""File under ``<data_dir>/rag`` that remembers the collection chosen with ``agentcore rag use``."""


class Catalog:
    """Collections of one data dir, as the process sees them.

    Args:
        rag: the ``rag`` section (limits, the configured active collection).
        store: the on-disk collections.
        analyzer: lexical analysis (a collection indexed with other rules gets its BM25 rebuilt in memory on load).
        embedder: dense embedder, ``None`` for BM25 only.
        backend: a Qdrant mirror that answers queries, ``None`` to answer from memory.
    """

    def __init__(
        self,
        rag: RagSettings,
        store: CollectionStore,
        analyzer: Analyzer,
        embedder: Embedder | None,
        backend: QdrantBackend | None = None,
    ) -> None:
        self.rag = rag
        self.store = store
        self.analyzer = analyzer
        self.embedder = embedder
        self.backend = backend
        self.build_lock = threading.RLock()  # one loader/writer at a time in this process
        self.builders: dict[str, Callable[[], None]] = {}  # name -> makes sure it exists (the bundled default)
        self._lock = threading.Lock()  # guards _snapshots, _active, _active_stamp, _synced: reference swaps only
        self._snapshots: dict[str, CollectionSnapshot] = {}
        self._synced: dict[str, str] = {}
        # The switch file as this process last saw it: a later change of it is a switch made elsewhere.
        self._active_stamp = self._active_file_stamp()
        self._active = validate_collection_name(self._initial_active())

    # ------------------------------------------------------------------ the active collection
    def _initial_active(self) -> str:
        """The active collection at start (:func:`initial_active`)."""
        return initial_active(self.rag, self.store.root)

    @property
    def active(self) -> str:
        """Name of the collection queries use when they name none.

        ``AGENTCORE_RAG_COLLECTION`` (or the saved choice) decides at start; a switch made after that by any process
        sharing the data directory (a new stamp of the switch file) wins from the next look-up on.
        """
        stamp = self._active_file_stamp()
        with self._lock:
            if stamp == self._active_stamp:
                return self._active
        name = self._read_active_file()
        with self._lock:
            self._active_stamp = stamp
            if name is not None and name != self._active:
                logger.info("collection // Active collection switched elsewhere: %s", name)
                self._active = name
            return self._active

    def use(self, name: str) -> None:
        """Make ``name`` the active collection of every process sharing this data directory (a hot swap).

        The collection is loaded first, then the choice is written to the switch file (atomically), so other
        workers and hosts, and later processes, use it too.

        Raises:
            UnknownCollectionError / InvalidCollectionNameError; OSError when the switch cannot be written.
        """
        from agentcore.util.fileio import atomic_write_bytes

        self.snapshot(name)
        with self.build_lock:
            self.store.root.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(self._active_path, (name + "\n").encode("utf-8"))
            with self._lock:
                self._active = name
                self._active_stamp = self._active_file_stamp()
        logger.info("collection // Active collection: %s", name)

    def remember_active(self, name: str) -> None:
        """Seed 000 CLI's name for :meth:`use` (``agentcore rag use``): the choice is shared and kept."""
        self.use(name)

    @property
    def _active_path(self) -> Path:
        return self.store.root / ACTIVE_FILE

    def _active_file_stamp(self) -> tuple[int, int, int] | None:
        """A cheap change marker of the switch file (inode, mtime, size), ``None`` when there is none."""
        try:
            info = os.stat(self._active_path)
        except OSError:
            return None
        return (info.st_ino, info.st_mtime_ns, info.st_size)

    def _read_active_file(self) -> str | None:
        """The collection named in the switch file, ``None`` when it is missing or unreadable."""
        return read_active_file(self.store.root)

    # ------------------------------------------------------------------ listing
    def infos(self) -> list[CollectionInfo]:
        """Stored collections, by name (listing builds nothing)."""
        active = self.active
        infos = []
        for name in self.store.names():
            try:
                infos.append(self.describe(name, self.store.read_manifest(name), active))
            except (RetrievalError, OSError, ValueError) as exc:
                logger.warning("collection // Unreadable collection %s: %s", name, exc)
        return infos

    def info(self, name: str | None = None) -> CollectionInfo:
        """Summary of ``name`` (the active collection by default), loading it if needed."""
        snapshot = self.snapshot(name or self.active)
        return self.describe(snapshot.name, snapshot.manifest, self.active, snapshot)

    def describe(
        self, name: str, manifest: Manifest, active: str, snapshot: CollectionSnapshot | None = None
    ) -> CollectionInfo:
        """A :class:`CollectionInfo` from a manifest (and the loaded snapshot, when there is one)."""
        if snapshot is not None:
            dense = snapshot.dense is not None
        else:
            dense = self.embedder is not None and self.store.has_dense(name, manifest, self.embedder.name)
        return CollectionInfo(
            name=name,
            documents=manifest.documents,
            chunks=manifest.chunks,
            version=manifest.version,
            updated_at=manifest.created_at,
            active=name == active,
            dense=dense,
        )

    # ------------------------------------------------------------------ snapshots
    def snapshot(self, name: str) -> CollectionSnapshot:
        """The current snapshot of ``name``, (re)loaded when the manifest on disk changed.

        Raises:
            UnknownCollectionError / InvalidCollectionNameError.
        """
        validate_collection_name(name)
        builder = self.builders.get(name)
        if builder is not None:
            builder()
        stamp, snapshot = self._fresh(name)
        if snapshot is not None:
            return snapshot
        with self.build_lock:  # checked again under the lock: another thread may have loaded it meanwhile
            stamp, snapshot = self._fresh(name)
            if snapshot is not None:
                return snapshot
            if stamp is None:
                with self._lock:
                    self._snapshots.pop(name, None)
                raise UnknownCollectionError(f"коллекция {name!r} не найдена")
            try:
                snapshot = self._load(name, stamp)
            except FileNotFoundError:
                # A writer in another process replaced the version between our reads: read the new manifest.
                snapshot = self._load(name, self.store.stamp(name))
            self.publish(snapshot)
            return snapshot

    def _fresh(self, name: str) -> tuple[Stamp | None, CollectionSnapshot | None]:
        """The stamp of ``name``'s manifest on disk, and its published snapshot when that is of this stamp."""
        stamp = self.store.stamp(name)
        with self._lock:
            snapshot = self._snapshots.get(name)
        fresh = snapshot is not None and stamp is not None and snapshot.stamp == stamp
        return stamp, snapshot if fresh else None

    def publish(self, snapshot: CollectionSnapshot) -> None:
        """Make ``snapshot`` the current one of its collection, its passages analysed first
        (:meth:`CollectionSnapshot.analyse_passages`, reusing the replaced version's analyses)."""
        with self._lock:
            previous = self._snapshots.get(snapshot.name)
        snapshot.analyse_passages(self.analyzer, previous)
        with self._lock:
            self._snapshots[snapshot.name] = snapshot

    def is_current(self, snapshot: CollectionSnapshot) -> bool:
        """True when ``snapshot`` is still the published one of its collection."""
        with self._lock:
            return self._snapshots.get(snapshot.name) is snapshot

    def _load(self, name: str, stamp: Any) -> CollectionSnapshot:
        from agentcore.rag._bm25 import BM25Index

        manifest = self.store.read_manifest(name)
        chunks = self.store.load_chunks(name, manifest)
        bm25: BM25Index | None
        if chunks and manifest.analyzer != self.analyzer.name:
            logger.info("collection // %s was indexed with %s; rebuilding BM25 in memory", name, manifest.analyzer)
            bm25 = BM25Index.build(self.analyzer.terms_batch(c.embedding_text for c in chunks))
        else:
            bm25 = self.store.load_bm25(name, manifest) if chunks else None
        dense = None
        if self.embedder is not None and chunks:
            dense = self.store.load_dense(name, manifest, self.embedder.name)
            if dense is None:
                dense = self._embed_loaded(name, manifest, chunks)
        snapshot = CollectionSnapshot.create(
            name, manifest, chunks, bm25, dense, self.embedder.name if self.embedder else None, stamp
        )
        logger.debug("collection // Loaded %s version %s (%d chunks)", name, manifest.version, len(chunks))
        return snapshot

    def _embed_loaded(self, name: str, manifest: Manifest, chunks: list[Chunk]) -> np.ndarray | None:
        """Embed a stored version that lacks this embedder's vectors and store them; ``None`` on failure."""
        assert self.embedder is not None
        logger.info("collection // Embedding %d chunks of %s with %s", len(chunks), name, self.embedder.name)
        try:
            with self.store.lock(name):
                if self.store.read_manifest(name).version != manifest.version:
                    return None  # replaced meanwhile; the next query loads the new version
                matrix, _ = self.embed(name, chunks, {})
                self.store.add_dense(name, manifest, self.embedder.name, matrix)
                self.journal(name).clear()
                return matrix
        except Exception as exc:  # the embedder may be remote: serve BM25 rather than fail the load
            logger.warning("collection // Embedding %s failed, dense retrieval off: %s", name, exc)
            return None

    # ------------------------------------------------------------------ embeddings
    def journal(self, name: str) -> EmbeddingJournal:
        """The embeddings journal of ``name`` for the configured embedder (see :mod:`agentcore.rag._journal`)."""
        assert self.embedder is not None
        return EmbeddingJournal(self.store.journal_path(name, self.embedder.name))

    def embed(
        self,
        name: str,
        chunks: list[Chunk],
        known: dict[str, np.ndarray],
        progress: EmbedProgress | None = None,
    ) -> tuple[np.ndarray, int]:
        """Vectors for ``chunks`` of collection ``name`` (callers hold the collection's lock).

        Reuses ``known``, the shipped vectors when ``name`` is the bundled default, and the collection's journal;
        embeds the rest and journals every batch.  Returns the matrix and how many texts were embedded.
        """
        assert self.embedder is not None
        journal = self.journal(name)
        cache = dict(load_bundled_vectors(self.embedder.name)) if name == DEFAULT_COLLECTION else {}
        cache.update(journal.load())
        cache.update(known)
        return embed_chunks(self.embedder, chunks, cache, journal=journal, progress=progress)

    # ------------------------------------------------------------------ the search mirror
    def mirror(self, snapshot: CollectionSnapshot) -> None:
        """Upload ``snapshot`` to the search backend (no-op without one, or once this version is mirrored).

        Raises:
            SearchBackendError.
        """
        if self.backend is None:
            return
        with self._lock:
            if self._synced.get(snapshot.name) == snapshot.manifest.version:
                return
        try:
            self.backend.sync(snapshot, self.analyzer)
        except Exception as exc:  # the local version is written; the mirror is retried on the next load
            logger.error("index // Syncing %s to the search backend failed: %s", snapshot.name, exc)
            raise SearchBackendError(
                f"не удалось синхронизировать коллекцию с поисковым бэкендом: {backend_failure(exc)}"
            ) from exc
        with self._lock:
            self._synced[snapshot.name] = snapshot.manifest.version


def backend_from_settings(rag: RagSettings) -> QdrantBackend | None:
    """The Qdrant backend of the ``rag`` section when ``AGENTCORE_QDRANT_URL`` is set, else ``None`` (everything
    local).

    The value is a server URL (``http://qdrant:6333``), ``:memory:`` (qdrant-client's local mode, a copy per
    process) or a folder (local mode on disk: one process only).

    Raises:
        SearchBackendError: the folder is already open in another process (qdrant-client's lock).
    """
    if not rag.qdrant_url:
        return None
    from agentcore.rag.qdrant import MEMORY, QdrantBackend, local_folder

    url = rag.qdrant_url
    if url == MEMORY:
        return QdrantBackend(location=MEMORY)
    folder = local_folder(url)
    if folder is not None:
        try:
            return QdrantBackend(path=folder)
        except RuntimeError as exc:
            if "already accessed" not in str(exc):
                raise
            logger.error("index // The local Qdrant folder %s is open in another process", folder)
            raise SearchBackendError(LOCAL_QDRANT_BUSY) from None
    key = rag.qdrant_api_key.get_secret_value() if rag.qdrant_api_key else None
    return QdrantBackend(url=url, api_key=key)


LOCAL_QDRANT_BUSY = (
    "локальное хранилище Qdrant (папка из AGENTCORE_QDRANT_URL) уже открыто другим процессом: её может открыть один "
    "процесс. Для нескольких процессов укажите в AGENTCORE_QDRANT_URL адрес сервера Qdrant "
    "или уберите его (векторы останутся в файлах коллекций) — docs/deploy.md"
)
"""Why a second process cannot open a local Qdrant folder (the first one holds qdrant-client's lock); the folder
itself goes to the log only, not to a client."""


def read_active_file(root: Path) -> str | None:
    """The collection named in ``<root>/active`` (the switch file of ``agentcore rag use``), ``None`` when it is
    missing or unreadable."""
    try:
        return validate_collection_name((root / ACTIVE_FILE).read_text("utf-8").strip())
    except (OSError, RetrievalError, UnicodeDecodeError):
        return None


def initial_active(rag: RagSettings, root: Path) -> str:
    """The collection a process starts with, the store at ``root``: ``AGENTCORE_RAG_COLLECTION`` when it is set,
    else the choice saved by ``agentcore rag use`` (:func:`read_active_file`), else the default.  Not validated."""
    if "collection" in rag.model_fields_set:
        return rag.collection
    return read_active_file(root) or rag.collection


def active_collection_titles(data_dir: Path, rag: RagSettings) -> tuple[str, list[str]]:
    """The active collection under ``data_dir`` (:func:`initial_active` of the ``rag`` section) and the distinct
    titles of its stored chunks («<doc> — <section>», in index order; empty when it is not stored there, e.g. on
    Qdrant).  Reads files only: nothing is indexed or loaded into memory beyond the chunk list.
    """
    store = CollectionStore(data_dir / "rag")
    name = initial_active(rag, store.root)
    try:
        chunks = store.load_chunks(name, store.read_manifest(name))
    except (OSError, ValueError, KeyError, RetrievalError):
        return name, []
    return name, list(dict.fromkeys(chunk.title for chunk in chunks))
