"""LLMGateway throughput against the fake OpenAI server with injected latency, and rate-limit accuracy.

1. 1,000 requests at concurrency 50 against a server answering in 50 ms: the latency-bound limit is
   50 / 0.05 s = 1,000 requests/s.  Goal: ≥ 95 % of it.  A raw httpx loop with the same concurrency is measured
   in the same run as the reference for what the machine allows.
2. A configured rate limit (default 200 requests/s) must hold within ±5 %.

    .venv/bin/python benchmarks/gateway_throughput.py [--requests 1000] [--concurrency 50] [--latency 0.05]

The fake server runs in a separate process (uvicorn) so its CPU does not compete with the client's event loop
thread for the GIL.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import time

import httpx

from agentcore.config import Settings
from agentcore.llm._http import make_async_client
from agentcore.llm.gateway import LLMGateway
from agentcore.llm.models import LLMMessage, LLMRequest
from agentcore.llm.openai_compat import OpenAICompatProvider
from agentcore.serving import free_port
from agentcore.settings.llm import LLMSettings

API_KEY = "sk-bench"


def _serve(port: int, latency: float) -> None:
    import uvicorn

    from agentcore.testing.fake_openai import create_fake_openai
    from agentcore.testing.faults import FaultPlan

    app = create_fake_openai(faults=FaultPlan(latency_s=latency), api_key=API_KEY)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="error", access_log=False, backlog=2048)


def _wait(url: str) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            httpx.get(url + "/v1/models", headers={"Authorization": f"Bearer {API_KEY}"}, timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError("fake server did not start")


def _gateway(url: str, concurrency: int, rps: float | None = None) -> LLMGateway:
    settings = Settings(
        provider="openai",
        openai_api_base=url + "/v1",
        openai_api_key=API_KEY,
        openai_model="m",
        llm_max_concurrency=concurrency,  # also sizes the provider's connection pool
    )
    return LLMGateway(OpenAICompatProvider(LLMSettings.of(settings)), max_concurrency=concurrency, rate_limit_rps=rps)


REQUEST = LLMRequest(messages=[LLMMessage(role="user", content="Привет")])


async def run_gateway(gateway: LLMGateway, n: int) -> float:
    started = time.perf_counter()
    results = await asyncio.gather(*(gateway.request(REQUEST) for _ in range(n)))
    elapsed = time.perf_counter() - started
    assert all(r.content for r in results)
    return elapsed


async def run_raw(url: str, n: int, concurrency: int) -> float:
    semaphore = asyncio.Semaphore(concurrency)
    body = {"model": "m", "messages": [{"role": "user", "content": "Привет"}]}
    async with make_async_client(30, max_connections=concurrency) as client:

        async def one() -> None:
            async with semaphore:
                response = await client.post(
                    url + "/v1/chat/completions", json=body, headers={"Authorization": f"Bearer {API_KEY}"}
                )
                response.raise_for_status()

        await asyncio.gather(*(one() for _ in range(min(100, n))))  # warm the pool
        started = time.perf_counter()
        await asyncio.gather(*(one() for _ in range(n)))
        return time.perf_counter() - started


async def main(n: int, concurrency: int, latency: float, rps: float) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = multiprocessing.Process(target=_serve, args=(port, latency), daemon=True)
    server.start()
    try:
        _wait(url)
        limit = concurrency / latency
        raw = await run_raw(url, n, concurrency)
        async with _gateway(url, concurrency) as gateway:
            await run_gateway(gateway, min(100, n))  # warm the pool
            ours = await run_gateway(gateway, n)
        print(f"{n} requests, concurrency {concurrency}, server latency {latency * 1000:.0f} ms")
        print(f"  latency-bound limit        : {limit:8.1f} req/s")
        print(f"  raw HTTP loop (reference)  : {n / raw:8.1f} req/s  ({n / raw / limit:6.1%} of the limit)")
        print(
            f"  LLMGateway                 : {n / ours:8.1f} req/s  ({n / ours / limit:6.1%} of the limit; "
            f"goal ≥ 95%; {ours / raw:.2f}× the raw loop's time)"
        )
        count = int(rps * 3)
        async with _gateway(url, concurrency, rps=rps) as limited:
            elapsed = await run_gateway(limited, count)
        # n requests released at a steady rate take (n - 1) / rate seconds plus one round trip.
        measured = (count - 1) / max(elapsed - latency, 1e-9)
        print(
            f"  rate limit {rps:.0f} req/s, {count} requests: measured {measured:.1f} req/s "
            f"({measured / rps - 1:+.1%}; goal within ±5%)"
        )
    finally:
        server.terminate()
        server.join(5)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--rps", type=float, default=200.0)
    parser.add_argument("--uvloop", action="store_true", help="run the client on uvloop")
    args = parser.parse_args()
    if args.uvloop:
        import uvloop

        uvloop.install()
    asyncio.run(main(args.requests, args.concurrency, args.latency, args.rps))
