"""One settings object for the whole package.

Every value has the default the seeds give and can be overridden from the environment (or a ``.env`` file in
the working directory).  Each field is read from ``AGENTCORE_<NAME>`` and, where a seed or an official SDK names
the variable, from that name too (``EXIT_COMMANDS``, ``GIGACHAT_CREDENTIALS``, ``OPENAI_API_BASE``, ...).

Secrets are :class:`pydantic.SecretStr`: they print as ``**********`` and never reach logs or traces.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

ProviderName = Literal["offline", "gigachat", "openai"]
StructuredMode = Literal["auto", "json_schema", "function", "prompted"]


def _env(name: str, *aliases: str) -> Any:
    """Read a field from ``AGENTCORE_<NAME>`` first, then from the given seed/SDK names."""
    return AliasChoices(f"AGENTCORE_{name}", name, *aliases)


def _default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "agentcore"


CommandSet = Annotated[frozenset[str], NoDecode]


class Settings(BaseSettings):
    """All configuration of agentcore (see the class attributes for names and defaults)."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        populate_by_name=True,
        validate_default=True,
        validate_assignment=True,
    )

    # --- where things live ------------------------------------------------------------------------
    provider: ProviderName = Field("offline", validation_alias=_env("PROVIDER"))
    data_dir: Path = Field(default_factory=_default_data_dir, validation_alias=_env("DATA_DIR"))
    log_dir_override: Path | None = Field(None, validation_alias=_env("LOG_DIR"))
    log_level: str = Field("DEBUG", validation_alias=_env("LOG_LEVEL"))

    # --- seed 000, "Config" table ----------------------------------------------------------------
    # The seed's commands plus Russian words a user types without thinking (docs/decisions.md).
    exit_commands: CommandSet = Field(
        frozenset({"/exit", "/quit", "/q", "exit", "quit", "q", "выход", "пока", "стоп"}),
        validation_alias=_env("EXIT_COMMANDS"),
    )
    help_commands: CommandSet = Field(
        frozenset({"/help", "help", "?", "помощь", "справка"}), validation_alias=_env("HELP_COMMANDS")
    )
    default_model: str = Field("GigaChat-2-Max", validation_alias=_env("DEFAULT_MODEL"))
    default_embedding_model: str = Field("Embeddings", validation_alias=_env("DEFAULT_EMBEDDING_MODEL"))
    context_hist_limit: int = Field(10, ge=1, validation_alias=_env("CONTEXT_HIST_LIMIT"))
    param_question_maxlen: int = Field(30, ge=1, validation_alias=_env("PARAM_QUESTION_MAXLEN"))
    param_theme_maxlen: int = Field(20, ge=1, validation_alias=_env("PARAM_THEME_MAXLEN"))
    param_rag_top_k: int = Field(2, ge=1, validation_alias=_env("PARAM_RAG_TOP_K"))
    # "todo длина сообщения, усечение": a history message longer than this is cut (with an ellipsis).
    message_max_chars: int = Field(2000, ge=50, validation_alias=_env("MESSAGE_MAX_CHARS"))

    # --- LLM transport ---------------------------------------------------------------------------
    llm_timeout: float = Field(30.0, gt=0, validation_alias=_env("LLM_TIMEOUT"))
    llm_max_retries: int = Field(3, ge=0, validation_alias=_env("LLM_MAX_RETRIES"))
    llm_rate_limit_rps: float | None = Field(None, gt=0, validation_alias=_env("LLM_RATE_LIMIT_RPS"))
    llm_max_concurrency: int = Field(16, ge=1, validation_alias=_env("LLM_MAX_CONCURRENCY"))
    # With a Redis URL the rate limit is shared by every worker and host using that Redis.
    redis_url: str | None = Field(None, validation_alias=_env("REDIS_URL"))
    embedding_batch_size: int = Field(32, ge=1, validation_alias=_env("EMBEDDING_BATCH_SIZE"))
    structured_output_mode: StructuredMode = Field("auto", validation_alias=_env("STRUCTURED_OUTPUT_MODE"))
    structured_output_retries: int = Field(2, ge=0, validation_alias=_env("STRUCTURED_OUTPUT_RETRIES"))

    # --- GigaChat (names follow the official SDK) ------------------------------------------------
    gigachat_credentials: SecretStr | None = Field(None, validation_alias=_env("GIGACHAT_CREDENTIALS"))
    gigachat_access_token: SecretStr | None = Field(None, validation_alias=_env("GIGACHAT_ACCESS_TOKEN"))
    gigachat_scope: str = Field("GIGACHAT_API_PERS", validation_alias=_env("GIGACHAT_SCOPE"))
    gigachat_base_url: str = Field(
        "https://gigachat.devices.sberbank.ru/api/v1", validation_alias=_env("GIGACHAT_BASE_URL")
    )
    gigachat_auth_url: str = Field(
        "https://ngw.devices.sberbank.ru:9443/api/v2/oauth", validation_alias=_env("GIGACHAT_AUTH_URL")
    )
    gigachat_verify_ssl_certs: bool = Field(True, validation_alias=_env("GIGACHAT_VERIFY_SSL_CERTS"))
    gigachat_ca_bundle_file: Path | None = Field(None, validation_alias=_env("GIGACHAT_CA_BUNDLE_FILE"))
    gigachat_model: str | None = Field(None, validation_alias=_env("GIGACHAT_MODEL"))

    # --- OpenAI-compatible (names follow the official SDK) ---------------------------------------
    openai_api_key: SecretStr | None = Field(None, validation_alias=_env("OPENAI_API_KEY"))
    openai_api_base: str = Field(
        "https://api.openai.com/v1", validation_alias=_env("OPENAI_API_BASE", "OPENAI_BASE_URL")
    )
    openai_model: str | None = Field(None, validation_alias=_env("OPENAI_MODEL"))
    openai_embedding_model: str | None = Field(None, validation_alias=_env("OPENAI_EMBEDDING_MODEL"))

    # --- services (seed 000) ---------------------------------------------------------------------
    rag_service_url: str | None = Field(None, validation_alias=_env("RAG_SERVICE_URL"))
    haiku_service_url: str | None = Field(None, validation_alias=_env("HAIKU_SERVICE_URL"))
    service_timeout: float = Field(30.0, gt=0, validation_alias=_env("SERVICE_TIMEOUT"))

    # --- retrieval (seed 000 RAG service, seed 002 tools) ----------------------------------------
    rag_collection: str = Field("default", validation_alias=_env("RAG_COLLECTION"))
    rag_embedder: Literal["local", "provider", "none"] = Field("local", validation_alias=_env("RAG_EMBEDDER"))
    hybrid_top_bm25: int = Field(20, ge=1, validation_alias=_env("HYBRID_TOP_BM25"))
    hybrid_top_dense: int = Field(20, ge=1, validation_alias=_env("HYBRID_TOP_DENSE"))
    rrf_k: int = Field(60, ge=1, validation_alias=_env("RRF_K"))
    rag_max_top_k: int = Field(50, ge=1, validation_alias=_env("RAG_MAX_TOP_K"))
    rag_max_question_chars: int = Field(2000, ge=1, validation_alias=_env("RAG_MAX_QUESTION_CHARS"))
    qdrant_url: str | None = Field(None, validation_alias=_env("QDRANT_URL"))
    qdrant_api_key: SecretStr | None = Field(None, validation_alias=_env("QDRANT_API_KEY"))

    # --- research agent (seed 002) ---------------------------------------------------------------
    agent_max_steps: int = Field(15, ge=1, validation_alias=_env("AGENT_MAX_STEPS"))
    agent_default_steps: int = Field(8, ge=1, validation_alias=_env("AGENT_DEFAULT_STEPS"))
    agent_token_budget: int = Field(2000, ge=1, validation_alias=_env("AGENT_TOKEN_BUDGET"))
    agent_tool_timeout: float = Field(5.0, gt=0, validation_alias=_env("AGENT_TOOL_TIMEOUT"))
    coverage_threshold: float = Field(0.8, ge=0, le=1, validation_alias=_env("COVERAGE_THRESHOLD"))
    max_refinements: int = Field(1, ge=0, validation_alias=_env("MAX_REFINEMENTS"))
    enable_verify_step: bool = Field(True, validation_alias=_env("ENABLE_VERIFY_STEP"))

    # --- answers of the RAG service and the chat terminal (issue 11) ---------------------------------
    # Override of the calibrated "not found" threshold (agentcore.rag.ranking.answerability); None = calibrated.
    rag_min_confidence: float | None = Field(None, validation_alias=_env("RAG_MIN_CONFIDENCE"))
    # False: `agentcore chat` prints only answers (no step status lines); same as `agentcore chat --quiet`.
    chat_verbose: bool = Field(True, validation_alias=_env("CHAT_VERBOSE"))

    @field_validator("exit_commands", "help_commands", mode="before")
    @classmethod
    def _parse_command_set(cls, value: Any) -> Any:
        """Accept a JSON list, a Python-style set literal or a comma-separated string."""
        if isinstance(value, str):
            text = value.strip().strip("[]{}")
            items = [part.strip().strip("'\"") for part in text.split(",")]
            return frozenset(item.lower() for item in items if item)
        if isinstance(value, list | set | frozenset | tuple):
            return frozenset(str(item).strip().lower() for item in value if str(item).strip())
        return value

    @property
    def log_dir(self) -> Path:
        """Directory for log files and traces (``AGENTCORE_LOG_DIR`` or ``<data_dir>/logs``)."""
        return self.log_dir_override or self.data_dir / "logs"

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

    def secret_values(self) -> list[str]:
        """Every configured secret in plain text, for log/trace redaction."""
        secrets = [self.gigachat_credentials, self.gigachat_access_token, self.openai_api_key, self.qdrant_api_key]
        return [s.get_secret_value() for s in secrets if s is not None and s.get_secret_value()]


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once from the environment.

    Tests that change the environment call ``get_settings.cache_clear()`` (or pass a ``Settings`` explicitly).
    """
    return Settings()
