"""Load on the Telegram bot (issue 22): 200 members across 20 teams post their dailies within a minute.

The real aiogram client long-polls the fake Bot API server of the tests (a real socket); the Scrum backend runs
offline on SQLite (or ``--database-url``).  Each member joins (``/join``), then all 200 dailies are pushed at once
in shuffled order at random moments within ``--window`` seconds (60: «within a minute»; 0: one burst).  Reported:

* every daily stored once (per team: dailies stored == members), every reply in order per chat (the join answer
  before the daily's);
* reply latency per daily (push → the bot's ``sendMessage`` reaching the server): p50 / p95 / p99 / max;
* the reference measured in the same run: the same kind of daily through ``ScrumBackend.submit_daily`` directly
  (no Telegram, no event loop) — the bot's p50 as a ratio of it is the cost of the Telegram path under the burst.

    .venv/bin/python benchmarks/telegram_load.py [--teams 20] [--members 10] [--database-url postgresql://…]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

from tests.apps.scrum.telegram.conftest import Clock, Sleeps, make_backend, make_bot, text_update
from tests.apps.scrum.telegram.fake_bot_api import FakeBotApi


def _daily(i: int) -> str:
    return f"Вчера: закончил TASK-{i}. Сегодня: делаю TASK-{i + 1}. Блокеров нет."


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def run(teams: int, members: int, url: str, window: float) -> int:
    fake = FakeBotApi()
    await fake.start()
    clock = Clock()
    backend = make_backend(url, clock)
    bot = make_bot(fake.url, backend, clock, Sleeps())
    polling = asyncio.create_task(bot.run_polling(polling_timeout=1, handle_signals=False))
    users = [(t, m, 10_000 + t * 100 + m) for t in range(teams) for m in range(members)]
    try:
        for t, m, uid in users:  # joins, team by team (the first member of each team becomes its lead)
            fake.push(text_update(uid, f"/join team{t} Участник{m}", username=f"u{uid}"))
        await fake.wait_for(lambda: len(fake.sent()) >= len(users), timeout=600)
        order = users[:]
        random.Random(7).shuffle(order)
        pushed: dict[int, float] = {}
        joined = {uid: len(fake.sent(uid)) for _t, _m, uid in users}
        rng = random.Random(8)
        moments = sorted(rng.uniform(0, window) for _ in order)
        started = time.perf_counter()
        for (t, m, uid), moment in zip(order, moments, strict=True):
            delay = started + moment - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            pushed[uid] = time.perf_counter()
            fake.push(text_update(uid, _daily(t * 100 + m), username=f"u{uid}"))
        await fake.wait_for(lambda: len(fake.sent()) >= 2 * len(users), timeout=600)
        burst = time.perf_counter() - started
    finally:
        await bot.stop_polling()
        await asyncio.wait_for(polling, 30)
    latencies = []
    in_order = True
    for _t, _m, uid in users:
        texts = [c for c in fake.calls if c.method == "sendMessage" and int(c.params["chat_id"]) == uid]
        in_order &= len(texts) == joined[uid] + 1 and "Готово" in texts[0].params["text"]
        in_order &= "Принял daily" in texts[-1].params["text"]
        latencies.append(texts[-1].params["_at"] - pushed[uid])
    stored = {f"team{t}": len(backend.store.dailies(f"team{t}")) for t in range(teams)}
    once = all(count == members for count in stored.values())

    # the reference: the same dailies through the backend directly (one more team, sequential)
    from agentcore.apps.scrum.backend.models import MemberInput, TeamInput

    backend.store.create_team(TeamInput(slug="reference", name="reference"))
    direct = []
    for m in range(min(members * 2, 50)):
        backend.store.add_member("reference", MemberInput(slug=f"r{m}", name=f"R{m}", role="DEV"))
        begin = time.perf_counter()
        outcome = backend.submit_daily("reference", f"r{m}", _daily(5000 + m))
        direct.append(time.perf_counter() - begin)
        assert outcome.status == "accepted", outcome
    await bot.close()
    backend.close()
    await fake.stop()

    p50 = _percentile(latencies, 0.5)
    print(
        f"{len(users)} members in {teams} teams, {len(users)} dailies within {window:g} s; last answer at {burst:.2f} s"
    )
    print(f"every daily stored once: {once} ({sum(stored.values())} stored); replies in order per chat: {in_order}")
    print(
        "reply latency, s: "
        f"p50 {p50:.3f}  p95 {_percentile(latencies, 0.95):.3f}  p99 {_percentile(latencies, 0.99):.3f}  "
        f"max {max(latencies):.3f}"
    )
    reference = statistics.median(direct)
    print(
        f"reference (submit_daily directly, sequential): p50 {reference:.4f} s; "
        f"bot p50 / reference = {p50 / reference:.1f}×"
    )
    return 0 if once and in_order else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--members", type=int, default=10)
    parser.add_argument("--window", type=float, default=60.0, help="seconds the dailies arrive within (0: a burst)")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'scrum.db'}"
        return asyncio.run(run(args.teams, args.members, url, args.window))


if __name__ == "__main__":
    raise SystemExit(main())
