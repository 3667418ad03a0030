"""The CRM app's errors: :class:`CrmError` is the root of every error the app raises (the Bitrix24 client's, in
``bitrix/errors.py``, the state store's, the portal settings', the key-to-user mapping's); the ones callers handle
most are here.  Errors about the user's input keep ``ValueError`` as a second base.
"""

from __future__ import annotations

__all__ = ["CrmError", "InputError", "ModelClientError"]


class CrmError(Exception):
    """Base of every error of the CRM app."""


class ModelClientError(CrmError):
    """The model could not give a usable answer: no API key, a network or HTTP failure, or a format violation.

    The orchestrator answers with the degradation reply (no ACTION) when it meets this error.
    ``str(error)`` is safe to log: it never holds a secret.
    """


class InputError(CrmError, ValueError):
    """The user's input cannot be processed (empty, too long, a bad override); the message is Russian."""
