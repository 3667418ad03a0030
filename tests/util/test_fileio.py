"""atomic_write_bytes: all or nothing, permissions before content, no temporary file left behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agentcore.util.fileio import atomic_write_bytes


def test_replaces_the_content_whole(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    atomic_write_bytes(path, b"old")
    atomic_write_bytes(path, b"new")
    assert path.read_bytes() == b"new" and [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_mode_and_parents(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "secret.json"
    atomic_write_bytes(path, b"token", mode=0o600, make_parents=True)
    assert path.read_bytes() == b"token" and oct(os.stat(path).st_mode & 0o777) == "0o600"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.json"
    atomic_write_bytes(path, b"old")

    def broken(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        atomic_write_bytes(path, b"new")
    assert path.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_missing_parent_without_make_parents_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        atomic_write_bytes(tmp_path / "nope" / "a.json", b"x")
