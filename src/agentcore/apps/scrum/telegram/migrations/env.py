"""Alembic environment of the bot's tables: runs on the connection :func:`agentcore.apps.scrum.telegram.db.migrate`
hands over (its own version table)."""

from __future__ import annotations

from agentcore.apps.scrum.telegram.db import SCHEMA
from agentcore.apps.scrum.telegram.tables import Base

SCHEMA.run_env(Base.metadata)
