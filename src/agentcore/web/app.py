"""The base FastAPI application every server of agentcore starts from."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from agentcore import __version__
from agentcore.config import Settings
from agentcore.web.calls import JoinCallsMiddleware
from agentcore.web.errors import DEFAULT_ERROR_RESPONSE, install_error_handlers
from agentcore.web.limits import BodyLimitMiddleware

__all__ = ["create_base_app"]


def create_base_app(settings: Settings, title: str = "agentcore", **kwargs: Any) -> FastAPI:
    """A FastAPI app with the project's HTTP rules applied.

    * API docs at ``/docs`` and ``/redoc`` served from a package (no CDN: they work offline);
    * every error as JSON ``{"error", "code"}`` (:func:`agentcore.web.errors.install_error_handlers`);
    * every operation documents the error body as its ``default`` response;
    * request bodies limited to ``settings.max_body_bytes`` (413 JSON);
    * a request carrying a run's model-call token records its model calls into that run's trace
      (:mod:`agentcore.web.calls`);
    * ``app.state.settings`` set (dependencies such as :func:`agentcore.web.auth.require_admin` read it);
    * the settings' secrets registered with the redactor (no answer, log line or trace shows them).

    Extra keyword arguments go to :class:`fastapi.FastAPI` (``lifespan``, ``summary``, ``version``, …).
    """
    from fastapi_offline import FastAPIOffline

    from agentcore.util.redact import register_settings_secrets

    register_settings_secrets(settings)
    kwargs.setdefault("version", __version__)
    kwargs.setdefault("responses", DEFAULT_ERROR_RESPONSE)
    app = FastAPIOffline(title=title, **kwargs)
    app.state.settings = settings
    install_error_handlers(app)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    app.add_middleware(JoinCallsMiddleware)
    return app
