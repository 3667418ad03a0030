"""dailies.drafts: the weak or superseded attempts a daily's dialogue went through (issue 19: nothing lost)

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("dailies") as batch:
        batch.add_column(sa.Column("drafts", sa.JSON(), nullable=False, server_default=sa.text("'[]'")))


def downgrade() -> None:
    with op.batch_alter_table("dailies") as batch:
        batch.drop_column("drafts")
