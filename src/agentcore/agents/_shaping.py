"""An agent's final answer in the shape a client asked for (``response_format`` / ``text.format``, a forced tool):
one more call to the configured model with its structured output, validated against the client's JSON Schema.

The offline provider writes no free-form JSON, so a structured answer needs a model: without one the surfaces refuse
the request up front (422 «структурированный ответ требует модели») instead of returning text the client's parser
would fail on.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

from agentcore.llm import arun_exchange, json_schema_exchange
from agentcore.llm.models import LLMMessage, LLMRequest

__all__ = ["AnswerShaper", "tool_choice_schema"]

_SYSTEM = (
    "Ты переводишь готовый ответ агента в JSON по заданной схеме. Используй только факты из ответа агента, ничего "
    "не добавляй; поля, для которых в ответе нет данных, заполни нейтрально (пустая строка, пустой список, null, "
    "если схема это допускает). Источники вида [n] сохраняй в текстовых полях."
)


class AnswerShaper:
    """Turns answers into JSON objects through a gateway made on first use.

    Args:
        gateway_factory: builds the gateway of the configured model; ``None``: no model (offline) — unavailable.
        mode: structured-output mode (``auto``: the provider's best).
    """

    def __init__(self, gateway_factory: Callable[[], Any] | None, mode: Any = "auto") -> None:
        self._factory = gateway_factory
        self._gateway: Any | None = None
        self._lock = threading.Lock()
        self.mode = mode

    @property
    def available(self) -> bool:
        """Whether a model is configured to shape answers."""
        return self._factory is not None

    def gateway(self) -> Any:
        """The gateway (made on first use)."""
        assert self._factory is not None
        with self._lock:
            if self._gateway is None:
                self._gateway = self._factory()
            return self._gateway

    async def shape(
        self, question: str, answer: str, schema: dict[str, Any] | None, *, name: str = "output", strict: bool = False
    ) -> dict[str, Any]:
        """``answer`` (to ``question``) as a JSON object valid against ``schema`` (``None``: any object).

        Raises:
            StructuredOutputError: the model's output did not validate after the re-asks.
            LLMError: the model failed.
        """
        gateway = self.gateway()
        request = LLMRequest(
            messages=[
                LLMMessage(role="system", content=_SYSTEM),
                LLMMessage(role="user", content=f"Вопрос пользователя: {question}\n\nОтвет агента:\n{answer}"),
            ],
            step="openai.shape",
        )
        capabilities = gateway.provider.capabilities
        exchange = json_schema_exchange(
            request, schema, name=name, strict=strict, mode=self.mode, capabilities=capabilities
        )
        return await arun_exchange(exchange, gateway.request)

    async def aclose(self) -> None:
        """Close the gateway when one was made."""
        if self._gateway is not None:
            await self._gateway.aclose()


def tool_choice_schema(tools: list[Any]) -> tuple[dict[str, Any], str]:
    """The schema for "call one of ``tools``" (``LLMTool`` list) and its name: the tool's own parameters when there
    is one; else ``{"tool": <name>, "arguments": {...}}`` with one branch per tool."""
    if len(tools) == 1:
        return tools[0].parameters, tools[0].name
    branches = [
        {
            "type": "object",
            "properties": {"tool": {"const": tool.name}, "arguments": tool.parameters},
            "required": ["tool", "arguments"],
        }
        for tool in tools
    ]
    return {"oneOf": branches, "description": json.dumps([t.name for t in tools], ensure_ascii=False)}, "tool_call"
