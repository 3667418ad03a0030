"""Fresh-process start-up of the command line, printed as ratios against references measured in the same run.

* ``agentcore --help`` (goal: under 0.2 s) against a bare ``python -c pass``;
* the offline ``agentcore sgr "Который час?"`` (one tool call, then the answer; goal: at most 0.5× the reference)
  against a fresh PydanticAI process doing the same work: import, an ``Agent`` with one tool over a
  ``FunctionModel`` that calls the tool once and then answers, ``run_sync``, print the answer.

and the number of modules each of them imports (``python -X importtime``), a figure the machine's load does not
change.  Each command runs in a new interpreter with a fresh data directory (no warm caches but the OS's file cache).

.venv/bin/python benchmarks/cli_startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUESTION = "Который час?"

# The reference: what the shortest real PydanticAI program with one tool call does in a fresh process.
PYDANTIC_AI_ONE_TOOL = (
    f"QUESTION = {QUESTION!r}\n"
    + """
from datetime import datetime, timezone

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel


def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    returns = [p for m in messages for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart)]
    if not returns:
        return ModelResponse(parts=[ToolCallPart("get_time", {})])
    return ModelResponse(parts=[TextPart(f"Сейчас {returns[-1].content}")])


agent = Agent(FunctionModel(model), system_prompt="Ты полезный агент.")


@agent.tool_plain
def get_time() -> str:
    \"\"\"Текущее время UTC.\"\"\"
    return datetime.now(timezone.utc).strftime("%H:%M:%S")


print(agent.run_sync(QUESTION).output)
"""
)


def _median_seconds(command: list[str], runs: int, env: dict[str, str] | None = None) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _modules_imported(command: list[str], env: dict[str, str] | None = None) -> int:
    """How many modules ``command`` (a Python program) imports, counted by ``python -X importtime``: a figure the
    machine's load does not change."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", *command], capture_output=True, text=True, env=env, check=True
    )
    return sum(1 for line in result.stderr.splitlines() if line.startswith("import time:") and "|" in line) - 1


def _offline_env(data_dir: str) -> dict[str, str]:
    """The user's environment without any agentcore/provider setting, pointed at a scratch data directory."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "GIGACHAT_", "OPENAI_"))}
    env["AGENTCORE_DATA_DIR"] = data_dir
    env["AGENTCORE_PROVIDER"] = "offline"
    return env


def main(runs: int) -> None:
    agentcore = str(Path(sys.executable).with_name("agentcore"))
    if not os.path.exists(agentcore):
        raise SystemExit("agentcore is not installed in this environment")
    with tempfile.TemporaryDirectory() as scratch:
        env = _offline_env(scratch)
        subprocess.run([agentcore, "sgr", QUESTION], check=True, capture_output=True, env=env)  # it must work
        python = _median_seconds([sys.executable, "-c", "pass"], runs)
        help_ = _median_seconds([agentcore, "--help"], runs, env)
        sub = _median_seconds([agentcore, "rag", "--help"], runs, env)
        sgr = _median_seconds([agentcore, "sgr", QUESTION], runs, env)
        theirs = _median_seconds([sys.executable, "-c", PYDANTIC_AI_ONE_TOOL], runs)
        cli = ["-c", "from agentcore.cli import main; main()"]
        modules = {
            "python -c pass": _modules_imported(["-c", "pass"]),
            "agentcore --help": _modules_imported([*cli, "--help"], env),
            "agentcore sgr": _modules_imported([*cli, "sgr", QUESTION], env),
            "PydanticAI, one tool call": _modules_imported(["-c", PYDANTIC_AI_ONE_TOOL]),
        }
    print(f"median of {runs} fresh processes")
    print(f"  python -c pass                 : {python * 1000:7.1f} ms (reference)")
    print(
        f"  agentcore --help               : {help_ * 1000:7.1f} ms  ({help_ / python:.1f}× python; goal < 200 ms: "
        f"{'met' if help_ < 0.2 else 'NOT met'})"
    )
    print(f"  agentcore rag --help           : {sub * 1000:7.1f} ms  ({sub / python:.1f}× python)")
    print(f"  PydanticAI, one tool call      : {theirs * 1000:7.1f} ms (reference)")
    print(
        f"  agentcore sgr «{QUESTION}» : {sgr * 1000:7.1f} ms  ({sgr / theirs:.2f}× PydanticAI; goal ≤ 0.5×: "
        f"{'met' if sgr <= 0.5 * theirs else 'NOT met'})"
    )
    print("modules imported (python -X importtime; independent of the machine's load)")
    for name, count in modules.items():
        print(f"  {name:<31}: {count:5d}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    main(parser.parse_args().runs)
