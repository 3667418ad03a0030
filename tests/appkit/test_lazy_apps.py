"""App packages import nothing heavy: ``agentcore --help`` imports every app's ``cli.py`` (so its package ``__init__``),
and the offline handlers are registered by the modules that call the steps (issue 17, WP3)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from agentcore.appkit.registry import APPS, app_names

# What an app's domain pulls in; none of it may load before a command or a route is used.
HEAVY = ("fastapi", "starlette", "pydantic", "httpx", "numpy", "sqlalchemy", "rich", "agentcore.llm", "agentcore.rag")


def _loaded_after(code: str, *, packages: bool = True) -> list[str]:
    """The names of the modules loaded by ``code`` in a fresh interpreter (without the packages if not
    ``packages``)."""
    keep = "True" if packages else "not hasattr(m, '__path__')"
    listing = f"print('\\n'.join(sorted(n for n, m in list(sys.modules.items()) if {keep})))"
    probe = f"import sys\n{code}\n{listing}"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    return result.stdout.split()


def _heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in HEAVY or m.startswith(HEAVY)]


@pytest.mark.parametrize("name", app_names())
def test_importing_an_app_package_loads_nothing_heavy(name: str) -> None:
    modules = _loaded_after(f"import agentcore.apps.{name}")
    assert _heavy(modules) == []
    assert [m for m in modules if m.startswith(f"agentcore.apps.{name}.")] == []


def test_the_command_line_root_imports_only_the_apps_cli_modules() -> None:
    modules = _loaded_after("from agentcore.cli import app")
    assert _heavy(modules) == []
    app_modules = {
        m for m in _loaded_after("from agentcore.cli import app", packages=False) if m.startswith("agentcore.apps.")
    }
    assert {app.cli.partition(":")[0] for app in APPS if app.cli} <= app_modules
    assert sorted(m for m in app_modules if m.rpartition(".")[2] != "cli") == []  # commands only, no domain


@pytest.mark.parametrize(
    ("module", "step"),
    [
        ("agentcore.apps.example.agent", "example.sgr"),
        ("agentcore.apps.assistant.agent", "assistant.classify"),
        ("agentcore.apps.research.service", "research.react"),
        ("agentcore.apps.crm.model_client", "crm.plan"),
        ("agentcore.apps.haiku.llm_composer", "haiku.compose"),
    ],
)
def test_the_module_that_calls_a_step_registers_its_offline_handler(module: str, step: str) -> None:
    code = f"import {module}\nfrom agentcore.llm.offline import registered_steps\nprint(registered_steps())"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert step in result.stdout
