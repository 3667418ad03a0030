"""Where ``agent_state`` lives between turns, one record per (user id, session id).

* :class:`FileStateStore` (default): ``<data_dir>/crm/state/<user>/<session>.json``, written to a temporary file
  and switched in with ``os.replace`` (a reader never sees half a state), under a per-session file lock.
* :class:`RedisStateStore` (``AGENTCORE_REDIS_URL``): one key per session with a TTL and a Redis lock, so several
  workers behind a load balancer share sessions and never run two turns of one session at once.

Both also keep small named records (the OAuth tokens after a refresh) with :meth:`load_extra` / :meth:`save_extra`,
and move every session of one owner id to another with :meth:`adopt` (an API key's sessions stored under the unkeyed
owner id of earlier builds, :mod:`~agentcore.apps.crm.principals`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from agentcore.apps.crm.errors import CrmError
from agentcore.apps.crm.naming import safe_name
from agentcore.trace.logs import step_logger
from agentcore.util.fileio import atomic_write_bytes

__all__ = ["FileStateStore", "RedisStateStore", "StateStore", "StateStoreError"]

log = step_logger("state", "agentcore.crm")
_LOCK_TIMEOUT = 120.0  # seconds a turn may wait for another turn of the same session
# Seconds a Redis session lock outlives a worker that died mid-turn.  While its turn runs the holder renews it every
# third of this (a watchdog, as Redisson and python-redis-lock do), so no turn length lets a second worker in.
LOCK_EXPIRY = 600.0


class StateStoreError(CrmError):
    """The state could not be read, written or locked (the message names no secret)."""


class StateStore(Protocol):
    """Persistence of session states."""

    async def load(self, user_id: str, session_id: str) -> dict[str, Any] | None:
        """The stored state, or None for a new session.

        Raises:
            StateStoreError: the backend failed (a corrupt record is treated as absent and logged).
        """
        ...

    async def save(self, user_id: str, session_id: str, state: dict[str, Any]) -> None:
        """Replace the stored state atomically.

        Raises:
            StateStoreError: the backend failed.
        """
        ...

    def lock(self, user_id: str, session_id: str) -> contextlib.AbstractAsyncContextManager[None]:
        """Hold this while a turn of the session runs (cross-process)."""
        ...

    async def user_states(self, user_id: str, limit: int = 200) -> list[dict[str, Any]]:
        """The stored states of every session of ``user_id`` (at most ``limit``; corrupt records skipped).

        Raises:
            StateStoreError: the backend failed.
        """
        ...

    async def adopt(self, old_user: str, new_user: str) -> int:
        """Move every session of ``old_user`` to ``new_user``, each under both sessions' locks, with the state's
        ``user_id`` rewritten, leaving nothing named by ``old_user``.  A session ``new_user`` already has wins: the
        old one of that id is dropped (logged, without ids).

        Returns:
            How many sessions moved.

        Raises:
            StateStoreError: the backend failed (what moved stays moved; the rest moves on the next call).
        """
        ...

    async def load_extra(self, name: str) -> dict[str, Any] | None:
        """A named auxiliary record."""
        ...

    async def save_extra(self, name: str, data: dict[str, Any]) -> None:
        """Replace a named auxiliary record."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...


def _decode(raw: bytes | str | None, where: str) -> dict[str, Any] | None:
    if raw is None:
        return None
    try:
        value = json.loads(raw)
    except ValueError:
        log.error("load // Corrupt state record %s ignored", where)
        return None
    return value if isinstance(value, dict) else None


def _encode(state: dict[str, Any]) -> bytes:
    """The record as UTF-8 JSON; with every non-ASCII character escaped when a string holds what UTF-8 cannot
    (a lone surrogate a model wrote as ``\\ud83d``): the save must not fail after the turn's calls ran — an approved
    request already executed would come back as pending and run again on the next «да»."""
    text = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(state, ensure_ascii=True, separators=(",", ":")).encode("ascii")


async def _adopt_session(
    store: StateStore, old_user: str, new_user: str, session: str, drop: Callable[[], Awaitable[object]]
) -> bool:
    """Move one session of :meth:`StateStore.adopt`, ``drop`` removing the old record (locks taken old first, then
    new: only adoption holds two, so no two holders wait for each other)."""
    async with store.lock(old_user, session), store.lock(new_user, session):
        state = await store.load(old_user, session)
        moved = state is not None and await store.load(new_user, session) is None
        if state is not None and moved:
            await store.save(new_user, session, {**state, "user_id": new_user})
        elif state is not None:
            log.warning("adopt // A session kept under the earlier owner id was dropped: the new owner has one")
        await drop()
    return moved


