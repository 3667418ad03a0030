"""Ctrl-C ends the interactive dialogs even when the process inherited an ignored SIGINT (issue 17)."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pexpect
import pytest

pytestmark = pytest.mark.e2e

AGENTCORE = str(Path(sys.executable).with_name("agentcore"))


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # what a background job or `nohup` hands down


@pytest.mark.parametrize(
    ("command", "ready", "goodbye"),
    [
        (["crm"], "CRM-агент Bitrix24", "До свидания!"),
        (["chat"], "Я ассистент службы поддержки", "До свидания!"),
        (["scrum", "daily"], "Напиши daily", None),  # the dialogue ends quietly, as on Ctrl-D
    ],
)
def test_ctrl_c_ends_the_dialog_when_sigint_was_ignored_by_the_parent(
    tmp_path: Path, command: list[str], ready: str, goodbye: str | None
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "GIGACHAT_", "OPENAI_", "BITRIX_"))}
    env.update({"AGENTCORE_DATA_DIR": str(tmp_path), "TERM": "dumb", "COLUMNS": "200", "LINES": "50"})
    env["LANG"] = "C.UTF-8"
    child = pexpect.spawn(
        AGENTCORE, command, env=env, encoding="utf-8", timeout=120, dimensions=(50, 200), preexec_fn=_ignore_sigint
    )
    try:
        child.expect_exact(ready)
        child.expect_exact("> ")
        _press_ctrl_c(child, goodbye)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def _press_ctrl_c(child: pexpect.spawn, goodbye: str | None) -> None:
    """Press Ctrl-C at the prompt; press it once more if the first one fell into CPython's readline race.

    ``input()`` writes the prompt, then blocks in ``select()`` with no timeout: a SIGINT arriving between the two
    (the test presses Ctrl-C the instant «> » appears — no person is that fast) is recorded but nothing wakes the
    ``select()`` to act on it, so the dialog waits for the next key. A second Ctrl-C interrupts the ``select()``,
    and the recorded interrupt ends the dialog. A process that ignores SIGINT ignores both: the test still fails.
    """
    expected = goodbye if goodbye is not None else pexpect.EOF
    child.sendintr()
    if child.expect([expected, pexpect.TIMEOUT], timeout=10) == 1:
        child.sendintr()
        child.expect(expected)
