from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from agentcore.config import Settings
from agentcore.rag import _store as store
from agentcore.rag import default_kb
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.rag.engine import RagEngine
from agentcore.rag.errors import (
    DenseUnavailableError,
    EmptyCollectionError,
    IngestError,
    InvalidCollectionNameError,
    InvalidQueryError,
    UnknownCollectionError,
)


class CountingEmbedder(HashingEmbedder):
    """Counts how many passages it embedded."""

    def __init__(self) -> None:
        super().__init__()
        self.passages = 0

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        self.passages += len(texts)
        return super().embed_passages(texts)


class FailingEmbedder(HashingEmbedder):
    def embed_query(self, text: str) -> np.ndarray:
        raise ConnectionError("embeddings endpoint down")


def test_index_and_search_every_mode(indexed: RagEngine) -> None:
    for mode in ("bm25", "dense", "hybrid"):
        result = indexed.searcher.retrieve("сколько дней длится отпуск", 3, mode=mode)  # type: ignore[arg-type]
        assert result.mode == mode
        assert result.hits[0].doc_id == "vacation"
        assert [h.rank for h in result.hits] == list(range(1, len(result.hits) + 1))
    hit = indexed.searcher.search("ERR_42", 1, rerank=False)[0]
    assert (hit.id, hit.title, hit.retriever) == ("sick-leave#1", "Больничный — Ошибки интеграции", "bm25")
    reranked = indexed.searcher.search("ERR_42", 1)[0]
    assert (reranked.id, reranked.retriever) == ("sick-leave#1", "rerank")
    assert hit.source.endswith("sick-leave.md")


def test_router_decides_and_explains(indexed: RagEngine) -> None:
    result = indexed.searcher.retrieve("TASK-12")
    assert result.mode == "bm25" and "TASK-12" in result.reason
    assert result.hits[0].id == "vacation#1"
    assert indexed.searcher.retrieve("отпуск").mode == "hybrid"


def test_hybrid_scores_are_rrf(indexed: RagEngine) -> None:
    hits = indexed.searcher.search("перенос отпуска руководитель", 3, mode="hybrid", rerank=False)
    assert hits[0].score <= 2 / 61 + 1e-9
    assert hits[0].score >= hits[1].score >= hits[2].score


def test_default_top_k_is_param_rag_top_k(indexed: RagEngine) -> None:
    assert len(indexed.searcher.search("отпуск")) == indexed.settings.param_rag_top_k == 2


def test_incremental_update_reuses_embeddings(settings: Settings, kb_dir: Path) -> None:
    embedder = CountingEmbedder()
    engine = RagEngine(settings, embedder=embedder, backend=None)
    first = engine.indexer.index_path(kb_dir)
    assert sorted(first.added) == ["laptops", "payroll", "sick-leave", "vacation", "vpn"]
    assert embedder.passages == first.chunks == first.embedded

    again = engine.indexer.index_path(kb_dir)
    assert not again.changed and again.version == first.version
    assert embedder.passages == first.chunks

    (kb_dir / "payroll.md").write_text("# Зарплата\n\nАванс выплачивается 20 числа.", encoding="utf-8")
    (kb_dir / "new.md").write_text("# Парковка\n\nПарковка для сотрудников бесплатная.", encoding="utf-8")
    update = engine.indexer.index_path(kb_dir)
    assert (update.added, update.updated) == (["new"], ["payroll"])
    assert update.embedded == 2 and update.reused_embeddings == update.chunks - 2
    assert engine.searcher.search("парковка", 1, mode="bm25")[0].doc_id == "new"
    assert "20 числа" in engine.searcher.search("аванс", 1, mode="bm25")[0].text


def test_interrupted_indexing_keeps_every_embedded_batch(settings: Settings, kb_dir: Path) -> None:
    class Interrupted(CountingEmbedder):
        batch_size = 2

        def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
            if self.passages >= 4:
                raise KeyboardInterrupt  # Ctrl-C during the third batch
            return super().embed_passages(texts)

    with pytest.raises(KeyboardInterrupt):
        RagEngine(settings, embedder=Interrupted(), backend=None).indexer.index_path(kb_dir)
    assert not (settings.data_dir / "rag" / "test" / "manifest.json").exists()

    embedder = CountingEmbedder()
    engine = RagEngine(settings, embedder=embedder, backend=None)
    report = engine.indexer.index_path(kb_dir)
    assert report.embedded == embedder.passages == report.chunks - 4  # the first two batches were kept
    assert report.reused_embeddings == 4
    assert engine.searcher.search("OpenVPN", 1, mode="dense")[0].doc_id == "vpn"
    assert not list((settings.data_dir / "rag" / "test").glob("*.journal"))  # emptied once the version is written


