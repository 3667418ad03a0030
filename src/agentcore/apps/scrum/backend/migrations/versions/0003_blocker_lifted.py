"""blocker_events.lifted_at: a blocker its author marked lifted («снят» in the Telegram bot) stops being open
everywhere — the dashboard, TEAM_RISKS, the digest, the answers and the follow-ups read one rule

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("blocker_events") as batch:
        batch.add_column(sa.Column("lifted_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("blocker_events") as batch:
        batch.drop_column("lifted_at")
