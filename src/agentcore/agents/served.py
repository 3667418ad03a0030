"""An agent served as a model (``/v1``): what a request gives a run, and how a run is driven, parked and resumed.

* :class:`ServedAgent` — a model id, its description, and how to start a run (``run(question)`` for agents that take
  only a question; ``run_input(AgentInput)`` for agents that take history and client tools too);
* :class:`AgentInput` — the question, earlier turns, a replayed client tool exchange, the client's tools;
* :class:`RunHandle` + :func:`drive` — iterate a run's events under its usage meter; when the run calls a client
  tool, the handle is parked in a :class:`RunStore` (keyed by the call id, with a TTL) instead of being closed;
* :class:`RunStore` — parked runs and finished transcripts (``previous_response_id``), both expiring, each kept with
  its owner (an opaque principal id, ``None``: nobody's); a reader passes the rule of whose it may use (:data:`Usable`)
  and another's is then answered as an unknown one — the library keeps the owner, the edge decides (``web/runs``).

Why parked runs (and not only replay): the run goes on exactly where it stopped — its retrieved context, its usage
meter and token budget, the step count — with no model call repeated.  A call id the store does not know (expired,
a restart, a worker that is gone) is not an error: the conversation the client sends is replayed into a new run.
With several workers the store is :class:`~agentcore.agents.RedisRunStore`: a result that reaches
another worker is relayed to the worker holding the run, and its events come back the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections import OrderedDict
from collections.abc import AsyncGenerator, Awaitable, Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from agentcore.agents.client_tools import ClientTools
from agentcore.agents.events import AgentStepEvent, is_terminal
from agentcore.llm import UsageMeter, UsageTotals, metering
from agentcore.llm.models import LLMMessage
from agentcore.trace.logs import step_logger

__all__ = ["AgentInput", "RunHandle", "RunStore", "ServedAgent", "Usable", "drive", "usable"]

logger = step_logger("openai", "agentcore.agents.served")

AgentRun = Callable[[str], AsyncGenerator[AgentStepEvent, None]]
"""``run(question)`` → the agent's step events."""
AgentInputRun = Callable[["AgentInput"], AsyncGenerator[AgentStepEvent, None]]
"""``run_input(agent_input)`` → the agent's step events."""
AgentCheck = Callable[[str], Awaitable[None]]
"""``await check(question)`` — refuses a question before a run starts by raising :class:`ApiError` (a 4xx)."""
OwnTools = Callable[[], Awaitable[Collection[str]]]
"""``await own_tools()`` → the names of the agent's own tools (MCP tools joined included)."""
Usable = Callable[[str | None], bool]
"""Whose parked runs and transcripts a caller may use, given the owner they were kept with (``None`` as a rule: any)."""


@dataclass(frozen=True)
class AgentInput:
    """What one request gives a run.

    Attributes:
        question: the text of the last user message.
        history: earlier turns (user and assistant text; earlier tool exchanges as ReAct text).
        after: what follows the question when a client tool exchange is replayed (the call and its result).
        instructions: the client's system / developer text (``None``: none).
        client_tools: the client's tools (``None``: none offered, or ``tool_choice: "none"``).
    """

    question: str
    history: list[LLMMessage] = field(default_factory=list)
    after: list[LLMMessage] = field(default_factory=list)
    instructions: str | None = None
    client_tools: ClientTools | None = None


