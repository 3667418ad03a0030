"""What a command imports is part of how fast it starts: these guards keep the frameworks a command does not use
out of its process (``benchmarks/cli_startup.py`` measures the times; a test asserts no time)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

# The HTTP edge: a command that serves nothing must not pay for it (FastAPI builds hundreds of pydantic models).
WEB = ("fastapi", "starlette", "sse_starlette", "uvicorn")


def _loaded(code: str, *args: str, env: dict[str, str] | None = None, top: bool = True) -> set[str]:
    """Top-level packages (``top``; else every module) in ``sys.modules`` when ``code`` (run with ``args``) ends, in a
    fresh interpreter."""
    name = "m.split('.')[0]" if top else "m"
    probe = (
        "import atexit, sys\n"
        f"atexit.register(lambda: print('LOADED', *sorted({{{name} for m in sys.modules}}), file=sys.stderr))\n"
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


def test_the_scrum_backend_loads_the_daily_parser_only_for_a_daily() -> None:
    """``agentcore serve`` and the Telegram bot open the backend at start; the parser (hundreds of patterns compiled
    at import) waits for the first daily."""
    loaded = _loaded("import agentcore.apps.scrum.backend.flows, agentcore.apps.scrum.backend.store", top=False)
    assert "agentcore.apps.scrum.backend.dialogue" in loaded
    assert "agentcore.apps.scrum.daily_parser" not in loaded
    assert "agentcore.apps.scrum.blocker_reading" not in loaded


def test_tools_load_jsonschema_only_for_a_hand_written_schema() -> None:
    """Every agent imports the tool protocol; only a tool without a pydantic model needs jsonschema (≈50 modules)."""
    assert "jsonschema" not in _loaded("import agentcore.tools.base")
    code = (
        "from agentcore.tools import Tool\n"
        "class T(Tool):\n"
        "    name = 't'\n"
        "    description = 'd'\n"
        "    parameters_schema = {'type': 'object', 'properties': {'n': {'type': 'integer'}}}\n"
        "    async def execute(self, **kwargs): return kwargs\n"
        "assert T().validate_arguments({'n': 1}) == {'n': 1}\n"
    )
    assert "jsonschema" in _loaded(code)
