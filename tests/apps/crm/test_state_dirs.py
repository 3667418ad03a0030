"""The index of the state directories a user's requests used: bounded per user, one user's list never another's."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from agentcore.apps.crm import state_dirs
from agentcore.apps.crm.state_dirs import StateDirIndex


def test_a_users_markers_are_bounded_to_the_newest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(state_dirs, "MAX_DIRS", 3)
    index = StateDirIndex(tmp_path / "crm")
    folder = index.root / "@state_dirs" / "manager"
    for number in range(6):
        path = index.root / f"d{number}"
        path.mkdir(parents=True)
        for marker in folder.glob("*.json"):  # the markers already there: a second older, whatever the clock
            stat = marker.stat()
            os.utime(marker, ns=(stat.st_atime_ns - 10**9, stat.st_mtime_ns - 10**9))
        asyncio.run(index.remember("manager", path.resolve()))
    assert len(list(folder.glob("*.json"))) == 3
    assert asyncio.run(index.dirs("manager")) == ["d5", "d4", "d3"]
    assert asyncio.run(index.dirs("someone-else")) == []


def test_a_marker_naming_the_index_itself_is_skipped(tmp_path: Path) -> None:
    """A marker left from before the index folder was refused as a ``state_dir`` is not listed (the inbox would
    refuse the whole list over it)."""
    index = StateDirIndex(tmp_path / "crm")
    kept = index.root / "teams" / "kept"
    kept.mkdir(parents=True)
    asyncio.run(index.remember("manager", kept.resolve()))
    inside = index.folder / "manager"
    asyncio.run(index.remember("manager", inside.resolve()))
    assert len(list(inside.glob("*.json"))) == 2
    assert asyncio.run(index.dirs("manager")) == ["teams/kept"]
