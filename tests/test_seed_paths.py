"""The import paths the seeds and earlier docs name keep working after the layout moved modules (issue 17)."""

from __future__ import annotations

import importlib

import pytest

SEED_NAMES = [
    ("agentcore.llm.api", "post_chat_completions"),
    ("agentcore.llm.api", "post_embeddings"),
    ("agentcore.agents.sgr", "SystemSGRAgent"),
    ("agentcore.agents.sgr", "SGRTool"),
    ("agentcore.agents.sgr", "ReasoningStep"),
    ("agentcore.agents.sgr", "ToolCall"),
    ("agentcore.llm", "SimpleLLMGateway"),
    ("agentcore.llm", "LLMGateway"),
    ("agentcore.apps.example", "ExampleSGRAgent"),
    ("agentcore.apps.example", "GetTimeTool"),
    ("agentcore.apps.scrum.agent_core", "agent_process"),
    ("agentcore.apps.scrum.blockers", "process_blockers"),
    ("agentcore.apps.crm.main_entrypoint", "build_orchestrator"),
    ("agentcore.apps.crm.model_client", "ModelClient"),
    ("agentcore.apps.crm.http_api", "create_app"),
    ("agentcore.apps.research.service", "AgentService"),
    ("agentcore.apps.research.qa", "QAService"),
    ("agentcore.config", "Settings"),
    ("agentcore.config", "get_settings"),
]


@pytest.mark.parametrize(("module", "name"), SEED_NAMES, ids=lambda v: v if isinstance(v, str) else None)
def test_seed_names_import(module: str, name: str) -> None:
    assert getattr(importlib.import_module(module), name) is not None


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("agentcore.apps.crm.http_api", "agentcore.apps.crm.http"),
        ("agentcore.apps.haiku.service", "agentcore.apps.haiku.http"),
        ("agentcore.apps.research.routes", "agentcore.apps.research.http"),
        ("agentcore.apps.scrum.backend.routes", "agentcore.apps.scrum.http"),
        ("agentcore.apps.example.served", "agentcore.apps.example.http"),
    ],
)
def test_former_module_paths_are_the_same_modules(old: str, new: str) -> None:
    assert importlib.import_module(old) is importlib.import_module(new)


def test_config_is_the_composed_settings() -> None:
    import agentcore.config
    import agentcore.settings

    assert agentcore.config.Settings is agentcore.settings.Settings
    assert agentcore.config.get_settings is agentcore.settings.get_settings
