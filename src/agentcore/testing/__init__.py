"""Test doubles that speak real wire formats over loopback HTTP.

- :func:`create_fake_gigachat` / :func:`create_fake_openai` — FastAPI apps faking the GigaChat and OpenAI APIs;
  run them with :class:`agentcore.serving.BackgroundServer`; state at ``app.state.fake``.
- :func:`serve_fake_gigachat` / :func:`serve_fake_openai` — the same, already running:
  ``with serve_fake_openai() as server: OpenAI(base_url=server.base_url, api_key=server.api_key)``.
- :class:`FakeScript` — queued answers; :class:`FaultPlan` / :class:`Fault` — injected failures and latency.
"""

from agentcore.testing.fake_gigachat import (
    FakeGigaChatServer,
    GigaChatFake,
    create_fake_gigachat,
    serve_fake_gigachat,
)
from agentcore.testing.fake_openai import FakeOpenAIServer, OpenAIFake, create_fake_openai, serve_fake_openai
from agentcore.testing.faults import Fault, FaultPlan
from agentcore.testing.script import (
    FakeScript,
    RawReply,
    RecordedRequest,
    RequestLog,
    TextReply,
    ToolCall,
    ToolCallsReply,
    minimal_instance,
)

__all__ = [
    "FakeGigaChatServer",
    "FakeOpenAIServer",
    "FakeScript",
    "Fault",
    "FaultPlan",
    "GigaChatFake",
    "OpenAIFake",
    "RawReply",
    "RecordedRequest",
    "RequestLog",
    "TextReply",
    "ToolCall",
    "ToolCallsReply",
    "create_fake_gigachat",
    "create_fake_openai",
    "minimal_instance",
    "serve_fake_gigachat",
    "serve_fake_openai",
]
