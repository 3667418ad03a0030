"""The Scrum assistant's section (seed 003): retries, clarifications, escalation webhook, the demo team."""

from __future__ import annotations

from pydantic import Field, SecretStr

from agentcore.settings import Section, env

__all__ = ["ScrumSettings"]


class ScrumSettings(Section):
    """``agentcore scrum`` and ``/scrum`` (the store's URL is the core's ``AGENTCORE_DATABASE_URL``)."""

    # Escalations (high/critical blockers) are logged; with this URL they are also POSTed as JSON.
    webhook_url: SecretStr | None = Field(None, validation_alias=env("SCRUM_WEBHOOK_URL"))
    # Whole re-asks after agent_process's own format repair (seed 4.B's retry); 0: at most 2 model calls a message.
    retry_count: int = Field(0, ge=0, le=2, validation_alias=env("SCRUM_RETRY_COUNT"))
    quality_retries: int = Field(2, ge=0, le=5, validation_alias=env("SCRUM_QUALITY_RETRIES"))  # seed 4
    max_clarifications: int = Field(3, ge=1, le=10, validation_alias=env("SCRUM_MAX_CLARIFICATIONS"))
    demo: bool = Field(True, validation_alias=env("SCRUM_DEMO"))  # seed the demo team into an empty store
    team: str = Field("demo", validation_alias=env("SCRUM_TEAM"))  # the CLI's default team
    # The Telegram bot (apps/scrum/telegram, docs/telegram.md): the token from BotFather (never logged), the Bot API
    # base URL (a local Bot API server, or a fake one in tests), the webhook's secret-token header value.
    telegram_bot_token: SecretStr | None = Field(None, validation_alias=env("TELEGRAM_BOT_TOKEN"))
    telegram_api_base: str = Field("https://api.telegram.org", validation_alias=env("TELEGRAM_API_BASE"))
    telegram_webhook_secret: SecretStr | None = Field(None, validation_alias=env("TELEGRAM_WEBHOOK_SECRET"))
    # How often the scheduler looks for due reminders/follow-ups/digests; its lease lasts three periods unrenewed.
    telegram_tick_seconds: float = Field(30.0, ge=0.2, le=3600, validation_alias=env("TELEGRAM_TICK_SECONDS"))
