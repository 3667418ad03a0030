"""The ``/v1`` run store shared by the workers of one deployment, on Redis (``AGENTCORE_REDIS_URL``).

A run waiting for a client tool's result is a live task of the worker that started it: it cannot move.  What is
shared is who holds it, and the way to it:

* ``<prefix>:call:<call_id>`` → ``{"worker": <the id of the worker holding the parked run>, "owner": <the run's
  owner>}`` (TTL: the store's; a bare worker id, as older workers wrote it, is a run of no owner);
* ``<prefix>:worker:<id>`` — that worker's heartbeat (a few seconds; a worker that is gone stops renewing it);
* ``<prefix>:inbox:<id>`` — a list the worker's listener pops: "resume ``call_id`` with this output, answer on
  ``<prefix>:reply:<token>``";
* ``<prefix>:reply:<token>`` — the holder's answer: ``accepted`` (or ``unknown``), then every step event of the
  resumed part of the run, then ``end`` with its usage; ``<prefix>:cancel:<token>`` tells the holder the client left
  (the run is then cancelled, as it would be in one process);
* ``<prefix>:resp:<response_id>`` — a finished response's transcript for ``previous_response_id``:
  ``{"owner": ..., "messages": [...]}`` (a bare list, as older workers wrote it, is a transcript of no owner).

Owners are checked where the request arrives, before anything is relayed: a run or transcript the caller's rule
refuses is answered as an unknown one (replay; ``None``), and another's parked run is not disturbed.

So the client's next request may reach any worker: the run goes on where it stopped, in the worker that holds it,
and the events come back through Redis.  When the holder does not answer in ``ack_timeout`` seconds (it is gone) or
does not know the call (expired), the conversation is replayed into a new run, as with one process.  Redis being down
costs the same: resumption falls back to replay, ``previous_response_id`` is not found (logged).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import time
import uuid
from collections.abc import AsyncGenerator
from typing import Any

from agentcore.agents.events import AgentStepEvent, parse_event
from agentcore.agents.served import RunHandle, RunStore, Usable, drive, usable
from agentcore.llm import UsageTotals
from agentcore.trace.logs import step_logger

__all__ = ["RedisRunStore"]

logger = step_logger("openai", "agentcore.agents._run_relay")

_HELD = ("final", "error", "client_tool")  # sent on only with the usage that follows them (and once parked)


class RedisRunStore(RunStore):
    """A :class:`RunStore` whose parked runs any worker can resume and whose transcripts every worker sees.

    Args:
        url: ``redis://host:port/db``.
        prefix: the key prefix (one per deployment).
        ttl / max_runs / max_transcripts: as :class:`RunStore`.
        ack_timeout: seconds to wait for the holding worker to take a result before replaying instead.
        idle_timeout: seconds a relayed run may go without an event before the request fails.
        timeout: seconds for each Redis call.
        client: a ``redis.asyncio.Redis`` to use (tests); default: one built from ``url``.
    """

    def __init__(
        self,
        url: str,
        *,
        prefix: str = "agentcore:v1",
        ttl: float = 600.0,
        max_runs: int = 256,
        max_transcripts: int = 2048,
        ack_timeout: float = 5.0,
        idle_timeout: float = 300.0,
        timeout: float = 5.0,
        client: Any = None,
    ) -> None:
        super().__init__(ttl, max_runs, max_transcripts)
        self.url = url
        self.prefix = prefix
        self.worker = uuid.uuid4().hex
        self.ack_timeout = ack_timeout
        self.idle_timeout = idle_timeout
        self.timeout = timeout
        self._client = client
        self._listener: asyncio.Task[None] | None = None
        self._serving: set[asyncio.Task[None]] = set()

    # --- Redis -----------------------------------------------------------------------------------

    def _key(self, kind: str, name: str) -> str:
        return f"{self.prefix}:{kind}:{name}"

    def _redis(self) -> Any:
        if self._client is None:
            import redis.asyncio as redis

            # Blocking pops wait at most max(ack_timeout, 1) s; every call is bounded by the socket timeout.
            wait = self.timeout + max(self.ack_timeout, 1.0)
            self._client = redis.Redis.from_url(self.url, socket_timeout=wait, socket_connect_timeout=self.timeout)
        return self._client

    async def _push(self, key: str, message: dict[str, Any]) -> None:
        client = self._redis()
        await client.rpush(key, json.dumps(message, ensure_ascii=False))
        await client.expire(key, int(self.ttl))

    async def _pop(self, key: str, wait: float) -> dict[str, Any] | None:
        item = await self._redis().blpop([key], timeout=max(1, round(wait)))
        if item is None:
            return None
        value: dict[str, Any] = json.loads(item[1])
        return value

    # --- transcripts -----------------------------------------------------------------------------

    async def remember(self, response_id: str, transcript: list[dict[str, Any]], owner: str | None = None) -> None:
        """Keep the transcript in Redis (every worker sees it) for the TTL, as ``owner``'s."""
        try:
            data = json.dumps({"owner": owner, "messages": transcript}, ensure_ascii=False)
            await self._redis().set(self._key("resp", response_id), data, ex=int(self.ttl))
        except Exception as exc:  # the answer is given anyway; a follow-up then gets 404
            logger.warning("run_store // Response %s not kept in Redis: %s", response_id, type(exc).__name__)

    async def recall(self, response_id: str, may: Usable | None = None) -> list[dict[str, Any]] | None:
        """The transcript from Redis (``None``: unknown, expired, its owner refused by ``may``, or Redis unreachable
        — logged)."""
        try:
            raw = await self._redis().get(self._key("resp", response_id))
        except Exception as exc:
            logger.error("run_store // Response %s not read from Redis: %s", response_id, type(exc).__name__)
            return None
        if raw is None:
            return None
        value = json.loads(raw)
        if isinstance(value, list):  # written by an older worker: nobody's
            value = {"owner": None, "messages": value}
        if not isinstance(value, dict) or not isinstance(value.get("messages"), list):
            return None
        if not usable(may, value.get("owner")):
            return None
        messages: list[dict[str, Any]] = value["messages"]
        return messages

    # --- parked runs -----------------------------------------------------------------------------

    async def park(self, call_id: str, handle: RunHandle) -> None:
        """Park the run here and tell the other workers it is here (and start answering them)."""
        await super().park(call_id, handle)
        self._start_listener()
        try:
            holder = json.dumps({"worker": self.worker, "owner": handle.owner})
            await self._redis().set(self._key("call", call_id), holder, ex=int(self.ttl))
        except Exception as exc:  # only this worker can resume it now; others replay
            logger.warning("run_store // Parked %s not shared: %s", call_id, type(exc).__name__)

    async def resume(self, call_id: str, agent: str, output: str, may: Usable | None = None) -> RunHandle | None:
        """The run here, or the run in the worker holding it (relayed), or ``None`` (replay) — also when ``may``
        refuses the run's owner."""
        handle = await super().resume(call_id, agent, output, may)
        if handle is not None:
            with contextlib.suppress(Exception):
                await self._redis().delete(self._key("call", call_id))
            return handle
        try:
            return await self._relayed(call_id, agent, output, may)
        except Exception as exc:
            logger.warning("run_store // Run of %s not resumed through Redis: %s", call_id, type(exc).__name__)
            return None

    async def _relayed(self, call_id: str, agent: str, output: str, may: Usable | None) -> RunHandle | None:
        client = self._redis()
        holder, owner = _holder(await client.get(self._key("call", call_id)))
        if not holder or holder == self.worker or not usable(may, owner):
            return None
        if not await client.exists(self._key("worker", holder)):
            logger.info("run_store // Worker holding %s is gone: the conversation is replayed", call_id)
            await client.delete(self._key("call", call_id))
            return None
        token = uuid.uuid4().hex
        reply = self._key("reply", token)
        request = {"call_id": call_id, "agent": agent, "output": output, "token": token}
        await self._push(self._key("inbox", holder), request)
        answer = await self._pop(reply, self.ack_timeout)
        if answer is None or answer.get("kind") != "accepted":
            if answer is None:  # the holder did not take it in time: if it still does, it sees the client left
                await client.set(self._key("cancel", token), "1", ex=int(self.ttl))
            return None
        logger.info("run_store // Run of %s resumed in worker %s", call_id, holder[:8])
        handle = RunHandle(agent, _placeholder(), None, remote=UsageTotals(), owner=owner)
        handle.events = self._relay(token, handle)
        return handle

    async def _relay(self, token: str, handle: RunHandle) -> AsyncGenerator[AgentStepEvent, None]:
        """The events another worker sends for ``token``; a run's last event comes with the usage after it."""
        reply = self._key("reply", token)
        held: AgentStepEvent | None = None
        ended = False
        deadline = time.monotonic() + self.idle_timeout
        try:
            while True:
                message = await self._pop(reply, 1.0)
                if message is None:
                    if time.monotonic() > deadline:
                        raise TimeoutError(f"no event from the worker holding the run for {self.idle_timeout:g} s")
                    continue
                deadline = time.monotonic() + self.idle_timeout
                if message.get("kind") == "end":
                    ended = True
                    handle.remote = UsageTotals(**message.get("usage", {}))
                    if held is not None:
                        yield held
                    return
                event = parse_event(message["event"])
                if event.type in _HELD:
                    held = event
                else:
                    yield event
        finally:
            if not ended:
                with contextlib.suppress(Exception):
                    await self._redis().set(self._key("cancel", token), "1", ex=int(self.ttl))
            with contextlib.suppress(Exception):
                await self._redis().delete(reply)

    # --- answering the other workers -------------------------------------------------------------

    def _start_listener(self) -> None:
        if self._listener is None or self._listener.done():
            self._listener = asyncio.get_running_loop().create_task(self._listen())

    async def _listen(self) -> None:
        """Renew this worker's heartbeat and serve the results other workers relay here."""
        client = self._redis()
        inbox = self._key("inbox", self.worker)
        while True:
            try:
                await client.set(self._key("worker", self.worker), "1", ex=max(3, int(self.ack_timeout)))
                request = await self._pop(inbox, 1.0)
                if request is not None:
                    task = asyncio.get_running_loop().create_task(self._serve(request))
                    self._serving.add(task)
                    task.add_done_callback(self._serving.discard)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                logger.warning("run_store // Listener: %s", type(exc).__name__)
                await asyncio.sleep(1.0)

    async def _serve(self, request: dict[str, Any]) -> None:
        """Resume a parked run for another worker and send its events there."""
        reply = self._key("reply", str(request["token"]))
        cancel = self._key("cancel", str(request["token"]))
        handle = await RunStore.resume(self, str(request["call_id"]), str(request["agent"]), str(request["output"]))
        if handle is None or await self._redis().exists(cancel):
            if handle is not None:
                await handle.events.aclose()
            await self._push(reply, {"kind": "unknown"})
            return
        await self._redis().delete(self._key("call", str(request["call_id"])))
        await self._push(reply, {"kind": "accepted"})
        try:
            async with contextlib.aclosing(drive(handle, self)) as events:
                async for event in events:
                    if await self._redis().exists(cancel):
                        logger.info("run_store // Client left: relayed run %s cancelled", handle.request_id)
                        return  # closing drive() cancels the run (it is not parked)
                    await self._push(reply, {"kind": "event", "event": event.model_dump(mode="json")})
        except Exception:
            logger.exception("run_store // Relayed run %s failed", handle.request_id)
        finally:
            with contextlib.suppress(Exception):
                await self._push(reply, {"kind": "end", "usage": dataclasses.asdict(handle.usage())})

    async def aclose(self) -> None:
        """Stop answering, close the parked runs and the Redis connection."""
        tasks = [t for t in (self._listener, *self._serving) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        await super().aclose()
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.delete(self._key("worker", self.worker))
            with contextlib.suppress(Exception):
                await self._client.aclose()
            self._client = None


def _holder(raw: Any) -> tuple[str | None, str | None]:
    """``(worker, owner)`` of a ``call`` key's value (a bare worker id — an older worker's — has no owner)."""
    if raw is None:
        return None, None
    text = raw.decode() if isinstance(raw, bytes) else str(raw)
    if not text.startswith("{"):
        return text or None, None
    try:
        value = json.loads(text)
    except ValueError:
        return None, None
    if not isinstance(value, dict):
        return None, None
    worker, owner = value.get("worker"), value.get("owner")
    return (str(worker) if worker else None), (str(owner) if owner is not None else None)


async def _placeholder() -> AsyncGenerator[AgentStepEvent, None]:
    return
    yield  # pragma: no cover - makes this an async generator
