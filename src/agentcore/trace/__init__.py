"""Observability: step-prefixed logging (with redaction of every record) and the JSONL trace store.

The helpers these build on — the UTC clock, secret redaction and truncation — live in :mod:`agentcore.util`.
"""

from __future__ import annotations

from agentcore.trace.jsonl import JsonlStore
from agentcore.trace.logs import (
    RedactingFilter,
    StepLoggerAdapter,
    UTCFormatter,
    redact_loggers,
    setup_logging,
    step_logger,
)

__all__ = [
    "JsonlStore",
    "RedactingFilter",
    "StepLoggerAdapter",
    "UTCFormatter",
    "redact_loggers",
    "setup_logging",
    "step_logger",
]
