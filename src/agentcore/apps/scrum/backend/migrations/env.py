"""Alembic environment: runs on the connection :func:`agentcore.apps.scrum.backend.db.migrate` hands over.

For a new revision during development::

    .venv/bin/python -c "from agentcore.apps.scrum.backend.db import make_revision; make_revision('message')"
"""

from __future__ import annotations

from agentcore.apps.scrum.backend.db import SCHEMA
from agentcore.apps.scrum.backend.tables import Base

SCHEMA.run_env(Base.metadata)
