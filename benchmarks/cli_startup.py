"""Fresh-process start-up of the command line, printed as ratios against references measured in the same run.

* ``agentcore --help`` (goal: under 0.2 s) against a bare ``python -c pass``;
* the offline ``agentcore sgr "Который час?"`` (one tool call, then the answer; goal: at most 0.5× the reference)
  against a fresh PydanticAI process doing the same work: import, an ``Agent`` with one tool over a
  ``FunctionModel`` that calls the tool once and then answers, ``run_sync``, print the answer.

and the starts a user waits for (``--starts``; each in a new process with a new data directory, as a new user's
first run; ``--start-runs`` of each), against the start of a minimal FastAPI app (one ``/health`` route under
uvicorn, until it answers):

* ``agentcore serve`` until ``GET /health`` answers;
* the main job, ``agentcore`` (the assistant, which starts its RAG and Haiku services itself): until its first prompt
  and until the answer to a first knowledge-base question;
* ``agentcore ask`` offline end to end, in a new data directory and again in the same one (the second run of a user);
* the Scrum Telegram bot (``agentcore scrum telegram``) until its first ``getUpdates``, against the fake Bot API
  server of the tests;

with the process's own CPU seconds next to each wall time (less sensitive to a busy machine than the wall time),
and the number of modules the commands import (``python -X importtime``), a figure the machine's load does not
change.  Each command runs in a new interpreter with a fresh data directory (no warm caches but the OS's file cache).

.venv/bin/python benchmarks/cli_startup.py [--runs 15] [--starts] [--start-runs 3]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import os
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

QUESTION = "Который час?"
KB_QUESTION = "Что такое спринт?"
"""The first question a new user asks the assistant and ``ask``: one the bundled knowledge base answers."""
START_TIMEOUT = 300.0
"""A start that takes longer than this (seconds) is a failure, not a figure."""

# The reference of the starts: the smallest real web service, one route under uvicorn, until it answers.
FASTAPI_HEALTH = """
import sys

import uvicorn
from fastapi import FastAPI

app = FastAPI()


@app.get("/health")
def health() -> dict[str, str]:
    return {"status": "ok"}


uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""

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
    prefixes = ("AGENTCORE_", "GIGACHAT_", "OPENAI_", "RAG_SERVICE_URL", "HAIKU_SERVICE_URL", "HTTP_API_TOKENS")
    env = {k: v for k, v in os.environ.items() if not k.startswith(prefixes)}
    env["AGENTCORE_DATA_DIR"] = data_dir
    env["AGENTCORE_PROVIDER"] = "offline"
    return env


# ---------------------------------------------------------------------------------------------------- the starts
class Timing:
    """One fresh-process start: ``wall`` seconds until it was ready, ``cpu`` seconds the process used (user + system,
    from ``wait4``; the whole process life, its shutdown included; None when not measured)."""

    def __init__(self, wall: float, cpu: float | None) -> None:
        self.wall = wall
        self.cpu = cpu


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _reap(process: subprocess.Popen[bytes], *, interrupt: bool = True, timeout: float = 60.0) -> float:
    """Stop ``process`` (SIGINT, the user's Ctrl+C; SIGKILL after ``timeout``) and return its CPU seconds (0 when
    ``poll()`` already reaped it: its usage is gone with it)."""
    if process.returncode is not None:
        return 0.0
    if interrupt:
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGINT)
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            process.returncode = os.waitstatus_to_exitcode(status)
            return usage.ru_utime + usage.ru_stime
        if time.monotonic() > deadline:
            process.kill()
            deadline = float("inf")
        time.sleep(0.01)


def _answers_health(port: int) -> bool:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        connection.request("GET", "/health")
        return connection.getresponse().status == 200
    except OSError:
        return False
    finally:
        connection.close()


def _until(argv: list[str], env: dict[str, str], ready: Callable[[], bool], what: str) -> Timing:
    """Start ``argv`` and poll ``ready()`` every 5 ms until it holds: the wall time to it and the process's CPU.

    Raises:
        RuntimeError: the process exited first, or ``what`` did not happen within ``START_TIMEOUT``.
    """
    started = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not ready():
            if process.poll() is not None:
                raise RuntimeError(f"{argv} exited with {process.returncode} before {what}")
            if time.perf_counter() - started > START_TIMEOUT:
                raise RuntimeError(f"{argv}: {what} did not happen in {START_TIMEOUT} s")
            time.sleep(0.005)
        wall = time.perf_counter() - started
    finally:
        cpu = _reap(process)
    return Timing(wall, cpu)


def _until_health(command: Callable[[int], list[str]], env: dict[str, str]) -> Timing:
    """Start ``command(port)`` and poll ``GET /health`` until it answers 200."""
    port = _free_port()
    return _until(command(port), env, lambda: _answers_health(port), "/health answered")


def _read_until_prompt(process: subprocess.Popen[bytes], started: float) -> bytes:
    """Bytes the dialog printed until it waits for input (its output ends with the ``> `` prompt)."""
    assert process.stdout is not None
    out = b""
    while not out.endswith(b"> "):
        left = START_TIMEOUT - (time.perf_counter() - started)
        ready, _, _ = select.select([process.stdout], [], [], max(left, 0))
        if not ready:
            raise RuntimeError(f"no prompt in {START_TIMEOUT} s; printed: {out[-500:]!r}")
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:
            raise RuntimeError(f"the dialog ended before its prompt; printed: {out[-500:]!r}")
        out += chunk
    return out


