"""Semantic routing: route vectors that ship with the package are used without embedding the examples (a new
user's first question, and every fresh data directory, no longer waits seconds for them); stale ones are not."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentcore.apps.assistant import offline as assistant_offline
from agentcore.apps.scrum import intents as scrum_intents
from agentcore.llm import _local_embeddings
from agentcore.llm.routing import SemanticRouter

ROUTES = {"a": ["первый пример", "второй пример"], "b": ["третий пример"], "empty": []}


def _fake_embed(calls: list[list[str]]):  # type: ignore[no-untyped-def]
    def embed(texts: list[str], kind: str = "passage") -> list[list[float]]:
        calls.append(list(texts))
        return [[float(len(t)), 1.0 / (i + 1), 0.25] for i, t in enumerate(texts)]

    return embed


def _forbid_embedding(monkeypatch: pytest.MonkeyPatch) -> None:
    def embed(texts: list[str], kind: str = "passage") -> list[list[float]]:
        raise AssertionError(f"embedded {texts}")

    monkeypatch.setattr(_local_embeddings, "embed_local", embed)


def test_shipped_vectors_are_used_without_embedding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(_local_embeddings, "embed_local", _fake_embed(calls))
    shipped = tmp_path / "routes.npz"
    written = SemanticRouter(ROUTES, shipped=shipped).write_shipped()
    assert written == shipped and calls  # written from vectors computed once
    expected = SemanticRouter(ROUTES).vectors()

    _forbid_embedding(monkeypatch)
    router = SemanticRouter(ROUTES, cache_name="routes.json", cache_dir=tmp_path / "cache", shipped=shipped)
    assert router.vectors() == expected  # the same floats the model gave (float32 both ways)
    assert router.shipped_key() == router.key()
    assert not (tmp_path / "cache").exists()  # nothing to cache: the package has them


def test_stale_shipped_vectors_are_embedded_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(_local_embeddings, "embed_local", _fake_embed(calls))
    shipped = tmp_path / "routes.npz"
    SemanticRouter(ROUTES, shipped=shipped).write_shipped()
    edited = {**ROUTES, "b": ["третий пример", "новый пример"]}
    calls.clear()
    router = SemanticRouter(edited, shipped=shipped)
    assert router.shipped_key() != router.key()
    assert router.vectors()["b"] == [[13.0, 1.0, 0.25], [12.0, 0.5, 0.25]]
    assert ["третий пример", "новый пример"] in calls


def test_an_unreadable_shipped_file_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(_local_embeddings, "embed_local", _fake_embed(calls))
    shipped = tmp_path / "routes.npz"
    shipped.write_bytes(b"not a zip file")
    router = SemanticRouter(ROUTES, shipped=shipped)
    assert router.shipped_key() is None
    assert router.vectors()["a"] and calls


def test_warm_up_loads_the_vectors_and_the_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(_local_embeddings, "embed_local", _fake_embed(calls))
    router = SemanticRouter(ROUTES)
    router.warm_up()
    assert router._vectors is not None
    assert calls[-1] == ["прогрев"]  # one query through the model: it is loaded


@pytest.mark.parametrize("module", [assistant_offline, scrum_intents], ids=["assistant", "scrum"])
def test_the_shipped_route_vectors_are_current(module: object) -> None:
    """Fails when a router's examples (for the assistant: also the bundled knowledge base's titles) changed without
    ``python scripts/route_vectors.py``: every new user would embed them again at their first question."""
    router: SemanticRouter = module._router  # type: ignore[attr-defined]
    assert router.shipped_key() == router.key(), "run: python scripts/route_vectors.py"
