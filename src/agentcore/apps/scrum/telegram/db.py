"""The bot's schema in the Scrum backend's database: Alembic migrations with their own version table
(``scrum_telegram_alembic_version``), run on open under the same locks as the backend's (a file lock on SQLite, an
advisory lock on PostgreSQL), so processes starting together do not race."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy import Engine

VERSION_TABLE = "scrum_telegram_alembic_version"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_ADVISORY_LOCK_ID = 0x5C2A_7E1E


def _config(connection: Any | None = None) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _head() -> str | None:
    from alembic.script import ScriptDirectory

    head: str | None = ScriptDirectory.from_config(_config()).get_current_head()
    return head


def current_revision(engine: Engine) -> str | None:
    """The bot's schema revision in the database (``None`` before the first migration)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        revision: str | None = MigrationContext.configure(
            connection, opts={"version_table": VERSION_TABLE}
        ).get_current_revision()
        return revision


def migrate(engine: Engine) -> None:
    """Bring the bot's tables to the newest revision (the backend's schema must be migrated first)."""
    if current_revision(engine) == _head():
        return
    from alembic import command

    if engine.dialect.name == "sqlite":
        from filelock import FileLock

        database = engine.url.database
        if not database or database == ":memory:":
            with engine.begin() as connection:
                command.upgrade(_config(connection), "head")
            return
        with FileLock(f"{database}.migrate.lock", timeout=60), engine.begin() as connection:
            command.upgrade(_config(connection), "head")
        return
    from sqlalchemy import text

    with engine.begin() as connection:
        connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _ADVISORY_LOCK_ID})
        command.upgrade(_config(connection), "head")