def test_progress_counts_chunks_to_embed(settings: Settings, kb_dir: Path) -> None:
    class Small(HashingEmbedder):
        batch_size = 4

    seen: list[tuple[str, int, int]] = []
    engine = RagEngine(settings, embedder=Small(), backend=None)
    report = engine.indexer.index_path(kb_dir, progress=lambda stage, done, total: seen.append((stage, done, total)))
    embeds = [(done, total) for stage, done, total in seen if stage == "embed"]
    assert embeds == [(0, 9), (4, 9), (8, 9), (9, 9)] and report.chunks == 9
    assert [done for stage, done, _ in seen if stage == "chunk"] == [1, 2, 3, 4, 5]
    assert report.seconds > 0


def test_remove_and_replace(indexed: RagEngine, kb_dir: Path) -> None:
    report = indexed.indexer.remove_documents(["vpn", "nope"])
    assert report.removed == ["vpn"]
    assert [s.path for s in report.skipped] == ["nope"]
    assert indexed.searcher.search("OpenVPN", 5, mode="bm25") == []

    only = kb_dir / "only"
    only.mkdir()
    (only / "laptops.md").write_text((kb_dir / "laptops.md").read_text("utf-8"), encoding="utf-8")
    replaced = indexed.indexer.index_path(only, replace=True)
    assert replaced.unchanged == ["laptops"]
    assert sorted(replaced.removed) == ["payroll", "sick-leave", "vacation"]
    assert indexed.searcher.info().documents == 1


def test_fetch_docs_by_chunk_and_doc_id(indexed: RagEngine) -> None:
    result = indexed.searcher.fetch_docs(["vpn#1", "vacation", "missing", "vpn#1"])
    assert [(i.id, i.kind) for i in result.items] == [("vpn#1", "chunk"), ("vacation", "document")]
    assert result.missing == ["missing"]
    document = result.items[1]
    assert document.title == "Отпуск"
    assert "28 календарных дней" in document.text and "Перенести отпуск" in document.text


def test_bad_queries_raise_clear_errors(indexed: RagEngine) -> None:
    with pytest.raises(InvalidQueryError, match="пуст"):
        indexed.searcher.search("   ")
    with pytest.raises(InvalidQueryError, match="2000"):
        indexed.searcher.search("а" * 2001)
    for top_k in (0, -1, 51, True, 2.5):
        with pytest.raises(InvalidQueryError, match="top_k"):
            indexed.searcher.search("отпуск", top_k)  # type: ignore[arg-type]
    with pytest.raises(InvalidQueryError, match="режим"):
        indexed.searcher.search("отпуск", mode="fuzzy")  # type: ignore[arg-type]
    with pytest.raises(UnknownCollectionError, match="nope"):
        indexed.searcher.search("отпуск", collection="nope")
    with pytest.raises(InvalidCollectionNameError):
        indexed.searcher.search("отпуск", collection="../etc")


def test_empty_collection(engine: RagEngine) -> None:
    engine.indexer.create_collection("empty")
    with pytest.raises(EmptyCollectionError, match="пуста"):
        engine.searcher.search("отпуск", collection="empty")
    assert engine.searcher.info("empty").chunks == 0


def test_index_errors(engine: RagEngine, tmp_path: Path) -> None:
    with pytest.raises(IngestError, match="путь не найден"):
        engine.indexer.index_path(tmp_path / "nope")
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "x.md").write_bytes(b"\x00\x01\x02")
    with pytest.raises(IngestError, match="нет документов"):
        engine.indexer.index_path(tmp_path / "bin")
    with pytest.raises(UnknownCollectionError):
        engine.indexer.remove_documents(["x"], "nope")


def test_bm25_only_engine(settings: Settings, kb_dir: Path) -> None:
    engine = RagEngine(settings, embedder=None, backend=None)
    engine.indexer.index_path(kb_dir)
    result = engine.searcher.retrieve("отпуск")
    assert result.mode == "bm25" and "нет эмбеддера" in result.reason
    with pytest.raises(DenseUnavailableError):
        engine.searcher.search("отпуск", mode="dense")