@dataclass(frozen=True)
class ServedAgent:
    """An agent offered as a model.

    Attributes:
        name: the model id clients ask for (``research``, ``sgr-example``).
        description: one line for ``/v1/models`` (extension field).
        run: starts a run for a question.
        check: refuses a question before anything is sent (both modes answer its :class:`ApiError` as JSON, so a
            bad question never becomes a stream that ends in an error); ``None``: every question is run.
        run_input: starts a run with history and client tools; ``None``: the agent takes only the question (earlier
            turns are then given to it as text before the question, and client tools are refused with a 400).
        own_tools: the names of the agent's own tools, so that a client tool of the same name is refused (400)
            instead of being shadowed by the agent's; ``None``: no client tool is refused for its name.
    """

    name: str
    description: str
    run: AgentRun
    check: AgentCheck | None = None
    run_input: AgentInputRun | None = None
    own_tools: OwnTools | None = None

    @property
    def takes_tools(self) -> bool:
        """Whether client tools can join this agent's loop."""
        return self.run_input is not None

    def start(self, agent_input: AgentInput) -> AsyncGenerator[AgentStepEvent, None]:
        """Start a run for ``agent_input``."""
        if self.run_input is not None:
            return self.run_input(agent_input)
        return self.run(_flattened(agent_input))


def _flattened(agent_input: AgentInput) -> str:
    """The question with earlier turns written before it (for agents that take only a question)."""
    if not agent_input.history:
        return agent_input.question
    lines = []
    for message in agent_input.history[-6:]:
        who = "Пользователь" if message.role == "user" else "Ассистент"
        lines.append(f"{who}: {message.content or ''}")
    return "Предыдущие сообщения:\n" + "\n".join(lines) + f"\n\nВопрос: {agent_input.question}"


@dataclass
class RunHandle:
    """A run being served: its events, its client tools and its usage meter.

    Attributes:
        agent: the model id.
        events: the run's event iterator (kept open while the run is parked).
        client: the client's tools (``None``: none).
        meter: every model call of the run is recorded here.
        mark: the meter's totals when the current request started (its ``usage`` is what was added since).
        created: the Unix time the run started (``created`` of the answers).
        request_id: the run's request id (once the first event came).
        owner: who started the run (an opaque principal id; ``None``: nobody's) — only they may resume it.
    """

    agent: str
    events: AsyncGenerator[AgentStepEvent, None]
    client: ClientTools | None
    meter: UsageMeter = field(default_factory=UsageMeter)
    mark: UsageTotals = field(default_factory=UsageTotals)
    created: int = field(default_factory=lambda: int(time.time()))
    request_id: str | None = None
    remote: UsageTotals | None = None
    owner: str | None = None

    @property
    def relayed(self) -> bool:
        """Whether the run lives in another worker (its events are relayed; it is parked there, not here)."""
        return self.remote is not None

    def usage(self) -> UsageTotals:
        """Usage of the current request's part of the run (what another worker reported for a relayed run, plus
        what was metered here)."""
        own = self.meter.totals.minus(self.mark)
        if self.remote is None:
            return own
        return UsageTotals(
            own.prompt_tokens + self.remote.prompt_tokens,
            own.completion_tokens + self.remote.completion_tokens,
            own.total_tokens + self.remote.total_tokens,
            own.reasoning_tokens + self.remote.reasoning_tokens,
            own.calls + self.remote.calls,
        )

    def begin_request(self) -> None:
        """Start counting usage for a new request (a resumed run)."""
        self.mark = self.meter.totals


async def drive(handle: RunHandle, store: RunStore) -> AsyncGenerator[AgentStepEvent, None]:
    """The run's events for one request, under its meter: up to its terminal event, or up to a ``client_tool``
    event — then the handle is parked in ``store`` under the call id and the run waits for the client's result.

    Closing this iterator early (client gone) closes the run, unless it was parked.
    """
    parked = False
    try:
        while True:
            with metering(handle.meter):
                try:
                    event = await handle.events.__anext__()
                except StopAsyncIteration:
                    return
            handle.request_id = event.request_id
            if event.type == "client_tool":
                # Parked before the client hears of the call (its result may come at once, and the consumer stops
                # reading at this event).  A relayed run is parked by the worker holding it.
                if not handle.relayed:
                    await store.park(event.call_id, handle)
                    parked = True
                yield event
                return
            yield event
            if is_terminal(event):
                return
    finally:
        if not parked:
            await handle.events.aclose()


@dataclass
class _Entry:
    value: Any
    expires: float
    owner: str | None = None


