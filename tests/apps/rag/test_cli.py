from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from agentcore.apps.rag import cli as rag_cli
from agentcore.config import Settings
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.rag.engine import RagEngine

runner = CliRunner()


@pytest.fixture(autouse=True)
def _engine(monkeypatch: pytest.MonkeyPatch, data_dir: Path, kb_dir: Path) -> None:
    monkeypatch.setattr("agentcore.rag.indexer.bundled_kb_path", lambda: kb_dir)

    def make() -> RagEngine:
        return RagEngine(Settings(data_dir=data_dir), embedder=HashingEmbedder(), backend=None)

    monkeypatch.setattr(rag_cli, "make_engine", make)


def test_index_then_search_json(kb_dir: Path, tmp_path: Path) -> None:
    (kb_dir / "blob.md").write_bytes(b"\x00\x01binary")
    result = runner.invoke(rag_cli.rag_app, ["index", str(kb_dir), "--collection", "hr"])
    assert result.exit_code == 0, result.output
    assert "Коллекция hr: добавлено 5" in result.stdout
    assert "эмбеддингов посчитано 9 (" in result.stdout and "чанков/с)" in result.stdout
    assert "blob.md" in result.stderr and "двоичный файл" in result.stderr

    result = runner.invoke(rag_cli.rag_app, ["search", "TASK-12", "-c", "hr", "--top-k", "1", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["mode"] == "bm25" and payload["collection"] == "hr"
    assert payload["answerable"] is True and "TASK-12" in payload["answer"]
    hit = payload["hits"][0]
    assert hit["id"] == "vacation#1" and hit["title"] == "Отпуск — Оформление" and "TASK-12" in hit["text"]
    assert isinstance(hit["score"], float)


def test_search_pretty_output_on_default_collection() -> None:
    result = runner.invoke(rag_cli.rag_app, ["search", "как настроить OpenVPN", "--mode", "hybrid", "-k", "2"])
    assert result.exit_code == 0, result.output
    assert "Коллекция default" in result.stdout and "Удалённый доступ" in result.stdout


def test_use_makes_a_collection_active_for_later_runs(kb_dir: Path, data_dir: Path) -> None:
    runner.invoke(rag_cli.rag_app, ["index", str(kb_dir), "-c", "hr"])
    result = runner.invoke(rag_cli.rag_app, ["use", "hr"])
    assert result.exit_code == 0, result.output
    assert "Активная коллекция: hr." in result.stdout
    assert RagEngine(Settings(data_dir=data_dir), embedder=None, backend=None).searcher.active == "hr"
    listing = runner.invoke(rag_cli.rag_app, ["collections"]).stdout
    assert any("*" in line and "hr" in line for line in listing.splitlines())
    assert runner.invoke(rag_cli.rag_app, ["search", "TASK-12", "--json"]).stdout.count('"collection": "hr"') == 1
    # The environment variable still wins for the process that sets it.
    chosen = Settings(data_dir=data_dir, rag_collection="default")
    assert RagEngine(chosen, embedder=None, backend=None).searcher.active == "default"
    failed = runner.invoke(rag_cli.rag_app, ["use", "nope"])
    assert failed.exit_code == 1 and "коллекция 'nope' не найдена" in failed.stderr


def test_ctrl_c_during_index_keeps_the_embedded_batches(
    kb_dir: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Interrupted(HashingEmbedder):
        batch_size = 2
        calls = 0

        def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
            Interrupted.calls += 1
            if Interrupted.calls == 3:
                raise KeyboardInterrupt
            return super().embed_passages(texts)

    monkeypatch.setattr(
        rag_cli, "make_engine", lambda: RagEngine(Settings(data_dir=data_dir), embedder=Interrupted(), backend=None)
    )
    result = runner.invoke(rag_cli.rag_app, ["index", str(kb_dir), "-c", "hr"])
    assert result.exit_code == 130, result.output
    assert "индексация прервана; посчитанные эмбеддинги (4) сохранены" in " ".join(result.stderr.split())
    again = runner.invoke(rag_cli.rag_app, ["index", str(kb_dir), "-c", "hr"])
    assert again.exit_code == 0 and "взято из кэша 4" in again.stdout


def test_pretty_search_prints_the_answer() -> None:
    result = runner.invoke(rag_cli.rag_app, ["search", "Сколько дней составляет отпуск?"])
    assert result.exit_code == 0, result.output
    assert "Ответ: " in result.stdout and "28 календарных дней" in result.stdout


def test_search_answer_is_claim_checked() -> None:
    question = "Сколько дней длится ежегодный отпуск и сколько стоит парковка?"
    result = runner.invoke(rag_cli.rag_app, ["search", question, "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["answer"].splitlines()[-2:] == [
        "В документах не нашлось: сколько стоит парковка.",
        "Источники: [1] Отпуск.",
    ]
    assert payload["grounded"] is True and payload["missing_parts"] == ["сколько стоит парковка"]
    assert payload["answer_source"] == "extractive" and [c["status"] for c in payload["claims"]] == ["supported"]


def test_collections_and_remove(kb_dir: Path) -> None:
    runner.invoke(rag_cli.rag_app, ["index", str(kb_dir), "-c", "hr"])
    result = runner.invoke(rag_cli.rag_app, ["remove", "vpn", "ghost", "-c", "hr"])
    assert result.exit_code == 0, result.output
    assert "удалено 1; осталось документов 4" in result.stdout and "ghost" in result.stderr
    result = runner.invoke(rag_cli.rag_app, ["collections"])
    assert "hr" in result.stdout and "default" not in result.stdout  # listing builds nothing


def test_remove_names_the_id_a_missing_document_probably_has(kb_dir: Path) -> None:
    """An id is the file's path from the indexed folder: «vpn» of «guides/vpn.md» is «guides/vpn» — the miss names
    it, and a command that removed nothing ends with 1 (tryout 31 #6: «Не найден vpn», exit 0, help «имя файла»)."""
    (kb_dir / "guides").mkdir()
    (kb_dir / "vpn.md").rename(kb_dir / "guides" / "vpn.md")
    runner.invoke(rag_cli.rag_app, ["index", str(kb_dir), "-c", "hr"])
    result = runner.invoke(rag_cli.rag_app, ["remove", "vpn", "-c", "hr"])
    assert result.exit_code == 1, result.output
    assert "удалено 0; осталось документов 5" in result.stdout
    assert "«vpn»: документ не найден в коллекции — может быть, «guides/vpn»?" in " ".join(result.stderr.split())
    help_text = runner.invoke(rag_cli.rag_app, ["remove", "--help"], env={"COLUMNS": "300"}).stdout
    assert "путь файла от проиндексированной папки" in help_text
    result = runner.invoke(rag_cli.rag_app, ["remove", "guides/vpm", "-c", "hr"])  # a typo: the close spelling
    assert "может быть, «guides/vpn»?" in " ".join(result.stderr.split())
    assert runner.invoke(rag_cli.rag_app, ["remove", "guides/vpn", "-c", "hr"]).exit_code == 0


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["index", "/no/such/path"], 1, "путь не найден: /no/such/path"),
        (["search", "отпуск", "-c", "nope"], 1, "коллекция 'nope' не найдена"),
        (["search", "отпуск", "--mode", "fuzzy"], 2, "неизвестный режим 'fuzzy'"),
        (["search", "отпуск", "--top-k", "0"], 2, "top_k должен быть целым числом от 1 до 50"),
        (["search", "  "], 2, "вопрос пуст"),
        (["index", ".", "-c", "bad/name"], 2, "недопустимое имя коллекции"),
        (["remove", "x", "-c", "nope"], 1, "коллекция 'nope' не найдена"),
    ],
)
def test_bad_input_is_a_russian_message(args: list[str], code: int, message: str) -> None:
    result = runner.invoke(rag_cli.rag_app, args)
    assert result.exit_code == code, result.output
    assert "Ошибка:" in result.stderr and message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output


def test_help_lists_commands() -> None:
    result = runner.invoke(rag_cli.rag_app, ["--help"])
    assert result.exit_code == 0
    for command in ("index", "search", "serve", "collections", "use", "remove"):
        assert command in result.stdout


def test_bundle_vectors_command(kb_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("agentcore.rag.default_kb.bundled_kb_path", lambda: kb_dir)
    result = runner.invoke(rag_cli.rag_app, ["bundle-vectors"])
    assert result.exit_code == 0, result.output
    assert (kb_dir.parent / "default.hash-256-v1.npz").is_file()
