"""The Haiku service over HTTP (seed 000, Шаг 5, 2.2).

:func:`create_router` builds the routes that :mod:`agentcore.server` includes under ``/haiku``; :func:`create_app`
serves the same router standalone at the root (the in-process service of ``agentcore chat``, ``HAIKU_SERVICE_URL``
+ ``/generate_haiku``).

* ``GET /health`` → ``{"status": "ok"}``
* ``POST /generate_haiku`` with ``{"theme": "..."}`` →
  ``{"haiku_text": "line1\\nline2\\nline3", "syllables_per_line": [5, 7, 5], "total_words": N}``

Errors follow :mod:`agentcore.web`: ``{"error": "<Russian message>", "code": "..."}`` —

* 400 ``invalid_json`` (not JSON, nested too deep), 415 (body not declared as JSON), 413 (body too large);
* 422 ``validation_error`` — not an object, ``theme`` missing, not a string, blank, with control characters, or
  longer than ``PARAM_THEME_MAXLEN`` (the limits are in the OpenAPI schema);
* 422 ``theme_not_usable`` — (offline composer) no word of the lexicon can carry the theme: said plainly instead of
  a haiku on another topic;
* 502/503/504 — the language model failed (``upstream_*``), is not configured (``llm_not_configured``), its circuit
  is open (``llm_unavailable``, with ``Retry-After``) or did not answer within ``AGENTCORE_LLM_DEADLINE``
  (``upstream_timeout``); the message never carries upstream text.

With the ``offline`` provider no gateway is created — the rule-based composer answers; with a real provider the
LLM composer does (see :mod:`agentcore.apps.haiku.llm_composer`), all its attempts within one deadline.
"""

# No "from __future__ import annotations": the routes annotate their bodies with classes built at run time,
# which FastAPI must see as objects, not as names to look up.

import asyncio
import logging
import re
import threading
from typing import Any, Literal

from fastapi import APIRouter, FastAPI
from pydantic import BaseModel, create_model

from agentcore.appkit.plugin import EdgeContext, Mount
from agentcore.apps.haiku.composer import compose_offline
from agentcore.apps.haiku.llm_composer import compose_with_llm
from agentcore.apps.haiku.models import Haiku, HaikuResponse
from agentcore.config import Settings, get_settings
from agentcore.llm import llm_deadline
from agentcore.llm.errors import LLMError
from agentcore.serving import closing_lifespan
from agentcore.web.app import create_base_app
from agentcore.web.auth import reader_dependencies
from agentcore.web.errors import ApiError, error_responses, upstream_error
from agentcore.web.models import SPACE_CLASS, StrictModel, text_type

logger = logging.getLogger("agentcore.haiku")

# No control characters anywhere, at least one character that is not a space.
THEME_PATTERN = rf"^[^\x00-\x1f\x7f-\x9f]*[^\x00-\x1f\x7f-\x9f{SPACE_CLASS}][^\x00-\x1f\x7f-\x9f]*$"
_THEME_RE = re.compile(THEME_PATTERN[1:-1])  # fullmatch: "$" would let a final newline through


def _theme(value: str) -> str:
    if not value.strip():
        raise ValueError("тема пустая: укажите тему хайку")
    if not _THEME_RE.fullmatch(value):
        raise ValueError("тема содержит управляющие символы")
    return value


def theme_not_usable(theme: str) -> ApiError:
    """The error for a theme the offline composer could not put into any line (422 ``theme_not_usable``)."""
    return ApiError(
        422,
        f"Не получается сложить хайку на тему «{theme}»: в словаре хайку нет слов, которыми её можно сказать "
        "(нужны русские слова не длиннее семи слогов). Попробуйте другую тему — например, «осень», «море», «кот».",
        "theme_not_usable",
    )


def theme_request_model(max_length: int) -> type[BaseModel]:
    """The body of ``POST /generate_haiku`` with ``max_length`` (``PARAM_THEME_MAXLEN``) in its schema."""
    theme = text_type(
        min_length=1,
        max_length=max_length,
        pattern=THEME_PATTERN,
        check=_theme,
        description=f"тема хайку, до {max_length} символов",
    )
    return create_model(
        "HaikuRequest", __base__=StrictModel, __doc__="Body of ``POST /generate_haiku``.", theme=(theme, ...)
    )


