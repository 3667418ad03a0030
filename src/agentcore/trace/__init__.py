"""Observability core: UTC clock, secret redaction, step-prefixed logging, JSONL store, message history, truncation.

``MessageHistory`` is imported lazily: it is the only part of ``trace`` that needs ``agentcore.llm.models``,
and importing it eagerly would make ``import agentcore.trace`` pull in the ``llm`` package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agentcore.trace.clock import from_iso, to_iso, utc_now, utc_now_iso, utc_stamp
from agentcore.trace.jsonl import JsonlStore
from agentcore.trace.logs import (
    RedactingFilter,
    StepLoggerAdapter,
    UTCFormatter,
    redact_loggers,
    setup_logging,
    step_logger,
)
from agentcore.trace.redact import (
    MASK,
    Redactor,
    default_redactor,
    redact,
    redact_data,
    register_secret,
    register_secrets,
    register_settings_secrets,
)
from agentcore.trace.text import truncate

if TYPE_CHECKING:
    from agentcore.trace.history import MessageHistory

__all__ = [
    "MASK",
    "JsonlStore",
    "MessageHistory",
    "RedactingFilter",
    "Redactor",
    "StepLoggerAdapter",
    "UTCFormatter",
    "default_redactor",
    "from_iso",
    "redact",
    "redact_data",
    "redact_loggers",
    "register_secret",
    "register_secrets",
    "register_settings_secrets",
    "setup_logging",
    "step_logger",
    "to_iso",
    "truncate",
    "utc_now",
    "utc_now_iso",
    "utc_stamp",
]


def __getattr__(name: str) -> Any:
    if name == "MessageHistory":
        from agentcore.trace import history

        return getattr(history, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
