"""A question written as a message — a greeting, the asker's situation, then the question — through the research agent
(``agentcore ask``, ``POST /research``, ``/v1``), offline over the knowledge base that ships: the answer is read from
the sentences that ask (:mod:`agentcore.text.message`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from agentcore.apps.research import AgentRequest, AgentService
from agentcore.apps.research.settings import ResearchSettings
from agentcore.config import Settings

Ask = Callable[[str], tuple[bool, str]]


@pytest.fixture(scope="module")
def ask(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ask]:
    """``ask(question) -> (answered, answer)`` through the research agent's public stream, offline."""
    settings = Settings(
        data_dir=Path(tmp_path_factory.mktemp("message-questions")),
        provider="offline",
        rag_embedder="local",
        research=ResearchSettings(cache_ttl=0, agent_tool_timeout=60.0, agent_run_deadline=180.0),
    )
    loop = asyncio.new_event_loop()
    service = AgentService(settings)

    async def run(question: str) -> tuple[bool, str]:
        events = [e async for e in service.stream_agent_response(AgentRequest(question=question))]
        final = events[-1]
        assert final.type == "final"
        return bool(final.metadata.get("answered")), final.answer

    yield lambda question: loop.run_until_complete(run(question))
    loop.run_until_complete(service.aclose())
    loop.close()


def test_the_askers_situation_does_not_decline_the_answer(ask: Ask) -> None:
    """Read whole, the greeting and «работаю второй месяц, сижу в офисе на Ленина» were terms the answer had to hold:
    the 28 days were declined."""
    answered, answer = ask(
        "Добрый день! Я работаю у вас второй месяц, сижу в офисе на Ленина. Сколько дней ежегодного отпуска мне "
        "положено? Спасибо!"
    )
    assert answered and "28 календарных дней" in answer, answer
    assert "Ленина" not in answer, answer  # no «В документах не нашлось: …» naming the asker's situation


def test_an_english_message_is_read_from_its_question(ask: Ask) -> None:
    answered, answer = ask(
        "Hi! I'm new in the team and my laptop is a bit slow. How many days of annual leave do I get?"
    )
    assert answered and "28 календарных дней" in answer, answer
