"""``RagEngine`` — the one facade over ingestion, storage and retrieval that the rest of agentcore uses.

    engine = RagEngine(settings)                      # embedder from settings.rag_embedder
    engine.index_path("docs/", collection="hr")       # add or update documents (incremental)
    engine.use_collection("hr")                       # hot swap, safe while queries run
    hits = engine.search("сколько дней отпуска", top_k=5)          # router picks bm25 / dense / hybrid
    result = engine.retrieve("TASK-12", mode="bm25")  # hits + mode + the router's reason
    engine.fetch_docs(["vacation", "vacation#2", "nope"])          # FetchResult(items, missing=["nope"])

Thread-safety: collections live in immutable snapshots; a query takes the current snapshot once and uses it to
the end.  Loading and writing are serialised inside the process (and across processes by a file lock); the
reference swap happens under a short lock.  A collection changed on disk by another process (``agentcore rag
index`` while the service runs) is reloaded on the next query.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from agentcore.config import Settings, get_settings
from agentcore.rag.analysis import Analyzer, get_analyzer
from agentcore.rag.chunking import DEFAULT_MAX_CHARS, chunk_document
from agentcore.rag.default_kb import (
    BUNDLED_ORIGIN,
    DEFAULT_COLLECTION,
    bundled_kb_path,
    fingerprint,
    load_bundled_vectors,
)
from agentcore.rag.embeddings import Embedder, create_embedder
from agentcore.rag.errors import (
    DenseUnavailableError,
    EmbedderError,
    EmptyCollectionError,
    IngestError,
    InvalidQueryError,
    RagError,
    SearchBackendError,
    UnknownCollectionError,
)
from agentcore.rag.fusion import reciprocal_rank_fusion
from agentcore.rag.loaders import load_path
from agentcore.rag.models import (
    SEARCH_MODES,
    Chunk,
    CollectionInfo,
    FetchResult,
    Hit,
    IndexReport,
    RouteDecision,
    SearchMode,
    SearchResult,
    SkippedFile,
    SourceDocument,
)
from agentcore.rag.rerank import rerank as local_rerank
from agentcore.rag.router import router_select
from agentcore.rag.snapshot import CollectionSnapshot
from agentcore.rag.store import CollectionStore, Manifest, validate_collection_name

if TYPE_CHECKING:
    import numpy as np

    from agentcore.rag.qdrant import QdrantBackend

logger = logging.getLogger("agentcore.rag.engine")

IndexProgress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``; stages: ``"chunk"`` (documents), ``"embed"`` (chunks)."""

RERANK_POOL = 20


