"""``scripts/run`` starts agentcore in the caller's directory: the README's ``scripts/run rag index ./мои-документы``
must read the caller's folder, not one inside the clone (it used to ``cd`` into the repository first)."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _fake_venv(venv: Path) -> None:
    """A venv ``scripts/bootstrap`` takes as installed, whose ``agentcore`` prints its directory and arguments."""
    (venv / "bin").mkdir(parents=True)
    stub = venv / "bin" / "agentcore"
    stub.write_text('#!/bin/sh\npwd\nfor a in "$@"; do echo "$a"; done\n', encoding="utf-8")
    stub.chmod(0o755)
    (venv / "bin" / "python").symlink_to("/bin/true")
    want = hashlib.sha256((REPO / "requirements.lock").read_bytes() + (REPO / "pyproject.toml").read_bytes())
    (venv / ".agentcore-installed").write_text(want.hexdigest() + "\n", encoding="utf-8")


def test_scripts_run_keeps_the_callers_directory(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    _fake_venv(venv)
    caller = tmp_path / "elsewhere"
    caller.mkdir()
    env = {**os.environ, "AGENTCORE_VENV": str(venv)}
    done = subprocess.run(
        [str(REPO / "scripts" / "run"), "rag", "index", "./мои-документы"],
        cwd=caller,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [str(caller), "rag", "index", "./мои-документы"]
