"""Alembic environment: runs on the connection :func:`agentcore.apps.scrum.backend.db.migrate` hands over.

For a new revision during development::

    .venv/bin/python -c "from agentcore.apps.scrum.backend.db import make_revision; make_revision('message')"
"""

from __future__ import annotations

from alembic import context

from agentcore.apps.scrum.backend.db import VERSION_TABLE
from agentcore.apps.scrum.backend.tables import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("the Scrum migrations run through agentcore.apps.scrum.backend.db.migrate(engine)")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    version_table=VERSION_TABLE,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
