"""initial schema: teams, members, tasks, dailies, blocker_events, blocker_text_index, daily_sessions

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "teams",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("sprint_name", sa.String(length=200), nullable=True),
        sa.Column("sprint_start", sa.Date(), nullable=True),
        sa.Column("sprint_end", sa.Date(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_teams"),
        sa.UniqueConstraint("slug", name="uq_teams_slug"),
    )
    op.create_table(
        "blocker_text_index",
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("normalized_text", sa.String(length=500), nullable=False),
        sa.Column("occurrences", sa.Integer(), nullable=False),
        sa.Column("first_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["team_id"], ["teams.id"], name="fk_blocker_text_index_team_id_teams", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("team_id", "normalized_text", name="pk_blocker_text_index"),
    )
    op.create_table(
        "members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("role", sa.String(length=8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("role IN ('DEV', 'QA')", name="ck_members_role"),
        sa.ForeignKeyConstraint(["team_id"], ["teams.id"], name="fk_members_team_id_teams", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_members"),
        sa.UniqueConstraint("team_id", "slug", name="uq_members_team_id"),
    )
    op.create_index("ix_members_team_id", "members", ["team_id"])
    op.create_table(
        "dailies",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("daily", sa.JSON(), nullable=False),
        sa.Column("quality", sa.String(length=24), nullable=False),
        sa.Column("clarifications", sa.Integer(), nullable=False),
        sa.Column("quality_retries", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], name="fk_dailies_member_id_members", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["team_id"], ["teams.id"], name="fk_dailies_team_id_teams", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_dailies"),
    )
    op.create_index("ix_dailies_member_id", "dailies", ["member_id"])
    op.create_index("ix_dailies_team_created", "dailies", ["team_id", "created_at"])
    op.create_table(
        "daily_sessions",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name="fk_daily_sessions_member_id_members", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("member_id", name="pk_daily_sessions"),
    )
    op.create_table(
        "tasks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=32), nullable=False),
        sa.Column("title", sa.String(length=500), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("priority", sa.String(length=16), nullable=False),
        sa.Column("story_points", sa.Integer(), nullable=True),
        sa.Column("assignee_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("priority IN ('low', 'medium', 'high', 'critical')", name="ck_tasks_priority"),
        sa.CheckConstraint("status IN ('todo', 'in_progress', 'in_review', 'done')", name="ck_tasks_status"),
        sa.ForeignKeyConstraint(
            ["assignee_id"], ["members.id"], name="fk_tasks_assignee_id_members", ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(["team_id"], ["teams.id"], name="fk_tasks_team_id_teams", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_tasks"),
        sa.UniqueConstraint("team_id", "key", name="uq_tasks_team_id"),
    )
    op.create_index("ix_tasks_assignee_id", "tasks", ["assignee_id"])
    op.create_index("ix_tasks_team_id", "tasks", ["team_id"])
    op.create_table(
        "blocker_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("daily_id", sa.Integer(), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=False),
        sa.Column("author_role", sa.String(length=8), nullable=False),
        sa.Column("text", sa.String(length=500), nullable=False),
        sa.Column("normalized_text", sa.String(length=500), nullable=False),
        sa.Column("task_id", sa.String(length=32), nullable=False),
        sa.Column("task_exists", sa.Boolean(), nullable=False),
        sa.Column("severity", sa.String(length=16), nullable=False),
        sa.Column("is_repeat", sa.Boolean(), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("author_role IN ('DEV', 'QA')", name="ck_blocker_events_author_role"),
        sa.CheckConstraint("severity IN ('low', 'medium', 'high', 'critical')", name="ck_blocker_events_severity"),
        sa.ForeignKeyConstraint(
            ["author_id"], ["members.id"], name="fk_blocker_events_author_id_members", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["daily_id"], ["dailies.id"], name="fk_blocker_events_daily_id_dailies", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["team_id"], ["teams.id"], name="fk_blocker_events_team_id_teams", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_blocker_events"),
    )
    op.create_index("ix_blocker_events_author_id", "blocker_events", ["author_id"])
    op.create_index("ix_blocker_events_daily_id", "blocker_events", ["daily_id"])
    op.create_index("ix_blocker_events_team_created", "blocker_events", ["team_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_blocker_events_team_created", table_name="blocker_events")
    op.drop_index("ix_blocker_events_daily_id", table_name="blocker_events")
    op.drop_index("ix_blocker_events_author_id", table_name="blocker_events")
    op.drop_table("blocker_events")
    op.drop_index("ix_tasks_team_id", table_name="tasks")
    op.drop_index("ix_tasks_assignee_id", table_name="tasks")
    op.drop_table("tasks")
    op.drop_table("daily_sessions")
    op.drop_index("ix_dailies_team_created", table_name="dailies")
    op.drop_index("ix_dailies_member_id", table_name="dailies")
    op.drop_table("dailies")
    op.drop_index("ix_members_team_id", table_name="members")
    op.drop_table("members")
    op.drop_table("blocker_text_index")
    op.drop_table("teams")
