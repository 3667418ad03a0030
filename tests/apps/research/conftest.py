"""Fixtures of the research agent tests: a small knowledge base, an engine with a cheap embedder, services over a
scripted model (ReAct replies in order) or the offline policy."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from agentcore.agents.events import FinalEvent
from agentcore.apps.research import AgentRequest, AgentService
from agentcore.apps.research.retrieval import EngineRetriever
from agentcore.apps.research.settings import ResearchSettings
from agentcore.config import Settings
from agentcore.llm import MockLLMGateway, ScriptItem
from agentcore.llm.factory import create_gateway
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.rag.engine import RagEngine

KB: dict[str, str] = {
    "vacation.md": """# Отпуск

Ежегодный оплачиваемый отпуск составляет 28 календарных дней. Отпуск можно делить на части.

## Оформление

Заявление на отпуск подаётся через портал не позднее чем за две недели до начала отпуска.
""",
    "sick-leave.md": """# Больничный

При болезни сотрудник сообщает руководителю и оформляет электронный листок нетрудоспособности.
""",
    "vpn.md": """# Удалённый доступ

Для подключения к корпоративной сети установите клиент OpenVPN и загрузите профиль с портала.
""",
    "payroll.md": """# Зарплата

Заработная плата выплачивается два раза в месяц: аванс 25 числа и остаток 10 числа следующего месяца.
""",
    "release.md": """# Релизы

Код-фриз наступает в среду второй недели спринта. Для слияния MR нужно два одобрения.
""",
}


@pytest.fixture
def kb_dir(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """A folder with the small knowledge base — the test module's own ``KB`` when it defines one."""
    folder = tmp_path / "kb"
    folder.mkdir()
    for name, text in getattr(request.module, "KB", KB).items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def settings(data_dir: Path) -> Settings:
    """Offline settings, the test collection active, no cache (tests opt in)."""
    return Settings(
        data_dir=data_dir,
        provider="offline",
        rag_collection="test",
        research=ResearchSettings(cache_ttl=0),
    )


@pytest.fixture
def engine(settings: Settings, kb_dir: Path) -> RagEngine:
    engine = RagEngine(settings, embedder=HashingEmbedder(), backend=None)
    engine.indexer.index_path(kb_dir, "test")
    return engine


ServiceFactory = Callable[..., AgentService]


def with_research(settings: Settings, **fields: Any) -> Settings:
    """A copy of ``settings`` whose research section has ``fields`` changed (validated)."""
    research = ResearchSettings(**{**ResearchSettings.of(settings).model_dump(), **fields})
    return settings.model_copy(update={"research": research})


@pytest.fixture
def make_service(settings: Settings, engine: RagEngine) -> ServiceFactory:
    """``make_service(script=None, **overrides)``: a scripted model when ``script`` is given, else the offline
    provider (the offline ReAct policy); ``overrides`` are fields of the research section (``agent_max_steps=3``)
    or a library section's flat names (``rag_max_question_chars=10``)."""

    def make(script: list[ScriptItem] | None = None, retriever: Any = None, **overrides: Any) -> AgentService:
        own = {name: value for name, value in overrides.items() if name in ResearchSettings.model_fields}
        library = {name: value for name, value in overrides.items() if name not in own}
        configured = with_research(settings.model_copy(update=library), **own)
        gateway = MockLLMGateway(script) if script is not None else create_gateway(configured.llm)
        return AgentService(configured, gateway=gateway, retriever=retriever or EngineRetriever(engine))

    return make


OfflineFinal = Callable[[str], FinalEvent]
"""``final(question) -> FinalEvent`` of one offline run."""
OfflineAsk = Callable[[str], tuple[bool, str]]
"""``ask(question) -> (answered, answer)``."""


@pytest.fixture(scope="module")
def offline_final(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OfflineFinal]:
    """``final(question)``: the ``final`` event of the research agent's public stream, offline over the knowledge
    base that ships (``agentcore ask``'s engine: the local e5 embedder, hybrid search); one service per module."""
    settings = Settings(
        data_dir=Path(tmp_path_factory.mktemp("offline-ask")),
        provider="offline",
        rag_embedder="local",
        research=ResearchSettings(cache_ttl=0, agent_tool_timeout=60.0, agent_run_deadline=180.0),
    )
    loop = asyncio.new_event_loop()
    service = AgentService(settings)

    async def run(question: str) -> FinalEvent:
        events = [e async for e in service.stream_agent_response(AgentRequest(question=question))]
        final = events[-1]
        assert isinstance(final, FinalEvent)
        return final

    yield lambda question: loop.run_until_complete(run(question))
    loop.run_until_complete(service.aclose())
    loop.close()


@pytest.fixture(scope="module")
def ask(offline_final: OfflineFinal) -> OfflineAsk:
    """``ask(question) -> (answered, answer)`` of :func:`offline_final`."""

    def answered(question: str) -> tuple[bool, str]:
        final = offline_final(question)
        return bool(final.metadata.get("answered")), final.answer

    return answered
