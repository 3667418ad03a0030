"""model_client on the core LLM layer, against the local fake OpenAI and GigaChat servers (exact wire formats)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.apps.crm.helpers import reply, step

from agentcore.apps.crm.errors import ModelClientError
from agentcore.apps.crm.model_client import ModelClient
from agentcore.apps.crm.models import AgentState
from agentcore.apps.crm.prompt import STATE_PREFIX, build_messages
from agentcore.apps.crm.settings import CrmSettings
from agentcore.config import Settings
from agentcore.serving import BackgroundServer, free_port
from agentcore.testing import Fault, create_fake_gigachat, create_fake_openai

API_KEY = "sk-fake-crm-key-0001"
CREDENTIALS = "ZmFrZS1jbGllbnQ6ZmFrZS1zZWNyZXQ="
ANSWER = reply([step("crm.deal.list", {"filter": {"%TITLE": "Ромашка"}})], "Ищу сделки.", "Нужен поиск.")


@pytest.fixture
def oai() -> Iterator[Any]:
    app = create_fake_openai(api_key=API_KEY)
    with BackgroundServer(app) as server:
        app.state.fake.url = server.url
        yield app.state.fake


def _messages() -> list[Any]:
    state = AgentState(session_id="s", user_id="u")
    return build_messages(state, "canary", "Найди сделку «Ромашка»")


async def test_openai_compatible_default_model_and_message_layout(oai: Any) -> None:
    oai.script.text(ANSWER)
    client = ModelClient.from_settings(
        Settings(provider="openai", openai_api_base=oai.url + "/v1", openai_api_key=API_KEY)
    )
    try:
        answer = await client.plan(_messages())
    finally:
        await client.aclose()
    assert answer.action[0].method == "crm.deal.list" and answer.assistant == "Ищу сделки."
    sent = oai.requests.last("chat").json
    assert sent["model"] == "gpt-5-thinking"
    roles = [m["role"] for m in sent["messages"]]
    assert roles == ["system", "user", "user"]
    system, state, user = (m["content"] for m in sent["messages"])
    assert "THOUGHT:" in system and "ACTION:" in system and "ASSISTANT:" in system and "canary" in system
    assert "crm.deal.update" in system and "OPPORTUNITY" in system
    assert state.startswith(STATE_PREFIX) and '"objects"' in state
    assert user == "Найди сделку «Ромашка»"
    assert "rest/" not in system + state  # the portal URL never reaches the model


async def test_openai_model_can_be_overridden(oai: Any) -> None:
    oai.script.text(ANSWER)
    settings = Settings(
        provider="openai",
        openai_api_base=oai.url + "/v1",
        openai_api_key=API_KEY,
        crm=CrmSettings(model="gpt-4.1-mini"),
    )
    client = ModelClient.from_settings(settings)
    try:
        await client.plan(_messages())
    finally:
        await client.aclose()
    assert oai.requests.last("chat").json["model"] == "gpt-4.1-mini"


async def test_missing_key_raises_without_any_request(oai: Any) -> None:
    client = ModelClient.from_settings(Settings(provider="openai", openai_api_base=oai.url + "/v1"))
    with pytest.raises(ModelClientError, match="OPENAI_API_KEY"):
        await client.plan(_messages())
    assert oai.requests.count() == 0


async def test_network_and_http_errors_raise_model_client_error(oai: Any) -> None:
    down = ModelClient.from_settings(
        Settings(
            provider="openai",
            openai_api_base=f"http://127.0.0.1:{free_port()}/v1",
            openai_api_key=API_KEY,
            llm_max_retries=0,
        )
    )
    with pytest.raises(ModelClientError):
        await down.plan(_messages())
    await down.aclose()

    oai.faults.inject("chat", Fault.http_error(500))
    failing = ModelClient.from_settings(
        Settings(provider="openai", openai_api_base=oai.url + "/v1", openai_api_key=API_KEY, llm_max_retries=0)
    )
    with pytest.raises(ModelClientError, match="500"):
        await failing.plan(_messages())
    await failing.aclose()

    wrong_key = ModelClient.from_settings(
        Settings(provider="openai", openai_api_base=oai.url + "/v1", openai_api_key="sk-wrong", llm_max_retries=0)
    )
    with pytest.raises(ModelClientError) as error:
        await wrong_key.plan(_messages())
    await wrong_key.aclose()
    assert "sk-wrong" not in str(error.value)


async def test_format_violation_raises(oai: Any) -> None:
    oai.script.text("Конечно! Сейчас найду сделку.")
    client = ModelClient.from_settings(
        Settings(provider="openai", openai_api_base=oai.url + "/v1", openai_api_key=API_KEY)
    )
    try:
        with pytest.raises(ModelClientError, match="no THOUGHT/ACTION/ASSISTANT"):
            await client.plan(_messages())
    finally:
        await client.aclose()


async def test_gigachat_works_too() -> None:
    app = create_fake_gigachat(credentials=CREDENTIALS)
    app.state.fake.script.text(ANSWER)
    with BackgroundServer(app) as server:
        settings = Settings(
            provider="gigachat",
            gigachat_credentials=CREDENTIALS,
            gigachat_base_url=server.url + "/api/v1",
            gigachat_auth_url=server.url + "/api/v2/oauth",
            gigachat_verify_ssl_certs=False,
        )
        client = ModelClient.from_settings(settings)
        try:
            answer = await client.plan(_messages())
        finally:
            await client.aclose()
    assert answer.action[0].params == {"filter": {"%TITLE": "Ромашка"}}
    sent = app.state.fake.requests.last("chat").json
    assert sent["model"] == "GigaChat-2-Max" and sent["messages"][0]["role"] == "system"


async def test_offline_provider_is_the_rule_based_planner() -> None:
    import agentcore.apps.crm  # noqa: F401 - registers the offline planner

    client = ModelClient.from_settings(Settings())
    answer = await client.plan(_messages())
    assert "не LLM" in client.display_name
    assert answer.action[0].method == "crm.deal.list"
    assert answer.action[0].params["filter"] == {"%TITLE": "Ромашка"}
