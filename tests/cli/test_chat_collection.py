"""``agentcore chat`` says at its start when the knowledge base cannot answer (the tryout: an unknown
``AGENTCORE_RAG_COLLECTION`` started a normal dialog, then every question got seed 000's apology and no cause)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from agentcore.cli import app

runner = CliRunner()


def test_an_unknown_collection_is_named_at_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_RAG_COLLECTION", "nope")
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    result = runner.invoke(app, ["chat"], input="Как оформить отпуск?\n/q\n", env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    start = result.output.split("> ", 1)[0]
    assert "База знаний недоступна: коллекция 'nope' не найдена" in start
    assert "agentcore rag use" in start
    # the seed's own apology for the failed question stays as the seed gives it
    assert "Произошла чудовищная ошибка при запросе на RAG сервис.. Тысяча извинений! Попробуем снова?" in result.output


def test_an_unreachable_rag_service_is_named_at_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    from agentcore.serving import free_port

    url = f"http://127.0.0.1:{free_port()}/rag"
    monkeypatch.setenv("RAG_SERVICE_URL", url)
    result = runner.invoke(app, ["chat"], input="/q\n", env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert f"RAG-сервис {url} не отвечает" in result.output.split("> ", 1)[0]


def test_a_usable_collection_starts_without_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    result = runner.invoke(app, ["chat"], input="/q\n", env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert "недоступна" not in result.output and "не отвечает" not in result.output
    assert "Я ассистент службы поддержки" in result.output


def test_an_unreachable_haiku_service_is_named_at_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tryout 28 D12: a dead HAIKU_SERVICE_URL was not checked — nothing at the start, then every haiku request was
    the seed's apology; with both services dead the RAG line even promised «хайку — будет»."""
    from agentcore.serving import free_port

    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    url = f"http://127.0.0.1:{free_port()}/haiku"
    monkeypatch.setenv("HAIKU_SERVICE_URL", url)
    result = runner.invoke(app, ["chat"], input="/q\n", env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert f"Сервис хайку {url} не отвечает: хайку не будет" in result.output.split("> ", 1)[0]


def test_with_both_services_dead_the_start_promises_no_haiku(monkeypatch: pytest.MonkeyPatch) -> None:
    from agentcore.serving import free_port

    url, rag = f"http://127.0.0.1:{free_port()}/haiku", f"http://127.0.0.1:{free_port()}/rag"
    monkeypatch.setenv("HAIKU_SERVICE_URL", url)
    monkeypatch.setenv("RAG_SERVICE_URL", rag)
    result = runner.invoke(app, ["chat"], input="/q\n", env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    start = result.output.split("> ", 1)[0]
    assert f"RAG-сервис {rag} не отвечает" in start and "хайку — будет" not in start
    assert f"Сервис хайку {url} не отвечает" in start
