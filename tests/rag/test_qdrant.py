from __future__ import annotations

from pathlib import Path

import pytest

from agentcore.config import Settings
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.rag.engine import RagEngine
from agentcore.rag.errors import SearchBackendError
from agentcore.rag.qdrant import QdrantBackend, sparse_document, sparse_query, term_id


@pytest.fixture
def backend() -> QdrantBackend:
    return QdrantBackend(location=":memory:")


@pytest.fixture
def engines(settings: Settings, kb_dir: Path, backend: QdrantBackend) -> tuple[RagEngine, RagEngine]:
    """The same collection served locally and through Qdrant local mode."""
    local = RagEngine(settings, embedder=HashingEmbedder(), backend=None)
    local.indexer.index_path(kb_dir)
    remote = RagEngine(settings, embedder=HashingEmbedder(), backend=backend)
    return local, remote


def test_sparse_vectors() -> None:
    indices, values = sparse_document(["отпуск", "отпуск", "дне"], avgdl=3.0)
    assert indices == sorted([term_id("отпуск"), term_id("дне")])
    weights = dict(zip(indices, values, strict=True))
    assert weights[term_id("отпуск")] > weights[term_id("дне")] > 0
    assert sparse_query(["а", "а", "б"]) == (sorted([term_id("а"), term_id("б")]), [1.0, 1.0])


def test_same_interface_on_qdrant(engines: tuple[RagEngine, RagEngine]) -> None:
    local, remote = engines
    for mode in ("bm25", "dense"):
        expected = [h.id for h in local.searcher.search("перенос отпуска руководитель", 3, mode=mode)]  # type: ignore[arg-type]
        got = [h.id for h in remote.searcher.search("перенос отпуска руководитель", 3, mode=mode)]  # type: ignore[arg-type]
        assert got[0] == expected[0]
    assert remote.searcher.search("TASK-12", 3)[0].id == "vacation#1"
    assert remote.searcher.search("несуществующеслово", 3, mode="bm25") == []


def test_server_side_rrf_matches_local_fusion(engines: tuple[RagEngine, RagEngine]) -> None:
    local, remote = engines
    query = "как подключиться к сети если не работает"
    local_hits = local.searcher.search(query, 5, mode="hybrid", rerank=False)
    remote_hits = remote.searcher.search(query, 5, mode="hybrid", rerank=False)
    assert remote_hits[0].score == pytest.approx(local_hits[0].score, rel=1e-6)
    assert remote_hits[0].score <= 2 / 61 + 1e-9


def test_sync_follows_updates(settings: Settings, kb_dir: Path, backend: QdrantBackend) -> None:
    engine = RagEngine(settings, embedder=HashingEmbedder(), backend=backend)
    engine.indexer.index_path(kb_dir)
    target = backend.collection_name("test")
    count = backend.client.count(target).count
    assert count == engine.searcher.info().chunks
    engine.indexer.remove_documents(["vpn"])
    (kb_dir / "parking.md").write_text("# Парковка\n\nПарковка бесплатная.", encoding="utf-8")
    engine.indexer.index_path(kb_dir / "parking.md")
    assert backend.client.count(target).count == engine.searcher.info().chunks
    assert engine.searcher.search("парковка", 1, mode="bm25")[0].doc_id == "parking"
    assert engine.searcher.search("OpenVPN", 3, mode="bm25") == []


def test_bm25_only_collection_on_qdrant(settings: Settings, kb_dir: Path, backend: QdrantBackend) -> None:
    engine = RagEngine(settings, embedder=None, backend=backend)
    engine.indexer.index_path(kb_dir)
    result = engine.searcher.retrieve("зарплата аванс")
    assert result.mode == "bm25" and result.hits[0].doc_id == "payroll"


