"""The one interface every LLM provider implements (GigaChat, OpenAI-compatible, offline, scripted)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from agentcore.llm.models import EmbeddingResponse, LLMRequest, LLMResponse


@dataclass(frozen=True)
class Capabilities:
    """What a provider can do natively; structured output picks its mode from these."""

    native_tools: bool = True
    json_schema: bool = False
    forced_function: bool = True
    parallel_tool_calls: bool = True


class LLMProvider(ABC):
    """A chat + embeddings backend.

    Implementations raise only :mod:`agentcore.llm.errors` types.  They hold network clients and must be
    closed with :meth:`aclose` (or used as ``async with``).
    """

    name: str = "provider"
    capabilities: Capabilities = Capabilities()

    @property
    def display_name(self) -> str:
        """How the provider is shown to a user (banner, ``--help``)."""
        return self.name

    @abstractmethod
    async def complete(self, request: LLMRequest) -> LLMResponse:
        """Run one chat completion."""

    @abstractmethod
    async def embed(self, texts: list[str], model: str | None = None) -> EmbeddingResponse:
        """Embed ``texts`` (one vector per text, same order)."""

    @abstractmethod
    async def chat_completions_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        """POST ``payload`` to the provider's ``/chat/completions`` and return its JSON response as is."""

    @abstractmethod
    async def embeddings_raw(self, payload: dict[str, Any]) -> dict[str, Any]:
        """POST ``payload`` to the provider's ``/embeddings`` and return its JSON response as is."""

    async def aclose(self) -> None:  # noqa: B027 - optional hook
        """Release network resources."""

    async def __aenter__(self) -> LLMProvider:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
