"""The offline classifier's model loads in the background from the first prompt on: once, and not before the
banner (the time to the first prompt stays what it was)."""

from __future__ import annotations

import pytest

from agentcore.apps.assistant import cli


def test_the_first_read_starts_the_warm_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    monkeypatch.setattr(cli, "_warm_up_offline_classifier", lambda: events.append("warm-up"))
    lines = iter(["первый", "второй", None])

    def read() -> str | None:
        events.append("read")
        return next(lines)

    wrapped = cli._warm_up_at_first_read(read)
    assert events == []  # wrapping starts nothing: the banner comes first
    assert [wrapped(), wrapped(), wrapped()] == ["первый", "второй", None]
    assert events == ["warm-up", "read", "read", "read"]


def test_the_warm_up_loads_the_route_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    from agentcore.apps.assistant import offline

    calls: list[str] = []
    monkeypatch.setattr(offline._router, "warm_up", lambda: calls.append("router"))
    cli._warm_up_offline_classifier().join(10)
    assert calls == ["router"]