def _assistant(agentcore: str, env: dict[str, str]) -> tuple[Timing, Timing]:
    """``agentcore`` alone (the assistant): until its first prompt, and until the answer to :data:`KB_QUESTION`
    (the CPU figure: the whole session, the question and the exit included)."""
    started = time.perf_counter()
    process = subprocess.Popen([agentcore], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert process.stdin is not None
    try:
        _read_until_prompt(process, started)
        prompt = time.perf_counter() - started
        process.stdin.write(KB_QUESTION.encode() + b"\n")
        process.stdin.flush()
        answer_text = _read_until_prompt(process, started)
        answer = time.perf_counter() - started
        if "Спринт".encode() not in answer_text:
            raise RuntimeError(f"the first answer is not from the knowledge base: {answer_text[-500:]!r}")
        process.stdin.close()  # Ctrl-D ends the dialog
    finally:
        cpu = _reap(process, interrupt=process.stdin.closed is False)
    return Timing(prompt, None), Timing(answer, cpu)


def _command(command: list[str], env: dict[str, str]) -> Timing:
    """Run ``command`` to its end (it must succeed)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cpu = _reap(process, interrupt=False, timeout=START_TIMEOUT)
    if process.returncode:
        raise RuntimeError(f"{command} exited with {process.returncode}")
    return Timing(time.perf_counter() - started, cpu)


@contextlib.contextmanager
def _fake_bot_api() -> Iterator[Any]:
    """The fake Telegram Bot API server of the tests, on its own event loop in a thread."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.apps.scrum.telegram.fake_bot_api import FakeBotApi

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="fake-bot-api", daemon=True)
    thread.start()
    fake = asyncio.run_coroutine_threadsafe(_started_fake(FakeBotApi), loop).result(30)
    try:
        yield fake
    finally:
        asyncio.run_coroutine_threadsafe(fake.stop(), loop).result(30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


async def _started_fake(factory: Callable[[], Any]) -> Any:
    fake = factory()
    await fake.start()
    return fake


def _telegram(agentcore: str, env: dict[str, str], fake: Any) -> Timing:
    """``agentcore scrum telegram`` until the bot's first ``getUpdates`` reaches the fake Bot API server."""
    from tests.apps.scrum.telegram.fake_bot_api import TOKEN

    fake.calls.clear()
    env = {**env, "AGENTCORE_TELEGRAM_BOT_TOKEN": TOKEN, "AGENTCORE_TELEGRAM_API_BASE": fake.url}
    return _until(
        [agentcore, "scrum", "telegram"],
        env,
        lambda: any(call.method == "getUpdates" for call in list(fake.calls)),
        "the bot polled",
    )


def _median(timings: list[Timing]) -> Timing:
    cpus = [t.cpu for t in timings if t.cpu is not None]
    return Timing(statistics.median(t.wall for t in timings), statistics.median(cpus) if cpus else None)


STARTS = {
    "reference": "minimal FastAPI app, /health",
    "serve": "agentcore serve, /health",
    "assistant prompt": "agentcore (assistant), prompt",
    "assistant answer": "  … answer to a KB question",
    "ask new": "agentcore ask, new data dir",
    "ask again": "agentcore ask, second run",
    "bot": "agentcore scrum telegram, polls",
}


def measure_starts(agentcore: str, runs: int) -> dict[str, Timing]:
    """The medians of ``runs`` fresh starts of each kind (interleaved, so a busy spell spreads over all of them)."""
    results: dict[str, list[Timing]] = {key: [] for key in STARTS}
    reference = [sys.executable, "-c", FASTAPI_HEALTH]
    serve = [agentcore, "serve", "--port"]
    ask = [agentcore, "ask", KB_QUESTION]
    with _fake_bot_api() as fake:
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as scratch:

                def env(name: str, scratch: str = scratch) -> dict[str, str]:
                    return _offline_env(os.path.join(scratch, name))

                results["reference"].append(_until_health(lambda port: [*reference, str(port)], env("reference")))
                results["serve"].append(_until_health(lambda port: [*serve, str(port)], env("serve")))
                prompt, answer = _assistant(agentcore, env("assistant"))
                results["assistant prompt"].append(prompt)
                results["assistant answer"].append(answer)
                results["ask new"].append(_command(ask, env("ask")))
                results["ask again"].append(_command(ask, env("ask")))
                results["bot"].append(_telegram(agentcore, env("bot"), fake))
    return {name: _median(timings) for name, timings in results.items()}


def print_starts(starts: dict[str, Timing], runs: int) -> None:
    reference = starts["reference"].wall
    print(f"starts: median of {runs} fresh processes, each with a new data directory (wall; the process's CPU)")
    for key, label in STARTS.items():
        timing = starts[key]
        cpu = f"{timing.cpu * 1000:7.0f} ms CPU" if timing.cpu is not None else " " * 14
        ratio = "(reference)" if key == "reference" else f"({timing.wall / reference:5.1f}× reference)"
        print(f"  {label:<33}: {timing.wall * 1000:7.0f} ms, {cpu}  {ratio}")


def main(runs: int, starts: bool = False, start_runs: int = 3) -> None:
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
            "agentcore ask": _modules_imported([*cli, "ask", KB_QUESTION], env),
            "agentcore serve (its app)": _modules_imported(
                ["-c", "from agentcore.cli.serve import worker_app; worker_app()"], env
            ),
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
    if starts:
        print_starts(measure_starts(agentcore, start_runs), start_runs)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--starts", action="store_true", help="also the starts a user waits for (a few minutes)")
    parser.add_argument("--start-runs", type=int, default=3, help="fresh starts of each kind (median)")
    args = parser.parse_args()
    main(args.runs, args.starts, args.start_runs)
