import gzip
import json
import logging
import subprocess
import sys
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from filelock import FileLock
from pydantic import BaseModel

from agentcore.trace.jsonl import JsonlStore
from agentcore.util.redact import MASK, Redactor

WRITER = """
import sys
from agentcore.trace.jsonl import JsonlStore

path, proc, count, max_bytes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
store = JsonlStore(path, max_bytes=max_bytes, keep=1000)
for i in range(count):
    if not store.append({"proc": proc, "i": i, "text": "строка " + "x" * 80}):
        sys.exit(1)
"""


def run_writers(path: Path, procs: int, count: int, max_bytes: int) -> None:
    workers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(p), str(count), str(max_bytes)])
        for p in range(procs)
    ]
    assert [w.wait(timeout=60) for w in workers] == [0] * procs


def raw_lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


# --- appending --------------------------------------------------------------------------------------


def test_append_writes_one_utf8_line_and_creates_directories(tmp_path: Path) -> None:
    path = tmp_path / "logs" / "reasoning" / "agent.jsonl"
    store = JsonlStore(path)
    assert store.append({"text": "Привет", "n": 1}) is True
    assert store.append({"text": "line\nbreak\u2028sep"}) is True
    data = path.read_bytes()
    assert data.count(b"\n") == 2
    assert "Привет".encode() in data  # ensure_ascii=False
    assert list(store.read()) == [{"text": "Привет", "n": 1}, {"text": "line\nbreak\u2028sep"}]


def test_a_lone_surrogate_is_written_escaped_and_read_back(tmp_path: Path) -> None:
    """Half an emoji a model wrote as ``\\ud83d`` cannot be UTF-8: the record was dropped (an audit line lost)."""
    store = JsonlStore(tmp_path / "audit.jsonl")
    assert store.append({"text": "Запуск \ud83d", "n": 1}) is True
    assert store.append({"text": "Привет"}) is True
    assert list(store.read()) == [{"text": "Запуск \ud83d", "n": 1}, {"text": "Привет"}]


def test_values_json_cannot_hold_are_converted(tmp_path: Path) -> None:
    class Point(BaseModel):
        x: int
        at: datetime

    @dataclass
    class Pair:
        a: int
        b: str

    store = JsonlStore(tmp_path / "t.jsonl")
    moscow = datetime(2026, 11, 23, 12, 0, tzinfo=timezone(timedelta(hours=3)))
    record = {
        "when": moscow,
        "naive": datetime(2026, 1, 1, 8, 30),
        "model": Point(x=1, at=datetime(2026, 1, 1, tzinfo=UTC)),
        "pair": Pair(1, "b"),
        "tags": {"b", "a"},
        "raw": b"bytes",
        "path": tmp_path,
        "nan": float("nan"),
        "tuple": (1, 2),
        "obj": object(),
    }
    assert store.append(record) is True
    (back,) = store.read()
    assert back["when"] == "2026-11-23T09:00:00.000000Z"
    assert back["naive"] == "2026-01-01T08:30:00"
    assert back["model"] == {"x": 1, "at": "2026-01-01T00:00:00Z"}
    assert back["pair"] == {"a": 1, "b": "b"}
    assert back["tags"] == ["a", "b"]
    assert back["raw"] == "bytes"
    assert back["path"] == str(tmp_path)
    assert back["nan"] == "nan"
    assert back["tuple"] == [1, 2]
    assert back["obj"].startswith("<object object")


