"""``AGENT_MAX_STEPS`` is the one bound of ``max_steps``: the request schema of ``POST /research`` declares it (so the
schema and the service agree, whatever the setting), the service enforces it for the CLI and the other doors."""

from __future__ import annotations

import httpx
import pytest
from tests.apps.research.conftest import ServiceFactory, with_research
from tests.apps.research.test_http import _serve
from tests.apps.research.test_service import BASE_FLOW, final, run

from agentcore.apps.research import AgentRequest
from agentcore.config import Settings

pytestmark = pytest.mark.e2e

ANSWER = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."


def _schema_bound(url: str) -> int:
    schema = httpx.get(url + "/openapi.json", timeout=30).json()
    (body,) = [s for name, s in schema["components"]["schemas"].items() if name.startswith("AgentRequest")]
    (steps,) = [option for option in body["properties"]["max_steps"]["anyOf"] if option.get("type") == "integer"]
    return int(steps["maximum"])


@pytest.mark.parametrize("limit", [15, 40])
def test_the_schema_bound_is_agent_max_steps(settings: Settings, make_service: ServiceFactory, limit: int) -> None:
    configured = with_research(settings, agent_max_steps=limit)
    with _serve(configured, make_service([*BASE_FLOW, final(ANSWER)], agent_max_steps=limit)) as server:
        assert _schema_bound(server.url) == limit
        over = httpx.post(server.url + "/research", json={"question": "отпуск?", "max_steps": limit + 1}, timeout=30)
        assert over.status_code == 422 and over.json()["code"] == "validation_error"
        ok = httpx.post(server.url + "/research", json={"question": "отпуск?", "max_steps": limit}, timeout=30)
        assert ok.status_code == 200 and ok.json()["metadata"]["max_steps"] == limit


async def test_the_service_accepts_any_value_up_to_the_setting(make_service: ServiceFactory) -> None:
    events = await run(make_service([*BASE_FLOW, final(ANSWER)], agent_max_steps=40), max_steps=25)
    assert events[-1].type == "final" and events[-1].metadata["max_steps"] == 25  # type: ignore[union-attr]
    refused = await run(make_service([final(ANSWER)], agent_max_steps=40), max_steps=41)
    assert refused[-1].type == "error" and "от 1 до 40" in refused[-1].message  # type: ignore[union-attr]
    assert AgentRequest(question="вопрос", max_steps=100).max_steps == 100  # the bound is the setting's, not the type's


def test_the_default_step_limit_is_held_to_agent_max_steps(settings: Settings, make_service: ServiceFactory) -> None:
    """``AGENT_DEFAULT_STEPS`` (8) above ``AGENT_MAX_STEPS`` (5): a request naming no limit runs with 5, not 8."""
    configured = with_research(settings, agent_max_steps=5)
    with _serve(configured, make_service([*BASE_FLOW, final(ANSWER)], agent_max_steps=5)) as server:
        answer = httpx.post(server.url + "/research", json={"question": "отпуск?"}, timeout=30)
        assert answer.status_code == 200 and answer.json()["metadata"]["max_steps"] == 5
