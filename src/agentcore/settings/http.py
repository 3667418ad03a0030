"""The ``http`` section: the rules every route of ``agentcore serve`` follows (the HTTP edge reads it)."""

from __future__ import annotations

from pydantic import Field, SecretStr

from agentcore.settings._base import Section, env, token_list

__all__ = ["HttpSettings"]


class HttpSettings(Section):
    """Body limit and the admin and read tokens of every route."""

    max_body_bytes: int = Field(1_048_576, ge=1024, validation_alias=env("MAX_BODY_BYTES"))
    # Comma-separated tokens for routes that change shared state (switching collections, indexing). Unset: closed.
    admin_tokens: SecretStr | None = Field(None, validation_alias=env("ADMIN_TOKENS"))
    # Comma-separated tokens for read routes (search, generation, listings). Unset: read routes are open.
    read_tokens: SecretStr | None = Field(None, validation_alias=env("READ_TOKENS"))

    @property
    def admin_token_list(self) -> list[str]:
        """The admin tokens (``AGENTCORE_ADMIN_TOKENS``, comma-separated), empty when unset."""
        return token_list(self.admin_tokens)

    @property
    def read_token_list(self) -> list[str]:
        """The read tokens (``AGENTCORE_READ_TOKENS``, comma-separated), empty when unset (read routes open)."""
        return token_list(self.read_tokens)