def test_unserialisable_record_returns_false_and_logs(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = JsonlStore(tmp_path / "t.jsonl")
    circular: dict[str, object] = {}
    circular["self"] = circular
    with caplog.at_level(logging.ERROR, logger="agentcore.trace"):
        assert store.append(circular) is False
    assert "Serialization error" in caplog.text
    assert caplog.records[-1].name == "agentcore.trace"
    assert not store.path.exists() or store.path.read_bytes() == b""


def test_unwritable_path_returns_false_and_logs(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    store = JsonlStore(blocker / "sub" / "t.jsonl")
    with caplog.at_level(logging.ERROR, logger="agentcore.trace"):
        assert store.append({"a": 1}) is False
    assert "Write error" in caplog.text
    assert list(store.read()) == []
    assert store.archives() == []


def test_secrets_are_redacted_before_writing(tmp_path: Path) -> None:
    store = JsonlStore(tmp_path / "t.jsonl", redactor=Redactor(["jsonl-secret-xyz"]))
    record = {
        "prompt": "use jsonl-secret-xyz",
        "jsonl-secret-xyz": "as a key",
        "nested": [{"headers": {"Authorization": "Bearer abcdefghijk"}}],
        "webhook": "https://portal.bitrix24.ru/rest/7/k3y70k3n/",
        "object": Exception("failed with jsonl-secret-xyz"),
    }
    assert store.append(record) is True
    text = store.path.read_text(encoding="utf-8")
    assert "jsonl-secret-xyz" not in text
    assert "abcdefghijk" not in text
    assert "k3y70k3n" not in text
    (back,) = store.read()
    assert back["prompt"] == f"use {MASK}"
    assert back[MASK] == "as a key"
    assert back["nested"][0]["headers"]["Authorization"] == f"Bearer {MASK}"
    assert back["webhook"] == f"https://portal.bitrix24.ru/rest/7/{MASK}/"
    assert back["object"] == f"failed with {MASK}"


def test_append_after_a_torn_line_starts_a_new_line(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = JsonlStore(tmp_path / "t.jsonl")
    store.append({"n": 1})
    with store.path.open("ab") as fh:
        fh.write(b'{"n": 2, "tor')  # a writer died mid-line
    assert [r["n"] for r in store.read()] == [1]  # the torn last line is skipped
    store.append({"n": 3})
    with caplog.at_level(logging.WARNING, logger="agentcore.trace"):
        assert [r["n"] for r in store.read()] == [1, 3]
    assert "torn line 2" in caplog.text


def test_read_skips_blank_and_non_object_lines(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(b'{"a": 1}\n\n[1, 2]\n"text"\n{"b": 2}\n')
    assert list(JsonlStore(path).read()) == [{"a": 1}, {"b": 2}]


def test_read_of_a_missing_file_yields_nothing(tmp_path: Path) -> None:
    assert list(JsonlStore(tmp_path / "none.jsonl").read(include_archives=True)) == []


def test_invalid_limits_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        JsonlStore(tmp_path / "t.jsonl", max_bytes=0)
    with pytest.raises(ValueError):
        JsonlStore(tmp_path / "t.jsonl", keep=-1)


def test_fsync_mode_writes_too(tmp_path: Path) -> None:
    store = JsonlStore(tmp_path / "t.jsonl", fsync=True)
    assert store.append({"a": 1})
    assert list(store.read()) == [{"a": 1}]


# --- rotation and retention ---------------------------------------------------------------------------


def test_rotation_archives_to_gzip_before_appending(tmp_path: Path) -> None:
    store = JsonlStore(tmp_path / "user.jsonl", max_bytes=100)
    store.append({"n": 0, "pad": "x" * 120})  # file is now >= max_bytes
    assert store.archives() == []
    store.append({"n": 1})
    (archive,) = store.archives()
    assert archive.name.startswith("user.jsonl.")
    assert archive.name.endswith("Z.gz")
    with gzip.open(archive, "rt", encoding="utf-8") as fh:
        assert json.loads(fh.read())["n"] == 0
    assert [r["n"] for r in store.read()] == [1]
    assert [r["n"] for r in store.read(include_archives=True)] == [0, 1]


def test_retention_keeps_the_newest_archives(tmp_path: Path) -> None:
    store = JsonlStore(tmp_path / "user.jsonl", max_bytes=1, keep=3)
    for n in range(8):
        assert store.append({"n": n})
    archives = store.archives()
    assert len(archives) == 3
    assert archives == sorted(archives)
    # archives hold 4, 5, 6 (0-3 were deleted); 7 is the live file
    assert [r["n"] for r in store.read(include_archives=True)] == [4, 5, 6, 7]


def test_keep_zero_deletes_every_archive(tmp_path: Path) -> None:
    store = JsonlStore(tmp_path / "user.jsonl", max_bytes=1, keep=0)
    for n in range(3):
        store.append({"n": n})
    assert store.archives() == []
    assert [r["n"] for r in store.read(include_archives=True)] == [2]


def test_archives_of_other_files_are_ignored(tmp_path: Path) -> None:
    (tmp_path / "other.jsonl.20260101T000000000000Z.gz").write_bytes(b"")
    (tmp_path / "user.jsonl.not-a-stamp.gz").write_bytes(b"")
    store = JsonlStore(tmp_path / "user.jsonl", max_bytes=1, keep=0)
    store.append({"n": 0})
    store.append({"n": 1})
    assert (tmp_path / "other.jsonl.20260101T000000000000Z.gz").exists()
    assert (tmp_path / "user.jsonl.not-a-stamp.gz").exists()


def test_corrupt_archive_is_skipped_with_a_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "user.jsonl.20260101T000000000000Z.gz").write_bytes(b"not gzip")
    store = JsonlStore(tmp_path / "user.jsonl")
    store.append({"n": 1})
    with caplog.at_level(logging.WARNING, logger="agentcore.trace"):
        assert list(store.read(include_archives=True)) == [{"n": 1}]
    assert "Cannot read archive" in caplog.text


# --- several processes ----------------------------------------------------------------------------------


def test_concurrent_appends_from_several_processes(tmp_path: Path) -> None:
    path = tmp_path / "shared.jsonl"
    run_writers(path, procs=4, count=200, max_bytes=100 * 1024 * 1024)
    lines = raw_lines(path)
    assert len(lines) == 800
    records = [json.loads(line) for line in lines]  # every line is valid JSON
    assert sorted((r["proc"], r["i"]) for r in records) == [(p, i) for p in range(4) for i in range(200)]


def test_concurrent_appends_with_rotation_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "shared.jsonl"
    run_writers(path, procs=4, count=200, max_bytes=16 * 1024)
    store = JsonlStore(path, keep=1000)
    assert len(store.archives()) >= 3
    records = list(store.read(include_archives=True))
    assert sorted((r["proc"], r["i"]) for r in records) == [(p, i) for p in range(4) for i in range(200)]
    for proc in range(4):  # each writer's records stay in its own order across archives
        assert [r["i"] for r in records if r["proc"] == proc] == list(range(200))


def test_failed_rotation_keeps_appending(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = JsonlStore(tmp_path / "user.jsonl", max_bytes=1)
    store.append({"n": 0})

    def broken_gzip_open(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("agentcore.trace.jsonl.gzip.open", broken_gzip_open)
    with caplog.at_level(logging.ERROR, logger="agentcore.trace"):
        assert store.append({"n": 1}) is True
    assert "Rotation error" in caplog.text
    assert store.archives() == []
    assert list(tmp_path.glob("*.tmp")) == []
    assert [r["n"] for r in store.read()] == [0, 1]


def test_lock_timeout_returns_false(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = JsonlStore(tmp_path / "t.jsonl", lock_timeout=0.05)
    with FileLock(store.lock_path), caplog.at_level(logging.ERROR, logger="agentcore.trace"):
        assert store.append({"a": 1}) is False
    assert "Write error" in caplog.text
    assert store.append({"a": 2}) is True


def test_value_whose_str_raises_is_handled(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    class Hostile:
        def __str__(self) -> str:
            raise RuntimeError("no str for you")

    store = JsonlStore(tmp_path / "t.jsonl")
    with caplog.at_level(logging.ERROR, logger="agentcore.trace"):
        assert store.append({"x": Hostile()}) is False
    assert "Serialization error" in caplog.text
    assert "RuntimeError" in caplog.text
    assert store.append({"x": 1}) is True


def test_orphan_tmp_archives_are_deleted(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 12: a writer killed mid-rotation left ``<name>.<stamp>.gz.tmp`` behind, never cleaned."""
    path = tmp_path / "trace.jsonl"
    orphan = tmp_path / "trace.jsonl.20250101T000000000000Z.gz.tmp"
    orphan.write_bytes(b"\x1f\x8b half an archive")
    other = tmp_path / "other.jsonl.20250101T000000000000Z.gz.tmp"  # another store's: not ours to delete
    other.write_bytes(b"x")
    store = JsonlStore(path, max_bytes=50)
    assert store.append({"n": 1})
    assert not orphan.exists() and other.exists()
    orphan.write_bytes(b"again")  # a later crash during this process's life: cleaned at the next rotation
    assert store.append({"n": 2, "pad": "x" * 60})
    assert store.append({"n": 3})
    assert not orphan.exists() and len(store.archives()) >= 1
    assert [r["n"] for r in store.read(include_archives=True)] == [1, 2, 3]
