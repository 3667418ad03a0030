"""The LLM layer: wire models, providers (GigaChat, OpenAI-compatible, offline, scripted), gateways, structured
output, and seed 000's ``post_chat_completions`` / ``post_embeddings``.

Heavy parts import lazily; ``from agentcore.llm import LLMGateway`` is cheap.  The public API is this package's
``__all__`` and the public modules (``api``, ``errors``, ``factory``, ``gateway``, ``models``, ``provider``, ...);
modules named ``_x`` are implementation (see docs/architecture.md, "Public names and private modules").
"""

from typing import TYPE_CHECKING, Any

from agentcore.llm._breaker import CircuitBreaker
from agentcore.llm._calls import CALLS_HEADER, CallLog, joined, lends_to, recording, shared
from agentcore.llm._connection import ChatConnection
from agentcore.llm._deadline import llm_deadline, remaining_budget
from agentcore.llm._local_embeddings import embed_local_array
from agentcore.llm._scripted import MockLLMGateway, ScriptedProvider, ScriptItem, tool_call
from agentcore.llm._structured import (
    Exchange,
    arun_exchange,
    checked_text_exchange,
    error_summary,
    extract_json,
    json_schema_exchange,
    run_exchange,
    structured_exchange,
)
from agentcore.llm._usage import TokenBudgetExhausted, UsageMeter, UsageTotals, current_meter, metering
from agentcore.llm.api import post_chat_completions, post_embeddings
from agentcore.llm.errors import (
    LLMAuthError,
    LLMConfigError,
    LLMError,
    LLMHTTPError,
    LLMRateLimitError,
    LLMResponseError,
    LLMTimeoutError,
    LLMTransportError,
    NoOfflineHandlerError,
    StructuredOutputError,
)
from agentcore.llm.factory import create_gateway, create_provider
from agentcore.llm.gateway import LLMGateway, SimpleLLMGateway
from agentcore.llm.models import (
    EmbeddingResponse,
    LLMMessage,
    LLMRequest,
    LLMResponse,
    LLMTool,
    LLMToolCall,
    ModelConfig,
    ResponseFormat,
    Usage,
)
from agentcore.llm.offline import offline_handler, register_offline_handler
from agentcore.llm.provider import Capabilities, LLMProvider

if TYPE_CHECKING:
    from agentcore.llm._endpoint import ChatEndpoint

# Loaded on first use: the endpoint's wire client imports httpx, which the rest of this root does not need.
_LAZY = {"ChatEndpoint": "agentcore.llm._endpoint"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CALLS_HEADER",
    "CallLog",
    "Capabilities",
    "ChatConnection",
    "ChatEndpoint",
    "CircuitBreaker",
    "EmbeddingResponse",
    "Exchange",
    "LLMAuthError",
    "LLMConfigError",
    "LLMError",
    "LLMGateway",
    "LLMHTTPError",
    "LLMMessage",
    "LLMProvider",
    "LLMRateLimitError",
    "LLMRequest",
    "LLMResponse",
    "LLMResponseError",
    "LLMTimeoutError",
    "LLMTool",
    "LLMToolCall",
    "LLMTransportError",
    "MockLLMGateway",
    "ModelConfig",
    "NoOfflineHandlerError",
    "ResponseFormat",
    "ScriptItem",
    "ScriptedProvider",
    "SimpleLLMGateway",
    "StructuredOutputError",
    "TokenBudgetExhausted",
    "Usage",
    "UsageMeter",
    "UsageTotals",
    "arun_exchange",
    "checked_text_exchange",
    "create_gateway",
    "create_provider",
    "current_meter",
    "embed_local_array",
    "error_summary",
    "extract_json",
    "joined",
    "json_schema_exchange",
    "lends_to",
    "llm_deadline",
    "metering",
    "offline_handler",
    "post_chat_completions",
    "post_embeddings",
    "recording",
    "register_offline_handler",
    "remaining_budget",
    "run_exchange",
    "shared",
    "structured_exchange",
    "tool_call",
]
