"""The one map from an error type to its HTTP answer: status, machine code, Russian message (the HTTP edge).

Errors of the library (``llm``, ``rag``, ``tools``, ``agents``) and of the apps say *what* went wrong; only this
module says which HTTP status that is.  Every route and ``/v1`` turn an error that ends a request into an answer
with :func:`answer_for` (or :meth:`StatusMap.answer`); an app adds its own error types with
:meth:`StatusMap.register` (its plugin's ``error_faces()``).

Lookup walks the error's MRO, so the most specific registered class wins (``LLMTimeoutError`` before
``LLMTransportError`` before ``LLMError``).  An error no face is registered for is a bug: 500 ``internal_error``
without detail.

=============================================== ====== ============================= ================================
error type                                      status code                          message
=============================================== ====== ============================= ================================
``LLMConfigError``                              503    ``llm_not_configured``        ``public_message`` (names the
                                                                                     setting, never its value)
``LLMTimeoutError``                             504    ``upstream_timeout``          ``public_message``
``LLMTransportError``                           502    ``upstream_unreachable``      ``public_message``
``LLMCircuitOpenError``                         503    ``llm_unavailable``           ``public_message``, Retry-After
``LLMRateLimitError``                           503    ``upstream_rate_limited``     ``public_message``, Retry-After
``LLMAuthError``                                502    ``upstream_auth``             ``public_message``
``LLMHTTPError``                                502    ``upstream_error``            ``public_message`` (HTTP n)
``LLMResponseError``                            502    ``upstream_bad_response``     ``public_message``
``StructuredOutputError``                       502    ``llm_output_invalid``        ``public_message``
``NoOfflineHandlerError``                       500    ``internal_error``            ``public_message``
``TokenBudgetExhausted``                        429    ``token_budget_exhausted``    ``public_message``
``LLMError``                                    502    ``upstream_error``            ``public_message``
``InvalidQueryError``                           422    ``invalid_query``             ``str()``
``InvalidCollectionNameError``                  422    ``invalid_collection_name``   same
``UnknownCollectionError``                      404    ``unknown_collection``        same
``EmptyCollectionError``                        409    ``empty_collection``          same
``DenseUnavailableError``                       400    ``dense_unavailable``         same
``IngestError``                                 400    ``ingest_error``              same
``EmbedderError``                               503    ``embedder_unavailable``      same
``SearchBackendError``                          503    ``search_backend_unavailable`` same
``RetrievalError``                                    400    ``rag_error``                 same
anything else                                   500    ``internal_error``            «внутренняя ошибка сервера»
=============================================== ====== ============================= ================================

Every message passes :func:`agentcore.util.redact.redact_public` (URLs and secrets hidden, length capped).

An agent run that a model failure ended carries the failure's ``code`` (``ErrorEvent.upstream``), not a status:
:func:`upstream_status` maps the code back through the faces of the model errors, :func:`public_event` writes it
into an event that leaves through HTTP, and :func:`answer_for_event` answers with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from agentcore.agents.events import AgentStepEvent, ErrorEvent
from agentcore.llm import TokenBudgetExhausted
from agentcore.llm.errors import (
    LLMAuthError,
    LLMCircuitOpenError,
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
from agentcore.rag.errors import (
    DenseUnavailableError,
    EmbedderError,
    EmptyCollectionError,
    IngestError,
    InvalidCollectionNameError,
    InvalidQueryError,
    RetrievalError,
    SearchBackendError,
    UnknownCollectionError,
)
from agentcore.web.errors import ApiError, retry_after_headers

__all__ = [
    "EDGE_STATUS",
    "INTERNAL",
    "LIBRARY_FACES",
    "ErrorFace",
    "StatusMap",
    "answer_for",
    "answer_for_event",
    "own_text",
    "public_event",
    "public_text",
    "status_of",
    "upstream_status",
]


def public_text(error: BaseException) -> str:
    """The error's ``public_message`` (Russian, no upstream text): the message of every model failure."""
    return str(getattr(error, "public_message", "") or "ошибка внешнего сервиса")


