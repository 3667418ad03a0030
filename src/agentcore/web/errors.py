"""One JSON error format for every route: ``{"error": "<Russian message>", "code": "<machine code>"}``.

Routes raise :class:`ApiError` for anything the client must fix (or that the server cannot do right now);
:func:`install_error_handlers` maps everything else — malformed JSON, validation errors, unknown routes, wrong
methods, oversized bodies, unexpected exceptions — onto the same body.  Nothing a client sent is echoed back at
length, and no exception text of an unexpected failure reaches the client.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable, Mapping
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from agentcore.settings.problems import problem_text

__all__ = [
    "DEFAULT_ERROR_RESPONSE",
    "FIELD_NAMES",
    "ApiError",
    "ErrorBody",
    "error_response",
    "error_responses",
    "install_error_handlers",
    "retry_after_headers",
    "upstream_error",
    "validation_message",
]

logger = logging.getLogger("agentcore.web")

# How much of a client-supplied value an error message may quote.
ECHO_CHARS = 40


class ErrorBody(BaseModel):
    """The body of every error answer."""

    error: str = Field(description="сообщение для человека (по-русски)")
    code: str = Field(description="машинный код ошибки, например validation_error")


class ApiError(Exception):
    """An error answer a route wants to give.

    Args:
        status_code: the HTTP status (4xx for the client's faults, 5xx for the server's).
        message: the Russian message for the client (no secrets, no upstream URLs).
        code: a short machine code (``snake_case``).
        headers: extra response headers (e.g. ``Retry-After``, ``WWW-Authenticate``).
    """

    def __init__(self, status_code: int, message: str, code: str, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.message = message
        self.code = code
        self.headers = dict(headers or {})


# Default messages and codes for statuses raised by the framework itself.
_STATUS_TEXT: dict[int, tuple[str, str]] = {
    400: ("некорректный запрос", "bad_request"),
    401: ("требуется авторизация", "unauthorized"),
    403: ("доступ запрещён", "forbidden"),
    404: ("маршрут не найден", "not_found"),
    405: ("метод не поддерживается для этого маршрута", "method_not_allowed"),
    406: ("неподдерживаемый формат ответа", "not_acceptable"),
    413: ("тело запроса слишком большое", "payload_too_large"),
    415: ("ожидается тело в формате JSON (Content-Type: application/json)", "unsupported_media_type"),
    429: ("слишком много запросов, повторите позже", "rate_limited"),
    500: ("внутренняя ошибка сервера", "internal_error"),
    502: ("ошибка внешнего сервиса", "upstream_error"),
    503: ("сервис временно недоступен", "unavailable"),
    504: ("внешний сервис не ответил вовремя", "upstream_timeout"),
}


def _status_text(status_code: int) -> tuple[str, str]:
    if status_code in _STATUS_TEXT:
        return _STATUS_TEXT[status_code]
    try:
        phrase = HTTPStatus(status_code).phrase
    except ValueError:
        phrase = "error"
    return ("ошибка запроса" if status_code < 500 else "ошибка сервера"), phrase.lower().replace(" ", "_")


def error_response(status_code: int, message: str, code: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """A JSON error answer in the one format."""
    return JSONResponse(
        status_code=status_code, content={"error": message, "code": code}, headers=dict(headers or {}) or None
    )


def error_responses(*status_codes: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` argument of a route decorator: each status documented with :class:`ErrorBody`."""
    return {code: {"model": ErrorBody, "description": _status_text(code)[0]} for code in status_codes}


DEFAULT_ERROR_RESPONSE: dict[int | str, dict[str, Any]] = {
    "default": {
        "model": ErrorBody,
        "description": "любая ошибка (400, 401, 403, 404, 405, 413, 415, 422, 429, 5xx): JSON {error, code}",
    }
}
"""Every operation of :func:`agentcore.web.app.create_base_app` documents this: whatever goes wrong, the body is an
:class:`ErrorBody` (it also replaces FastAPI's own 422 schema, which is not the body we send)."""


