"""The Haiku service's section: the theme limit of its schema and where a separate service runs."""

from __future__ import annotations

from pydantic import Field

from agentcore.settings import Section, env

__all__ = ["HaikuSettings"]


class HaikuSettings(Section):
    """``POST /generate_haiku``: the longest theme (seed 000 ``PARAM_THEME_MAXLEN``) and the service URL the
    assistant calls (``HAIKU_SERVICE_URL``; unset: started in-process)."""

    theme_maxlen: int = Field(20, ge=1, validation_alias=env("PARAM_THEME_MAXLEN"))
    service_url: str | None = Field(None, validation_alias=env("HAIKU_SERVICE_URL"))
