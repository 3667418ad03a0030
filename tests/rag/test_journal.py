"""The embeddings journal: batches persist as they are computed; a torn tail is ignored."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from agentcore.rag._journal import EmbeddingJournal


def _rows(n: int, dim: int = 4, start: float = 0.0) -> np.ndarray:
    return np.arange(start, start + n * dim, dtype=np.float32).reshape(n, dim)


def test_append_and_load(tmp_path: Path) -> None:
    journal = EmbeddingJournal(tmp_path / "c" / "e.journal")
    assert journal.load() == {}
    journal.append(["a" * 16, "b" * 16], _rows(2))
    journal.append(["c" * 16], _rows(1, start=100))
    loaded = journal.load()
    assert list(loaded) == ["a" * 16, "b" * 16, "c" * 16]
    assert np.array_equal(loaded["c" * 16], _rows(1, start=100)[0])
    journal.clear()
    assert journal.load() == {} and not journal.path.exists()


def test_torn_record_is_ignored_and_cut_before_the_next_append(tmp_path: Path) -> None:
    journal = EmbeddingJournal(tmp_path / "e.journal")
    journal.append(["a" * 16], _rows(1))
    with open(journal.path, "ab") as handle:
        handle.write(b"b" * 16 + b"\x00\x01")  # the process died in the middle of a record
    assert list(journal.load()) == ["a" * 16]
    journal.append(["c" * 16], _rows(1, start=7))
    loaded = journal.load()
    assert list(loaded) == ["a" * 16, "c" * 16] and loaded["c" * 16][0] == 7


def test_bad_input_and_foreign_files(tmp_path: Path) -> None:
    journal = EmbeddingJournal(tmp_path / "e.journal")
    with pytest.raises(ValueError, match="hashes"):
        journal.append(["a" * 16], _rows(2))
    with pytest.raises(ValueError, match="16 ASCII"):
        journal.append(["short"], _rows(1))
    journal.append(["a" * 16], _rows(1))
    with pytest.raises(ValueError, match="another size"):
        journal.append(["b" * 16], _rows(1, dim=8))
    journal.path.write_bytes(b"something else entirely")
    assert journal.load() == {}