def test_query_embedding_failure_falls_back_to_bm25(settings: Settings, kb_dir: Path) -> None:
    engine = RagEngine(settings, embedder=FailingEmbedder(), backend=None)
    engine.indexer.index_path(kb_dir)
    result = engine.searcher.retrieve("отпуск")
    assert result.mode == "bm25" and "не удалось вычислить эмбеддинг" in result.reason
    assert result.hits


def test_rerank_reorders_a_deeper_pool(indexed: RagEngine) -> None:
    hits = indexed.searcher.search("перенос отпуска", 2, mode="dense", rerank=True)
    assert hits[0].id == "vacation#2" and hits[0].retriever == "rerank"
    assert len(hits) == 2


def test_hot_swap_while_queries_run(settings: Settings, kb_dir: Path, tmp_path: Path) -> None:
    engine = RagEngine(settings, embedder=HashingEmbedder(), backend=None)
    engine.indexer.index_path(kb_dir, "a")
    other = tmp_path / "other"
    other.mkdir()
    (other / "cats.md").write_text("# Коты\n\nКоты любят отпуск и спят весь день.", encoding="utf-8")
    engine.indexer.index_path(other, "b")
    engine.searcher.use_collection("a")

    errors: list[BaseException] = []
    seen: set[str] = set()
    done = [0]
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            try:
                result = engine.searcher.retrieve("отпуск", 1, mode="bm25")
                expected = {"a": "vacation", "b": "cats"}[result.collection]
                assert result.hits[0].doc_id == expected
                seen.add(expected)
                done[0] += 1
            except BaseException as exc:
                errors.append(exc)
                return

    def wait_for_queries(count: int) -> None:
        target = done[0] + count
        deadline = time.monotonic() + 10
        while done[0] < target and time.monotonic() < deadline and not errors:
            time.sleep(0.001)

    threads = [threading.Thread(target=reader) for _ in range(3)]
    for thread in threads:
        thread.start()
    for i in range(30):
        engine.searcher.use_collection("b" if i % 2 == 0 else "a")
        if i == 10:
            engine.indexer.index_path(kb_dir, "a")  # a re-index in the middle changes nothing for readers
        wait_for_queries(3)
    stop.set()
    for thread in threads:
        thread.join(timeout=10)
    assert not errors
    assert seen == {"vacation", "cats"}
    assert engine.searcher.active == "a"
    with pytest.raises(UnknownCollectionError):
        engine.searcher.use_collection("missing")
    assert engine.searcher.active == "a"


def test_change_by_another_process_is_picked_up(settings: Settings, kb_dir: Path) -> None:
    service = RagEngine(settings, embedder=HashingEmbedder(), backend=None)
    cli = RagEngine(settings, embedder=HashingEmbedder(), backend=None)
    cli.indexer.index_path(kb_dir)
    assert service.searcher.search("парковка", 1, mode="bm25") == []
    (kb_dir / "parking.md").write_text("# Парковка\n\nПарковка бесплатная.", encoding="utf-8")
    cli.indexer.index_path(kb_dir)
    assert service.searcher.search("парковка", 1, mode="bm25")[0].doc_id == "parking"


def test_switch_by_another_process_is_picked_up(data_dir: Path, kb_dir: Path, tmp_path: Path) -> None:
    """Two workers on one data dir: a switch on one is the other's active collection on its next look-up."""
    settings = Settings(data_dir=data_dir, provider="offline", rag_embedder="none")  # no collection pinned
    other = tmp_path / "other"
    other.mkdir()
    (other / "cats.md").write_text("# Коты\n\nКоты спят весь день.", encoding="utf-8")
    first = RagEngine(settings, embedder=None, backend=None)
    second = RagEngine(settings, embedder=None, backend=None)
    first.indexer.index_path(kb_dir, "a")
    first.indexer.index_path(other, "cats")
    assert second.searcher.active == "default"
    first.searcher.use_collection("cats")
    assert second.searcher.active == "cats"
    assert second.searcher.search("коты", 1, mode="bm25")[0].doc_id == "cats"
    second.searcher.use_collection("a")
    assert first.searcher.active == "a"
    # A later process starts on the last switch; the environment variable still decides for a process that sets it.
    assert RagEngine(settings, embedder=None, backend=None).searcher.active == "a"
    pinned = RagEngine(Settings(data_dir=data_dir, rag_collection="cats"), embedder=None, backend=None)
    assert pinned.searcher.active == "cats"
    first.searcher.use_collection("a")  # ...until a switch is made after it started
    assert pinned.searcher.active == "a"


