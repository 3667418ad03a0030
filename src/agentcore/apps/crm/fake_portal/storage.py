"""SQLite storage of the fake portal: CRM entities, event subscriptions, webhooks and OAuth tokens.

One connection guarded by a lock (the portal's request handlers are short); ``:memory:`` for tests, a file under
the data directory for ``agentcore crm fake-portal`` so demo data survives restarts.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["PortalStorage"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS entities (
    kind TEXT NOT NULL,
    id INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (kind, id)
);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS event_bindings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event TEXT NOT NULL,
    handler TEXT NOT NULL,
    auth_type TEXT NOT NULL DEFAULT '0',
    offline INTEGER NOT NULL DEFAULT 0,
    UNIQUE (event, handler, auth_type)
);
CREATE TABLE IF NOT EXISTS webhooks (
    user_id TEXT NOT NULL,
    code TEXT NOT NULL,
    scopes TEXT NOT NULL,
    PRIMARY KEY (user_id, code)
);
CREATE TABLE IF NOT EXISTS apps (client_id TEXT PRIMARY KEY, client_secret TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (
    access_token TEXT PRIMARY KEY,
    refresh_token TEXT NOT NULL UNIQUE,
    client_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    expires_at REAL NOT NULL,
    revoked INTEGER NOT NULL DEFAULT 0
);
"""


class PortalStorage:
    """Thread-safe access to the fake portal's SQLite database.

    Args:
        path: a database file (created with its directory) or ``":memory:"``.
    """

    def __init__(self, path: Path | str = ":memory:") -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._conn.execute("PRAGMA journal_mode=WAL" if str(path) != ":memory:" else "PRAGMA journal_mode=MEMORY")
        self._lock = threading.RLock()
        with self._lock:
            self._conn.executescript(_SCHEMA)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction (rolled back on error)."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read query."""
        with self._lock:
            return list(self._conn.execute(sql, args).fetchall())

    # --- entities --------------------------------------------------------------------------------

    def next_id(self, name: str) -> int:
        """The next value of a counter (1, 2, …)."""
        with self.transaction() as conn:
            row = conn.execute("SELECT value FROM counters WHERE name = ?", (name,)).fetchone()
            value = (row[0] if row else 0) + 1
            conn.execute("INSERT OR REPLACE INTO counters (name, value) VALUES (?, ?)", (name, value))
            return int(value)

    def get(self, kind: str, entity_id: int) -> dict[str, Any] | None:
        rows = self.query("SELECT data FROM entities WHERE kind = ? AND id = ?", (kind, entity_id))
        return json.loads(rows[0][0]) if rows else None

    def put(self, kind: str, entity_id: int, data: dict[str, Any]) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO entities (kind, id, data) VALUES (?, ?, ?)",
                (kind, entity_id, json.dumps(data, ensure_ascii=False)),
            )

    def delete(self, kind: str, entity_id: int) -> bool:
        with self.transaction() as conn:
            return conn.execute("DELETE FROM entities WHERE kind = ? AND id = ?", (kind, entity_id)).rowcount > 0

    def all(self, kind: str) -> list[dict[str, Any]]:
        """Every entity of a kind, by id."""
        return [json.loads(r[0]) for r in self.query("SELECT data FROM entities WHERE kind = ? ORDER BY id", (kind,))]

    def count(self, kind: str) -> int:
        return int(self.query("SELECT COUNT(*) FROM entities WHERE kind = ?", (kind,))[0][0])

    # --- events ----------------------------------------------------------------------------------

    def bind(self, event: str, handler: str, auth_type: str, offline: int) -> bool:
        """Add a subscription; False when the same one exists."""
        with self.transaction() as conn:
            cursor = conn.execute(
                "INSERT OR IGNORE INTO event_bindings (event, handler, auth_type, offline) VALUES (?, ?, ?, ?)",
                (event, handler, auth_type, offline),
            )
            return cursor.rowcount > 0

    def bindings(self) -> list[dict[str, Any]]:
        rows = self.query("SELECT event, handler, auth_type, offline FROM event_bindings ORDER BY id")
        return [{"event": r[0], "handler": r[1], "auth_type": r[2], "offline": r[3]} for r in rows]

    def unbind(self, event: str, handler: str | None, auth_type: str | None) -> int:
        sql = "DELETE FROM event_bindings WHERE event = ?"
        args: list[Any] = [event]
        if handler:
            sql += " AND handler = ?"
            args.append(handler)
        if auth_type not in (None, ""):
            sql += " AND auth_type = ?"
            args.append(auth_type)
        with self.transaction() as conn:
            return int(conn.execute(sql, tuple(args)).rowcount)

    # --- credentials -----------------------------------------------------------------------------

    def add_webhook(self, user_id: str, code: str, scopes: list[str]) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO webhooks (user_id, code, scopes) VALUES (?, ?, ?)",
                (user_id, code, ",".join(scopes)),
            )

    def webhook_scopes(self, user_id: str, code: str) -> list[str] | None:
        rows = self.query("SELECT scopes FROM webhooks WHERE user_id = ? AND code = ?", (user_id, code))
        return [s for s in rows[0][0].split(",") if s] if rows else None

    def webhooks(self) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self.query("SELECT user_id, code FROM webhooks ORDER BY rowid")]

    def add_app(self, client_id: str, client_secret: str) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO apps (client_id, client_secret) VALUES (?, ?)", (client_id, client_secret)
            )

    def app_secret(self, client_id: str) -> str | None:
        rows = self.query("SELECT client_secret FROM apps WHERE client_id = ?", (client_id,))
        return str(rows[0][0]) if rows else None

    def add_token(self, access: str, refresh: str, client_id: str, user_id: str, expires_at: float) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO tokens (access_token, refresh_token, client_id, user_id, expires_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (access, refresh, client_id, user_id, expires_at),
            )

    def token(self, access: str) -> dict[str, Any] | None:
        rows = self.query(
            "SELECT client_id, user_id, expires_at, revoked FROM tokens WHERE access_token = ?", (access,)
        )
        if not rows:
            return None
        client_id, user_id, expires_at, revoked = rows[0]
        return {"client_id": client_id, "user_id": user_id, "expires_at": expires_at, "revoked": bool(revoked)}

    def use_refresh(self, refresh: str, client_id: str) -> str | None:
        """Revoke the tokens of a refresh token (each works once); returns their user id, or None if unknown."""
        with self.transaction() as conn:
            row = conn.execute(
                "SELECT user_id FROM tokens WHERE refresh_token = ? AND client_id = ? AND revoked = 0",
                (refresh, client_id),
            ).fetchone()
            if row is None:
                return None
            conn.execute("UPDATE tokens SET revoked = 1 WHERE refresh_token = ?", (refresh,))
            return str(row[0])

    def expire(self, access: str, at: float) -> None:
        with self.transaction() as conn:
            conn.execute("UPDATE tokens SET expires_at = ? WHERE access_token = ?", (at, access))

    def close(self) -> None:
        with self._lock:
            self._conn.close()