def own_text(error: BaseException) -> str:
    """``str(error)``: errors whose text is already Russian and meant for users (the retrieval engine's)."""
    return str(error)


@dataclass(frozen=True)
class ErrorFace:
    """How one error type answers over HTTP.

    Attributes:
        status: the HTTP status.
        code: the machine code of the body.
        message: the Russian message, computed from the error (never upstream text: see :func:`public_text`); the
            answer passes it through the redactor (URLs and secrets hidden, length capped).

    An error with a ``retry_after`` (seconds) answered with 429 or 503 also gets a ``Retry-After`` header.
    """

    status: int
    code: str
    message: Callable[[BaseException], str] = public_text


INTERNAL = ErrorFace(500, "internal_error", lambda _error: "внутренняя ошибка сервера")
"""The face of an error nobody registered: a bug, answered without detail."""


def _rag(status: int, code: str) -> ErrorFace:
    return ErrorFace(status, code, own_text)


LIBRARY_FACES: Mapping[type[BaseException], ErrorFace] = {
    LLMError: ErrorFace(502, "upstream_error"),
    LLMConfigError: ErrorFace(503, "llm_not_configured"),
    LLMTransportError: ErrorFace(502, "upstream_unreachable"),
    LLMTimeoutError: ErrorFace(504, "upstream_timeout"),
    LLMCircuitOpenError: ErrorFace(503, "llm_unavailable"),
    LLMHTTPError: ErrorFace(502, "upstream_error"),
    LLMAuthError: ErrorFace(502, "upstream_auth"),
    LLMRateLimitError: ErrorFace(503, "upstream_rate_limited"),
    LLMResponseError: ErrorFace(502, "upstream_bad_response"),
    StructuredOutputError: ErrorFace(502, "llm_output_invalid"),
    NoOfflineHandlerError: ErrorFace(500, "internal_error"),
    TokenBudgetExhausted: ErrorFace(429, "token_budget_exhausted"),
    RetrievalError: _rag(400, "rag_error"),
    InvalidQueryError: _rag(422, "invalid_query"),
    InvalidCollectionNameError: _rag(422, "invalid_collection_name"),
    UnknownCollectionError: _rag(404, "unknown_collection"),
    EmptyCollectionError: _rag(409, "empty_collection"),
    DenseUnavailableError: _rag(400, "dense_unavailable"),
    IngestError: _rag(400, "ingest_error"),
    EmbedderError: _rag(503, "embedder_unavailable"),
    SearchBackendError: _rag(503, "search_backend_unavailable"),
}
"""The faces of the library's errors (the table of the module docstring)."""


