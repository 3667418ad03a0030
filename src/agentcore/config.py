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
    # Total tokens (prompt + completion) of every model call of one agent run; None: no run budget.
    agent_max_tokens: int | None = Field(100000, ge=1, validation_alias=_env("AGENT_MAX_TOKENS"))
    agent_tool_timeout: float = Field(5.0, gt=0, validation_alias=_env("AGENT_TOOL_TIMEOUT"))
    # Seconds one research run may take in all (collection check, steps, tools, QA fallback, the final check);
    # below the 30 s of the HTTP clients so that a slow run still answers (issue 18).
    agent_run_deadline: float = Field(27.0, gt=0, validation_alias=_env("AGENT_RUN_DEADLINE"))
    coverage_threshold: float = Field(0.8, ge=0, le=1, validation_alias=_env("COVERAGE_THRESHOLD"))
    max_refinements: int = Field(1, ge=0, validation_alias=_env("MAX_REFINEMENTS"))
    enable_verify_step: bool = Field(True, validation_alias=_env("ENABLE_VERIFY_STEP"))

    # --- HTTP surface (every route of `agentcore serve`) ------------------------------------------
    max_body_bytes: int = Field(1_048_576, ge=1024, validation_alias=_env("MAX_BODY_BYTES"))
    # Comma-separated tokens for routes that change shared state (switching collections, indexing). Unset: closed.
    admin_tokens: SecretStr | None = Field(None, validation_alias=_env("ADMIN_TOKENS"))

    # --- Bitrix24 CRM orchestrator (seed 004) ----------------------------------------------------
    # The portal: an inbound webhook (seed name BITRIX_WEBHOOK_URL) or an OAuth application (domain + tokens).
    # With neither, a local fake portal is started in-process.  Every one of these is a secret or holds one.
    bitrix_webhook_url: SecretStr | None = Field(None, validation_alias=_env("BITRIX_WEBHOOK_URL"))
    bitrix_domain: str | None = Field(None, validation_alias=_env("BITRIX_DOMAIN"))
    bitrix_access_token: SecretStr | None = Field(None, validation_alias=_env("BITRIX_ACCESS_TOKEN"))
    bitrix_refresh_token: SecretStr | None = Field(None, validation_alias=_env("BITRIX_REFRESH_TOKEN"))
    bitrix_client_id: str | None = Field(None, validation_alias=_env("BITRIX_CLIENT_ID"))
    bitrix_client_secret: SecretStr | None = Field(None, validation_alias=_env("BITRIX_CLIENT_SECRET"))
    bitrix_oauth_url: str = Field("https://oauth.bitrix.info/oauth/token/", validation_alias=_env("BITRIX_OAUTH_URL"))
    bitrix_timeout: float = Field(30.0, gt=0, validation_alias=_env("BITRIX_TIMEOUT"))
    # QUERY_LIMIT_EXCEEDED: at most this many retries, none starting later than bitrix_retry_max_time seconds.
    bitrix_max_retries: int = Field(5, ge=0, validation_alias=_env("BITRIX_MAX_RETRIES"))
    bitrix_retry_max_time: float = Field(30.0, gt=0, validation_alias=_env("BITRIX_RETRY_MAX_TIME"))
    crm_mode: Literal["shadow", "canary", "full"] = Field("canary", validation_alias=_env("CRM_MODE"))
    # The chat model for the CRM step on the OpenAI-compatible provider (the seed's GPT-5 Thinking).
    crm_model: str = Field("gpt-5-thinking", validation_alias=_env("CRM_MODEL"))
    # A confirmation request not decided within this many seconds is stale and can no longer be approved.
    crm_confirmation_ttl: float = Field(900.0, gt=0, validation_alias=_env("CRM_CONFIRMATION_TTL"))
    crm_log_max_bytes: int = Field(5 * 1024 * 1024, ge=1, validation_alias=_env("CRM_LOG_MAX_BYTES"))
    crm_log_keep: int = Field(10, ge=0, validation_alias=_env("CRM_LOG_KEEP"))
    # Sessions kept in Redis (AGENTCORE_REDIS_URL) expire after this many seconds without a turn.
    crm_session_ttl: int = Field(30 * 24 * 3600, ge=60, validation_alias=_env("CRM_SESSION_TTL"))
    # X-API-Key values accepted by POST /chat, comma-separated (seed name HTTP_API_TOKENS); empty = /chat refuses all.
    http_api_tokens: SecretStr | None = Field(None, validation_alias=_env("HTTP_API_TOKENS"))
    # Which users each /chat key acts as: "<key>=<user>,<user>;<key>=*"; an unlisted key's sessions are its own.
    crm_key_users: SecretStr | None = Field(None, validation_alias=_env("CRM_KEY_USERS"))
    # Seconds one CRM turn (model and portal together) may take before it answers what it could not finish.
    crm_turn_deadline: float = Field(20.0, gt=0, validation_alias=_env("CRM_TURN_DEADLINE"))
    # --- research agent beyond seed 002: honest answers, cache of identical requests --------------
    # An answer whose citation coverage is below COVERAGE_THRESHOLD and whose verify confidence is below this is
    # replaced by "the knowledge base does not answer" plus the closest sources.
    verify_min_confidence: float = Field(0.5, ge=0, le=1, validation_alias=_env("VERIFY_MIN_CONFIDENCE"))
    # Identical research requests (question, collection version, step limit) within this many seconds are served
    # from memory; 0 disables the cache.
    research_cache_ttl: float = Field(300.0, ge=0, validation_alias=_env("RESEARCH_CACHE_TTL"))
    research_cache_size: int = Field(256, ge=1, validation_alias=_env("RESEARCH_CACHE_SIZE"))

    # --- Scrum assistant (seed 003) --------------------------------------------------------------
    # Stored data (teams, tasks, dailies, blocker history): SQLite under the data dir unless a URL is given
    # (``postgresql+psycopg://user:pass@host/db``); the URL may hold a password, so it is a secret.
    database_url: SecretStr | None = Field(None, validation_alias=_env("DATABASE_URL"))
    # Escalations (high/critical blockers) are logged; with this URL they are also POSTed as JSON.
    scrum_webhook_url: SecretStr | None = Field(None, validation_alias=_env("SCRUM_WEBHOOK_URL"))
    # Whole re-asks after agent_process's own format repair (seed 4.B's retry); 0: at most 2 model calls a message.
    scrum_retry_count: int = Field(0, ge=0, le=2, validation_alias=_env("SCRUM_RETRY_COUNT"))
    scrum_quality_retries: int = Field(2, ge=0, le=5, validation_alias=_env("SCRUM_QUALITY_RETRIES"))  # seed 4
    scrum_max_clarifications: int = Field(3, ge=1, le=10, validation_alias=_env("SCRUM_MAX_CLARIFICATIONS"))
    scrum_demo: bool = Field(True, validation_alias=_env("SCRUM_DEMO"))  # seed the demo team into an empty store
    scrum_team: str = Field("demo", validation_alias=_env("SCRUM_TEAM"))  # the CLI's default team

    # --- provider faults and read access (issue 12) -----------------------------------------------
    # Total seconds for one model call: attempts, backoff and queueing included. Below SERVICE_TIMEOUT (30 s), so a
    # service whose model hangs still answers its caller in time (RAG with the extractive answer).
    llm_deadline: float = Field(25.0, gt=0, validation_alias=_env("LLM_DEADLINE"))
    # Circuit breaker per provider: open after this many consecutive failures (0 = off) ...
    llm_breaker_threshold: int = Field(5, ge=0, validation_alias=_env("LLM_BREAKER_THRESHOLD"))
    # ... and let one probe call through after this many seconds.
    llm_breaker_reset: float = Field(30.0, gt=0, validation_alias=_env("LLM_BREAKER_RESET"))
    # Comma-separated tokens for read routes (search, generation, listings). Unset: read routes are open.
    read_tokens: SecretStr | None = Field(None, validation_alias=_env("READ_TOKENS"))

    # --- answers of the RAG service and the chat terminal (issue 11) ---------------------------------
    # Override of the calibrated "not found" threshold (agentcore.rag.ranking.answerability); None = calibrated.
    rag_min_confidence: float | None = Field(None, validation_alias=_env("RAG_MIN_CONFIDENCE"))
    # Fix layout slips and typos, add English and formal terms to queries before search (agentcore.rag.query_repair).
    rag_query_repair: bool = Field(True, validation_alias=_env("RAG_QUERY_REPAIR"))
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

    @property
    def admin_token_list(self) -> list[str]:
        """The admin tokens (``AGENTCORE_ADMIN_TOKENS``, comma-separated), empty when unset."""
        return _token_list(self.admin_tokens)

    @property
    def read_token_list(self) -> list[str]:
        """The read tokens (``AGENTCORE_READ_TOKENS``, comma-separated), empty when unset (read routes open)."""
        return _token_list(self.read_tokens)

    def secret_values(self) -> list[str]:
        """Every configured secret in plain text, for log/trace redaction."""
        secrets = [
            self.gigachat_credentials,
            self.gigachat_access_token,
            self.openai_api_key,
            self.qdrant_api_key,
            self.bitrix_webhook_url,
            self.bitrix_access_token,
            self.bitrix_refresh_token,
            self.bitrix_client_secret,
            self.database_url,
            self.scrum_webhook_url,
        ]
        values = [s.get_secret_value() for s in secrets if s is not None and s.get_secret_value()]
        return values + self.admin_token_list + self.read_token_list + self.api_token_list

    @property
    def api_token_list(self) -> list[str]:
        """The ``X-API-Key`` values ``POST /chat`` accepts (``HTTP_API_TOKENS``, comma-separated)."""
        return _token_list(self.http_api_tokens)


def _token_list(value: SecretStr | None) -> list[str]:
    if value is None:
        return []
    return [t.strip() for t in value.get_secret_value().split(",") if t.strip()]


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once from the environment.

    Tests that change the environment call ``get_settings.cache_clear()`` (or pass a ``Settings`` explicitly).
    """
    return Settings()
