"""What a command prints on the terminal is Russian and its own (tryout 28 D14): python-dotenv's «python-dotenv
could not parse statement starting at line 1» (twice) for a malformed ``.env`` line, and the library's log line
«ingest // Skipped …» beside ``rag index``'s own «Пропущен …»."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

AGENTCORE = str(Path(sys.executable).with_name("agentcore"))


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "GIGACHAT_", "OPENAI_"))}
    env.update({"AGENTCORE_DATA_DIR": str(cwd / "data"), "AGENTCORE_RAG_EMBEDDER": "none", "COLUMNS": "300"})
    return subprocess.run([AGENTCORE, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_a_malformed_env_line_is_said_once_in_russian(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("это не настройка\nAGENTCORE_PROVIDER=offline\n", encoding="utf-8")
    done = _run(tmp_path, "sgr", "Который час?")
    assert done.returncode == 0, done.stderr
    assert "python-dotenv" not in done.stderr
    assert done.stderr.count("Предупреждение: в файле .env не разобрана строка 1 (ожидается ИМЯ=значение)") == 1


def test_rag_index_prints_no_log_lines(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "binary.md").write_bytes(bytes(range(256)) * 8)
    (docs / "text.md").write_text("# Тема\n\n## Раздел\n\nТекст раздела.\n", encoding="utf-8")
    done = _run(tmp_path, "rag", "index", str(docs), "--collection", "t")
    assert done.returncode == 0, done.stderr
    assert "Пропущен" in done.stderr and "двоичный файл" in done.stderr
    assert "ingest //" not in done.stderr + done.stdout
