"""Small utilities every layer uses: the UTC clock, secret redaction and the one truncation rule.

The bottom of the library (below ``text``): these modules import nothing of agentcore at import time
(:func:`~agentcore.util.redact.register_settings_secrets` reads the settings lazily when called without them).
"""

from __future__ import annotations

from agentcore.util.clock import from_iso, to_iso, utc_now, utc_now_iso, utc_stamp
from agentcore.util.redact import (
    MASK,
    Redactor,
    default_redactor,
    redact,
    redact_data,
    redact_public,
    register_secret,
    register_secrets,
    register_settings_secrets,
)
from agentcore.util.truncate import ELLIPSIS, truncate

__all__ = [
    "ELLIPSIS",
    "MASK",
    "Redactor",
    "default_redactor",
    "from_iso",
    "redact",
    "redact_data",
    "redact_public",
    "register_secret",
    "register_secrets",
    "register_settings_secrets",
    "to_iso",
    "truncate",
    "utc_now",
    "utc_now_iso",
    "utc_stamp",
]
