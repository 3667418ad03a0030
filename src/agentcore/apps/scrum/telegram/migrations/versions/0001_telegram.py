"""the bot's tables: tg_members, tg_teams, tg_blockers, tg_jobs, tg_updates, tg_leases

Revision ID: tg0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "tg0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tg_members",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=True),
        sa.Column("timezone", sa.String(length=64), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name="fk_tg_members_member_id_members", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["team_id"], ["teams.id"], name="fk_tg_members_team_id_teams", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("member_id", name="pk_tg_members"),
    )
    op.create_index("ix_tg_members_team_id", "tg_members", ["team_id"])
    op.create_index("ix_tg_members_user_id", "tg_members", ["user_id"])
    op.create_table(
        "tg_teams",
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("lead_member_id", sa.Integer(), nullable=True),
        sa.Column("group_chat_id", sa.BigInteger(), nullable=True),
        sa.Column("group_thread_id", sa.Integer(), nullable=True),
        sa.Column("remind_time", sa.String(length=5), nullable=True),
        sa.Column("remind_days", sa.String(length=7), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(["team_id"], ["teams.id"], name="fk_tg_teams_team_id_teams", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(
            ["lead_member_id"], ["members.id"], name="fk_tg_teams_lead_member_id_members", ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("team_id", name="pk_tg_teams"),
    )
    op.create_table(
        "tg_blockers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("daily_id", sa.Integer(), nullable=False),
        sa.Column("task_id", sa.String(length=32), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("severity", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_on", sa.Date(), nullable=False),
        sa.Column("resolved_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["team_id"], ["teams.id"], name="fk_tg_blockers_team_id_teams", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name="fk_tg_blockers_member_id_members", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["daily_id"], ["dailies.id"], name="fk_tg_blockers_daily_id_dailies", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_tg_blockers"),
    )
    op.create_index("ix_tg_blockers_team_id", "tg_blockers", ["team_id"])
    op.create_index("ix_tg_blockers_member_id", "tg_blockers", ["member_id"])
    op.create_table(
        "tg_jobs",
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_tg_jobs"),
    )
    op.create_table(
        "tg_updates",
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_tg_updates"),
    )
    op.create_index("ix_tg_updates_created_at", "tg_updates", ["created_at"])
    op.create_table(
        "tg_leases",
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("holder", sa.String(length=100), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name="pk_tg_leases"),
    )


def downgrade() -> None:
    for table in ("tg_leases", "tg_updates", "tg_jobs", "tg_blockers", "tg_teams", "tg_members"):
        op.drop_table(table)
