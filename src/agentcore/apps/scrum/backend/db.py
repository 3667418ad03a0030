"""The database behind the Scrum backend: one engine factory and the migrations that run on open.

* ``AGENTCORE_DATABASE_URL`` unset → SQLite at ``<data dir>/scrum/scrum.db`` in WAL mode, foreign keys on,
  ``BEGIN IMMEDIATE`` for write transactions (so a read-then-write transaction cannot interleave with another
  writer), a 30 s busy timeout;
* ``postgresql+psycopg://…`` (or ``postgresql://…``, mapped to psycopg 3) → PostgreSQL through the same code.

The schema is managed by Alembic; the migrations ship inside the package (``backend/migrations``) and
:func:`migrate` runs them programmatically — under a file lock (SQLite) or an advisory lock (PostgreSQL), so
processes starting together do not race.  The version table is ``scrum_alembic_version``, so other systems can
keep their own migrations in the same database.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlalchemy.orm import Session

    from agentcore.settings import CoreSettings

logger = logging.getLogger("agentcore.scrum.db")

VERSION_TABLE = "scrum_alembic_version"
WRITE_OPTION = "scrum_write"
"""Execution option marking a write transaction (SQLite takes the write lock at BEGIN)."""
_ADVISORY_LOCK_ID = 0x5C2A_0003  # any constant: serialises migrations of this schema across processes
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def failure_text(exc: BaseException) -> str:
    """One line a person can read for a start that failed — a database that cannot be opened above all — redacted
    (a database URL may carry a password) and cut to 300 characters.

    SQLAlchemy's text is the driver's several lines plus «(Background on this error at: https://sqlalche.me/…)»; a
    database error is said as «база данных недоступна (AGENTCORE_DATABASE_URL): <the driver's first lines>»."""
    from agentcore.util.redact import redact

    original = getattr(exc, "orig", None)
    if original is not None and type(exc).__module__.startswith("sqlalchemy"):
        detail = " ".join(line.strip() for line in str(original).splitlines() if line.strip())
        text = f"база данных недоступна (AGENTCORE_DATABASE_URL): {detail or type(original).__name__}"
    else:
        text = f"{type(exc).__name__}: {' '.join(str(exc).split())}"
    return redact(text)[:300]


def default_sqlite_path(core: CoreSettings) -> Path:
    """Where the SQLite database lives when no URL is configured."""
    return core.data_dir / "scrum" / "scrum.db"


def database_url(core: CoreSettings) -> str:
    """The SQLAlchemy URL to use (``postgresql://`` is mapped to the psycopg 3 driver).

    Raises:
        ValueError: the configured URL is neither SQLite nor PostgreSQL.
    """
    if core.database_url is None or not core.database_url.get_secret_value().strip():
        return f"sqlite:///{default_sqlite_path(core)}"
    url = core.database_url.get_secret_value().strip()
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    if url.startswith(("postgresql+psycopg://", "sqlite:")):
        return url
    raise ValueError("AGENTCORE_DATABASE_URL должен быть адресом PostgreSQL (postgresql://…) или SQLite (sqlite:///…)")


def create_db_engine(url: str) -> Engine:
    """An engine for ``url`` with the connection settings described in the module docstring."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True, connect_args={"connect_timeout": 10})

    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": 30})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        immediate = connection.get_execution_options().get(WRITE_OPTION)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


class Sessions:
    """Sessions on the Scrum database, for the stores that share it (the backend's and the Telegram bot's).

    ``reading()`` is a read-only session, rolled back at the end; ``writing()`` is one write transaction, committed
    when the block ends and rolled back on any error (on SQLite it begins with ``BEGIN IMMEDIATE``, see
    :data:`WRITE_OPTION`).  Objects outlive their session (``expire_on_commit=False``).
    """

    def __init__(self, engine: Engine) -> None:
        from sqlalchemy.orm import sessionmaker

        self.engine = engine
        self._read = sessionmaker(engine, expire_on_commit=False)
        self._write = sessionmaker(engine.execution_options(**{WRITE_OPTION: True}), expire_on_commit=False)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A read-only session (rolled back at the end)."""
        with self._read() as session:
            try:
                yield session
            finally:
                session.rollback()

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """A session in one write transaction: committed when the block ends, rolled back on any error."""
        with self._write() as session, session.begin():
            yield session


@dataclass(frozen=True)
class Schema:
    """One Alembic-managed schema in the Scrum database: its migrations folder, its own version table and the
    advisory-lock id that serialises its migrations across processes (the backend's and the Telegram bot's)."""

    migrations: Path
    version_table: str
    advisory_lock_id: int

    def config(self, connection: Any | None = None) -> Any:
        """The Alembic config for this schema (handing ``connection`` to the migrations' ``env.py``)."""
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(self.migrations))
        if connection is not None:
            config.attributes["connection"] = connection
        return config

    def head(self) -> str | None:
        """The newest revision the package ships."""
        from alembic.script import ScriptDirectory

        head: str | None = ScriptDirectory.from_config(self.config()).get_current_head()
        return head

    def current_revision(self, engine: Engine) -> str | None:
        """The revision stored in the database (``None`` before the first migration)."""
        from alembic.runtime.migration import MigrationContext

        with engine.connect() as connection:
            revision: str | None = MigrationContext.configure(
                connection, opts={"version_table": self.version_table}
            ).get_current_revision()
            return revision

    def shipped_head(self) -> str | None:
        """The newest revision, read from the migration files' ``revision`` / ``down_revision`` lines without
        importing Alembic (over a second of a start); ``None`` when they are not one plain chain of string
        revisions (a merge, a branch, an assignment it cannot read) — Alembic decides then."""
        import ast
        import re

        assignment = re.compile(r"^(revision|down_revision)\s*(?::[^=\n]*)?=\s*(.+?)\s*$", re.MULTILINE)
        parents: dict[str, str | None] = {}
        for file in sorted((self.migrations / "versions").glob("*.py")):
            found = dict(assignment.findall(file.read_text(encoding="utf-8")))
            if "revision" not in found:
                continue  # __init__.py
            try:
                revision = ast.literal_eval(found["revision"])
                parent = ast.literal_eval(found.get("down_revision", "None"))
            except (ValueError, SyntaxError):
                return None
            if not isinstance(revision, str) or not (parent is None or isinstance(parent, str)) or revision in parents:
                return None
            parents[revision] = parent
        heads = set(parents) - set(parents.values())
        return heads.pop() if len(heads) == 1 else None

    def _at_shipped_head(self, engine: Engine) -> bool:
        """Whether the database already holds exactly the shipped head (read with plain SQL, no Alembic)."""
        head = self.shipped_head()
        if head is None:
            return False
        from sqlalchemy import inspect, text
        from sqlalchemy.exc import SQLAlchemyError

        try:
            with engine.connect() as connection:
                if not inspect(connection).has_table(self.version_table):
                    return False
                rows = connection.execute(text(f"SELECT version_num FROM {self.version_table}")).scalars().all()
        except SQLAlchemyError:
            return False  # Alembic's path reports it properly
        return list(rows) == [head]

    def migrate(self, engine: Engine) -> None:
        """Bring the schema to the newest revision (a no-op when it is there already), under a file lock (SQLite)
        or an advisory lock (PostgreSQL).

        The no-op case (every start after the first) is decided without importing Alembic when the migrations are
        one plain chain (:meth:`shipped_head`)."""
        if self._at_shipped_head(engine):
            return
        if self.current_revision(engine) == self.head():
            return
        from alembic import command

        if engine.dialect.name == "sqlite":
            from filelock import FileLock

            database = engine.url.database
            if not database or database == ":memory:":
                with engine.begin() as connection:
                    command.upgrade(self.config(connection), "head")
                return
            with FileLock(f"{database}.migrate.lock", timeout=60), engine.begin() as connection:
                command.upgrade(self.config(connection), "head")
        else:
            from sqlalchemy import text

            with engine.begin() as connection:
                connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": self.advisory_lock_id})
                command.upgrade(self.config(connection), "head")
        logger.info("migrations // %s at %s", self.version_table, self.head())

    def run_env(self, metadata: Any) -> None:
        """The whole of this schema's Alembic ``env.py``: run the migrations on the connection :meth:`migrate` (or
        :func:`make_revision`) handed over, with this schema's version table (batch mode on SQLite)."""
        from alembic import context

        connection = context.config.attributes.get("connection")
        if connection is None:
            raise RuntimeError(f"the migrations of {self.version_table} run through Schema.migrate(engine)")
        context.configure(
            connection=connection,
            target_metadata=metadata,
            version_table=self.version_table,
            render_as_batch=connection.dialect.name == "sqlite",
            compare_type=True,
        )
        with context.begin_transaction():
            context.run_migrations()


SCHEMA = Schema(MIGRATIONS, VERSION_TABLE, _ADVISORY_LOCK_ID)


def _alembic_config(connection: Any) -> Any:
    return SCHEMA.config(connection)


def current_revision(engine: Engine) -> str | None:
    """The schema revision stored in the database (``None`` for an empty database)."""
    return SCHEMA.current_revision(engine)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (a no-op when it is there already)."""
    SCHEMA.migrate(engine)


def make_revision(message: str, url: str = "sqlite:///:memory:") -> None:
    """Autogenerate a new revision from :mod:`.tables` (development helper; writes into ``migrations/versions``)."""
    from alembic import command

    engine = create_db_engine(url)
    with engine.begin() as connection:
        config = _alembic_config(connection)
        command.upgrade(config, "head")
        command.revision(config, message=message, autogenerate=True)
