"""The LLM layer: wire models, providers (GigaChat, OpenAI-compatible, offline, scripted), gateways, structured
output, and seed 000's ``post_chat_completions`` / ``post_embeddings``.

Heavy parts import lazily; ``from agentcore.llm import LLMGateway`` is cheap.
"""

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

__all__ = [
    "Capabilities",
    "EmbeddingResponse",
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
    "ModelConfig",
    "NoOfflineHandlerError",
    "ResponseFormat",
    "SimpleLLMGateway",
    "StructuredOutputError",
    "Usage",
    "create_gateway",
    "create_provider",
    "offline_handler",
    "post_chat_completions",
    "post_embeddings",
    "register_offline_handler",
]
