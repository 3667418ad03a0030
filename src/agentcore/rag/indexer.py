"""The write face of the retrieval engine: add, update and remove documents, build the bundled ``default``.

    indexer.index_path("docs/", collection="hr", progress=callback)   # IndexReport
    indexer.remove_documents(["vacation"], collection="hr")
    indexer.ensure_default()                                          # the knowledge base shipped with the package

A write chunks the documents, reuses every vector whose chunk content is unchanged, embeds the rest batch by batch
(each batch journaled as it returns: an interrupted run keeps them), rebuilds BM25, writes a complete new version
and switches the manifest last (:mod:`agentcore.rag._store`); then it publishes the new snapshot to the
:class:`~agentcore.rag.catalog.Catalog`, so the process's searches see it at once and other processes on their
next query.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from agentcore.rag._chunking import DEFAULT_MAX_CHARS, chunk_document
from agentcore.rag._snapshot import CollectionSnapshot
from agentcore.rag._store import Manifest, validate_collection_name
from agentcore.rag.catalog import Catalog
from agentcore.rag.default_kb import BUNDLED_ORIGIN, DEFAULT_COLLECTION, bundled_kb_path, fingerprint
from agentcore.rag.embeddings import E5Embedder
from agentcore.rag.errors import DenseUnavailableError, EmptyCollectionError, IngestError, UnknownCollectionError
from agentcore.rag.loaders import load_path
from agentcore.rag.models import Chunk, CollectionInfo, IndexReport, SkippedFile, SourceDocument
from agentcore.trace.logs import step_logger

if TYPE_CHECKING:
    import numpy as np

logger = step_logger("rag", "agentcore.rag.indexer")

IndexProgress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``; stages: ``"chunk"`` (documents), ``"embed"`` (chunks to embed)."""


