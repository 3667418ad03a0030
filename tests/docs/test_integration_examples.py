"""Every Python example of docs/integrations/*.md runs, unmodified, against a live ``/v1`` (FastAPI's habit: the docs'
examples are tests).  Behind the research agent sits a small deterministic model that follows the ReAct protocol:
it calls a client tool when one is offered, otherwise answers with the draft the agent composed, and fills
structured answers from that draft — so the examples that need a configured model run too."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.apps.research.conftest import engine, kb_dir, settings  # noqa: F401

from agentcore.agents import AnswerShaper
from agentcore.apps.research import AgentService
from agentcore.apps.research.retrieval import EngineRetriever
from agentcore.apps.research.routes import ResearchHTTP
from agentcore.apps.research.tools import DRAFT_COVERAGE_LABEL, DRAFT_LABEL
from agentcore.config import Settings
from agentcore.llm.gateway import SimpleLLMGateway
from agentcore.llm.models import EmbeddingResponse, LLMRequest, LLMResponse, Usage
from agentcore.llm.provider import Capabilities, LLMProvider
from agentcore.rag.engine import RagEngine
from agentcore.server import research_model
from agentcore.serving import BackgroundServer
from agentcore.web.app import create_base_app
from agentcore.web.v1.router import create_openai_router

pytestmark = pytest.mark.e2e

DOCS = Path(__file__).resolve().parents[2] / "docs" / "integrations"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
USAGE = Usage(prompt_tokens=40, completion_tokens=8, total_tokens=48)


class ProtocolModel(LLMProvider):
    """A deterministic stand-in for a configured model."""

    name = "scripted"
    capabilities = Capabilities(native_tools=True, json_schema=True)

    async def complete(self, request: LLMRequest) -> LLMResponse:
        texts = [m.content or "" for m in request.messages]
        draft = _draft("\n".join(texts))
        if request.response_format is not None or request.tools:  # the structured answer: from the agent's answer
            draft = "\n".join(texts).rsplit("Ответ агента:", 1)[-1].strip()
            schema = request.response_format.schema_ if request.response_format else request.tools[0].parameters  # type: ignore[index]
            return LLMResponse(content=json.dumps(_fill(schema, draft), ensure_ascii=False), usage=USAGE)
        system = texts[0]
        if "Инструменты клиента" in system and not any(t.startswith("Observation:") for t in texts[1:]):
            tool = re.search(r"^- (\w+):", system.split("Инструменты клиента", 1)[1], re.MULTILINE)
            assert tool is not None
            return LLMResponse(
                content=f'Thought: спрошу клиента\nAction: {tool.group(1)} {{"employee": "Иванов"}}', usage=USAGE
            )
        answer = f"FinalAnswer: {draft}" if draft else "Thought: нужен контекст\nFinalAnswer: не знаю"
        return LLMResponse(content=answer, usage=USAGE)

    async def embed(self, texts: list[str], model: str | None = None) -> EmbeddingResponse:
        raise NotImplementedError

    async def chat_completions_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    async def embeddings_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError


def _draft(text: str) -> str:
    if DRAFT_LABEL not in text:
        return ""
    draft = text.rsplit(DRAFT_LABEL, 1)[1].split(DRAFT_COVERAGE_LABEL, 1)[0].strip()
    return "" if draft.startswith("в контексте нет") else draft


def _fill(schema: dict[str, Any], draft: str) -> Any:
    kind = schema.get("type")
    if kind == "object":
        return {key: _fill(value, draft) for key, value in (schema.get("properties") or {}).items()}
    if kind == "integer":
        number = re.search(r"\d+", draft)
        return int(number.group()) if number else 0
    if kind == "array":
        return []
    if kind == "boolean":
        return True
    return draft


@pytest.fixture
def served(settings: Settings, engine: RagEngine, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:  # noqa: F811
    gateway = SimpleLLMGateway(ProtocolModel())
    service = AgentService(settings, gateway=gateway, retriever=EngineRetriever(engine))
    research = ResearchHTTP(settings, service=service)
    app = create_base_app(settings, title="docs")
    app.include_router(
        create_openai_router({"research": research_model(research)}, shaper=AnswerShaper(lambda: gateway))
    )
    with BackgroundServer(app) as server:
        monkeypatch.setenv("AGENTCORE_URL", server.url)
        yield server.url


def examples() -> list[Any]:
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for number, match in enumerate(BLOCK.finditer(page.read_text(encoding="utf-8")), start=1):
            found.append(pytest.param(match.group(1), id=f"{page.stem}-{number}"))
    return found


def test_every_integration_page_has_examples() -> None:
    pages = {p.stem for p in DOCS.glob("*.md")}
    assert pages == {"openai-sdk", "openai-agents", "pydantic-ai"}
    assert len(examples()) >= 10


@pytest.mark.parametrize("code", examples())
def test_example_runs(served: str, code: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(code, "<docs example>", "exec"), {"__name__": "__docs__"})
    out = capsys.readouterr().out
    assert "28" in out, out  # every example asks about the vacation; the answer (or its JSON) says 28 days