class StatusMap:
    """Error type → :class:`ErrorFace`, looked up along the error's MRO."""

    def __init__(self, faces: Mapping[type[BaseException], ErrorFace] | None = None) -> None:
        self._faces: dict[type[BaseException], ErrorFace] = dict(faces or {})

    def register(self, error_type: type[BaseException], face: ErrorFace) -> None:
        """Give ``error_type`` (and its subclasses without a face of their own) this face."""
        self._faces[error_type] = face

    def update(
        self, faces: Mapping[type[BaseException], ErrorFace] | Iterable[tuple[type[BaseException], ErrorFace]]
    ) -> None:
        """Register several faces at once (an app's ``error_faces()``)."""
        items = faces.items() if isinstance(faces, Mapping) else faces
        for error_type, face in items:
            self.register(error_type, face)

    def face_of(self, error: BaseException) -> ErrorFace | None:
        """The face of the most specific registered class of ``error``; None when none is registered."""
        for cls in type(error).__mro__:
            face = self._faces.get(cls)
            if face is not None:
                return face
        return None

    def status_of(self, error: BaseException) -> int:
        """The HTTP status ``error`` is answered with (500 when no face is registered)."""
        return (self.face_of(error) or INTERNAL).status

    def upstream_status(self, code: str) -> int:
        """The status of the model failure whose ``code`` an ``error`` event carries: the face of the
        :class:`~agentcore.llm.errors.LLMError` subclass with that code (502, the face of ``LLMError``, for a code
        no model error has).  Only model errors are looked at: an app's error may reuse a code with another status
        (the Scrum backend's ``llm_unavailable`` is 502, an open circuit 503)."""
        for error_type, face in self._faces.items():
            if issubclass(error_type, LLMError) and face.code == code:
                return face.status
        return (self._faces.get(LLMError) or INTERNAL).status

    def knows(self, error: BaseException) -> bool:
        """Whether some face is registered for ``error``."""
        return self.face_of(error) is not None

    def answer(self, error: BaseException, prefix: str = "") -> ApiError:
        """The :class:`~agentcore.web.errors.ApiError` that ends a request failed by ``error``.

        Args:
            error: the failure.
            prefix: Russian context put before the message (``"Ошибка LLM при генерации хайку"``).
        """
        from agentcore.util.redact import redact_public

        face = self.face_of(error) or INTERNAL
        message = face.message(error)
        message = redact_public(f"{prefix}: {message}" if prefix else message)
        headers = retry_after_headers(face.status, getattr(error, "retry_after", None))
        return ApiError(face.status, message, face.code, headers)


EDGE_STATUS = StatusMap(LIBRARY_FACES)
"""The process's map: the library's faces plus those the apps register when their routers are built."""


def answer_for(error: BaseException, prefix: str = "") -> ApiError:
    """:meth:`StatusMap.answer` of :data:`EDGE_STATUS`."""
    return EDGE_STATUS.answer(error, prefix)


def status_of(error: BaseException) -> int:
    """:meth:`StatusMap.status_of` of :data:`EDGE_STATUS`."""
    return EDGE_STATUS.status_of(error)


def upstream_status(code: str) -> int:
    """:meth:`StatusMap.upstream_status` of :data:`EDGE_STATUS`."""
    return EDGE_STATUS.upstream_status(code)


def public_event(event: AgentStepEvent) -> AgentStepEvent:
    """``event`` as it leaves through HTTP (SSE, JSON): an ``error`` event of a model failure gets
    ``upstream.status`` (:func:`upstream_status` of its code); every other event is returned as is."""
    if not isinstance(event, ErrorEvent) or event.upstream is None or event.upstream.status is not None:
        return event
    upstream = event.upstream.model_copy(update={"status": upstream_status(event.upstream.code)})
    return event.model_copy(update={"upstream": upstream})


def answer_for_event(event: ErrorEvent) -> ApiError:
    """The HTTP answer of a run that ended with ``event`` (the JSON surfaces: ``POST /research``,
    ``/v1/chat/completions``): a model failure with its own status (:func:`upstream_status` of its code), code and
    ``Retry-After`` (504 timeout, 503 open circuit or rate limit, 502 otherwise), 503 for a provider not configured,
    502 for a service the run depends on that failed (``service_error``), 422 for a request the run refused, 500 for
    anything else (no detail)."""
    upstream = event.upstream
    if upstream is not None:
        status = upstream.status if upstream.status is not None else upstream_status(upstream.code)
        headers = retry_after_headers(status, upstream.retry_after)
        return ApiError(status, event.message, upstream.code, headers)
    if event.code == "llm_error":
        return ApiError(502, event.message, "upstream_error")
    if event.code == "llm_not_configured":
        return ApiError(503, event.message, event.code)
    if event.code == "service_error":  # the assistant's RAG or Haiku service: its Russian message says which
        return ApiError(502, event.message, event.code)
    if event.code in ("invalid_request", "retrieval_error", "validation_error"):
        return ApiError(422, event.message, event.code)
    return ApiError(500, "внутренняя ошибка сервера", "internal_error")
