"""Errors of the CRM orchestrator that callers handle (the Bitrix24 client has its own, in ``bitrix/errors.py``)."""

from __future__ import annotations


class ModelClientError(Exception):
    """The model could not give a usable answer: no API key, a network or HTTP failure, or a format violation.

    The orchestrator answers with the degradation reply (no ACTION) when it meets this error.
    ``str(error)`` is safe to log: it never holds a secret.
    """


class InputError(ValueError):
    """The user's input cannot be processed (empty, too long, a bad override); the message is Russian."""
