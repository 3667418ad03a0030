"""Alembic environment of the bot's tables: runs on the connection
:func:`agentcore.apps.scrum.telegram.db.migrate` hands over (its own version table)."""

from __future__ import annotations

from alembic import context

from agentcore.apps.scrum.telegram.db import VERSION_TABLE
from agentcore.apps.scrum.telegram.tables import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("the bot's migrations run through agentcore.apps.scrum.telegram.db.migrate(engine)")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    version_table=VERSION_TABLE,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
