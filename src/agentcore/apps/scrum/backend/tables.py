"""The Scrum backend's tables (SQLAlchemy 2 declarative).

``teams`` ← ``members`` (role DEV/QA) ← ``tasks`` (tracker tasks, optionally assigned), ``dailies`` (every accepted
daily with its parsed JSON), ``blocker_events`` (seed 8's ``blocker_event`` plus ``author_id`` and the daily it
came from), ``blocker_text_index`` (seed 8's proposal: one row per normalised blocker text per team — the
``existing_blockers`` set of repeat detection), ``daily_sessions`` (a member's open dialogue: pending clarifying
question, quality retries).

Timestamps are timezone-aware UTC on both SQLite and PostgreSQL (:class:`UTCDateTime`).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

ROLES = ("DEV", "QA")
STATUSES = ("todo", "in_progress", "in_review", "done")
PRIORITIES = ("low", "medium", "high", "critical")
SEVERITIES = ("low", "medium", "high", "critical")


def _in(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC ``datetime`` in, an aware UTC ``datetime`` out (SQLite keeps no zone: it is stored as UTC)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: Scrum timestamps must be timezone-aware")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Constraint names Alembic can refer to, for every declarative base of the Scrum app (the backend's, the bot's)."""


class Base(DeclarativeBase):
    """Declarative base with constraint names Alembic can refer to (:data:`NAMING_CONVENTION`)."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class Team(Base):
    """A Scrum team (``slug`` is its id in URLs and the CLI)."""

    __tablename__ = "teams"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    slug: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    sprint_name: Mapped[str | None] = mapped_column(String(200))
    sprint_start: Mapped[date | None] = mapped_column(Date)
    sprint_end: Mapped[date | None] = mapped_column(Date)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class Member(Base):
    """A team member with the role the backend gives every daily (seed 3.1)."""

    __tablename__ = "members"
    __table_args__ = (UniqueConstraint("team_id", "slug"), CheckConstraint(_in("role", ROLES), name="role"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id", ondelete="CASCADE"), index=True)
    slug: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class Task(Base):
    """A tracker task (``key`` like TASK-12); ``done_at`` is set when it becomes done."""

    __tablename__ = "tasks"
    __table_args__ = (
        UniqueConstraint("team_id", "key"),
        CheckConstraint(_in("status", STATUSES), name="status"),
        CheckConstraint(_in("priority", PRIORITIES), name="priority"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(500))
    status: Mapped[str] = mapped_column(String(16))
    priority: Mapped[str] = mapped_column(String(16))
    story_points: Mapped[int | None] = mapped_column(Integer)
    assignee_id: Mapped[int | None] = mapped_column(ForeignKey("members.id", ondelete="SET NULL"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class DailyReport(Base):
    """An accepted daily: the raw message(s) and seed 3.2's ``daily`` object."""

    __tablename__ = "dailies"
    __table_args__ = (Index("ix_dailies_team_created", "team_id", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id", ondelete="CASCADE"))
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    message: Mapped[str] = mapped_column(Text)
    daily: Mapped[dict[str, Any]] = mapped_column(JSON)
    quality: Mapped[str] = mapped_column(String(24))
    clarifications: Mapped[int] = mapped_column(Integer, default=0)
    quality_retries: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    drafts: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list, server_default=text("'[]'"))
    """The attempts before this daily: weak ones sent back with «Слишком общо…», pending ones a new daily
    superseded (``{"text", "why": "weak"|"superseded", "quality"?, "question"?, "at"}``)."""


class BlockerEvent(Base):
    """Seed 8's ``blocker_event`` with ``author_id`` and the daily it came from."""

    __tablename__ = "blocker_events"
    __table_args__ = (
        Index("ix_blocker_events_team_created", "team_id", "created_at"),
        CheckConstraint(_in("severity", SEVERITIES), name="severity"),
        CheckConstraint(_in("author_role", ROLES), name="author_role"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id", ondelete="CASCADE"))
    daily_id: Mapped[int] = mapped_column(ForeignKey("dailies.id", ondelete="CASCADE"), index=True)
    author_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), index=True)
    author_role: Mapped[str] = mapped_column(String(8))
    text: Mapped[str] = mapped_column(String(500))
    normalized_text: Mapped[str] = mapped_column(String(500))
    task_id: Mapped[str] = mapped_column(String(32))
    task_exists: Mapped[bool] = mapped_column(Boolean)
    severity: Mapped[str] = mapped_column(String(16))
    is_repeat: Mapped[bool] = mapped_column(Boolean)
    source: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    lifted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    """When its author marked the blocker lifted («снят»); a later report of the same blocker is a new event."""


class BlockerText(Base):
    """Seed 8's ``blocker_text_index``: the normalised texts seen in a team (repeat detection)."""

    __tablename__ = "blocker_text_index"

    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id", ondelete="CASCADE"), primary_key=True)
    normalized_text: Mapped[str] = mapped_column(String(500), primary_key=True)
    occurrences: Mapped[int] = mapped_column(Integer)
    first_seen_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime)


class DailySession(Base):
    """A member's daily dialogue in progress (seed 4): the pending question or the quality retries so far."""

    __tablename__ = "daily_sessions"

    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"), primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
