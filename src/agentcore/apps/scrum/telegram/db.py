"""The bot's schema in the Scrum backend's database: Alembic migrations with their own version table
(``scrum_telegram_alembic_version``), run on open under the same locks as the backend's (a file lock on SQLite, an
advisory lock on PostgreSQL), so processes starting together do not race."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from agentcore.apps.scrum.backend.db import Schema

if TYPE_CHECKING:
    from sqlalchemy import Engine

VERSION_TABLE = "scrum_telegram_alembic_version"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
SCHEMA = Schema(MIGRATIONS, VERSION_TABLE, advisory_lock_id=0x5C2A_7E1E)


def current_revision(engine: Engine) -> str | None:
    """The bot's schema revision in the database (``None`` before the first migration)."""
    return SCHEMA.current_revision(engine)


def migrate(engine: Engine) -> None:
    """Bring the bot's tables to the newest revision (the backend's schema must be migrated first)."""
    SCHEMA.migrate(engine)
