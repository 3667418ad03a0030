"""Load: N sessions × M turns against the fake portal over HTTP with its rate limit on (docs/crm.md).

Each session sends its next turn when the last was answered, alternating «Поменяй сумму сделки …» (a critical
change: a confirmation request) and «да».  Reported: turns, the slowest turn against the turn deadline, approvals
given, executed, waiting for a retry after the run, re-asked (approved, but another session changed the same field
first: nothing written, the change asked again with the new «Было»), and lost (approved but neither executed, kept
for a retry nor re-asked — must be 0).  A drain phase then sends «ещё» to sessions with a retry waiting until none
is left.

    .venv/bin/python benchmarks/crm_load.py [--sessions 20] [--turns 10] [--deadline 20]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))

from agentcore.apps.crm.bitrix import BitrixClient, WebhookAuth
from agentcore.apps.crm.blocks import format_reply
from agentcore.apps.crm.fake_portal import FakePortal, seed_demo, serve_fake_portal
from agentcore.apps.crm.interaction_log import InteractionLogger
from agentcore.apps.crm.model_client import FakeModelClient
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.state_store import FileStateStore


@dataclass
class LoadResult:
    """What the run measured."""

    turns: int = 0
    latencies: list[float] = field(default_factory=list)
    approvals: int = 0
    executed: int = 0
    retry_waiting: int = 0
    reasked: int = 0
    lost: int = 0
    deadline_turns: int = 0
    retry_turns: int = 0
    drain_turns: int = 0
    executed_after_drain: int = 0
    reasked_after_drain: int = 0
    lost_after_drain: int = 0


def _model(messages: list[Any]) -> str:
    text = messages[-1].content
    if "Поменяй сумму сделки" in text:
        deal = text.split("сделки ", 1)[1].split()[0]
        amount = text.rsplit(" ", 1)[1]
        step = {"method": "crm.deal.update", "params": {"id": int(deal), "fields": {"OPPORTUNITY": int(amount)}}}
        return format_reply("Меняю сумму.", [step], "Меняю сумму.")
    return format_reply("Ответ.", [], "Хорошо.")


def _count(states: list[Any]) -> tuple[int, int, int, int, int]:
    """(approvals, executed, waiting for a retry, re-asked as stale, lost) over the sessions' confirmations.

    A stale request was approved by its user, then closed by the system (status «denied», outcome «stale») because
    the record changed first — it still counts as an approval given, and as neither executed nor lost."""
    approved = [c for s in states for c in s.confirmations if c.status == "approved" or c.outcome == "stale"]
    executed = sum(1 for c in approved if c.outcome == "ok")
    waiting = sum(1 for c in approved if c.outcome == "retry")
    reasked = sum(1 for c in approved if c.outcome == "stale")
    lost = sum(1 for c in approved if c.outcome not in ("ok", "retry", "stale"))
    return len(approved), executed, waiting, reasked, lost


async def run_load(
    workdir: Path, *, sessions: int = 20, turns: int = 10, deadline: float = 20.0, rate: tuple[float, float] = (50, 2.0)
) -> LoadResult:
    """Run the load and return the figures (see the module docstring)."""
    portal = FakePortal(rate_limit=rate)
    seed_demo(portal.storage)
    code = portal.create_webhook("1", "load-webhook-code")
    result = LoadResult()
    with serve_fake_portal(portal) as server:
        orchestrator = Orchestrator(
            FakeModelClient(_model),
            BitrixClient(WebhookAuth(f"{server.url}/rest/1/{code}/")),
            FileStateStore(workdir / "state"),
            InteractionLogger(workdir / "logs"),
            mode="canary",
            turn_deadline=deadline,
        )
        states: dict[int, Any] = {}

        async def say(number: int, message: str) -> None:
            started = time.perf_counter()
            answer = await orchestrator.handle_message(f"manager{number}", message, session_id="load")
            result.latencies.append(time.perf_counter() - started)
            result.turns += 1
            result.deadline_turns += "не уложился" in answer.assistant or "Не успел" in answer.assistant
            result.retry_turns += "будет повторён" in answer.assistant
            states[number] = answer.state

        async def session(number: int) -> None:
            for turn in range(turns):
                if turn % 2 == 0:
                    await say(number, f"Поменяй сумму сделки {number % 5 + 1} на {100000 + number * 100 + turn}")
                else:
                    await say(number, "да")

        await asyncio.gather(*(session(n) for n in range(sessions)))
        result.approvals, result.executed, result.retry_waiting, result.reasked, result.lost = _count(
            list(states.values())
        )
        for _ in range(10):  # drain: the next message runs what a transient failure stopped
            waiting = [n for n, s in states.items() if s.awaiting_retry()]
            if not waiting:
                break
            result.drain_turns += len(waiting)
            await asyncio.gather(*(say(n, "ещё") for n in waiting))
        _, result.executed_after_drain, _, result.reasked_after_drain, result.lost_after_drain = _count(
            list(states.values())
        )
        await orchestrator.aclose()
    portal.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--deadline", type=float, default=20.0)
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    with tempfile.TemporaryDirectory() as workdir:
        started = time.perf_counter()
        result = asyncio.run(run_load(Path(workdir), sessions=args.sessions, turns=args.turns, deadline=args.deadline))
        elapsed = time.perf_counter() - started
    latencies = sorted(result.latencies)
    p50 = latencies[len(latencies) // 2]
    print(f"{args.sessions} sessions × {args.turns} turns, rate limit 50 / 2 per s, deadline {args.deadline:g} s")
    print(
        f"turns answered: {result.turns} in {elapsed:.1f} s; p50 {p50:.2f} s, max {latencies[-1]:.2f} s "
        f"(max / deadline = {latencies[-1] / args.deadline:.2f}); turns that said they ran out of time: "
        f"{result.deadline_turns}; turns that said an approval was kept for a retry: {result.retry_turns}"
    )
    print(
        f"approvals: {result.approvals}; executed {result.executed}, kept for a retry {result.retry_waiting}, "
        f"re-asked (changed by another session first) {result.reasked}, lost {result.lost}"
    )
    print(
        f"after {result.drain_turns} drain turns: executed {result.executed_after_drain}, "
        f"re-asked {result.reasked_after_drain}, lost {result.lost_after_drain}"
    )


if __name__ == "__main__":
    main()
