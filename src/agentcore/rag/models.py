"""Value objects of the retrieval engine: documents, chunks, hits, route decisions, reports.

All are frozen dataclasses so a loaded collection snapshot can be shared between threads without copying.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Literal

SearchMode = Literal["bm25", "dense", "hybrid"]
SEARCH_MODES: tuple[SearchMode, ...] = ("bm25", "dense", "hybrid")
SourceFormat = Literal["markdown", "text", "html"]


def content_hash(text: str) -> str:
    """A short stable hash of ``text`` (first 16 hex digits of SHA-256); keys the embedding cache."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class SourceDocument:
    """One loaded file, decoded and (for HTML) converted to Markdown-like text.

    ``doc_id`` is the path relative to the indexed folder without its suffix (the file stem for a single file or
    a file at the folder's top level).  ``text`` is what the chunk offsets refer to.
    """

    doc_id: str
    title: str
    text: str
    source: str
    format: SourceFormat


@dataclass(frozen=True, slots=True)
class Chunk:
    """A searchable piece of a document.

    ``id`` is ``"<doc_id>#<n>"`` (n counts from 0 in document order); ``title`` is ``"<doc title> — <section>"``
    (or the doc title alone for text before the first section); ``start``/``end`` are character offsets of
    ``text`` in the source document's decoded text; ``hash`` is the content hash of :attr:`embedding_text`.
    """

    id: str
    doc_id: str
    title: str
    text: str
    source: str
    start: int
    end: int
    doc_title: str
    section: str = ""
    hash: str = ""

    @property
    def embedding_text(self) -> str:
        """What dense retrieval embeds and BM25 indexes: the title, then the text."""
        return f"{self.title}\n{self.text}"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the on-disk line format)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Chunk:
        """Inverse of :meth:`to_json`; a ``source`` stored as an absolute path (older collections) is read as
        :func:`public_source` gives it."""
        data = {**data, "source": public_source(str(data.get("source", "")), str(data.get("doc_id", "")))}
        return cls(**data)


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result: a chunk with its score and 1-based rank.

    ``retriever`` says which signal produced ``score``: ``bm25`` (BM25 score), ``dense`` (cosine), ``hybrid``
    (RRF score) or ``rerank`` (rerank score).
    """

    id: str
    doc_id: str
    title: str
    text: str
    score: float
    source: str
    rank: int
    retriever: str = "hybrid"
    start: int = 0
    end: int = 0

    @classmethod
    def from_chunk(cls, chunk: Chunk, score: float, rank: int, retriever: str) -> Hit:
        """A hit for ``chunk``."""
        return cls(
            id=chunk.id,
            doc_id=chunk.doc_id,
            title=chunk.title,
            text=chunk.text,
            score=float(score),
            source=chunk.source,
            rank=rank,
            retriever=retriever,
            start=chunk.start,
            end=chunk.end,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class RouteDecision:
    """Which retriever a query should use and the rule that decided it (``reason``, English)."""

    mode: SearchMode
    reason: str


@dataclass(frozen=True, slots=True)
class SearchResult:
    """Hits of one query plus how they were obtained.

    ``answerable`` is false when the best passage is too weak to answer from (see
    :func:`agentcore.rag._ranking.answerability`); ``possible`` is true when it is answerable, or below the
    threshold but at least its calibrated floor — a caller that checks the sentences it shows by the stricter
    standard of :mod:`agentcore.rag._evidence` may still answer; ``confidence`` is the score that decided it;
    ``kind`` is the question kind (``definition``, ``procedure``, ``quantity`` or ``other``).
    """

    hits: list[Hit]
    mode: SearchMode
    reason: str
    collection: str
    answerable: bool = True
    confidence: float | None = None
    kind: str = "other"
    query: str = ""  # the query as searched: after layout, spelling and slang repair (agentcore.rag._query_repair)
    possible: bool = True


@dataclass(frozen=True, slots=True)
class FetchedItem:
    """A chunk (``kind="chunk"``) or a whole document (``kind="document"``, chunks joined in order)."""

    id: str
    kind: Literal["chunk", "document"]
    doc_id: str
    title: str
    text: str
    source: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class FetchResult:
    """Result of ``fetch_docs``: the items found (in request order) and the ids that matched nothing."""

    items: list[FetchedItem]
    missing: list[str]


@dataclass(frozen=True, slots=True)
class SkippedFile:
    """A file ingestion left out, and why (binary, undecodable, unsupported type, empty)."""

    path: str
    reason: str


@dataclass(frozen=True, slots=True)
class CollectionInfo:
    """Summary of a stored collection."""

    name: str
    documents: int
    chunks: int
    version: str
    updated_at: str
    active: bool = False
    dense: bool = False


@dataclass(slots=True)
class IndexReport:
    """What an indexing or removal run changed."""

    collection: str
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    skipped: list[SkippedFile] = field(default_factory=list)
    documents: int = 0
    chunks: int = 0
    embedded: int = 0
    reused_embeddings: int = 0
    version: str = ""
    seconds: float = 0.0
    embed_seconds: float = 0.0

    @property
    def embed_rate(self) -> float | None:
        """Chunks embedded per second of embedding time (``None`` when nothing was embedded)."""
        return self.embedded / self.embed_seconds if self.embedded and self.embed_seconds > 0 else None

    @property
    def changed(self) -> bool:
        """True when the collection content changed."""
        return bool(self.added or self.updated or self.removed)


def display_path(path: Path) -> str:
    """``path`` as the local command line shows it (skipped files): absolute, with forward slashes."""
    return path.resolve().as_posix()


def _is_filesystem_path(source: str) -> bool:
    return source.startswith(("/", "\\", "~")) or bool(re.match(r"[A-Za-z]:[\\/]", source))


def public_source(source: str, doc_id: str) -> str:
    """``source`` as every surface may show it: the document's name relative to its indexed folder
    (``guides/vacation.md``), never a server filesystem path.

    Collections indexed before sources were stored relative hold absolute paths; their relative name is the doc
    id (the path relative to the indexed folder without its suffix) plus the file's suffix.
    """
    if not _is_filesystem_path(source):
        return source
    suffix = PurePosixPath(source.replace("\\", "/")).suffix
    if doc_id.endswith(suffix):  # a doc id that kept its suffix (``x.md`` beside ``x.txt``)
        return doc_id
    return doc_id + suffix
