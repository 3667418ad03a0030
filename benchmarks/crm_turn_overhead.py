"""What a CRM turn costs on top of the Bitrix24 call it makes.

Against the fake portal over real HTTP (no rate limit), with an instant scripted model:

* reference: ``BitrixClient.call("crm.deal.get")`` alone;
* a turn: ``Orchestrator.handle_message`` doing that same call, plus the session lock, state load/save (files),
  the policy check, block parsing, state sync and the JSONL record;
* the same turn with the state in Redis (when a Redis server runs on 127.0.0.1:6379).

Run: ``.venv/bin/python benchmarks/crm_turn_overhead.py [turns]``.
"""

from __future__ import annotations

import asyncio
import socket
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

from agentcore.apps.crm.bitrix import BitrixClient, WebhookAuth
from agentcore.apps.crm.blocks import format_reply
from agentcore.apps.crm.fake_portal import FakePortal, seed_demo, serve_fake_portal
from agentcore.apps.crm.interaction_log import InteractionLogger
from agentcore.apps.crm.model_client import FakeModelClient
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.state_store import FileStateStore, RedisStateStore, StateStore

REPLY = format_reply("Читаю сделку.", [{"method": "crm.deal.get", "params": {"id": 1}}], "Открываю сделку #1.")


async def _raw(client: BitrixClient, turns: int) -> list[float]:
    times = []
    for _ in range(turns):
        started = time.perf_counter()
        await client.call("crm.deal.get", {"id": 1})
        times.append(time.perf_counter() - started)
    return times


async def _turns(webhook: str, store: StateStore, log_dir: Path, turns: int) -> list[float]:
    orchestrator = Orchestrator(
        FakeModelClient(REPLY), BitrixClient(WebhookAuth(webhook)), store, InteractionLogger(log_dir), mode="canary"
    )
    times = []
    try:
        for _ in range(turns):
            started = time.perf_counter()
            result = await orchestrator.handle_message("bench", "Покажи сделку 1")
            times.append(time.perf_counter() - started)
            assert result.steps[0].outcome == "executed"
    finally:
        await orchestrator.aclose()
    return times


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False


def main() -> None:
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    portal = FakePortal(rate_limit=None)
    seed_demo(portal.storage)
    with serve_fake_portal(portal) as server, tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)

        async def run() -> dict[str, list[float]]:
            client = BitrixClient(WebhookAuth(server.webhook_url))
            await _raw(client, 20)  # warm-up
            results = {"raw": await _raw(client, turns)}
            await client.aclose()
            files = FileStateStore(root / "state")
            results["turn (files)"] = await _turns(server.webhook_url, files, root / "l1", turns)
            if _redis_up():
                store = RedisStateStore("redis://127.0.0.1:6379/0", prefix=f"agentcore-bench:{uuid.uuid4().hex}:")
                results["turn (Redis)"] = await _turns(server.webhook_url, store, root / "l2", turns)
            return results

        results = asyncio.run(run())
    reference = statistics.median(results["raw"])
    print(f"{turns} turns, medians")
    for name, times in results.items():
        median = statistics.median(times)
        p95 = sorted(times)[int(len(times) * 0.95) - 1]
        extra = "" if name == "raw" else f"  overhead {1000 * (median - reference):5.2f} ms ({median / reference:.2f}×)"
        print(f"  {name:<14}: {1000 * median:6.2f} ms (p95 {1000 * p95:6.2f}){extra}")


if __name__ == "__main__":
    main()