def upstream_error(exc: Exception, prefix: str = "") -> ApiError:
    """The answer for a failure of an upstream service (a language model) that ends a request: the edge's one map
    (:func:`agentcore.web.status.answer_for`: status, code, the error's ``public_message`` — never its ``str()``,
    which may name the upstream URL — and ``Retry-After``), redacted and capped.

    Args:
        exc: the failure.
        prefix: Russian context, e.g. ``"Ошибка LLM при генерации хайку"`` → ``"Ошибка LLM при генерации хайку:
            языковая модель не ответила вовремя"``.
    """
    from agentcore.web.status import answer_for

    return answer_for(exc, prefix)


def retry_after_headers(status: int, retry_after: object) -> dict[str, str]:
    """``{"Retry-After": "<whole seconds, at least 1>"}`` for a 429/503 answer that knows when to come back."""
    if status in (429, 503) and isinstance(retry_after, int | float) and retry_after >= 0:
        return {"Retry-After": str(max(1, math.ceil(retry_after)))}
    return {}


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "…"


REQUEST_PARTS = ("body", "query", "path")
"""The first ``loc`` segment of a FastAPI error: where the value came from, not a field's name."""

FIELD_NAMES = "agentcore.field_names"
"""ASGI scope key of a caller that names a route's fields otherwise: ``{route's field: caller's name}`` (an MCP
tool's argument: ``rag_search``'s ``query`` is ``/rag/search``'s ``question``).  A validation error of that request
names the caller's field (:func:`validation_message`'s ``names``)."""


def validation_message(
    errors: Iterable[Mapping[str, Any]],
    limit: int = 5,
    *,
    title: str = "некорректный запрос",
    sources: tuple[str, ...] = REQUEST_PARTS,
    names: Mapping[str, str] | None = None,
) -> str:
    """A Russian summary of pydantic/FastAPI validation errors: ``<title>: field: problem; ...``.

    Only field paths and the problem are used; input values are never echoed (a 10 MB value would become a 10 MB
    answer and log line), and each path segment is cut to :data:`ECHO_CHARS` characters.

    Args:
        errors: ``ValidationError.errors()`` / ``RequestValidationError.errors()``.
        limit: how many errors are named.
        title: what was invalid (an MCP tool's arguments say so).
        sources: a first ``loc`` segment that names where the value came from and is left out (FastAPI's
            ``body``/``query``/``path``); ``()`` for errors of a model validated directly, whose fields may be
            called ``query`` or ``path`` themselves.
        names: a top-level field's name as the caller knows it (``{"question": "query"}``), see :data:`FIELD_NAMES`.
    """
    parts: list[str] = []
    for error in list(errors)[:limit]:
        loc = tuple(error.get("loc", ()))
        if loc and loc[0] in sources:
            loc = loc[1:]
        if loc and names and isinstance(loc[0], str) and loc[0] in names:
            loc = (names[loc[0]], *loc[1:])
        location = ".".join(_short(p) for p in loc) or "тело"
        parts.append(f"{location}: {_short_message(_problem(error))}")
    return f"{title}: " + "; ".join(parts)


def _problem(error: Mapping[str, Any]) -> str:
    """The Russian problem of one error (:func:`agentcore.settings.problems.problem_text`, shared with the settings
    messages); a type it does not know keeps pydantic's own text."""
    if error.get("type") == "missing" and tuple(error.get("loc", ())) == ("body",):
        return "пустое тело запроса, ожидается JSON-объект"
    return problem_text(error, fallback=str(error.get("msg", "ошибка")))


def _short_message(message: str) -> str:
    # pydantic messages may quote the offending value (e.g. literal_error lists inputs): keep them bounded.
    return message if len(message) <= 200 else message[:200] + "…"


def _is_json_content_type(value: str | None) -> bool:
    if not value:
        return False
    main = value.split(";", 1)[0].strip().lower()
    return main == "application/json" or (main.startswith("application/") and main.endswith("+json"))


