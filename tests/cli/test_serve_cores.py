"""`agentcore serve --workers N`: each worker gets its share of the cores for BLAS threads; settings only one process
may use (a local Qdrant folder) are refused before any worker starts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import typer

from agentcore.cli.serve import BLAS_THREAD_VARIABLES, share_cores


def test_each_worker_gets_its_share_unless_the_operator_decided(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in BLAS_THREAD_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    monkeypatch.setenv("MKL_NUM_THREADS", "3")  # set by the operator: kept
    share_cores(4)
    assert os.environ["OMP_NUM_THREADS"] == "2" and os.environ["OPENBLAS_NUM_THREADS"] == "2"
    assert os.environ["MKL_NUM_THREADS"] == "3"


def test_never_below_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in BLAS_THREAD_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    share_cores(5)
    assert all(os.environ[name] == "1" for name in BLAS_THREAD_VARIABLES)


def test_workers_with_a_local_qdrant_folder_are_refused_before_any_worker_starts(tmp_path: Path) -> None:
    """qdrant-client's on-disk local mode can be open in one process only: `serve --workers 2` ends at once with a
    Russian message (exit 1) instead of workers that fail on their first search."""
    import socket
    import subprocess
    import sys

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("AGENTCORE_")}
    env.update(
        {"AGENTCORE_DATA_DIR": str(tmp_path), "AGENTCORE_QDRANT_URL": str(tmp_path / "qdrant"), "LANG": "C.UTF-8"}
    )
    agentcore = str(Path(sys.executable).with_name("agentcore"))
    done = subprocess.run(
        [agentcore, "serve", "--port", str(port), "--workers", "2"], env=env, capture_output=True, timeout=120
    )
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert "локальную папку Qdrant" in err and "--workers 2" in err and "http://" in err
    assert "Консоль" not in done.stdout.decode()  # nothing started
    assert not (tmp_path / "qdrant").exists()


@pytest.mark.parametrize("url", [":memory:", "http://qdrant:6333", None])
def test_shareable_qdrant_settings_pass_the_workers_check(url: str | None) -> None:
    from agentcore.cli.serve import refuse_unshared
    from agentcore.config import Settings

    refuse_unshared(Settings(qdrant_url=url), 4)  # no exit


def test_one_worker_may_use_a_local_qdrant_folder(tmp_path: Path) -> None:
    from agentcore.cli.serve import refuse_unshared
    from agentcore.config import Settings

    refuse_unshared(Settings(qdrant_url=str(tmp_path)), 1)
    with pytest.raises(typer.Exit):
        refuse_unshared(Settings(qdrant_url=str(tmp_path)), 2)
