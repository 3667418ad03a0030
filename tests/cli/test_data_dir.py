"""An unusable data directory (a file on the path, no write permission) ends every command with one Russian line
naming it, exit code 2 and no traceback — the tryout got 59–207-line tracebacks from rag search, ask, chat, serve and
one in the middle of sgr's answer."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agentcore.cli import app
from agentcore.config import get_settings
from agentcore.settings.core import directory_problem

runner = CliRunner()


@pytest.mark.parametrize(
    "command",
    [
        ["rag", "search", "VPN"],
        ["rag", "index", "."],
        ["ask", "Как оформить отпуск?"],
        ["sgr", "Который час?"],
        ["chat"],
        [],
        ["serve", "--port", "8765"],
        ["rag", "serve", "--port", "8765"],
        ["mcp"],
        ["scrum", "faq", "Что такое спринт?"],
        ["crm", "--user", "u1"],
    ],
)
def test_a_file_on_the_data_path_is_one_russian_line(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("the server must not start"))
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("AGENTCORE_DATA_DIR", str(blocker / "data"))
    get_settings.cache_clear()
    result = runner.invoke(app, command, input="/q\n", env={"COLUMNS": "400"})
    assert result.exit_code == 2, result.output
    assert f"каталог данных {blocker / 'data'} недоступен: {blocker} — файл, а не каталог" in result.output
    assert "AGENTCORE_DATA_DIR" in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Консоль:" not in result.output


def test_an_unwritable_log_dir_names_its_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "logs-file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("AGENTCORE_LOG_DIR", str(blocker))
    get_settings.cache_clear()
    result = runner.invoke(app, ["sgr", "Который час?"], env={"COLUMNS": "400"})
    assert result.exit_code == 2, result.output
    assert "каталог журналов" in result.output and "AGENTCORE_LOG_DIR" in result.output


def test_a_usable_directory_is_created(tmp_path: Path) -> None:
    target = tmp_path / "new" / "deeper"
    assert directory_problem(target) is None
    assert target.is_dir() and list(target.iterdir()) == []


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (PermissionError(errno.EACCES, "Permission denied"), "нет прав на запись"),
        (OSError(errno.EROFS, "Read-only file system"), "файловая система только для чтения"),
        (OSError(errno.ENOSPC, "No space left on device"), "нет места на диске"),
    ],
)
def test_a_directory_that_cannot_be_written(
    error: OSError, reason: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Running as root ignores permission bits, so the failed write is simulated."""
    import tempfile

    def refuse(*args: object, **kwargs: object) -> object:
        raise error

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    assert directory_problem(tmp_path) == reason