def test_crash_mid_index_keeps_previous_version(
    settings: Settings, kb_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = RagEngine(settings, embedder=HashingEmbedder(), backend=None)
    before = engine.indexer.index_path(kb_dir)
    (kb_dir / "parking.md").write_text("# Парковка\n\nПарковка бесплатная.", encoding="utf-8")

    def crash(path: Path, array: np.ndarray) -> None:
        path.write_bytes(b"half-written")
        raise OSError("disk full")

    monkeypatch.setattr(store, "atomic_save_npy", crash)
    with pytest.raises(OSError, match="disk full"):
        engine.indexer.index_path(kb_dir)
    monkeypatch.undo()

    rag_dir = settings.data_dir / "rag" / "test"
    manifest = json.loads((rag_dir / "manifest.json").read_text("utf-8"))
    assert manifest["version"] == before.version
    assert [p.name for p in (rag_dir / "versions").iterdir()] == [before.version]

    fresh = RagEngine(settings, embedder=HashingEmbedder(), backend=None)  # a new process after the crash
    assert fresh.searcher.info().chunks == before.chunks
    assert fresh.searcher.search("отпуск", 1, mode="hybrid")[0].doc_id == "vacation"
    assert fresh.searcher.search("парковка", 1, mode="bm25") == []
    assert fresh.indexer.index_path(kb_dir).added == ["parking"]


def test_crash_while_writing_manifest(settings: Settings, kb_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = RagEngine(settings, embedder=HashingEmbedder(), backend=None)
    before = engine.indexer.index_path(kb_dir)
    (kb_dir / "parking.md").write_text("# Парковка\n\nПарковка бесплатная.", encoding="utf-8")
    real_replace = store.os.replace

    def failing_replace(src: object, dst: object) -> None:
        if str(dst).endswith("manifest.json"):
            raise OSError("power loss")
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(store.os, "replace", failing_replace)
    with pytest.raises(OSError, match="power loss"):
        engine.indexer.index_path(kb_dir)
    monkeypatch.undo()
    rag_dir = settings.data_dir / "rag" / "test"
    assert not list(rag_dir.glob(".*.tmp"))
    fresh = RagEngine(settings, embedder=HashingEmbedder(), backend=None)
    assert fresh.searcher.info().version == before.version
    assert fresh.searcher.search("отпуск", 1)[0].doc_id == "vacation"


def test_embedder_switch_embeds_stored_version(settings: Settings, kb_dir: Path) -> None:
    RagEngine(settings, embedder=None, backend=None).indexer.index_path(kb_dir)
    embedder = CountingEmbedder()
    engine = RagEngine(settings, embedder=embedder, backend=None)
    assert engine.searcher.search("отпуск", 1, mode="dense")[0].doc_id == "vacation"
    assert embedder.passages == engine.searcher.info().chunks
    again = RagEngine(settings, embedder=CountingEmbedder(), backend=None)
    again.searcher.search("отпуск", 1, mode="dense")
    assert again.catalog.embedder.passages == 0  # type: ignore[union-attr]


def test_default_collection_built_from_bundled_kb(
    data_dir: Path, kb_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("agentcore.rag.indexer.bundled_kb_path", lambda: kb_dir)
    settings = Settings(data_dir=data_dir, provider="offline")
    engine = RagEngine(settings, embedder=HashingEmbedder(), backend=None)
    assert engine.searcher.active == default_kb.DEFAULT_COLLECTION
    assert engine.searcher.search("OpenVPN", 1)[0].doc_id == "vpn"
    manifest = engine.catalog.store.read_manifest("default")
    assert manifest.origin == "bundled" and manifest.fingerprint == default_kb.fingerprint(kb_dir)

    (kb_dir / "parking.md").write_text("# Парковка\n\nПарковка бесплатная.", encoding="utf-8")
    refreshed = RagEngine(settings, embedder=HashingEmbedder(), backend=None)
    assert refreshed.searcher.search("парковка", 1, mode="bm25")[0].doc_id == "parking"

    refreshed.indexer.remove_documents(["parking"])  # a hand-made change: no more automatic refreshes
    (kb_dir / "gym.md").write_text("# Спортзал\n\nСпортзал открыт.", encoding="utf-8")
    third = RagEngine(settings, embedder=HashingEmbedder(), backend=None)
    assert third.searcher.search("спортзал", 1, mode="bm25") == []
    assert [c.name for c in third.searcher.collections()] == ["default"]


def test_real_bundled_kb_indexes(data_dir: Path) -> None:
    if not default_kb.bundled_kb_path().is_dir():
        pytest.skip("bundled knowledge base not written yet")
    engine = RagEngine(Settings(data_dir=data_dir), embedder=None, backend=None)
    info = engine.searcher.info()
    assert info.name == "default" and info.documents >= 1 and info.chunks >= info.documents


async def test_async_faces(indexed: RagEngine) -> None:
    hits = await indexed.searcher.asearch("отпуск", 1, mode="bm25")
    assert hits[0].doc_id == "vacation"
    fetched = await indexed.searcher.afetch_docs(["vacation#0"])
    assert fetched.items[0].id == "vacation#0"


def test_bundled_vectors_seed_the_default_collection(
    tmp_path: Path, kb_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("agentcore.rag.indexer.bundled_kb_path", lambda: kb_dir)
    monkeypatch.setattr("agentcore.rag.default_kb.bundled_kb_path", lambda: kb_dir)

    def fresh(name: str) -> RagEngine:
        return RagEngine(Settings(data_dir=tmp_path / name), embedder=CountingEmbedder(), backend=None)

    builder = fresh("one")
    chunks = builder.searcher.info().chunks
    path = builder.indexer.export_bundled_vectors()
    assert path == kb_dir.parent / "default.hash-256-v1.npz" and builder.catalog.embedder.passages == chunks  # type: ignore[union-attr]

    user = fresh("two")  # a new installation: nothing to embed
    assert user.searcher.info().chunks == chunks and user.catalog.embedder.passages == 0  # type: ignore[union-attr]
    top = user.searcher.search("OpenVPN", 1, mode="dense")[0]
    assert top.doc_id == builder.searcher.search("OpenVPN", 1, mode="dense")[0].doc_id

    (kb_dir / "payroll.md").write_text("# Зарплата\n\nАванс выплачивается 20 числа.", encoding="utf-8")
    edited = fresh("three")  # the shipped file is stale for one chunk only
    edited.searcher.info()
    assert edited.catalog.embedder.passages == 1  # type: ignore[union-attr]
    path.write_bytes(b"garbage")
    assert fresh("four").searcher.info().chunks == chunks  # an unreadable file is ignored


def test_documents_added_to_unbuilt_default_join_the_bundled_kb(
    data_dir: Path, kb_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("agentcore.rag.indexer.bundled_kb_path", lambda: kb_dir)
    engine = RagEngine(Settings(data_dir=data_dir), embedder=HashingEmbedder(), backend=None)
    mine = tmp_path / "mine.md"
    mine.write_text("# Парковка\n\nПарковка бесплатная.", encoding="utf-8")
    report = engine.indexer.index_path(mine)
    assert report.added == ["mine"] and report.documents == len(list(kb_dir.glob("*.md"))) + 1
    assert engine.catalog.store.read_manifest("default").origin == "user"


def test_new_analysis_rules_rebuild_bundled_default_without_re_embedding(
    data_dir: Path, kb_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agentcore.rag import Analyzer

    monkeypatch.setattr("agentcore.rag.indexer.bundled_kb_path", lambda: kb_dir)
    settings = Settings(data_dir=data_dir)
    old = RagEngine(settings, embedder=CountingEmbedder(), analyzer=Analyzer("none"), backend=None)
    chunks = old.searcher.info().chunks
    new = RagEngine(settings, embedder=CountingEmbedder(), backend=None)
    assert new.searcher.search("отпуском", 1, mode="bm25")[0].doc_id == "vacation"  # stems match other word forms
    assert new.catalog.store.read_manifest("default").analyzer == new.catalog.analyzer.name
    assert new.catalog.embedder.passages == 0 and new.searcher.info().chunks == chunks  # type: ignore[union-attr]
