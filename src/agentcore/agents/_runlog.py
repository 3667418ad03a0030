"""The trace of agent runs: every run's step events and the model calls it made, one JSON line per run in
``<log_dir>/runs/runs.jsonl`` (rotated at 5 MB, 10 archives), found again by request id.

:meth:`RunLog.traced` wraps a run's event stream: it records the model calls made while the stream advances
(:func:`agentcore.llm.recording`), passes every event on unchanged, and writes the record when the stream ends
— with its ``final`` or ``error`` event, or ``"outcome": "cancelled"`` when the client went away first.  Records are
redacted by :class:`~agentcore.trace.jsonl.JsonlStore` before they touch the disk (secrets never reach the trace);
tool previews and model texts are cut (:data:`agentcore.llm._calls.PREVIEW_CHARS`), and the text of the claims the
answer check removed is replaced in the model calls and step events (:mod:`agentcore.agents._redaction`: it stays
only in the final event's ``metadata.removed_claims``).  Writing never fails a run.

A run belongs to whoever started it: :func:`run_owner` names the principal of the work inside it (the HTTP edge
wraps each request in it, ``agentcore.web.runs``), a run records the owner current when it is traced, and
:meth:`RunLog.find` / :meth:`RunLog.recent` take a ``visible`` rule that the reader applies (the library only
records; who may read what is the edge's).
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import AsyncGenerator, Callable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from agentcore.agents._redaction import redact_removed_claims
from agentcore.agents.events import AgentStepEvent
from agentcore.llm import CallLog, recording
from agentcore.trace.jsonl import JsonlStore
from agentcore.util.clock import utc_now_iso

__all__ = ["REQUEST_ID_RE", "RunLog", "Visible", "run_owner"]

logger = logging.getLogger("agentcore.agents._runlog")

REQUEST_ID_RE = re.compile(r"^[A-Za-z0-9_.:-]{1,80}$")
"""What a request id looks like (``req_`` + hex for the agents here; clients may see other prefixes)."""
MAX_EVENTS = 400
"""A record keeps at most this many events (a run's last event always)."""

Visible = Callable[[dict[str, Any]], bool]
"""Which stored records a reader may see (given the whole record, ``owner`` included)."""

_OWNER: ContextVar[str | None] = ContextVar("agentcore_run_owner", default=None)


@contextlib.contextmanager
def run_owner(owner: str | None) -> Iterator[None]:
    """Runs traced inside the block are recorded as ``owner``'s (an opaque principal id; ``None``: nobody's)."""
    token = _OWNER.set(owner)
    try:
        yield
    finally:
        _OWNER.reset(token)


class RunLog:
    """Runs of every agent served by this process, by request id.

    Args:
        log_dir: the settings' ``log_dir``; the file is ``<log_dir>/runs/runs.jsonl``.
    """

    def __init__(self, log_dir: Path) -> None:
        self.store = JsonlStore(Path(log_dir) / "runs" / "runs.jsonl")

    def traced(
        self, agent: str, events: AsyncGenerator[AgentStepEvent, None], question: str | None = None
    ) -> AsyncGenerator[AgentStepEvent, None]:
        """``events`` unchanged, recorded with the run's model calls when the stream ends, as the run of the
        :func:`run_owner` current now (at the call, not at the stream's first step)."""
        return self._traced(agent, events, question, _OWNER.get())

    async def _traced(
        self, agent: str, events: AsyncGenerator[AgentStepEvent, None], question: str | None, owner: str | None
    ) -> AsyncGenerator[AgentStepEvent, None]:
        kept: list[dict[str, Any]] = []
        started = utc_now_iso()
        outcome = "cancelled"
        calls = CallLog()
        try:
            async with contextlib.aclosing(events) as stream:
                while True:
                    with recording(calls):  # around each step only: see recording()
                        try:
                            event = await stream.__anext__()
                        except StopAsyncIteration:
                            break
                    if len(kept) < MAX_EVENTS or event.type in ("final", "error"):
                        kept.append(event.model_dump(mode="json"))
                    if event.type in ("final", "error"):
                        outcome = event.type
                    yield event
        finally:
            self._write(agent, owner, question, started, outcome, kept, calls)

    def _write(
        self,
        agent: str,
        owner: str | None,
        question: str | None,
        started: str,
        outcome: str,
        events: list[dict[str, Any]],
        calls: CallLog,
    ) -> None:
        request_id = next((e.get("request_id") for e in events if e.get("request_id")), None)
        if request_id is None:
            return  # nothing ran (refused before the first event)
        model_calls = [call.to_dict() for call in calls.records]
        redact_removed_claims(events, model_calls, question)  # a removed claim's text stays in removed_claims only
        self.store.append(
            {
                "request_id": request_id,
                "agent": agent,
                "owner": owner,
                "question": question,
                "started": started,
                "finished": utc_now_iso(),
                "outcome": outcome,
                "events": events,
                "model_calls": model_calls,
                "model_calls_dropped": calls.dropped,
            }
        )

    def find(self, request_id: str, visible: Visible | None = None) -> dict[str, Any] | None:
        """The newest record of ``request_id`` (archives searched too), or None — also when ``visible`` refuses it
        (a reader cannot tell another's run from none)."""
        found = None
        for record in self.store.read(include_archives=True):
            if record.get("request_id") == request_id:
                found = record
        if found is not None and visible is not None and not visible(found):
            return None
        return found

    def recent(self, limit: int = 20, visible: Visible | None = None) -> list[dict[str, Any]]:
        """Summaries of the newest ``limit`` runs of the live file that ``visible`` allows (all by default), newest
        first."""
        rows: list[dict[str, Any]] = []
        for record in self.store.read():
            if visible is not None and not visible(record):
                continue
            rows.append(
                {
                    "request_id": record.get("request_id"),
                    "agent": record.get("agent"),
                    "question": record.get("question"),
                    "started": record.get("started"),
                    "outcome": record.get("outcome"),
                    "events": len(record.get("events") or []),
                    "model_calls": len(record.get("model_calls") or []),
                }
            )
            if len(rows) > limit:
                rows.pop(0)
        return rows[::-1]
