"""Per-step overhead of the SGR loop vs PydanticAI, same machine, same run.

Both agents talk to an instant scripted model that asks for 10 tool calls and then answers; the tool returns at
once.  What is left is the framework's own cost per model step.  Goal (issue 2): ours ≤ 1/3 of PydanticAI's.

    .venv/bin/python benchmarks/sgr_loop_overhead.py [--runs 300]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from agentcore.agents.sgr import SGRTool, SystemSGRAgent
from agentcore.llm import MockLLMGateway, tool_call
from agentcore.llm.models import LLMRequest

CALLS = 10
STEPS = CALLS + 1  # ten tool-call steps plus the answer


class AddTool(SGRTool):
    name = "add"
    description = "Сложить два числа"
    parameters_schema = {  # noqa: RUF012
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
        "required": ["a", "b"],
    }

    async def execute(self, **kwargs: Any) -> int:
        return int(kwargs["a"]) + int(kwargs["b"])


class BenchAgent(SystemSGRAgent):
    MAX_ITERATIONS = STEPS  # 10 tool calls + the answer need 11 model calls

    async def process(self, input_data: dict[str, Any]) -> dict[str, Any]:
        return {"answer": await self.run(input_data["message"])}


def _script() -> list[Any]:
    def step(request: LLMRequest) -> Any:
        done = sum(1 for m in request.messages if m.role == "tool")
        return tool_call("add", {"a": done, "b": 1}) if done < CALLS else "готово"

    return [step] * STEPS


async def ours(runs: int, log_dir: str | None = None) -> list[float]:
    times = []
    for _ in range(runs):
        gateway = MockLLMGateway(_script())
        agent = BenchAgent("bench", gateway, "m", "Ты агент.", tools=[AddTool()], log_dir=log_dir)
        started = time.perf_counter()
        answer = await agent.run("посчитай")
        times.append(time.perf_counter() - started)
        assert answer == "готово" and gateway.call_count == STEPS
    return times


async def pydantic_ai(runs: int) -> list[float]:
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        done = sum(1 for m in messages for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart))
        if done < CALLS:
            return ModelResponse(parts=[ToolCallPart("add", {"a": done, "b": 1})])
        return ModelResponse(parts=[TextPart("готово")])

    agent = Agent(FunctionModel(model), system_prompt="Ты агент.")

    @agent.tool_plain
    def add(a: int, b: int) -> int:
        """Сложить два числа."""
        return a + b

    times = []
    for _ in range(runs):
        started = time.perf_counter()
        result = await agent.run("посчитай")
        times.append(time.perf_counter() - started)
        assert result.output == "готово"
    return times


def _per_step_ms(times: list[float]) -> float:
    return statistics.median(times) / STEPS * 1000


async def main(runs: int) -> None:
    import tempfile

    await ours(20)
    await pydantic_ai(20)  # warm-up: imports, schema caches
    ours_ms = _per_step_ms(await ours(runs))
    theirs_ms = _per_step_ms(await pydantic_ai(runs))
    with tempfile.TemporaryDirectory() as tmp:
        traced_ms = _per_step_ms(await ours(runs, log_dir=tmp))
    print(f"steps per run: {STEPS} ({CALLS} tool calls + answer), runs: {runs}, median per step")
    print(f"  agentcore SystemSGRAgent          : {ours_ms:8.3f} ms/step")
    print(f"  agentcore (with JSONL trace file) : {traced_ms:8.3f} ms/step")
    print(f"  PydanticAI Agent + FunctionModel  : {theirs_ms:8.3f} ms/step")
    ratio = ours_ms / theirs_ms
    verdict = "met" if ratio <= 1 / 3 else "NOT met"
    print(f"  ratio ours/PydanticAI             : {ratio:8.3f}  (goal ≤ 0.333: {verdict})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=300)
    asyncio.run(main(parser.parse_args().runs))
