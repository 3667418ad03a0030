"""Small utilities every layer uses: the UTC clock, secret redaction, the one truncation rule, the one retry policy
(:mod:`~agentcore.util.retry`, tenacity), the one all-or-nothing file write (:mod:`~agentcore.util.fileio`) and the
keyed owner ids of tokens and API keys (:mod:`~agentcore.util.owners`).

The bottom of the library (below ``text``): these modules import nothing of agentcore at import time
(:func:`~agentcore.util.redact.register_settings_secrets` is given the settings).
The retry and file-write names load on first use (PEP 562): tenacity is not imported with this package.
"""

from __future__ import annotations

from agentcore.lazy import lazy_exports
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

TYPE_CHECKING = False
if TYPE_CHECKING:
    from agentcore.util.fileio import atomic_write_bytes
    from agentcore.util.retry import RetryPolicy, retry_async, retry_sync

_LAZY = {
    "atomic_write_bytes": "agentcore.util.fileio",
    "RetryPolicy": "agentcore.util.retry",
    "retry_async": "agentcore.util.retry",
    "retry_sync": "agentcore.util.retry",
}

__all__ = [
    "ELLIPSIS",
    "MASK",
    "Redactor",
    "RetryPolicy",
    "atomic_write_bytes",
    "default_redactor",
    "from_iso",
    "redact",
    "redact_data",
    "redact_public",
    "register_secret",
    "register_secrets",
    "register_settings_secrets",
    "retry_async",
    "retry_sync",
    "to_iso",
    "truncate",
    "utc_now",
    "utc_now_iso",
    "utc_stamp",
]


__getattr__ = lazy_exports(__name__, _LAZY)
