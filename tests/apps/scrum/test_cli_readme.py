"""Every `agentcore scrum …` command in the README runs as written (in order, offline, one fresh data dir)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from agentcore.cli import app

README = Path(__file__).resolve().parents[3] / "README.md"
runner = CliRunner()
_BLOCK = re.compile(r"```bash\n(.*?)```", re.DOTALL)
_PROGRAM = ("agentcore", "scripts/run")


def readme_scrum_commands() -> list[tuple[list[str], str | None]]:
    """``(arguments after the program, stdin)`` of each scrum command in the README's bash blocks; a command fed by
    ``printf '…' |`` gets that text as stdin."""
    commands: list[tuple[list[str], str | None]] = []
    for block in _BLOCK.findall(README.read_text(encoding="utf-8")):
        for line in block.splitlines():
            if not line.startswith((*_PROGRAM, "printf ")) or " scrum " not in line:
                continue
            stdin: str | None = None
            command = line
            if " | " in line and line.startswith("printf "):
                feed, command = line.split(" | ", 1)
                stdin = shlex.split(feed)[1].encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
            words = shlex.split(command, comments=True)
            if len(words) >= 2 and words[0] in _PROGRAM and words[1] == "scrum":
                commands.append((words[1:], stdin))
    return commands


def test_the_readme_has_the_scrum_examples() -> None:
    commands = readme_scrum_commands()
    assert len(commands) >= 9
    dailies = [args for args, _ in commands if args[1] == "daily"]
    assert dailies and all("--member" in args for args in dailies)  # nobody's daily lands on the first member


def test_every_readme_scrum_command_runs(data_dir: Path) -> None:
    for args, stdin in readme_scrum_commands():
        result = runner.invoke(app, args, input=stdin)
        assert result.exit_code == 0, (args, result.output)
        assert "Ошибка" not in result.output, (args, result.output)
