"""The one way an app builds its LLM gateway from the root settings (:func:`agentcore.appkit.gateway.gateway_for`)."""

from __future__ import annotations

import pytest

from agentcore.appkit.gateway import gateway_for
from agentcore.config import Settings
from agentcore.llm.errors import LLMConfigError
from agentcore.settings import CoreSettings, LLMSettings


def test_the_llm_section_and_the_shared_rate_limit_of_the_settings() -> None:
    settings = Settings(
        llm=LLMSettings(provider="offline", rate_limit_rps=4, timeout=7),
        core=CoreSettings(redis_url="redis://localhost:1/0", redis_prefix="tenant-a:"),
    )
    gateway = gateway_for(settings)
    assert gateway.provider.name == "offline" and gateway.timeout == 7
    limiter = gateway._limiter  # type: ignore[attr-defined]
    assert limiter.key == "tenant-a:ratelimit:llm:offline" and limiter.interval_us == 250_000


def test_no_redis_no_shared_limit() -> None:
    gateway = gateway_for(Settings(llm=LLMSettings(provider="offline", rate_limit_rps=4)))
    assert gateway._limiter is None  # type: ignore[attr-defined]  # a local one is made on first use


def test_a_provider_without_credentials_is_a_config_error() -> None:
    with pytest.raises(LLMConfigError):
        gateway_for(Settings(llm=LLMSettings(provider="gigachat", gigachat_credentials=None)))