def usable(may: Usable | None, owner: str | None) -> bool:
    """Whether a caller with the rule ``may`` (``None``: any) may use what ``owner`` keeps."""
    return may is None or may(owner)


class RunStore:
    """Parked runs (by client tool call id) and finished transcripts (by response id), each for ``ttl`` seconds.

    At most ``max_runs`` runs are parked: the oldest is closed (its run cancelled) to make room.  Expired runs are
    closed when the store is next used.  This one serves one process; ``RedisRunStore`` shares both across workers.
    """

    def __init__(self, ttl: float = 600.0, max_runs: int = 256, max_transcripts: int = 2048) -> None:
        self.ttl = ttl
        self.max_runs = max_runs
        self.max_transcripts = max_transcripts
        self._runs: OrderedDict[str, _Entry] = OrderedDict()
        self._transcripts: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = asyncio.Lock()

    async def park(self, call_id: str, handle: RunHandle) -> None:
        """Keep ``handle`` until the client's result for ``call_id`` comes (or the TTL passes)."""
        async with self._lock:
            await self._purge()
            self._runs[call_id] = _Entry(handle, time.monotonic() + self.ttl)
            while len(self._runs) > self.max_runs:
                _, entry = self._runs.popitem(last=False)
                await _close(entry.value)

    async def take(self, call_id: str, may: Usable | None = None) -> RunHandle | None:
        """The run parked here for ``call_id`` (removed from the store), ``None`` when unknown or expired — or when
        ``may`` refuses its owner (then it stays parked for them)."""
        async with self._lock:
            await self._purge()
            entry = self._runs.get(call_id)
            if entry is None or not usable(may, entry.value.owner):
                return None
            del self._runs[call_id]
            handle: RunHandle = entry.value
            return handle

    async def resume(self, call_id: str, agent: str, output: str, may: Usable | None = None) -> RunHandle | None:
        """The run waiting for ``call_id``, given the client's ``output`` and ready for a new request; ``None`` when
        no run of ``agent`` that ``may`` allows waits for it (the caller replays the conversation instead; another's
        run is left untouched)."""
        handle = await self.take(call_id, may)
        if handle is None:
            return None
        if handle.agent == agent and handle.client is not None and handle.client.resolve(call_id, output):
            handle.begin_request()
            return handle
        await _close(handle)
        return None

    async def _purge(self) -> None:
        now = time.monotonic()
        for key in [k for k, e in self._runs.items() if e.expires <= now]:
            await _close(self._runs.pop(key).value)
        for key in [k for k, e in self._transcripts.items() if e.expires <= now]:
            del self._transcripts[key]

    async def remember(self, response_id: str, transcript: list[dict[str, Any]], owner: str | None = None) -> None:
        """Keep a finished response's transcript (JSON-able messages) for ``previous_response_id``, as ``owner``'s."""
        self._transcripts[response_id] = _Entry(transcript, time.monotonic() + self.ttl, owner)
        while len(self._transcripts) > self.max_transcripts:
            self._transcripts.popitem(last=False)

    async def recall(self, response_id: str, may: Usable | None = None) -> list[dict[str, Any]] | None:
        """The transcript kept for ``response_id`` (``None``: unknown, expired, or its owner refused by ``may``)."""
        entry = self._transcripts.get(response_id)
        if entry is None or entry.expires <= time.monotonic() or not usable(may, entry.owner):
            return None
        value: list[dict[str, Any]] = entry.value
        return value

    async def aclose(self) -> None:
        """Close every parked run."""
        async with self._lock:
            while self._runs:
                _, entry = self._runs.popitem()
                await _close(entry.value)


async def _close(handle: RunHandle) -> None:
    with contextlib.suppress(Exception):
        await handle.events.aclose()
    logger.info("run_store // Closed the parked run %s of %s", handle.request_id, handle.agent)


def new_id(prefix: str) -> str:
    """A fresh id with ``prefix`` (``resp_``, ``msg_``, ``rs_``, ``fc_``)."""
    return f"{prefix}{uuid.uuid4().hex}"