class RagEngine:
    """Ingestion, collections and search.

    Args:
        settings: configuration (``get_settings()`` when omitted): data dir, limits, RRF constants.
        embedder: dense embedder; ``"auto"`` picks the one ``settings.rag_embedder`` names, ``None`` disables
            dense retrieval (BM25 only).
        analyzer: lexical analyzer (shared stemming analyzer by default).
        backend: a :class:`~agentcore.rag.qdrant.QdrantBackend` to serve queries from Qdrant; ``"auto"`` uses
            one when ``AGENTCORE_QDRANT_URL`` is set, ``None`` keeps everything local.
        data_dir: overrides ``settings.data_dir`` (collections live in ``<data_dir>/rag``).
        chunk_chars: maximum chunk length in characters.
    """

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        embedder: Embedder | Literal["auto"] | None = "auto",
        analyzer: Analyzer | None = None,
        backend: QdrantBackend | Literal["auto"] | None = "auto",
        data_dir: Path | None = None,
        chunk_chars: int = DEFAULT_MAX_CHARS,
    ) -> None:
        self.settings = settings or get_settings()
        self.analyzer = analyzer or get_analyzer()
        self.embedder: Embedder | None = create_embedder(self.settings) if embedder == "auto" else embedder
        self.store = CollectionStore(Path(data_dir or self.settings.data_dir) / "rag")
        self.chunk_chars = chunk_chars
        self.backend = _backend_from_env(self.settings) if backend == "auto" else backend
        self._active = validate_collection_name(self.settings.rag_collection)
        self._lock = threading.Lock()  # guards _snapshots and _active: reference swaps only
        self._build_lock = threading.RLock()  # one loader/writer at a time in this process
        self._snapshots: dict[str, CollectionSnapshot] = {}
        self._default_checked = False
        self._synced: dict[str, str] = {}

    # ------------------------------------------------------------------ collections
    @property
    def active(self) -> str:
        """Name of the collection queries use when they name none."""
        with self._lock:
            return self._active

    def use_collection(self, name: str) -> None:
        """Make ``name`` the active collection (hot swap: loads it first, then switches the reference).

        Raises:
            UnknownCollectionError / InvalidCollectionNameError.
        """
        self._snapshot(name)
        with self._lock:
            self._active = name
        logger.info("collection // Active collection: %s", name)

    def collections(self) -> list[CollectionInfo]:
        """Stored collections, by name (listing builds nothing)."""
        active = self.active
        infos = []
        for name in self.store.names():
            try:
                infos.append(self._info(name, self.store.read_manifest(name), active))
            except (RagError, OSError, ValueError) as exc:
                logger.warning("collection // Unreadable collection %s: %s", name, exc)
        return infos

    def info(self, collection: str | None = None) -> CollectionInfo:
        """Summary of ``collection`` (the active one by default), loading it if needed."""
        snapshot = self._snapshot(collection or self.active)
        return self._info(snapshot.name, snapshot.manifest, self.active, snapshot)

    def _info(
        self, name: str, manifest: Manifest, active: str, snapshot: CollectionSnapshot | None = None
    ) -> CollectionInfo:
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

    def create_collection(self, name: str) -> CollectionInfo:
        """Create an empty collection (no-op when it exists)."""
        validate_collection_name(name)
        if self.store.stamp(name) is None:
            self._write(name, [], replace=True, report=IndexReport(collection=name))
        return self.info(name)

    def ensure_default(self, progress: IndexProgress | None = None) -> None:
        """Build (or refresh) the ``default`` collection from the bundled knowledge base when needed.

        Rebuilt when missing, or when it was built from the bundled files and those (or the analysis rules) have
        changed since; unchanged chunks keep their vectors.
        """
        with self._build_lock:
            folder = bundled_kb_path()
            current = fingerprint(folder)
            try:
                manifest: Manifest | None = self.store.read_manifest(DEFAULT_COLLECTION)
            except UnknownCollectionError:
                manifest = None
            stale = (
                manifest is not None
                and manifest.origin == BUNDLED_ORIGIN
                and (manifest.fingerprint != current or manifest.analyzer != self.analyzer.name)
            )
            if manifest is None or stale:
                logger.info("collection // Indexing the bundled knowledge base into %r", DEFAULT_COLLECTION)
                loaded = load_path(folder) if folder.is_dir() else None
                report = IndexReport(collection=DEFAULT_COLLECTION, skipped=loaded.skipped if loaded else [])
                documents = loaded.documents if loaded else []
                self._write(
                    DEFAULT_COLLECTION,
                    documents,
                    replace=True,
                    report=report,
                    origin=BUNDLED_ORIGIN,
                    source_fingerprint=current,
                    progress=progress,
                )
            self._default_checked = True

    # ------------------------------------------------------------------ ingestion
    def index_path(
        self,
        path: str | Path,
        collection: str | None = None,
        *,
        replace: bool = False,
        progress: IndexProgress | None = None,
    ) -> IndexReport:
        """Add or update the documents under ``path`` (a file or a folder) in ``collection``.

        Documents whose id already exists are replaced; unchanged ones cost nothing (embeddings are reused by
        content hash).  With ``replace=True`` documents not under ``path`` are removed.

        Raises:
            IngestError: ``path`` does not exist or holds no readable document (skipped files are logged).
            InvalidCollectionNameError.
        """
        name = validate_collection_name(collection or self.active)
        loaded = load_path(Path(path))
        if not loaded.documents:
            raise IngestError(
                f"в {path} нет документов для индексации (поддерживаются .md, .txt, .html; "
                f"пропущено файлов: {len(loaded.skipped)})"
            )
        report = IndexReport(collection=name, skipped=list(loaded.skipped))
        self._prepare_target(name)
        return self._write(name, loaded.documents, replace=replace, report=report, progress=progress)

    def index_documents(
        self,
        documents: Sequence[SourceDocument],
        collection: str | None = None,
        *,
        replace: bool = False,
        progress: IndexProgress | None = None,
    ) -> IndexReport:
        """Like :meth:`index_path` for documents already in memory."""
        name = validate_collection_name(collection or self.active)
        self._prepare_target(name)
        return self._write(
            name, list(documents), replace=replace, report=IndexReport(collection=name), progress=progress
        )

    def _prepare_target(self, name: str) -> None:
        """Documents added to a never-built ``default`` join the bundled knowledge base instead of replacing it."""
        if name == DEFAULT_COLLECTION and not self._default_checked:
            self.ensure_default()

    def remove_documents(self, doc_ids: Iterable[str], collection: str | None = None) -> IndexReport:
        """Remove documents by id; ids not in the collection are listed in ``report.skipped``.

        Raises:
            UnknownCollectionError.
        """
        name = validate_collection_name(collection or self.active)
        self.store.read_manifest(name)
        report = IndexReport(collection=name)
        return self._write(name, [], replace=False, report=report, remove=list(doc_ids))

    def _write(
        self,
        name: str,
        documents: list[SourceDocument],
        *,
        replace: bool,
        report: IndexReport,
        remove: Sequence[str] = (),
        origin: str | None = None,
        source_fingerprint: str = "",
        progress: IndexProgress | None = None,
    ) -> IndexReport:
        from agentcore.rag.bm25 import BM25Index

        new_chunks: dict[str, list[Chunk]] = {}
        for done, doc in enumerate(documents, start=1):
            chunks = chunk_document(doc, self.chunk_chars)
            if chunks:
                new_chunks[doc.doc_id] = chunks
            else:
                report.skipped.append(SkippedFile(doc.source, "нет текста вне заголовков"))
            if progress is not None:
                progress("chunk", done, len(documents))
        with self._build_lock, self.store.lock(name):
            try:
                manifest: Manifest | None = self.store.read_manifest(name)
            except UnknownCollectionError:
                manifest = None
            old_chunks = self.store.load_chunks(name, manifest) if manifest else []
            old_docs: dict[str, list[Chunk]] = {}
            for chunk in old_chunks:
                old_docs.setdefault(chunk.doc_id, []).append(chunk)

            for doc_id, chunks in new_chunks.items():
                if doc_id not in old_docs:
                    report.added.append(doc_id)
                elif [c.hash for c in chunks] == [c.hash for c in old_docs[doc_id]]:
                    report.unchanged.append(doc_id)
                else:
                    report.updated.append(doc_id)
            dropped = [d for d in old_docs if d not in new_chunks and (replace or d in remove)]
            report.removed.extend(dropped)
            report.skipped.extend(SkippedFile(d, "документ не найден в коллекции") for d in remove if d not in old_docs)

            final: list[Chunk] = []
            for doc_id, chunks in old_docs.items():
                if doc_id not in dropped:
                    final.extend(new_chunks.get(doc_id, chunks))
            final.extend(c for doc_id, chunks in new_chunks.items() if doc_id not in old_docs for c in chunks)

            report.documents = len({c.doc_id for c in final})
            report.chunks = len(final)
            if manifest is not None and not report.changed and self._up_to_date(manifest, origin, source_fingerprint):
                report.version = manifest.version
                return report

            bm25 = BM25Index.build(self.analyzer.terms_batch(c.embedding_text for c in final)) if final else None
            dense: dict[str, np.ndarray] = {}
            if self.embedder is not None and final:
                seed = load_bundled_vectors(self.embedder.name) if origin == BUNDLED_ORIGIN else None
                dense[self.embedder.name] = self._embed(name, manifest, old_chunks, final, report, progress, seed)
            new_manifest = self.store.write_version(
                name,
                final,
                bm25,
                dense,
                analyzer=self.analyzer.name,
                origin=origin or "user",  # a hand-made change ends automatic refreshes of the bundled KB
                fingerprint=source_fingerprint,
            )
            report.version = new_manifest.version
            snapshot = CollectionSnapshot.create(
                name,
                new_manifest,
                final,
                bm25,
                dense.get(self.embedder.name) if self.embedder else None,
                self.embedder.name if self.embedder else None,
                self.store.stamp(name),
            )
            with self._lock:
                self._snapshots[name] = snapshot
            self._sync_backend(snapshot)
        logger.info(
            "index // %s: +%d ~%d -%d documents, %d chunks, %d embedded, %d embeddings reused",
            name,
            len(report.added),
            len(report.updated),
            len(report.removed),
            report.chunks,
            report.embedded,
            report.reused_embeddings,
        )
        return report

    def _up_to_date(self, manifest: Manifest, origin: str | None, source_fingerprint: str) -> bool:
        """Whether an unchanged document set can keep its version (same analysis rules and origin data)."""
        if manifest.analyzer != self.analyzer.name:
            return False
        return origin is None or (manifest.origin == origin and manifest.fingerprint == source_fingerprint)

    def _embed(
        self,
        name: str,
        manifest: Manifest | None,
        old_chunks: list[Chunk],
        chunks: list[Chunk],
        report: IndexReport | None,
        progress: IndexProgress | None,
        seed: dict[str, np.ndarray] | None = None,
    ) -> np.ndarray:
        """Vectors for ``chunks``, reusing the previous version's (and ``seed``'s) vectors of unchanged content."""
        import numpy as np

        assert self.embedder is not None
        cache: dict[str, np.ndarray] = dict(seed or {})
        previous = self.store.load_dense(name, manifest, self.embedder.name) if manifest else None
        if previous is not None and previous.shape[0] == len(old_chunks):
            cache.update((chunk.hash, previous[row]) for row, chunk in enumerate(old_chunks))
        missing = list(dict.fromkeys(c.hash for c in chunks if c.hash not in cache))
        if missing:
            texts = {c.hash: c.embedding_text for c in chunks}
            callback = (lambda done, total: progress("embed", done, total)) if progress else None
            vectors = self.embedder.embed_passages([texts[h] for h in missing], progress=callback)
            cache.update(zip(missing, vectors, strict=True))
        if report is not None:
            report.embedded += len(missing)
            report.reused_embeddings += len(chunks) - len(missing)
        return np.vstack([cache[c.hash] for c in chunks]).astype(np.float32)

    # ------------------------------------------------------------------ snapshots
    def _snapshot(self, name: str) -> CollectionSnapshot:
        validate_collection_name(name)
        if name == DEFAULT_COLLECTION and not self._default_checked:
            self.ensure_default()
        stamp = self.store.stamp(name)
        with self._lock:
            snapshot = self._snapshots.get(name)
        if snapshot is not None and stamp is not None and snapshot.stamp == stamp:
            return snapshot
        with self._build_lock:
            stamp = self.store.stamp(name)
            with self._lock:
                snapshot = self._snapshots.get(name)
            if snapshot is not None and stamp is not None and snapshot.stamp == stamp:
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
            with self._lock:
                self._snapshots[name] = snapshot
            return snapshot

    def _load(self, name: str, stamp: Any) -> CollectionSnapshot:
        from agentcore.rag.bm25 import BM25Index

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
                seed = load_bundled_vectors(self.embedder.name) if name == DEFAULT_COLLECTION else None
                matrix = self._embed(name, None, [], chunks, None, None, seed)
                self.store.add_dense(name, manifest, self.embedder.name, matrix)
                return matrix
        except Exception as exc:  # the embedder may be remote: serve BM25 rather than fail the load
            logger.warning("collection // Embedding %s failed, dense retrieval off: %s", name, exc)
            return None

    def export_bundled_vectors(self) -> Path:
        """Write the ``default`` collection's vectors as the shipped vectors of the bundled knowledge base.

        Raises:
            DenseUnavailableError: no embedder configured.
        """
        from agentcore.rag.default_kb import write_bundled_vectors

        if self.embedder is None:
            raise DenseUnavailableError("эмбеддер не настроен: нечего сохранять (AGENTCORE_RAG_EMBEDDER=none)")
        self.ensure_default()
        snapshot = self._snapshot(DEFAULT_COLLECTION)
        if snapshot.dense is None or snapshot.manifest.origin != BUNDLED_ORIGIN:
            raise EmptyCollectionError("коллекция default не построена из поставляемой базы знаний")
        return write_bundled_vectors(self.embedder.name, snapshot.chunks, snapshot.dense)

    # ------------------------------------------------------------------ search
    def validate_query(self, query: Any) -> str:
        """The stripped question.

        Raises:
            InvalidQueryError: not a string, empty, or longer than ``settings.rag_max_question_chars``.
        """
        if not isinstance(query, str):
            raise InvalidQueryError("вопрос должен быть строкой")
        query = query.strip()
        if not query:
            raise InvalidQueryError("вопрос пуст")
        limit = self.settings.rag_max_question_chars
        if len(query) > limit:
            raise InvalidQueryError(f"вопрос длиннее {limit} символов ({len(query)})")
        return query

    def validate_top_k(self, top_k: Any) -> int:
        """``top_k`` or the default ``settings.param_rag_top_k``.

        Raises:
            InvalidQueryError: not an integer in ``1..settings.rag_max_top_k``.
        """
        if top_k is None:
            return self.settings.param_rag_top_k
        cap = self.settings.rag_max_top_k
        if isinstance(top_k, bool) or not isinstance(top_k, int) or not 1 <= top_k <= cap:
            raise InvalidQueryError(f"top_k должен быть целым числом от 1 до {cap}, получено {top_k!r}")
        return top_k

    def route(self, query: str) -> RouteDecision:
        """The router's decision for ``query`` given this engine's capabilities."""
        return router_select(query, dense_available=self.embedder is not None)

    def search(
        self,
        query: str,
        top_k: int | None = None,
        *,
        mode: SearchMode | None = None,
        collection: str | None = None,
        top_bm25: int | None = None,
        top_dense: int | None = None,
        rerank: bool = False,
    ) -> list[Hit]:
        """Hits for ``query`` (see :meth:`retrieve`)."""
        return self.retrieve(
            query, top_k, mode=mode, collection=collection, top_bm25=top_bm25, top_dense=top_dense, rerank=rerank
        ).hits

    def retrieve(
        self,
        query: str,
        top_k: int | None = None,
        *,
        mode: SearchMode | None = None,
        collection: str | None = None,
        top_bm25: int | None = None,
        top_dense: int | None = None,
        rerank: bool = False,
    ) -> SearchResult:
        """Search a collection.

        Args:
            query: the question (1..``rag_max_question_chars`` characters).
            top_k: hits to return (default ``param_rag_top_k``, at most ``rag_max_top_k``).
            mode: ``bm25``, ``dense`` or ``hybrid`` (RRF); ``None`` lets :func:`router_select` decide.
            collection: defaults to the active collection.
            top_bm25 / top_dense: per-retriever depth before fusion (default ``hybrid_top_bm25`` /
                ``hybrid_top_dense``).
            rerank: reorder a deeper pool with the local reranker before cutting to ``top_k``.

        Returns:
            hits best first (ranks from 1; BM25 returns only chunks sharing a term with the query), the mode
            used and why.

        Raises:
            InvalidQueryError, InvalidCollectionNameError, UnknownCollectionError, EmptyCollectionError,
            DenseUnavailableError (dense/hybrid asked without an embedder), EmbedderError.
        """
        query = self.validate_query(query)
        top_k = self.validate_top_k(top_k)
        if mode is not None and mode not in SEARCH_MODES:
            raise InvalidQueryError(f"неизвестный режим поиска {mode!r}: допустимы bm25, dense, hybrid")
        name = collection or self.active
        snapshot = self._snapshot(name)
        if snapshot.size == 0:
            raise EmptyCollectionError(f"коллекция {name!r} пуста: сначала проиндексируйте документы")
        dense_ok = self.embedder is not None and snapshot.dense is not None
        if mode is None:
            decision = router_select(query, dense_available=dense_ok)
        elif mode != "bm25" and not dense_ok:
            raise DenseUnavailableError(
                f"режим {mode} недоступен: плотные векторы не настроены (AGENTCORE_RAG_EMBEDDER=none)"
            )
        else:
            decision = RouteDecision(mode, f"mode {mode} requested by the caller")
        depth = max(top_k, RERANK_POOL) if rerank else top_k
        hits, decision = self._run(snapshot, query, decision, depth, top_bm25, top_dense, explicit=mode is not None)
        if rerank:
            hits = local_rerank(query, hits, top_k, self.analyzer)
        return SearchResult(hits=hits[:top_k], mode=decision.mode, reason=decision.reason, collection=name)

    def _query_vector(self, query: str) -> np.ndarray:
        assert self.embedder is not None
        return self.embedder.embed_query(query)

    def _run(
        self,
        snapshot: CollectionSnapshot,
        query: str,
        decision: RouteDecision,
        k: int,
        top_bm25: int | None,
        top_dense: int | None,
        *,
        explicit: bool,
    ) -> tuple[list[Hit], RouteDecision]:
        mode = decision.mode
        terms = self.analyzer.terms(query)
        depth_bm25 = max(top_bm25 or self.settings.hybrid_top_bm25, k)
        depth_dense = max(top_dense or self.settings.hybrid_top_dense, k)
        vector = None
        if mode != "bm25":
            try:
                vector = self._query_vector(query)
            except Exception as exc:  # the embedder may be remote
                if explicit:
                    raise EmbedderError(f"не удалось вычислить эмбеддинг запроса: {exc}") from exc
                logger.warning("search // Query embedding failed, falling back to bm25: %s", exc)
                decision = RouteDecision("bm25", f"embedding failed ({type(exc).__name__}); {decision.reason}")
                mode = "bm25"
        if self.backend is not None:
            with self._lock:
                current = self._snapshots.get(snapshot.name) is snapshot
            if current:  # a query still holding an older snapshot must not roll the mirror back
                self._sync_backend(snapshot)  # no-op once this version is mirrored
            try:
                ranked = self.backend.search(
                    snapshot.name, terms, vector, mode, k, depth_bm25, depth_dense, self.settings.rrf_k
                )
            except Exception as exc:  # network, server or client errors of the remote store
                logger.error("search // Search backend failed: %s", exc)
                raise SearchBackendError(f"поисковый бэкенд недоступен: {exc}") from exc
            rows = [(snapshot.positions[cid], score) for cid, score in ranked if cid in snapshot.positions]
        elif mode == "bm25":
            rows = snapshot.bm25_top(terms, k)
        elif mode == "dense":
            assert vector is not None
            rows = snapshot.dense_top(vector, k)
        else:
            assert vector is not None
            lexical = [row for row, _ in snapshot.bm25_top(terms, depth_bm25)]
            semantic = [row for row, _ in snapshot.dense_top(vector, depth_dense)]
            rows = reciprocal_rank_fusion([lexical, semantic], k=self.settings.rrf_k, limit=k)
        hits = [
            Hit.from_chunk(snapshot.chunks[row], score, rank, mode) for rank, (row, score) in enumerate(rows, start=1)
        ]
        return hits, decision

    def rerank(self, query: str, hits: list[Hit], top_k: int | None = None) -> list[Hit]:
        """Reorder ``hits`` with the local reranker (see :mod:`agentcore.rag.rerank`)."""
        return local_rerank(query, hits, top_k, self.analyzer)

    def fetch_docs(self, ids: Iterable[str], collection: str | None = None) -> FetchResult:
        """Chunks (by chunk id) or whole documents (by doc id); unknown ids go to ``missing``, never raise.

        Raises:
            UnknownCollectionError: the collection itself does not exist.
        """
        snapshot = self._snapshot(collection or self.active)
        items, missing = [], []
        for item_id in dict.fromkeys(str(i) for i in ids):
            item = snapshot.fetch(item_id)
            if item is None:
                missing.append(item_id)
            else:
                items.append(item)
        return FetchResult(items=items, missing=missing)

    # ------------------------------------------------------------------ async faces
    async def aretrieve(self, query: str, top_k: int | None = None, **kwargs: Any) -> SearchResult:
        """:meth:`retrieve` in a worker thread (CPU-bound work off the event loop)."""
        return await asyncio.to_thread(lambda: self.retrieve(query, top_k, **kwargs))

    async def asearch(self, query: str, top_k: int | None = None, **kwargs: Any) -> list[Hit]:
        """:meth:`search` in a worker thread."""
        return (await self.aretrieve(query, top_k, **kwargs)).hits

    async def afetch_docs(self, ids: Iterable[str], collection: str | None = None) -> FetchResult:
        """:meth:`fetch_docs` in a worker thread."""
        return await asyncio.to_thread(self.fetch_docs, list(ids), collection)

    # ------------------------------------------------------------------ scale-out backend
    def _sync_backend(self, snapshot: CollectionSnapshot) -> None:
        if self.backend is None or self._synced.get(snapshot.name) == snapshot.manifest.version:
            return
        try:
            self.backend.sync(snapshot, self.analyzer)
        except Exception as exc:  # the local version is written; the mirror is retried on the next load
            logger.error("index // Syncing %s to the search backend failed: %s", snapshot.name, exc)
            raise SearchBackendError(f"не удалось синхронизировать коллекцию с поисковым бэкендом: {exc}") from exc
        self._synced[snapshot.name] = snapshot.manifest.version


def _backend_from_env(settings: Settings) -> QdrantBackend | None:
    """The Qdrant backend when ``AGENTCORE_QDRANT_URL`` is set, else ``None`` (everything local)."""
    if not settings.qdrant_url:
        return None
    from agentcore.rag.qdrant import QdrantBackend

    key = settings.qdrant_api_key.get_secret_value() if settings.qdrant_api_key else None
    return QdrantBackend(url=settings.qdrant_url, api_key=key)