class Indexer:
    """Writes collections.

    Args:
        catalog: the collections of this process (store, analyzer, embedder, loaded snapshots).
        chunk_chars: maximum chunk length in characters.
    """

    def __init__(self, catalog: Catalog, chunk_chars: int = DEFAULT_MAX_CHARS) -> None:
        self.catalog = catalog
        self.chunk_chars = chunk_chars
        self._default_checked = False
        catalog.builders[DEFAULT_COLLECTION] = self._default_once

    # ------------------------------------------------------------------ collections
    def create_collection(self, name: str) -> CollectionInfo:
        """Create an empty collection (no-op when it exists)."""
        validate_collection_name(name)
        if self.catalog.store.stamp(name) is None:
            self._write(name, [], replace=True, report=IndexReport(collection=name))
        return self.catalog.info(name)

    def _default_once(self) -> None:
        if not self._default_checked:
            self.ensure_default()

    def ensure_default(self, progress: IndexProgress | None = None) -> None:
        """Build (or refresh) the ``default`` collection from the bundled knowledge base when needed.

        Rebuilt when missing, or when it was built from the bundled files and those (or the analysis rules) have
        changed since; unchanged chunks keep their vectors, and shipped vectors seed the cache.
        """
        catalog = self.catalog
        with catalog.build_lock:
            if self._default_checked and progress is None:
                return
            folder = bundled_kb_path()
            current = fingerprint(folder)
            try:
                manifest: Manifest | None = catalog.store.read_manifest(DEFAULT_COLLECTION)
            except UnknownCollectionError:
                manifest = None
            stale = (
                manifest is not None
                and manifest.origin == BUNDLED_ORIGIN
                and (manifest.fingerprint != current or manifest.analyzer != catalog.analyzer.name)
            )
            if manifest is None or stale:
                logger.info("collection // Indexing the bundled knowledge base into %r", DEFAULT_COLLECTION)
                loaded = load_path(folder) if folder.is_dir() else None
                report = IndexReport(collection=DEFAULT_COLLECTION, skipped=loaded.skipped if loaded else [])
                self._write(
                    DEFAULT_COLLECTION,
                    loaded.documents if loaded else [],
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
        """Add or update the documents under ``path`` (a file or a folder) in ``collection`` (the active one).

        Documents whose id already exists are replaced; unchanged ones cost nothing (embeddings are reused by
        content hash).  With ``replace=True`` documents not under ``path`` are removed.

        Raises:
            IngestError: ``path`` does not exist or holds no readable document (skipped files are logged).
            InvalidCollectionNameError; whatever the embedder raises (vectors computed so far are journaled).
        """
        name = validate_collection_name(collection or self.catalog.active)
        loaded = load_path(Path(path))
        if not loaded.documents:
            raise IngestError(
                f"в {path} нет документов для индексации (поддерживаются .md, .txt, .html; "
                f"пропущено файлов: {len(loaded.skipped)})"
            )
        report = IndexReport(collection=name, skipped=list(loaded.skipped))
        self._prepare_target(name, progress)
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
        name = validate_collection_name(collection or self.catalog.active)
        self._prepare_target(name, progress)
        return self._write(
            name, list(documents), replace=replace, report=IndexReport(collection=name), progress=progress
        )

    def _prepare_target(self, name: str, progress: IndexProgress | None) -> None:
        """Documents added to a never-built ``default`` join the bundled knowledge base instead of replacing it."""
        if name == DEFAULT_COLLECTION and not self._default_checked:
            self.ensure_default(progress)

    def remove_documents(self, doc_ids: Iterable[str], collection: str | None = None) -> IndexReport:
        """Remove documents by id; ids not in the collection are listed in ``report.skipped``.

        Raises:
            UnknownCollectionError.
        """
        name = validate_collection_name(collection or self.catalog.active)
        self.catalog.store.read_manifest(name)
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
        from agentcore.rag._bm25 import BM25Index

        started = time.perf_counter()
        catalog, store, embedder = self.catalog, self.catalog.store, self.catalog.embedder
        new_chunks: dict[str, list[Chunk]] = {}
        for done, doc in enumerate(documents, start=1):
            chunks = chunk_document(doc, self.chunk_chars)
            if chunks:
                new_chunks[doc.doc_id] = chunks
            else:
                report.skipped.append(SkippedFile(doc.source, "нет текста вне заголовков"))
            if progress is not None:
                progress("chunk", done, len(documents))
        with catalog.build_lock, store.lock(name):
            try:
                manifest: Manifest | None = store.read_manifest(name)
            except UnknownCollectionError:
                manifest = None
            old_chunks = store.load_chunks(name, manifest) if manifest else []
            final = self._merge(old_chunks, new_chunks, replace, remove, report)
            report.documents = len({c.doc_id for c in final})
            report.chunks = len(final)
            if manifest is not None and not report.changed and self._up_to_date(manifest, origin, source_fingerprint):
                report.version = manifest.version
                return report

            bm25 = BM25Index.build(catalog.analyzer.terms_batch(c.embedding_text for c in final)) if final else None
            dense: dict[str, np.ndarray] = {}
            if embedder is not None and final:
                dense[embedder.name] = self._vectors(name, manifest, old_chunks, final, report, progress)
            new_manifest = store.write_version(
                name,
                final,
                bm25,
                dense,
                analyzer=catalog.analyzer.name,
                origin=origin or "user",  # a hand-made change ends automatic refreshes of the bundled KB
                fingerprint=source_fingerprint,
            )
            if embedder is not None:
                catalog.journal(name).clear()  # its vectors are in the version now
            report.version = new_manifest.version
            snapshot = CollectionSnapshot.create(
                name,
                new_manifest,
                final,
                bm25,
                dense.get(embedder.name) if embedder else None,
                embedder.name if embedder else None,
                store.stamp(name),
            )
            catalog.publish(snapshot)
            catalog.mirror(snapshot)
        report.seconds = time.perf_counter() - started
        logger.info(
            "index // %s: +%d ~%d -%d documents, %d chunks, %d embedded, %d embeddings reused, %.1f s",
            name,
            len(report.added),
            len(report.updated),
            len(report.removed),
            report.chunks,
            report.embedded,
            report.reused_embeddings,
            report.seconds,
        )
        return report

    @staticmethod
    def _merge(
        old_chunks: list[Chunk],
        new_chunks: dict[str, list[Chunk]],
        replace: bool,
        remove: Sequence[str],
        report: IndexReport,
    ) -> list[Chunk]:
        """The chunks of the new version (old order kept, new documents appended); fills ``report``'s lists."""
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
        report.skipped.extend(SkippedFile(d, _not_in_collection(d, old_docs)) for d in remove if d not in old_docs)
        final: list[Chunk] = []
        for doc_id, chunks in old_docs.items():
            if doc_id not in dropped:
                final.extend(new_chunks.get(doc_id, chunks))
        final.extend(c for doc_id, chunks in new_chunks.items() if doc_id not in old_docs for c in chunks)
        return final

    def _up_to_date(self, manifest: Manifest, origin: str | None, source_fingerprint: str) -> bool:
        """Whether an unchanged document set can keep its version (same analysis rules and origin data)."""
        if manifest.analyzer != self.catalog.analyzer.name:
            return False
        return origin is None or (manifest.origin == origin and manifest.fingerprint == source_fingerprint)

    def _vectors(
        self,
        name: str,
        manifest: Manifest | None,
        old_chunks: list[Chunk],
        chunks: list[Chunk],
        report: IndexReport,
        progress: IndexProgress | None,
    ) -> np.ndarray:
        """Vectors for ``chunks``, reusing the previous version's vectors of unchanged content."""
        catalog = self.catalog
        assert catalog.embedder is not None
        known: dict[str, np.ndarray] = {}
        previous = catalog.store.load_dense(name, manifest, catalog.embedder.name) if manifest else None
        if previous is not None and previous.shape[0] == len(old_chunks):
            known.update((chunk.hash, previous[row]) for row, chunk in enumerate(old_chunks))
        callback = (lambda done, total: progress("embed", done, total)) if progress else None
        started = time.perf_counter()
        matrix, embedded = catalog.embed(name, chunks, known, callback)
        report.embed_seconds += time.perf_counter() - started
        report.embedded += embedded
        report.reused_embeddings += len(chunks) - embedded
        return matrix

    # ------------------------------------------------------------------ shipped vectors
    def export_bundled_vectors(self) -> Path:
        """Write the ``default`` collection's vectors as the shipped vectors of the bundled knowledge base.

        Raises:
            DenseUnavailableError: no embedder configured.
        """
        from agentcore.rag.default_kb import write_bundled_vectors

        embedder = self.catalog.embedder
        if embedder is None:
            raise DenseUnavailableError("эмбеддер не настроен: нечего сохранять (AGENTCORE_RAG_EMBEDDER=none)")
        self.ensure_default()
        snapshot = self.catalog.snapshot(DEFAULT_COLLECTION)
        if snapshot.dense is None or snapshot.manifest.origin != BUNDLED_ORIGIN:
            raise EmptyCollectionError("коллекция default не построена из поставляемой базы знаний")
        path = write_bundled_vectors(embedder.name, snapshot.chunks, snapshot.dense)
        if embedder.name == E5Embedder.name:
            # the claim check's sentence vectors are the local e5's (agentcore.rag._focus): ship them too
            from agentcore.llm import embed_local_array
            from agentcore.rag.answer import quotable_forms
            from agentcore.rag.default_kb import write_bundled_sentence_vectors

            texts = list(dict.fromkeys(form for chunk in snapshot.chunks for form in quotable_forms(chunk.text)))
            matrix = embed_local_array(texts, "passage") if texts else None
            if matrix is not None:
                write_bundled_sentence_vectors(embedder.name, texts, matrix)
            # and the vectors of its Russian lemmas, which translate an English question's terms
            from agentcore.rag._focus.english import document_lemmas
            from agentcore.rag.default_kb import write_bundled_word_vectors

            lemmas = list(document_lemmas([chunk.embedding_text for chunk in snapshot.chunks]))
            if lemmas:
                write_bundled_word_vectors(embedder.name, lemmas, embed_local_array(lemmas, "query"))
        return path


def _not_in_collection(doc_id: str, present: Iterable[str]) -> str:
    """Why ``doc_id`` could not be removed, naming the ids it was probably meant to be: a document of that file name
    in a subfolder («кофе» → «отдел/кофе»: an id is the path from the indexed folder), else a close spelling."""
    import difflib

    ids = list(present)
    name = doc_id.rsplit("/", 1)[-1]
    near = [other for other in ids if other.rsplit("/", 1)[-1] == name]
    near = near or difflib.get_close_matches(doc_id, ids, 3, 0.75)
    reason = "документ не найден в коллекции"
    return reason + (" — может быть, " + " или ".join(f"«{other}»" for other in near[:3]) + "?" if near else "")
