"""Telegram update de-duplication: an update is handled by the first worker that takes it, never twice.

Telegram re-sends a webhook update it got no ``200`` for (a slow answer, a worker killed mid-request) — possibly to
another worker or host behind the load balancer; a poller restarted before confirming its offset sees the same
updates again.  :meth:`Deduper.first` answers True once per update id across every worker that shares the store:

* :class:`RedisDeduper` (``AGENTCORE_REDIS_URL`` set) — ``SET <prefix>update:<bot>:<id> 1 NX EX <ttl>``;
* :class:`SqlDeduper` (PostgreSQL configured as ``AGENTCORE_DATABASE_URL``) — a row in ``tg_updates`` (primary key);
* :class:`MemoryDeduper` (default) — this process only, the last :data:`MEMORY_KEEP` ids.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from datetime import timedelta
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from agentcore.apps.scrum.telegram.store import TelegramStore

DEDUPE_TTL = timedelta(hours=24)
"""How long an update id is remembered (Telegram keeps an undelivered update for 24 hours)."""
MEMORY_KEEP = 10_000


class Deduper(Protocol):
    """Takes updates: ``first(key)`` is True for the first caller only."""

    async def first(self, key: str) -> bool: ...

    async def close(self) -> None: ...


class MemoryDeduper:
    """This process's recent update ids (the default: one process, no shared store)."""

    def __init__(self, keep: int = MEMORY_KEEP) -> None:
        self._seen: OrderedDict[str, None] = OrderedDict()
        self._keep = keep

    async def first(self, key: str) -> bool:
        if key in self._seen:
            return False
        self._seen[key] = None
        while len(self._seen) > self._keep:
            self._seen.popitem(last=False)
        return True

    async def close(self) -> None:
        self._seen.clear()


class RedisDeduper:
    """Update ids in Redis with a TTL (``SET NX EX``): shared by every worker and host on that Redis.

    Args:
        url: ``redis://…`` (its password is a secret: never logged).
        prefix: key prefix (``agentcore:telegram:``; tests use their own).
        timeout: seconds per Redis command.
    """

    def __init__(self, url: str, prefix: str, *, timeout: float = 5.0, ttl: timedelta = DEDUPE_TTL) -> None:
        import redis.asyncio as redis

        self._client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        self._prefix = prefix
        self._ttl = int(ttl.total_seconds())

    async def first(self, key: str) -> bool:
        return bool(await self._client.set(f"{self._prefix}update:{key}", "1", nx=True, ex=self._ttl))

    async def close(self) -> None:
        await self._client.aclose()


class SqlDeduper:
    """Update ids in the bot's ``tg_updates`` table (PostgreSQL: shared by every worker and host on it)."""

    def __init__(self, store: TelegramStore, ttl: timedelta = DEDUPE_TTL) -> None:
        self._store = store
        self._ttl = ttl
        self._taken = 0

    async def first(self, key: str) -> bool:
        taken = await asyncio.to_thread(self._store.claim_update, key)
        if taken:
            self._taken += 1
            if self._taken % 1000 == 0:  # now and then, forget what Telegram can no longer resend
                await asyncio.to_thread(self._store.forget_updates, self._store.clock() - self._ttl)
        return taken

    async def close(self) -> None:
        return None
