"""The Haiku service over HTTP (seed 000, Шаг 5, 2.2).

Routes (relative to where the app is mounted, e.g. ``/haiku``):

* ``GET /health`` → ``{"status": "ok"}``
* ``POST /generate_haiku`` with ``{"theme": "..."}`` →
  ``{"haiku_text": "line1\\nline2\\nline3", "syllables_per_line": [5, 7, 5], "total_words": N}``

Errors are always JSON ``{"error": "..."}`` (messages in Russian):

* 400 — the body is empty or not JSON (the ``Content-Type`` header is not required);
* 422 — the body is not a JSON object, ``theme`` is missing, not a string, empty (after trimming spaces) or longer
  than ``Settings.param_theme_maxlen`` characters; or (offline composer) no word of the lexicon can carry the
  theme: ``{"error": "Не получается сложить хайку на тему «…» …", "code": "theme_not_usable"}``;
* 404 / 405 — unknown route or method;
* 502 — the language model failed (transport, status, or output that never validated).

The app needs no lifespan (Starlette does not run the lifespan of mounted apps): the gateway is created on the
first request that needs one.  With the ``offline`` provider no gateway is created at all — the rule-based composer
answers; with a real provider the LLM composer does (see :mod:`agentcore.apps.haiku.llm_composer`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from agentcore.apps.haiku.composer import compose_offline
from agentcore.apps.haiku.llm_composer import compose_with_llm
from agentcore.apps.haiku.models import ErrorResponse, Haiku, HaikuRequest, HaikuResponse
from agentcore.config import Settings, get_settings
from agentcore.llm.errors import LLMError
from agentcore.serving import closing_lifespan

logger = logging.getLogger("agentcore.haiku")

_BODY_HINT = 'Ожидается JSON-объект вида {"theme": "..."}.'


class HaikuRequestError(ValueError):
    """The request is unusable (body or theme); ``str(error)`` is the Russian message for the client.

    ``code`` (optional) goes to the error body as a machine-readable ``code``.
    """

    def __init__(self, message: str, event: str, status_code: int = 422, code: str | None = None) -> None:
        super().__init__(message)
        self.event = event
        self.status_code = status_code
        self.code = code


def theme_not_usable(theme: str) -> HaikuRequestError:
    """The error for a theme the offline composer could not put into any line (``code: theme_not_usable``)."""
    return HaikuRequestError(
        f"Не получается сложить хайку на тему «{theme}»: в словаре хайку нет слов, которыми её можно сказать "
        "(нужны русские слова не длиннее семи слогов). Попробуйте другую тему — например, «осень», «море», «кот».",
        "Theme Not Usable",
        code="theme_not_usable",
    )


def validate_theme(theme: str, max_length: int) -> str:
    """The theme without surrounding whitespace.

    Raises:
        HaikuRequestError: the theme is empty or longer than ``max_length`` characters.
    """
    clean = theme.strip()
    if not clean:
        raise HaikuRequestError("Параметр theme пустой. Укажите тему хайку.", "Empty Param: theme")
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in clean):
        raise HaikuRequestError(
            "Тема содержит недопустимые символы (управляющие или непарные суррогаты).", "Invalid Param: theme"
        )
    if len(clean) > max_length:
        raise HaikuRequestError(
            f"Тема слишком длинная ({len(clean)} символов, максимум {max_length}). "
            "Просьба сформулировать более кратко.",
            "Too Long Param: theme",
        )
    return clean


class HaikuService:
    """Composes haiku: the offline composer for the ``offline`` provider, the LLM composer for any other.

    Args:
        settings: configuration (``get_settings()`` when omitted).
        gateway: an LLM gateway (``request``/``parse``/``provider.name``); created from the settings on first
            need when omitted.
    """

    def __init__(self, settings: Settings | None = None, gateway: Any = None) -> None:
        self.settings = settings or get_settings()
        self._gateway = gateway
        self._lock = threading.Lock()

    @property
    def provider_name(self) -> str:
        """``offline``, ``gigachat``, ``openai``, ``scripted``, ... — the provider that will answer."""
        if self._gateway is not None:
            return str(getattr(getattr(self._gateway, "provider", None), "name", "unknown"))
        return self.settings.provider

    def gateway(self) -> Any:
        """The LLM gateway, created on first call."""
        with self._lock:
            if self._gateway is None:
                from agentcore.llm.factory import create_gateway

                self._gateway = create_gateway(self.settings)
            return self._gateway

    async def generate(self, theme: str) -> Haiku:
        """A haiku on ``theme`` (already validated).

        Raises:
            LLMError: the language model failed.
            HaikuRequestError: (offline) no word of the lexicon can carry the theme — said plainly rather than
                answered with a haiku on another topic.
        """
        if self.provider_name == "offline":
            haiku = await asyncio.to_thread(compose_offline, theme)
            if haiku.theme_word is None:
                raise theme_not_usable(theme)
            return haiku
        return await compose_with_llm(self.gateway(), theme)

    async def aclose(self) -> None:
        """Close the gateway if this service created or received one."""
        if self._gateway is not None:
            await self._gateway.aclose()


def _error(status_code: int, message: str, code: str | None = None) -> JSONResponse:
    body = {"error": message} if code is None else {"error": message, "code": code}
    return JSONResponse(body, status_code=status_code)


def _describe_errors(errors: Sequence[Mapping[str, Any]]) -> tuple[int, str, str]:
    """``(status, message, log event)`` for validation errors whose ``loc`` starts with ``"body"``."""
    for error in errors:
        kind = str(error.get("type", ""))
        loc = tuple(error.get("loc", ()))
        if kind == "json_invalid":
            return 400, f"Тело запроса не является корректным JSON. {_BODY_HINT}", "Invalid JSON"
        if loc == ("body",):
            if kind == "missing":
                return 400, f"Пустое тело запроса. {_BODY_HINT}", "Empty Body"
            return 422, f"Тело запроса должно быть JSON-объектом. {_BODY_HINT}", "Body Not Object"
        if loc[:2] == ("body", "theme"):
            if kind == "missing":
                return 422, f"Отсутствует параметр theme. {_BODY_HINT}", "Missing Param: theme"
            return 422, "Параметр theme должен быть строкой.", "Wrong Type Param: theme"
    return 422, f"Некорректный запрос. {_BODY_HINT}", "Invalid Request"


async def _read_body(request: Request) -> HaikuRequest:
    """The request body as :class:`HaikuRequest`, whatever the ``Content-Type`` says.

    Raises:
        HaikuRequestError: the body is empty, not JSON, not an object, or its ``theme`` is missing or not a string.
    """
    raw = await request.body()
    errors: list[Mapping[str, Any]]
    if not raw.strip():
        errors = [{"type": "missing", "loc": ("body",)}]
    else:
        try:
            payload = json.loads(raw)
        except ValueError:  # includes UnicodeDecodeError
            errors = [{"type": "json_invalid", "loc": ("body",)}]
        else:
            try:
                return HaikuRequest.model_validate(payload)
            except ValidationError as exc:
                errors = [{**e, "loc": ("body", *e["loc"])} for e in exc.errors()]
    status, message, event = _describe_errors(errors)
    raise HaikuRequestError(message, event, status)


_REQUEST_BODY_DOC: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {"application/json": {"schema": HaikuRequest.model_json_schema()}},
    }
}


def create_app(settings: Settings | None = None, gateway: Any = None) -> FastAPI:
    """The Haiku service app; mountable (no lifespan), initialised lazily.

    ``app.state.haiku_service`` is the :class:`HaikuService` behind the routes.
    """
    service = HaikuService(settings, gateway)
    app = FastAPI(
        title="agentcore Haiku service",
        description="Хайку 5-7-5 на заданную тему (seed 000, generate_haiku).",
        lifespan=closing_lifespan(service.aclose),
    )
    app.state.haiku_service = service

    @app.exception_handler(RequestValidationError)
    async def on_validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [{**e, "loc": tuple(e.get("loc", ()))} for e in exc.errors()]
        status, message, event = _describe_errors(errors)
        logger.warning("generate_haiku // %s", event)
        return _error(status, message)

    @app.exception_handler(StarletteHTTPException)
    async def on_http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        messages = {404: "Маршрут не найден.", 405: "Метод не поддерживается этим маршрутом."}
        message = messages.get(exc.status_code, str(exc.detail))
        return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def on_unexpected_error(request: Request, exc: Exception) -> JSONResponse:
        logger.exception("generate_haiku // Unexpected error: %s", exc)
        return _error(500, "Внутренняя ошибка сервиса хайку.")

    @app.get("/health")
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    error_responses: dict[int | str, dict[str, Any]] = {code: {"model": ErrorResponse} for code in (400, 422, 502)}

    @app.post(
        "/generate_haiku", response_model=HaikuResponse, responses=error_responses, openapi_extra=_REQUEST_BODY_DOC
    )
    async def generate_haiku(request: Request) -> Any:
        try:
            body = await _read_body(request)
            theme = validate_theme(body.theme, service.settings.param_theme_maxlen)
        except HaikuRequestError as exc:
            logger.warning("generate_haiku // %s: %s", exc.event, exc)
            return _error(exc.status_code, str(exc))
        try:
            haiku = await service.generate(theme)
        except HaikuRequestError as exc:
            logger.warning("generate_haiku // %s: theme=%r", exc.event, theme)
            return _error(exc.status_code, str(exc), exc.code)
        except LLMError as exc:
            logger.error("generate_haiku // LLM Error: theme=%r: %s", theme, exc)
            return _error(502, f"Ошибка LLM при генерации хайку: {exc}")
        response = haiku.to_response()
        logger.info(
            "generate_haiku // Generated: theme=%r syllables=%s words=%d source=%s attempts=%d",
            theme,
            "-".join(str(n) for n in response.syllables_per_line),
            response.total_words,
            haiku.source,
            haiku.attempts,
        )
        return response

    return app
