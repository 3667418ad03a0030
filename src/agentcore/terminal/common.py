"""Helpers shared by the CLI commands: Russian error exits, settings and logging set-up."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

if TYPE_CHECKING:
    from agentcore.config import Settings


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``message`` to stderr (in red, secrets redacted) and exit with ``code`` — no traceback."""
    from rich.console import Console
    from rich.markup import escape

    from agentcore.util.redact import redact

    Console(stderr=True).print(f"[bold red]Ошибка:[/] {escape(redact(message))}", highlight=False)
    raise typer.Exit(code)


def valid_port(value: int) -> int:
    """The ``callback`` of a ``--port`` option: a TCP port, 1..65535; anything else ends with a Russian message and
    exit code 2 (uvicorn would listen on the value modulo 65536 and the printed address would be wrong)."""
    if not 1 <= value <= 65535:
        raise typer.BadParameter(f"порт должен быть от 1 до 65535, получено {value}")
    return value


def hide_flag_types() -> None:
    """Show no value type after a flag in ``--help``.

    typer 0.29 prints every option's type, and for a flag that is ``<bool>`` (``--json <bool>``, even
    ``--help <bool>``), which reads as if the flag took a value.  A flag takes none, so its type column stays
    empty.  Idempotent; options that take values keep their types (``<str>``, ``<int>``).
    """
    from typer.core import TyperOption

    if getattr(TyperOption, "_agentcore_flags_untyped", False):
        return
    original = TyperOption.display_type_rich

    def display_type_rich(self: TyperOption, ctx: Any) -> str | None:
        return None if self.is_flag else original(self, ctx)

    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]
    TyperOption._agentcore_flags_untyped = True  # type: ignore[attr-defined]


def load_settings(*sections: str) -> Settings:
    """The settings from the environment, or a Russian error exit (code 2) if they are invalid or the data
    directory they name cannot be written.

    Args:
        sections: the apps' sections the command uses (``"crm"``): checked here too, since an app's section is
            otherwise read only when the app first uses it.
    """
    from pydantic import ValidationError

    from agentcore.config import get_settings

    _say_env_file_problems()
    try:
        settings = get_settings()
        for name in sections:
            settings.section(name)
    except ValidationError as exc:
        from agentcore.settings.problems import settings_message

        fail(settings_message(exc.errors()), code=2)
    _check_storage(settings)
    return settings


_ENV_FILE_CHECKED: set[str] = set()


def _say_env_file_problems(path: Path | None = None) -> None:
    """Say in Russian, once per process, which lines of ``./.env`` are not ``ИМЯ=значение`` (they are skipped) —
    instead of python-dotenv's English «python-dotenv could not parse statement starting at line 1», printed once per
    settings section read."""
    import logging

    logging.getLogger("dotenv.main").setLevel(logging.ERROR)  # its English warning; the line below says it
    path = path or Path(".env")
    key = str(path.resolve())
    if key in _ENV_FILE_CHECKED or not path.is_file():
        return
    _ENV_FILE_CHECKED.add(key)
    try:
        from dotenv.parser import parse_stream

        with open(path, encoding="utf-8") as handle:
            bad = [b.original.line for b in parse_stream(handle) if b.error]
    except (OSError, UnicodeDecodeError):
        return
    if bad:
        from rich.console import Console

        lines = ", ".join(str(n) for n in bad)
        what = f"не разобрана строка {lines}" if len(bad) == 1 else f"не разобраны строки {lines}"
        Console(stderr=True).print(
            f"[yellow]Предупреждение:[/] в файле .env {what} (ожидается ИМЯ=значение); пропущено.", highlight=False
        )


_USABLE_STORAGE: set[tuple[str, str]] = set()


def _check_storage(settings: Settings) -> None:
    """End the command with one Russian line (exit code 2) when the data or log directory cannot be written —
    every command stores something there (logs, traces, collections, the Scrum database); checked once per
    directory pair in the process."""
    key = (str(settings.core.data_dir), str(settings.core.log_dir))
    if key in _USABLE_STORAGE:
        return
    problem = settings.core.storage_problem()
    if problem is not None:
        fail(problem, code=2)
    _USABLE_STORAGE.add(key)


def init_logging(settings: Settings, name: str = "agentcore.log") -> None:
    """Detailed logs to ``<log_dir>/<name>``, nothing noisy on the terminal."""
    from agentcore.trace.logs import setup_logging
    from agentcore.util.redact import register_secret

    for secret in settings.secret_values():
        register_secret(secret)
    import logging

    level = logging.getLevelName(settings.log_level.upper())
    setup_logging(settings.log_dir / name, console=False, file_level=level if isinstance(level, int) else logging.DEBUG)


def restore_ctrl_c() -> None:
    """Let Ctrl-C end an interactive dialog even when the process inherited an ignored SIGINT (a background job,
    ``nohup``, a test runner started with ``setsid … < /dev/null``): ``input()`` then raises KeyboardInterrupt."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
