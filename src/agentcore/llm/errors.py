"""Typed errors of the LLM layer. Every failure a provider can meet maps to exactly one of these."""

from __future__ import annotations


class LLMError(Exception):
    """Base of every LLM-layer error.

    ``str(error)`` is for logs and the operator's terminal: upstream text in it has passed the redactor (no
    secret), but it may name the upstream URL.  :attr:`public_message` is for HTTP clients and end users: a short
    Russian description with no upstream text at all.  :attr:`code` names the failure for machines; which HTTP
    status a service answers with is the edge's business (``agentcore.web.status``), not the error's.
    """

    code: str = "upstream_error"
    public_text: str = "языковая модель вернула ошибку"

    @property
    def public_message(self) -> str:
        """What a user or an HTTP client may see: Russian, no upstream text, no URL, no secret."""
        return self.public_text


class LLMConfigError(LLMError):
    """The provider is not configured (missing credentials, unknown provider name).

    Its text names settings (``GIGACHAT_CREDENTIALS``), never their values, so it is safe to show as is.
    """

    code = "llm_not_configured"

    @property
    def public_message(self) -> str:
        return f"провайдер LLM не настроен: {self}"


class LLMTransportError(LLMError):
    """The request did not get an HTTP response (connection refused, reset, DNS, TLS).

    ``retryable`` is False for failures a retry cannot fix (a TLS certificate the client rejects, an unknown host).
    """

    code = "upstream_unreachable"
    public_text = "не удалось связаться с языковой моделью"

    def __init__(self, message: str, *, retryable: bool = True) -> None:
        super().__init__(message)
        self.retryable = retryable


class LLMTimeoutError(LLMTransportError):
    """The request did not finish within its timeout (one attempt) or its deadline (all attempts)."""

    code = "upstream_timeout"
    public_text = "языковая модель не ответила вовремя"


class LLMCircuitOpenError(LLMError):
    """The provider failed too many times in a row: calls fail at once until a probe succeeds.

    Attributes:
        retry_after: seconds until the next probe is allowed (``Retry-After`` of an HTTP answer).
    """

    code = "llm_unavailable"
    public_text = "языковая модель временно недоступна"

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class LLMHTTPError(LLMError):
    """The server answered with an error status.

    Attributes:
        status_code: the HTTP status.
        body: the first part of the response body (for diagnostics).
        retry_after: seconds from a ``Retry-After`` header, if any.
    """

    public_text = "языковая модель вернула ошибку"

    def __init__(self, status_code: int, message: str, body: str = "", retry_after: float | None = None):
        super().__init__(f"HTTP {status_code}: {message}")
        self.status_code = status_code
        self.body = body
        self.retry_after = retry_after

    @property
    def public_message(self) -> str:
        return f"{self.public_text} (HTTP {self.status_code})"

    @property
    def retryable(self) -> bool:
        """429 and 5xx are transient; other statuses are not worth retrying."""
        return self.status_code == 429 or self.status_code >= 500


class LLMAuthError(LLMHTTPError):
    """401/403: the credentials were refused."""

    code = "upstream_auth"
    public_text = "языковая модель отклонила учётные данные сервиса"


class LLMRateLimitError(LLMHTTPError):
    """429: too many requests."""

    code = "upstream_rate_limited"
    public_text = "языковая модель перегружена запросами, повторите позже"


class LLMResponseError(LLMError):
    """The response arrived but is not what the protocol promises (not JSON, HTML page, missing fields)."""

    code = "upstream_bad_response"
    public_text = "языковая модель вернула некорректный ответ"


class StructuredOutputError(LLMError):
    """The model's output did not validate against the requested schema after all retries.

    Attributes:
        raw_output: the last raw text (or tool arguments) the model produced.
        validation_error: the last validation error, as text.
        attempts: how many model calls were made.
    """

    code = "llm_output_invalid"
    public_text = "ответ языковой модели не прошёл проверку формата"

    def __init__(self, message: str, raw_output: str | None, validation_error: str, attempts: int):
        super().__init__(f"{message} after {attempts} attempt(s): {validation_error}; raw output: {raw_output!r}")
        self.raw_output = raw_output
        self.validation_error = validation_error
        self.attempts = attempts


class NoOfflineHandlerError(LLMError):
    """The offline provider got a request for a step no handler is registered for."""

    code = "internal_error"
    public_text = "офлайн-провайдер не умеет отвечать на этот шаг"


def is_retryable(error: BaseException) -> bool:
    """True for transient failures: timeouts, transport errors, 429 and 5xx."""
    if isinstance(error, LLMHTTPError):
        return error.retryable
    return isinstance(error, LLMTransportError) and error.retryable


def retry_after_of(error: BaseException) -> float | None:
    """Seconds the caller should wait before trying again, when the error says so (429, open circuit)."""
    value = getattr(error, "retry_after", None)
    return float(value) if isinstance(value, int | float) and value >= 0 else None


def counts_against_provider(error: BaseException) -> bool:
    """Whether a failure says the provider is unhealthy (circuit-breaker accounting).

    Timeouts, transport failures, 429, 5xx and broken responses (HTML pages, truncated JSON) count; a request the
    provider refused for its content (400, 404), refused credentials and invalid structured output do not: they
    would fail the same way on a healthy provider.
    """
    if isinstance(error, LLMResponseError):
        return True
    return is_retryable(error)
