"""What MCP adds to a knowledge-base search, printed as ratios against the plain HTTP route measured in the same run.

Against one live ``agentcore serve`` app on a loopback port (offline provider, bundled knowledge base):

* reference: ``POST /rag/search`` with httpx (one kept-alive client);
* ``rag_search`` through the SDK's ``Client`` over Streamable HTTP at ``/mcp`` (one session, stateless server);
* a tool of an MCP server called through our ``McpToolset`` + ``ToolRunner`` (what an agent loop pays), against
  calling the same server with the SDK's ``Client`` directly.

.venv/bin/python benchmarks/mcp_overhead.py [--runs 30]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable

import httpx
from mcp import Client

from agentcore.config import Settings
from agentcore.server import create_app
from agentcore.serving import BackgroundServer
from agentcore.tools import ToolRunner
from agentcore.tools.mcp import McpServerSpec, McpToolset
from agentcore.tools.registry import ToolRegistry

QUESTIONS = ["Сколько дней отпуска положено?", "как оформить командировку", "кто согласует отпуск"]


async def timed(call: Callable[[int], Awaitable[object]], runs: int) -> float:
    """Median seconds of ``runs`` calls (after two warm-up calls)."""
    for i in range(2):
        await call(i)
    samples = []
    for i in range(runs):
        started = time.perf_counter()
        await call(i)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


async def measure(url: str, runs: int) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http, Client(url + "/mcp") as mcp:

        async def plain(i: int) -> object:
            answer = await http.post("/rag/search", json={"question": QUESTIONS[i % 3], "top_k": 3})
            answer.raise_for_status()
            return answer.json()

        async def via_mcp(i: int) -> object:
            result = await mcp.call_tool("rag_search", {"query": QUESTIONS[i % 3], "top_k": 3})
            assert not result.is_error
            return result.structured_content

        async def sdk_direct(i: int) -> object:
            return await mcp.call_tool("scrum_faq", {"question": "Что такое спринт?"})

        reference = await timed(plain, runs)
        over_mcp = await timed(via_mcp, runs)
        direct = await timed(sdk_direct, runs)
    async with McpToolset([McpServerSpec(name="ac", url=url + "/mcp")]) as toolset:
        registry, runner = ToolRegistry(toolset.tools), ToolRunner(timeout=30)

        async def through_runner(i: int) -> object:
            result = await runner.run_by_name(registry, "ac_scrum_faq", {"question": "Что такое спринт?"})
            assert result.ok, result.content
            return result

        ours = await timed(through_runner, runs)
    print(f"POST /rag/search (reference)        {reference * 1000:8.1f} ms  1.00×")
    print(f"rag_search over MCP                 {over_mcp * 1000:8.1f} ms  {over_mcp / reference:.2f}×")
    print(f"scrum_faq, SDK Client (reference)   {direct * 1000:8.1f} ms  1.00×")
    print(f"scrum_faq, McpToolset + ToolRunner  {ours * 1000:8.1f} ms  {ours / direct:.2f}×")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, BackgroundServer(create_app(Settings(data_dir=data))) as server:
        asyncio.run(measure(server.url, args.runs))


if __name__ == "__main__":
    main()
