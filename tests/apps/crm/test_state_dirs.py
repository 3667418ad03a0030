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
