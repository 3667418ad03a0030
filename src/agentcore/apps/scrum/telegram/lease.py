"""Leases: the scheduler runs on one worker at a time, whichever holds the lease.

Every worker (``agentcore serve --workers N``, several hosts, ``agentcore scrum telegram`` beside them) runs the
scheduler loop; on each tick it tries to take or renew the lease and only the holder looks for due messages.  A
holder that dies stops renewing and another worker takes over once the lease expires.  The lease is the first
guard; the claim of each message in ``tg_jobs`` (:meth:`TelegramStore.claim`) is the second, so even two holders
(a lease lost to a long pause) never send one message twice.

* :class:`RedisLease` (``AGENTCORE_REDIS_URL``) — ``SET NX PX``, renewed and released only by its holder (Lua);
* :class:`SqlLease` (PostgreSQL) — a row in ``tg_leases`` taken with an upsert that only succeeds when the row is
  free, expired or already ours; the database's clock decides expiry (hosts' clocks may differ);

The name says what is leased: the bot names its scheduler lease after its bot id
(:meth:`.bot.TelegramBot.from_settings`), so two bots sharing one Redis or one database never stand by for each other.
* :class:`LocalLease` (default) — always held: one process, nothing to share.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from sqlalchemy import Engine

_RENEW = """
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


class Lease(Protocol):
    """``acquire()`` takes or renews the lease for ``ttl`` seconds; True while this holder has it."""

    holder: str

    async def acquire(self) -> bool: ...

    async def release(self) -> None: ...

    async def close(self) -> None: ...


class LocalLease:
    """The in-process default: always held."""

    def __init__(self, name: str = "scheduler") -> None:
        self.name = name
        self.holder = f"local-{uuid.uuid4().hex[:8]}"

    async def acquire(self) -> bool:
        return True

    async def release(self) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisLease:
    """A lease in Redis at ``<prefix>lease:<name>``.

    Args:
        url: ``redis://…``; prefix: key prefix; name: what is leased; ttl: seconds a holder keeps it unrenewed;
        timeout: seconds per Redis command.
    """

    def __init__(self, url: str, prefix: str, name: str, ttl: float, *, timeout: float = 5.0) -> None:
        import redis.asyncio as redis

        self._client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        self.key = f"{prefix}lease:{name}"
        self.ttl_ms = max(1, int(ttl * 1000))
        self.holder = uuid.uuid4().hex

    async def acquire(self) -> bool:
        result = await self._client.eval(_RENEW, 1, self.key, self.holder, self.ttl_ms)
        return bool(result)

    async def release(self) -> None:
        await self._client.eval(_RELEASE, 1, self.key, self.holder)

    async def close(self) -> None:
        await self._client.aclose()


class SqlLease:
    """A lease in the ``tg_leases`` table of a PostgreSQL database (expiry by the database's clock)."""

    def __init__(self, engine: Engine, name: str, ttl: float) -> None:
        self._engine = engine
        self.name = name
        self.ttl = ttl
        self.holder = uuid.uuid4().hex

    def _acquire(self) -> bool:
        from sqlalchemy import text

        statement = text(
            "INSERT INTO tg_leases (name, holder, expires_at) "
            "VALUES (:name, :holder, now() + make_interval(secs => :ttl)) "
            "ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at "
            "WHERE tg_leases.holder = EXCLUDED.holder OR tg_leases.expires_at < now() "
            "RETURNING holder"
        )
        with self._engine.begin() as connection:
            row = connection.execute(statement, {"name": self.name, "holder": self.holder, "ttl": self.ttl}).first()
            return row is not None

    def _release(self) -> None:
        from sqlalchemy import text

        with self._engine.begin() as connection:
            connection.execute(
                text("DELETE FROM tg_leases WHERE name = :name AND holder = :holder"),
                {"name": self.name, "holder": self.holder},
            )

    async def acquire(self) -> bool:
        return await asyncio.to_thread(self._acquire)

    async def release(self) -> None:
        await asyncio.to_thread(self._release)

    async def close(self) -> None:
        return None
