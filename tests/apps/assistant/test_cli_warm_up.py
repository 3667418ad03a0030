"""The dialog's background warm-up never takes the user's Ctrl+C: SIGINT (and SIGTERM) are blocked in its thread, so
the kernel hands them to the main thread, where input() is waiting (a signal taken by another thread would leave it
waiting — a Ctrl+C at the first prompt once printed nothing for 60 s in CI)."""

from __future__ import annotations

import signal

import pytest

from agentcore.apps.assistant import cli


def test_the_warm_up_thread_blocks_the_users_signals(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[set[signal.Signals]] = []
    monkeypatch.setattr(
        "agentcore.apps.assistant.offline.warm_up", lambda: seen.append(signal.pthread_sigmask(signal.SIG_BLOCK, []))
    )
    cli._warm_up_offline_classifier().join(timeout=10)
    assert seen and {signal.SIGINT, signal.SIGTERM} <= seen[0]
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])  # the main thread still takes Ctrl+C
