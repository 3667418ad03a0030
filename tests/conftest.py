"""Shared fixtures: every test runs with a clean environment, its own data directory and closed circuits."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from agentcore.config import Settings, get_settings
from agentcore.llm._breaker import reset_shared_breakers

_PREFIXES = ("AGENTCORE_", "GIGACHAT_", "OPENAI_", "BITRIX_")
_SEED_NAMES = {
    "EXIT_COMMANDS",
    "HELP_COMMANDS",
    "DEFAULT_MODEL",
    "DEFAULT_EMBEDDING_MODEL",
    "CONTEXT_HIST_LIMIT",
    "PARAM_QUESTION_MAXLEN",
    "PARAM_THEME_MAXLEN",
    "PARAM_RAG_TOP_K",
    "RAG_SERVICE_URL",
    "HAIKU_SERVICE_URL",
    "HTTP_API_TOKENS",
}


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """No user configuration leaks into tests; each test gets a fresh data dir and fresh cached settings."""
    for name in list(os.environ):
        if name.startswith(_PREFIXES) or name in _SEED_NAMES:
            if name == "AGENTCORE_REQUIRE_SERVICES":
                continue
            monkeypatch.delenv(name, raising=False)
    data_dir = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("AGENTCORE_DATA_DIR", str(data_dir))
    monkeypatch.chdir(data_dir)  # a stray .env in the repo must not configure tests
    get_settings.cache_clear()
    reset_shared_breakers()  # a circuit a test opened against some endpoint must not fail the next test fast
    yield data_dir
    get_settings.cache_clear()


@pytest.fixture
def data_dir(_isolated_env: Path) -> Path:
    """This test's data directory (also ``AGENTCORE_DATA_DIR``)."""
    return _isolated_env


@pytest.fixture
def settings(data_dir: Path) -> Settings:
    """Default settings pointed at this test's data directory."""
    return Settings()


# Real-server fixtures (a fresh PostgreSQL database, a Redis key prefix) for scale-out tests.
from tests.services import postgres_url, redis_prefix  # noqa: E402, F401
