"""``agentcore serve`` prints uvicorn's start and stop lines once: the CRM's local portal, a uvicorn server started
inside it, logged its own «Started server process» … on the same logger, and the MCP SDK put a rich handler on the
root logger (its English «StreamableHTTP session manager started») — the tryout saw every line twice."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

pytestmark = pytest.mark.e2e

AGENTCORE = str(Path(sys.executable).with_name("agentcore"))
LINES = (
    "Started server process",
    "Waiting for application startup.",
    "Application startup complete.",
    "Uvicorn running on",
    "Shutting down",
    "Waiting for application shutdown.",
    "Application shutdown complete.",
    "Finished server process",
)


def test_serve_prints_each_uvicorn_line_once(data_dir: Path) -> None:
    with socket.socket() as finder:
        finder.bind(("127.0.0.1", 0))
        port = finder.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "BITRIX_", "HTTP_API_TOKENS"))}
    env.update({"AGENTCORE_DATA_DIR": str(data_dir), "AGENTCORE_RAG_EMBEDDER": "none", "LANG": "C.UTF-8"})
    log = data_dir / "serve.out"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [AGENTCORE, "serve", "--port", str(port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 90
        while True:
            assert process.poll() is None, log.read_text(errors="replace")
            try:
                # /chat starts the CRM service (and with it the local portal's server) if the start did not
                if httpx.post(f"http://127.0.0.1:{port}/chat", json={}, timeout=10).status_code < 500:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, log.read_text(errors="replace")
            time.sleep(0.2)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=40)
    output = log.read_text(errors="replace")
    assert {line: output.count(line) for line in LINES} == dict.fromkeys(LINES, 1), output
    assert "StreamableHTTP" not in output, output
