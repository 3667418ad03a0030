"""the bot's identity in its tables: tg_members and tg_teams keyed by (bot_id, …), tg_blockers.bot_id

Two bots sharing one database kept one row per backend member and per team between them: a user joining through
one bot dropped their binding in the other, one bot's group chat and schedule replaced the other's.  Existing rows
get ``bot_id`` 0 (they were written for a bot this migration cannot know); the first bot that starts afterwards
adopts them (``TelegramStore.adopt_legacy``).  Downgrading keeps one row per key only when a single bot's rows
are there.

Revision ID: tg0002
Revises: tg0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "tg0002"
down_revision = "tg0001"
branch_labels = None
depends_on = None

_LEGACY = sa.text("0")


def upgrade() -> None:
    for table, key in (("tg_members", "member_id"), ("tg_teams", "team_id")):
        with op.batch_alter_table(table) as batch:  # plain ALTERs on PostgreSQL (no lock on other tables)
            batch.add_column(sa.Column("bot_id", sa.BigInteger(), nullable=False, server_default=_LEGACY))
            batch.drop_constraint(f"pk_{table}", type_="primary")
            batch.create_primary_key(f"pk_{table}", ["bot_id", key])
    with op.batch_alter_table("tg_blockers") as batch:
        batch.add_column(sa.Column("bot_id", sa.BigInteger(), nullable=False, server_default=_LEGACY))
        batch.create_index("ix_tg_blockers_bot_id", ["bot_id"])


def downgrade() -> None:
    with op.batch_alter_table("tg_blockers") as batch:
        batch.drop_index("ix_tg_blockers_bot_id")
        batch.drop_column("bot_id")
    for table, key in (("tg_members", "member_id"), ("tg_teams", "team_id")):
        with op.batch_alter_table(table) as batch:  # plain ALTERs on PostgreSQL (no lock on other tables)
            batch.drop_constraint(f"pk_{table}", type_="primary")
            batch.drop_column("bot_id")
            batch.create_primary_key(f"pk_{table}", [key])