class HaikuService:
    """Composes haiku: the offline composer for the ``offline`` provider, the LLM composer for any other.

    Args:
        settings: configuration (the ``llm`` and ``services`` sections are read).
        gateway: an LLM gateway (``request``/``parse``/``provider.name``); created from the settings on first
            need when omitted.
    """

    def __init__(self, settings: Settings, gateway: Any = None) -> None:
        self.settings = settings
        self._gateway = gateway
        self._lock = threading.Lock()

    @property
    def provider_name(self) -> str:
        """``offline``, ``gigachat``, ``openai``, ``scripted``, ... — the provider that will answer."""
        if self._gateway is not None:
            return str(getattr(getattr(self._gateway, "provider", None), "name", "unknown"))
        return self.settings.llm.provider

    def gateway(self) -> Any:
        """The LLM gateway, created on first call."""
        with self._lock:
            if self._gateway is None:
                from agentcore.appkit.gateway import gateway_for

                self._gateway = gateway_for(self.settings)
            return self._gateway

    async def generate(self, theme: str) -> Haiku:
        """A haiku on ``theme`` (already validated); every model call within ``settings.llm.deadline`` in all.

        Raises:
            LLMError: the language model failed (or is not configured).
            ApiError: (offline) 422 ``theme_not_usable`` — no word of the lexicon can carry the theme, said plainly
                rather than answered with a haiku on another topic.
        """
        if self.provider_name == "offline":
            haiku = await asyncio.to_thread(compose_offline, theme)
            if haiku.theme_word is None:
                logger.warning("generate_haiku // Theme Not Usable: theme=%r", theme)
                raise theme_not_usable(theme)
            return haiku
        with llm_deadline(self.settings.llm.deadline):
            return await compose_with_llm(self.gateway(), theme)

    async def aclose(self) -> None:
        """Close the gateway if this service created or received one."""
        if self._gateway is not None:
            await self._gateway.aclose()


def create_router(settings: Settings, gateway: Any = None) -> APIRouter:
    """The Haiku routes, with a lifespan that closes the LLM gateway; the service is ``router.haiku_service``."""
    service = HaikuService(settings, gateway)
    HaikuRequest = theme_request_model(service.settings.services.haiku_theme_maxlen)
    router = APIRouter(tags=["haiku"], lifespan=closing_lifespan(service.aclose))
    router.haiku_service = service  # type: ignore[attr-defined]

    @router.get("/health")
    async def health() -> dict[Literal["status"], Literal["ok"]]:
        """Service status."""
        return {"status": "ok"}

    @router.post(
        "/generate_haiku",
        response_model=HaikuResponse,
        dependencies=reader_dependencies(service.settings),
        responses=error_responses(422, 502, 503, 504),
    )
    async def generate_haiku(body: HaikuRequest) -> Any:  # type: ignore[valid-type]
        """A 5-7-5 haiku on ``theme``: its text, the counted syllables per line and the number of words."""
        theme = str(body.theme).strip()  # type: ignore[attr-defined]
        try:
            haiku = await service.generate(theme)
        except LLMError as exc:
            logger.error("generate_haiku // LLM Error: theme=%r: %s", theme, exc)
            raise upstream_error(exc, "Ошибка LLM при генерации хайку") from exc
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

    return router


def create_app(settings: Settings | None = None, gateway: Any = None) -> FastAPI:
    """The Haiku service on its own: :func:`create_router` at the root of a
    :func:`~agentcore.web.app.create_base_app`.  ``app.state.haiku_service`` is the :class:`HaikuService`."""
    settings = settings or get_settings()
    router = create_router(settings, gateway)
    app = create_base_app(settings, title="agentcore Haiku", description="Хайку 5-7-5 на заданную тему (seed 000).")
    app.include_router(router)
    app.state.haiku_service = router.haiku_service  # type: ignore[attr-defined]
    return app


def mount(ctx: EdgeContext) -> Mount:
    """The app's part of ``agentcore serve``: these routes under ``/haiku`` (they guard their reads themselves, so
    ``/haiku/health`` stays open)."""
    return Mount(create_router(ctx.settings), prefix="/haiku")
