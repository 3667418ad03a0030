"""What a command imports is part of how fast it starts: these guards keep the frameworks a command does not use
out of its process (``benchmarks/cli_startup.py`` measures the times; a test asserts no time)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

# The HTTP edge: a command that serves nothing must not pay for it (FastAPI builds hundreds of pydantic models).
WEB = ("fastapi", "starlette", "sse_starlette", "uvicorn")


def _loaded(code: str, *args: str, env: dict[str, str] | None = None) -> set[str]:
    """Top-level packages in ``sys.modules`` when ``code`` (run with ``args``) ends, in a fresh interpreter."""
    probe = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('LOADED', *sorted({m.split('.')[0] for m in sys.modules}), file=sys.stderr))\n"
        f"{code}\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe, *args], capture_output=True, text=True, timeout=300, env=env, check=False
    )
    line = next((ln for ln in result.stderr.splitlines() if ln.startswith("LOADED")), None)
    assert line is not None, result.stderr[-2000:]
    return set(line.split()[1:])


@pytest.mark.parametrize("module", ["agentcore.web.models", "agentcore.apps.scrum.backend.models"])
def test_request_models_import_no_web_framework(module: str) -> None:
    assert _loaded(f"import {module}") & set(WEB) == set()


@pytest.mark.e2e
def test_ask_offline_imports_no_web_framework(data_dir: object) -> None:
    env = {**os.environ, "AGENTCORE_PROVIDER": "offline"}
    code = "import sys\nfrom agentcore.cli import app\napp(sys.argv[1:], standalone_mode=False)"
    loaded = _loaded(code, "ask", "Что такое спринт?", env=env)
    assert "agentcore" in loaded and "numpy" in loaded  # it did answer (retrieval ran)
    assert loaded & set(WEB) == set()
