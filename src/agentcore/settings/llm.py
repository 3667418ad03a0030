"""The ``llm`` section: which provider, its transport limits, GigaChat and OpenAI-compatible endpoints.

GigaChat and OpenAI variable names follow their official SDKs (``GIGACHAT_CREDENTIALS``, ``OPENAI_API_KEY``, ...).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator

from agentcore.settings._base import Section, env

__all__ = ["LLMSettings", "ProviderName", "StructuredMode"]

ProviderName = Literal["offline", "gigachat", "openai"]
StructuredMode = Literal["auto", "json_schema", "function", "prompted"]


class LLMSettings(Section):
    """The model provider every app uses (built by :mod:`agentcore.llm.factory`)."""

    provider: ProviderName = Field("offline", validation_alias=env("PROVIDER"))
    default_model: str = Field("GigaChat-2-Max", validation_alias=env("DEFAULT_MODEL"))
    default_embedding_model: str = Field("Embeddings", validation_alias=env("DEFAULT_EMBEDDING_MODEL"))

    # --- transport -------------------------------------------------------------------------------
    timeout: float = Field(30.0, gt=0, validation_alias=env("LLM_TIMEOUT"))
    max_retries: int = Field(3, ge=0, validation_alias=env("LLM_MAX_RETRIES"))
    # With AGENTCORE_REDIS_URL the rate limit is shared by every worker and host using that Redis.
    rate_limit_rps: float | None = Field(None, gt=0, validation_alias=env("LLM_RATE_LIMIT_RPS"))
    max_concurrency: int = Field(16, ge=1, validation_alias=env("LLM_MAX_CONCURRENCY"))
    embedding_batch_size: int = Field(32, ge=1, validation_alias=env("EMBEDDING_BATCH_SIZE"))
    structured_output_mode: StructuredMode = Field("auto", validation_alias=env("STRUCTURED_OUTPUT_MODE"))
    structured_output_retries: int = Field(2, ge=0, validation_alias=env("STRUCTURED_OUTPUT_RETRIES"))
    # Total seconds for one model call: attempts, backoff and queueing included. Below SERVICE_TIMEOUT (30 s), so a
    # service whose model hangs still answers its caller in time (RAG with the extractive answer).
    deadline: float = Field(25.0, gt=0, validation_alias=env("LLM_DEADLINE"))
    # Circuit breaker per provider: open after this many consecutive failures (0 = off) ...
    breaker_threshold: int = Field(5, ge=0, validation_alias=env("LLM_BREAKER_THRESHOLD"))
    # ... and let one probe call through after this many seconds.
    breaker_reset: float = Field(30.0, gt=0, validation_alias=env("LLM_BREAKER_RESET"))

    # --- GigaChat --------------------------------------------------------------------------------
    gigachat_credentials: SecretStr | None = Field(None, validation_alias=env("GIGACHAT_CREDENTIALS"))
    gigachat_access_token: SecretStr | None = Field(None, validation_alias=env("GIGACHAT_ACCESS_TOKEN"))
    gigachat_scope: str = Field("GIGACHAT_API_PERS", validation_alias=env("GIGACHAT_SCOPE"))
    gigachat_base_url: str = Field(
        "https://gigachat.devices.sberbank.ru/api/v1", validation_alias=env("GIGACHAT_BASE_URL")
    )
    gigachat_auth_url: str = Field(
        "https://ngw.devices.sberbank.ru:9443/api/v2/oauth", validation_alias=env("GIGACHAT_AUTH_URL")
    )
    gigachat_verify_ssl_certs: bool = Field(True, validation_alias=env("GIGACHAT_VERIFY_SSL_CERTS"))
    gigachat_ca_bundle_file: Path | None = Field(None, validation_alias=env("GIGACHAT_CA_BUNDLE_FILE"))
    gigachat_model: str | None = Field(None, validation_alias=env("GIGACHAT_MODEL"))

    # --- OpenAI-compatible -----------------------------------------------------------------------
    openai_api_key: SecretStr | None = Field(None, validation_alias=env("OPENAI_API_KEY"))
    openai_api_base: str = Field(
        "https://api.openai.com/v1", validation_alias=env("OPENAI_API_BASE", "OPENAI_BASE_URL")
    )
    openai_model: str | None = Field(None, validation_alias=env("OPENAI_MODEL"))
    openai_embedding_model: str | None = Field(None, validation_alias=env("OPENAI_EMBEDDING_MODEL"))

    @field_validator("openai_api_base", "gigachat_base_url", "gigachat_auth_url")
    @classmethod
    def _an_http_address(cls, value: str) -> str:
        """An address without its scheme («localhost:8000/v1») failed only at the first model call, with the HTTP
        client's «InvalidUrlClientError: /8000/chat/completions» (tryout 28 D8)."""
        from urllib.parse import urlsplit

        wanted = f"ожидается адрес вида http://хост:порт/… или https://…, получено «{value}»"
        try:
            parts = urlsplit(value.strip())
        except ValueError:  # «http://[::1»
            raise ValueError(wanted) from None
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(wanted)
        return value.strip()

    @property
    def chat_model(self) -> str:
        """The chat model the configured provider should use when a request names none."""
        if self.provider == "gigachat" and self.gigachat_model:
            return self.gigachat_model
        if self.provider == "openai" and self.openai_model:
            return self.openai_model
        return self.default_model

    @property
    def embedding_model(self) -> str:
        """The embedding model the configured provider should use when a request names none."""
        if self.provider == "openai" and self.openai_embedding_model:
            return self.openai_embedding_model
        return self.default_embedding_model
