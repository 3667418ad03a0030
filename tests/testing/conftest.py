"""Fixtures: one fake server per module on a real loopback port, reset before every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agentcore.testing.fake_gigachat import FakeGigaChatServer, serve_fake_gigachat
from agentcore.testing.fake_openai import FakeOpenAIServer, serve_fake_openai


@pytest.fixture(scope="module")
def _giga_server() -> Iterator[FakeGigaChatServer]:
    with serve_fake_gigachat() as server:
        yield server


@pytest.fixture(scope="module")
def _oai_server() -> Iterator[FakeOpenAIServer]:
    with serve_fake_openai() as server:
        yield server


@pytest.fixture
def giga(_giga_server: FakeGigaChatServer) -> FakeGigaChatServer:
    _giga_server.fake.reset()
    return _giga_server


@pytest.fixture
def oai(_oai_server: FakeOpenAIServer) -> FakeOpenAIServer:
    _oai_server.fake.reset()
    return _oai_server