def _only_cross_field(errors: Iterable[Mapping[str, Any]]) -> bool:
    """Whether every error comes from a model-level validator (a rule between fields, such as "end not before
    start"), which JSON Schema cannot declare: such a 422 says ``invalid_combination``, so clients and the fuzz harness
    can tell it from a value the schema already rules out."""
    errors = list(errors)
    return bool(errors) and all(e.get("type") == "value_error" and tuple(e.get("loc", ())) == ("body",) for e in errors)


def _has_body(request: Request) -> bool:
    headers = request.headers
    return headers.get("content-length", "0") != "0" or "chunked" in headers.get("transfer-encoding", "").lower()


_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def allowed_methods(request: Request) -> str | None:
    """The ``Allow`` value of a 405: every method some route of the app fully matches at this path — Starlette
    names only the first partly matching route's (``DELETE /scrum/teams`` would say ``GET``, not ``GET, POST``).
    Each method is tried against the app's routes as they are (included routers too), not against a copy."""
    routes = list(getattr(request.app, "routes", ()))
    allowed = [
        method
        for method in _METHODS
        if any(route.matches({**request.scope, "method": method})[0] == Match.FULL for route in routes)
    ]
    return ", ".join(allowed) or None


def install_error_handlers(app: FastAPI) -> None:
    """Make every error of ``app`` a JSON :class:`ErrorBody`.

    * :class:`ApiError` → its status, message, code and headers;
    * malformed JSON (or JSON nested too deep to parse) → 400 ``invalid_json``;
    * a body that is not declared as JSON on a route that expects one → 415 ``unsupported_media_type``;
    * validation errors → 422 ``validation_error`` (short message, input never echoed); a rule between fields
      that the schema cannot express (a model-level validator) → 422 ``invalid_combination``;
    * framework HTTP errors (404, 405 with ``Allow``, 413, …) → their status with a Russian message;
    * anything else → 500 ``internal_error``, logged with its traceback, no detail to the client.
    """

    @app.exception_handler(ApiError)
    async def _on_api_error(request: Request, exc: ApiError) -> JSONResponse:
        log = logger.warning if exc.status_code >= 500 else logger.info
        log("%s %s -> %d %s", request.method, request.url.path, exc.status_code, exc.code)
        return error_response(exc.status_code, exc.message, exc.code, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _on_validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return error_response(400, "тело запроса не является корректным JSON", "invalid_json")
        body_errors = any(tuple(e.get("loc", ()))[:1] == ("body",) for e in errors)
        if body_errors and _has_body(request) and not _is_json_content_type(request.headers.get("content-type")):
            return error_response(415, *_status_text(415))
        code = "invalid_combination" if _only_cross_field(errors) else "validation_error"
        return error_response(422, validation_message(errors, names=request.scope.get(FIELD_NAMES)), code)

    @app.exception_handler(StarletteHTTPException)
    async def _on_http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        message, code = _status_text(exc.status_code)
        if exc.status_code == 400 and request.method in ("POST", "PUT", "PATCH"):
            # FastAPI raises a plain 400 when the body cannot be parsed at all (e.g. nesting too deep).
            message, code = "тело запроса не является корректным JSON", "invalid_json"
        elif isinstance(exc.detail, str) and exc.detail and exc.status_code not in _STATUS_TEXT:
            message = _short_message(exc.detail)
        headers = exc.headers
        if exc.status_code == 405 and (allow := allowed_methods(request)):
            headers = {**(headers or {}), "Allow": allow}
        return error_response(exc.status_code, message, code, headers)

    @app.exception_handler(Exception)
    async def _on_unexpected(request: Request, exc: Exception) -> JSONResponse:
        if isinstance(exc, UnicodeError):  # lone surrogates that slipped through a str field
            return error_response(422, "текст запроса содержит недопустимые символы", "validation_error")
        logger.exception("%s %s failed", request.method, request.url.path)
        return error_response(500, *_status_text(500))
