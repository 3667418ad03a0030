"""Wire models of the LLM layer (seed 001 ``gateway/models.py``): provider-neutral requests and responses.

Tool calls use the seed's format: ``{"name": ..., "arguments": "<json string>", "id": ...}``.  Providers convert
these models to and from their own wire formats (GigaChat ``functions``, OpenAI ``tools``).
"""

from __future__ import annotations

import json
import uuid
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Role = Literal["system", "user", "assistant", "tool"]


class LLMToolCall(BaseModel):
    """One tool call requested by the model; ``arguments`` is a JSON string (as OpenAI sends it)."""

    name: str
    arguments: str = "{}"
    id: str = Field(default_factory=lambda: f"call_{uuid.uuid4().hex[:24]}")

    def parsed_arguments(self) -> dict[str, Any]:
        """The arguments as a dict.

        Raises:
            ValueError: the arguments are not a JSON object.
        """
        value = json.loads(self.arguments or "{}")
        if not isinstance(value, dict):
            raise ValueError(f"tool arguments must be a JSON object, got {type(value).__name__}")
        return value


class LLMMessage(BaseModel):
    """One chat message. ``tool`` messages carry ``tool_call_id`` (and ``name``, the tool's name)."""

    role: Role
    content: str | None = None
    tool_calls: list[LLMToolCall] | None = None
    tool_call_id: str | None = None
    name: str | None = None


class LLMTool(BaseModel):
    """A function the model may call: name, description and a JSON Schema of its parameters."""

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})


class ResponseFormat(BaseModel):
    """Ask for JSON that follows ``schema`` (OpenAI ``json_schema`` response format)."""

    name: str = "output"
    schema_: dict[str, Any] = Field(alias="schema")
    strict: bool = False

    model_config = ConfigDict(populate_by_name=True)


ToolChoice = Literal["auto", "none", "required"] | str


class ModelConfig(BaseModel):
    """Per-agent model parameters; ``None`` leaves the provider's default."""

    name: str | None = None
    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    timeout: float | None = None


class LLMRequest(BaseModel):
    """A provider-neutral chat request.

    ``tool_choice`` is ``"auto"``, ``"none"``, ``"required"`` or the name of one tool to force.
    ``step`` names the agent step that asks (``"assistant.classify"``); it is never sent over the wire, the
    offline provider uses it to pick its handler and logs use it for context.
    """

    model: str | None = None
    messages: list[LLMMessage]
    tools: list[LLMTool] | None = None
    tool_choice: ToolChoice | None = None
    response_format: ResponseFormat | None = None
    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    timeout: float | None = None
    step: str | None = None
    extra: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def from_config(cls, config: ModelConfig, messages: list[LLMMessage], **kwargs: Any) -> LLMRequest:
        """Build a request from a :class:`ModelConfig` and messages."""
        return cls(
            model=config.name,
            messages=messages,
            temperature=config.temperature,
            top_p=config.top_p,
            max_tokens=config.max_tokens,
            timeout=config.timeout,
            **kwargs,
        )


class Usage(BaseModel):
    """Token counts as the provider reported them (zeros when it did not)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    reasoning_tokens: int = Field(0, description="completion_tokens_details.reasoning_tokens, when reported")


class LLMResponse(BaseModel):
    """A provider-neutral chat response; ``raw`` keeps the provider's own response dict."""

    content: str | None = None
    tool_calls: list[LLMToolCall] = Field(default_factory=list)
    finish_reason: str | None = None
    model: str | None = None
    usage: Usage = Field(default_factory=Usage)
    raw: dict[str, Any] = Field(default_factory=dict, repr=False)

    def as_message(self) -> LLMMessage:
        """The assistant message to append to a conversation."""
        return LLMMessage(role="assistant", content=self.content, tool_calls=self.tool_calls or None)


class EmbeddingResponse(BaseModel):
    """Vectors in input order."""

    vectors: list[list[float]]
    model: str | None = None
    raw: dict[str, Any] = Field(default_factory=dict, repr=False)
