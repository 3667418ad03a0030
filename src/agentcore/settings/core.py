"""The ``core`` section: where data and logs live, and the shared stores (Redis, the database)."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import NoDecode

from agentcore.settings._base import Section, env

__all__ = ["CommandSet", "CoreSettings", "directory_problem"]

CommandSet = Annotated[frozenset[str], NoDecode]


def _default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "agentcore"


def _reason(path: Path, exc: OSError) -> str:
    """Why ``path`` cannot be a writable directory, in Russian (``exc`` is what creating or writing it raised)."""
    for part in (path, *path.parents):
        if part.exists() or part.is_symlink():
            if not part.is_dir():
                return f"{part} — файл, а не каталог"
            break
    if exc.errno == errno.EROFS:
        return "файловая система только для чтения"
    if isinstance(exc, PermissionError):
        return "нет прав на запись"
    if exc.errno == errno.ENOSPC:
        return "нет места на диске"
    if exc.errno == errno.ENOENT:
        return "не удалось создать каталог"
    return f"ошибка ввода-вывода ({errno.errorcode.get(exc.errno or 0, type(exc).__name__)})"


def directory_problem(path: Path) -> str | None:
    """None when ``path`` is a directory this process can write in (created, with its parents, if missing);
    otherwise why not, in Russian («/etc/passwd — файл, а не каталог», «нет прав на запись»).  Writes and removes
    one temporary file: only a write tells a read-only mount or a foreign owner apart from a usable directory."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        return _reason(path, exc)
    return None


class CoreSettings(Section):
    """Data directory, logs, the stores several workers share, and the words every terminal dialog knows."""

    data_dir: Path = Field(default_factory=_default_data_dir, validation_alias=env("DATA_DIR"))
    log_dir_override: Path | None = Field(None, validation_alias=env("LOG_DIR"))
    log_level: str = Field("DEBUG", validation_alias=env("LOG_LEVEL"))
    # With a Redis URL, state shared by every worker and host lives there (rate limits, CRM sessions, confirmations).
    redis_url: str | None = Field(None, validation_alias=env("REDIS_URL"))
    # Every key this deployment writes to Redis starts with it: two deployments (staging and production, two teams'
    # bots) can share one Redis without sharing a rate limit, a session or a scheduler.
    redis_prefix: str = Field("agentcore:", min_length=1, validation_alias=env("REDIS_PREFIX"))
    # Stored data (Scrum teams, tasks, dailies, blocker history): SQLite under the data dir unless a URL is given
    # (``postgresql+psycopg://user:pass@host/db``); the URL may hold a password, so it is a secret.
    database_url: SecretStr | None = Field(None, validation_alias=env("DATABASE_URL"))

    # Seed 000's commands plus Russian words a user types without thinking (docs/decisions.md); every terminal
    # dialog (`agentcore chat`, `agentcore crm`) honours them.
    exit_commands: CommandSet = Field(
        frozenset({"/exit", "/quit", "/q", "exit", "quit", "q", "выход", "пока", "стоп"}),
        validation_alias=env("EXIT_COMMANDS"),
    )
    help_commands: CommandSet = Field(
        frozenset({"/help", "help", "?", "помощь", "справка"}), validation_alias=env("HELP_COMMANDS")
    )

    @field_validator("exit_commands", "help_commands", mode="before")
    @classmethod
    def _parse_command_set(cls, value: Any) -> Any:
        """Accept a JSON list, a Python-style set literal or a comma-separated string."""
        if isinstance(value, str):
            text = value.strip().strip("[]{}")
            items = [part.strip().strip("'\"") for part in text.split(",")]
            return frozenset(item.lower() for item in items if item)
        if isinstance(value, list | set | frozenset | tuple):
            return frozenset(str(item).strip().lower() for item in value if str(item).strip())
        return value

    @property
    def log_dir(self) -> Path:
        """Directory for log files and traces (``AGENTCORE_LOG_DIR`` or ``<data_dir>/logs``)."""
        return self.log_dir_override or self.data_dir / "logs"

    def storage_problem(self) -> str | None:
        """None when the data directory and the log directory are usable (see :func:`directory_problem`); else one
        Russian line naming the directory, its variable and the reason — what a command prints instead of the
        traceback the first write would raise."""
        data_problem = directory_problem(self.data_dir)
        if data_problem is not None:
            return f"каталог данных {self.data_dir} недоступен: {data_problem} (AGENTCORE_DATA_DIR)"
        log_problem = directory_problem(self.log_dir)
        if log_problem is not None:
            variable = "AGENTCORE_LOG_DIR" if self.log_dir_override else "AGENTCORE_DATA_DIR"
            return f"каталог журналов {self.log_dir} недоступен: {log_problem} ({variable})"
        return None
