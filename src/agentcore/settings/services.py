"""The ``services`` section: the assistant's two services as both sides see them — where each runs, and the
request limit a caller checks before it calls.

The Haiku service builds its request schema from ``haiku_theme_maxlen`` and the assistant checks a theme against
the same value; ``agentcore serve`` and ``agentcore chat`` read the URLs.  Kept below the apps so that neither the
assistant nor the Haiku app imports the other's section.
"""

from __future__ import annotations

from pydantic import Field

from agentcore.settings._base import Section, env

__all__ = ["ServicesSettings"]


class ServicesSettings(Section):
    """The RAG and Haiku services: their URLs (unset: started in-process) and the Haiku's theme limit."""

    rag_url: str | None = Field(None, validation_alias=env("RAG_SERVICE_URL"))
    haiku_url: str | None = Field(None, validation_alias=env("HAIKU_SERVICE_URL"))
    # Seed 000's PARAM_THEME_MAXLEN: the longest theme POST /generate_haiku accepts.
    haiku_theme_maxlen: int = Field(20, ge=1, validation_alias=env("PARAM_THEME_MAXLEN"))