class FileStateStore:
    """Session states as JSON files under ``root`` (see the module docstring)."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)

    def path(self, user_id: str, session_id: str) -> Path:
        """The file of one session."""
        return self.root / safe_name(user_id) / f"{safe_name(session_id)}.json"

    async def load(self, user_id: str, session_id: str) -> dict[str, Any] | None:
        path = self.path(user_id, session_id)
        try:
            raw = await asyncio.to_thread(path.read_bytes)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StateStoreError(f"cannot read state {path.name}: {exc.strerror}") from None
        return _decode(raw, str(path))

    async def save(self, user_id: str, session_id: str, state: dict[str, Any]) -> None:
        path = self.path(user_id, session_id)
        try:
            # fsync before the switch: an approved-and-executed confirmation must not come back after a crash.
            await asyncio.to_thread(atomic_write_bytes, path, _encode(state), make_parents=True)
        except OSError as exc:
            raise StateStoreError(f"cannot write state {path.name}: {exc.strerror}") from None

    @contextlib.asynccontextmanager
    async def lock(self, user_id: str, session_id: str) -> AsyncIterator[None]:
        from filelock import AsyncFileLock, Timeout

        path = self.path(user_id, session_id)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StateStoreError(f"cannot create the state directory: {exc.strerror}") from None
        # A fresh lock object per turn: flock on separate descriptors also excludes tasks of this process.
        lock = AsyncFileLock(str(path) + ".lock", timeout=_LOCK_TIMEOUT)
        try:
            await lock.acquire()
        except Timeout:
            raise StateStoreError("another turn of this session is still running") from None
        try:
            yield
        finally:
            await lock.release()

    async def user_states(self, user_id: str, limit: int = 200) -> list[dict[str, Any]]:
        folder = self.root / safe_name(user_id)

        def read_all() -> list[dict[str, Any]]:
            states = []
            try:
                paths = sorted(folder.glob("*.json"))[:limit]
            except OSError as exc:
                raise StateStoreError(f"cannot list sessions: {exc.strerror}") from None
            for path in paths:
                try:
                    state = _decode(path.read_bytes(), str(path))
                except OSError:
                    continue  # removed meanwhile
                if state is not None:
                    states.append(state)
            return states

        return await asyncio.to_thread(read_all)

    async def adopt(self, old_user: str, new_user: str) -> int:
        from filelock import AsyncFileLock, Timeout

        folder = self.root / safe_name(old_user)
        if old_user == new_user or not folder.is_dir():
            return 0
        # One adoption at a time in this store (processes and tasks): one clearing the old folder would pull it from
        # under another's session lock.  ``@`` names no user or session (see extra_path).
        lock = AsyncFileLock(str(self.root / "@adopt.lock"), timeout=_LOCK_TIMEOUT)
        try:
            await lock.acquire()
        except Timeout:
            raise StateStoreError("another move of sessions to the keyed owner is still running") from None
        try:
            return await self._adopt(folder, old_user, new_user)
        finally:
            await lock.release()

    async def _adopt(self, folder: Path, old_user: str, new_user: str) -> int:
        moved = 0
        try:
            for path in sorted(folder.glob("*.json")):
                raw = _decode(path.read_bytes(), path.name)  # the folder is the old id: kept out of logs
                session = raw.get("session_id") if raw is not None else None
                if isinstance(session, str) and self.path(old_user, session) == path:
                    moved += await _adopt_session(
                        self, old_user, new_user, session, partial(asyncio.to_thread, path.unlink, missing_ok=True)
                    )
                else:  # unreadable: nothing stays under the old name
                    path.unlink(missing_ok=True)
        except OSError as exc:
            raise StateStoreError(f"cannot move sessions to the keyed owner: {exc.strerror}") from None
        with contextlib.suppress(OSError):  # an old build's worker may still write there: the next adoption clears it
            for leftover in folder.iterdir():  # the lock files
                leftover.unlink(missing_ok=True)
            folder.rmdir()
        return moved

    def extra_path(self, name: str) -> Path:
        """The file of a named record: ``@<name>.json`` at the root, a name no user or session id can produce
        (``safe_name`` never yields ``@``), even when a request moves the root with ``state_dir``."""
        return self.root / f"@{safe_name(name)}.json"

    async def load_extra(self, name: str) -> dict[str, Any] | None:
        path = self.extra_path(name)
        try:
            return _decode(path.read_bytes(), str(path))
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StateStoreError(f"cannot read {path.name}: {exc.strerror}") from None

    async def save_extra(self, name: str, data: dict[str, Any]) -> None:
        path = self.extra_path(name)
        try:
            atomic_write_bytes(path, _encode(data), mode=0o600, make_parents=True)
        except OSError as exc:
            raise StateStoreError(f"cannot write {path.name}: {exc.strerror}") from None

    async def aclose(self) -> None:
        return None


async def _keep_lock(lock: Any, every: float, session: str) -> None:
    """Reset ``lock``'s expiry every ``every`` seconds until cancelled (when its turn ends).

    A lock found lost (expired while the loop was starved, or Redis lost its data) is logged as an error and no
    longer renewed; a Redis error is logged and retried at the next interval.
    """
    from redis.exceptions import LockNotOwnedError, RedisError

    while True:
        await asyncio.sleep(every)
        try:
            await lock.reacquire()
        except LockNotOwnedError:
            log.error("state // The lock of %s expired during its turn: another turn may run it now", session)
            return
        except RedisError as exc:
            log.warning("state // Could not renew the lock of %s: Redis: %s", session, type(exc).__name__)


class RedisStateStore:
    """Session states in Redis: ``<prefix>state:<user>:<session>`` with a TTL, locks at ``…:lock``.

    Args:
        url: ``redis://…`` (the password in it is a secret and never logged).
        prefix: key prefix (tests use a unique one per test).
        ttl: seconds a session lives after its last turn.
        timeout: socket timeout per Redis command.
        lock_expiry: seconds a session lock lives without renewal (a dead worker's lock frees the session after
            this); the holder renews it every third of it while its turn runs.
    """

    def __init__(
        self,
        url: str,
        *,
        prefix: str = "agentcore:crm:",
        ttl: int = 30 * 24 * 3600,
        timeout: float = 5.0,
        lock_expiry: float = LOCK_EXPIRY,
    ):
        import redis.asyncio as redis

        self._client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        self.prefix = prefix
        self.ttl = ttl
        self.lock_expiry = lock_expiry

    def key(self, user_id: str, session_id: str) -> str:
        """The Redis key of one session."""
        return f"{self.prefix}state:{safe_name(user_id)}:{safe_name(session_id)}"

    async def load(self, user_id: str, session_id: str) -> dict[str, Any] | None:
        from redis.exceptions import RedisError

        key = self.key(user_id, session_id)
        try:
            raw = await self._client.get(key)
        except RedisError as exc:
            raise StateStoreError(f"Redis: {type(exc).__name__}") from None
        return _decode(raw, key)

    async def save(self, user_id: str, session_id: str, state: dict[str, Any]) -> None:
        from redis.exceptions import RedisError

        try:
            await self._client.set(self.key(user_id, session_id), _encode(state), ex=self.ttl)
        except RedisError as exc:
            raise StateStoreError(f"Redis: {type(exc).__name__}") from None

    @contextlib.asynccontextmanager
    async def lock(self, user_id: str, session_id: str) -> AsyncIterator[None]:
        from redis.exceptions import LockError, RedisError

        # The lock expires on its own if a worker dies mid-turn; while the turn runs it is renewed (_keep_lock).
        name = self.key(user_id, session_id) + ":lock"
        lock = self._client.lock(name, timeout=self.lock_expiry, blocking_timeout=_LOCK_TIMEOUT)
        try:
            acquired = await lock.acquire()
        except RedisError as exc:
            raise StateStoreError(f"Redis: {type(exc).__name__}") from None
        if not acquired:
            raise StateStoreError("another turn of this session is still running")
        keeper = asyncio.create_task(_keep_lock(lock, self.lock_expiry / 3, f"{user_id}/{session_id}"))
        try:
            yield
        finally:
            keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await keeper
            with contextlib.suppress(LockError, RedisError):
                await lock.release()

    async def user_states(self, user_id: str, limit: int = 200) -> list[dict[str, Any]]:
        from redis.exceptions import RedisError

        # Safe names hold no ``:`` and no glob character: the pattern matches exactly this user's keys.
        pattern = f"{self.prefix}state:{safe_name(user_id)}:*"
        states: list[dict[str, Any]] = []
        try:
            keys = [k async for k in self._client.scan_iter(match=pattern, count=200)]
            keys = sorted(k for k in keys if not (k.decode() if isinstance(k, bytes) else k).endswith(":lock"))
            for key in keys[:limit]:
                state = _decode(await self._client.get(key), str(key))
                if state is not None:
                    states.append(state)
        except RedisError as exc:
            raise StateStoreError(f"Redis: {type(exc).__name__}") from None
        return states

    async def adopt(self, old_user: str, new_user: str) -> int:
        from redis.exceptions import RedisError

        if old_user == new_user:
            return 0
        moved = 0
        try:
            async for key in self._client.scan_iter(match=f"{self.prefix}state:{safe_name(old_user)}:*", count=200):
                name = key.decode() if isinstance(key, bytes) else key
                if name.endswith(":lock"):
                    continue  # a lock expires or is released by its holder
                raw = _decode(await self._client.get(name), "(a session of the earlier owner id)")
                session = raw.get("session_id") if raw is not None else None
                if isinstance(session, str) and self.key(old_user, session) == name:
                    moved += await _adopt_session(self, old_user, new_user, session, partial(self._client.delete, name))
                else:  # unreadable: nothing stays under the old name
                    await self._client.delete(name)
        except RedisError as exc:
            raise StateStoreError(f"Redis: {type(exc).__name__}") from None
        return moved

    async def load_extra(self, name: str) -> dict[str, Any] | None:
        from redis.exceptions import RedisError

        key = f"{self.prefix}extra:{safe_name(name)}"
        try:
            return _decode(await self._client.get(key), key)
        except RedisError as exc:
            raise StateStoreError(f"Redis: {type(exc).__name__}") from None

    async def save_extra(self, name: str, data: dict[str, Any]) -> None:
        from redis.exceptions import RedisError

        try:
            await self._client.set(f"{self.prefix}extra:{safe_name(name)}", _encode(data))
        except RedisError as exc:
            raise StateStoreError(f"Redis: {type(exc).__name__}") from None

    async def aclose(self) -> None:
        await self._client.aclose()
