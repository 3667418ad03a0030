"""`agentcore serve` points the served assistant at its own `/rag` and `/haiku` when their URLs are unset; a run's
model-call token may go there — served on a non-loopback address, that address joins `AGENTCORE_CALLS_ORIGINS` —
and never to a service URL the operator set on another host."""

from __future__ import annotations

import os

import pytest

from agentcore.cli.serve import own_services
from agentcore.config import Settings
from agentcore.llm import lends_to

NAMES = ("RAG_SERVICE_URL", "HAIKU_SERVICE_URL", "AGENTCORE_CALLS_ORIGINS")


@pytest.fixture(autouse=True)
def _restored_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in NAMES:  # own_services writes os.environ: record each variable so that it is restored
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)


def _lent(url: str) -> bool:
    return lends_to(url, Settings().services.calls_origins)


def test_on_every_interface_its_own_services_are_loopback(data_dir: object) -> None:
    own_services("0.0.0.0", 8123)
    assert os.environ["RAG_SERVICE_URL"] == "http://127.0.0.1:8123/rag"
    assert os.environ["HAIKU_SERVICE_URL"] == "http://127.0.0.1:8123/haiku"
    assert "AGENTCORE_CALLS_ORIGINS" not in os.environ
    assert _lent(os.environ["RAG_SERVICE_URL"] + "/search")


def test_on_a_public_address_that_address_is_its_own(data_dir: object) -> None:
    os.environ["AGENTCORE_CALLS_ORIGINS"] = "https://agentcore.internal"
    own_services("10.0.0.5", 8123)
    assert os.environ["RAG_SERVICE_URL"] == "http://10.0.0.5:8123/rag"
    assert Settings().services.calls_origins == ("https://agentcore.internal", "http://10.0.0.5:8123")
    assert _lent("http://10.0.0.5:8123/rag/search") and _lent("https://agentcore.internal/rag/search")
    assert not _lent("http://10.0.0.6:8123/rag/search")


def test_a_service_the_operator_put_on_another_host_never_gets_the_token(data_dir: object) -> None:
    os.environ["RAG_SERVICE_URL"] = "https://rag.example.com"
    own_services("127.0.0.1", 8123)
    assert os.environ["RAG_SERVICE_URL"] == "https://rag.example.com"
    assert not _lent("https://rag.example.com/search")
    assert _lent(os.environ["HAIKU_SERVICE_URL"] + "/generate_haiku")
