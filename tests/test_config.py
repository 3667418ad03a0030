from __future__ import annotations

import pytest

from agentcore.apps.assistant.settings import AssistantSettings
from agentcore.config import Settings


def test_seed_000_defaults(settings: Settings) -> None:
    # The seed's commands plus the Russian words of docs/decisions.md.
    assert settings.exit_commands == {"/exit", "/quit", "/q", "exit", "quit", "q", "выход", "пока", "стоп"}
    assert settings.help_commands == {"/help", "help", "?", "помощь", "справка"}
    assistant = AssistantSettings.of(settings)
    assert assistant.chat_verbose is True and settings.rag_min_confidence is None
    assert settings.default_model == "GigaChat-2-Max"
    assert settings.default_embedding_model == "Embeddings"
    assert assistant.context_hist_limit == 10
    assert assistant.param_question_maxlen == 30
    assert settings.services.haiku_theme_maxlen == 20
    assert settings.param_rag_top_k == 2
    assert settings.provider == "offline"
    assert settings.llm_timeout == 30


def test_seed_names_and_prefixed_names_both_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARAM_RAG_TOP_K", "5")
    monkeypatch.setenv("AGENTCORE_PARAM_THEME_MAXLEN", "12")
    monkeypatch.setenv("EXIT_COMMANDS", '["/bye", "пока"]')
    monkeypatch.setenv("HELP_COMMANDS", "/h, помощь")
    s = Settings()
    assert s.param_rag_top_k == 5
    assert s.services.haiku_theme_maxlen == 12
    assert s.exit_commands == {"/bye", "пока"}
    assert s.help_commands == {"/h", "помощь"}


def test_sdk_variable_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_PROVIDER", "openai")
    monkeypatch.setenv("OPENAI_API_BASE", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret-value")
    monkeypatch.setenv("GIGACHAT_CREDENTIALS", "Y3JlZHM=")
    monkeypatch.setenv("GIGACHAT_VERIFY_SSL_CERTS", "false")
    s = Settings()
    assert s.provider == "openai"
    assert s.openai_api_base == "http://127.0.0.1:9/v1"
    assert s.gigachat_verify_ssl_certs is False
    assert "sk-secret-value" not in repr(s)
    assert set(s.secret_values()) == {"sk-secret-value", "Y3JlZHM="}


def test_invalid_values_are_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_PROVIDER", "nonsense")
    with pytest.raises(ValueError):
        Settings()


def test_log_dir_follows_data_dir(settings: Settings) -> None:
    assert settings.log_dir == settings.data_dir / "logs"
