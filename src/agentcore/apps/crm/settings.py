"""The CRM orchestrator's section (seed 004): the Bitrix24 portal, safety mode, the model, logs, ``/chat`` keys.

The portal is an inbound webhook (seed name ``BITRIX_WEBHOOK_URL``) or an OAuth application (domain + tokens); with
neither, a local fake portal is started in-process.  Every portal credential is a secret.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr

from agentcore.settings import Section, env, token_list

__all__ = ["CrmSettings"]


class CrmSettings(Section):
    """``agentcore crm`` and ``POST /chat``."""

    bitrix_webhook_url: SecretStr | None = Field(None, validation_alias=env("BITRIX_WEBHOOK_URL"))
    bitrix_domain: str | None = Field(None, validation_alias=env("BITRIX_DOMAIN"))
    bitrix_access_token: SecretStr | None = Field(None, validation_alias=env("BITRIX_ACCESS_TOKEN"))
    bitrix_refresh_token: SecretStr | None = Field(None, validation_alias=env("BITRIX_REFRESH_TOKEN"))
    bitrix_client_id: str | None = Field(None, validation_alias=env("BITRIX_CLIENT_ID"))
    bitrix_client_secret: SecretStr | None = Field(None, validation_alias=env("BITRIX_CLIENT_SECRET"))
    bitrix_oauth_url: str = Field("https://oauth.bitrix.info/oauth/token/", validation_alias=env("BITRIX_OAUTH_URL"))
    bitrix_timeout: float = Field(30.0, gt=0, validation_alias=env("BITRIX_TIMEOUT"))
    # QUERY_LIMIT_EXCEEDED: at most this many retries, none starting later than bitrix_retry_max_time seconds.
    bitrix_max_retries: int = Field(5, ge=0, validation_alias=env("BITRIX_MAX_RETRIES"))
    bitrix_retry_max_time: float = Field(30.0, gt=0, validation_alias=env("BITRIX_RETRY_MAX_TIME"))
    mode: Literal["shadow", "canary", "full"] = Field("canary", validation_alias=env("CRM_MODE"))
    # A /chat request's "mode" may only tighten the server's mode unless this is on (or the caller is an admin).
    allow_mode_override: bool = Field(False, validation_alias=env("CRM_ALLOW_MODE_OVERRIDE"))
    # The chat model for the CRM step on the OpenAI-compatible provider (the seed's GPT-5 Thinking).
    model: str = Field("gpt-5-thinking", validation_alias=env("CRM_MODEL"))
    # A confirmation request not decided within this many seconds is stale and can no longer be approved.
    confirmation_ttl: float = Field(900.0, gt=0, validation_alias=env("CRM_CONFIRMATION_TTL"))
    log_max_bytes: int = Field(5 * 1024 * 1024, ge=1, validation_alias=env("CRM_LOG_MAX_BYTES"))
    log_keep: int = Field(10, ge=0, validation_alias=env("CRM_LOG_KEEP"))
    # Sessions kept in Redis (AGENTCORE_REDIS_URL) expire after this many seconds without a turn.
    session_ttl: int = Field(30 * 24 * 3600, ge=60, validation_alias=env("CRM_SESSION_TTL"))
    # X-API-Key values accepted by POST /chat, comma-separated (seed name HTTP_API_TOKENS); empty = /chat refuses all.
    http_api_tokens: SecretStr | None = Field(None, validation_alias=env("HTTP_API_TOKENS"))
    # Which users each /chat key acts as: "<key>=<user>,<user>;<key>=*"; an unlisted key's sessions are its own.
    key_users: SecretStr | None = Field(None, validation_alias=env("CRM_KEY_USERS"))
    # Seconds one CRM turn (model and portal together) may take before it answers what it could not finish.
    turn_deadline: float = Field(20.0, gt=0, validation_alias=env("CRM_TURN_DEADLINE"))

    @property
    def api_token_list(self) -> list[str]:
        """The ``X-API-Key`` values ``POST /chat`` accepts (``HTTP_API_TOKENS``, comma-separated)."""
        return token_list(self.http_api_tokens)
