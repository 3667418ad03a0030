"""A blocker's severity levels (seed 003 section 8), in one light module the backend's reports import without
loading the blocker rules."""

from __future__ import annotations

SEVERITY_LEVELS = ("low", "medium", "high", "critical")
"""Least to most severe; ``SEVERITY_LEVELS.index`` orders blockers."""

ESCALATED_SEVERITIES = frozenset({"high", "critical"})
"""The severities that become an ``escalation_payload``."""
