"""The research agent's section (seed 002): step limits, coverage and verification, honest answers, the cache."""

from __future__ import annotations

from pydantic import Field

from agentcore.settings import Section, env

__all__ = ["ResearchSettings"]


class ResearchSettings(Section):
    """``agentcore ask``, ``POST /research`` and the ``research`` model of ``/v1``."""

    agent_max_steps: int = Field(15, ge=1, validation_alias=env("AGENT_MAX_STEPS"))
    agent_default_steps: int = Field(8, ge=1, validation_alias=env("AGENT_DEFAULT_STEPS"))
    agent_token_budget: int = Field(2000, ge=1, validation_alias=env("AGENT_TOKEN_BUDGET"))
    # Total tokens (prompt + completion) of every model call of one run; None: no run budget (issue 18).
    agent_max_tokens: int | None = Field(100000, ge=1, validation_alias=env("AGENT_MAX_TOKENS"))
    agent_tool_timeout: float = Field(5.0, gt=0, validation_alias=env("AGENT_TOOL_TIMEOUT"))
    # Seconds one run may take in all: collection check, steps, tools, QA fallback, the final check (issue 18).
    agent_run_deadline: float = Field(27.0, gt=0, validation_alias=env("AGENT_RUN_DEADLINE"))
    coverage_threshold: float = Field(0.8, ge=0, le=1, validation_alias=env("COVERAGE_THRESHOLD"))
    max_refinements: int = Field(1, ge=0, validation_alias=env("MAX_REFINEMENTS"))
    enable_verify_step: bool = Field(True, validation_alias=env("ENABLE_VERIFY_STEP"))
    # No longer decides whether an answer stands (issue 18: the claim check does — only supported claims are shown,
    # «no answer» only when none is); kept so that configurations setting VERIFY_MIN_CONFIDENCE still load.
    verify_min_confidence: float = Field(0.5, ge=0, le=1, validation_alias=env("VERIFY_MIN_CONFIDENCE"))
    # Identical research requests (question, collection version, step limit) within this many seconds are served
    # from memory; 0 disables the cache.
    cache_ttl: float = Field(300.0, ge=0, validation_alias=env("RESEARCH_CACHE_TTL"))
    cache_size: int = Field(256, ge=1, validation_alias=env("RESEARCH_CACHE_SIZE"))

    @property
    def default_steps(self) -> int:
        """The step limit of a run that names none: ``AGENT_DEFAULT_STEPS`` held to ``AGENT_MAX_STEPS`` (the
        upper bound a request is held to binds the default too — a default above it would run past the bound)."""
        return min(self.agent_default_steps, self.agent_max_steps)
