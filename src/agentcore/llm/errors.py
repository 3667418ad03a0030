"""Typed errors of the LLM layer. Every failure a provider can meet maps to exactly one of these."""

from __future__ import annotations


class LLMError(Exception):
    """Base of every LLM-layer error. ``str(error)`` is safe to log: it never holds a secret."""


class LLMConfigError(LLMError):
    """The provider is not configured (missing credentials, unknown provider name)."""


class LLMTransportError(LLMError):
    """The request did not get an HTTP response (connection refused, reset, DNS, TLS).

    ``retryable`` is False for failures a retry cannot fix (a TLS certificate the client rejects, an unknown host).
    """

    def __init__(self, message: str, *, retryable: bool = True) -> None:
        super().__init__(message)
        self.retryable = retryable


class LLMTimeoutError(LLMTransportError):
    """The request did not finish within its timeout."""


class LLMHTTPError(LLMError):
    """The server answered with an error status.

    Attributes:
        status_code: the HTTP status.
        body: the first part of the response body (for diagnostics).
        retry_after: seconds from a ``Retry-After`` header, if any.
    """

    def __init__(self, status_code: int, message: str, body: str = "", retry_after: float | None = None):
        super().__init__(f"HTTP {status_code}: {message}")
        self.status_code = status_code
        self.body = body
        self.retry_after = retry_after

    @property
    def retryable(self) -> bool:
        """429 and 5xx are transient; other statuses are not worth retrying."""
        return self.status_code == 429 or self.status_code >= 500


class LLMAuthError(LLMHTTPError):
    """401/403: the credentials were refused."""


class LLMRateLimitError(LLMHTTPError):
    """429: too many requests."""


class LLMResponseError(LLMError):
    """The response arrived but is not what the protocol promises (not JSON, HTML page, missing fields)."""


class StructuredOutputError(LLMError):
    """The model's output did not validate against the requested schema after all retries.

    Attributes:
        raw_output: the last raw text (or tool arguments) the model produced.
        validation_error: the last validation error, as text.
        attempts: how many model calls were made.
    """

    def __init__(self, message: str, raw_output: str | None, validation_error: str, attempts: int):
        super().__init__(f"{message} after {attempts} attempt(s): {validation_error}; raw output: {raw_output!r}")
        self.raw_output = raw_output
        self.validation_error = validation_error
        self.attempts = attempts


class NoOfflineHandlerError(LLMError):
    """The offline provider got a request for a step no handler is registered for."""


def is_retryable(error: BaseException) -> bool:
    """True for transient failures: timeouts, transport errors, 429 and 5xx."""
    if isinstance(error, LLMHTTPError):
        return error.retryable
    return isinstance(error, LLMTransportError) and error.retryable
