"""The one factory of model clients: shared providers per settings and loop, and the connection of a caller that
owns its transport (seed 003's ``agent_process``)."""

from __future__ import annotations

import asyncio

import pytest
from pydantic import SecretStr

from agentcore.config import Settings
from agentcore.llm.errors import LLMConfigError
from agentcore.llm.factory import chat_connection, reset_shared_providers, shared_provider
from agentcore.util.redact import redact


async def test_one_shared_provider_per_settings_object_and_loop() -> None:
    reset_shared_providers()
    first, second = Settings(), Settings()
    assert shared_provider(first.llm) is shared_provider(first.llm)
    assert shared_provider(second.llm) is not shared_provider(first.llm)

    async def elsewhere() -> object:
        return shared_provider(first.llm)

    other_loop = await asyncio.to_thread(lambda: asyncio.run(elsewhere()))
    assert other_loop is not shared_provider(first.llm)  # a connection pool never crosses loops
    reset_shared_providers()


def test_connection_for_an_openai_compatible_server_registers_its_key() -> None:
    key = "sk-factory-connection-secret"
    settings = Settings(provider="openai", openai_api_base="http://127.0.0.1:9/v1/", openai_api_key=SecretStr(key))
    connection = chat_connection(settings.llm)
    try:
        assert connection.api_url == "openai:http://127.0.0.1:9/v1" and connection.api_key == key
        assert connection.openai is not None and connection.model == ""  # asked from the server on first use
        assert key not in repr(connection) and key not in redact(f"key={key}")
        assert connection.renew_token() is False  # nothing to renew for a fixed key
    finally:
        connection.close()


def test_connection_with_a_model_asks_nothing() -> None:
    settings = Settings(provider="openai", openai_api_base="http://127.0.0.1:9/v1", openai_model="m1")
    connection = chat_connection(settings.llm)
    try:
        assert connection.openai is None
        assert connection.arguments()["model"] == "m1"
    finally:
        connection.close()


def test_gigachat_without_credentials_fails_before_any_io() -> None:
    with pytest.raises(LLMConfigError):
        chat_connection(Settings(provider="gigachat").llm)
