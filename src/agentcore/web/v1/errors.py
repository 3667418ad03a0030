"""Errors of the ``/v1`` routes in OpenAI's shape: ``{"error": {"message", "type", "param", "code"}, "code"}``.

OpenAI clients read ``error.message`` / ``error.code``; the top-level ``code`` keeps the project's machine code where
its other clients look for it.  Messages stay Russian, like every error of the service.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from agentcore.web.errors import ApiError

__all__ = ["OpenAIErrorBody", "OpenAIRoute", "openai_error", "openai_error_responses", "unsupported"]


class OpenAIErrorDetail(BaseModel):
    """OpenAI's ``error`` object."""

    message: str
    type: str
    param: str | None = None
    code: str | None = None


class OpenAIErrorBody(BaseModel):
    """An error of a ``/v1`` route."""

    error: OpenAIErrorDetail
    code: str = Field(description="машинный код ошибки (как в остальных маршрутах)")


def _type_for(status: int) -> str:
    if status in (401, 403):
        return "authentication_error"
    if status == 429:
        return "rate_limit_error"
    if status >= 500:
        return "server_error"
    return "invalid_request_error"


def openai_error(
    status: int, message: str, code: str, *, param: str | None = None, headers: dict[str, str] | None = None
) -> JSONResponse:
    """A JSON error answer in OpenAI's shape."""
    body = {"error": {"message": message, "type": _type_for(status), "param": param, "code": code}, "code": code}
    return JSONResponse(body, status_code=status, headers=headers)


def unsupported(field: str, detail: str = "") -> ApiError:
    """A 400 naming a field ``/v1`` does not support (``param`` is the field)."""
    error = ApiError(400, f"поле {field!r} не поддерживается{': ' + detail if detail else ''}", "unsupported_parameter")
    error.param = field  # type: ignore[attr-defined]
    return error


def openai_error_responses(*status_codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for ``/v1`` routes: the listed statuses with :class:`OpenAIErrorBody`."""
    return {status: {"model": OpenAIErrorBody, "description": "ошибка (формат OpenAI)"} for status in status_codes}


def _reshape(response: Response, param: str | None) -> Response:
    try:
        body = json.loads(bytes(response.body))
    except ValueError:
        return response
    if not isinstance(body, dict) or not isinstance(body.get("error"), str):
        return response
    headers = {k: v for k, v in response.headers.items() if k.lower() not in ("content-length", "content-type")}
    return openai_error(response.status_code, body["error"], str(body.get("code")), param=param, headers=headers)


class OpenAIRoute(APIRoute):
    """A route whose errors (raised :class:`ApiError`, validation, framework HTTP errors) answer in OpenAI's shape:
    the app's own handlers decide status and message, this class only reshapes their body."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        original = super().get_route_handler()

        async def handler(request: Request) -> Response:
            try:
                return await original(request)
            except (ApiError, RequestValidationError, StarletteHTTPException) as exc:
                app_handler = _handler_for(request, exc)
                if app_handler is None:
                    raise
                param = getattr(exc, "param", None)
                if isinstance(exc, RequestValidationError) and exc.errors():
                    loc = [str(p) for p in exc.errors()[0].get("loc", ())][1:]
                    param = ".".join(loc) or None
                return _reshape(await app_handler(request, exc), param)

        return handler


def _handler_for(request: Request, exc: Exception) -> Any:
    handlers = getattr(request.app, "exception_handlers", {})
    for cls in type(exc).__mro__:
        if cls in handlers:
            return handlers[cls]
    return None
