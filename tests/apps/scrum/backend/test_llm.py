"""The backend's LLM connection from settings (the core's factory): GigaChat OAuth through the core (and a refused
token renewed once), an OpenAI-compatible server's model picked from /models, offline."""

from __future__ import annotations

from pydantic import SecretStr
from tests.apps.scrum import wire_model

from agentcore.apps.scrum.backend.llm import call_agent
from agentcore.config import Settings
from agentcore.llm.factory import chat_connection
from agentcore.llm.offline import OFFLINE_BANNER
from agentcore.testing.fake_gigachat import FakeGigaChatServer
from agentcore.testing.fake_openai import FakeOpenAIServer


def test_gigachat_with_credentials(giga: FakeGigaChatServer, data_dir: object) -> None:
    settings = Settings(
        provider="gigachat",
        gigachat_credentials=SecretStr(giga.credentials),
        gigachat_base_url=giga.base_url,
        gigachat_auth_url=giga.auth_url,
        gigachat_model="GigaChat-2-Max",
    )
    connection = chat_connection(settings.llm)
    assert connection.api_url == "gigachat:" + giga.base_url and giga.credentials not in repr(connection)
    try:
        giga.fake.script.dynamic(wire_model.answer)
        faq = call_agent(connection, "FAQ", {"message": "Что такое спринт?"}, {})
        assert faq["type"] == "text" and "Спринт" in faq["data"]
        assert giga.fake.token_requests == 1
        giga.fake.revoke_tokens()  # the API now refuses the cached token: 401, renewed once
        giga.fake.script.dynamic(wire_model.answer)
        intent = call_agent(connection, "ANALYTICS", {"message": "Кто перегружен?"}, {})
        assert intent == {"type": "json", "data": {"intent": "WORKLOAD", "params": {}}}
        assert giga.fake.token_requests == 2
    finally:
        connection.close()


def test_openai_model_from_the_server_list(oai: FakeOpenAIServer, data_dir: object) -> None:
    settings = Settings(provider="openai", openai_api_base=oai.base_url, openai_api_key=SecretStr(oai.api_key))
    connection = chat_connection(settings.llm)
    try:
        oai.fake.script.dynamic(wire_model.answer)
        assert call_agent(connection, "FAQ", {"message": "Что такое спринт?"}, {})["type"] == "text"
        model = oai.fake.requests.last("chat").json["model"]
        assert model and "embed" not in model and model != "GigaChat-2-Max"
    finally:
        connection.close()


def test_offline(data_dir: object) -> None:
    connection = chat_connection(Settings().llm)
    assert (connection.api_url, connection.display) == ("offline", OFFLINE_BANNER)
    assert call_agent(connection, "FAQ", {"message": "Что такое спринт?"}, {})["type"] == "text"
    connection.close()
