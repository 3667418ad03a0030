"""Typer's own words reach users in Russian (``agentcore.cli.chrome``): every help page and the usage errors —
the tryout read «Usage:», «Options», «Show this message and exit.», «No such option», «Missing argument 'question'.»,
«Invalid value for '--port': Input should be a valid integer …» and «Try 'agentcore --help' for help.»."""

from __future__ import annotations

import re

import pytest
from typer import main as typer_main
from typer.testing import CliRunner

from agentcore.cli import app

runner = CliRunner()
ENV = {"COLUMNS": "200"}

ENGLISH = re.compile(
    r"Usage|Options|Commands|Arguments|Show this message|Error|Missing|No such|Invalid value|Try '|for help|"
    r"\[OPTIONS\]|COMMAND|\[ARGS\]|default:|required\]|env var|unexpected|Did you mean|Possible options|requires|"
    r"does not take|Input should|Field required|Aborted|deprecated"
)


def _help_pages(path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], str]]:
    result = runner.invoke(app, [*path, "--help"], env=ENV)
    assert result.exit_code == 0, (path, result.output)
    pages = [(path, result.output)]
    command = typer_main.get_command(app)
    for part in path:
        command = command.commands[part]  # type: ignore[attr-defined]
    for name, sub in getattr(command, "commands", {}).items():
        if not sub.hidden:
            pages.extend(_help_pages((*path, name)))
    return pages


def test_every_help_page_is_russian() -> None:
    pages = _help_pages()
    assert len(pages) > 20  # every group and command of every app
    for path, text in pages:
        assert "Использование: agentcore" in text and "Показать эту справку и выйти." in text, path
        assert "Параметры" in text, path
        assert not ENGLISH.search(text), (path, ENGLISH.search(text), text)
    root = dict(pages)[()]
    assert "Использование: agentcore [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]..." in root and "Команды" in root
    assert "Аргументы" in dict(pages)[("ask",)] and "[обязательный]" in dict(pages)[("ask",)]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bogus"], "Нет такого параметра: --bogus"),
        (["--versio"], "Нет такого параметра: --versio (возможно, вы имели в виду: --version)"),
        (["serve", "--port", "abc"], "Недопустимое значение '--port': ожидается целое число"),
        (["serve", "--workers", "0"], "Недопустимое значение '--workers': не меньше 1"),
        (["serve", "--port", "99999"], "Недопустимое значение '--port': порт должен быть от 1 до 65535"),
        (["ask"], "Не указан аргумент 'question'."),
        (["nope"], "Нет такой команды: 'nope'."),
        (["rag", "serch"], "Нет такой команды: 'serch'. Возможно, вы имели в виду 'search', 'serve'?"),
        (["chat", "extra"], "Лишние аргументы: extra"),
        (["scrum", "blockers", "--limit"], "Параметру '--limit' нужно значение."),
    ],
)
def test_usage_errors_are_russian(args: list[str], message: str) -> None:
    result = runner.invoke(app, args, env=ENV)
    assert result.exit_code == 2, result.output
    assert message in result.output, result.output
    assert "Ошибка" in result.output, result.output
    assert not ENGLISH.search(result.output), (ENGLISH.search(result.output), result.output)


def test_a_bad_value_names_the_usage_and_the_help() -> None:
    result = runner.invoke(app, ["serve", "--port", "abc"], env=ENV)
    assert "Использование: agentcore serve [ПАРАМЕТРЫ]" in result.output
    assert "Подробнее: 'agentcore serve --help'" in result.output


@pytest.mark.parametrize(
    ("english", "russian"),
    [
        (
            "Invalid value for '--mode': 'x' is not one of 'a', 'b'.",
            "Недопустимое значение '--mode': 'x' — допустимые значения: 'a', 'b'",
        ),
        (
            "Invalid value for 'path': Path 'nope' does not exist.",
            "Недопустимое значение 'path': путь 'nope' не существует",
        ),
        ("Missing option '--team'.", "Не указан параметр '--team'."),
        ("Option '--n' requires 2 arguments.", "Параметру '--n' нужно значений: 2."),
        ("Missing command.", "Не указана команда."),
        ("порт должен быть от 1 до 65535", "порт должен быть от 1 до 65535"),  # our own words stay
    ],
)
def test_templates(english: str, russian: str) -> None:
    from agentcore.cli.chrome import russian_usage_error

    assert russian_usage_error(Exception(), english) == russian


def test_the_words_cost_a_command_nothing_until_help_or_an_error_is_shown() -> None:
    """``typer.rich_utils`` (rich's Markdown, Traceback, pygments: ~170 modules, 0.3 s) is loaded only to render help
    or an error — by typer, and the Russian words are set as it loads; importing the command line does not load it."""
    import os
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "import agentcore.cli\n"
        "print('loaded' if 'typer.rich_utils' in sys.modules else 'not loaded', flush=True)\n"
        "sys.argv[0] = 'agentcore'\n"
        "agentcore.cli.main()\n"
    )
    env = {**os.environ, "COLUMNS": "200"}
    result = subprocess.run(
        [sys.executable, "-c", probe, "serve", "--port", "abc"], capture_output=True, text=True, env=env, timeout=120
    )
    assert result.stdout.splitlines()[0] == "not loaded"
    assert result.returncode == 2, result.stderr
    assert "Использование: agentcore serve [ПАРАМЕТРЫ]" in result.stderr
    assert "Недопустимое значение '--port': ожидается целое число" in result.stderr and "Ошибка" in result.stderr
    assert not ENGLISH.search(result.stderr), result.stderr
