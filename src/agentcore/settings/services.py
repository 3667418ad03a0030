"""The ``services`` section: the assistant's two services as both sides see them — where each runs, and the
request limit a caller checks before it calls.

The Haiku service builds its request schema from ``haiku_theme_maxlen`` and the assistant checks a theme against
the same value; ``agentcore serve`` and ``agentcore chat`` read the URLs.  Kept below the apps so that neither the
assistant nor the Haiku app imports the other's section.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, field_validator
from pydantic_settings import NoDecode

from agentcore.settings._base import Section, env

__all__ = ["ServicesSettings"]


class ServicesSettings(Section):
    """The RAG and Haiku services: their URLs (unset: started in-process), the Haiku's theme limit, and where a
    run's model-call token may go (``calls_origins``)."""

    rag_url: str | None = Field(None, validation_alias=env("RAG_SERVICE_URL"))
    haiku_url: str | None = Field(None, validation_alias=env("HAIKU_SERVICE_URL"))
    # Seed 000's PARAM_THEME_MAXLEN: the longest theme POST /generate_haiku accepts.
    haiku_theme_maxlen: int = Field(20, ge=1, validation_alias=env("PARAM_THEME_MAXLEN"))
    # Comma-separated origins (scheme://host:port) at which this deployment's own server answers besides loopback
    # (e.g. its name behind a proxy): a run's requests to the services there carry its model-call token
    # (X-Agentcore-Calls), so their model calls show in the run's trace.  No other host ever receives it.
    calls_origins: Annotated[tuple[str, ...], NoDecode] = Field((), validation_alias=env("CALLS_ORIGINS"))

    @field_validator("calls_origins", mode="before")
    @classmethod
    def _parse_origins(cls, value: Any) -> Any:
        """A comma-separated string or a list; each item an http(s) URL with a host (its path is ignored)."""
        items = value.split(",") if isinstance(value, str) else list(value or ())
        origins = tuple(str(item).strip() for item in items if str(item).strip())
        for origin in origins:
            scheme, _, rest = origin.partition("://")
            if scheme.lower() not in ("http", "https") or not rest.strip("/"):
                raise ValueError(f"{origin!r} — не адрес http(s) с именем хоста")
        return origins