def test_backend_from_environment(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_QDRANT_URL", "http://127.0.0.1:1")
    engine = RagEngine(Settings(data_dir=data_dir), embedder=None)
    assert isinstance(engine.catalog.backend, QdrantBackend)
    monkeypatch.delenv("AGENTCORE_QDRANT_URL")
    assert RagEngine(Settings(data_dir=data_dir), embedder=None).catalog.backend is None


def test_local_modes_from_environment(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_QDRANT_URL", ":memory:")
    backend = RagEngine(Settings(data_dir=data_dir), embedder=None).catalog.backend
    assert isinstance(backend, QdrantBackend) and type(backend.client._client).__name__ == "QdrantLocal"
    folder = data_dir / "qdrant"
    monkeypatch.setenv("AGENTCORE_QDRANT_URL", f"file://{folder}")
    backend = RagEngine(Settings(data_dir=data_dir), embedder=None).catalog.backend
    assert isinstance(backend, QdrantBackend) and (folder / ".lock").exists()


def test_a_local_folder_open_elsewhere_is_a_clear_error_not_a_second_writer(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = data_dir / "qdrant"
    holder = QdrantBackend(path=str(folder))  # another worker or host that opened the folder first
    monkeypatch.setenv("AGENTCORE_QDRANT_URL", str(folder))
    with pytest.raises(SearchBackendError, match=r"уже открыто другим процессом.*адрес сервера Qdrant") as error:
        RagEngine(Settings(data_dir=data_dir), embedder=None)
    assert str(folder) not in str(error.value)  # a client sees no server path
    holder.client.close()


def test_memory_mode_per_process_follows_the_shared_store(
    data_dir: Path, kb_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``:memory:`` is a private copy in each process (worker), mirrored from the shared files by version: what one
    process indexes, another finds on its next search."""
    monkeypatch.setenv("AGENTCORE_QDRANT_URL", ":memory:")
    first = RagEngine(Settings(data_dir=data_dir), embedder=HashingEmbedder())
    second = RagEngine(Settings(data_dir=data_dir), embedder=HashingEmbedder())
    first.indexer.index_path(kb_dir)
    assert second.searcher.search("зарплата аванс", 1, mode="bm25")[0].doc_id == "payroll"
    (kb_dir / "parking.md").write_text("# Парковка\n\nПарковка бесплатная.", encoding="utf-8")
    first.indexer.index_path(kb_dir / "parking.md")
    assert second.searcher.search("парковка", 1, mode="bm25")[0].doc_id == "parking"
    assert first.catalog.backend is not second.catalog.backend


def test_unreachable_backend_is_a_503_error_and_sync_is_retried(settings: Settings, kb_dir: Path) -> None:
    class Broken:
        def __getattr__(self, name: str) -> object:
            raise ConnectionError("qdrant down")

    backend = QdrantBackend(location=":memory:")
    real = backend.client
    backend.client = Broken()
    engine = RagEngine(settings, embedder=HashingEmbedder(), backend=backend)
    with pytest.raises(SearchBackendError, match="qdrant down") as error:
        engine.indexer.index_path(kb_dir)
    from agentcore.web.status import answer_for  # the status is the HTTP edge's, not the library's

    assert answer_for(error.value).status_code == 503
    assert engine.catalog.store.read_manifest("test").chunks > 0  # the local version is written
    with pytest.raises(SearchBackendError):
        engine.searcher.search("отпуск", 1)
    backend.client = real  # the server is back: the next query mirrors the collection first
    assert engine.searcher.search("OpenVPN", 1, mode="bm25")[0].doc_id == "vpn"


def test_a_local_folder_failure_names_no_path_to_a_client(settings: Settings, kb_dir: Path, data_dir: Path) -> None:
    """A local folder's file errors carry the folder's path (``[Errno 13] Permission denied: '/…/collection/x'``):
    the 503 says what failed, not where."""
    folder = str(data_dir / "qdrant-private-folder")
    backend = QdrantBackend(path=folder)
    real = backend.client

    class Unwritable:
        def __getattr__(self, name: str) -> object:
            raise PermissionError(13, "Permission denied", f"{folder}/collection/test")

    backend.client = Unwritable()
    engine = RagEngine(settings, embedder=HashingEmbedder(), backend=backend)
    with pytest.raises(SearchBackendError, match="Permission denied") as synced:
        engine.indexer.index_path(kb_dir)
    with pytest.raises(SearchBackendError, match="Permission denied") as searched:
        engine.searcher.search("отпуск", 1)
    from agentcore.web.status import answer_for

    for error in (synced.value, searched.value):
        body = answer_for(error).message
        assert "qdrant-private-folder" not in str(error) and "qdrant-private-folder" not in body
    backend.client = real
    real.close()
