"""`agentcore serve --workers N` gives each worker its share of the cores for BLAS threads."""

from __future__ import annotations

import os

import pytest

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
