"""The README's Scrum command-line example says what the commands do (the tryout found «the blocker is escalated»
beside a daily whose blocker is «средняя» and escalates nothing)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from agentcore.cli import app

README = Path(__file__).resolve().parents[2] / "README.md"


def _daily_lines() -> list[tuple[list[str], str]]:
    """``(arguments, comment)`` of each ``agentcore scrum daily "…" --member …`` line of the README's example."""
    lines = []
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith('agentcore scrum daily "'):
            command, _, comment = line.partition("  #")
            lines.append((shlex.split(command)[1:], comment.strip()))
    return lines


def test_readme_scrum_clarification_example_matches_the_output() -> None:
    runner = CliRunner()
    (first, _), (second, comment) = _daily_lines()[:2]
    asked = runner.invoke(app, first)
    assert asked.exit_code == 0, asked.output
    assert "К какой задаче относится блокер" in asked.output
    answered = runner.invoke(app, second)
    assert answered.exit_code == 0, answered.output
    assert "Daily принят" in answered.output
    severity = re.search(r"нет доступов к стенду — (\w+)", answered.output)
    assert severity is not None, answered.output
    assert severity.group(1) in comment, comment
    if "escalat" in comment and "not escalated" not in comment:
        assert "скалир" in answered.output, "the README promises an escalation the command does not make"
