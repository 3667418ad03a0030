"""The ``http`` section: the rules every route of ``agentcore serve`` follows (the HTTP edge reads it)."""

from __future__ import annotations

from pydantic import Field, SecretStr

from agentcore.settings._base import Section, env, token_list

__all__ = ["HttpSettings"]


class HttpSettings(Section):
    """Body limit, the admin and read tokens of every route, and the key of the owner ids a token's runs get."""

    max_body_bytes: int = Field(1_048_576, ge=1024, validation_alias=env("MAX_BODY_BYTES"))
    # Comma-separated tokens for routes that change shared state (switching collections, indexing). Unset: closed.
    admin_tokens: SecretStr | None = Field(None, validation_alias=env("ADMIN_TOKENS"))
    # Comma-separated tokens for read routes (search, generation, listings). Unset: read routes are open.
    read_tokens: SecretStr | None = Field(None, validation_alias=env("READ_TOKENS"))
    # The key of the owner ids stored with runs and conversations (HMAC-SHA256 of a token). Unset: the key file in
    # the data directory (agentcore.util.owners); hosts sharing Redis or the trace store set the same value.
    owner_key: SecretStr | None = Field(None, validation_alias=env("OWNER_KEY"))

    @property
    def admin_token_list(self) -> list[str]:
        """The admin tokens (``AGENTCORE_ADMIN_TOKENS``, comma-separated), empty when unset."""
        return token_list(self.admin_tokens)

    @property
    def read_token_list(self) -> list[str]:
        """The read tokens (``AGENTCORE_READ_TOKENS``, comma-separated), empty when unset (read routes open)."""
        return token_list(self.read_tokens)
